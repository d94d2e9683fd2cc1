/// <reference lib="webworker" />
/**
 * The workbench's worker: exact computations that take seconds (the Tichu table-level bomb count,
 * ~2 s; the trainer's Liar's Dice equilibrium, 1–3 s) run here, so the page stays responsive.
 * Bundled into the page's script as text (src/report/bundle.ts) and started from a Blob.
 */
import { odds, tableBombOf } from '../games/tichu/questions.js';
import type { TichuRules } from '../games/tichu/rules.js';
import { LiarsGrader } from '../games/liars-dice/exact-grade.js';
import type { Variant } from '../games/liars-dice/exact-cfr.js';

export type WorkerRequest =
  | { id: number; job: 'tichuTable'; rules: TichuRules }
  | { id: number; job: 'liarsEquilibrium'; variant: Variant; sides: number };

async function run(r: WorkerRequest): Promise<unknown> {
  if (r.job === 'tichuTable') {
    // the question `oddsmith tichu odds` asks, with its table-level lines
    const { table } = await odds.answer({ rules: r.rules, atTable: true }, { workers: 1 });
    const bomb = tableBombOf(table!.anyBomb);
    if (!bomb) throw new Error(`the any-bomb count is not computed for minStraightFlush ${r.rules.minStraightFlush} (above 8 it takes minutes)`);
    return { four: table!.fourOfAKind, bomb };
  }
  if (r.job === 'liarsEquilibrium') {
    // the solve `liars grade` does: the page rebuilds the grader from the average strategy
    const g = LiarsGrader.solve({ variant: r.variant, dice: [1, 1], sides: r.sides });
    return { avg: g.solver.avg, iterations: g.iterations, exploitability: g.exploitability };
  }
  throw new Error(`unknown job ${String((r as { job: unknown }).job)}`);
}

addEventListener('message', async (e: MessageEvent<WorkerRequest>) => {
  const { id } = e.data;
  try {
    const t0 = performance.now();
    const result = await run(e.data);
    postMessage({ id, result, ms: performance.now() - t0 });
  } catch (err) {
    postMessage({ id, error: (err as Error).message });
  }
});

/// <reference lib="webworker" />
/**
 * The workbench's worker: exact computations that take seconds (the Tichu table-level bomb count,
 * ~2 s) run here, so the page stays responsive. Bundled into the page's script as text
 * (src/report/bundle.ts) and started from a Blob.
 */
import { odds, tableBombOf } from '../games/tichu/questions.js';
import type { TichuRules } from '../games/tichu/rules.js';

export type WorkerRequest = { id: number; job: 'tichuTable'; rules: TichuRules };

addEventListener('message', async (e: MessageEvent<WorkerRequest>) => {
  const { id, job } = e.data;
  try {
    if (job !== 'tichuTable') throw new Error(`unknown job ${String(job)}`);
    const t0 = performance.now();
    // the question `oddsmith tichu odds` asks, with its table-level lines
    const { table } = await odds.answer({ rules: e.data.rules, atTable: true }, { workers: 1 });
    const bomb = tableBombOf(table!.anyBomb);
    if (!bomb) throw new Error(`the any-bomb count is not computed for minStraightFlush ${e.data.rules.minStraightFlush} (above 8 it takes minutes)`);
    const result = { four: table!.fourOfAKind, bomb };
    postMessage({ id, result, ms: performance.now() - t0 });
  } catch (err) {
    postMessage({ id, error: (err as Error).message });
  }
});

import { meanEstimate, proportion, type MeanEstimate, type Proportion } from '../../../core/stats.js';
import type { Kernel } from '../../../parallel/kernel.js';
import { loadRules } from './rules.js';
import { registerKernels } from '../../../parallel/registry.js';
import { fmtNum, fmtPct, fmtPctCi, type Row } from '../../../core/format.js';
import { OPTIMAL } from './strategy.js';
import { TurnAnalysis } from './exact.js';
import { outcomeCounts, playTurns, scoreMoments, simTablesFor, type TurnSimParams } from './engine.js';

// the engine's names, as this module exported them before the engine had its own file (library users, tests)
export { ROLL, turnLayout, buildSimTables, ACC, accLength, playTurns, outcomeCounts, scoreMoments, simTablesFor, type TurnLayout, type TurnSimParams, type TurnSimTables } from './engine.js';

export interface TurnSimResult {
  rules: string;
  policy: string;
  turns: number;
  /** mean final turn score (an instant win counts as turn total + its value) */
  mean: number;
  se: number;
  ci95: [number, number];
  sd: number;
  bust: Proportion;
  instantWin: Proportion;
  rollsPerTurn: number;
  /** probability of each betting card's band, with Wilson intervals */
  bands: { card: string; name: string; range: string; probability: number; se: number; ci95: [number, number] }[];
}

export const turnKernel: Kernel<TurnSimParams, TurnSimResult> = {
  name: 'wulong.turn',
  progress: { label: 'Wulong turns', unit: 'turns' },
  sample: () => ({ params: { rules: loadRules(), policy: OPTIMAL }, count: 20_000 }),
  run(params, rng, count) {
    const T = simTablesFor(params);
    const acc = new Float64Array(T.layout.length);
    playTurns(T, rng, count, acc);
    return acc;
  },
  summarize(params, acc) {
    const T = simTablesFor(params);
    const { n, sum, sumSq } = scoreMoments(T, acc);
    const m: MeanEstimate = meanEstimate(n, sum, sumSq);
    const bands = params.rules.bettingCards.map((c) => {
      let k = 0;
      for (let i = Math.ceil(c.min / T.unit); i < T.bins && (c.max === null || i * T.unit <= c.max); i++) k += acc[T.layout.offset.final + i];
      const p = proportion(k, n);
      return { card: c.id, name: c.name, range: c.max === null ? `${c.min}+` : c.min === c.max ? `${c.min}` : `${c.min}-${c.max}`, probability: p.p, se: p.se, ci95: p.ci95 };
    });
    return {
      rules: params.rules.name,
      policy: params.policy.name,
      turns: n,
      mean: m.mean,
      se: m.se,
      ci95: m.ci95,
      sd: m.sd,
      bust: proportion(outcomeCounts(T, acc).busts, n),
      instantWin: proportion(outcomeCounts(T, acc).instantWins, n),
      rollsPerTurn: acc[T.layout.offset.rolls] / n,
      bands,
    };
  },
  format(r) {
    const lines = [
      `${r.policy} on ${r.rules}: ${r.turns} turns`,
      `mean final score ${r.mean.toFixed(1)} ± ${r.se.toFixed(1)} (SE), 95% CI [${r.ci95[0].toFixed(1)}, ${r.ci95[1].toFixed(1)}]`,
      `bust ${fmtPct(r.bust.p, 3)}  instant win ${fmtPct(r.instantWin.p, 4)}  rolls/turn ${r.rollsPerTurn.toFixed(3)}`,
      'bands:',
      ...r.bands.map((b) => `  ${b.name.padEnd(22)} ${b.range.padStart(11)}  ${fmtPct(b.probability, 3)}  ${fmtPctCi(b.ci95, 3)}`),
    ];
    return lines.join('\n');
  },
  // what `wulong simulate` prints, and `oddsmith merge` of its parts; extra: whether --exact was asked
  finish(params, acc, count, run, extra) {
    const r = turnKernel.summarize(params, acc, count);
    const exact = (extra as { exact?: boolean } | null)?.exact ? new TurnAnalysis(params.rules, params.policy).solveResult().expectedTurnScore : undefined;
    const result = { ...r, seconds: run.seconds, turnsPerSecond: run.perSecond, workers: run.workers, seed: run.seed, shardCount: run.shardCount, ...(exact !== undefined ? { exactMean: exact, zScore: (r.mean - exact) / r.se } : {}) };
    const text = () =>
      turnKernel.format!(r, params) +
      `\n${fmtNum(run.perSecond, 0)} turns/s (${run.workers} worker${run.workers > 1 ? 's' : ''}, ${fmtNum(run.seconds, 2)} s)` +
      (exact !== undefined ? `\nexact mean ${fmtNum(exact, 2)}: estimate is ${fmtNum((r.mean - exact) / r.se, 2)} SE away` : '');
    const csv = () => r.bands.map((b) => ({ ...b, ci95: undefined, ciLow: b.ci95[0], ciHigh: b.ci95[1] }) as unknown as Row);
    return { result, text, csv };
  },
};

/** The turn analyzer's kernels (importing this module registers them). */
export const kernels: readonly Kernel<never, unknown>[] = [turnKernel as Kernel<never, unknown>];
registerKernels(import.meta.url, kernels);

/**
 * Sichuan mahjong's paired ladder finding: the rung's player's gain over greedy — the rung in one
 * seat among three greedy players against greedy in that seat, on the same wall and the same dice
 * (the measurement of `mahjong compare`, its PairedDeal, on the ladder's deals, with the rung in
 * every seat).
 */
import { UserError } from '../../core/errors.js';
import { Rng } from '../../core/rng.js';
import { runExperiment } from '../../parallel/pool.js';
import { getStrategy } from './strategies/index.js';
import { pairedKernel, type PairedSummary } from './kernels.js';
import { PairedDeal } from './paired-deal.js';
import type { SichuanRules } from './rules.js';
import type { LadderPaired, PairedMeasure } from '../../play/ladder-paired.js';

const BASELINE = 'greedy';

function measurer(rules: SichuanRules, spec: string): PairedMeasure | null {
  let strategy;
  try {
    strategy = getStrategy(spec);
  } catch (e) {
    // the generic players (uniform, ismcts) are not engine strategies
    if (e instanceof UserError) return null;
    throw e;
  }
  const greedy = getStrategy(BASELINE);
  const rng = new Rng(1), afterWall = new Int32Array(4);
  const deal = new PairedDeal(rules, strategy, greedy, rng);
  return (seed, out) => {
    rng.s.set(new Rng(seed).s);
    deal.shuffleWall();
    // every play goes on from the same stream: the same dice
    afterWall.set(rng.s);
    deal.playBaseline(0);
    let d = 0;
    for (let r = 0; r < 4; r++) {
      rng.s.set(afterWall);
      d += deal.playWithStrategy(r) - deal.baseline.score[PairedDeal.seatOf(r)];
    }
    out[0] = d / 4;
    out[1] = 1;
  };
}

export const paired: LadderPaired<SichuanRules> = {
  findings: [{ name: 'gain over greedy', kind: 'value', about: "points a deal: the rung in one seat among three greedy, minus greedy's in that seat (same wall, every seat)", unit: 'points a deal' }],
  measurer,
};

/**
 * A strategy's gain over a baseline on common walls (the measurement of `mahjong compare`), as a
 * function: the ladder's "advisor's / defender's gain" per rung. Bit-identical for any worker count.
 */
export async function strategyGain(rules: SichuanRules, strategy: string, baseline: string, deals: number, seed: number, workers = 1): Promise<PairedSummary> {
  const params = { rules, strategy, baseline };
  const acc = await runExperiment({ kernel: pairedKernel.name, params, seed, total: deals, shardCount: 16 }, { workers });
  return pairedKernel.summarize(params, acc, deals);
}

/**
 * Sichuan mahjong's paired ladder finding: the rung's player's gain over greedy — the rung in one
 * seat among three greedy players against greedy in that seat, on the same wall and the same dice
 * (the measurement of `mahjong compare`, on the ladder's deals, with the rung in every seat).
 */
import { UserError } from '../../core/errors.js';
import { Rng } from '../../core/rng.js';
import { getStrategy } from '../../../strategies/sichuan-mahjong/index.js';
import { Deal, DEAL } from './engine.js';
import type { SichuanRules } from './rules.js';
import type { LadderPaired, PairedMeasure } from '../types.js';

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
  const rng = new Rng(1), start = new Int32Array(4);
  const withRung = new Deal(rules, [strategy, greedy, greedy, greedy], rng);
  const baseline = new Deal(rules, [greedy, greedy, greedy, greedy], rng);
  const scratch = new Float64Array(DEAL.length);
  return (seed, out) => {
    start.set(new Rng(seed).s);
    // every play starts from the same stream: the same wall and the same dice
    rng.s.set(start);
    baseline.play(scratch, 0);
    let d = 0;
    for (let r = 0; r < 4; r++) {
      // rotation r puts the rung's slot (0) in seat (4 − r) mod 4
      const seat = (4 - r) & 3;
      rng.s.set(start);
      withRung.play(scratch, r);
      d += withRung.score[seat] - baseline.score[seat];
    }
    out[0] = d / 4;
    out[1] = 1;
  };
}

export const paired: LadderPaired = {
  findings: [{ name: 'gain over greedy', kind: 'value', about: "points a deal: the rung in one seat among three greedy, minus greedy's in that seat (same wall, every seat)", unit: 'points a deal' }],
  measurer: measurer as LadderPaired['measurer'],
};

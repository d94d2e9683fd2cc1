/**
 * random — the baseline. In turn it calls the last bid with chance `callProb`; otherwise it raises
 * a uniformly random face to its smallest legal count, plus one more with chance `jumpProb`.
 * It never calls out of turn and picks the direction at random.
 */
import type { Rng } from '../../../core/rng.js';
import { resolveParams } from '../../../core/spec.js';
import { CHANCE_SCALE, chanceCut, type RoundView, type Strategy, type StrategyContext, type StrategyInfo } from '../strategy.js';

export const info: StrategyInfo = {
  name: 'random',
  description: 'random legal raises, calls with a fixed chance',
  params: {
    callProb: { default: 0.3, min: 0, max: 1, help: 'chance of calling the last bid in turn' },
    jumpProb: { default: 0.5, min: 0, max: 1, help: 'chance of a raise jumping past the smallest legal bid' },
  },
};

class RandomPlayer implements Strategy {
  readonly name = 'random';
  private readonly callCut: number;
  private readonly jumpCut: number;
  constructor(callProb: number, jumpProb: number) {
    this.callCut = chanceCut(callProb);
    this.jumpCut = chanceCut(jumpProb);
  }
  challenge(view: RoundView, me: number, inTurn: boolean, rng: Rng): number {
    if (!inTurn || view.numBids === 0 || rng.below(CHANCE_SCALE) >= this.callCut) return 0;
    view.marks[view.numBids - 1] = 1;
    return 1;
  }
  bid(view: RoundView, _me: number, rng: Rng): number {
    // a random face whose smallest legal count still fits on the table
    const start = 1 + rng.below(view.sides);
    for (let k = 0; k < view.sides; k++) {
      const face = ((start - 1 + k) % view.sides) + 1;
      let c = view.minCount(face);
      if (c > view.totalDice) continue;
      if (c < view.totalDice && rng.below(CHANCE_SCALE) < this.jumpCut) c++;
      return view.rankOf(c, face);
    }
    return view.lastRank() + 1;
  }
  direction(_view: RoundView, _me: number, rng: Rng): number {
    return rng.below(2) === 0 ? 1 : -1;
  }
}

export function create(params: Record<string, number>, _ctx: StrategyContext): Strategy {
  const p = resolveParams({ name: info.name, params }, info.params);
  return new RandomPlayer(p.callProb, p.jumpProb);
}

/**
 * bluffer — lies on purpose. With chance `bluffRate` it raises on the face it holds fewest of,
 * by `bluffStep` more than the smallest legal count; otherwise it plays the threshold raise pushed
 * to the edge. It calls only in turn, and only bids below `callBelow` likely; never out of turn.
 */
import type { Rng } from '../../../core/rng.js';
import { resolveParams } from '../../../core/spec.js';
import { CHANCE_SCALE, chanceCut, type RoundView, type Strategy, type StrategyContext, type StrategyInfo } from '../strategy.js';
import { bestRaise, markUnlikely } from './threshold.js';

export const info: StrategyInfo = {
  name: 'bluffer',
  description: 'bluffs on faces it lacks, calls rarely',
  params: {
    bluffRate: { default: 0.35, min: 0, max: 1, help: 'share of raises that bluff' },
    bluffStep: { default: 1, min: 0, max: 10, integer: true, help: 'how many above the likely count a bluff bids' },
    callBelow: { default: 0.25, min: 0, max: 1, help: 'call the last bid when it is less likely than this' },
    bidAtLeast: { default: 0.45, min: 0, max: 1, help: 'an honest raise stays at least this likely' },
  },
};

class Bluffer implements Strategy {
  readonly name = 'bluffer';
  /** [never (0), callBelow, bidAtLeast] */
  private readonly th: Float64Array;
  private readonly bluffCut: number;
  constructor(bluffRate: number, private readonly step: number, callBelow: number, atLeast: number) {
    this.th = Float64Array.of(0, callBelow, atLeast);
    this.bluffCut = chanceCut(bluffRate);
  }
  challenge(view: RoundView, me: number, inTurn: boolean, _rng: Rng): number {
    if (!inTurn || view.numBids === 0) return 0;
    return markUnlikely(view, me, this.th, 0, 1);
  }
  bid(view: RoundView, me: number, rng: Rng): number {
    if (rng.below(CHANCE_SCALE) < this.bluffCut) {
      // the face I hold fewest of (not 1s), as if I had plenty
      let face = 2, fewest = 1e9;
      for (let f = 2; f <= view.sides; f++) {
        const c = view.ownFace(me, f);
        if (c < fewest) { fewest = c; face = f; }
      }
      const c = Math.min(view.totalDice, view.minCount(face) + this.step);
      if (view.minCount(face) <= view.totalDice) return view.rankOf(c, face);
    }
    return bestRaise(view, me, this.th, 2, true);
  }
  direction(_view: RoundView, _me: number, rng: Rng): number {
    return rng.below(2) === 0 ? 1 : -1;
  }
}

export function create(params: Record<string, number>, _ctx: StrategyContext): Strategy {
  const p = resolveParams({ name: info.name, params }, info.params);
  return new Bluffer(p.bluffRate, p.bluffStep, p.callBelow, p.bidAtLeast);
}

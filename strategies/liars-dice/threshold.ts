/**
 * threshold — the probability-threshold bidder and caller.
 *
 * Looks only at its own dice and the exact binomial chance of each bid (1s wild while they are).
 * - In turn it calls the last bid when that bid is less than `callBelow` likely.
 * - In or out of turn it also calls every earlier bid by others that is less than `outOfTurnBelow`
 *   likely (several at once, as the rules allow).
 * - Otherwise it raises with the most likely legal bid (smallest legal count of each face); with
 *   `edge` it then pushes the count up while the bid stays at least `bidAtLeast` likely ("bid as
 *   close to the edge as possible").
 */
import type { Rng } from '../../src/core/rng.js';
import type { RoundView, Strategy } from '../../src/games/liars-dice/engine.js';
import type { StrategyContext, StrategyInfo } from './types.js';
import { numberParam, onlyParams } from './types.js';

export interface ThresholdParams {
  callBelow: number;
  outOfTurnBelow: number;
  bidAtLeast: number;
  edge: boolean;
}

export const info: StrategyInfo = {
  name: 'threshold',
  description: 'calls bids below a probability threshold, raises with the most likely bid',
  defaults: { callBelow: 0.4, outOfTurnBelow: 0.1, bidAtLeast: 0.5, edge: 1 },
};

/** Mark bids by others below `below` likely; the last bid with `lastBelow`. Returns marks set. */
export function markUnlikely(view: RoundView, me: number, below: number, lastBelow: number): number {
  let n = 0;
  const last = view.numBids - 1;
  for (let i = 0; i <= last; i++) {
    if (view.bidderAt(i) === me) continue;
    const p = view.probability(me, view.rankAt(i));
    if (p < (i === last ? Math.max(below, lastBelow) : below)) {
      view.marks[i] = 1;
      n++;
    }
  }
  return n;
}

/** The most likely legal raise (ties: the lower rank), pushed up while ≥ `atLeast` likely when `edge`. */
export function bestRaise(view: RoundView, me: number, atLeast: number, edge: boolean): number {
  let best = -1, bestP = -1;
  for (let face = 1; face <= view.sides; face++) {
    const c = view.minCount(face);
    if (c > view.totalDice) continue;
    const r = view.rankOf(c, face);
    const p = view.probability(me, r);
    if (p > bestP || (p === bestP && r < best)) { best = r; bestP = p; }
  }
  if (best < 0) return view.maxRank; // unreachable: the engine forces a call at the top
  if (edge) {
    const face = view.faceOf(best);
    let c = view.countOf(best);
    while (c < view.totalDice && view.probability(me, view.rankOf(c + 1, face)) >= atLeast) c++;
    best = view.rankOf(c, face);
  }
  return best;
}

export class ThresholdStrategy implements Strategy {
  readonly name: string;
  constructor(readonly p: ThresholdParams, name = 'threshold') {
    this.name = name;
  }
  challenge(view: RoundView, me: number, inTurn: boolean, _rng: Rng): number {
    if (view.numBids === 0) return 0;
    return markUnlikely(view, me, this.p.outOfTurnBelow, inTurn ? this.p.callBelow : 0);
  }
  bid(view: RoundView, me: number, _rng: Rng): number {
    return bestRaise(view, me, this.p.bidAtLeast, this.p.edge);
  }
  direction(): number {
    return 1;
  }
}

export function parseParams(raw: Record<string, number>, defaults: Record<string, number>, name: string): ThresholdParams {
  const all = { ...defaults, ...raw };
  onlyParams(all, Object.keys(defaults), name);
  return {
    callBelow: numberParam(all, 'callBelow', name, 0, 1),
    outOfTurnBelow: numberParam(all, 'outOfTurnBelow', name, 0, 1),
    bidAtLeast: numberParam(all, 'bidAtLeast', name, 0, 1),
    edge: numberParam(all, 'edge', name, 0, 1) >= 0.5,
  };
}

export function create(params: Record<string, number>, _ctx: StrategyContext): Strategy {
  return new ThresholdStrategy(parseParams(params, info.defaults, info.name));
}

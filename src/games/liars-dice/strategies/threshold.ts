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
 *
 * Thresholds live in a Float64Array and probabilities are read as view.probs[view.probIndex(…)]:
 * no double crosses a call boundary, so the hot loop never boxes a number.
 */
import type { Rng } from '../../../core/rng.js';
import { resolveParams, type ParamSchemas } from '../../../core/spec.js';
import { type RoundView, type Strategy, type StrategyContext, type StrategyInfo } from '../strategy.js';

export const info: StrategyInfo = {
  name: 'threshold',
  description: 'calls bids below a probability threshold, raises with the most likely bid',
  params: thresholdParams({ callBelow: 0.4, outOfTurnBelow: 0.1, bidAtLeast: 0.5, edge: 1 }),
};

/** Threshold slots in a strategy's Float64Array. */
export const CALL = 0, OUT = 1, AT_LEAST = 2;

/**
 * Mark bids by others less likely than th[below]; the last bid also when less likely than
 * th[lastBelow] (lastBelow < 0: no separate threshold). Returns the number of marks set.
 */
export function markUnlikely(view: RoundView, me: number, th: Float64Array, below: number, lastBelow: number): number {
  let n = 0;
  const last = view.numBids - 1, probs = view.probs;
  for (let i = 0; i <= last; i++) {
    if (view.bidderAt(i) === me) continue;
    const p = probs[view.probIndex(me, view.rankAt(i))];
    if (p < th[below] || (i === last && lastBelow >= 0 && p < th[lastBelow])) {
      view.marks[i] = 1;
      n++;
    }
  }
  return n;
}

/** The most likely legal raise (ties: the lower rank), pushed up while ≥ th[atLeast] likely when `edge`. */
export function bestRaise(view: RoundView, me: number, th: Float64Array, atLeast: number, edge: boolean): number {
  let best = -1, bestP = -1;
  const probs = view.probs;
  for (let face = 1; face <= view.sides; face++) {
    const c = view.minCount(face);
    if (c > view.totalDice) continue;
    const r = view.rankOf(c, face);
    const p = probs[view.probIndex(me, r)];
    if (p > bestP || (p === bestP && r < best)) { best = r; bestP = p; }
  }
  if (best < 0) return view.maxRank; // unreachable: the engine forces a call at the top
  if (edge) {
    const face = view.faceOf(best);
    let c = view.countOf(best);
    while (c < view.totalDice && probs[view.probIndex(me, view.rankOf(c + 1, face))] >= th[atLeast]) c++;
    best = view.rankOf(c, face);
  }
  return best;
}

export interface ThresholdParams {
  callBelow: number;
  outOfTurnBelow: number;
  bidAtLeast: number;
  edge: boolean;
}

export class ThresholdStrategy implements Strategy {
  readonly name: string;
  private readonly th: Float64Array;
  private readonly edge: boolean;
  constructor(p: ThresholdParams, name = 'threshold') {
    this.name = name;
    this.th = Float64Array.of(p.callBelow, p.outOfTurnBelow, p.bidAtLeast);
    this.edge = p.edge;
  }
  challenge(view: RoundView, me: number, inTurn: boolean, _rng: Rng): number {
    if (view.numBids === 0) return 0;
    return markUnlikely(view, me, this.th, OUT, inTurn ? CALL : -1);
  }
  bid(view: RoundView, me: number, _rng: Rng): number {
    return bestRaise(view, me, this.th, AT_LEAST, this.edge);
  }
  direction(): number {
    return 1;
  }
}

/** The threshold family's parameters with the given defaults (conservative shares them). */
export function thresholdParams(d: { callBelow: number; outOfTurnBelow: number; bidAtLeast: number; edge: number }): ParamSchemas {
  return {
    callBelow: { default: d.callBelow, min: 0, max: 1, help: 'in turn, call the last bid when it is less likely than this' },
    outOfTurnBelow: { default: d.outOfTurnBelow, min: 0, max: 1, help: 'call any earlier bid by others less likely than this' },
    bidAtLeast: { default: d.bidAtLeast, min: 0, max: 1, help: 'with edge, push the count up while the bid stays this likely' },
    edge: { default: d.edge, min: 0, max: 1, integer: true, help: '1: bid as close to the edge as possible' },
  };
}

/** Checked parameters (defaults filled in) as the player reads them. */
export function parseParams(raw: Record<string, number>, schemas: ParamSchemas, name: string): ThresholdParams {
  const p = resolveParams({ name, params: raw }, schemas);
  return { callBelow: p.callBelow, outOfTurnBelow: p.outOfTurnBelow, bidAtLeast: p.bidAtLeast, edge: p.edge === 1 };
}

export function create(params: Record<string, number>, _ctx: StrategyContext): Strategy {
  return new ThresholdStrategy(parseParams(params, info.params, info.name));
}

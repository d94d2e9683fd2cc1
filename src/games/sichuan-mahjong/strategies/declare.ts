/**
 * Declaring a win as a decision (issue 16). `value` declares every win it can; `value:minFan=K`
 * (optionally `reach=R`, `wall=W`) is the value-seeking variant: it passes a discard or robbing win
 * worth under K fan while a bigger hand is within reach — a full flush in a suit that holds all its
 * declared sets, or seven pairs with no sets declared, at most R tiles from ready (shanten ≤ R) — and
 * at least W tiles are left in the wall. Self-draws are always declared (the draw pays three times).
 * A passed win bars discard wins until the next draw when the rules say so (`declinedWinWaitsForDraw`).
 */
import type { ParamSchemas } from '../../../core/spec.js';
import { WIN_SELF_DRAW, type MahjongStrategy, type TableView } from '../strategy.js';
import { flushDistance, sevenPairsDistance } from '../shanten.js';

export interface DeclineParams {
  /** declare a discard or robbing win only from this many fan (before the cap) */
  minFan: number;
  /** a bigger hand is "within reach" at this shanten or less */
  reach: number;
  /** decline only while at least this many tiles are left in the wall */
  wall: number;
}

/** The declining variant's parameters, declared for the registry (`value:minFan=K,reach=R,wall=W`). */
export const DECLINE_PARAMS: ParamSchemas = {
  minFan: { default: 2, min: 1, max: 13, integer: true, help: 'declare a discard or robbing win only from this many fan' },
  reach: { default: 2, min: 0, max: 4, integer: true, help: 'a bigger hand is within reach at this shanten or less' },
  wall: { default: 10, min: 0, max: 108, integer: true, help: 'decline only while this many tiles are left in the wall' },
};

/** Shanten of the best bigger hand the seat's concealed tiles (13-form) can still make: flush or seven pairs. */
export function biggerHandShanten(t: TableView, seat: number): number {
  const hand = t.hands[seat], v = t.voids[seat], nm = t.nMelds[seat];
  let best = 99;
  for (let s = 0; s < 3; s++) {
    if (s === v) continue;
    let ok = true;
    for (let j = 0; j < nm; j++) if (((t.meldKinds[seat * 4 + j] / 9) | 0) !== s) ok = false;
    if (!ok) continue;
    const d = flushDistance(hand, s, 4 - nm) - 1;
    if (d < best) best = d;
  }
  if (nm === 0) {
    const d = sevenPairsDistance(hand, v) - 1;
    if (d < best) best = d;
  }
  return best;
}

/** `base` with the declining rule above; its name is the spec text (outputs show the parameters). */
export function withDeclining(base: MahjongStrategy, p: DeclineParams, spec: string): MahjongStrategy {
  const description = `${base.name} that passes discard wins under ${p.minFan} fan while a flush or seven pairs is within ${p.reach} of ready and ${p.wall}+ tiles are left`;
  return {
    ...base,
    name: spec,
    description,
    usage: description,
    declareWin(t: TableView, seat: number, _tile: number, kind: number, fan: number): boolean {
      if (kind === WIN_SELF_DRAW || fan >= p.minFan || t.wallLeft() < p.wall) return true;
      return biggerHandShanten(t, seat) > p.reach;
    },
  };
}

import type { Rng } from '../../core/rng.js';
import { shanten } from './shanten.js';

/**
 * What a strategy sees of a deal: its own hand and sets, every public tile, the wall. All typed
 * arrays, shared and updated in place by the simulator; strategies must not allocate.
 */
export interface TableView {
  /** concealed counts per seat */
  readonly hands: readonly Uint8Array[];
  /** sets: seat·4 + j */
  readonly meldKinds: Uint8Array;
  readonly meldSizes: Uint8Array;
  readonly nMelds: Int8Array;
  readonly voids: Int8Array;
  /** tiles visible to everyone, per kind: discards on the table and declared sets */
  readonly visible: Uint8Array;
  readonly won: Uint8Array;
  wallLeft(): number;
  readonly rng: Rng;
}

/** Kinds of kong a strategy is asked about. */
export const KONG_EXPOSED = 0, KONG_ADDED = 1, KONG_CONCEALED = 2;

/**
 * A strategy: small pure decisions. Winning is always taken (declining a win is never better in
 * this model's scoring); claims and kongs are the strategy's call.
 */
export interface MahjongStrategy {
  readonly name: string;
  readonly description: string;
  /** the void suit (0..2) after the deal */
  chooseVoid(t: TableView, seat: number): number;
  /** the kind to discard from a 14-form hand (must be held; a void-suit tile while any is held) */
  chooseDiscard(t: TableView, seat: number): number;
  /** claim a pung of `tile` discarded by another player */
  wantPung(t: TableView, seat: number, tile: number): boolean;
  /** make a kong of `tile` (KONG_EXPOSED from a discard, KONG_ADDED to a pung, KONG_CONCEALED) */
  wantKong(t: TableView, seat: number, tile: number, kind: number): boolean;
}

/** Copies of `k` the seat cannot see: 4 − own hand − public tiles. */
export function unseen(t: TableView, seat: number, k: number): number {
  const u = 4 - t.hands[seat][k] - t.visible[k];
  return u > 0 ? u : 0;
}

export function holdsVoid(hand: Uint8Array, voidSuit: number): boolean {
  const o = voidSuit * 9;
  for (let r = 0; r < 9; r++) if (hand[o + r]) return true;
  return false;
}

/** The void-suit kind to throw first: the one with the fewest copies (singles before pairs). */
export function voidDiscard(hand: Uint8Array, voidSuit: number): number {
  let best = -1, bestC = 9;
  const o = voidSuit * 9;
  for (let r = 0; r < 9; r++) {
    const c = hand[o + r];
    if (c > 0 && c < bestC) { best = o + r; bestC = c; }
  }
  return best;
}

/** The suit with the fewest tiles (ties: the lowest shanten with that suit void, then the first). */
export function fewestTilesVoid(hand: Uint8Array, nMelds: number): number {
  let best = 0, bestN = 99, bestSh = 99;
  for (let s = 0; s < 3; s++) {
    let n = 0;
    for (let r = 0; r < 9; r++) n += hand[s * 9 + r];
    if (n > bestN) continue;
    const sh = shanten(hand, nMelds, s);
    if (n < bestN || sh < bestSh) { best = s; bestN = n; bestSh = sh; }
  }
  return best;
}

/**
 * Live tiles (unseen by the seat) that lower the shanten of the seat's hand, which must be in
 * the waiting form (13 − 3·sets tiles) with shanten `sh`.
 */
export function improvingCount(t: TableView, seat: number, sh: number): number {
  const hand = t.hands[seat];
  const v = t.voids[seat], nm = t.nMelds[seat];
  let total = 0;
  for (let k = 0; k < 27; k++) {
    if (((k / 9) | 0) === v) continue;
    const u = unseen(t, seat, k);
    if (u === 0) continue;
    hand[k]++;
    if (shanten(hand, nm, v) < sh) total += u;
    hand[k]--;
  }
  return total;
}

/**
 * Greedy tile efficiency: the discard with the lowest resulting shanten, ties broken by the most
 * live improving tiles, then by the kind farthest from the middle (terminals first).
 * Void-suit tiles go first.
 */
export function efficientDiscard(t: TableView, seat: number): number {
  const hand = t.hands[seat];
  const v = t.voids[seat], nm = t.nMelds[seat];
  if (holdsVoid(hand, v)) return voidDiscard(hand, v);
  let bestSh = 99;
  for (let k = 0; k < 27; k++) {
    if (!hand[k]) continue;
    hand[k]--;
    const s = shanten(hand, nm, v);
    hand[k]++;
    if (s < bestSh) bestSh = s;
  }
  let best = -1, bestImp = -1, bestEdge = -1;
  for (let k = 0; k < 27; k++) {
    if (!hand[k]) continue;
    hand[k]--;
    const s = shanten(hand, nm, v);
    if (s === bestSh) {
      const imp = improvingCount(t, seat, s);
      const r = k % 9;
      const edge = r < 4 ? 4 - r : r - 4;
      if (imp > bestImp || (imp === bestImp && edge > bestEdge)) { best = k; bestImp = imp; bestEdge = edge; }
    }
    hand[k]++;
  }
  return best;
}

/** Shanten of the seat's hand now (any form). */
export function seatShanten(t: TableView, seat: number): number {
  return shanten(t.hands[seat], t.nMelds[seat], t.voids[seat]);
}

/** Would a pung of `tile` lower the shanten? (waiting form → after the pung, best discard) */
export function pungImproves(t: TableView, seat: number, tile: number): boolean {
  const hand = t.hands[seat];
  const v = t.voids[seat], nm = t.nMelds[seat];
  const before = shanten(hand, nm, v);
  hand[tile] -= 2;
  const after = shanten(hand, nm + 1, v);
  hand[tile] += 2;
  return after < before;
}

/** Does a kong keep the shanten (or better)? */
export function kongKeeps(t: TableView, seat: number, tile: number, kind: number): boolean {
  const hand = t.hands[seat];
  const v = t.voids[seat], nm = t.nMelds[seat];
  const before = shanten(hand, nm, v);
  const take = kind === KONG_EXPOSED ? 3 : kind === KONG_CONCEALED ? 4 : 1;
  hand[tile] -= take;
  const after = shanten(hand, kind === KONG_ADDED ? nm : nm + 1, v);
  hand[tile] += take;
  return after <= before;
}

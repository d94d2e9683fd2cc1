/**
 * greedy — the tile-efficiency player most guides teach.
 * Void: the suit with the fewest tiles. Discards: void-suit tiles first, then the tile whose
 * removal leaves the lowest shanten, ties broken by the most live tiles that improve the hand.
 * Claims a pung only when it lowers the shanten; makes any kong that does not raise it.
 * Its void, pung and kong choices are shared with `value`.
 */
import type { MahjongStrategy, TableView } from '../strategy.js';
import { KONG_ADDED, KONG_CONCEALED, KONG_EXPOSED } from '../strategy.js';
import { efficientDiscard } from '../efficiency.js';
import { shanten } from '../shanten.js';

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
 * Swap three: the shortest suit with at least three tiles (ties: the one whose void leaves the
 * lower shanten), then, one at a time, the tile of that suit whose removal leaves the lowest
 * shanten over all three suits (ties: the kind farthest from the middle) — the weakest three of
 * the suit most likely to be voided. The hand is restored.
 */
export function weakestThree(hand: Uint8Array, out: Uint8Array): void {
  let suit = -1, bestN = 99, bestSh = 99;
  for (let s = 0; s < 3; s++) {
    let n = 0;
    for (let r = 0; r < 9; r++) n += hand[s * 9 + r];
    if (n < 3 || n > bestN) continue;
    const sh = shanten(hand, 0, s);
    if (n < bestN || sh < bestSh) { suit = s; bestN = n; bestSh = sh; }
  }
  for (let i = 0; i < 3; i++) {
    let pick = -1, pickSh = 99, pickEdge = -1;
    for (let r = 0; r < 9; r++) {
      const k = suit * 9 + r;
      if (!hand[k]) continue;
      hand[k]--;
      const sh = shanten(hand, 0, -1);
      hand[k]++;
      const edge = r < 4 ? 4 - r : r - 4;
      if (sh < pickSh || (sh === pickSh && edge > pickEdge)) { pick = k; pickSh = sh; pickEdge = edge; }
    }
    out[i] = pick;
    hand[pick]--;
  }
  for (let i = 0; i < 3; i++) hand[out[i]]++;
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

const DESCRIPTION = 'void = fewest tiles; discard for the lowest shanten, then most live improving tiles; pung only if it lowers shanten; kong if it does not raise it';

export const greedy: MahjongStrategy = {
  name: 'greedy',
  description: DESCRIPTION,
  usage: `greedy — ${DESCRIPTION}`,
  chooseSwap: (t: TableView, seat: number, out: Uint8Array) => weakestThree(t.hands[seat], out),
  chooseVoid: (t: TableView, seat: number) => fewestTilesVoid(t.hands[seat], 0),
  chooseDiscard: (t: TableView, seat: number) => efficientDiscard(t.hands[seat], t.nMelds[seat], t.voids[seat], t.visible),
  wantPung: (t: TableView, seat: number, tile: number) => pungImproves(t, seat, tile),
  wantKong: (t: TableView, seat: number, tile: number, kind: number) => kongKeeps(t, seat, tile, kind),
};

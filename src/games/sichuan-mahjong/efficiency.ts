/**
 * Tile efficiency: which discard keeps a hand closest to ready, counting the live tiles that
 * would improve it. Pure functions of one player's arrays (concealed counts, number of sets,
 * void suit, tiles visible on the table), so the greedy strategies and the odds kernel's player
 * share one definition. The hand is changed and restored in place; nothing is allocated.
 */
import { holdsVoid } from './shanten.js';
import { IncrementalShanten } from './suit-keys.js';

/** The hand being examined, one tile in or out at a time (one per thread: nothing here re-enters). */
const inc = new IncrementalShanten();

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

/**
 * Live tiles (copies the player cannot see: 4 − own hand − visible) that lower the shanten of the
 * hand, which must be in the waiting form (13 − 3·sets tiles) with shanten `sh`.
 */
export function improvingCount(hand: Uint8Array, nMelds: number, voidSuit: number, visible: Uint8Array, sh: number): number {
  inc.set(hand);
  return improvingCountInc(hand, nMelds, voidSuit, visible, sh);
}

/** The same with `inc` already holding `hand`: each candidate is one tile in and out of one suit. */
function improvingCountInc(hand: Uint8Array, nMelds: number, voidSuit: number, visible: Uint8Array, sh: number): number {
  let total = 0;
  for (let k = 0; k < 27; k++) {
    if (((k / 9) | 0) === voidSuit) continue;
    const u = 4 - hand[k] - visible[k];
    if (u <= 0) continue;
    inc.add(k);
    if (inc.shanten(nMelds, voidSuit) < sh) total += u;
    inc.remove(k);
  }
  return total;
}

/**
 * Greedy tile efficiency for a hand in the discard form: the discard with the lowest resulting
 * shanten, ties broken by the most live improving tiles, then by the kind farthest from the
 * middle (terminals first). Void-suit tiles go first.
 */
export function efficientDiscard(hand: Uint8Array, nMelds: number, voidSuit: number, visible: Uint8Array): number {
  if (holdsVoid(hand, voidSuit)) return voidDiscard(hand, voidSuit);
  inc.set(hand);
  let bestSh = 99;
  for (let k = 0; k < 27; k++) {
    if (!hand[k]) continue;
    inc.remove(k);
    const s = inc.shanten(nMelds, voidSuit);
    inc.add(k);
    if (s < bestSh) bestSh = s;
  }
  let best = -1, bestImp = -1, bestEdge = -1;
  for (let k = 0; k < 27; k++) {
    if (!hand[k]) continue;
    hand[k]--;
    inc.remove(k);
    const s = inc.shanten(nMelds, voidSuit);
    if (s === bestSh) {
      const imp = improvingCountInc(hand, nMelds, voidSuit, visible, s);
      const r = k % 9;
      const edge = r < 4 ? 4 - r : r - 4;
      if (imp > bestImp || (imp === bestImp && edge > bestEdge)) { best = k; bestImp = imp; bestEdge = edge; }
    }
    inc.add(k);
    hand[k]++;
  }
  return best;
}

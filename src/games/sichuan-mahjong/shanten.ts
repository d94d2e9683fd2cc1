import { keyIsStandardWin, keyShanten, keySevenPairsDistance, keyStandardDistance, keySuitDistance } from './suit-keys.js';

/**
 * Shanten and winning-shape checks. A hand is a 27-count vector (at most 14 tiles); `sets` is the
 * number of sets the concealed tiles must still form (4 − declared sets); `voidSuit` is 0..2, or
 * −1 for none (then all three suits may be used). Void-suit tiles never belong to a target, so
 * they count as tiles still to be exchanged — "they must go first".
 *
 * Every form runs on the suit-class tables of suit-keys.ts (0.53 MiB, shipped precomputed): one
 * key lookup per suit and one or two small-table lookups. The per-suit tables they replaced are
 * kept in shanten-tables.ts as the reference the tests compare against. The engine and the
 * strategies that change a hand one tile at a time use `IncrementalShanten` (suit-keys.ts).
 * Nothing here allocates.
 */

/** Fewest tiles to add (exchanging others) to reach `sets` sets and a pair; shanten = this − 1. */
export function standardDistance(counts: ArrayLike<number>, sets: number, voidSuit: number): number {
  return keyStandardDistance(counts, 0, sets, voidSuit);
}

/**
 * Seven pairs (14 concealed tiles, four identical tiles count as two pairs): with p pairs
 * (Σ ⌊c/2⌋) and s kinds holding an odd count, the distance is (7 − p) + max(0, 7 − p − s).
 */
export function sevenPairsDistance(counts: ArrayLike<number>, voidSuit: number): number {
  return keySevenPairsDistance(counts, 0, voidSuit);
}

/** Shanten of a concealed hand with `melds` declared sets: the better of standard and (no melds) seven pairs. */
export function shanten(counts: ArrayLike<number>, melds: number, voidSuit: number): number {
  return keyShanten(counts, 0, melds, voidSuit);
}

export function standardShanten(counts: ArrayLike<number>, melds: number, voidSuit: number): number {
  return standardDistance(counts, 4 - melds, voidSuit) - 1;
}

export function sevenPairsShanten(counts: ArrayLike<number>, voidSuit: number): number {
  return sevenPairsDistance(counts, voidSuit) - 1;
}

/** True when the void suit is absent from the concealed tiles. */
export function voidClear(counts: ArrayLike<number>, voidSuit: number): boolean {
  if (voidSuit < 0) return true;
  const o = voidSuit * 9;
  for (let r = 0; r < 9; r++) if (counts[o + r]) return false;
  return true;
}

/** Does the hand still hold a tile of its void suit (0..2)? Such a tile must be discarded before anything else. */
export function holdsVoid(hand: ArrayLike<number>, voidSuit: number): boolean {
  const o = voidSuit * 9;
  for (let r = 0; r < 9; r++) if (hand[o + r]) return true;
  return false;
}

/** A standard winning shape: all the tiles (3·sets + 2 of them, at most 14) are sets and one pair. */
export function isStandardWin(counts: ArrayLike<number>): boolean {
  return keyIsStandardWin(counts, 0);
}

export function isSevenPairs(counts: ArrayLike<number>): boolean {
  let n = 0;
  for (let k = 0; k < 27; k++) {
    const c = counts[k];
    if (c & 1) return false;
    n += c;
  }
  return n === 14;
}

/** Winning hand: the void suit absent, and a standard shape, or seven pairs when nothing is declared. */
export function isWinningHand(counts: ArrayLike<number>, melds: number, voidSuit: number): boolean {
  if (!voidClear(counts, voidSuit)) return false;
  if (isStandardWin(counts)) return true;
  return melds === 0 && isSevenPairs(counts);
}

/** Distance when every tile must be of one suit (a full flush): other suits' tiles all go. */
export function flushDistance(counts: ArrayLike<number>, suit: number, sets: number): number {
  return keySuitDistance(counts, suit * 9, sets * 2 + 1);
}

/**
 * Distance to `sets` pungs and a pair (an all-pungs hand) outside the void suit: the pair on the
 * kind where it is cheapest given the cheapest pungs elsewhere.
 */
export function allPungsDistance(counts: ArrayLike<number>, sets: number, voidSuit: number): number {
  // pung cost per kind is max(0, 3 − c) for c ≤ 3 (a kind with 4 holds a pung, cost 0)
  let n0 = 0, n1 = 0, n2 = 0, n3 = 0;
  for (let k = 0; k < 27; k++) {
    if (((k / 9) | 0) === voidSuit) continue;
    const c = counts[k];
    if (c >= 3) n0++; else if (c === 2) n1++; else if (c === 1) n2++; else n3++;
  }
  let best = 99;
  for (let k = 0; k < 27; k++) {
    if (((k / 9) | 0) === voidSuit) continue;
    const c = counts[k];
    const pairCost = c >= 2 ? 0 : 2 - c;
    if (c === 4) continue; // a pair here leaves two tiles of no use; never better than elsewhere
    // remove this kind from the pung pool
    let a = n0, b = n1, d = n2, e = n3;
    if (c >= 3) a--; else if (c === 2) b--; else if (c === 1) d--; else e--;
    let need = sets, cost = pairCost;
    let take = need < a ? need : a; need -= take;
    take = need < b ? need : b; need -= take; cost += take;
    take = need < d ? need : d; need -= take; cost += 2 * take;
    take = need < e ? need : e; need -= take; cost += 3 * take;
    if (need > 0) continue;
    if (cost < best) best = cost;
  }
  return best;
}

import { ROW, ROW_ODD, ROW_PAIRS, suitTables } from './tables.js';

/**
 * Shanten on the per-suit tables of tables.ts (33.5 MiB, a min-plus convolution per hand): the
 * previous implementation, kept as the reference the suit-class forms of shanten.ts are tested
 * against (test/sichuan-mahjong-shanten.test.ts, 10^6 hands) and measured against in the bench.
 * Same arguments and meaning as the functions of shanten.ts. Nothing here allocates.
 */
// The tables are built on first use (not at import: other games' workers load this module too).
let DIST: Uint8Array = new Uint8Array(0);
let COMPLETE: Uint8Array = new Uint8Array(0);
function ensureTables(): void {
  const T = suitTables();
  DIST = T.distance;
  COMPLETE = T.complete;
}

export function suitIndexOf(counts: ArrayLike<number>, suit: number): number {
  const o = suit * 9;
  return counts[o] + 5 * counts[o + 1] + 25 * counts[o + 2] + 125 * counts[o + 3] + 625 * counts[o + 4] +
    3125 * counts[o + 5] + 15625 * counts[o + 6] + 78125 * counts[o + 7] + 390625 * counts[o + 8];
}

/** Distance to m sets + one pair using two suits (base offsets into DIST). */
function conv2(a: number, b: number, M: number): number {
  let best = 99;
  for (let m = 0; m <= M; m++) {
    const x = DIST[a + m * 2] + DIST[b + (M - m) * 2 + 1];
    if (x < best) best = x;
    const y = DIST[a + m * 2 + 1] + DIST[b + (M - m) * 2];
    if (y < best) best = y;
  }
  return best;
}

/** Distance to M sets + one pair over three suits. */
function conv3(a: number, b: number, c: number, M: number): number {
  let best = 99;
  for (let mc = 0; mc <= M; mc++) {
    const rest = M - mc;
    // pair in c
    let x = DIST[c + mc * 2 + 1];
    if (x < best) {
      let ab = 99;
      for (let m = 0; m <= rest; m++) {
        const y = DIST[a + m * 2] + DIST[b + (rest - m) * 2];
        if (y < ab) ab = y;
      }
      x += ab;
      if (x < best) best = x;
    }
    // pair in a or b
    const z = DIST[c + mc * 2];
    if (z < best) {
      const w = z + conv2(a, b, rest);
      if (w < best) best = w;
    }
  }
  return best;
}

/** Fewest tiles to add (exchanging others) to reach `sets` sets and a pair; shanten = this − 1. */
export function standardDistance(counts: ArrayLike<number>, sets: number, voidSuit: number): number {
  if (DIST.length === 0) ensureTables();
  if (voidSuit >= 0) {
    const a = voidSuit === 0 ? 1 : 0, b = voidSuit === 2 ? 1 : 2;
    return conv2(suitIndexOf(counts, a) * ROW, suitIndexOf(counts, b) * ROW, sets);
  }
  return conv3(suitIndexOf(counts, 0) * ROW, suitIndexOf(counts, 1) * ROW, suitIndexOf(counts, 2) * ROW, sets);
}

function sevenPairsFrom(pairs: number, singles: number): number {
  if (pairs >= 7) return 0;
  const need = 7 - pairs;
  return need + (need > singles ? need - singles : 0);
}

/** The same from suit indices already known (the simulator keeps them up to date). */
export function standardDistanceIdx(i0: number, i1: number, i2: number, sets: number, voidSuit: number): number {
  if (DIST.length === 0) ensureTables();
  if (voidSuit === 0) return conv2(i1 * ROW, i2 * ROW, sets);
  if (voidSuit === 1) return conv2(i0 * ROW, i2 * ROW, sets);
  if (voidSuit === 2) return conv2(i0 * ROW, i1 * ROW, sets);
  return conv3(i0 * ROW, i1 * ROW, i2 * ROW, sets);
}

/**
 * Seven pairs (14 concealed tiles, four identical tiles count as two pairs): with p pairs
 * (Σ ⌊c/2⌋) and s kinds holding an odd count, the distance is (7 − p) + max(0, 7 − p − s).
 */
export function sevenPairsDistance(counts: ArrayLike<number>, voidSuit: number): number {
  let pairs = 0, singles = 0;
  for (let k = 0; k < 27; k++) {
    if (((k / 9) | 0) === voidSuit) continue;
    const c = counts[k];
    pairs += c >> 1;
    singles += c & 1;
  }
  if (pairs >= 7) return 0;
  const need = 7 - pairs;
  return need + (need > singles ? need - singles : 0);
}

/**
 * Shanten of a concealed hand with `melds` declared sets: the better of standard and (no melds)
 * seven pairs. With a void suit: two suit indices, two table rows, a 5-step convolution.
 */
export function shanten(counts: ArrayLike<number>, melds: number, voidSuit: number): number {
  if (DIST.length === 0) ensureTables();
  if (voidSuit >= 0) {
    const a = voidSuit === 0 ? 1 : 0, b = voidSuit === 2 ? 1 : 2;
    const ia = suitIndexOf(counts, a), ib = suitIndexOf(counts, b);
    const s = conv2(ia * ROW, ib * ROW, 4 - melds);
    if (melds === 0) {
      const ra = ia * ROW, rb = ib * ROW;
      const p = sevenPairsFrom(DIST[ra + ROW_PAIRS] + DIST[rb + ROW_PAIRS], DIST[ra + ROW_ODD] + DIST[rb + ROW_ODD]);
      if (p < s) return p - 1;
    }
    return s - 1;
  }
  const i0 = suitIndexOf(counts, 0), i1 = suitIndexOf(counts, 1), i2 = suitIndexOf(counts, 2);
  const s = conv3(i0 * ROW, i1 * ROW, i2 * ROW, 4 - melds);
  if (melds === 0) {
    const r0 = i0 * ROW, r1 = i1 * ROW, r2 = i2 * ROW;
    const p = sevenPairsFrom(DIST[r0 + ROW_PAIRS] + DIST[r1 + ROW_PAIRS] + DIST[r2 + ROW_PAIRS], DIST[r0 + ROW_ODD] + DIST[r1 + ROW_ODD] + DIST[r2 + ROW_ODD]);
    if (p < s) return p - 1;
  }
  return s - 1;
}

export function standardShanten(counts: ArrayLike<number>, melds: number, voidSuit: number): number {
  return standardDistance(counts, 4 - melds, voidSuit) - 1;
}

export function sevenPairsShanten(counts: ArrayLike<number>, voidSuit: number): number {
  return sevenPairsDistance(counts, voidSuit) - 1;
}

/** A standard winning shape: every suit exactly sets (+ one pair in total). Tile count must be 3·sets + 2. */
export function isStandardWin(counts: ArrayLike<number>): boolean {
  if (DIST.length === 0) ensureTables();
  const a = COMPLETE[suitIndexOf(counts, 0)], b = COMPLETE[suitIndexOf(counts, 1)], c = COMPLETE[suitIndexOf(counts, 2)];
  if (a === 0 || b === 0 || c === 0) {
    // a suit with no tiles has index 0, which is complete (0 sets): 0 means not decomposable
    return false;
  }
  return (a === 2 ? 1 : 0) + (b === 2 ? 1 : 0) + (c === 2 ? 1 : 0) === 1;
}

/** Distance when every tile must be of one suit (a full flush): other suits' tiles all go. */
export function flushDistance(counts: ArrayLike<number>, suit: number, sets: number): number {
  if (DIST.length === 0) ensureTables();
  return DIST[suitIndexOf(counts, suit) * ROW + sets * 2 + 1];
}


/**
 * Per-suit lookup tables (the approach of tomohxx/shanten-number, written afresh).
 *
 * A suit's nine tile counts are a base-5 number `idx = Σ c[r]·5^r` (5^9 = 1,953,125 indices).
 * For every index and every target (m sets, h ∈ {0,1} pairs; m ≤ 4) the table holds the
 * *distance*: the fewest tiles that must be added to the suit so that it contains m sets (runs
 * or pungs) and h pairs, with no kind above four copies. Tiles not used are discarded, so for a
 * whole hand needing M sets and a pair the distance is a min-plus convolution over the suits,
 * and shanten = distance − 1.
 *
 * Built in two sweeps: (1) `dom[idx]` marks which targets the counts already contain (an exact
 * pattern, or containing one after removing tiles: dom(c) = exact(c) | ∪ dom(c − e_r));
 * (2) distance(c) = 0 if contained, else 1 + min_r distance(c + e_r) — adding the right tile
 * always lowers the distance by exactly one. Indices of c + e_r are larger, so a descending
 * sweep sees them first.
 */
export const SUIT_INDICES = 1953125; // 5^9
export const POW5 = new Int32Array([1, 5, 25, 125, 625, 3125, 15625, 78125, 390625]);
/** Targets per suit: k = m·2 + h for m in 0..4, h in 0..1. */
export const TARGETS = 10;
/**
 * One 16-byte row per suit index: the 10 distances, then at ROW_PAIRS Σ⌊c/2⌋ and at ROW_ODD the
 * number of odd counts (for seven pairs). 16 bytes so that a row never straddles a cache line:
 * one shanten touches two (or three) rows and nothing else.
 */
export const ROW = 16, ROW_PAIRS = 10, ROW_ODD = 11;

export interface SuitTables {
  /** distance[idx·ROW + m·2 + h]; pairs and odd counts at idx·ROW + ROW_PAIRS / ROW_ODD */
  distance: Uint8Array;
  /** total tiles of the suit index */
  total: Uint8Array;
  /** 0: the suit's tiles are not exactly sets (+ a pair); 1: exactly sets; 2: exactly sets and one pair */
  complete: Uint8Array;
  buildMs: number;
  bytes: number;
}

let cached: SuitTables | null = null;

/** Every exact pattern of m sets + h pairs inside one suit (counts ≤ 4), marked in `exact`. */
function markPatterns(exact: Uint16Array): void {
  const c = new Int8Array(9);
  // set types: 0..6 runs starting at rank r, 7..15 pungs of rank r-7
  const place = (from: number, m: number): void => {
    // record with and without a pair
    let idx = 0;
    for (let r = 0; r < 9; r++) idx += c[r] * POW5[r];
    exact[idx] |= 1 << (m * 2);
    for (let r = 0; r < 9; r++) {
      if (c[r] + 2 <= 4) exact[idx + 2 * POW5[r]] |= 1 << (m * 2 + 1);
    }
    if (m === 4) return;
    for (let t = from; t < 16; t++) {
      if (t < 7) {
        if (c[t] < 4 && c[t + 1] < 4 && c[t + 2] < 4) {
          c[t]++; c[t + 1]++; c[t + 2]++;
          place(t, m + 1);
          c[t]--; c[t + 1]--; c[t + 2]--;
        }
      } else {
        const r = t - 7;
        if (c[r] + 3 <= 4) {
          c[r] += 3;
          place(t, m + 1);
          c[r] -= 3;
        }
      }
    }
  };
  place(0, 0);
}

export function buildSuitTables(): SuitTables {
  const t0 = performance.now();
  const N = SUIT_INDICES;
  const exact = new Uint16Array(N);
  markPatterns(exact);
  const total = new Uint8Array(N);
  const dom = exact; // swept in place: dom(c) = exact(c) | ∪ dom(c − e_r)
  const d = new Int8Array(9);
  for (let idx = 0; idx < N; idx++) {
    let mask = dom[idx];
    let tot = 0;
    for (let r = 0; r < 9; r++) {
      const dr = d[r];
      tot += dr;
      if (dr > 0) mask |= dom[idx - POW5[r]];
    }
    dom[idx] = mask;
    total[idx] = tot;
    // odometer increment
    for (let r = 0; r < 9; r++) {
      if (d[r] < 4) { d[r]++; break; }
      d[r] = 0;
    }
  }
  const distance = new Uint8Array(N * ROW);
  for (let r = 0; r < 9; r++) d[r] = 4;
  const best = new Uint8Array(TARGETS);
  for (let idx = N - 1; idx >= 0; idx--) {
    const mask = dom[idx];
    const base = idx * ROW;
    if (mask === 0x3ff) {
      // all targets contained: distances stay 0
    } else {
      best.fill(255);
      for (let r = 0; r < 9; r++) {
        if (d[r] < 4) {
          const nb = (idx + POW5[r]) * ROW;
          for (let k = 0; k < TARGETS; k++) {
            const v = distance[nb + k];
            if (v < best[k]) best[k] = v;
          }
        }
      }
      for (let k = 0; k < TARGETS; k++) distance[base + k] = (mask >> k) & 1 ? 0 : best[k] + 1;
    }
    // odometer decrement
    for (let r = 0; r < 9; r++) {
      if (d[r] > 0) { d[r]--; break; }
      d[r] = 4;
    }
  }
  const complete = new Uint8Array(N);
  for (let idx = 0; idx < N; idx++) {
    let x = idx, p = 0, o = 0;
    for (let r = 0; r < 9; r++) {
      const c = x % 5;
      x = (x - c) / 5;
      p += c >> 1;
      o += c & 1;
    }
    distance[idx * ROW + ROW_PAIRS] = p;
    distance[idx * ROW + ROW_ODD] = o;
  }
  for (let idx = 0; idx < N; idx++) {
    const t = total[idx];
    if (t > 14) continue;
    const h = t % 3;
    if (h === 1) continue;
    const k = ((t / 3) | 0) * 2 + (h === 2 ? 1 : 0);
    if (distance[idx * ROW + k] === 0) complete[idx] = h === 2 ? 2 : 1;
  }
  const buildMs = performance.now() - t0;
  return { distance, total, complete, buildMs, bytes: distance.byteLength + total.byteLength + complete.byteLength };
}

/** The tables, built on first use (about a second) and shared by everything in this thread. */
export function suitTables(): SuitTables {
  if (!cached) cached = buildSuitTables();
  return cached;
}

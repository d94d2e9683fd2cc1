/**
 * Shanten by suit classes: the cache-sized representation.
 *
 * The per-suit distance tables of tables.ts (10 distances for every base-5 index, 5^9 rows) are
 * exact but 33 MiB, and a three-suit shanten pays a min-plus convolution over them. Here the
 * same distances are computed only for suits of ≤ 14 tiles (405,350 count vectors: no concealed
 * hand holds more), and each suit is reduced to the *class* of its distance vector. Two classes
 * combine into a two-suit class by one small table (the min-plus convolution done once, at
 * build time), and a two-suit class plus a third suit class gives the answer by another. A
 * shanten is then: two base-5 half-indices per suit (ranks 1–5 and 6–9), one lookup of a ~800 KB
 * key table per suit, and two lookups in tables that stay in cache.
 *
 * Seven pairs needs only Σ⌊c/2⌋ and the number of odd counts: both are sums over ranks, so they
 * come from the two half-indices through two tiny tables, packed as pairs + 16·odd so that the
 * three suits add up without carries.
 *
 * Build: patterns of m sets + h pairs are marked; `sub` (the vector is part of some pattern) is
 * swept down from 14 tiles; the overlap (most tiles of the suit a pattern can use) is swept up,
 * and distance = pattern size − overlap. Everything is restricted to ≤ 14 tiles, so the build is
 * about a fifth of the old one. Nothing in the lookups allocates.
 */

import * as DATA from './suit-keys.data.js';

const P5 = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625];
/** targets per suit: k = m·2 + h (m ≤ 4 sets, h ≤ 1 pair), t_k = 3m + 2h tiles */
const TARGETS = 10;
const MAXT = 14;

export interface SuitKeys {
  /** hash of the half-indices: LOPOS[lo] + HIBASE[hi] indexes KEY (valid when the suit has ≤ 14 tiles) */
  LOPOS: Int32Array;
  HIBASE: Int32Array;
  /** class of each ≤ 14-tile suit vector (126 classes: one byte, so the table is 405 KB) */
  KEY: Uint8Array;
  /** number of suit classes */
  K: number;
  /** two-suit class of a pair of suit classes: PAIR[a·K + b] */
  PAIR: Uint8Array;
  /** number of two-suit classes */
  K2: number;
  /** distance (shanten + 1) for m sets + a pair over two suits: DIST2[c2·5 + m] */
  DIST2: Uint8Array;
  /** distance for m sets + a pair over three suits: DIST3[m·K2·K + c2·K + c] (one 23 KB slice per m) */
  DIST3: Uint8Array;
  /** seven-pairs counts of half-indices: pairs + 16·odd kinds */
  SPLO: Uint8Array;
  SPHI: Uint8Array;
  /** tiles in each low / high half-index (for the winning-shape check) */
  LOSUM: Uint8Array;
  HISUM: Uint8Array;
  /** per suit class, its 10 distances (for tests and the advisor) */
  CLS: Uint8Array;
  /** milliseconds to build (builder) or to decode (shipped) */
  buildMs: number;
  bytes: number;
  source: 'built' | 'shipped';
}

let cached: SuitKeys | null = null;

/** Half-index digits, tile sums, seven-pairs counts and the KEY hash (LOPOS, HIBASE): cheap, never shipped. */
interface Halves {
  loSum: Uint8Array; hiSum: Uint8Array; loDig: Uint8Array; hiDig: Uint8Array;
  SPLO: Uint8Array; SPHI: Uint8Array; LOPOS: Int32Array; HIBASE: Int32Array; N: number;
}

function halves(): Halves {
  const loSum = new Uint8Array(3125), hiSum = new Uint8Array(625);
  const loDig = new Uint8Array(3125 * 5), hiDig = new Uint8Array(625 * 4);
  const SPLO = new Uint8Array(3125), SPHI = new Uint8Array(625);
  for (let lo = 0; lo < 3125; lo++) {
    let x = lo, s = 0, p = 0, o = 0;
    for (let r = 0; r < 5; r++) { const c = x % 5; x = (x - c) / 5; loDig[lo * 5 + r] = c; s += c; p += c >> 1; o += c & 1; }
    loSum[lo] = s; SPLO[lo] = Math.min(p, 15) + 16 * o;
  }
  for (let hi = 0; hi < 625; hi++) {
    let x = hi, s = 0, p = 0, o = 0;
    for (let r = 0; r < 4; r++) { const c = x % 5; x = (x - c) / 5; hiDig[hi * 4 + r] = c; s += c; p += c >> 1; o += c & 1; }
    hiSum[hi] = s; SPHI[hi] = p + 16 * o;
  }
  // lo sorted by tile count: for a given hi, the valid lo's (sum ≤ 14 − hiSum) are a prefix
  const LOPOS = new Int32Array(3125);
  const cntLE = new Int32Array(MAXT + 2);
  {
    let pos = 0;
    for (let s = 0; s <= 20; s++) {
      for (let lo = 0; lo < 3125; lo++) if (loSum[lo] === s) LOPOS[lo] = pos++;
      if (s <= MAXT) cntLE[s] = pos;
    }
  }
  const HIBASE = new Int32Array(625);
  let N = 0;
  for (let hi = 0; hi < 625; hi++) {
    HIBASE[hi] = N;
    if (hiSum[hi] <= MAXT) N += cntLE[MAXT - hiSum[hi]];
  }
  return { loSum, hiSum, loDig, hiDig, SPLO, SPHI, LOPOS, HIBASE, N };
}

/** Build every table from the patterns (about 0.2–0.5 s; `suitKeys()` loads the shipped copy instead). */
export function buildSuitKeys(): SuitKeys {
  const t0 = performance.now();
  const { loSum, hiSum, loDig, hiDig, SPLO, SPHI, LOPOS, HIBASE, N } = halves();
  // entries grouped by tile count (ascending), with their half-indices
  const entLo = new Int32Array(N), entHi = new Int32Array(N), order = new Int32Array(N), sumOf = new Uint8Array(N);
  const bySum = new Int32Array(MAXT + 2);
  for (let hi = 0; hi < 625; hi++) {
    if (hiSum[hi] > MAXT) continue;
    for (let lo = 0; lo < 3125; lo++) {
      const s = loSum[lo] + hiSum[hi];
      if (s > MAXT) continue;
      const e = HIBASE[hi] + LOPOS[lo];
      entLo[e] = lo; entHi[e] = hi; sumOf[e] = s; bySum[s + 1]++;
    }
  }
  for (let s = 1; s <= MAXT + 1; s++) bySum[s] += bySum[s - 1];
  {
    const fill = bySum.slice();
    for (let e = 0; e < N; e++) order[fill[sumOf[e]]++] = e;
  }
  const hashOf = (lo: number, hi: number): number => HIBASE[hi] + LOPOS[lo];
  // exact patterns
  const sub = new Uint16Array(N);
  const c = new Int8Array(9);
  const idx = (): [number, number] => {
    let lo = 0, hi = 0;
    for (let r = 0; r < 5; r++) lo += c[r] * P5[r];
    for (let r = 0; r < 4; r++) hi += c[5 + r] * P5[r];
    return [lo, hi];
  };
  const place = (from: number, m: number): void => {
    const [lo, hi] = idx();
    sub[hashOf(lo, hi)] |= 1 << (m * 2);
    for (let r = 0; r < 9; r++) {
      if (c[r] + 2 <= 4) { c[r] += 2; const [l2, h2] = idx(); sub[hashOf(l2, h2)] |= 1 << (m * 2 + 1); c[r] -= 2; }
    }
    if (m === 4) return;
    for (let t = from; t < 16; t++) {
      if (t < 7) {
        if (c[t] < 4 && c[t + 1] < 4 && c[t + 2] < 4) { c[t]++; c[t + 1]++; c[t + 2]++; place(t, m + 1); c[t]--; c[t + 1]--; c[t + 2]--; }
      } else if (c[t - 7] + 3 <= 4) { c[t - 7] += 3; place(t, m + 1); c[t - 7] -= 3; }
    }
  };
  place(0, 0);
  // sub: part of some pattern (down-closure), swept from 14 tiles down
  for (let i = N - 1; i >= 0; i--) {
    const e = order[i];
    if (sumOf[e] === MAXT) continue;
    const lo = entLo[e], hi = entHi[e];
    let m = sub[e];
    for (let r = 0; r < 5; r++) if (loDig[lo * 5 + r] < 4) m |= sub[hashOf(lo + P5[r], hi)];
    for (let r = 0; r < 4; r++) if (hiDig[hi * 4 + r] < 4) m |= sub[hashOf(lo, hi + P5[r])];
    sub[e] = m;
  }
  // overlap, swept up; then distance = t_k − overlap
  const ov = new Uint8Array(N * TARGETS);
  const nb = new Int32Array(9);
  for (let i = 0; i < N; i++) {
    const e = order[i];
    const lo = entLo[e], hi = entHi[e], s = sumOf[e], m = sub[e];
    let n = 0;
    for (let r = 0; r < 5; r++) if (loDig[lo * 5 + r] > 0) nb[n++] = hashOf(lo - P5[r], hi) * TARGETS;
    for (let r = 0; r < 4; r++) if (hiDig[hi * 4 + r] > 0) nb[n++] = hashOf(lo, hi - P5[r]) * TARGETS;
    const b = e * TARGETS;
    for (let k = 0; k < TARGETS; k++) {
      if ((m >> k) & 1) { ov[b + k] = s; continue; }
      let best = 0;
      for (let j = 0; j < n; j++) { const v = ov[nb[j] + k]; if (v > best) best = v; }
      ov[b + k] = best;
    }
  }
  // classes of distance vectors
  const KEY = new Uint8Array(N);
  const seen = new Map<number, number>();
  const clsList: number[] = [];
  for (let e = 0; e < N; e++) {
    let key = 0;
    for (let k = 0; k < TARGETS; k++) {
      const t = 3 * (k >> 1) + 2 * (k & 1);
      key = key * 16 + (t - ov[e * TARGETS + k]);
    }
    let id = seen.get(key);
    if (id === undefined) { id = clsList.length; seen.set(key, id); clsList.push(key); }
    KEY[e] = id;
  }
  const K = clsList.length;
  if (K > 255) throw new Error(`suit classes: ${K} do not fit a byte`);
  const CLS = new Uint8Array(K * TARGETS);
  for (let i = 0; i < K; i++) {
    let key = clsList[i];
    for (let k = TARGETS - 1; k >= 0; k--) { CLS[i * TARGETS + k] = key % 16; key = Math.floor(key / 16); }
  }
  // two-suit classes: min-plus convolution of two vectors
  const PAIR = new Uint8Array(K * K);
  const seen2 = new Map<number, number>();
  const cls2: number[] = [];
  const v = new Uint8Array(TARGETS);
  for (let a = 0; a < K; a++) {
    for (let b = 0; b < K; b++) {
      for (let m = 0; m <= 4; m++) {
        for (let h = 0; h <= 1; h++) {
          let best = 99;
          for (let ma = 0; ma <= m; ma++) {
            for (let ha = 0; ha <= h; ha++) {
              const x = CLS[a * TARGETS + ma * 2 + ha] + CLS[b * TARGETS + (m - ma) * 2 + (h - ha)];
              if (x < best) best = x;
            }
          }
          v[m * 2 + h] = best;
        }
      }
      let key = 0;
      for (let k = 0; k < TARGETS; k++) key = key * 32 + v[k];
      let id = seen2.get(key);
      if (id === undefined) { id = cls2.length; seen2.set(key, id); cls2.push(key); }
      PAIR[a * K + b] = id;
    }
  }
  const K2 = cls2.length;
  if (K2 > 255) throw new Error(`two-suit classes: ${K2} do not fit a byte`);
  const C2 = new Uint8Array(K2 * TARGETS);
  for (let i = 0; i < K2; i++) {
    let key = cls2[i];
    for (let k = TARGETS - 1; k >= 0; k--) { C2[i * TARGETS + k] = key % 32; key = Math.floor(key / 32); }
  }
  const DIST2 = new Uint8Array(K2 * 5);
  for (let i = 0; i < K2; i++) for (let m = 0; m <= 4; m++) DIST2[i * 5 + m] = C2[i * TARGETS + m * 2 + 1];
  const DIST3 = new Uint8Array(K2 * K * 5);
  for (let i = 0; i < K2; i++) {
    for (let cc = 0; cc < K; cc++) {
      for (let m = 0; m <= 4; m++) {
        let best = 99;
        for (let mc = 0; mc <= m; mc++) {
          const x = C2[i * TARGETS + (m - mc) * 2] + CLS[cc * TARGETS + mc * 2 + 1];
          if (x < best) best = x;
          const y = C2[i * TARGETS + (m - mc) * 2 + 1] + CLS[cc * TARGETS + mc * 2];
          if (y < best) best = y;
        }
        DIST3[m * K2 * K + i * K + cc] = best;
      }
    }
  }
  const buildMs = performance.now() - t0;
  const bytes = LOPOS.byteLength + HIBASE.byteLength + KEY.byteLength + PAIR.byteLength + DIST2.byteLength + DIST3.byteLength + SPLO.byteLength + SPHI.byteLength + CLS.byteLength;
  return { LOPOS, HIBASE, KEY, K, PAIR, K2, DIST2, DIST3, SPLO, SPHI, LOSUM: loSum, HISUM: hiSum, CLS, buildMs, bytes, source: 'built' };
}

/** Bytes of a base64 string: Node's decoder when present (a millisecond), else atob (the browser workbench). */
function fromBase64(b64: string): Uint8Array {
  const B = (globalThis as { Buffer?: { from(s: string, enc: string): Uint8Array } }).Buffer;
  if (B) return new Uint8Array(B.from(b64, 'base64'));
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/**
 * The keys from the shipped generated file (suit-keys.data.ts, written by suit-keys-gen.ts from
 * `buildSuitKeys()`; a test checks they are equal): a base64 decode and the half-index tables,
 * a few milliseconds instead of the build.
 */
export function loadSuitKeys(): SuitKeys {
  const t0 = performance.now();
  const { SPLO, SPHI, LOPOS, HIBASE, N, loSum, hiSum } = halves();
  const KEY = fromBase64(DATA.KEY), PAIR = fromBase64(DATA.PAIR), DIST2 = fromBase64(DATA.DIST2), DIST3 = fromBase64(DATA.DIST3), CLS = fromBase64(DATA.CLS);
  const K = DATA.K, K2 = DATA.K2;
  if (KEY.length !== N || PAIR.length !== K * K || DIST2.length !== K2 * 5 || DIST3.length !== K2 * K * 5 || CLS.length !== K * TARGETS) {
    throw new Error('suit-keys.data.ts does not fit the tables: regenerate it (node dist/src/games/sichuan-mahjong/suit-keys-gen.js)');
  }
  const buildMs = performance.now() - t0;
  const bytes = LOPOS.byteLength + HIBASE.byteLength + KEY.byteLength + PAIR.byteLength + DIST2.byteLength + DIST3.byteLength + SPLO.byteLength + SPHI.byteLength + CLS.byteLength;
  return { LOPOS, HIBASE, KEY, K, PAIR, K2, DIST2, DIST3, SPLO, SPHI, LOSUM: loSum, HISUM: hiSum, CLS, buildMs, bytes, source: 'shipped' };
}

/** The text of suit-keys.data.ts for tables `t` (the generator writes it; the test compares it). */
export function suitKeysDataModule(t: SuitKeys): string {
  const b64 = (a: Uint8Array): string => {
    let bin = '';
    for (let i = 0; i < a.length; i++) bin += String.fromCharCode(a[i]);
    return btoa(bin);
  };
  return [
    '// Generated by src/games/sichuan-mahjong/suit-keys-gen.ts from buildSuitKeys(): do not edit.',
    '// test/sichuan-mahjong-shanten.test.ts checks it equals a fresh build.',
    `export const K = ${t.K};`,
    `export const K2 = ${t.K2};`,
    ...(['KEY', 'PAIR', 'DIST2', 'DIST3', 'CLS'] as const).map((n) => `export const ${n} = '${b64(t[n])}';`),
    '',
  ].join('\n');
}

/** The keys, loaded on first use and shared by everything in this thread. */
export function suitKeys(): SuitKeys {
  if (!cached) cached = loadSuitKeys();
  return cached;
}

// Module-level views of the keys (filled on first use): the lookups below read only these.
let LOPOS: Int32Array = new Int32Array(0), HIBASE: Int32Array = new Int32Array(0), KEY: Uint8Array = new Uint8Array(0), PAIR: Uint8Array = new Uint8Array(0);
let DIST2: Uint8Array = new Uint8Array(0), DIST3: Uint8Array = new Uint8Array(0), SPLO: Uint8Array = new Uint8Array(0), SPHI: Uint8Array = new Uint8Array(0);
let CLS: Uint8Array = new Uint8Array(0), LOSUM: Uint8Array = new Uint8Array(0), HISUM: Uint8Array = new Uint8Array(0);
let K = 0, KK2 = 0;
function ensureKeys(): void {
  const t = suitKeys();
  CLS = t.CLS; LOSUM = t.LOSUM; HISUM = t.HISUM;
  LOPOS = t.LOPOS; HIBASE = t.HIBASE; KEY = t.KEY; PAIR = t.PAIR; DIST2 = t.DIST2; DIST3 = t.DIST3; SPLO = t.SPLO; SPHI = t.SPHI; K = t.K; KK2 = t.K * t.K2;
}

/** Low half-index of a suit (ranks 1–5) of the counts at `o` (o = offset of the suit's rank 1). */
function loAt(c: ArrayLike<number>, o: number): number {
  return c[o] + 5 * c[o + 1] + 25 * c[o + 2] + 125 * c[o + 3] + 625 * c[o + 4];
}
/** High half-index (ranks 6–9). */
function hiAt(c: ArrayLike<number>, o: number): number {
  return c[o + 5] + 5 * c[o + 6] + 25 * c[o + 7] + 125 * c[o + 8];
}

function sevenFrom(sp: number): number {
  const pairs = sp & 15, odd = sp >> 4;
  if (pairs >= 7) return 0;
  const need = 7 - pairs;
  return need + (need > odd ? need - odd : 0);
}

/**
 * Distance (shanten + 1) of the standard form: `sets` sets and a pair, from 27 counts starting at
 * `off` (so a flat array of many hands needs no views). voidSuit −1: all three suits.
 */
export function keyStandardDistance(c: ArrayLike<number>, off: number, sets: number, voidSuit: number): number {
  if (K === 0) ensureKeys();
  if (voidSuit < 0) {
    const k0 = KEY[HIBASE[hiAt(c, off)] + LOPOS[loAt(c, off)]];
    const k1 = KEY[HIBASE[hiAt(c, off + 9)] + LOPOS[loAt(c, off + 9)]];
    const k2 = KEY[HIBASE[hiAt(c, off + 18)] + LOPOS[loAt(c, off + 18)]];
    return DIST3[sets * KK2 + PAIR[k0 * K + k1] * K + k2];
  }
  const a = off + (voidSuit === 0 ? 9 : 0), b = off + (voidSuit === 2 ? 9 : 18);
  const ka = KEY[HIBASE[hiAt(c, a)] + LOPOS[loAt(c, a)]];
  const kb = KEY[HIBASE[hiAt(c, b)] + LOPOS[loAt(c, b)]];
  return DIST2[PAIR[ka * K + kb] * 5 + sets];
}

/** Distance of one suit alone (counts at `o`) to target t = m·2 + h (m sets, h pairs): e.g. a full flush. */
export function keySuitDistance(c: ArrayLike<number>, o: number, target: number): number {
  if (K === 0) ensureKeys();
  return CLS[KEY[HIBASE[hiAt(c, o)] + LOPOS[loAt(c, o)]] * TARGETS + target];
}

/**
 * A standard winning shape (every tile in sets and one pair): each suit's tiles are exactly sets,
 * or sets and a pair — its class is at distance 0 from the target its tile count names — and one
 * suit holds the pair. Early exit on the first suit that is not.
 */
export function keyIsStandardWin(c: ArrayLike<number>, off: number): boolean {
  if (K === 0) ensureKeys();
  let pairs = 0;
  for (let s = 0; s < 3; s++) {
    const o = off + s * 9;
    const lo = loAt(c, o), hi = hiAt(c, o);
    const t = LOSUM[lo] + HISUM[hi];
    if (t === 0) continue;
    const r = t % 3;
    if (r === 1 || t > MAXT) return false;
    if (CLS[KEY[HIBASE[hi] + LOPOS[lo]] * TARGETS + ((t - r) / 3) * 2 + (r >> 1)] !== 0) return false;
    if (r === 2) pairs++;
  }
  return pairs === 1;
}

/** Seven-pairs distance (four identical tiles are two pairs) outside the void suit. */
export function keySevenPairsDistance(c: ArrayLike<number>, off: number, voidSuit: number): number {
  if (K === 0) ensureKeys();
  let sp = 0;
  for (let s = 0; s < 3; s++) {
    if (s === voidSuit) continue;
    const o = off + s * 9;
    sp += SPLO[loAt(c, o)] + SPHI[hiAt(c, o)];
  }
  return sevenFrom(sp);
}

/** Shanten: the better of the standard form and (with no declared sets) seven pairs. */
export function keyShanten(c: ArrayLike<number>, off: number, melds: number, voidSuit: number): number {
  if (K === 0) ensureKeys();
  const sets = 4 - melds;
  let d: number;
  if (voidSuit < 0) {
    const l0 = loAt(c, off), h0 = hiAt(c, off), l1 = loAt(c, off + 9), h1 = hiAt(c, off + 9), l2 = loAt(c, off + 18), h2 = hiAt(c, off + 18);
    d = DIST3[sets * KK2 + PAIR[KEY[HIBASE[h0] + LOPOS[l0]] * K + KEY[HIBASE[h1] + LOPOS[l1]]] * K + KEY[HIBASE[h2] + LOPOS[l2]]];
    if (melds === 0 && d > 0) {
      const p = sevenFrom(SPLO[l0] + SPHI[h0] + SPLO[l1] + SPHI[h1] + SPLO[l2] + SPHI[h2]);
      if (p < d) d = p;
    }
    return d - 1;
  }
  const a = off + (voidSuit === 0 ? 9 : 0), b = off + (voidSuit === 2 ? 9 : 18);
  const la = loAt(c, a), ha = hiAt(c, a), lb = loAt(c, b), hb = hiAt(c, b);
  d = DIST2[PAIR[KEY[HIBASE[ha] + LOPOS[la]] * K + KEY[HIBASE[hb] + LOPOS[lb]]] * 5 + sets];
  if (melds === 0 && d > 0) {
    const p = sevenFrom(SPLO[la] + SPHI[ha] + SPLO[lb] + SPHI[hb]);
    if (p < d) d = p;
  }
  return d - 1;
}

const HALF_STEP = new Int32Array([1, 5, 25, 125, 625, 1, 5, 25, 125]);

/**
 * The incremental form: the six half-indices of a hand, kept up to date one tile at a time
 * (a tile in or out changes one half-index of one suit by a power of five), so a shanten after
 * a change costs three key lookups and two small-table lookups, with no pass over the counts.
 */
export class IncrementalShanten {
  /** lo0, hi0, lo1, hi1, lo2, hi2 */
  readonly half = new Int32Array(6);

  set(counts: ArrayLike<number>): this {
    for (let s = 0; s < 3; s++) { this.half[2 * s] = loAt(counts, s * 9); this.half[2 * s + 1] = hiAt(counts, s * 9); }
    return this;
  }

  add(kind: number): void {
    const s = (kind / 9) | 0, r = kind - s * 9;
    this.half[2 * s + (r < 5 ? 0 : 1)] += HALF_STEP[r];
  }

  remove(kind: number): void {
    const s = (kind / 9) | 0, r = kind - s * 9;
    this.half[2 * s + (r < 5 ? 0 : 1)] -= HALF_STEP[r];
  }

  /** Distance (shanten + 1) of the standard form with `sets` sets and a pair. */
  standardDistance(sets: number, voidSuit: number): number {
    if (K === 0) ensureKeys();
    const h = this.half;
    if (voidSuit < 0) {
      return DIST3[sets * KK2 + PAIR[KEY[HIBASE[h[1]] + LOPOS[h[0]]] * K + KEY[HIBASE[h[3]] + LOPOS[h[2]]]] * K + KEY[HIBASE[h[5]] + LOPOS[h[4]]]];
    }
    const a = voidSuit === 0 ? 2 : 0, b = voidSuit === 2 ? 2 : 4;
    return DIST2[PAIR[KEY[HIBASE[h[a + 1]] + LOPOS[h[a]]] * K + KEY[HIBASE[h[b + 1]] + LOPOS[h[b]]]] * 5 + sets];
  }

  /** Seven-pairs distance outside the void suit. */
  sevenPairsDistance(voidSuit: number): number {
    if (K === 0) ensureKeys();
    const h = this.half;
    let sp = 0;
    for (let s = 0; s < 3; s++) if (s !== voidSuit) sp += SPLO[h[2 * s]] + SPHI[h[2 * s + 1]];
    return sevenFrom(sp);
  }

  /** Distance of suit `suit` alone to target m·2 + h (a full flush: m = sets, h = 1). */
  suitDistance(suit: number, target: number): number {
    if (K === 0) ensureKeys();
    const h = this.half;
    return CLS[KEY[HIBASE[h[2 * suit + 1]] + LOPOS[h[2 * suit]]] * TARGETS + target];
  }

  /** Shanten: standard form, or seven pairs when nothing is declared. */
  shanten(melds: number, voidSuit: number): number {
    let d = this.standardDistance(4 - melds, voidSuit);
    if (melds === 0 && d > 0) {
      const h = this.half;
      let sp = 0;
      for (let s = 0; s < 3; s++) if (s !== voidSuit) sp += SPLO[h[2 * s]] + SPHI[h[2 * s + 1]];
      const p = sevenFrom(sp);
      if (p < d) d = p;
    }
    return d - 1;
  }
}

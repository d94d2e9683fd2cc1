import { chooseBig } from '../../core/stats.js';
import { POW5, ROW, ROW_ODD, ROW_PAIRS, SUIT_INDICES, TARGETS, suitTables } from './tables.js';

/**
 * Exact starting-hand statistics by enumeration over per-suit count patterns.
 *
 * A deal of n tiles from the 108 is three suit count vectors; the number of physical deals with
 * suit vector c is Π_r C(4, c_r). Suit vectors fall into a few dozen classes per tile total
 * (same distance vector, pairs and odd kinds — everything the shanten depends on), so the
 * distribution is a sum over class triples (n1 + n2 + n3 = n) of products of class weights,
 * computed exactly in bigint. The void suit is chosen after the deal: the player takes the suit
 * that gives the lowest shanten.
 */
interface SuitClass {
  n: number;
  dist: Uint8Array; // 10 targets
  pairs: number;
  singles: number;
  weight: number; // Σ Π C(4, c_r), exact in a double (≤ C(36, 14))
}

export interface Distribution {
  /** the value (shanten, or tiles) */
  value: number;
  /** number of deals, exact (decimal string of a bigint) */
  count: string;
  probability: number;
}

export interface StartingHandResult {
  tiles: number;
  /** C(108, tiles) */
  deals: string;
  /** best of standard and seven pairs, void chosen after the deal to minimise it */
  shanten: Distribution[];
  /** standard shape only (best void) */
  shantenStandard: Distribution[];
  /** seven pairs only (best void) */
  shantenSevenPairs: Distribution[];
  /** tiles in the suit with the fewest tiles (what a fewest-tiles void has to throw away) */
  fewestSuitTiles: Distribution[];
  /** expected shanten (best void) */
  meanShanten: number;
  classes: number;
  seconds: number;
}

const C4 = [1, 4, 6, 4, 1];

function suitClasses(maxN: number): SuitClass[][] {
  const T = suitTables();
  const byN: Map<string, SuitClass>[] = Array.from({ length: maxN + 1 }, () => new Map());
  const d = new Int8Array(9);
  for (let idx = 0; idx < SUIT_INDICES; idx++) {
    let n = 0, pairs = 0, singles = 0, w = 1;
    for (let r = 0; r < 9; r++) {
      const c = d[r];
      n += c; pairs += c >> 1; singles += c & 1; w *= C4[c];
    }
    if (n <= maxN) {
      const dist = T.distance.subarray(idx * ROW, idx * ROW + TARGETS);
      const key = `${dist.join(',')}|${pairs}|${singles}`;
      const cls = byN[n].get(key);
      if (cls) cls.weight += w;
      else byN[n].set(key, { n, dist: Uint8Array.from(dist), pairs, singles, weight: w });
    }
    for (let r = 0; r < 9; r++) {
      if (d[r] < 4) { d[r]++; break; }
      d[r] = 0;
    }
  }
  return byN.map((m) => [...m.values()]);
}

function conv2(a: Uint8Array, b: Uint8Array, M: number): number {
  let best = 99;
  for (let m = 0; m <= M; m++) {
    best = Math.min(best, a[m * 2] + b[(M - m) * 2 + 1], a[m * 2 + 1] + b[(M - m) * 2]);
  }
  return best;
}

function sevenPairs(pairs: number, singles: number): number {
  if (pairs >= 7) return 0;
  const need = 7 - pairs;
  return need + Math.max(0, need - singles);
}

let classCache: SuitClass[][] | null = null;

/** The exact shanten distribution of an n-tile starting hand (13 for a player, 14 for the dealer). */
export function startingHandDistribution(tiles: number): StartingHandResult {
  const t0 = performance.now();
  if (!classCache) classCache = suitClasses(14);
  const cls = classCache;
  const V = 12; // value slots: shanten −1..10 at index s + 1
  const acc = [new Array<bigint>(V).fill(0n), new Array<bigint>(V).fill(0n), new Array<bigint>(V).fill(0n), new Array<bigint>(V).fill(0n)];
  const S = [new Float64Array(V), new Float64Array(V), new Float64Array(V), new Float64Array(V)];
  let classes = 0;
  for (let n = 0; n <= tiles; n++) classes += cls[n].length;
  for (let n1 = 0; n1 <= tiles; n1++) {
    for (let n2 = 0; n1 + n2 <= tiles; n2++) {
      const n3 = tiles - n1 - n2;
      if (n3 > 14 || n1 > 14 || n2 > 14) continue;
      for (const A of cls[n1]) {
        for (const B of cls[n2]) {
          for (const s of S) s.fill(0);
          // void = C's suit, A's or B's: the AB combination does not depend on C
          const stdAB = conv2(A.dist, B.dist, 4);
          const spAB = sevenPairs(A.pairs + B.pairs, A.singles + B.singles);
          for (const C of cls[n3]) {
            const stdAC = conv2(A.dist, C.dist, 4), stdBC = conv2(B.dist, C.dist, 4);
            const spAC = sevenPairs(A.pairs + C.pairs, A.singles + C.singles);
            const spBC = sevenPairs(B.pairs + C.pairs, B.singles + C.singles);
            const std = Math.min(stdAB, stdAC, stdBC);
            const sp = Math.min(spAB, spAC, spBC);
            const best = Math.min(std, sp);
            const w = C.weight;
            S[0][best] += w; // distance = shanten + 1 = slot index
            S[1][std] += w;
            S[2][sp] += w;
            S[3][Math.min(n1, n2, n3)] += w;
          }
          const wab = BigInt(A.weight) * BigInt(B.weight);
          for (let k = 0; k < 4; k++) {
            const s = S[k], a = acc[k];
            for (let v = 0; v < V; v++) if (s[v] > 0) a[v] += wab * BigInt(s[v]);
          }
        }
      }
    }
  }
  const deals = chooseBig(108, tiles);
  const dist = (a: bigint[], offset: number): Distribution[] =>
    a.map((c, i) => ({ value: i + offset, count: c.toString(), probability: Number((c * 10n ** 15n) / deals) / 1e15 })).filter((x) => x.count !== '0');
  const shanten = dist(acc[0], -1);
  const meanShanten = shanten.reduce((m, x) => m + x.value * x.probability, 0);
  return {
    tiles,
    deals: deals.toString(),
    shanten,
    shantenStandard: dist(acc[1], -1),
    shantenSevenPairs: dist(acc[2], -1),
    fewestSuitTiles: dist(acc[3], 0),
    meanShanten,
    classes,
    seconds: (performance.now() - t0) / 1000,
  };
}

export interface ReadyWaitsResult {
  /** 13-tile deals that are ready at once (the void suit chosen after the deal) */
  readyDeals: string;
  /** distinct ready hands (count vectors) */
  hands: number;
  /** by number of winning tile kinds: deals (exact) and share of ready deals */
  waits: { kinds: number; deals: string; share: number }[];
  meanKinds: number;
  seconds: number;
}

/**
 * The number of winning tile kinds of a ready 13-tile starting hand, exactly. A hand ready at
 * the deal uses at most two suits (all 13 tiles belong to the target, so the void suit is
 * empty). Every ready hand is a complete hand (four sets and a pair, or seven pairs) minus one
 * tile: complete hands over two suits are enumerated, each tile removed in turn, and the
 * distinct results kept; each is weighted by Π C(4, c) and by 3 for the choice of suits
 * (two-suit hands in {m,p}, {m,s}, {p,s}; one-suit hands in m, p or s). The total must equal
 * the shanten-0 count of `startingHandDistribution(13)` — a check between two methods.
 */
export function readyHandWaits(): ReadyWaitsResult {
  const t0 = performance.now();
  const T = suitTables();
  const COMPLETE = T.complete, DIST = T.distance;
  const c = new Uint8Array(18);
  const P9 = SUIT_INDICES;
  // distinct ready hands in an open-addressing table of keys + 1 (about 4 million distinct)
  const BITS = 23, MASK = (1 << BITS) - 1;
  const table = new Float64Array(1 << BITS);
  let distinct = 0;
  const insert = (k: number): void => {
    const a = Math.floor(k / P9), b = k - a * P9;
    let h = (Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca6b)) >>> (32 - BITS);
    for (;;) {
      const v = table[h];
      if (v === 0) { table[h] = k + 1; distinct++; return; }
      if (v === k + 1) return;
      h = (h + 1) & MASK;
    }
  };
  // the hand's key a·5^9 + b (a, b: base-5 suit indices), kept up to date as tiles come and go
  const unit = new Float64Array(18);
  for (let k = 0; k < 18; k++) unit[k] = k < 9 ? POW5[k] * P9 : POW5[k - 9];
  let key = 0, inA = 0, adds = 0;
  const add = (k: number, n: number): void => { c[k] += n; key += n * unit[k]; if (k < 9) inA += n; };
  const removeEach = (): void => {
    for (let k = 0; k < 18; k++) {
      if (!c[k]) continue;
      // one-suit hands only in suit A (suit B empty), never suit-B-only (the same by symmetry)
      if (inA - (k < 9 ? 1 : 0) > 0) { insert(key - unit[k]); adds++; }
    }
  };
  // standard complete hands: 4 sets (types 0..13 runs: suit·7 + start; 14..31 pungs) + a pair
  const sets = (from: number, left: number): void => {
    if (left === 0) {
      for (let p = 0; p < 18; p++) {
        if (c[p] + 2 > 4) continue;
        add(p, 2);
        removeEach();
        add(p, -2);
      }
      return;
    }
    for (let t = from; t < 32; t++) {
      if (t < 14) {
        const k = ((t / 7) | 0) * 9 + (t % 7);
        if (c[k] >= 4 || c[k + 1] >= 4 || c[k + 2] >= 4) continue;
        add(k, 1); add(k + 1, 1); add(k + 2, 1);
        sets(t, left - 1);
        add(k, -1); add(k + 1, -1); add(k + 2, -1);
      } else {
        const k = t - 14;
        if (c[k] + 3 > 4) continue;
        add(k, 3);
        sets(t, left - 1);
        add(k, -3);
      }
    }
  };
  sets(0, 4);
  // seven pairs: 7 pairs over 18 kinds, a kind at most twice (four identical tiles = two pairs)
  const pairs = (from: number, left: number): void => {
    if (left === 0) { removeEach(); return; }
    for (let k = from; k < 18; k++) {
      if (c[k] + 2 > 4) continue;
      add(k, 2);
      pairs(k, left - 1);
      add(k, -2);
    }
  };
  pairs(0, 7);
  const tEnum = performance.now() - t0;
  // waits of each distinct ready hand, from the suit tables: t in suit A completes the hand when
  // A + t and B are both exact shapes with one pair between them (or, seven pairs, t is the single)
  const byKindsBig = new Array<bigint>(19).fill(0n);
  for (let slot = 0; slot < table.length; slot++) {
    if (table[slot] === 0) continue;
    const k = table[slot] - 1;
    const a = Math.floor(k / P9), b = k - a * P9;
    let kinds = 0, single = -1;
    const ca = COMPLETE[a], cb = COMPLETE[b];
    const sevenReady = DIST[a * ROW + ROW_PAIRS] + DIST[b * ROW + ROW_PAIRS] === 6 && DIST[a * ROW + ROW_ODD] + DIST[b * ROW + ROW_ODD] === 1;
    let x = a, y = b;
    let w = 1;
    for (let r = 0; r < 9; r++) {
      const da = x % 5, db = y % 5;
      x = (x - da) / 5; y = (y - db) / 5;
      w *= C4[da] * C4[db];
      if (sevenReady) { if (da & 1) single = r; if (db & 1) single = 9 + r; }
      if (da < 4 && cb !== 0) {
        const na = COMPLETE[a + POW5[r]];
        if (na !== 0 && (na === 2 ? 1 : 0) + (cb === 2 ? 1 : 0) === 1) kinds |= 1 << r;
      }
      if (db < 4 && ca !== 0) {
        const nb = COMPLETE[b + POW5[r]];
        if (nb !== 0 && (nb === 2 ? 1 : 0) + (ca === 2 ? 1 : 0) === 1) kinds |= 1 << (9 + r);
      }
    }
    if (single >= 0) kinds |= 1 << single;
    let n = 0;
    while (kinds) { n += kinds & 1; kinds >>>= 1; }
    // w ≤ 6^13 < 2^53: exact in a double; sum per wait count in bigint
    byKindsBig[n] += BigInt(w) * 3n;
  }
  let total = 0n;
  for (const v of byKindsBig) total += v;
  let mean = 0;
  const waits = byKindsBig
    .map((d, kinds) => ({ kinds, deals: d.toString(), share: total ? Number((d * 10n ** 15n) / total) / 1e15 : 0 }))
    .filter((q) => q.deals !== '0');
  for (const q of waits) mean += q.kinds * q.share;
  if (process.env.ODDSMITH_DEBUG_TIMING) process.stderr.write(`ready hands: ${adds} candidates, enumeration ${tEnum.toFixed(0)} ms, waits ${(performance.now() - t0 - tEnum).toFixed(0)} ms\n`);
  return { readyDeals: total.toString(), hands: distinct, waits, meanKinds: mean, seconds: (performance.now() - t0) / 1000 };
}

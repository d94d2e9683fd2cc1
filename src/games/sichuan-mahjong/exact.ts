import { chooseBig } from '../../core/stats.js';
import { ROW, SUIT_INDICES, TARGETS, suitTables } from './tables.js';

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

/**
 * Plain reference implementations for the table-driven code, written the slow obvious way:
 * - `refDistance`: the fewest tiles to add for `sets` sets + a pair, by recursion over the 27
 *   kinds choosing at each kind how many runs start there, a pung, a pair (target ≤ 4 copies,
 *   void suit empty), memoized on (kind, open runs, sets left, pair left).
 * - `refIsWin`: recursive decomposition of the actual tiles (pair, pungs, runs from the lowest tile).
 * - `refSevenPairsDistance`: recursion over kinds choosing 0, 1 or 2 pairs of each.
 */
const memo = new Int16Array(28 * 5 * 5 * 5 * 2);
let rc: ArrayLike<number> = [];
let rv = -1;
function f(i: number, a: number, b: number, s: number, p: number): number {
  if (i === 27) return s === 0 && p === 0 && a === 0 && b === 0 ? 0 : 1000;
  const key = (((i * 5 + a) * 5 + b) * 5 + s) * 2 + p;
  if (memo[key] >= 0) return memo[key];
  const rank = i % 9;
  let best = 1000;
  const isVoid = ((i / 9) | 0) === rv;
  for (let r = 0; r <= (rank <= 6 && !isVoid ? s : 0); r++) {
    for (let u = 0; u <= (s - r >= 1 && !isVoid ? 1 : 0); u++) {
      for (let q = 0; q <= (p && !isVoid ? 1 : 0); q++) {
        const t = a + b + r + 3 * u + 2 * q;
        if (t > 4) continue;
        const cost = Math.max(0, t - rc[i]) + f(i + 1, r, a, s - r - u, p - q);
        if (cost < best) best = cost;
      }
    }
  }
  memo[key] = best;
  return best;
}

export function refDistance(c: ArrayLike<number>, sets: number, voidSuit: number): number {
  memo.fill(-1);
  rc = c;
  rv = voidSuit;
  return f(0, 0, 0, sets, 1);
}

export function refIsWin(counts: ArrayLike<number>): boolean {
  const c = Array.from(counts);
  const n = c.reduce((a, b) => a + b, 0);
  if (n % 3 !== 2) return false;
  const rec = (pair: number): boolean => {
    let i = 0;
    while (i < 27 && c[i] === 0) i++;
    if (i === 27) return pair === 0;
    if (pair && c[i] >= 2) {
      c[i] -= 2;
      const ok = rec(0);
      c[i] += 2;
      if (ok) return true;
    }
    if (c[i] >= 3) {
      c[i] -= 3;
      const ok = rec(pair);
      c[i] += 3;
      if (ok) return true;
    }
    if (i % 9 <= 6 && c[i + 1] > 0 && c[i + 2] > 0) {
      c[i]--; c[i + 1]--; c[i + 2]--;
      const ok = rec(pair);
      c[i]++; c[i + 1]++; c[i + 2]++;
      if (ok) return true;
    }
    return false;
  };
  return rec(1);
}

export function refSevenPairsDistance(c: ArrayLike<number>, voidSuit: number): number {
  const memo7 = new Map<number, number>();
  const f = (i: number, left: number): number => {
    if (i === 27) return left === 0 ? 0 : 1000;
    const hit = memo7.get(i * 8 + left);
    if (hit !== undefined) return hit;
    let best = 1000;
    const isVoid = ((i / 9) | 0) === voidSuit;
    for (let q = 0; q <= (isVoid ? 0 : Math.min(2, left)); q++) {
      const v = Math.max(0, 2 * q - c[i]) + f(i + 1, left - q);
      if (v < best) best = v;
    }
    memo7.set(i * 8 + left, best);
    return best;
  };
  return f(0, 7);
}

/** z for a two-sided 95% interval (simple-statistics' probit(0.975) is only 1.957, so the constant). */
export const Z95 = 1.959963984540054;

export interface MeanEstimate {
  n: number;
  mean: number;
  /** standard deviation of one observation (sample, n − 1) */
  sd: number;
  /** standard error of the mean */
  se: number;
  ci95: [number, number];
}

/** Mean, standard error and normal 95% interval from a count, a sum and a sum of squares. */
export function meanEstimate(n: number, sum: number, sumSq: number): MeanEstimate {
  if (n <= 0) return { n: 0, mean: NaN, sd: NaN, se: NaN, ci95: [NaN, NaN] };
  const mean = sum / n;
  const variance = n > 1 ? Math.max(0, (sumSq - n * mean * mean) / (n - 1)) : 0;
  const sd = Math.sqrt(variance);
  const se = sd / Math.sqrt(n);
  return { n, mean, sd, se, ci95: [mean - Z95 * se, mean + Z95 * se] };
}

export interface Proportion {
  n: number;
  k: number;
  p: number;
  se: number;
  /** Wilson score interval */
  ci95: [number, number];
}

/** A proportion k/n with its standard error and Wilson 95% interval. */
export function proportion(k: number, n: number): Proportion {
  if (n <= 0) return { n: 0, k: 0, p: NaN, se: NaN, ci95: [NaN, NaN] };
  const p = k / n;
  const z = Z95, z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z / denom) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { n, k, p, se: Math.sqrt((p * (1 - p)) / n), ci95: [Math.max(0, centre - half), Math.min(1, centre + half)] };
}

/** Greatest common divisor of two non-negative integers (bigint, for exact fractions). */
export function gcd(a: bigint, b: bigint): bigint {
  while (b) [a, b] = [b, a % b];
  return a;
}

/** An exact fraction num/den in lowest terms, as text "num/den". */
export function fractionText(num: bigint, den: bigint): string {
  if (den === 0n) return 'NaN';
  const g = gcd(num < 0n ? -num : num, den);
  return `${num / g}/${den / g}`;
}

/** Binomial coefficient as a float (exact below 2^53 for the sizes used here). */
export function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  k = Math.min(k, n - k);
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return Math.round(r);
}

/** Binomial coefficient, exact. */
export function chooseBig(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  k = Math.min(k, n - k);
  let r = 1n;
  for (let i = 1; i <= k; i++) r = (r * BigInt(n - k + i)) / BigInt(i);
  return r;
}

import type { Rng } from '../../core/rng.js';

const TWO_POW_30 = 1073741824;

/**
 * Exactly rng.below(n) (1 ≤ n ≤ 2^30) — the same numbers from the same stream — written as one function on the
 * generator's state. Rng.below calls nextU32, whose uint32 result does not fit a small integer and
 * is boxed (allocated) whenever the JIT does not inline that call, as happens in the larger
 * strategy functions; here the uint32 never leaves this function and the result (< n ≤ 2^30) is
 * a small integer. Tested against rng.below.
 */
export function below(rng: Rng, n: number): number {
  const s = rng.s;
  const limit = TWO_POW_30 - (TWO_POW_30 % n);
  for (;;) {
    const s0 = s[0], s1 = s[1], s2 = s[2] ^ s0, s3 = s[3] ^ s1;
    const m = Math.imul(s1, 5);
    const r = Math.imul((m << 7) | (m >>> 25), 9) >>> 2;
    s[0] = s0 ^ s3;
    s[1] = s1 ^ s2;
    s[2] = s2 ^ (s1 << 9);
    s[3] = (s3 << 11) | (s3 >>> 21);
    if (r < limit) return r % n;
  }
}

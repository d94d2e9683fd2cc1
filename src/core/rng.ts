/**
 * xoshiro128** on 32-bit state (Blackman & Vigna), with jump-ahead.
 * State lives in an Int32Array so that drawing never allocates (uint32 values above 2^31
 * would otherwise be boxed as heap numbers when stored in object fields).
 */
const JUMP = [0x8764000b, 0xf542d2d3, 0x6fa035c3, 0x77f2db5b];
const TWO_POW_32 = 4294967296;
const TWO_POW_30 = 1073741824;

export class Rng {
  readonly s = new Int32Array(4);

  /** A generator seeded from any safe integer (splitmix32 expansion, never all-zero). */
  constructor(seed = 1) {
    let x = (seed % TWO_POW_32) | 0;
    let hi = Math.floor(seed / TWO_POW_32) | 0;
    for (let i = 0; i < 4; i++) {
      x = (x + 0x9e3779b9 + hi) | 0;
      hi = 0;
      let z = x;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      this.s[i] = z ^ (z >>> 16);
    }
    if ((this.s[0] | this.s[1] | this.s[2] | this.s[3]) === 0) this.s[0] = 1;
  }

  /**
   * The stream of shard `index` under `seed`: the seed's stream jumped ahead index × 2^64 draws,
   * so shards never overlap and a shard's numbers do not depend on which thread runs it.
   */
  static forShard(seed: number, index: number): Rng {
    const r = new Rng(seed);
    for (let i = 0; i < index; i++) r.jump();
    return r;
  }

  /** Next uniform 32-bit unsigned integer. */
  nextU32(): number {
    const s = this.s;
    const s0 = s[0], s1 = s[1], s2 = s[2] ^ s0, s3 = s[3] ^ s1;
    const m = Math.imul(s1, 5);
    const result = Math.imul((m << 7) | (m >>> 25), 9);
    s[0] = s0 ^ s3;
    s[1] = s1 ^ s2;
    s[2] = s2 ^ (s1 << 9);
    s[3] = (s3 << 11) | (s3 >>> 21);
    return result >>> 0;
  }

  /** Uniform float in [0, 1) with 32 bits of resolution. */
  nextFloat(): number {
    return this.nextU32() / TWO_POW_32;
  }

  /**
   * Uniform integer in [0, n), unbiased, 1 ≤ n ≤ 2^30. One draw of 6^5 rolls five dice at once.
   *
   * Lemire's multiply-shift on the top 30 bits r of the output: the result is the high part of
   * r·n / 2^30, computed from two 15-bit halves of r so that every intermediate is a small
   * integer (no boxed doubles in any JIT tier, no division on the common path); the rare low parts
   * below (2^30 − n) mod n are rejected, which makes it exactly uniform. n ≥ 2^15 falls back to
   * rejection and a remainder. The generator step is written out for the same reasons.
   */
  below(n: number): number {
    const s = this.s;
    for (;;) {
      const s0 = s[0], s1 = s[1], s2 = s[2] ^ s0, s3 = s[3] ^ s1;
      const m = Math.imul(s1, 5);
      const r = Math.imul((m << 7) | (m >>> 25), 9) >>> 2;
      s[0] = s0 ^ s3;
      s[1] = s1 ^ s2;
      s[2] = s2 ^ (s1 << 9);
      s[3] = (s3 << 11) | (s3 >>> 21);
      if (n < 32768) {
        const lowProduct = (r & 0x7fff) * n;
        const c = (r >>> 15) * n + (lowProduct >>> 15);
        const low = ((c & 0x7fff) << 15) | (lowProduct & 0x7fff);
        if (low >= n || low >= (TWO_POW_30 - n) % n) return c >>> 15;
      } else if (r < TWO_POW_30 - (TWO_POW_30 % n)) return r % n;
    }
  }

  /** Advance 2^64 draws. */
  jump(): void {
    let t0 = 0, t1 = 0, t2 = 0, t3 = 0;
    const s = this.s;
    for (let i = 0; i < 4; i++) {
      for (let b = 0; b < 32; b++) {
        if ((JUMP[i] >>> b) & 1) {
          t0 ^= s[0]; t1 ^= s[1]; t2 ^= s[2]; t3 ^= s[3];
        }
        this.nextU32();
      }
    }
    s[0] = t0; s[1] = t1; s[2] = t2; s[3] = t3;
  }
}

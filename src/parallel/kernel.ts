import type { Rng } from '../core/rng.js';

/**
 * A simulation kernel: everything a shard needs, as a pure function of (params, stream, count).
 * `params` must survive structured cloning (it crosses into worker threads); `run` compiles its
 * tables once per thread and then loops `count` times without allocating, returning a flat
 * accumulator (counts, sums, sums of squares, histograms). Accumulators of shards are added in
 * shard order.
 */
export interface Kernel<P = unknown, R = unknown> {
  /** registry key, "<game>.<what>" */
  name: string;
  run(params: P, rng: Rng, count: number): Float64Array;
  /** Turn a merged accumulator into the result users see (JSON-friendly). */
  summarize(params: P, acc: Float64Array, count: number): R;
  /** Human-readable text of a summary (for `merge` without --json). */
  format?(result: R, params: P): string;
  /** A small valid run (params and trial count): the shared kernel contract test runs every kernel with it. */
  sample(): { params: P; count: number };
}

import type { Rng } from '../core/rng.js';
import type { Row } from '../core/format.js';

/** What every simulation result reports about its run (a merge reports the parts' summed time). */
export interface RunInfo {
  seconds: number;
  perSecond: number;
  workers: number;
  seed: number;
  shardCount: number;
}

/** A command's final result and its two printed forms (text, and the main table for --csv). */
export interface Finished {
  result: unknown;
  text(): string;
  csv?(): readonly Row[];
}

/**
 * A simulation kernel: everything a shard needs, as a pure function of (params, stream, count).
 * `params` must survive structured cloning (it crosses into worker threads) and JSON (it is stored
 * in partial files); `run` compiles its tables once per thread and then loops `count` times without
 * allocating, returning a flat accumulator (counts, sums, sums of squares, histograms).
 * Accumulators of shards are added in shard order.
 */
export interface Kernel<P = unknown, R = unknown> {
  /** registry key, "<game>.<what>" */
  name: string;
  run(params: P, rng: Rng, count: number): Float64Array;
  /** Turn a merged accumulator into the result users see (JSON-friendly). */
  summarize(params: P, acc: Float64Array, count: number): R;
  /** Human-readable text of a summary (for `merge` without --json, when there is no `finish`). */
  format?(result: R, params: P): string;
  /** A small valid run (params and trial count): the shared kernel contract test runs it. */
  sample(): { params: P; count: number };
  /** Words for the progress line: `{ label: 'Wulong turns', unit: 'turns' }` (default: from the name). */
  progress?: { label: string; unit: string };
  /**
   * The command's whole result from an accumulator: what the game's simulate command prints, and
   * what `oddsmith merge` prints for partial files of that command, so the two agree field for
   * field. `extra` is the command's own JSON data that is not a kernel parameter (e.g. the hand as
   * the user typed it, whether --exact was asked); it is stored in the partial files.
   */
  finish?(params: P, acc: Float64Array, count: number, run: RunInfo, extra: unknown): Finished;
}

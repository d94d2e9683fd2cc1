// Timing helpers shared by every game's bench.
import { runExperiment, type Experiment } from '../parallel/pool.js';

/** Milliseconds since a process.hrtime.bigint() stamp. */
export const ms = (t0: bigint): number => Number(process.hrtime.bigint() - t0) / 1e6;

/** A number with thousands separators and d decimals. */
export const f = (x: number, d = 0): string => x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

/** Best of a few runs: the least disturbed by whatever else the machine is doing. */
export function best<T>(runs: number, fn: () => T): { ms: number; value: T } {
  let bestMs = Infinity, value!: T;
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    value = fn();
    bestMs = Math.min(bestMs, ms(t0));
  }
  return { ms: bestMs, value };
}

/**
 * The same experiment on a pool of 1 and of 2 worker threads (both through the pool, so thread
 * start-up counts alike): times, and whether the two results are bit-identical, as they must be.
 */
export async function poolScaling(e: Experiment): Promise<{ oneMs: number; twoMs: number; same: boolean }> {
  const t1 = process.hrtime.bigint();
  const a1 = await runExperiment(e, { workers: 1, alwaysPool: true });
  const oneMs = ms(t1);
  const t2 = process.hrtime.bigint();
  const a2 = await runExperiment(e, { workers: 2 });
  const twoMs = ms(t2);
  return { oneMs, twoMs, same: Buffer.from(a1.buffer).equals(Buffer.from(a2.buffer)) };
}

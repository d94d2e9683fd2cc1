import { Rng } from '../core/rng.js';
import { getKernel } from './registry.js';

/** One shard of an experiment: what a worker thread (or a cluster task) is handed. */
export interface ShardTask {
  kernel: string;
  params: unknown;
  seed: number;
  /** total trials of the whole experiment */
  total: number;
  shardCount: number;
  shardIndex: number;
}

/** Trials in shard i: the total split as evenly as possible, the first shards taking the remainder. */
export function shardSize(total: number, shardCount: number, index: number): number {
  const base = Math.floor(total / shardCount);
  return base + (index < total % shardCount ? 1 : 0);
}

/** Run one shard; the result depends only on the task, never on the thread that runs it. */
export function runShard(task: ShardTask): Float64Array {
  const rng = Rng.forShard(task.seed, task.shardIndex);
  return getKernel(task.kernel).run(task.params, rng, shardSize(task.total, task.shardCount, task.shardIndex));
}

/** Add accumulators in shard order (floating-point addition is not associative; the order is fixed). */
export function mergeAccumulators(parts: readonly Float64Array[]): Float64Array {
  const out = new Float64Array(parts[0].length);
  for (const p of parts) {
    if (p.length !== out.length) throw new Error(`accumulator length mismatch: ${p.length} vs ${out.length}`);
    for (let i = 0; i < out.length; i++) out[i] += p[i];
  }
  return out;
}

import { availableParallelism } from 'node:os';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { mergeAccumulators, runShard, type ShardTask } from './shards.js';
import { getKernel, kernelModule, workerSetups } from './registry.js';

export interface Experiment {
  kernel: string;
  params: unknown;
  seed: number;
  total: number;
  shardCount: number;
}

export interface RunOptions {
  /** worker threads; 1 runs the shards in this thread (same streams, same result) */
  workers?: number;
  /** use worker threads even for one worker (to compare pool sizes like with like) */
  alwaysPool?: boolean;
  /** after each shard: shards done, shards in all, and the index of the shard just done */
  onShardDone?: (done: number, of: number, shardIndex: number) => void;
}

export function defaultWorkers(): number {
  return availableParallelism();
}

export function shardTasks(e: Experiment): ShardTask[] {
  return Array.from({ length: e.shardCount }, (_, shardIndex) => ({ ...e, shardIndex }));
}

/** The compiled worker file (tests run from TypeScript sources, workers always from dist/). */
function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  const file = here.endsWith('.ts') ? fileURLToPath(new URL('../../dist/src/parallel/worker.js', import.meta.url)) : fileURLToPath(new URL('./worker.js', import.meta.url));
  if (!existsSync(file)) throw new Error(`worker file ${file} is missing: run npm run build`);
  return file;
}

/** A module as worker threads load it: tests run from TypeScript sources, workers from dist/. */
function compiledModule(url: string): string {
  const root = new URL('../../', import.meta.url).href;
  if (!url.endsWith('.ts') || !url.startsWith(root)) return url;
  return `${root}dist/${url.slice(root.length, -3)}.js`;
}

/** Let the event loop breathe between in-thread shards: progress redraws and Ctrl-C get handled. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Run the given shards (in-thread for one worker, else on a pool); parts come back by shard index. */
async function runShards(e: Experiment, indexes: readonly number[], opts: RunOptions): Promise<Float64Array[]> {
  getKernel(e.kernel);
  const workers = Math.max(1, Math.min(opts.workers ?? defaultWorkers(), indexes.length));
  const tasks: ShardTask[] = indexes.map((shardIndex) => ({ ...e, shardIndex }));
  const parts: Float64Array[] = new Array(e.shardCount);
  let done = 0;
  if (workers === 1 && !opts.alwaysPool) {
    for (const t of tasks) {
      parts[t.shardIndex] = runShard(t);
      opts.onShardDone?.(++done, tasks.length, t.shardIndex);
      await breathe();
    }
  } else {
    const module = compiledModule(kernelModule(e.kernel));
    const setups = workerSetups().map((s) => ({ module: compiledModule(s.module), arg: s.arg }));
    const pool = new Piscina({ filename: workerFile(), minThreads: workers, maxThreads: workers, idleTimeout: 1000 });
    // Every shard settles before the pool goes (a worker's message after destroy would be an
    // unhandled error); then the first failing shard in shard order is reported.
    const failed: { shardIndex: number; error: unknown }[] = [];
    try {
      await Promise.all(
        tasks.map(async (t) => {
          try {
            parts[t.shardIndex] = await pool.run({ ...t, module, setups });
            opts.onShardDone?.(++done, tasks.length, t.shardIndex);
          } catch (error) {
            failed.push({ shardIndex: t.shardIndex, error });
          }
        }),
      );
      if (failed.length) throw failed.sort((a, b) => a.shardIndex - b.shardIndex)[0].error;
    } finally {
      await pool.destroy();
    }
  }
  return parts;
}

/**
 * Run every shard of an experiment and merge the accumulators in shard order. The result is
 * bit-identical for any worker count because each shard's stream comes from (seed, shard index).
 */
export async function runExperiment(e: Experiment, opts: RunOptions = {}): Promise<Float64Array> {
  return mergeAccumulators(await runShards(e, shardTasks(e).map((t) => t.shardIndex), opts));
}

/** Run one shard (a cluster task); `alwaysPool` runs it on a worker thread so this thread stays responsive. */
export async function runOneShard(e: Experiment, shardIndex: number, opts: RunOptions = {}): Promise<Float64Array> {
  return (await runShards(e, [shardIndex], { ...opts, workers: 1 }))[shardIndex];
}

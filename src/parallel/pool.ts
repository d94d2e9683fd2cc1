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

/**
 * The pool of the last runs, kept while runs use the same kernel module and thread count: starting
 * threads and loading a game's kernels in them costs more CPU than many small runs themselves (a
 * report page runs dozens). Another module gets a fresh pool, so one game's tables are freed before
 * the next game's are built. Idle workers are unref'd by piscina: a kept pool never keeps a
 * finished process alive.
 */
let kept: { workers: number; module: string; pool: Piscina; busy: number } | undefined;
const newPool = (workers: number) => new Piscina({ filename: workerFile(), minThreads: workers, maxThreads: workers, idleTimeout: 1000 });
async function withPool<T>(workers: number, module: string, use: (pool: Piscina) => Promise<T>): Promise<T> {
  const same = (k: NonNullable<typeof kept>) => k.workers === workers && k.module === module;
  if (kept && !same(kept) && kept.busy === 0) {
    const old = kept;
    kept = undefined;
    await old.pool.destroy();
  }
  kept ??= { workers, module, pool: newPool(workers), busy: 0 };
  if (same(kept)) {
    const k = kept;
    k.busy++;
    try {
      return await use(k.pool);
    } finally {
      k.busy--;
    }
  }
  // runs of another kernel hold the kept pool right now: a pool of this run's own
  const pool = newPool(workers);
  try {
    return await use(pool);
  } finally {
    await pool.destroy();
  }
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
    // Every shard settles before the pool is released (a worker's message after destroy would be
    // an unhandled error); then the first failing shard in shard order is reported.
    const failed: { shardIndex: number; error: unknown }[] = [];
    await withPool(workers, module, (pool) =>
      Promise.all(
        tasks.map(async (t) => {
          try {
            parts[t.shardIndex] = await pool.run({ ...t, module, setups });
            opts.onShardDone?.(++done, tasks.length, t.shardIndex);
          } catch (error) {
            failed.push({ shardIndex: t.shardIndex, error });
          }
        }),
      ),
    );
    if (failed.length) throw failed.sort((a, b) => a.shardIndex - b.shardIndex)[0].error;
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

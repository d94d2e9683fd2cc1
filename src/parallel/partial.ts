import { createHash } from 'node:crypto';
import { UserError } from '../core/errors.js';
import { readJsonFile, writeFileAtomic } from '../core/files.js';
import { object, integer, array, string } from '../core/validate.js';
import { mergeAccumulators, runShard } from './shards.js';
import { hasKernel } from './registry.js';
import type { Experiment } from './pool.js';

/**
 * A partial result: one shard's accumulator plus the identity of the experiment it belongs to,
 * so that `merge` can refuse shards from different experiments, duplicates and gaps.
 */
export interface PartialFile {
  format: 'oddsmith-partial/1';
  experimentId: string;
  experiment: Experiment;
  shardIndex: number;
  acc: number[];
}

export function experimentId(e: Experiment): string {
  return createHash('sha256').update(JSON.stringify([e.kernel, e.params, e.seed, e.total, e.shardCount])).digest('hex').slice(0, 16);
}

/** Shard index from the flag, else from a Kubernetes Indexed Job or a Slurm array task. */
export function shardIndexFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const v = env.JOB_COMPLETION_INDEX ?? env.SLURM_ARRAY_TASK_ID;
  return v === undefined || v === '' ? undefined : Number(v);
}

export async function runShardToFile(e: Experiment, shardIndex: number, out: string): Promise<PartialFile> {
  if (!Number.isInteger(shardIndex) || shardIndex < 0 || shardIndex >= e.shardCount) {
    throw new UserError(`--shard-index must be an integer in 0..${e.shardCount - 1} (got ${shardIndex})`);
  }
  const acc = runShard({ ...e, shardIndex });
  const file: PartialFile = { format: 'oddsmith-partial/1', experimentId: experimentId(e), experiment: e, shardIndex, acc: Array.from(acc) };
  writeFileAtomic(out, JSON.stringify(file) + '\n');
  return file;
}

/**
 * Read a partial file. `loadGame` imports the game that registers the kernel named in the file
 * (the caller knows the games; this folder does not).
 */
async function readPartial(path: string, loadGame: (kernel: string) => Promise<void>): Promise<PartialFile> {
  const raw = object(readJsonFile(path, 'partial result'), path);
  if (raw.format !== 'oddsmith-partial/1') throw new UserError(`${path} is not an oddsmith partial result`);
  const e = object(raw.experiment, `${path}: experiment`) as unknown as Experiment;
  string(e.kernel, `${path}: experiment.kernel`);
  await loadGame(e.kernel);
  if (!hasKernel(e.kernel)) throw new UserError(`${path}: unknown kernel ${e.kernel}`);
  integer(raw.shardIndex, `${path}: shardIndex`, 0, e.shardCount - 1);
  array(raw.acc, `${path}: acc`);
  if (experimentId(e) !== raw.experimentId) throw new UserError(`${path}: experiment id does not match its contents`);
  return raw as unknown as PartialFile;
}

/** Merge partial files: same experiment, every shard exactly once, added in shard order. */
export async function mergePartialFiles(paths: readonly string[], loadGame: (kernel: string) => Promise<void>): Promise<{ experiment: Experiment; acc: Float64Array }> {
  if (paths.length === 0) throw new UserError('merge needs at least one partial result file');
  const parts: PartialFile[] = [];
  for (const p of paths) parts.push(await readPartial(p, loadGame));
  const first = parts[0];
  const byIndex: (PartialFile | undefined)[] = Array.from({ length: first.experiment.shardCount }, () => undefined);
  parts.forEach((p, i) => {
    if (p.experimentId !== first.experimentId) throw new UserError(`${paths[i]} belongs to a different experiment than ${paths[0]}`);
    if (byIndex[p.shardIndex]) throw new UserError(`shard ${p.shardIndex} appears twice (${paths[i]})`);
    byIndex[p.shardIndex] = p;
  });
  const missing = byIndex.flatMap((p, i) => (p ? [] : [i]));
  if (missing.length) throw new UserError(`missing shard(s) ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ', ...' : ''} of ${first.experiment.shardCount}`);
  return { experiment: first.experiment, acc: mergeAccumulators(byIndex.map((p) => Float64Array.from(p!.acc))) };
}

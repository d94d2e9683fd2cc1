import { createHash } from 'node:crypto';
import { UserError } from '../core/errors.js';
import { nestedDeeperThan, readJsonFile, showPath, writeFileAtomic } from '../core/files.js';
import { Rng } from '../core/rng.js';
import { object, integer, array, string, number } from '../core/validate.js';
import { mergeAccumulators, shardSize } from './shards.js';
import { getKernel, hasKernel } from './registry.js';
import { runOneShard, type Experiment } from './pool.js';
import type { Finished, Kernel, RunInfo } from './kernel.js';

/** Bounds a part file must respect (beyond them it is corrupt, or would exhaust memory). */
export const LIMITS = { maxSeed: 2 ** 32 - 1, maxShardCount: 1_000_000, maxTotal: 1e15, maxAccLength: 50_000_000, maxWorkers: 4096 } as const;

export const PARTIAL_FORMAT = 'oddsmith-partial/2';

/**
 * A partial result: one shard's accumulator plus the identity of the experiment it belongs to, so
 * that `merge` can refuse shards of different experiments, duplicates and gaps; `count`, `accLength`
 * and `checksum` (sha256 over every other field and the accumulator's bytes) let it refuse a part
 * that was edited, truncated or relabelled.
 */
export interface PartialFile {
  format: typeof PARTIAL_FORMAT;
  experimentId: string;
  experiment: Experiment;
  /** the command's own data for its final result (see Kernel.finish) */
  extra: unknown;
  shardIndex: number;
  /** trials in this shard */
  count: number;
  /** compute time of this shard and the worker threads it had (merge reports their sum) */
  seconds: number;
  workers: number;
  accLength: number;
  acc: number[];
  checksum: string;
}

export function experimentId(e: Experiment, extra: unknown = null): string {
  return createHash('sha256').update(JSON.stringify([e.kernel, e.params, e.seed, e.total, e.shardCount, extra ?? null])).digest('hex').slice(0, 16);
}

/** The checksum a part file carries (exported for tests that edit parts as someone could). */
export function checksum(p: Omit<PartialFile, 'checksum' | 'acc' | 'experiment' | 'extra'>, acc: ArrayLike<number>): string {
  // -0 is written to JSON as 0: hash what survives the round trip
  const bytes = Float64Array.from(acc, (x) => x + 0);
  return createHash('sha256')
    .update(JSON.stringify([p.format, p.experimentId, p.shardIndex, p.count, p.seconds, p.workers, p.accLength]))
    .update(new Uint8Array(bytes.buffer))
    .digest('hex');
}

/** A value that JSON stores and restores as it is (params and extra go into part files). */
function checkJsonSafe(v: unknown, where: string, depth = 0): void {
  if (depth > 64) throw new Error(`${where} is nested too deeply for a partial file`);
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error(`${where} holds ${v}, which JSON cannot store`);
    return;
  }
  if (Array.isArray(v)) return v.forEach((x, i) => checkJsonSafe(x, `${where}[${i}]`, depth + 1));
  if (typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    for (const [k, x] of Object.entries(v as object)) if (x !== undefined) checkJsonSafe(x, `${where}.${k}`, depth + 1);
    return;
  }
  throw new Error(`${where} is a ${Object.prototype.toString.call(v)}, which a partial file cannot store as it is`);
}

export type ShardIndexSource = { index: number; variable: string };

/**
 * The shard index a cluster gives: a Kubernetes Indexed Job (JOB_COMPLETION_INDEX) or a Slurm array
 * task (SLURM_ARRAY_TASK_ID). Unset or empty means none; anything but a plain integer is refused.
 */
export function shardIndexFromEnv(env: NodeJS.ProcessEnv = process.env): ShardIndexSource | undefined {
  for (const variable of ['JOB_COMPLETION_INDEX', 'SLURM_ARRAY_TASK_ID']) {
    const v = env[variable];
    if (v === undefined || v === '') continue;
    if (!/^\d{1,7}$/.test(v)) throw new UserError(`${variable} must be a shard index, an integer 0..${LIMITS.maxShardCount - 1} (got ${JSON.stringify(v.length > 40 ? v.slice(0, 37) + '...' : v)})`);
    return { index: Number(v), variable };
  }
  return undefined;
}

export interface ShardRunOptions {
  workers?: number;
  alwaysPool?: boolean;
  extra?: unknown;
}

/** Run one shard and write its partial result (atomically) to `out`. */
export async function runShardToFile(e: Experiment, shardIndex: number, out: string, opts: ShardRunOptions = {}): Promise<PartialFile> {
  if (!Number.isInteger(shardIndex) || shardIndex < 0 || shardIndex >= e.shardCount) {
    throw new UserError(`--shard-index must be an integer in 0..${e.shardCount - 1} (got ${shardIndex})`);
  }
  const extra = opts.extra ?? null;
  checkJsonSafe(e.params, `${e.kernel} params`);
  checkJsonSafe(extra, `${e.kernel} extra`);
  const t0 = process.hrtime.bigint();
  const acc = await runOneShard(e, shardIndex, { alwaysPool: opts.alwaysPool });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  // let a signal that came during the run be handled before anything is written
  await new Promise<void>((resolve) => setImmediate(resolve));
  for (let i = 0; i < acc.length; i++) if (!Number.isFinite(acc[i])) throw new Error(`kernel ${e.kernel} produced ${acc[i]} at accumulator entry ${i}`);
  const head = { format: PARTIAL_FORMAT, experimentId: experimentId(e, extra), shardIndex, count: shardSize(e.total, e.shardCount, shardIndex), seconds, workers: 1, accLength: acc.length } as const;
  const file: PartialFile = { ...head, experiment: e, extra, acc: Array.from(acc), checksum: checksum(head, acc) };
  writeFileAtomic(out, JSON.stringify(file) + '\n', 'partial result');
  return file;
}

/** Whether a parsed JSON value nests deeper than `max` (checked without recursion: no stack overflow). */
/** Validate one part file's fields and its checksum; the kernel itself is checked by the caller. */
function readPartial(path: string): PartialFile {
  const where = showPath(path);
  const json = readJsonFile(path, 'partial result');
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new UserError(`${where} must be an object (an oddsmith partial result)`);
  if (nestedDeeperThan(json, 64)) throw new UserError(`${where} is nested more than 64 deep: not an oddsmith partial result`);
  const raw = json as Record<string, unknown>;
  if (raw.format !== PARTIAL_FORMAT) {
    throw new UserError(`${where} is not an oddsmith partial result of this version (format ${JSON.stringify(raw.format)}, expected "${PARTIAL_FORMAT}")`);
  }
  const e = object(raw.experiment, `${where}: experiment`);
  const kernel = string(e.kernel, `${where}: experiment.kernel`);
  if (!/^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/.test(kernel)) throw new UserError(`${where}: experiment.kernel ${JSON.stringify(kernel.slice(0, 60))} is not a kernel name (game.what)`);
  object(e.params, `${where}: experiment.params`);
  const seed = integer(e.seed, `${where}: experiment.seed`, 0, LIMITS.maxSeed);
  const shardCount = integer(e.shardCount, `${where}: experiment.shardCount`, 1, LIMITS.maxShardCount);
  const total = integer(e.total, `${where}: experiment.total`, shardCount, LIMITS.maxTotal);
  const experiment: Experiment = { kernel, params: e.params, seed, total, shardCount };
  const extra = raw.extra === undefined ? null : raw.extra;
  const id = string(raw.experimentId, `${where}: experimentId`);
  if (id !== experimentId(experiment, extra)) throw new UserError(`${where}: experiment id does not match its contents (the file was edited or is damaged)`);
  const shardIndex = integer(raw.shardIndex, `${where}: shardIndex`, 0, shardCount - 1);
  const count = integer(raw.count, `${where}: count`, 0, LIMITS.maxTotal);
  if (count !== shardSize(total, shardCount, shardIndex)) throw new UserError(`${where}: count ${count} is not the size of shard ${shardIndex} of ${shardCount} (${shardSize(total, shardCount, shardIndex)})`);
  const seconds = number(raw.seconds, `${where}: seconds`, 0, 1e9);
  const workers = integer(raw.workers, `${where}: workers`, 1, LIMITS.maxWorkers);
  const accLength = integer(raw.accLength, `${where}: accLength`, 1, LIMITS.maxAccLength);
  const acc = array(raw.acc, `${where}: acc`, accLength, accLength);
  for (let i = 0; i < acc.length; i++) {
    if (typeof acc[i] !== 'number' || !Number.isFinite(acc[i])) throw new UserError(`${where}: acc[${i}] must be a finite number (got ${JSON.stringify(acc[i])?.slice(0, 40)})`);
  }
  const head = { format: PARTIAL_FORMAT, experimentId: id, shardIndex, count, seconds, workers, accLength } as const;
  if (raw.checksum !== checksum(head, acc as number[])) throw new UserError(`${where}: checksum does not match (the accumulator or a field was changed or damaged)`);
  return { ...head, experiment, extra, acc: acc as number[], checksum: raw.checksum as string };
}

export interface Merged {
  experiment: Experiment;
  extra: unknown;
  acc: Float64Array;
  run: RunInfo;
}

/**
 * Merge partial files: each valid on its own, the same experiment, every shard exactly once, the
 * accumulator as long as the kernel's; added in shard order. `loadGame` imports the game that
 * registers the kernel named in the files (the caller knows the games; this folder does not).
 */
export async function mergePartialFiles(paths: readonly string[], loadGame: (kernel: string, experiment: Experiment) => Promise<void>): Promise<Merged> {
  if (paths.length === 0) throw new UserError('merge needs at least one partial result file');
  const first = readPartial(paths[0]);
  const e = first.experiment;
  if (paths.length > e.shardCount) throw new UserError(`${paths.length} files given for an experiment of ${e.shardCount} shard(s)`);
  await loadGame(e.kernel, e);
  if (!hasKernel(e.kernel)) throw new UserError(`${showPath(paths[0])}: unknown kernel ${JSON.stringify(e.kernel)} (a game loaded from a module: name it again, \`oddsmith --game <module> merge …\`)`);
  const kernel = getKernel(e.kernel);
  // the kernel's own accumulator length for these params: a run of zero trials costs only its tables
  let length: number;
  try {
    length = kernel.run(e.params, Rng.forShard(e.seed, 0), 0).length;
  } catch (err) {
    if (err instanceof UserError) throw new UserError(`${showPath(paths[0])}: experiment.params: ${err.message}`);
    throw new UserError(`${showPath(paths[0])}: experiment.params are not valid for kernel ${e.kernel} (${String((err as Error)?.message ?? err).split('\n')[0].slice(0, 120)})`);
  }
  if (first.accLength !== length) throw new UserError(`${showPath(paths[0])}: accumulator has ${first.accLength} entries; kernel ${e.kernel} makes ${length} for these params`);
  const byIndex: (PartialFile | undefined)[] = new Array(e.shardCount);
  const firstOf: string[] = new Array(e.shardCount);
  for (let i = 0; i < paths.length; i++) {
    const p = i === 0 ? first : readPartial(paths[i]);
    if (p.experimentId !== first.experimentId) throw new UserError(`${showPath(paths[i])} belongs to a different experiment than ${showPath(paths[0])}`);
    if (p.accLength !== first.accLength) throw new UserError(`${showPath(paths[i])}: accumulator length ${p.accLength} differs from ${first.accLength}`);
    if (byIndex[p.shardIndex]) throw new UserError(`shard ${p.shardIndex} appears twice (${showPath(firstOf[p.shardIndex])} and ${showPath(paths[i])})`);
    byIndex[p.shardIndex] = p;
    firstOf[p.shardIndex] = paths[i];
  }
  const missing: number[] = [];
  for (let i = 0; i < e.shardCount && missing.length <= 10; i++) if (!byIndex[i]) missing.push(i);
  if (missing.length) throw new UserError(`missing shard(s) ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ', ...' : ''} of ${e.shardCount}`);
  const acc = mergeAccumulators(byIndex.map((p) => Float64Array.from(p!.acc)));
  const seconds = byIndex.reduce((s, p) => s + p!.seconds, 0);
  const workers = byIndex.reduce((w, p) => Math.max(w, p!.workers), 1);
  return { experiment: e, extra: first.extra, acc, run: { seconds, perSecond: seconds > 0 ? e.total / seconds : 0, workers, seed: e.seed, shardCount: e.shardCount } };
}

/** A readable text for a result without a kernel `format`: its scalar fields, one per line. */
function plainText(result: unknown): string {
  if (typeof result !== 'object' || result === null) return String(result);
  const lines: string[] = [];
  for (const [k, v] of Object.entries(result)) {
    if (v === null || ['number', 'string', 'boolean'].includes(typeof v)) lines.push(`${k}: ${typeof v === 'number' ? Number(v.toPrecision(8)) : v}`);
  }
  return [...lines, '(--json has every field)'].join('\n');
}

/**
 * The final result a command prints for a finished run: the kernel's `finish` when it has one (then
 * a command and a merge of its parts agree field for field), else the summary with the run's seed
 * and shard count.
 */
export function finishRun<P>(kernel: Kernel<P, unknown>, params: P, acc: Float64Array, total: number, run: RunInfo, extra: unknown = null): Finished {
  if (kernel.finish) return kernel.finish(params, acc, total, run, extra);
  const summary = kernel.summarize(params, acc, total);
  const result = typeof summary === 'object' && summary !== null && !Array.isArray(summary) ? { ...summary, seed: run.seed, shardCount: run.shardCount } : summary;
  return { result, text: () => (kernel.format ? kernel.format(summary, params) : plainText(result)) };
}

/** Result fields that count things: never negative, never NaN. */
const COUNT_FIELDS = new Set(['n', 'k', 'games', 'trials', 'turns', 'deals', 'rounds', 'hands', 'walls', 'wins', 'losses', 'ties', 'tied', 'count']);
/** Top-level result fields that say how many trials the run made: one of them must be its total. */
const TOTAL_FIELDS = ['trials', 'turns', 'games', 'deals', 'rounds', 'hands', 'walls'];

/** What is impossible in a result: a negative or NaN count, a proportion outside [0, 1], k of n with k > n. */
function impossible(v: unknown, at: string): string | undefined {
  if (Array.isArray(v)) {
    for (const [i, x] of v.entries()) {
      const bad = impossible(x, `${at}[${i}]`);
      if (bad) return bad;
    }
    return undefined;
  }
  if (typeof v !== 'object' || v === null) return undefined;
  const o = v as Record<string, unknown>;
  const field = (k: string) => (at ? `${at}.${k}` : k);
  if (typeof o.n === 'number' && typeof o.k === 'number' && o.k > o.n) return `${field('k')} is ${o.k}, more than ${field('n')} (${o.n})`;
  for (const [k, x] of Object.entries(o)) {
    if (typeof x === 'number') {
      if (COUNT_FIELDS.has(k) && !(x >= 0)) return `${field(k)} is ${x}, and a count cannot be`;
      const proportion = k === 'p' || /(^s|S)hare$/.test(k);
      if (proportion && (x < 0 || x > 1)) return `${field(k)} is ${x}, and a proportion must be in [0, 1]`;
    } else {
      const bad = impossible(x, field(k));
      if (bad) return bad;
    }
  }
  return undefined;
}

/**
 * Sanity-check a merged result before it is printed. Checksums catch damage, not edits: someone
 * who changes a part's numbers can recompute its checksum. What the numbers must obey still holds
 * — counts are never negative, proportions lie in [0, 1], k of n is at most n, and the run's
 * trial count is the experiment's total — so no edited part prints a NaN or a negative count.
 */
export function checkMerged(result: unknown, total: number, paths: readonly string[]): void {
  const files = paths.length === 1 ? showPath(paths[0]) : `the ${paths.length} part files`;
  const edited = `${files} add up to an impossible result`;
  const bad = impossible(result, '');
  if (bad) throw new UserError(`${edited}: ${bad} (a part file was edited: checksums catch damage, not edits)`);
  if (typeof result !== 'object' || result === null) return;
  const r = result as Record<string, unknown>;
  const totals = TOTAL_FIELDS.filter((k) => typeof r[k] === 'number');
  if (totals.length && !totals.some((k) => r[k] === total)) {
    throw new UserError(`${edited}: ${totals.map((k) => `${k} ${r[k]}`).join(', ')}, but the experiment ran ${total} (a part file was edited: checksums catch damage, not edits)`);
  }
}

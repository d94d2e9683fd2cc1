import { Command, Option } from 'commander';
import { availableParallelism } from 'node:os';
import { UserError } from '../core/errors.js';
import { progressBar } from '../core/progress.js';
import { parseIntArg } from '../core/validate.js';
import type { Experiment } from '../parallel/pool.js';
import type { Kernel } from '../parallel/kernel.js';
import { toCsv, type Row } from '../report/csv.js';
import { loadRulesFile, type Validate } from '../core/rules.js';
export { textTable, fmtPct, fmtNum } from '../core/format.js';

export const intArg = (name: string, min?: number, max?: number) => (v: string) => parseIntArg(v, name, min, max);

/** Options every simulation command shares: sizes, seed, parallelism, sharding, output form. */
export interface SimOptions {
  seed: number;
  workers: number;
  shardCount: number;
  shardIndex?: number;
  out?: string;
  json?: boolean;
  csv?: boolean;
  quiet?: boolean;
}

export function addSimOptions(cmd: Command, defaults: { shardCount?: number } = {}): Command {
  return cmd
    .addOption(new Option('--seed <k>', 'random seed (same seed → same result, bit for bit)').default(1).argParser(intArg('--seed', 0)))
    .addOption(new Option('--workers <w>', 'worker threads').default(availableParallelism()).argParser(intArg('--workers', 1, 256)))
    .addOption(new Option('--shard-count <n>', 'shards the run is split into (fixed per experiment; results do not depend on --workers)').default(defaults.shardCount ?? 64).argParser(intArg('--shard-count', 1, 1_000_000)))
    .addOption(new Option('--shard-index <i>', 'run only this shard and write a partial result to --out (default from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID)').argParser(intArg('--shard-index', 0)))
    .option('--out <file>', 'where a single shard writes its partial result (JSON), for `oddsmith merge`')
    .option('--json', 'print the result as JSON')
    .option('--csv', 'print the main table as CSV')
    .option('--quiet', 'no progress bar');
}

/**
 * Run an experiment as the options say: all shards here (pool of --workers), or one shard to a
 * partial file when --shard-index (or a cluster array index) is given. Returns null in shard mode.
 */
export async function runSimulation(e: Omit<Experiment, 'shardCount'>, opts: SimOptions): Promise<{ acc: Float64Array; seconds: number } | null> {
  const experiment: Experiment = { ...e, shardCount: opts.shardCount };
  if (experiment.total < experiment.shardCount) experiment.shardCount = Math.max(1, experiment.total);
  // loaded here, not at start-up: they pull in every kernel and the thread pool
  const { runShardToFile, shardIndexFromEnv } = await import('../parallel/partial.js');
  const { runExperiment } = await import('../parallel/pool.js');
  const index = opts.shardIndex ?? shardIndexFromEnv();
  if (index !== undefined) {
    if (!opts.out) throw new UserError('a single shard needs --out FILE for its partial result');
    await runShardToFile(experiment, index, opts.out);
    if (!opts.quiet) process.stderr.write(`shard ${index} of ${experiment.shardCount} written to ${opts.out}\n`);
    return null;
  }
  const bar = progressBar(e.kernel, opts.quiet);
  const t0 = process.hrtime.bigint();
  const acc = await runExperiment(experiment, { workers: opts.workers, onShardDone: bar });
  bar.end();
  return { acc, seconds: Number(process.hrtime.bigint() - t0) / 1e9 };
}

/** Print a result in the form asked for: --json (whole result), --csv (its main table), or text. */
export function emit(result: unknown, opts: { json?: boolean; csv?: boolean }, text: () => string, csvRows?: () => readonly Row[]): void {
  if (opts.json) process.stdout.write(JSON.stringify(result, null, 2) + '\n');
  else if (opts.csv) {
    if (!csvRows) throw new UserError('this command has no table for --csv; use --json');
    process.stdout.write(toCsv(csvRows()));
  } else process.stdout.write(text() + '\n');
}

/** `--rules <name|file>` and repeatable `--set field=value`: the same for every command that reads rules. */
export interface RulesOptions {
  rules?: string;
  set: string[];
}

export function addRulesOptions(cmd: Command, game: string): Command {
  return cmd
    .option('--rules <name|file>', `rules: a preset name (rules/${game}/<name>.json) or a JSON file; default rules/${game}/default.json`)
    .option('--set <field=value>', 'change one rules field (repeatable), e.g. --set a.b=3', (v: string, prev: string[]) => [...prev, v], [] as string[]);
}

/** The rules the options name, with their --set overrides, validated by the game. */
export function rulesFromOptions<T>(game: string, opts: RulesOptions, validate: Validate<T>): T {
  return loadRulesFile(game, opts.rules, validate, opts.set);
}

/** What every simulation result reports about its run. */
export interface RunInfo {
  seconds: number;
  perSecond: number;
  workers: number;
  seed: number;
  shardCount: number;
}

/**
 * The sequence every simulation command shares: run (or run one shard to a part file), summarize,
 * add the run's seed, workers, shards and time. Returns null in single-shard mode (nothing to print).
 */
export async function simulate<P, R>(kernel: Kernel<P, R>, params: P, total: number, opts: SimOptions): Promise<{ result: R; run: RunInfo } | null> {
  const run = await runSimulation({ kernel: kernel.name, params, seed: opts.seed, total }, opts);
  if (!run) return null;
  const shardCount = Math.min(opts.shardCount, Math.max(1, total));
  return { result: kernel.summarize(params, run.acc, total), run: { seconds: run.seconds, perSecond: total / run.seconds, workers: opts.workers, seed: opts.seed, shardCount } };
}

import { Command, Option } from 'commander';
import { availableParallelism } from 'node:os';
import { UserError } from '../core/errors.js';
import { fitText } from '../core/format.js';
import { progressBar } from '../core/progress.js';
import { shardSize } from '../parallel/shards.js';
import { parseIntArg } from '../core/validate.js';
import { splitList } from '../core/parse.js';
import type { Experiment } from '../parallel/pool.js';
import type { Kernel, RunInfo } from '../parallel/kernel.js';
import { toCsv, type Row } from '../report/csv.js';
import { loadRulesFile, type Validate } from '../core/rules.js';
import type { AssumptionsReport } from '../report/assumptions.js';
import type { Question, QuestionContext } from '../report/question.js';
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

/** Seeds are 32-bit: a larger one would alias a smaller one (2^32 would give the stream of 0). */
export const MAX_SEED = 2 ** 32 - 1;
export const MAX_SHARD_COUNT = 1_000_000;

/** Commands that take the simulation options but run every shard themselves (sweeps), with the reason. */
const wholeRuns = new WeakMap<Command, string>();
/** Why `cmd` cannot run one shard (`runs every point here`), or undefined when it can. */
export function wholeRunReason(cmd: Command): string | undefined {
  return wholeRuns.get(cmd);
}

/**
 * The simulation options. `runsWhole` (the reason, e.g. "runs every point here") marks a command
 * that runs all shards of several experiments itself: the check before every command refuses
 * --shard-index, --out and a cluster index for it before any work, and its help leaves them out.
 */
export function addSimOptions(cmd: Command, defaults: { shardCount?: number; runsWhole?: string } = {}): Command {
  if (defaults.runsWhole) wholeRuns.set(cmd, defaults.runsWhole);
  const whole = defaults.runsWhole !== undefined;
  return cmd
    .addOption(new Option('--seed <k>', `random seed, 0..${MAX_SEED} (same seed → same result, bit for bit)`).default(1).argParser(intArg('--seed', 0, MAX_SEED)))
    .addOption(new Option('--workers <w>', 'worker threads (default: the cores available)').default(availableParallelism()).argParser(intArg('--workers', 1, 256)))
    .addOption(new Option('--shard-count <n>', 'shards the run is split into (fixed per experiment; results do not depend on --workers)').default(defaults.shardCount ?? 64).argParser(intArg('--shard-count', 1, MAX_SHARD_COUNT)))
    .addOption(new Option('--shard-index <i>', 'run only this shard and write a partial result to --out (default from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID)').argParser(intArg('--shard-index', 0, MAX_SHARD_COUNT - 1)).hideHelp(whole))
    .addOption(new Option('--out <file>', 'where a single shard writes its partial result (JSON), for `oddsmith merge`; needs --shard-index').hideHelp(whole))
    .option('--json', 'print the result as JSON')
    .option('--csv', 'print the main table as CSV')
    .option('--quiet', 'no progress bar');
}

/**
 * The command being run, set by the CLI before its action: whether it can run as one shard decides
 * what a cluster index variable (JOB_COMPLETION_INDEX / SLURM_ARRAY_TASK_ID) means for it.
 */
let activeCommand: { name: string; shardable: boolean } | undefined;
export function setActiveCommand(name: string, shardable: boolean): void {
  activeCommand = { name, shardable };
}

/** Progress words for a kernel: its own, else from its name ("wulong.turn" → "wulong turn"). */
function progressWords(kernel: string, given?: { label: string; unit: string }): { label: string; unit: string } {
  return given ?? { label: kernel.replace(/[._-]+/g, ' '), unit: 'trials' };
}

/** Extra inputs to a run: the command's own data for its final result (see Kernel.finish). */
export interface RunExtras {
  extra?: unknown;
}

/**
 * Run an experiment as the options say: all shards here (pool of --workers), or one shard to a
 * partial file when --shard-index (or a cluster array index) is given. Returns null in shard mode.
 */
export async function runSimulation(e: Omit<Experiment, 'shardCount'>, opts: SimOptions, more: RunExtras = {}): Promise<{ acc: Float64Array; seconds: number } | null> {
  const experiment: Experiment = { ...e, shardCount: opts.shardCount };
  if (experiment.total < experiment.shardCount) experiment.shardCount = Math.max(1, experiment.total);
  if (!Number.isInteger(experiment.seed) || experiment.seed < 0 || experiment.seed > MAX_SEED) throw new UserError(`--seed must be an integer in 0..${MAX_SEED} (got ${experiment.seed})`);
  // loaded here, not at start-up: they pull in every kernel and the thread pool
  const { runShardToFile, shardIndexFromEnv } = await import('../parallel/partial.js');
  const { runExperiment } = await import('../parallel/pool.js');
  const { getKernel } = await import('../parallel/registry.js');
  let index = opts.shardIndex;
  if (index === undefined) {
    const env = shardIndexFromEnv();
    if (env && activeCommand && !activeCommand.shardable) {
      throw new UserError(`${env.variable} is set (${env.index}) but \`oddsmith ${activeCommand.name}\` cannot run as one shard of a cluster array; unset it`);
    }
    index = env?.index;
  }
  if (opts.out !== undefined && index === undefined) throw new UserError('--out writes one shard\'s partial result: give --shard-index too (or run in a cluster array that sets JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID)');
  const words = progressWords(e.kernel, getKernel(e.kernel).progress);
  // on a terminal the work runs on worker threads, so this thread can draw progress and take Ctrl-C
  const interactive = !opts.quiet && process.stderr.isTTY === true;
  if (index !== undefined) {
    if (opts.out === undefined) throw new UserError('a single shard needs --out FILE for its partial result');
    if (!Number.isInteger(index) || index < 0 || index >= experiment.shardCount) {
      throw new UserError(`--shard-index must be an integer in 0..${experiment.shardCount - 1} (got ${index})`);
    }
    const bar = progressBar(`${words.label} shard ${index}/${experiment.shardCount}`, opts.quiet, { unit: words.unit });
    bar(0, shardSize(experiment.total, experiment.shardCount, index));
    try {
      // always on a worker thread: a cluster's SIGTERM or a Ctrl-C is handled at once, not after the shard
      await runShardToFile(experiment, index, opts.out, { alwaysPool: true, extra: more.extra });
    } finally {
      bar.end();
    }
    if (!opts.quiet) process.stderr.write(`shard ${index} of ${experiment.shardCount} written to ${opts.out}\n`);
    return null;
  }
  const bar = progressBar(words.label, opts.quiet, { unit: words.unit });
  let trials = 0;
  bar(0, experiment.total);
  const t0 = process.hrtime.bigint();
  try {
    const acc = await runExperiment(experiment, {
      workers: opts.workers,
      alwaysPool: interactive,
      onShardDone: (_done, _of, i) => bar((trials += shardSize(experiment.total, experiment.shardCount, i)), experiment.total),
    });
    return { acc, seconds: Number(process.hrtime.bigint() - t0) / 1e9 };
  } finally {
    bar.end();
  }
}

/** Print a result in the form asked for: --json (whole result), --csv (its main table), or text. */
export function emit(result: unknown, opts: { json?: boolean; csv?: boolean }, text: () => string, csvRows?: () => readonly Row[]): void {
  if (opts.json) process.stdout.write(JSON.stringify(result, null, 2) + '\n');
  else if (opts.csv) {
    if (!csvRows) throw new UserError('this command has no table for --csv; use --json');
    process.stdout.write(toCsv(csvRows()));
  } else process.stdout.write(fitText(text()) + '\n');
}

/** `--rules <name|file>` and repeatable `--set field=value`: the same for every command that reads rules. */
export interface RulesOptions {
  rules?: string;
  set: string[];
}

export function addRulesOptions(cmd: Command, game: string): Command {
  return cmd
    .option('--rules <name|file>', `rules: a preset name (rules/${game}/<name>.json) or a JSON file (default: the shipped rulebook)`)
    .option('--set <field=value>', 'change one rules field, e.g. --set a.b=3 (repeatable; default: none)', (v: string, prev: string[]) => [...prev, v], [] as string[]);
}

/** The rules the options name, with their --set overrides, validated by the game. */
export function rulesFromOptions<T>(game: string, opts: RulesOptions, validate: Validate<T>): T {
  return loadRulesFile(game, opts.rules, validate, opts.set);
}

/** What every simulation result reports about its run. */
export type { RunInfo } from '../parallel/kernel.js';

/**
 * The sequence every simulation command shares: run (or run one shard to a part file), summarize,
 * add the run's seed, workers, shards and time. Returns null in single-shard mode (nothing to print).
 */
export async function simulate<P, R>(kernel: Kernel<P, R>, params: P, total: number, opts: SimOptions, extra?: unknown): Promise<{ result: R; run: RunInfo } | null> {
  const run = await runSimulation({ kernel: kernel.name, params, seed: opts.seed, total }, opts, { extra });
  if (!run) return null;
  const shardCount = Math.min(opts.shardCount, Math.max(1, total));
  return { result: kernel.summarize(params, run.acc, total), run: { seconds: run.seconds, perSecond: total / run.seconds, workers: opts.workers, seed: opts.seed, shardCount } };
}

/**
 * Run and print through the kernel's `finish` (or its summary): the whole of a simulate command's
 * action. `oddsmith merge` prints partial files of the same run through the same `finish`, so the
 * two outputs agree field for field (only the timing fields differ).
 */
export async function runAndPrint<P, R>(kernel: Kernel<P, R>, params: P, total: number, opts: SimOptions, extra: unknown = null): Promise<void> {
  const run = await runSimulation({ kernel: kernel.name, params, seed: opts.seed, total }, opts, { extra });
  if (!run) return;
  const { finishRun } = await import('../parallel/partial.js');
  const shardCount = Math.min(opts.shardCount, Math.max(1, total));
  const f = finishRun(kernel, params, run.acc, total, { seconds: run.seconds, perSecond: total / run.seconds, workers: opts.workers, seed: opts.seed, shardCount }, extra);
  emit(f.result, opts, f.text, f.csv);
}

/** The options of an `<game> assumptions` command, as its check receives them. */
export interface AssumptionsOptions extends RulesOptions {
  /** the sample size (games, deals or rounds per rule set) */
  size: number;
  seed: number;
  workers: number;
  /** --only: the assumption fields to re-run (when the command offers it) */
  only?: string[];
  /** --exact-only (when the command offers it) */
  exactOnly: boolean;
}

/** What differs between the games' `assumptions` commands; the rest is the same command. */
export interface AssumptionsCommand {
  description: string;
  /** the sample size option, e.g. { flag: '--games', help: 'games per table per rule set', min: 100, max: 1e7, default: 2000 } */
  size: { flag: string; help: string; min: number; max: number; default: number };
  seed?: { help: string; default: number };
  /** offer --only <fields> */
  only?: boolean;
  /** offer --rules and --set for this game id */
  rules?: string;
  /** offer --exact-only with this help */
  exactOnly?: string;
  json?: string;
  csv?: string;
  examples: string[];
  checkAssumptions: (opts: AssumptionsOptions) => Promise<AssumptionsReport>;
}

/**
 * `oddsmith <game> assumptions`: every rule the rulebook leaves open, its default and alternatives,
 * and the headline findings re-measured at each — the same options and output for every game.
 */
export function addAssumptionsCommand(group: Command, c: AssumptionsCommand): Command {
  const cmd = group
    .command('assumptions')
    .description(c.description)
    .addOption(new Option(`${c.size.flag} <n>`, c.size.help).default(c.size.default).argParser(intArg(c.size.flag, c.size.min, c.size.max)))
    .addOption(new Option('--seed <k>', c.seed?.help ?? 'seed').default(c.seed?.default ?? 16).argParser(intArg('--seed', 0)));
  if (c.only) cmd.option('--only <fields>', 'comma-separated assumption fields to re-run (default: all)');
  cmd.addOption(new Option('--workers <w>', 'worker threads (results do not depend on it)').default(availableParallelism()).argParser(intArg('--workers', 1, 256)));
  if (c.rules) addRulesOptions(cmd, c.rules);
  if (c.exactOnly) cmd.option('--exact-only', c.exactOnly);
  const sizeKey = c.size.flag.replace(/^--/, '').replace(/-(\w)/g, (_, ch: string) => ch.toUpperCase());
  return cmd
    .option('--json', c.json ?? 'print as JSON')
    .option('--csv', c.csv ?? 'print the findings table as CSV (one row per finding and value)')
    .addHelpText('after', `\nExamples:\n${c.examples.map((e) => `  npx oddsmith ${group.name()} assumptions${e ? ` ${e}` : ''}`).join('\n')}`)
    .action(async (opts: Record<string, unknown> & RulesOptions & { seed: number; workers: number; only?: string; exactOnly?: boolean; json?: boolean; csv?: boolean }) => {
      const r = await c.checkAssumptions({ ...opts, size: opts[sizeKey] as number, only: opts.only === undefined ? undefined : splitList(opts.only, '--only'), exactOnly: !!opts.exactOnly });
      const { assumptionsText, findingRows } = await import('../report/assumptions.js');
      emit(r, opts, () => assumptionsText(r), () => findingRows(r));
    });
}

/**
 * The context a command asks a question in (src/report/question.ts): simulations run as every
 * `simulate` command runs them (the pool of --workers, progress on stderr), at the seed and shard
 * count the question passes.
 */
export function questionContext(opts: SimOptions): QuestionContext {
  return {
    workers: opts.workers,
    quiet: opts.quiet,
    simulate: async (kernel, params, total, run) => {
      const { getKernel } = await import('../parallel/registry.js');
      const sim = await simulate(getKernel(kernel), params, total, { ...opts, seed: run.seed, shardCount: run.shardCount });
      if (!sim) throw new UserError('this command runs whole: --shard-index and --out do not apply');
      return sim.result;
    },
  };
}

/** Ask a question and print its answer: --json (the result), --csv (its rows), or its text. */
export async function ask<P, R>(q: Question<P, R>, params: P, opts: { json?: boolean; csv?: boolean }, ctx: QuestionContext = { workers: 1 }): Promise<void> {
  const r = await q.answer(params, ctx);
  emit(r, opts, () => q.text(r, params), q.rows ? () => q.rows!(r, params) : undefined);
}

#!/usr/bin/env node
import { Command, CommanderError, Help, Option, type Argument } from 'commander';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { UserError } from '../core/errors.js';
import { packageRoot } from '../core/paths.js';
import { checkOutputs, type InputPath, type OutputPath } from '../core/files.js';
import { intArg, emit, setActiveCommand, wholeRunReason } from './common.js';
import { addPlayCommands } from './play.js';
import { addGenericAssumptionsCommand } from './assumptions.js';
import { addExactCommands } from './exact-tools.js';
import { addFieldsCommand } from './fields.js';
import { addSweepCommand } from './sweep.js';
import { registerDiff } from './diff.js';
import { registerCheckGame } from './check-game.js';
import { GAME_PLAY_ERROR } from '../games/state.js';
import { allGames, experimentRunners, gameOfKernel, gamesFromEnv, loadGames } from '../games/registry.js';

/** Commander's own errors ("error: unknown option '--x'\n(Did you mean --y?)") as our one line. */
function oneLine(str: string): string {
  return `oddsmith: ${str.replace(/^error:\s*/i, '').replace(/\s*\n\s*/g, ' ').trim()}\n`;
}

/**
 * Help that shows each default once: when an option's description already says its default (as in
 * "(default optimal)"), commander's own "(default: "optimal")" is left out.
 */
function oneDefaultOption(this: Help, option: Option): string {
  if (!/\bdefault\b/i.test(option.description ?? '')) return Help.prototype.optionDescription.call(this, option);
  const shown = Object.create(option) as Option;
  shown.defaultValue = undefined;
  return Help.prototype.optionDescription.call(this, shown);
}
function oneDefaultArgument(this: Help, argument: Argument): string {
  if (!/\bdefault\b/i.test(argument.description ?? '')) return Help.prototype.argumentDescription.call(this, argument);
  const shown = Object.create(argument) as Argument;
  shown.defaultValue = undefined;
  return Help.prototype.argumentDescription.call(this, shown);
}

/** The full name of a command as typed: "wulong game". */
function commandPath(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c && c.parent; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/**
 * The output paths a command's options name, by option: --out (a partial result; `report`'s is its
 * reports folder), --chart (a chart file), --page with --reports (a page in the reports folder).
 */
function outputPaths(action: Command): OutputPath[] {
  const o = action.opts() as { out?: unknown; chart?: unknown; page?: unknown; reports?: unknown };
  const paths: OutputPath[] = [];
  const str = (v: unknown): v is string => typeof v === 'string';
  if (str(o.out)) paths.push(action.name() === 'report' && !action.parent?.parent ? { path: o.out, what: 'reports folder', folder: true } : { path: o.out, what: 'partial result' });
  if (str(o.chart)) paths.push({ path: o.chart, what: 'chart' });
  if (str(o.page) && str(o.reports)) {
    paths.push({ path: o.reports, what: 'reports folder', folder: true });
    // a page name the command will refuse anyway is left to its own message
    if (/^[A-Za-z0-9-]+$/.test(o.page)) paths.push({ path: join(o.reports, action.parent?.name() ?? '', `${o.page}.html`), what: 'report page' });
  }
  return paths;
}

/**
 * The files a command's options name as inputs (a rules file, an experiments folder): an output
 * naming one of them is refused before the work, not written over what it was computed from.
 */
async function inputPaths(action: Command): Promise<InputPath[]> {
  const o = action.opts() as { rules?: unknown; experiments?: unknown };
  const inputs: InputPath[] = [];
  const game = allGames().find((g) => g.command === commandPath(action).split(' ')[0]);
  if (typeof o.rules === 'string' && game) {
    const { resolveRulesPath } = await import('../core/rules.js');
    try {
      inputs.push({ path: resolveRulesPath(game.id, o.rules).path, what: 'rules file' });
    } catch {
      // a name that is no rules file: the command's own reading says why
    }
  }
  if (typeof o.experiments === 'string') inputs.push({ path: o.experiments, what: 'experiments folder' });
  return inputs;
}

/**
 * Commander checks required options before unknown ones, so `advise --score 0 --die 3` said
 * "--dice not specified" where "unknown option '--die' (Did you mean --dice?)" is the mistake:
 * an unknown option is reported first, with commander's suggestion.
 */
type ParseSteps = Command & { missingMandatoryOptionValue(option: Option): void; unknownOption(flag: string): void };
function unknownOptionFirst(cmd: Command): void {
  const c = cmd as ParseSteps;
  const missing = c.missingMandatoryOptionValue;
  c.missingMandatoryOptionValue = function (this: ParseSteps, option: Option) {
    const unknown = this.args.find((a) => /^--?[^-\d]/.test(a) && !this.options.some((o) => o.long === a.split('=')[0] || o.short === a));
    if (unknown) this.unknownOption(unknown);
    missing.call(this, option);
  };
  for (const sub of cmd.commands) unknownOptionFirst(sub);
}

/** Words people type for a game the program plays under another name: one line pointing to it. */
const POINTERS: Record<string, string> = {
  farkle: 'Farkle is played with the wulong commands and a Farkle preset, e.g. `npx oddsmith wulong solve --rules farkle/10000` (presets: farkle/10000, farkle/facebook, farkle/kingdom-come, farkle/patch, farkle/pig, farkle/zilch)',
};

export async function buildProgram(argv: readonly string[] = process.argv): Promise<Command> {
  const root = new Command('oddsmith');
  root
    .description(`Exact odds and Monte Carlo strategy analysis for ${allGames().map((g) => g.title).join(', ').replace(/, ([^,]*)$/, ' and $1')}`)
    .version('0.1.0')
    .showSuggestionAfterError()
    .exitOverride()
    .configureOutput({ outputError: (str, write) => write(oneLine(str)) })
    .addHelpText('after', '\nExamples:\n  npx oddsmith wulong solve\n  npx oddsmith wulong simulate --trials 1e6 --seed 7\n  npx oddsmith report --only wulong-turn\nRun `npx oddsmith <command>` without a subcommand to see its commands.\n\nYour own game: `npx oddsmith --game ./my-game/index.js my-game balance` (--game before the\ncommand, repeatable: a game module, by path or package name; or ODDSMITH_GAMES=a.js,b.js).');
  // every command made from root copies its output and help settings: same errors, same help
  root.configureHelp({ optionDescription: oneDefaultOption, argumentDescription: oneDefaultArgument });

  // Command groups load on demand: `oddsmith wulong solve` loads only Wulong's code, so a quick
  // command starts quickly. Without a known group name (help, merge, report) all are loaded.
  const group = allGames().find((g) => g.command === argv[2]);
  for (const g of group ? [group] : allGames()) {
    (await g.cli())(root);
    const cmd = root.commands.find((c) => c.name() === g.command);
    // the tools written once over the game interface, for every game that declares it
    if (cmd && g.state) addPlayCommands(cmd, g);
    if (cmd && g.state) addGenericAssumptionsCommand(cmd, g);
    if (cmd && g.state) addExactCommands(cmd, g);
    // the rules fields, from the game's rules schema
    const schema = cmd && (await g.rules()).schema;
    if (cmd && schema) addFieldsCommand(cmd, g, schema);
    if (cmd && g.state) addSweepCommand(cmd, g);
    const examples = g.examples.group;
    if (cmd && examples) cmd.addHelpText('after', `\nExamples:\n${examples.map((e) => `  npx oddsmith ${g.invoke ?? g.command} ${e}`).join('\n')}\nRun \`npx oddsmith ${g.invoke ?? g.command} <command> --help\` for a command's options and examples.`);
  }

  // Before any action: say which command runs (a cluster index variable means something only to
  // commands that can run one shard), and take the shard index from the cluster when not given.
  root.hook('preAction', async (_root, action) => {
    const has = (name: string) => action.options.some((o) => o.attributeName() === name);
    const whole = wholeRunReason(action);
    const shardable = has('shardIndex') && whole === undefined;
    setActiveCommand(commandPath(action), shardable);
    // a command that runs every shard of several runs itself: one shard of it would be the first run's
    if (whole !== undefined) {
      for (const [name, flag] of [['shardIndex', '--shard-index'], ['out', '--out']] as const) {
        if (action.getOptionValue(name) !== undefined && action.getOptionValueSource(name) !== 'default') throw new UserError(`\`oddsmith ${commandPath(action)}\` ${whole}: ${flag} is not supported (it is for one shard's partial result)`);
      }
    }
    // a sharded command that cannot run one shard alone: a cluster array would run it whole N times
    if (!shardable && has('shardCount')) {
      const { shardIndexFromEnv } = await import('../parallel/partial.js');
      const env = shardIndexFromEnv();
      if (env) throw new UserError(`${env.variable} is set (${env.index}) but \`oddsmith ${commandPath(action)}\` cannot run as one shard of a cluster array; unset it`);
    }
    if (shardable && action.getOptionValue('shardIndex') === undefined) {
      const { shardIndexFromEnv } = await import('../parallel/partial.js');
      const env = shardIndexFromEnv();
      if (env) action.setOptionValueWithSource('shardIndex', env.index, 'env');
    }
    // every path the command will write, checked now: a bad one is refused before the work, not after
    checkOutputs(outputPaths(action), await inputPaths(action));
    if (process.env.ODDSMITH_TRACE_START) process.stderr.write(`oddsmith: started ${commandPath(action)}\n`);
  });

  root
    .command('merge')
    .description('add up partial results written by single shards (--shard-index) into the full result, checking every part')
    .argument('<files...>', 'partial result files, one per shard')
    .option('--json', 'print the result as JSON')
    .option('--csv', 'print the main table as CSV')
    .addHelpText('after', '\nExample:\n  npx oddsmith merge parts/shard-*.json --json\n\nThe result is the one the simulate command prints for the whole run;\nits time fields add up the shards\' compute time.')
    .action(async (files: string[], opts: { json?: boolean; csv?: boolean }) => {
      const { mergePartialFiles, finishRun, checkMerged } = await import('../parallel/partial.js');
      const { getKernel, hasKernel } = await import('../parallel/registry.js');
      const merged = await mergePartialFiles(files, async (kernel, experiment) => {
        // a game module's run names its module: loaded here as --game would
        const module = (experiment.params as { module?: unknown } | null)?.module;
        if (!gameOfKernel(kernel) && typeof module === 'string') await loadGames([module]);
        await gameOfKernel(kernel)?.kernels();
        // the kernels of the tools over the game interface (`<game>.play`) live in src/play
        if (!hasKernel(kernel)) await import('../play/kernels.js');
      });
      const e = merged.experiment;
      const f = finishRun(getKernel(e.kernel), e.params, merged.acc, e.total, merged.run, merged.extra);
      checkMerged(f.result, e.total, files);
      emit(f.result, opts, f.text, f.csv);
    });

  registerDiff(root);
  registerCheckGame(root);

  root
    .command('report')
    .description('run every experiment in experiments/ and write reports/ (this is `npm start`)')
    .addOption(new Option('--experiments <dir>', 'folder of experiment specs (default: the package\'s experiments/)'))
    .option('--out <dir>', 'reports folder (replaced as a whole when the run completes)', 'reports')
    .option('--only <names>', 'comma-separated experiment names to run (the index keeps the other experiments\' pages)')
    .option('--full', 'the full sample sizes of each spec\'s "full" block (the default is sized for a first look)')
    .option('--cache-dir <dir>', 'where results are kept by a hash of their inputs (default: .oddsmith-cache next to --out)')
    .option('--no-cache', 'compute every experiment, reuse and keep nothing (CI\'s byte-identical check)')
    .addOption(new Option('--workers <w>', 'worker threads (default: the cores available)').default(availableParallelism()).argParser(intArg('--workers', 1, 256)))
    .option('--quiet', 'no progress output')
    .addHelpText('after', '\nExamples:\n  npx oddsmith report --only wulong-turn\n  npx oddsmith report --full --no-cache')
    .action(async (opts: { experiments?: string; out: string; only?: string; full?: boolean; cacheDir?: string; cache: boolean; workers: number; quiet?: boolean }) => {
      const { listExperiments } = await import('../report/experiment.js');
      const { runReports, whereToOpen } = await import('../report/run.js');
      const { toolRunners, toolRunnerFolders } = await import('../play/tool-runners.js');
      const runners = { ...experimentRunners(), ...toolRunners() };
      const only = opts.only?.split(',').map((s) => s.trim());
      if (only && only.some((n) => n === '')) throw new UserError(`--only needs experiment names separated by commas (got ${JSON.stringify(opts.only)})`);
      const all = listExperiments(opts.experiments ?? join(packageRoot(), 'experiments'), Object.keys(runners), !!opts.full);
      if (only) {
        const unknown = only.filter((n) => !all.some((e) => e.name === n));
        if (unknown.length) throw new UserError(`unknown experiment(s): ${unknown.join(', ').slice(0, 200)} (known: ${all.map((e) => e.name).join(', ')})`);
      }
      const folderOf = { ...Object.fromEntries(allGames().flatMap((g) => Object.keys(g.experiments).map((k) => [k, g.id]))), ...toolRunnerFolders() };
      const cacheDir = opts.cache ? (opts.cacheDir ?? join(dirname(resolve(opts.out)), '.oddsmith-cache')) : null;
      const log = (line: string) => process.stderr.write(`${line}\n`);
      // Everything is written into a temp folder next to --out (a copy of it, so that --only keeps
      // the other pages) and swapped in at the end: a killed run leaves the old folder whole.
      const assumptionsPages = Object.fromEntries(allGames().flatMap((g) => (g.assumptionsPage ? [[g.id, { page: g.assumptionsPage, command: g.command }]] : [])));
      const summary = await runReports({ out: opts.out, workers: opts.workers, quiet: !!opts.quiet, cacheDir, run: all.filter((e) => !only || only.includes(e.name)), all, runners, folderOf, log, assumptionsPages, workbenchTabs: async () => (await import('../workbench/tab-list.js')).registryTabs(all) });
      log(opts.quiet ? whereToOpen(opts.out, summary).split('\n')[1] : whereToOpen(opts.out, summary));
    });
  unknownOptionFirst(root);
  return root;
}

/**
 * The command a person named without a subcommand (`oddsmith`, `oddsmith wulong`): its help goes to
 * stdout with exit 0 — asking what a group offers is not a mistake. Returns null otherwise.
 */
function bareGroup(program: Command, args: readonly string[]): Command | null {
  let cmd = program;
  for (const a of args) {
    const sub = cmd.commands.find((c) => c.name() === a || c.aliases().includes(a));
    if (!sub) return null;
    cmd = sub;
  }
  return cmd.commands.length > 0 ? cmd : null;
}

/**
 * The game modules named before the subcommand (`--game <path|package>`, repeatable; also
 * `--game=<…>`), and the arguments without them.
 */
export function splitGameOptions(argv: readonly string[]): { argv: string[]; games: string[]; debug: boolean } {
  const rest = argv.slice(0, 2), games: string[] = [];
  let i = 2, debug = false;
  for (; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--debug') debug = true;
    else if (a === '--game') {
      if (i + 1 >= argv.length || argv[i + 1].startsWith('-')) throw new UserError('--game needs a game module: a path (./my-game/index.js) or a package name');
      games.push(argv[++i]);
    } else if (a.startsWith('--game=')) {
      games.push(a.slice('--game='.length));
      if (games[games.length - 1] === '') throw new UserError('--game needs a game module: a path (./my-game/index.js) or a package name');
    } else break;
  }
  return { argv: [...rest, ...argv.slice(i)], games, debug };
}

export async function main(argv: string[]): Promise<number> {
  let debug = false;
  try {
    const split = splitGameOptions(argv);
    debug = split.debug;
    argv = split.argv;
    const late = argv.findIndex((a, i) => i > 2 && (a === '--game' || a.startsWith('--game=')));
    if (late > 0) throw new UserError(`--game goes before the command: npx oddsmith --game <module> ${argv.slice(2, late).join(' ')} … (it loads the game first)`);
    const specs = [...gamesFromEnv(), ...split.games];
    if (specs.length) await loadGames(specs);
    const pointer = POINTERS[argv[2]];
    if (pointer) throw new UserError(`unknown command '${argv[2]}': ${pointer}`);
    const program = await buildProgram(argv);
    const group = bareGroup(program, argv.slice(2));
    if (group) {
      // outputHelp (not helpInformation) includes the examples added with addHelpText
      group.outputHelp();
      return 0;
    }
    await program.parseAsync(argv);
    return 0;
  } catch (e) {
    if (e instanceof CommanderError) {
      // commander has already printed its one line (see configureOutput)
      return e.exitCode === 0 || e.code === 'commander.helpDisplayed' || e.code === 'commander.version' ? 0 : 2;
    }
    if (e instanceof UserError) {
      process.stderr.write(`oddsmith: ${e.message.replace(/\s*\n\s*/g, ' ')}\n`);
      return 2;
    }
    // a game's own exception during play: one line with the deal's seed and the move (stack with --debug)
    // (the pool may wrap it: "Unexpected message from Worker: { error: … }")
    const message = `${String((e as Error)?.message ?? '')}\n${String((e as Error)?.stack ?? '')}`;
    const at = message.indexOf(GAME_PLAY_ERROR);
    if (at >= 0) {
      const line = message.slice(at + GAME_PLAY_ERROR.length).split('\n')[0];
      process.stderr.write(`oddsmith: ${line}\n${debug ? `${((e as Error).stack ?? '').split('\n').filter((l) => !l.includes(GAME_PLAY_ERROR)).join('\n')}\n` : ''}`);
      return 1;
    }
    process.stderr.write(`oddsmith: internal error (a bug, please report it)\n${(e as Error)?.stack ?? e}\n`);
    return 1;
  }
}

// Run when executed directly (also through the npm bin symlink): the command runs on a worker
// thread so that this thread always answers Ctrl-C and SIGTERM at once (see launch.ts).
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';
import { cliWorkerData, launch, serve } from './launch.js';
if (isMainThread && process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  launch(import.meta.url, process.argv);
} else if (!isMainThread && cliWorkerData()) {
  serve(main);
}

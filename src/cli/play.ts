/**
 * The commands written once over the game interface (src/play), added to the group of every game
 * whose descriptor declares `state`: `tournament` and `balance`, each also a sweep over one rules
 * field with `--set field=a..b:step`. Where a game already has a command of that name (Liar's Dice
 * has its own `tournament`), the generic one is added as `duplicate-<name>` and the game's own keeps
 * its output.
 */
import { Option, type Command } from 'commander';
import { UserError } from '../core/errors.js';
import { parseSweepSet } from '../core/rules.js';
import type { GameDescriptor } from '../games/types.js';
import type { MatchResult } from '../play/match.js';
import { addRulesOptions, addSimOptions, emit, intArg, runAndPrint, simulate, type RulesOptions, type SimOptions } from './common.js';

type PlayOptions = SimOptions & RulesOptions & { strategies?: string; players?: number; deals: number };

/** The name a generic command takes in this group: its own, or `duplicate-<name>` when the game has one. */
export function playCommandName(group: Command, name: string): string {
  return group.commands.some((c) => c.name() === name) ? `duplicate-${name}` : name;
}

/** Add `tournament` and `balance` to the game's command group. */
export function addPlayCommands(group: Command, g: GameDescriptor): void {
  const tournament = playCommandName(group, 'tournament');
  const balance = playCommandName(group, 'balance');
  const ex = (name: string, args: string[]) => args.map((a) => `  npx oddsmith ${g.invoke ?? g.command} ${name} ${a}`.trimEnd()).join('\n');
  const common = (cmd: Command, deals: number) => {
    cmd
      .addOption(new Option('--deals <n>', `deals, each played once per seating (seats rotated) (default ${deals})`).default(deals).argParser(intArg('--deals', 1, 10_000_000)))
      .addOption(new Option('--players <n>', 'seats at the table when one strategy is given (default: the game\'s usual table)').argParser(intArg('--players', 1, 64)));
    addRulesOptions(cmd, g.id);
    cmd.addHelpText('after', '\nA --set value a..b or a..b:step sweeps that rules field: one run per value, the same deals for\nevery value (then --shard-index does not apply). Every game also has "uniform" (uniformly random)\nand "ismcts:iters=N,c=C,rollout=uniform|heuristic|<player>" (search: docs/tools.md).');
    return addSimOptions(cmd);
  };

  common(
    group
      .command(tournament)
      .description('duplicate tournament over the game interface: every deal replayed with the seats rotated; win rates with Wilson intervals by entrant, seat and role')
      .option('--strategies <list>', 'comma-separated players, one per seat (default: the game\'s players, one each)'),
    400,
  )
    .addHelpText('after', `\nExamples:\n${ex(tournament, g.examples?.tournament ?? ['--deals 200'])}`)
    .action(async (opts: PlayOptions) => run(g, 'tournament', opts));

  common(
    group
      .command(balance)
      .description('balance figures over the game interface: seat and first-player advantage with Wilson intervals, game length, shared wins, lead changes and margins')
      .option('--strategies <list>', 'the player at every seat, or one per seat (default: the game\'s first player)'),
    400,
  )
    .addHelpText('after', `\nExamples:\n${ex(balance, g.examples?.balance ?? ['--deals 200'])}`)
    .action(async (opts: PlayOptions) => run(g, 'balance', opts));

  const ladder = playCommandName(group, 'ladder');
  addRulesOptions(
    group
      .command(ladder)
      .description('skill ladder over the game interface: every pair of players on the same deals, seats rotated; Bradley–Terry ratings (Elo scale) with bootstrap intervals, the matchup matrix, and the game\'s findings in each player\'s self-play')
      .option('--players <list>', 'comma-separated rungs, weakest first (default: the game\'s ladder)')
      .addOption(new Option('--deals <n>', 'deals; every pair plays each in every seating (default 100)').default(100).argParser(intArg('--deals', 1, 10_000_000)))
      .addOption(new Option('--seats <n>', 'seats at the table (default: the game\'s usual table)').argParser(intArg('--seats', 1, 64)))
      .addOption(new Option('--replicates <n>', 'bootstrap replicates for the rating intervals (default 200)').default(200).argParser(intArg('--replicates', 20, 2000))),
    g.id,
  );
  addSimOptions(group.commands.find((c) => c.name() === ladder)!)
    .addHelpText('after', `\nRung 0 is the rating's zero. "uniform" is the uniformly random player. See docs/tools.md.\n\nExamples:\n${ex(ladder, g.examples?.ladder ?? ['--deals 50'])}`)
    .action(async (opts: LadderOptions) => runLadder(g, opts));
}

type LadderOptions = SimOptions & RulesOptions & { players?: string; seats?: number; deals: number; replicates: number };

/** The default rungs of a game: its descriptor's, else uniform, each of its players, then the search player. */
export function defaultRungs(g: GameDescriptor, playerNames: readonly string[]): string[] {
  return g.ladder ? [...g.ladder.rungs] : ['uniform', ...playerNames, 'ismcts:iters=100'];
}

async function runLadder(g: GameDescriptor, opts: LadderOptions): Promise<void> {
  const sg = await g.state!();
  const rules = (await g.rules()).loadRules(opts.rules, opts.set);
  const seats = sg.seats(rules);
  const players = opts.seats ?? seats.default;
  if (players < seats.min || players > seats.max) throw new UserError(`--seats: ${g.id} seats ${seats.min}..${seats.max} players under these rules (got ${players})`);
  const { splitPlayerList, makePlayer } = await import('../play/players.js');
  const rungs = opts.players !== undefined ? splitPlayerList(opts.players, '--players') : defaultRungs(g, sg.playerNames);
  if (rungs.length < 2) throw new UserError(`--players: a ladder needs at least two players (got ${rungs.length})`);
  (await import('../play/ladder.js')).checkRungs(rungs, '--players');
  // every player built once here, at every seat: a bad name or parameter is reported before any work
  for (const spec of rungs) for (let s = 0; s < players; s++) makePlayer(sg, rules, spec, s, players);
  const { ladderKernelName, registerStateKernels } = await import('../play/kernels.js');
  await registerStateKernels();
  const { getKernel } = await import('../parallel/registry.js');
  const kernel = getKernel(ladderKernelName(g.id)) as Parameters<typeof runAndPrint>[0];
  return runAndPrint(kernel, { game: g.id, rules, rungs, players, replicates: opts.replicates, ...(await moduleOf(g)) }, opts.deals, opts);
}

/**
 * A game module's URL, for the run's parameters (so `merge` of its part files loads the module
 * without --game); nothing for a built-in (its runs and part files stay as they were).
 */
async function moduleOf(g: GameDescriptor): Promise<{ module?: string }> {
  const { loadedGames } = await import('../games/registry.js');
  const url = loadedGames().find((x) => x.descriptor === g)?.url;
  return url ? { module: url } : {};
}

export async function run(g: GameDescriptor, mode: 'tournament' | 'balance', opts: PlayOptions): Promise<void> {
  const sg = await g.state!();
  const rulesModule = await g.rules();
  const ranges = opts.set.filter((s) => /^[^=]*=.*\.\./.test(s));
  if (ranges.length > 1) throw new UserError(`--set: one field may be swept at a time (got ${ranges.join(' and ')})`);
  const fixed = opts.set.filter((s) => !ranges.includes(s));
  const rules = rulesModule.loadRules(opts.rules, fixed);
  const seats = sg.seats(rules);
  const { splitPlayerList, makePlayer, playerNames } = await import('../play/players.js');
  let specs = opts.strategies !== undefined ? splitPlayerList(opts.strategies) : mode === 'balance' ? [playerNames(sg)[1] ?? 'uniform'] : undefined;
  if (specs === undefined) {
    const all = sg.playerNames.length ? [...sg.playerNames] : ['uniform'];
    const tableOf = (k: number) => opts.players ?? Math.max(seats.default, Math.min(k, seats.max));
    // a player that cannot sit at such a table (Liar's Dice's equilibrium is two-player only) sits out the default line-up
    const fits = (name: string) => {
      try {
        makePlayer(sg, rules, name, 0, tableOf(all.length));
        return true;
      } catch (e) {
        if (e instanceof UserError) return false;
        throw e;
      }
    };
    const names = all.filter(fits);
    if (names.length === 0) throw new UserError(`no player of ${g.id} fits a table of ${tableOf(all.length)}: give --strategies`);
    specs = Array.from({ length: tableOf(names.length) }, (_, i) => names[i % names.length]);
  } else if (specs.length === 1) specs = Array.from({ length: opts.players ?? seats.default }, () => specs![0]);
  else if (opts.players !== undefined && opts.players !== specs.length) throw new UserError(`--players ${opts.players} but --strategies lists ${specs.length} players (give one for every seat, or one for all)`);
  if (specs.length < seats.min || specs.length > seats.max) throw new UserError(`${g.id} seats ${seats.min}..${seats.max} players under these rules (got ${specs.length})`);
  // every player built once here: a bad name or parameter is reported before any work
  specs.forEach((s, i) => makePlayer(sg, rules, s, i, specs!.length));
  const { playKernelName, registerStateKernels } = await import('../play/kernels.js');
  await registerStateKernels();
  const { getKernel } = await import('../parallel/registry.js');
  const kernel = getKernel(playKernelName(g.id)) as Parameters<typeof runAndPrint>[0];
  const module = await moduleOf(g);
  const params = (r: unknown) => ({ game: g.id, rules: r, entrants: specs!, ...module });
  if (ranges.length === 0) return runAndPrint(kernel, params(rules), opts.deals, opts, { mode });

  const sweep = parseSweepSet(ranges[0]);
  if (opts.shardIndex !== undefined || opts.out !== undefined) throw new UserError('a sweep runs whole: --shard-index and --out need a single rules set (no range in --set)');
  const results: MatchResult[] = [];
  for (const v of sweep.values) {
    const r = rulesModule.loadRules(opts.rules, [...fixed, `${sweep.path}=${v}`]);
    const done = await simulate(kernel, params(r), opts.deals, opts);
    results.push(done!.result as MatchResult);
  }
  const { sweepText, sweepRows } = await import('../play/text.js');
  const result = { game: g.id, mode, field: sweep.path, values: sweep.values, seed: opts.seed, results };
  emit(result, opts, () => sweepText(sweep.path, sweep.values, results, mode, opts.seed), () => sweepRows(sweep.path, sweep.values, results, mode, true));
}

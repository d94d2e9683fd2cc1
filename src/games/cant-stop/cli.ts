/** `oddsmith cant-stop …`: odds (exact), simulate (whole games), turn (single turns). */
import { Command } from 'commander';
import { UserError } from '../../core/errors.js';
import { fmtPct, textTable } from '../../core/format.js';
import { addAssumptionsCommand, addRulesOptions, ask, addSimOptions, emit, intArg, rulesFromOptions, runAndPrint, type RulesOptions, type SimOptions } from '../../cli/common.js';
import { STRATEGIES } from './strategies/index.js';
import { bustTable, columnRolls, OptimalTurn, parseSums, Solitaire, solitaireSize } from './exact.js';
import { gamesKernel, turnKernel, type GamesParams } from './kernels.js';
import { columnSum, loadRules, validateRules } from './rules.js';
import { checkAssumptions } from './assumptions.js';
import { bust, bustOdds } from './questions.js';
import { ROLLS } from './tables.js';

// prev is undefined when commander has no default yet (and when a test probes the parser alone)
const collect = (v: string, prev: string[] = []) => [...prev, v];

export function register(program: Command): void {
  const g = program.command('cant-stop').description("Can't Stop: exact bust odds and optimal turns, whole games between strategies");

  addRulesOptions(
    g
      .command('odds')
      .description('exact odds by enumerating the 1296 rolls of four dice: the chance a roll offers each column, the chance of busting with runners on given columns, the optimal single turn, optimal solitaire')
      .option('--columns <sums>', 'runner columns as sums, e.g. 6,7,8: the chance one roll busts with runners on exactly these')
      .option('--all', 'the bust chance of every set of runner columns (as many as the rules\' runners), safest first')
      .option('--turn', 'the optimal single turn from the empty board: expected progress in columns, bust chance, rolls (a few seconds)')
      .option('--solitaire', 'optimal solitaire: the fewest expected turns to claim the columns (small boards only, e.g. --set heights.5=2)')
      .option('--json', 'print as JSON')
      .option('--csv', 'print the table as CSV'),
    'cant-stop',
  )
    .addHelpText('after', '\nExamples:\n  npx oddsmith cant-stop odds\n  npx oddsmith cant-stop odds --columns 6,7,8\n  npx oddsmith cant-stop odds --all --csv\n  npx oddsmith cant-stop odds --turn\n  npx oddsmith cant-stop odds --solitaire --rules tiny')
    .action(async (opts: RulesOptions & { columns?: string; all?: boolean; turn?: boolean; solitaire?: boolean; json?: boolean; csv?: boolean }) => {
      const rules = loadRules(opts.rules, opts.set);
      const asked = [opts.columns !== undefined, !!opts.all, !!opts.turn, !!opts.solitaire].filter(Boolean).length;
      if (asked > 1) throw new UserError('give one of --columns, --all, --turn, --solitaire');
      if (opts.columns !== undefined) {
        const cols = parseSums(opts.columns, '--columns');
        if (cols.length > rules.runners) throw new UserError(`--columns: at most ${rules.runners} runner columns under these rules (got ${cols.length})`);
        await ask(bust, { columns: cols, runners: rules.runners }, opts);
        return;
      }
      if (opts.all) {
        await ask(bustOdds, { runners: rules.runners }, opts);
        return;
      }
      if (opts.turn) {
        const t0 = Date.now();
        const r = new OptimalTurn(rules).result;
        const ms = Date.now() - t0;
        emit(r, opts, () => `optimal single turn from the empty board (solitaire), exact over ${r.states} runner configurations:\nexpected progress ${r.progress.toFixed(4)} columns (a step in a column of height h counts 1/h); busts ${fmtPct(r.bust, 2)}; ${r.rolls.toFixed(3)} rolls\n(solved in ${(ms / 1000).toFixed(1)} s)`, () => [{ progress: r.progress, bust: r.bust, rolls: r.rolls, states: r.states }]);
        return;
      }
      if (opts.solitaire) {
        const t0 = Date.now();
        const s = new Solitaire(rules).result;
        const ms = Date.now() - t0;
        emit({ heights: rules.heights, columnsToWin: rules.columnsToWin, ...s }, opts, () => `optimal solitaire on heights ${rules.heights.join(',')} (${rules.columnsToWin} columns to win), exact over ${s.boards} boards and ${s.states} in-turn configurations:\nexpected turns to win ${s.turns.toFixed(4)}\n(solved in ${(ms / 1000).toFixed(1)} s)`, () => [{ heights: rules.heights.join(' '), columnsToWin: rules.columnsToWin, turns: s.turns, boards: s.boards }]);
        return;
      }
      const per = columnRolls();
      const t = bustTable(rules.runners);
      const rows = per.map((k, c) => ({ column: columnSum(c), rolls: k, p: k / ROLLS, height: rules.heights[c] }));
      const text = () =>
        [
          'the chance one roll of four dice offers each column (in at least one of its three pairings), exact:',
          textTable(rows.map((r) => ({ column: r.column, height: r.height, rolls: `${r.rolls}/${ROLLS}`, chance: fmtPct(r.p, 1) }))),
          '',
          `bust chance with all ${rules.runners} runners placed: safest ${t.slice(0, 3).map((r) => `${r.sums.join(',')} ${fmtPct(r.bust, 1)}`).join('; ')};` +
            ` riskiest ${t.slice(-2).map((r) => `${r.sums.join(',')} ${fmtPct(r.bust, 1)}`).join('; ')} (all: --all)`,
        ].join('\n');
      emit({ columns: rows, safest: t.slice(0, 3), riskiest: t.slice(-2) }, opts, text, () => rows);
    });

  addRulesOptions(
    addSimOptions(
      g
        .command('simulate')
        .description('play whole games between strategies (one --player per seat, 1–4; one player is solitaire): win rates by player and by seat with Wilson intervals, game length, busts, columns claimed')
        .requiredOption('--games <n>', 'games to play', intArg('--games', 1, 1e10))
        .option('--player <spec>', `a player's strategy, repeat once per player (default: rule28 and random; ${STRATEGIES.usage()})`, collect, [] as string[])
        .option('--no-rotate', 'keep the players in the given seat order (default: rotate seats game by game)'),
      { shardCount: 32 },
    ),
    'cant-stop',
  )
    .addHelpText('after', '\nExamples:\n  npx oddsmith cant-stop simulate --games 20000 --player rule28 --player random --seed 1\n  npx oddsmith cant-stop simulate --games 5000 --player rule28 --player rule28:stop=20 \\\n      --player random\n  npx oddsmith cant-stop simulate --games 20000 --player rule28   (solitaire: turns to win)')
    .action(async (opts: SimOptions & RulesOptions & { games: number; player: string[]; rotate: boolean }) => {
      const specs = opts.player.length ? opts.player : ['rule28', 'random'];
      if (specs.length > 4) throw new UserError(`--player: Can't Stop is for 1 to 4 players (got ${specs.length})`);
      const params: GamesParams = { rules: loadRules(opts.rules, opts.set), players: specs.map((s) => STRATEGIES.parse(s)), rotate: opts.rotate };
      if (params.players.some((p) => p.name === 'optimal') && solitaireSize(params.rules) > 2e6) throw new UserError('--player optimal plays the exact solitaire policy: it needs a small board (see `cant-stop odds --solitaire`)');
      await runAndPrint(gamesKernel, params, opts.games, opts);
    });

  addRulesOptions(
    addSimOptions(
      g
        .command('turn')
        .description('simulate single turns from the empty board by a strategy or by the exact optimal-turn policy (then with the exact figures beside)')
        .requiredOption('--turns <n>', 'turns to play', intArg('--turns', 1, 1e10))
        .option('--player <spec>', `the strategy, or "optimal-turn" for the exact policy (${STRATEGIES.usage()})`, 'rule28'),
      { shardCount: 16 },
    ),
    'cant-stop',
  )
    .addHelpText('after', '\nExamples:\n  npx oddsmith cant-stop turn --turns 100000 --player rule28\n  npx oddsmith cant-stop turn --turns 20000 --player optimal-turn --seed 3')
    .action(async (opts: SimOptions & RulesOptions & { turns: number; player: string }) => {
      const rules = loadRules(opts.rules, opts.set);
      const optimal = opts.player.trim() === 'optimal-turn';
      // through the kernel's finish: `oddsmith merge` of its parts prints the same
      await runAndPrint(turnKernel, { rules, player: optimal ? null : STRATEGIES.parse(opts.player) }, opts.turns, opts);
    });

  addAssumptionsCommand(g, {
    description: 'every assumed rule (the rulebook leaves it open or gives it as a variant), its default and alternatives, and the headline findings re-measured at each alternative (95% intervals)',
    size: { flag: '--games', help: 'games per table per rule set', min: 100, max: 1e7, default: 4000 },
    only: true,
    rules: 'cant-stop',
    examples: ['', '--games 1000 --only columnsToWin --csv'],
    checkAssumptions: (o) => checkAssumptions({ rules: rulesFromOptions('cant-stop', o, validateRules), games: o.size, seed: o.seed, workers: o.workers, only: o.only }),
  });
}

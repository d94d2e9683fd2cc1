/** The `oddsmith liars …` command group. */
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { Option, type Command } from 'commander';
import { UserError } from '../../core/errors.js';
import { parseNumberArg } from '../../core/validate.js';
import { splitList } from '../../core/parse.js';
import { parseSweepSet } from '../../core/rules.js';
import { defaultsOf } from '../../core/spec.js';
import { isGenericPlayer, makePlayer as makeAnyPlayer } from '../../play/players.js';
import { ask, runAndPrint, addAssumptionsCommand, addRulesOptions, addSimOptions, emit, intArg, MAX_SEED, questionContext, rulesFromOptions, textTable, type RulesOptions, type SimOptions } from '../../cli/common.js';
import { validateRules, type LiarsRules } from './rules.js';
import { checkHigher, parseBid, parseDice } from './exact.js';
import { checkBids } from './check.js';
import { tournamentKernel, type TournamentParams } from './kernels.js';
import { ALGORITHMS, VARIANTS, type Algorithm, type ConvergencePoint, type LiarsSolver, type Precision, type Variant } from './exact-cfr.js';
import { openSolverState, writeSolverState } from './solver-state.js';
import { stateGame } from './state.js';
import { parseStrategyList, parseStrategySpec, STRATEGIES, type StrategySpec } from './strategies/index.js';
import { checkSeating, exploit, odds, solve, sweep, sweepChart, table } from './questions.js';
import { renderSpec } from '../../report/render.js';
import { checkOutputs, noteKept, writeFileAtomic } from '../../core/files.js';
import { logEvery } from '../../core/progress.js';
import { solverSource, writeStrategyFile } from './strategy-file.js';
import { checkAssumptions } from './assumptions.js';
import { register as registerGrade } from './grade-cli.js';

const GAME = 'liars-dice';

/** `--dice` of the two-player solver's game: "D0,D1" (the opener's and the other's) or one "D" for both. */
const DICE_HELP = 'dice of the opener and of the other player, each 1 or 2, e.g. 1,2 (one number: both)';
function parseDicePair(text: string): [number, number] {
  const parts = text.trim().split(/\s*,\s*/);
  const dice = parts.map((d) => (/^\d+$/.test(d) ? Number(d) : NaN));
  if (parts.length > 2 || dice.some((d) => !Number.isInteger(d) || d < 1 || d > 2)) throw new UserError(`--dice must be one or two counts in 1..2, for example 1,1 (got ${JSON.stringify(text)})`);
  return [dice[0], dice[dice.length - 1]];
}

/** The rules the options name (--rules, --set), then --dice-per-player when given. */
function rulesWith(opts: RulesOptions & { dicePerPlayer?: number }): LiarsRules {
  const r = rulesFromOptions(GAME, opts, validateRules);
  if (opts.dicePerPlayer !== undefined) r.dicePerPlayer = opts.dicePerPlayer;
  return r;
}

/** Parse and check a strategy list ("a,b:param=1,c"): names known, parameters valid, seats in range. */
function parseStrategies(text: string, rules: LiarsRules): StrategySpec[] {
  return checkSeating(parseStrategyList(text), rules);
}

export function register(program: Command): void {
  const liars = program.command('liars').description('Liar\'s Dice: exact bid odds, round rules, bot tournaments, CFR+ equilibrium');

  const oddsCommand = liars
    .command('odds')
    .description('exact chance that a bid is true given my dice (binomial over the unknown dice, wild 1s), expected count, safest bid per face')
    .requiredOption('--players <p>', 'players at the table', intArg('--players', 2, 10))
    .requiredOption('--mine <dice>', 'my dice, comma-separated faces, e.g. 2,2,4,1,6')
    .requiredOption('--bid <bid>', 'the bid COUNTxFACE, e.g. 8x2')
    .option('--dice-per-player <d>', 'dice per player (default from the rules file: 5)', intArg('--dice-per-player', 1, 20))
    .option('--ones-bid', '1s have already been bid this round (so they are no longer wild)')
    .option('--previous <bid>', 'the bid before: checks that --bid is a legal raise over it');
  addRulesOptions(oddsCommand, GAME)
    .option('--json', 'print the result as JSON')
    .option('--csv', 'print the safest-bids table as CSV')
    .addHelpText('after', '\nExample:\n  npx oddsmith liars odds --players 4 --mine 2,2,4,1,6 --bid 8x2')
    .action((opts: RulesOptions & { players: number; mine: string; bid: string; dicePerPlayer?: number; onesBid?: boolean; previous?: string; json?: boolean; csv?: boolean }) => {
      const rules = rulesWith(opts);
      const mine = parseDice(opts.mine, rules);
      // the others' dice are unknown, mine are not: a short list would silently count as unknown dice
      if (mine.length !== rules.dicePerPlayer) throw new UserError(`--mine has ${mine.length} dice but each player has ${rules.dicePerPlayer}: give all of yours (or --dice-per-player ${Math.max(1, mine.length)} when every player has ${Math.max(1, mine.length)})`);
      const total = opts.players * rules.dicePerPlayer;
      const bid = parseBid(opts.bid, rules, total);
      if (opts.previous) checkHigher(rules, parseBid(opts.previous, rules, total, '--previous'), bid);
      return ask(odds, { rules, players: opts.players, mine, bid, onesBid: !!opts.onesBid }, opts);
    });

  const tableCommand = liars
    .command('table')
    .description('P(at least k of a face among U unknown dice), for a wild face (1s count) and a non-wild one, k = 0…U, exact')
    .requiredOption('--unknown <u>', 'unknown dice', intArg('--unknown', 0, 200))
    .option('--sides <s>', 'die sides (default from the rules: 6)', intArg('--sides', 2, 12));
  addRulesOptions(tableCommand, GAME)
    .option('--json', 'print the table as JSON')
    .option('--csv', 'print the table as CSV')
    .addHelpText('after', '\nExample:\n  npx oddsmith liars table --unknown 15')
    .action((opts: RulesOptions & { unknown: number; sides?: number; json?: boolean; csv?: boolean }) => {
      const sides = opts.sides ?? rulesWith(opts).sides;
      return ask(table, { unknown: opts.unknown, sides }, opts);
    });

  const check = liars
    .command('check')
    .description('resolve challenged bids against the dice on the table, as the rules page does (wild 1s unless 1s were bid)')
    .requiredOption('--table <dice>', 'every die on the table, comma-separated faces')
    .requiredOption('--bid <bid...>', 'challenged bids COUNTxFACE (several allowed)')
    .option('--ones-bid', '1s were bid this round (they no longer count as wild)');
  addRulesOptions(check, GAME)
    .option('--json', 'print the result as JSON')
    .option('--csv', 'print the bids table as CSV')
    .addHelpText('after', '\nExample (the rules page\'s worked example):\n  npx oddsmith liars check --table 2,2,2,2,2,2,3,3,3,3,1,1,1,5,5,5,5,5,6,6 --bid 9x4 11x6')
    .action((opts: RulesOptions & { table: string; bid: string[]; onesBid?: boolean; json?: boolean; csv?: boolean }) => {
      const rules = rulesWith(opts);
      const maxDice = rules.maxPlayers * rules.dicePerPlayer;
      const table = parseDice(opts.table, { ...rules, dicePerPlayer: Number.MAX_SAFE_INTEGER }, '--table');
      if (table.length < rules.minPlayers * rules.dicePerPlayer || table.length > maxDice || table.length % rules.dicePerPlayer !== 0) {
        throw new UserError(`--table must list every die on the table: a multiple of ${rules.dicePerPlayer} (dice per player) between ${rules.minPlayers * rules.dicePerPlayer} and ${maxDice} (got ${table.length})`);
      }
      const bids = opts.bid.map((b) => parseBid(b, rules, table.length));
      const r = checkBids(rules, table, bids, !!opts.onesBid);
      emit(r, opts, () => textTable(r.bids.map((b) => ({ bid: `${b.count}x${b.face}`, counted: b.counted, wild1s: b.wildOnes, verdict: b.true ? 'true: the caller drinks' : 'false: the bidder drinks' }))), () => r.bids.map((b) => ({ bid: `${b.count}x${b.face}`, counted: b.counted, wild1s: b.wildOnes, verdict: b.true ? 'true' : 'false' })));
    });

  const tournament = liars
    .command('tournament')
    .description('play rounds among strategies (one seat each) on the shard pool: penalties per round by seat and strategy with 95% intervals, calls in and out of turn')
    .requiredOption('--strategies <list>', `comma-separated, one per seat; parameters as name:param=value,param=value (known: ${STRATEGIES.names.join(', ')})`)
    .option('--rounds <n>', 'rounds to play', intArg('--rounds', 1, 1e10), 100_000)
    .option('--dice-per-player <d>', 'dice per player (default from the rules file)', intArg('--dice-per-player', 1, 20));
  addRulesOptions(tournament, GAME);
  addSimOptions(tournament, { shardCount: 16 })
    .addHelpText('after', '\nExample:\n  npx oddsmith liars tournament --strategies threshold,conservative,bluffer,random \\\n      --rounds 200000 --seed 7 --workers 2')
    .action(async (opts: SimOptions & RulesOptions & { strategies: string; rounds: number; dicePerPlayer?: number }) => {
      const rules = rulesWith(opts);
      const params: TournamentParams = { rules, strategies: parseStrategies(opts.strategies, rules) };
      // through the kernel's finish: `oddsmith merge` of its parts prints the same
      await runAndPrint(tournamentKernel, params, opts.rounds, opts);
    });

  const sweepCommand = liars
    .command('sweep')
    .description('vary one rules field (--set field=a..b:step) or one parameter of one strategy (seat 0) against a fixed field; penalties per round with 95% intervals for each value')
    .requiredOption('--strategy <name>', 'the strategy in seat 0 (the one varied by --param), optionally with fixed parameters (name:p=v)')
    .option('--param <p>', 'the long form, varying a strategy parameter: the parameter, e.g. callBelow')
    .option('--values <list>', 'with --param: comma-separated values, e.g. 0.1,0.2,0.3')
    .requiredOption('--field <list>', 'the other seats\' strategies, comma-separated')
    .option('--rounds <n>', 'rounds per value', intArg('--rounds', 1, 1e10), 50_000)
    .option('--dice-per-player <d>', 'dice per player (default from the rules file)', intArg('--dice-per-player', 1, 20))
    .option('--chart <file>', 'also draw the chart: .svg or .png');
  addRulesOptions(sweepCommand, GAME);
  addSimOptions(sweepCommand, { shardCount: 8, runsWhole: 'runs whole tournaments (use `liars tournament --shard-index` for cluster runs)' })
    .addHelpText('after', '\nThe one --set whose value is a range (a..b or a..b:step) is swept, as in every game\'s sweep;\nor, the long form, --param and --values vary a parameter of the seat-0 strategy.\n\nExamples:\n  npx oddsmith liars sweep --strategy threshold --field conservative,bluffer \\\n      --set dicePerPlayer=1..5 --rounds 20000\n  npx oddsmith liars sweep --strategy threshold --param callBelow --values 0.1,0.2,0.3,0.4,0.5,0.6 \\\n      --field conservative,bluffer,random --rounds 50000')
    .action(async (opts: SimOptions & RulesOptions & { strategy: string; param?: string; values?: string; field: string; rounds: number; dicePerPlayer?: number; chart?: string }) => {
      if (opts.shardIndex !== undefined) throw new UserError('sweep runs whole tournaments; use `liars tournament --shard-index` for cluster runs');
      if (opts.chart && !/\.(svg|png)$/i.test(opts.chart)) throw new UserError(`--chart must name a .svg or .png file (got ${JSON.stringify(opts.chart)})`);
      const ranges = opts.set.filter((x) => /^[^=]*=.*\.\./.test(x));
      if (ranges.length > 1) throw new UserError(`--set: one field may be swept at a time (got ${ranges.join(' and ')})`);
      if (ranges.length === (opts.param !== undefined ? 1 : 0)) throw new UserError('sweep: give either --set field=a..b[:step] (a rules field) or --param with --values (a strategy parameter)');
      if ((opts.param === undefined) !== (opts.values === undefined)) throw new UserError('--param and --values go together');
      const fixed = { ...opts, set: opts.set.filter((x) => !ranges.includes(x)) };
      const over = ranges.length ? parseSweepSet(ranges[0]) : undefined;
      const rules = rulesWith(fixed);
      const values = over ? over.values : splitList(opts.values!, '--values').map((v) => parseNumberArg(v, '--values'));
      const rulesAt = over ? over.values.map((v) => rulesWith({ ...fixed, set: [...fixed.set, `${over.path}=${v}`] })) : undefined;
      const params = { rules, strategy: parseStrategySpec(opts.strategy), param: over ? over.path : opts.param!, values, ...(rulesAt ? { rulesAt } : {}), field: parseStrategyList(opts.field, '--field'), rounds: opts.rounds, seed: opts.seed, shardCount: opts.shardCount };
      const r = await sweep.answer(params, questionContext(opts));
      if (opts.chart) {
        const { svg, png } = await renderSpec(sweepChart(r).spec);
        writeFileAtomic(opts.chart, /\.svg$/i.test(opts.chart) ? svg : png);
        if (!opts.quiet) process.stderr.write(`chart written to ${opts.chart}\n`);
      }
      emit(r, opts, () => sweep.text(r, params), () => sweep.rows!(r, params));
    });

  liars
    .command('solve')
    .description('Nash equilibrium of the two-player game by CFR+: the opener\'s value and the exact best-response exploitability')
    .option('--dice <d0,d1>', DICE_HELP, '1,1')
    .option('--sides <s>', 'die sides, 2..6', intArg('--sides', 2, 6), 6)
    .option('--variant <v>', `${VARIANTS.join(' | ')}: seed = the rules page (wild 1s until 1s are bid, 1 above the top face); openspiel = OpenSpiel liars_dice (top face wild, natural order); plain = no wild face`, 'seed')
    .option('--target <e>', 'stop when exploitability (NashConv/2) is at most this', (v) => parseNumberArg(v, '--target', 1e-9, 1), 1e-4)
    .option('--max-iterations <n>', 'stop after this many CFR+ iterations', intArg('--max-iterations', 1, 1e7), 100_000)
    .option('--max-minutes <m>', 'a time budget: stop iterating in time for a last exploitability measurement (as long as the one before) to end within this many minutes (the result says the target was not reached)', (v) => parseNumberArg(v, '--max-minutes', 0.01, 1e6))
    .option('--algorithm <a>', `${ALGORITHMS.join(' | ')}: regret matching+ with linear averaging; discounted CFR (α 1.5, β 0, γ 2; usually fewer iterations); predictive CFR+; pcfr+last: predictive CFR+ with t⁵ averages, each player's better of average and last iterate (the fastest to small targets)`, 'cfr+')
    .option('--precision <p>', 'float64 | float32: the stores\' number type; float32 halves memory and allows up to 24 bids (2,2 dice with 6 sides)', 'float64')
    .addOption(new Option('--workers <w>', 'threads sharing each pass (results do not depend on it)').default(availableParallelism()).argParser(intArg('--workers', 1, 256)))
    .option('--out <file>', 'also write the average strategy (the histories it reaches) to this file, for equilibrium:file=FILE')
    .option('--checkpoint <file>', 'save the solve\'s state to this file (at checkpoints a minute or more apart, and at the end); if it exists, continue that solve (the same --dice, --sides, --variant, --algorithm, --precision): a stopped solve loses only the time since its last save')
    .option('--prune <p>', 'with --out: probabilities below this are dropped (the rest rescaled); the stored strategy is measured again', (v) => parseNumberArg(v, '--prune', 0, 0.01), 1e-6)
    .option('--json', 'print the result as JSON')
    .option('--csv', 'print the convergence table as CSV')
    .option('--quiet', 'no progress lines on stderr')
    .addHelpText('after', '\nExamples:\n  npx oddsmith liars solve --dice 1,1 --sides 6 --variant openspiel\n  npx oddsmith liars solve --dice 1,1 --sides 6 --variant seed --json\n  npx oddsmith liars solve --dice 2,1 --sides 6 --variant plain --algorithm dcfr --target 1e-7\n  npx oddsmith liars solve --dice 1,1 --sides 6 --out eq-1v1.gz\n  npx oddsmith liars solve --dice 2,1 --algorithm pcfr+last --target 1e-7 --checkpoint 2v1.state')
    .action(async (opts: { dice: string; sides: number; variant: string; target: number; maxIterations: number; maxMinutes?: number; algorithm: string; precision: string; workers: number; out?: string; checkpoint?: string; prune: number; json?: boolean; csv?: boolean; quiet?: boolean }) => {
      if (!VARIANTS.includes(opts.variant as Variant)) throw new UserError(`--variant must be one of ${VARIANTS.join(', ')} (got ${JSON.stringify(opts.variant)})`);
      if (!ALGORITHMS.includes(opts.algorithm as Algorithm)) throw new UserError(`--algorithm must be one of ${ALGORITHMS.join(', ')} (got ${JSON.stringify(opts.algorithm)})`);
      if (opts.precision !== 'float64' && opts.precision !== 'float32') throw new UserError(`--precision must be one of float64, float32 (got ${JSON.stringify(opts.precision)})`);
      const dice = parseDicePair(opts.dice);
      if (opts.out !== undefined) checkOutputs([{ path: opts.out, what: 'strategy file' }]);
      const progress = !opts.quiet && process.stderr.isTTY;
      const params = { variant: opts.variant as Variant, dice: [dice[0], dice[1]] as [number, number], sides: opts.sides, target: opts.target, maxIterations: opts.maxIterations, maxSeconds: opts.maxMinutes === undefined ? undefined : opts.maxMinutes * 60, algorithm: opts.algorithm as Algorithm, precision: opts.precision as Precision, threads: opts.workers };
      const statePath = opts.checkpoint;
      if (statePath !== undefined && opts.out !== undefined && resolve(statePath) === resolve(opts.out)) throw new UserError(`--out and --checkpoint name the same file (${opts.out}): the strategy and the solve's state need a file each`);
      const resume = statePath === undefined ? undefined : openSolverState(statePath, { config: params, algorithm: params.algorithm, precision: params.precision });
      // a save costs a pass over the stores (GBs at 2v2): at most one a minute, and the last
      const resumedAt = resume?.convergence[resume.convergence.length - 1].iteration ?? 0;
      let savedAt = resumedAt, savedTime = performance.now();
      const save = (solver: LiarsSolver, convergence: readonly ConvergencePoint[]) => {
        writeSolverState(statePath!, solver, convergence);
        savedAt = solver.iterations;
        savedTime = performance.now();
        // an interrupt from now on keeps this: the "interrupted" line says so
        noteKept(`the solve's state at iteration ${savedAt} is saved in ${statePath!}: the same command continues from there`);
      };
      if (resume) noteKept(`${statePath!} still holds the solve's state at iteration ${resumedAt}: the same command continues from there`);
      // in a log (stderr not a terminal) a line at least every 30 s: the solve is alive
      const log = logEvery(!!opts.quiet);
      let lastCheck = resume?.convergence[resume.convergence.length - 1];
      let file: ({ path: string } & ReturnType<typeof writeStrategyFile>['stored']) | undefined;
      const r = await solve.answer({
        ...params,
        resume,
        onIteration: (iterations, seconds) => log(() => `liars solve: iteration ${iterations}, ${Math.round(seconds)} s${lastCheck ? `; exploitability ${lastCheck.exploitability.toExponential(3)} at iteration ${lastCheck.iteration} (target ${opts.target.toExponential(0)})` : ''}`),
        onCheckpoint: (p, solver, convergence) => {
          lastCheck = p;
          if (progress) process.stderr.write(`\riteration ${p.iteration}: exploitability ${p.exploitability.toExponential(3)}   `);
          if (statePath !== undefined && p.iteration !== savedAt && performance.now() - savedTime >= 60_000) save(solver, convergence);
        },
        onSolved: (solver, s) => {
          if (statePath !== undefined && s.iterations !== savedAt) save(solver, s.convergence);
          // the strategy itself, not only its figures, goes to --out
          if (opts.out !== undefined) file = { path: opts.out, ...writeStrategyFile(opts.out, solverSource(solver), { iterations: s.iterations, target: s.target, value0: s.value0, br0: s.br0, br1: s.br1, exploitability: s.exploitability }, opts.prune, solver).stored };
        },
      }, { workers: 1 });
      if (progress) process.stderr.write('\r' + ' '.repeat(60) + '\r');
      const checkpoint = statePath === undefined ? undefined : { path: statePath, continuedFrom: resumedAt, savedAt };
      emit({ ...r, ...(file ? { file } : {}), ...(checkpoint ? { checkpoint } : {}) }, opts, () => [
        solve.text(r, params),
        ...(checkpoint ? ['', `${checkpoint.continuedFrom > 0 ? `continued from ${checkpoint.path} at iteration ${checkpoint.continuedFrom}; ` : ''}state saved to ${checkpoint.path} at iteration ${checkpoint.savedAt}; run again with it (a lower --target, a longer --max-minutes) to go on from there`] : []),
        ...(file ? ['', `strategy written to ${file.path}: ${file.histories} histories its players reach (of ${r.publicHistories}),`, `  probabilities below ${file.prune === 0 ? 'none' : file.prune.toExponential(0)} dropped, float32: value ${file.value0.toFixed(6)}, exploitability ${file.exploitability.toExponential(3)}`] : []),
      ].join('\n'), () => solve.rows!(r, params));
    });

  liars
    .command('exploit')
    .description('exactly, in the two-player solver\'s game: how much a best response wins against a deterministic bot, and the bot\'s match against the equilibrium')
    .requiredOption('--strategy <s>', 'a deterministic bot (threshold or conservative) with parameters; its out-of-turn threshold must be 0, e.g. threshold:outOfTurnBelow=0; or equilibrium (its own solve) or equilibrium:file=PATH (a saved strategy); or a player of every game: ismcts:c=C,rollout=R, mccfr:explore=E,rollout=R or escfr:target=D (the search players; their iterations from --budgets) or uniform')
    .option('--dice <d0,d1>', `${DICE_HELP}; both the same here`, '1,1')
    .option('--sides <s>', 'die sides, 2..6', intArg('--sides', 2, 6), 6)
    .option('--variant <v>', 'seed (the rules page) or plain (no wild face); for equilibrium also openspiel', 'seed')
    .option('--target <e>', 'exploitability target of the equilibrium it is matched against', (v) => parseNumberArg(v, '--target', 1e-9, 1), 1e-4)
    .option('--budgets <list>', 'with a search player (ismcts, mccfr, escfr): iterations per decision, one row each, beside CFR+ after as many iterations (default: the spec\'s iters)')
    .option('--seeds <k>', 'with a player of every game: its action frequencies over k seeds per decision', intArg('--seeds', 1, 1000), 1)
    .option('--seed <k>', 'with a player of every game: the seed of its decisions', intArg('--seed', 0, MAX_SEED), 1)
    .option('--json', 'print the result as JSON')
    .addHelpText('after', '\nExamples:\n  npx oddsmith liars exploit --strategy threshold:outOfTurnBelow=0 --dice 1,1 --sides 6\n  npx oddsmith liars exploit --strategy ismcts:rollout=uniform --budgets 10,100,1000 --sides 4')
    .action(async (opts: ExploitOptions) => {
      const name = opts.strategy.split(':')[0].trim();
      // the equilibrium player needs no round-engine rules, so OpenSpiel's variant is open to it
      const variants = name === 'equilibrium' ? VARIANTS : ['seed', 'plain'];
      if (!variants.includes(opts.variant as Variant)) throw new UserError(`--variant must be one of ${variants.join(', ')} (got ${JSON.stringify(opts.variant)})`);
      const variant = opts.variant as Variant;
      const pair = parseDicePair(opts.dice);
      if (pair[0] !== pair[1]) throw new UserError(`--dice: exploit plays both players with the same dice (got ${JSON.stringify(opts.dice)}; use 1,1 or 2,2)`);
      const dice = pair[0];
      if (!STRATEGIES.has(name) && isGenericPlayer(name)) {
        const makePlayer = (spec: string, seat: 0 | 1, rules: LiarsRules) => makeAnyPlayer(stateGame, rules, spec, seat, 2);
        return ask(exploit, { player: opts.strategy, variant, dice, sides: opts.sides, budgets: parseBudgets(opts), seeds: opts.seeds, seed: opts.seed, makePlayer }, opts);
      }
      if (opts.budgets !== undefined) throw new UserError(`--budgets: only for a search player, ismcts, mccfr or escfr (got --strategy ${opts.strategy})`);
      return ask(exploit, { strategy: parseStrategySpec(opts.strategy), variant, dice, sides: opts.sides, target: opts.target, maxIterations: 1e6 }, opts);
    });

  registerGrade(liars, parseDicePair, DICE_HELP);

  liars
    .command('strategies')
    .description('list the strategies and their parameters')
    .option('--json', 'print as JSON')
    .option('--csv', 'print the list as CSV (name, description, defaults)')
    .addHelpText('after', '\nExample:\n  npx oddsmith liars strategies')
    .action((opts: { json?: boolean; csv?: boolean }) => {
      const list = STRATEGIES.all.map((m) => ({ name: m.info.name, description: m.info.description, defaults: defaultsOf(m.info.params) }));
      const defaults = (i: (typeof list)[number]) => Object.entries(i.defaults).map(([k, v]) => `${k}=${v}`).join(' ');
      emit(list, opts, () => list.map((i) => `${i.name.padEnd(13)} ${i.description}\n${' '.repeat(14)}defaults: ${defaults(i)}`).join('\n'), () => list.map((i) => ({ name: i.name, description: i.description, defaults: defaults(i) })));
    });

  addAssumptionsCommand(liars, {
    description: 'every assumed rule (the rulebook leaves it open), its default and alternatives, and the headline findings re-measured at each alternative (exact or with 95% intervals)',
    size: { flag: '--rounds', help: 'rounds per tournament per rule set', min: 1000, max: 1e9, default: 60_000 },
    rules: GAME,
    examples: ['', '--rounds 20000 --csv'],
    checkAssumptions: (o) => checkAssumptions({ rules: rulesWith(o), rounds: o.size, seed: o.seed, workers: o.workers }),
  });
}

interface ExploitOptions {
  strategy: string;
  dice: string;
  sides: number;
  variant: string;
  target: number;
  budgets?: string;
  seeds: number;
  seed: number;
  json?: boolean;
}

/** `--budgets` of `liars exploit` for ismcts: iterations per decision, ascending and distinct (absent: the spec's own). */
function parseBudgets(opts: ExploitOptions): number[] | undefined {
  if (opts.budgets === undefined) return undefined;
  const spec = opts.strategy.trim(), name = spec.split(':')[0].trim();
  const rest = spec.includes(':') ? spec.slice(spec.indexOf(':') + 1).trim() : '';
  if (name === 'uniform' || !isGenericPlayer(name)) throw new UserError(`--budgets: only for a search player, ismcts, mccfr or escfr (got --strategy ${spec})`);
  if (/(^|,)\s*iters\s*=/.test(rest) || (rest !== '' && !rest.includes('='))) throw new UserError(`--budgets: give the iterations by --budgets or by iters= in --strategy, not both (got ${spec})`);
  const budgets = splitList(opts.budgets, '--budgets').map((b) => intArg('--budgets', 1, 10_000_000)(b));
  return [...new Set(budgets)].sort((a, b) => a - b);
}

/** The `oddsmith liars …` command group. */
import type { Command } from 'commander';
import { UserError } from '../../core/errors.js';
import { parseNumberArg } from '../../core/validate.js';
import { splitList } from '../../core/parse.js';
import { defaultsOf } from '../../core/spec.js';
import { runAndPrint, addAssumptionsCommand, addRulesOptions, addSimOptions, emit, fmtPct, intArg, isGenericPlayer, makeAnyPlayer, MAX_SEED, rulesFromOptions, simulate, textTable, type RulesOptions, type SimOptions } from '../../cli/common.js';
import { validateRules, type LiarsRules } from './rules.js';
import { atLeastTable, bidOdds, checkHigher, parseBid, parseDice } from './exact.js';
import { checkBids } from './check.js';
import { tournamentKernel, type TournamentParams, type TournamentResult } from './kernels.js';
import { LiarsSolver, solve, VARIANTS, type Variant } from './exact-cfr.js';
import { botExploitability, exactMatch, fillBotPolicy, rulesForVariant } from './exact-play.js';
import { statePlayerExploitability } from './exact-search.js';
import { stateGame } from './state.js';
import { createStrategy, parseStrategyList, parseStrategySpec, specLabel, STRATEGIES, type StrategySpec } from '../../../strategies/liars-dice/index.js';
import { sweepChart } from './report.js';
import { renderSpec } from '../../report/render.js';
import { writeFileAtomic } from '../../core/files.js';
import type { Row } from '../../report/page.js';
import { checkAssumptions } from './assumptions.js';

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
export function parseStrategies(text: string, rules: LiarsRules): StrategySpec[] {
  const specs = parseStrategyList(text);
  if (specs.length < rules.minPlayers || specs.length > rules.maxPlayers) {
    throw new UserError(`--strategies must seat ${rules.minPlayers}..${rules.maxPlayers} players, one strategy per seat (got ${specs.length})`);
  }
  // build each once here so that bad parameters fail before any worker starts
  for (const s of specs) createStrategy(s, { rules, players: specs.length });
  return specs;
}

async function runTournament(params: TournamentParams, rounds: number, opts: SimOptions): Promise<TournamentResult | null> {
  const sim = await simulate(tournamentKernel, params, rounds, opts);
  return sim ? sim.result : null;
}

export function register(program: Command): void {
  const liars = program.command('liars').description('Liar\'s Dice: exact bid odds, round rules, bot tournaments, CFR+ equilibrium');

  const odds = liars
    .command('odds')
    .description('exact chance that a bid is true given my dice (binomial over the unknown dice, wild 1s), expected count, safest bid per face')
    .requiredOption('--players <p>', 'players at the table', intArg('--players', 2, 10))
    .requiredOption('--mine <dice>', 'my dice, comma-separated faces, e.g. 2,2,4,1,6')
    .requiredOption('--bid <bid>', 'the bid COUNTxFACE, e.g. 8x2')
    .option('--dice-per-player <d>', 'dice per player (default from the rules file: 5)', intArg('--dice-per-player', 1, 20))
    .option('--ones-bid', '1s have already been bid this round (so they are no longer wild)')
    .option('--previous <bid>', 'the bid before: checks that --bid is a legal raise over it');
  addRulesOptions(odds, GAME)
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
      const r = bidOdds(rules, opts.players, mine, bid, !!opts.onesBid);
      emit(r, opts, () => [
        `${r.players} players × ${r.dicePerPlayer} dice = ${r.totalDice}; my dice ${r.mine.join(',') || '(none)'}; ${r.unknownDice} unknown`,
        `bid ${r.bid.count}x${r.bid.face}: 1s ${r.wild ? 'wild' : 'not wild'}, I hold ${r.ownMatching}, need ${r.needed} more of ${r.unknownDice} unknown (each ${r.perDie})`,
        `P(bid true) = ${r.probability.toFixed(6)} = ${r.fraction}`,
        `expected count of ${r.bid.face}s = ${r.expectedCount.toFixed(4)} (${r.expectedCountFraction})`,
        '',
        'highest count still at least 50% / 33% likely, per face:',
        textTable(r.safestBids.map((s) => ({ face: s.face, wild: s.wild ? 'yes' : 'no', '≥50%': s.atLeast50, P50: s.probability50.toFixed(4), '≥33%': s.atLeast33, P33: s.probability33.toFixed(4) }))),
      ].join('\n'), () => r.safestBids.map((s) => ({ ...s })));
    });

  const table = liars
    .command('table')
    .description('P(at least k of a face among U unknown dice), for a wild face (1s count) and a non-wild one, k = 0…U, exact')
    .requiredOption('--unknown <u>', 'unknown dice', intArg('--unknown', 0, 200))
    .option('--sides <s>', 'die sides (default from the rules: 6)', intArg('--sides', 2, 12));
  addRulesOptions(table, GAME)
    .option('--json', 'print the table as JSON')
    .option('--csv', 'print the table as CSV')
    .addHelpText('after', '\nExample:\n  npx oddsmith liars table --unknown 15')
    .action((opts: RulesOptions & { unknown: number; sides?: number; json?: boolean; csv?: boolean }) => {
      const sides = opts.sides ?? rulesWith(opts).sides;
      const rows = atLeastTable(opts.unknown, sides);
      emit({ unknown: opts.unknown, sides, rows }, opts, () => [
        `P(at least k) among ${opts.unknown} unknown dice: wild face p = 2/${sides}, non-wild p = 1/${sides}`,
        textTable(rows.map((r) => ({ k: r.k, wild: r.wild.toFixed(6), 'non-wild': r.nonWild.toFixed(6) }))),
      ].join('\n'), () => rows.map((r) => ({ ...r })));
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

  const sweep = liars
    .command('sweep')
    .description('vary one parameter of one strategy (seat 0) against a fixed field; penalties per round with 95% intervals for each value')
    .requiredOption('--strategy <name>', 'the strategy to vary, optionally with fixed parameters (name:p=v)')
    .requiredOption('--param <p>', 'the parameter to vary, e.g. callBelow')
    .requiredOption('--values <list>', 'comma-separated values, e.g. 0.1,0.2,0.3')
    .requiredOption('--field <list>', 'the other seats\' strategies, comma-separated')
    .option('--rounds <n>', 'rounds per value', intArg('--rounds', 1, 1e10), 50_000)
    .option('--dice-per-player <d>', 'dice per player (default from the rules file)', intArg('--dice-per-player', 1, 20))
    .option('--chart <file>', 'also draw the chart: .svg or .png');
  addRulesOptions(sweep, GAME);
  addSimOptions(sweep, { shardCount: 8, runsWhole: 'runs whole tournaments (use `liars tournament --shard-index` for cluster runs)' })
    .addHelpText('after', '\nExample:\n  npx oddsmith liars sweep --strategy threshold --param callBelow --values 0.1,0.2,0.3,0.4,0.5,0.6 \\\n      --field conservative,bluffer,random --rounds 50000')
    .action(async (opts: SimOptions & RulesOptions & { strategy: string; param: string; values: string; field: string; rounds: number; dicePerPlayer?: number; chart?: string }) => {
      if (opts.shardIndex !== undefined) throw new UserError('sweep runs whole tournaments; use `liars tournament --shard-index` for cluster runs');
      if (opts.chart && !/\.(svg|png)$/i.test(opts.chart)) throw new UserError(`--chart must name a .svg or .png file (got ${JSON.stringify(opts.chart)})`);
      const rules = rulesWith(opts);
      const r = await runSweep(rules, opts.strategy, opts.param, splitList(opts.values, '--values').map((v) => parseNumberArg(v, '--values')), opts.field, opts.rounds, opts);
      if (opts.chart) {
        const rows: Row[] = r.points.flatMap((p) => [
          { value: p.value, who: `${r.strategy.split(':')[0]} (seat 0)`, penalties: p.penaltiesPerRound, low: p.ci95[0], high: p.ci95[1] },
          { value: p.value, who: 'field average', penalties: p.fieldPenaltiesPerRound, low: null, high: null },
        ]);
        const { svg, png } = await renderSpec(sweepChart(r.strategy.split(':')[0], r.param, rows, r.rounds, r.seed, r.field).spec);
        writeFileAtomic(opts.chart, /\.svg$/i.test(opts.chart) ? svg : png);
        if (!opts.quiet) process.stderr.write(`chart written to ${opts.chart}\n`);
      }
      emit(r, opts, () => [
        `${r.strategy} with ${r.param} varied, against ${r.field.join(', ')}; ${r.rounds} rounds per value, seed ${r.seed}`,
        textTable(r.points.map((p) => ({ [r.param]: p.value, 'penalties/round': p.penaltiesPerRound.toFixed(4), 'ci95': `[${p.ci95[0].toFixed(4)}, ${p.ci95[1].toFixed(4)}]`, 'field mean': p.fieldPenaltiesPerRound.toFixed(4), 'in-turn calls right': fmtPct(p.inTurnRight, 1) }))),
      ].join('\n'), () => r.points.map((p) => ({ value: p.value, penaltiesPerRound: p.penaltiesPerRound, ci95Low: p.ci95[0], ci95High: p.ci95[1], fieldPenaltiesPerRound: p.fieldPenaltiesPerRound, inTurnRight: p.inTurnRight })));
    });

  liars
    .command('solve')
    .description('Nash equilibrium of the two-player game by CFR+: the opener\'s value and the exact best-response exploitability')
    .option('--dice <d0,d1>', DICE_HELP, '1,1')
    .option('--sides <s>', 'die sides, 2..6', intArg('--sides', 2, 6), 6)
    .option('--variant <v>', `${VARIANTS.join(' | ')}: seed = the rules page (wild 1s until 1s are bid, 1 above the top face); openspiel = OpenSpiel liars_dice (top face wild, natural order); plain = no wild face`, 'seed')
    .option('--target <e>', 'stop when exploitability (NashConv/2) is at most this', (v) => parseNumberArg(v, '--target', 1e-9, 1), 1e-4)
    .option('--max-iterations <n>', 'stop after this many CFR+ iterations', intArg('--max-iterations', 1, 1e7), 100_000)
    .option('--json', 'print the result as JSON')
    .option('--csv', 'print the convergence table as CSV')
    .option('--quiet', 'no progress lines on stderr')
    .addHelpText('after', '\nExamples:\n  npx oddsmith liars solve --dice 1,1 --sides 6 --variant openspiel\n  npx oddsmith liars solve --dice 1,1 --sides 6 --variant seed --json')
    .action((opts: { dice: string; sides: number; variant: string; target: number; maxIterations: number; json?: boolean; csv?: boolean; quiet?: boolean }) => {
      if (!VARIANTS.includes(opts.variant as Variant)) throw new UserError(`--variant must be one of ${VARIANTS.join(', ')} (got ${JSON.stringify(opts.variant)})`);
      const dice = parseDicePair(opts.dice);
      const progress = !opts.quiet && process.stderr.isTTY;
      const { result: r } = solve({ variant: opts.variant as Variant, dice: [dice[0], dice[1]], sides: opts.sides, target: opts.target, maxIterations: opts.maxIterations }, (p) => {
        if (progress) process.stderr.write(`\riteration ${p.iteration}: exploitability ${p.exploitability.toExponential(3)}   `);
      });
      if (progress) process.stderr.write('\r' + ' '.repeat(60) + '\r');
      emit(r, opts, () => [
        `variant ${r.variant}, dice ${r.dice.join(' vs ')}, ${r.sides} sides: ${r.bids} bids, ${r.publicHistories} public histories`,
        `CFR+ iterations: ${r.iterations} in ${r.seconds.toFixed(2)} s${r.converged ? '' : ' (target not reached: raise --max-iterations)'}`,
        `opener's value: ${r.value0.toFixed(6)}`,
        `best responses: opener ${r.br0.toFixed(6)}, other ${r.br1.toFixed(6)}; NashConv ${r.nashConv.toExponential(3)}; exploitability ${r.exploitability.toExponential(3)}`,
        '',
        'opening bid frequencies by own hand (bids with ≥ 1%):',
        ...openingTable(r.opening).map((o) => `  ${o.hand.padEnd(3)} ${o['opening bids']}`),
      ].join('\n'), () => r.convergence.map((c) => ({ ...c })));
    });

  liars
    .command('exploit')
    .description('exactly, in the two-player solver\'s game: how much a best response wins against a deterministic bot, and the bot\'s match against the equilibrium')
    .requiredOption('--strategy <s>', 'a deterministic bot (threshold or conservative) with parameters; its out-of-turn threshold must be 0, e.g. threshold:outOfTurnBelow=0; or a player of every game: ismcts:c=C,rollout=R (the search player; its iterations from --budgets) or uniform')
    .option('--dice <d0,d1>', `${DICE_HELP}; both the same here`, '1,1')
    .option('--sides <s>', 'die sides, 2..6', intArg('--sides', 2, 6), 6)
    .option('--variant <v>', 'seed (the rules page) or plain (no wild face)', 'seed')
    .option('--target <e>', 'exploitability target of the equilibrium it is matched against', (v) => parseNumberArg(v, '--target', 1e-9, 1), 1e-4)
    .option('--budgets <list>', 'with ismcts: iterations per decision, one row each, beside CFR+ after as many iterations (default: the spec\'s iters)')
    .option('--seeds <k>', 'with a player of every game: its action frequencies over k seeds per decision', intArg('--seeds', 1, 1000), 1)
    .option('--seed <k>', 'with a player of every game: the seed of its decisions', intArg('--seed', 0, MAX_SEED), 1)
    .option('--json', 'print the result as JSON')
    .addHelpText('after', '\nExamples:\n  npx oddsmith liars exploit --strategy threshold:outOfTurnBelow=0 --dice 1,1 --sides 6\n  npx oddsmith liars exploit --strategy ismcts:rollout=uniform --budgets 10,100,1000 --sides 4')
    .action(async (opts: ExploitOptions) => {
      if (opts.variant !== 'seed' && opts.variant !== 'plain') throw new UserError(`--variant must be one of seed, plain (got ${JSON.stringify(opts.variant)})`);
      const variant = opts.variant as Variant;
      const pair = parseDicePair(opts.dice);
      if (pair[0] !== pair[1]) throw new UserError(`--dice: exploit plays both players with the same dice (got ${JSON.stringify(opts.dice)}; use 1,1 or 2,2)`);
      const dice = pair[0];
      const name = opts.strategy.split(':')[0].trim();
      if (!STRATEGIES.has(name) && isGenericPlayer(name)) return exploitStatePlayer(opts, variant, dice);
      if (opts.budgets !== undefined) throw new UserError(`--budgets: only for ismcts (got --strategy ${opts.strategy})`);
      const rules = rulesForVariant(variant, dice, opts.sides);
      const spec = parseStrategySpec(opts.strategy);
      const bot = createStrategy(spec, { rules, players: 2 });
      const ex = botExploitability(variant, dice, opts.sides, bot);
      const eq = solve({ variant, dice: [dice, dice], sides: opts.sides, target: opts.target, maxIterations: 1e6 });
      const botSolver = new LiarsSolver({ variant, dice: [dice, dice], sides: opts.sides });
      fillBotPolicy(botSolver, bot, rules, 0);
      fillBotPolicy(botSolver, bot, rules, 1);
      const m = exactMatch(eq.solver, botSolver);
      const r = {
        strategy: specLabel(spec), variant, dice: dice, sides: opts.sides,
        selfValue0: ex.selfValue0, brAsOpener: ex.brAsOpener, brAsResponder: ex.brAsResponder, exploitability: ex.exploitability,
        equilibriumExploitability: eq.result.exploitability,
        versusEquilibrium: { equilibriumOpensValue: m.valueAOpens, botOpensValue: m.valueBOpens, equilibriumPenaltiesPerRound: m.penaltiesA, botPenaltiesPerRound: 1 - m.penaltiesA },
      };
      emit(r, opts, () => [
        `${r.strategy}, ${variant} variant, ${dice} v ${dice} dice, ${opts.sides} sides (exact, two players, +1 win / −1 loss per round)`,
        `bot against itself: opener's value ${ex.selfValue0.toFixed(6)}`,
        `best response against it: ${ex.brAsOpener.toFixed(6)} as opener, ${ex.brAsResponder.toFixed(6)} as responder; exploitability ${ex.exploitability.toFixed(6)} per round`,
        `against the equilibrium (exploitability ${eq.result.exploitability.toExponential(1)}): the equilibrium wins ${m.valueAOpens.toFixed(6)} per round as opener and ${(-m.valueBOpens).toFixed(6)} as responder`,
        `with the loser opening the next round the bot takes ${(1 - m.penaltiesA).toFixed(6)} of the penalties`,
      ].join('\n'));
    });

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

function openingTable(rows: { hand: string; bid: string; probability: number }[]): Record<string, string>[] {
  const hands = [...new Set(rows.map((r) => r.hand))];
  return hands.map((h) => ({
    hand: h,
    'opening bids': rows.filter((r) => r.hand === h && r.probability >= 0.01).map((r) => `${r.bid} ${(r.probability * 100).toFixed(0)}%`).join(', '),
  }));
}

export interface SweepPoint {
  value: number;
  penaltiesPerRound: number;
  se: number;
  ci95: [number, number];
  fieldPenaltiesPerRound: number;
  inTurnRight: number;
}

export interface SweepResult {
  strategy: string;
  param: string;
  field: string[];
  rounds: number;
  seed: number;
  points: SweepPoint[];
}

/** One tournament per value (same seed: common random numbers across values), the varied strategy in seat 0. */
export async function runSweep(rules: LiarsRules, strategy: string, param: string, values: number[], field: string, rounds: number, opts: SimOptions): Promise<SweepResult> {
  const base = parseStrategySpec(strategy);
  const mod = STRATEGIES.get(base.name);
  if (!(param in mod.info.params)) throw new UserError(`strategy ${base.name} has no parameter ${param} (known: ${Object.keys(mod.info.params).join(', ')})`);
  if (values.length === 0) throw new UserError('--values needs at least one value');
  const fieldSpecs = parseStrategyList(field, '--field');
  const points: SweepPoint[] = [];
  // every value's strategies parsed (so validated) before the first tournament runs
  const specsAt = values.map((value) => {
    const swept: StrategySpec = { name: base.name, params: { ...base.params, [param]: value } };
    return parseStrategies([swept, ...fieldSpecs].map(specLabel).join(','), rules);
  });
  for (const [i, value] of values.entries()) {
    const specs = specsAt[i];
    const r = (await runTournament({ rules, strategies: specs }, rounds, opts))!;
    const s = r.seats[0];
    const others = r.seats.slice(1);
    points.push({
      value, penaltiesPerRound: s.penaltiesPerRound.mean, se: s.penaltiesPerRound.se, ci95: s.penaltiesPerRound.ci95,
      fieldPenaltiesPerRound: others.reduce((a, o) => a + o.penaltiesPerRound.mean, 0) / others.length,
      inTurnRight: s.callsInTurn.right.p,
    });
  }
  return { strategy: specLabel(base), param, field: fieldSpecs.map(specLabel), rounds, seed: opts.seed, points };
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

/**
 * `liars exploit` for a player of every game (ismcts, uniform): its exact exploitability in the
 * solver's game, at each budget for ismcts, beside CFR+'s after as many iterations.
 */
function exploitStatePlayer(opts: ExploitOptions, variant: Variant, dice: number): void {
  const spec = opts.strategy.trim(), name = spec.split(':')[0].trim();
  const rest = spec.includes(':') ? spec.slice(spec.indexOf(':') + 1).trim() : '';
  let budgets: (number | undefined)[] = [undefined];
  if (opts.budgets !== undefined) {
    if (name !== 'ismcts') throw new UserError(`--budgets: only for ismcts (got --strategy ${spec})`);
    if (/(^|,)\s*iters\s*=/.test(rest) || (rest !== '' && !rest.includes('='))) throw new UserError(`--budgets: give the iterations by --budgets or by iters= in --strategy, not both (got ${spec})`);
    budgets = splitList(opts.budgets, '--budgets').map((b) => intArg('--budgets', 1, 10_000_000)(b));
    budgets = [...new Set(budgets)].sort((a, b) => a! - b!);
  }
  const specAt = (b: number | undefined) => (b === undefined ? spec : `${name}:iters=${b}${rest ? `,${rest}` : ''}`);
  // every spec checked before any work
  const rules0 = rulesForVariant(variant, dice, opts.sides);
  for (const b of budgets) makeAnyPlayer(stateGame as never, rules0 as never, specAt(b), 0, 2);
  const cfr = new LiarsSolver({ variant, dice: [dice, dice], sides: opts.sides });
  let cfrSeconds = 0;
  const rows = budgets.map((b) => {
    const r = statePlayerExploitability(variant, dice, opts.sides, (seat, rules) => makeAnyPlayer(stateGame as never, rules as never, specAt(b), seat, 2), opts.seeds, opts.seed);
    let cfrExploitability: number | null = null;
    if (b !== undefined) {
      const t0 = process.hrtime.bigint();
      cfr.iterate(b - cfr.iterations);
      cfrSeconds += Number(process.hrtime.bigint() - t0) / 1e9;
      cfrExploitability = cfr.exploitability().exploitability;
    }
    return { player: specAt(b), iterations: b ?? null, ...r, cfrExploitability, cfrSeconds: b === undefined ? null : cfrSeconds };
  });
  const result = { strategy: spec, variant, dice, sides: opts.sides, seeds: opts.seeds, seed: opts.seed, rows };
  const withCfr = budgets[0] !== undefined;
  emit(result, opts, () => [
    `${spec}: ${variant} variant, ${dice} v ${dice} dice, ${opts.sides} sides, two players`,
    'exact (+1 win / −1 loss a round), from its choice at every information set it reaches:',
    `${opts.seeds === 1 ? 'one seeded decision each' : `its frequencies over ${opts.seeds} seeds`} (seed ${opts.seed})${withCfr ? '; CFR+ after as many iterations (each a whole-tree pass)' : ''}`,
    '',
    textTable(rows.map((r) => ({
      ...(withCfr ? { iterations: r.iterations } : { player: r.player }),
      exploitability: r.exploitability.toFixed(4),
      'self-play opener': r.selfValue0.toFixed(4),
      infosets: r.infosets,
      seconds: r.seconds.toFixed(1),
      ...(withCfr ? { 'CFR+ exploitability': r.cfrExploitability!.toFixed(4), 'CFR+ seconds': r.cfrSeconds!.toFixed(2) } : {}),
    }))),
  ].join('\n'));
}

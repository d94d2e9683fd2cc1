/**
 * Liar's Dice's named questions (src/report/question.ts): the analyses that `oddsmith liars …`, the
 * report pages and the workbench all ask. No engine, kernel or command-line import here: the
 * tournaments of `sweep` run through `ctx.simulate` by kernel name.
 */
import { UserError } from '../../core/errors.js';
import { fmtPct, textTable, type Row } from '../../core/format.js';
import { Memo } from '../../core/memo.js';
import { resolveParams } from '../../core/spec.js';
import { basisLine } from '../../report/chart-config.js';
import { VL_SCHEMA as SCHEMA } from '../../report/vl-schema.js';
import type { Chart, Section } from '../../report/page.js';
import { defineQuestion, simulateIn, type Question, type QuestionContext } from '../../report/question.js';
import { createStrategy, specLabel, STRATEGIES, type StrategySpec } from './strategies/index.js';
import { atLeastTable, bidOdds, type Bid } from './exact.js';
import { LiarsSolver, solve as solveCfr, storeBytes, type ConvergencePoint, type SolveOptions, type SolveResult, type Variant } from './exact-cfr.js';
import { botExploitability, exactMatch, fillBotPolicy, rulesForVariant } from './exact-play.js';
import { statePlayerExploitability, type StatePlayerExactResult } from './exact-search.js';
import type { StatePlayer } from '../state.js';
import { configLabel, loadIntoSolver, readStrategyFile, emptySolverFor } from './strategy-file.js';
import { showPath } from '../../core/files.js';
import type { LiarsRules } from './rules.js';
import type { TournamentResult } from './kernels.js';

const TOURNAMENT_KERNEL = 'liars-dice.tournament';

/** A seating of strategies checked: seats in range, every strategy built once (bad parameters fail before any work). */
export function checkSeating(specs: StrategySpec[], rules: LiarsRules, option = '--strategies'): StrategySpec[] {
  if (specs.length < rules.minPlayers || specs.length > rules.maxPlayers) {
    throw new UserError(`${option} must seat ${rules.minPlayers}..${rules.maxPlayers} players, one strategy per seat (got ${specs.length})`);
  }
  for (const s of specs) createStrategy(s, { rules, players: specs.length });
  return specs;
}

// ---------------------------------------------------------------- odds
export interface OddsParams { rules: LiarsRules; players: number; mine: number[]; bid: Bid; onesBid: boolean }
export type OddsResult = ReturnType<typeof bidOdds>;

export const odds = defineQuestion<OddsParams, OddsResult>({
  name: 'odds',
  summary: 'exact chance that a bid is true given my dice, the expected count, the safest bid per face',
  exact: true,
  answer: (p) => bidOdds(p.rules, p.players, p.mine, p.bid, p.onesBid),
  text: (r) => [
    `${r.players} players × ${r.dicePerPlayer} dice = ${r.totalDice}; my dice ${r.mine.join(',') || '(none)'}; ${r.unknownDice} unknown`,
    `bid ${r.bid.count}x${r.bid.face}: 1s ${r.wild ? 'wild' : 'not wild'}, I hold ${r.ownMatching}, need ${r.needed} more of ${r.unknownDice} unknown (each ${r.perDie})`,
    `P(bid true) = ${r.probability.toFixed(6)} = ${r.fraction}`,
    `expected count of ${r.bid.face}s = ${r.expectedCount.toFixed(4)} (${r.expectedCountFraction})`,
    '',
    'highest count still at least 50% / 33% likely, per face:',
    textTable(r.safestBids.map((s) => ({ face: s.face, wild: s.wild ? 'yes' : 'no', '≥50%': s.atLeast50, P50: s.probability50.toFixed(4), '≥33%': s.atLeast33, P33: s.probability33.toFixed(4) }))),
  ].join('\n'),
  rows: (r) => r.safestBids.map((s) => ({ ...s })),
});

// ---------------------------------------------------------------- table
export interface TableParams { unknown: number; sides: number }
export interface TableResult { unknown: number; sides: number; rows: ReturnType<typeof atLeastTable> }

export const table = defineQuestion<TableParams, TableResult>({
  name: 'table',
  summary: 'P(at least k of a face among U unknown dice), wild and non-wild, k = 0…U, exact',
  exact: true,
  answer: (p) => ({ unknown: p.unknown, sides: p.sides, rows: atLeastTable(p.unknown, p.sides) }),
  text: (r) => [
    `P(at least k) among ${r.unknown} unknown dice: wild face p = 2/${r.sides}, non-wild p = 1/${r.sides}`,
    textTable(r.rows.map((x) => ({ k: x.k, wild: x.wild.toFixed(6), 'non-wild': x.nonWild.toFixed(6) }))),
  ].join('\n'),
  rows: (r) => r.rows.map((x) => ({ ...x })),
});

// ---------------------------------------------------------------- solve
export interface SolveParams extends SolveOptions {
  /** called at each convergence checkpoint (the command line's progress line and --checkpoint's saves) */
  onCheckpoint?: (p: ConvergencePoint, solver: LiarsSolver, convergence: readonly ConvergencePoint[]) => void;
  /** called with the solver once solved (the command line's --out saves its strategy) */
  onSolved?: (solver: LiarsSolver, result: SolveResult) => void;
}

/** The opening bids with at least 1% frequency, one line per own hand. */
function openingTable(rows: { hand: string; bid: string; probability: number }[]): Record<string, string>[] {
  const hands = [...new Set(rows.map((r) => r.hand))];
  return hands.map((h) => ({
    hand: h,
    'opening bids': rows.filter((r) => r.hand === h && r.probability >= 0.01).map((r) => `${r.bid} ${(r.probability * 100).toFixed(0)}%`).join(', '),
  }));
}

/** The checkpoints nearest each power of ten in iterations, and the last. */
function convergenceRows(points: readonly ConvergencePoint[], digits: number): string[] {
  const picked = points.filter((p, k) => k === points.length - 1 || Math.floor(Math.log10(p.iteration)) < Math.floor(Math.log10(points[k + 1].iteration)));
  return textTable(picked.map((p) => ({ iterations: p.iteration, exploitability: p.exploitability.toExponential(2), "opener's value": p.value0.toFixed(digits) }))).split('\n').map((l) => `  ${l}`);
}

const ALGORITHM_NAMES = { 'cfr+': 'CFR+', dcfr: 'DCFR', 'pcfr+': 'PCFR+', 'pcfr+last': 'PCFR+last' } as const;

export const solve = defineQuestion<SolveParams, SolveResult>({
  name: 'solve',
  summary: 'the two-player equilibrium by CFR+ (or DCFR, PCFR+): the opener\'s value, the exact best-response exploitability, the opening bids',
  exact: true,
  answer: (p) => {
    const { solver, result } = solveCfr({ variant: p.variant, dice: p.dice, sides: p.sides, target: p.target, maxIterations: p.maxIterations, maxSeconds: p.maxSeconds, algorithm: p.algorithm, precision: p.precision, threads: p.threads, resume: p.resume, onIteration: p.onIteration }, p.onCheckpoint);
    p.onSolved?.(solver, result);
    return result;
  },
  text: (r, p) => {
    const algorithm = p.algorithm ?? 'cfr+', precision = p.precision ?? 'float64';
    // as many decimals as the target resolves (6 at the default 1e-4)
    const digits = Math.max(6, Math.ceil(-Math.log10(p.target)) + 1);
    const store = precision === 'float32' ? `; float32 stores, ${(storeBytes(r, { algorithm, precision }) / 1e9).toFixed(2)} GB` : '';
    return [
      `variant ${r.variant}, dice ${r.dice.join(' vs ')}, ${r.sides} sides: ${r.bids} bids, ${r.publicHistories} public histories${store}`,
      `${ALGORITHM_NAMES[algorithm]} iterations: ${r.iterations} in ${r.seconds.toFixed(2)} s${r.converged ? '' : r.iterations < p.maxIterations ? ' (target not reached in the time allowed: raise --max-minutes)' : ' (target not reached: raise --max-iterations)'}`,
      `opener's value: ${r.value0.toFixed(digits)}`,
      `best responses: opener ${r.br0.toFixed(digits)}, other ${r.br1.toFixed(digits)}; NashConv ${r.nashConv.toExponential(3)}; exploitability ${r.exploitability.toExponential(3)}`,
      `the game's value lies in [${(-r.br1).toFixed(digits)}, ${r.br0.toFixed(digits)}] (minus the other's best response, the opener's)`,
      '',
      'convergence (a checkpoint per power of ten, and the last; --csv lists all, with seconds):',
      ...convergenceRows(r.convergence, digits),
      '',
      'opening bid frequencies by own hand (bids with ≥ 1%):',
      ...openingTable(r.opening).map((o) => `  ${o.hand.padEnd(3)} ${o['opening bids']}`),
    ].join('\n');
  },
  rows: (r) => r.convergence.map((c) => ({ ...c })),
});

// ---------------------------------------------------------------- exploit
/** `liars exploit` of a bot: a deterministic one (its out-of-turn threshold 0) or the equilibrium player. */
export interface BotExploitParams {
  strategy: StrategySpec;
  variant: Variant;
  /** dice of each player (both the same) */
  dice: number;
  sides: number;
  /** the equilibrium it is matched against: CFR+ until this exploitability or this many iterations */
  target: number;
  maxIterations: number;
}

/** `liars exploit` of a player of every game (ismcts, uniform): its choices, seeded, at every information set it reaches. */
export interface PlayerExploitParams {
  /** the player's spec as given */
  player: string;
  variant: Variant;
  dice: number;
  sides: number;
  /** ismcts's iterations per decision, ascending and distinct: a row each, beside CFR+ after as many iterations (absent: the spec's own) */
  budgets?: number[];
  /** its action frequencies over this many seeds per decision */
  seeds: number;
  /** the seed of its decisions */
  seed: number;
  /** the player of a spec in a seat of the solver's game (the interface's players, src/play, which a question does not import) */
  makePlayer: (spec: string, seat: 0 | 1, rules: LiarsRules) => StatePlayer;
}

export type ExploitParams = BotExploitParams | PlayerExploitParams;

export interface BotExploitResult {
  strategy: string;
  variant: Variant;
  dice: number;
  sides: number;
  selfValue0: number;
  brAsOpener: number;
  brAsResponder: number;
  exploitability: number;
  equilibriumExploitability: number;
  versusEquilibrium: { equilibriumOpensValue: number; botOpensValue: number; equilibriumPenaltiesPerRound: number; botPenaltiesPerRound: number };
  /** an equilibrium player: the exploitability its solve (or its file) recorded, to compare */
  recorded?: { by: string; exploitability: number };
}

export interface PlayerExploitRow extends StatePlayerExactResult {
  /** the spec of the row (with its budget as iters=) */
  player: string;
  iterations: number | null;
  /** CFR+'s exploitability after as many iterations as the budget, and its seconds so far */
  cfrExploitability: number | null;
  cfrSeconds: number | null;
}

export interface PlayerExploitResult {
  strategy: string;
  variant: Variant;
  dice: number;
  sides: number;
  seeds: number;
  seed: number;
  rows: PlayerExploitRow[];
}

export type ExploitResult = BotExploitResult | PlayerExploitResult;

/**
 * The exact profile an `equilibrium` spec plays, in a solver's average strategy: its own solve (the
 * very solver, so its exploitability is the solve's), or its file loaded into a fresh one.
 */
function equilibriumProfile(p: BotExploitParams): { solver: LiarsSolver; recorded: { by: string; exploitability: number } } {
  const config = { variant: p.variant, dice: [p.dice, p.dice] as [number, number], sides: p.sides };
  if (p.strategy.file !== undefined) {
    const stored = readStrategyFile(p.strategy.file);
    const c = stored.config;
    if (c.variant !== config.variant || c.dice[0] !== config.dice[0] || c.dice[1] !== config.dice[1] || c.sides !== config.sides) {
      throw new UserError(`strategy file ${showPath(p.strategy.file)} is for ${configLabel(c)}; asked for ${configLabel(config)} (give the file's --variant, --dice and --sides)`);
    }
    const solver = emptySolverFor(stored);
    loadIntoSolver(stored, solver, stored.masks);
    return { solver, recorded: { by: `the file (probabilities below ${stored.stored.prune === 0 ? 'none' : stored.stored.prune.toExponential(0)} dropped, float32)`, exploitability: stored.stored.exploitability } };
  }
  const { target, maxIterations } = resolveParams(p.strategy, STRATEGIES.get('equilibrium').info.params);
  const own = equilibria.get(JSON.stringify([p.variant, p.dice, p.sides, target, maxIterations]), () => solveCfr({ ...config, target, maxIterations }));
  return { solver: own.solver, recorded: { by: `its solve (${own.result.iterations} CFR+ iterations)`, exploitability: own.result.exploitability } };
}

/** One equilibrium per solve setting: a report page matches several bots against the same one. */
const equilibria = new Memo<ReturnType<typeof solveCfr>>(4);

function exploitBot(p: BotExploitParams): BotExploitResult {
  let ex: { selfValue0: number; brAsOpener: number; brAsResponder: number; exploitability: number };
  let botSolver: LiarsSolver;
  let recorded: BotExploitResult['recorded'];
  if (p.strategy.name === 'equilibrium') {
    const prof = equilibriumProfile(p);
    botSolver = prof.solver;
    recorded = prof.recorded;
    const e = botSolver.exploitability();
    ex = { selfValue0: botSolver.value0(), brAsOpener: e.br0, brAsResponder: e.br1, exploitability: e.exploitability };
  } else {
    const rules = rulesForVariant(p.variant, p.dice, p.sides);
    const bot = createStrategy(p.strategy, { rules, players: 2 });
    ex = botExploitability(p.variant, p.dice, p.sides, bot);
    botSolver = new LiarsSolver({ variant: p.variant, dice: [p.dice, p.dice], sides: p.sides });
    fillBotPolicy(botSolver, bot, rules, 0);
    fillBotPolicy(botSolver, bot, rules, 1);
  }
  const eq = equilibria.get(JSON.stringify([p.variant, p.dice, p.sides, p.target, p.maxIterations]), () => solveCfr({ variant: p.variant, dice: [p.dice, p.dice], sides: p.sides, target: p.target, maxIterations: p.maxIterations }));
  const m = exactMatch(eq.solver, botSolver);
  return {
    strategy: specLabel(p.strategy), variant: p.variant, dice: p.dice, sides: p.sides,
    selfValue0: ex.selfValue0, brAsOpener: ex.brAsOpener, brAsResponder: ex.brAsResponder, exploitability: ex.exploitability,
    equilibriumExploitability: eq.result.exploitability,
    versusEquilibrium: { equilibriumOpensValue: m.valueAOpens, botOpensValue: m.valueBOpens, equilibriumPenaltiesPerRound: m.penaltiesA, botPenaltiesPerRound: 1 - m.penaltiesA },
    ...(recorded ? { recorded } : {}),
  };
}

/** The player's exact exploitability at each budget, beside CFR+'s after as many iterations. */
function exploitPlayer(p: PlayerExploitParams): PlayerExploitResult {
  const spec = p.player.trim(), name = spec.split(':')[0].trim();
  const rest = spec.includes(':') ? spec.slice(spec.indexOf(':') + 1).trim() : '';
  const budgets: (number | undefined)[] = p.budgets ?? [undefined];
  const specAt = (b: number | undefined) => (b === undefined ? spec : `${name}:iters=${b}${rest ? `,${rest}` : ''}`);
  // every spec checked before any work
  const rules0 = rulesForVariant(p.variant, p.dice, p.sides);
  for (const b of budgets) p.makePlayer(specAt(b), 0, rules0);
  const cfr = new LiarsSolver({ variant: p.variant, dice: [p.dice, p.dice], sides: p.sides });
  let cfrSeconds = 0;
  const rows = budgets.map((b) => {
    const r = statePlayerExploitability(p.variant, p.dice, p.sides, (seat, rules) => p.makePlayer(specAt(b), seat, rules), p.seeds, p.seed);
    let cfrExploitability: number | null = null;
    if (b !== undefined) {
      // performance.now, not process.hrtime: a question runs in the browser too
      const t0 = performance.now();
      cfr.iterate(b - cfr.iterations);
      cfrSeconds += (performance.now() - t0) / 1e3;
      cfrExploitability = cfr.exploitability().exploitability;
    }
    return { player: specAt(b), iterations: b ?? null, ...r, cfrExploitability, cfrSeconds: b === undefined ? null : cfrSeconds };
  });
  return { strategy: spec, variant: p.variant, dice: p.dice, sides: p.sides, seeds: p.seeds, seed: p.seed, rows };
}

function exploitBotText(r: BotExploitResult): string {
  return [
    `${r.strategy}, ${r.variant} variant, ${r.dice} v ${r.dice} dice, ${r.sides} sides (exact, two players, +1 win / −1 loss per round)`,
    `bot against itself: opener's value ${r.selfValue0.toFixed(6)}`,
    `best response against it: ${r.brAsOpener.toFixed(6)} as opener, ${r.brAsResponder.toFixed(6)} as responder; exploitability ${r.exploitability.toFixed(6)} per round`,
    ...(r.recorded ? [`exploitability recorded by ${r.recorded.by}: ${r.recorded.exploitability.toExponential(6)}; measured here: ${r.exploitability.toExponential(6)}`] : []),
    `against the equilibrium (exploitability ${r.equilibriumExploitability.toExponential(1)}): the equilibrium wins ${r.versusEquilibrium.equilibriumOpensValue.toFixed(6)} per round as opener and ${(-r.versusEquilibrium.botOpensValue).toFixed(6)} as responder`,
    `with the loser opening the next round the bot takes ${r.versusEquilibrium.botPenaltiesPerRound.toFixed(6)} of the penalties`,
  ].join('\n');
}

function exploitPlayerText(r: PlayerExploitResult): string {
  const withCfr = r.rows[0].iterations !== null;
  return [
    `${r.strategy}: ${r.variant} variant, ${r.dice} v ${r.dice} dice, ${r.sides} sides, two players`,
    'exact (+1 win / −1 loss a round), from its choice at every information set it reaches:',
    `${r.seeds === 1 ? 'one seeded decision each' : `its frequencies over ${r.seeds} seeds`} (seed ${r.seed})${withCfr ? '; CFR+ after as many iterations (each a whole-tree pass)' : ''}`,
    '',
    textTable(r.rows.map((x) => ({
      ...(withCfr ? { iterations: x.iterations } : { player: x.player }),
      exploitability: x.exploitability.toFixed(4),
      'self-play opener': x.selfValue0.toFixed(4),
      infosets: x.infosets,
      ...(withCfr ? { 'CFR+ exploitability': x.cfrExploitability!.toFixed(4) } : {}),
      seconds: x.seconds.toFixed(1),
      ...(withCfr ? { 'CFR+ seconds': x.cfrSeconds!.toFixed(2) } : {}),
    }))),
  ].join('\n');
}

/** A bot's figures, or a player's rows: the answer's type follows what is measured. */
function answerExploit(p: BotExploitParams, ctx?: QuestionContext): BotExploitResult;
function answerExploit(p: PlayerExploitParams, ctx?: QuestionContext): PlayerExploitResult;
function answerExploit(p: ExploitParams, ctx?: QuestionContext): ExploitResult;
function answerExploit(p: ExploitParams): ExploitResult {
  return 'player' in p ? exploitPlayer(p) : exploitBot(p);
}

// `satisfies`, not defineQuestion: the answer keeps its overloads (a report asking about a bot gets a bot's figures)
export const exploit = {
  name: 'exploit',
  summary: 'exactly, two players: what a best response wins against a deterministic bot (or a player of every game), and the bot against the equilibrium',
  exact: true,
  answer: answerExploit,
  text: (r: ExploitResult) => ('rows' in r ? exploitPlayerText(r) : exploitBotText(r)),
} satisfies Question<ExploitParams, ExploitResult>;

// ---------------------------------------------------------------- sweep
export interface SweepParams {
  rules: LiarsRules;
  /** the strategy in seat 0, with its fixed parameters */
  strategy: StrategySpec;
  /** its parameter that is varied, or the rules field when `rulesAt` is given */
  param: string;
  values: number[];
  /** a rules sweep: the rules at each value (then the strategy keeps its parameters) */
  rulesAt?: LiarsRules[];
  /** the other seats */
  field: StrategySpec[];
  rounds: number;
  seed: number;
  shardCount: number;
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
  /** the strategy's parameter varied, or the rules field when `over` is 'rules' */
  param: string;
  over?: 'rules';
  field: string[];
  rounds: number;
  seed: number;
  points: SweepPoint[];
}

/** The chart's rows: seat 0 with its interval, and the field's average. */
function sweepChartRows(r: SweepResult): Row[] {
  const name = r.strategy.split(':')[0];
  return r.points.flatMap((p) => [
    { value: p.value, who: `${name} (seat 0)`, penalties: p.penaltiesPerRound, low: p.ci95[0], high: p.ci95[1] },
    { value: p.value, who: 'field average', penalties: p.fieldPenaltiesPerRound, low: null, high: null },
  ]);
}

/** The sweep chart: the varied strategy's penalties per round (with 95% band) and the field's average. */
export function sweepChart(r: SweepResult): Chart {
  const strategy = r.strategy.split(':')[0], param = r.param, rounds = r.rounds, seed = r.seed, field = r.field;
  return {
    name: 'sweep',
    title: `Penalties per round against ${param}`,
    caption: `One tournament of ${rounds.toLocaleString('en-US')} rounds per value (same seed ${seed} for every value: common random numbers), ${strategy} in seat 0 against ${field.join(', ')}. Band: 95% interval of ${strategy}'s mean. The lowest point is the best setting against this field.`,
    rows: sweepChartRows(r),
    spec: {
      $schema: SCHEMA,
      title: { text: `${strategy}: penalties per round as ${param} varies`, subtitle: [`field: ${field.join(', ')}; band: 95% interval`, basisLine({ simulated: rounds, of: 'rounds per value (same dice at every value)', seed })] },
      data: { values: sweepChartRows(r) },
      width: 560, height: 300,
      layer: [
        { transform: [{ filter: 'datum.low != null' }], mark: { type: 'area', opacity: 0.25, color: '#f58518' }, encoding: { x: { field: 'value', type: 'quantitative', title: `${param.replace(/([a-z])([A-Z])/g, (_, x: string, y: string) => `${x} ${y.toLowerCase()}`)} (${r.over === 'rules' ? 'rules field' : `${strategy} parameter`} ${param})` }, y: { field: 'low', type: 'quantitative', title: 'penalties per round (drinks)', scale: { zero: false } }, y2: { field: 'high' } } },
        { mark: { type: 'line', point: true }, encoding: { x: { field: 'value', type: 'quantitative' }, y: { field: 'penalties', type: 'quantitative' }, color: { field: 'who', type: 'nominal', title: null, scale: { domain: [`${strategy} (seat 0)`, 'field average'], range: ['#f58518', '#4c78a8'] } } } },
      ],
    },
  };
}

export const sweep = defineQuestion<SweepParams, SweepResult>({
  name: 'sweep',
  summary: 'one parameter of one strategy (seat 0) varied against a fixed field: penalties per round with 95% intervals',
  exact: false,
  answer: async (p, ctx) => {
    const mod = STRATEGIES.get(p.strategy.name);
    if (!p.rulesAt && !(p.param in mod.info.params)) throw new UserError(`strategy ${p.strategy.name} has no parameter ${p.param} (known: ${Object.keys(mod.info.params).join(', ')})`);
    if (p.values.length === 0) throw new UserError('--values needs at least one value');
    const rulesAt = (i: number) => p.rulesAt?.[i] ?? p.rules;
    // every value's seating checked before the first tournament runs
    const seatings = p.values.map((value, i) => checkSeating([p.rulesAt ? p.strategy : { name: p.strategy.name, params: { ...p.strategy.params, [p.param]: value } }, ...p.field], rulesAt(i)));
    const points: SweepPoint[] = [];
    for (const [i, value] of p.values.entries()) {
      // the same seed for every value: common random numbers across values
      const r = await simulateIn<TournamentResult>(ctx, TOURNAMENT_KERNEL, { rules: rulesAt(i), strategies: seatings[i] }, p.rounds, { seed: p.seed, shardCount: p.shardCount });
      const s = r.seats[0];
      const others = r.seats.slice(1);
      points.push({
        value, penaltiesPerRound: s.penaltiesPerRound.mean, se: s.penaltiesPerRound.se, ci95: s.penaltiesPerRound.ci95,
        fieldPenaltiesPerRound: others.reduce((a, o) => a + o.penaltiesPerRound.mean, 0) / others.length,
        inTurnRight: s.callsInTurn.right.p,
      });
    }
    return { strategy: specLabel(p.strategy), param: p.param, ...(p.rulesAt ? { over: 'rules' as const } : {}), field: p.field.map(specLabel), rounds: p.rounds, seed: p.seed, points };
  },
  text: (r) => [
    r.over === 'rules'
      ? `${r.strategy} against ${r.field.join(', ')} with the rules field ${r.param} varied; ${r.rounds} rounds per value, seed ${r.seed}`
      : `${r.strategy} with ${r.param} varied, against ${r.field.join(', ')}; ${r.rounds} rounds per value, seed ${r.seed}`,
    textTable(r.points.map((p) => ({ [r.param]: p.value, 'penalties/round': p.penaltiesPerRound.toFixed(4), 'ci95': `[${p.ci95[0].toFixed(4)}, ${p.ci95[1].toFixed(4)}]`, 'field mean': p.fieldPenaltiesPerRound.toFixed(4), 'in-turn calls right': fmtPct(p.inTurnRight, 1) }))),
  ].join('\n'),
  rows: (r) => r.points.map((p) => ({ value: p.value, penaltiesPerRound: p.penaltiesPerRound, ci95Low: p.ci95[0], ci95High: p.ci95[1], fieldPenaltiesPerRound: p.fieldPenaltiesPerRound, inTurnRight: p.inTurnRight })),
  section: (r): Section => ({
    heading: 'Sweep',
    charts: [sweepChart(r)],
    table: { rows: r.points.map((p) => ({ [r.param]: p.value, 'penalties/round': p.penaltiesPerRound.toFixed(4), ci95: `[${p.ci95[0].toFixed(4)}, ${p.ci95[1].toFixed(4)}]` })) },
  }),
});

/** Every question of the game, by name (the descriptor's `questions`). */
export const questions: Readonly<Record<string, Question<never, unknown>>> = { odds, table, solve, exploit, sweep } as unknown as Record<string, Question<never, unknown>>;

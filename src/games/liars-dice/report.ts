import { intervalFigure } from '../../report/findings.js';
import { writePage, escapeHtml, type Chart, type PageInfo, type Row, type Section } from '../../report/page.js';
import { runExperiment as runShards } from '../../parallel/pool.js';
import { array, integer, number, object, string } from '../../core/validate.js';
import { UserError } from '../../core/errors.js';
import { fmtPct } from '../../core/format.js';
import { basisLine } from '../../report/chart-config.js';
import { loadRules, type LiarsRules } from './rules.js';
import { binomialAtLeast, exactValue } from './exact.js';
import { summarizeTournament, tournamentKernel, type TournamentParams, type TournamentResult } from './kernels.js';
import { VARIANTS, type SolveResult, type Variant } from './exact-cfr.js';
import { join } from 'node:path';
import { readJsonFile } from '../../core/files.js';
import { packageRoot } from '../../core/paths.js';
import { rulesForVariant } from './exact-play.js';
import { parseStrategySpec, specLabel, type StrategySpec } from './strategies/index.js';
import { assumptionsSection } from '../../report/assumptions.js';
import { reportQuestionContext, type ExperimentContext, type ExperimentRunner } from '../../report/experiment.js';
import { exploit, solve, sweep } from './questions.js';
import { checkAssumptions } from './assumptions.js';

import { VL_SCHEMA as SCHEMA } from '../../report/render.js';
const GAME = 'liars-dice';

function strategies(v: unknown, field: string): StrategySpec[] {
  return array(v, field, 1).map((s, i) => parseStrategySpec(string(s, `${field}[${i}]`)));
}

async function tournament(rules: LiarsRules, specs: StrategySpec[], rounds: number, seed: number, shardCount: number, ctx: ExperimentContext): Promise<TournamentResult> {
  const params: TournamentParams = { rules, strategies: specs };
  const acc = await runShards({ kernel: tournamentKernel.name, params, seed, total: rounds, shardCount }, { workers: ctx.workers });
  return summarizeTournament(params, acc);
}

// ---------------------------------------------------------------- odds
async function oddsPage(spec: Record<string, unknown>, ctx: ExperimentContext): Promise<PageInfo> {
  const maxU = integer(spec.maxUnknown ?? 30, 'maxUnknown', 1, 60);
  const sides = integer(spec.sides ?? 6, 'sides', 2, 12);
  const rows: Row[] = [];
  for (const [kind, a] of [['wild face (1s count): p = 1/3', 2], ['non-wild face or 1s bid: p = 1/6', 1]] as const) {
    for (let u = 1; u <= maxU; u++) {
      for (let k = 1; k <= u; k++) rows.push({ kind, unknown: u, atLeast: k, probability: exactValue(binomialAtLeast(u, a, sides, k)) });
    }
  }
  const heat: Chart = {
    name: 'at-least-heatmap',
    title: 'P(at least k of a face among u unknown dice)',
    caption: 'Exact binomial tails (BigInt fractions, shown as decimals). Left: 1s themselves, or any face after 1s were bid (each unknown die matches with chance 1/6); right: a face that 1s stand in for (1/3). The white contour cells are the last count still at least 50% likely: add your own matching dice to the count to read a bid.',
    rows,
    spec: {
      $schema: SCHEMA,
      title: { text: 'Chance of at least k matching dice among the unknown ones', subtitle: [`${sides}-sided dice; colour: P(at least k)`, 'white outline: the highest count still at least 50% likely (add your own matching dice to read a bid); blank: k > u, impossible', `exact: binomial tails as fractions, u = 1 to ${maxU} unknown dice; nothing sampled`] },
      data: { values: rows },
      facet: { column: { field: 'kind', type: 'nominal', title: null, header: { labelFontSize: 12 } } },
      spec: {
        width: 360, height: 330,
        layer: [
          {
            mark: { type: 'rect' },
            encoding: {
              x: { field: 'unknown', type: 'ordinal', title: 'unknown dice u', axis: { labelExpr: 'datum.value % 5 == 0 ? datum.label : ""', labelAngle: 0 } },
              y: { field: 'atLeast', type: 'ordinal', title: 'at least k matching (dice)', sort: 'descending', axis: { labelExpr: 'datum.value % 5 == 0 ? datum.label : ""' } },
              color: { field: 'probability', type: 'quantitative', title: 'P(at least k)', scale: { scheme: 'viridis', domain: [0, 1] }, legend: { format: '.0%' } },
            },
          },
          {
            transform: [{ filter: 'datum.probability >= 0.5' }, { joinaggregate: [{ op: 'max', field: 'atLeast', as: 'edge' }], groupby: ['kind', 'unknown'] }, { filter: 'datum.atLeast == datum.edge' }],
            mark: { type: 'rect', fillOpacity: 0, stroke: 'white', strokeWidth: 1.5 },
            encoding: { x: { field: 'unknown', type: 'ordinal' }, y: { field: 'atLeast', type: 'ordinal', sort: 'descending' } },
          },
        ],
      },
    },
  };
  const table: Row[] = [5, 10, 15, 20, 25, 30].filter((u) => u <= maxU).map((u) => {
    const edge = (a: number, q: bigint) => {
      let k = 0;
      for (let c = 1; c <= u; c++) { const e = binomialAtLeast(u, a, sides, c); if (e.num * q >= e.den) k = c; }
      return k;
    };
    return { 'unknown dice': u, 'wild: ≥50% up to': edge(2, 2n), 'wild: ≥33% up to': edge(2, 3n), 'non-wild: ≥50% up to': edge(1, 2n), 'non-wild: ≥33% up to': edge(1, 3n) };
  });
  const page: PageInfo = { path: `${GAME}/odds.html`, title: 'Liar\'s Dice: exact bid odds', summary: 'P(at least k) heatmaps for wild and non-wild faces; computed exactly, never sampled' };
  return writePage(ctx.reportsDir, page, `<p>How likely is a bid? With 1s wild each unknown die matches a non-1 face with chance 1/3; after 1s are bid (or for a bid on 1s) the chance is 1/6. Everything here is an exact binomial tail; <code>oddsmith liars odds</code> adds your own dice and <code>oddsmith liars table</code> prints one column.</p>`, [
    { heading: 'Probability heatmap', charts: [heat] },
    { heading: 'Highest count still likely', figures: {}, table: { rows: table, caption: 'Largest k with P(at least k of the face among the unknown dice) ≥ 50% (resp. ≥ 1/3).' } },
  ]);
}

// ---------------------------------------------------------------- tournament
function penaltyChart(r: TournamentResult, name: string, title: string, seed: number): Chart {
  const rows: Row[] = r.seats.map((s) => ({ seat: `seat ${s.seat}: ${s.strategy}`, strategy: s.strategy, penalties: s.penaltiesPerRound.mean, low: s.penaltiesPerRound.ci95[0], high: s.penaltiesPerRound.ci95[1] }));
  return {
    name,
    title,
    caption: `Mean penalties (drinks) per round for each seat over ${r.rounds.toLocaleString('en-US')} rounds with 95% intervals (whiskers). Lower is better; the dashed line is a fair share (${(r.penaltiesPerRound / r.players).toFixed(3)} = all penalties split evenly).`,
    rows,
    spec: {
      $schema: SCHEMA,
      title: { text: title, subtitle: [`${r.players} players × ${r.dicePerPlayer} dice; bars: mean; whiskers: 95% intervals; dashed: an even share`, basisLine({ simulated: r.rounds, of: 'rounds', seed })] },
      width: 560, height: 40 * rows.length + 20,
      layer: [
        { data: { values: rows }, mark: { type: 'bar', height: 22 }, encoding: { y: { field: 'seat', type: 'nominal', title: null, sort: null }, x: { field: 'penalties', type: 'quantitative', title: 'penalties per round (drinks)' }, color: { field: 'strategy', type: 'nominal', legend: null } } },
        { data: { values: rows }, mark: { type: 'rule', strokeWidth: 2 }, encoding: { y: { field: 'seat', type: 'nominal', sort: null }, x: { field: 'low', type: 'quantitative' }, x2: { field: 'high' } } },
        { data: { values: [{ fair: r.penaltiesPerRound / r.players }] }, mark: { type: 'rule', strokeDash: [4, 4], color: '#333' }, encoding: { x: { field: 'fair', type: 'quantitative' } } },
      ],
    },
  };
}

function callChart(r: TournamentResult, seed: number): Chart {
  const rows: Row[] = [];
  for (const s of r.strategies) {
    for (const [when, c] of [['in turn', s.callsInTurn], ['out of turn', s.callsOutOfTurn]] as const) {
      if (c.calls === 0) continue;
      rows.push({ strategy: s.strategy, when, calls: c.calls, right: c.right.p, low: c.right.ci95[0], high: c.right.ci95[1] });
    }
  }
  return {
    name: 'call-accuracy',
    title: 'How often calls are right',
    caption: 'Share of challenged bids that were false (the caller was right), per strategy, for calls made in turn and out of turn, with Wilson 95% intervals. Strategies that never call out of turn have no second bar.',
    rows,
    spec: {
      $schema: SCHEMA,
      title: { text: 'Calls that were right', subtitle: ['share of challenged bids that turned out false; whiskers: 95% intervals', basisLine({ simulated: r.rounds, of: 'rounds', seed })] },
      data: { values: rows },
      width: 560, height: 220,
      layer: [
        { mark: { type: 'bar' }, encoding: { y: { field: 'strategy', type: 'nominal', title: null }, yOffset: { field: 'when' }, x: { field: 'right', type: 'quantitative', title: 'calls right (share of calls)', axis: { format: '.0%' }, scale: { domain: [0, 1] } }, color: { field: 'when', type: 'nominal', title: 'call made' } } },
        { mark: { type: 'rule', strokeWidth: 2 }, encoding: { y: { field: 'strategy', type: 'nominal' }, yOffset: { field: 'when' }, x: { field: 'low', type: 'quantitative' }, x2: { field: 'high' } } },
      ],
    },
  };
}

function seatTable(r: TournamentResult): Row[] {
  return r.seats.map((s) => ({
    seat: s.seat, strategy: s.strategy, 'penalties/round': s.penaltiesPerRound.mean.toFixed(4), 'ci95': `[${s.penaltiesPerRound.ci95[0].toFixed(4)}, ${s.penaltiesPerRound.ci95[1].toFixed(4)}]`,
    'ends round by calling': fmtPct(s.callRoundShare, 1),
    'in-turn calls': s.callsInTurn.calls, 'right': fmtPct(s.callsInTurn.right.p, 1),
    'out-of-turn calls': s.callsOutOfTurn.calls, 'right ': fmtPct(s.callsOutOfTurn.right.p, 1),
    'bids/round': s.bidsPerRound.toFixed(2),
  }));
}

async function tournamentPage(spec: Record<string, unknown>, ctx: ExperimentContext): Promise<PageInfo> {
  const rules = loadRules(spec.rules === undefined ? undefined : string(spec.rules, 'rules'));
  if (spec.dicePerPlayer !== undefined) rules.dicePerPlayer = integer(spec.dicePerPlayer, 'dicePerPlayer', 1, 20);
  const specs = strategies(spec.strategies, 'strategies');
  const rounds = integer(spec.rounds, 'rounds', 1);
  const seed = integer(spec.seed ?? 1, 'seed', 0);
  const r = await tournament(rules, specs, rounds, seed, integer(spec.shardCount ?? 32, 'shardCount', 1), ctx);
  const page: PageInfo = { path: `${GAME}/tournament.html`, title: 'Liar\'s Dice: bot tournament', summary: `${specs.map(specLabel).join(', ')}: penalties per round and call accuracy (${rounds.toLocaleString('en-US')} rounds)` };
  return writePage(ctx.reportsDir, page, `<p>${r.players} bots play ${rounds.toLocaleString('en-US')} rounds under the rules page (wild 1s until 1s are bid, 1 above 6, out-of-turn and multiple calls, the last loser opens); seed ${seed}. Reproduce with <code>oddsmith liars tournament --strategies ${escapeHtml(specs.map(specLabel).join(','))} --rounds ${rounds} --seed ${seed}</code>. Bids per round: ${r.bidsPerRound.mean.toFixed(2)}; rounds ended by an out-of-turn call: ${(r.outOfTurnRoundShare * 100).toFixed(1)}%; by a call on several bids: ${(r.multiCallRoundShare * 100).toFixed(1)}%; with 1s bid: ${(r.onesBidRoundShare * 100).toFixed(1)}%.</p>`, [
    { heading: 'Penalties per round', charts: [penaltyChart(r, 'penalties', 'Penalties per round by seat', seed)] },
    { heading: 'Calls', charts: [callChart(r, seed)] },
    { heading: 'All figures', table: { rows: seatTable(r) } },
    // the page of the rules-dependent findings ends with what they assume (issue 16)
    assumptionsSection(await checkAssumptions({ rules, workers: ctx.workers })),
  ], r.seats.map((x) => intervalFigure(`penalties per round › seat ${x.seat}: ${x.strategy}`, x.penaltiesPerRound.mean, x.penaltiesPerRound.ci95, 1 / r.players)));
}

// ---------------------------------------------------------------- sweep
async function sweepPage(spec: Record<string, unknown>, ctx: ExperimentContext): Promise<PageInfo> {
  const rules = loadRules(spec.rules === undefined ? undefined : string(spec.rules, 'rules'));
  const base = parseStrategySpec(string(spec.strategy, 'strategy'));
  const param = string(spec.param, 'param');
  const values = array(spec.values, 'values', 1).map((v, i) => number(v, `values[${i}]`));
  const field = strategies(spec.field, 'field');
  const rounds = integer(spec.rounds, 'rounds', 1);
  const seed = integer(spec.seed ?? 1, 'seed', 0);
  const shardCount = integer(spec.shardCount ?? 8, 'shardCount', 1);
  const params = { rules, strategy: base, param, values, field, rounds, seed, shardCount };
  const r = await sweep.answer(params, reportQuestionContext(ctx));
  const page: PageInfo = { path: `${GAME}/sweep.html`, title: `Liar's Dice: sweeping ${base.name}.${param}`, summary: `${base.name} ${param} from ${values[0]} to ${values[values.length - 1]} against ${field.map(specLabel).join(', ')}` };
  return writePage(ctx.reportsDir, page, `<p>Reproduce with <code>oddsmith liars sweep --strategy ${escapeHtml(specLabel(base))} --param ${escapeHtml(param)} --values ${values.join(',')} --field ${escapeHtml(field.map(specLabel).join(','))} --rounds ${rounds} --seed ${seed}</code>.</p>`, [
    await sweep.section!(r, params),
  ], r.points.map((x) => intervalFigure(`penalties per round › ${base.name} with ${param} = ${x.value}`, x.penaltiesPerRound, x.ci95)));
}

// ---------------------------------------------------------------- equilibrium
interface SolveSpec { variant: Variant; dice: [number, number]; sides: number; target: number; maxIterations: number }

function solveSpec(v: unknown, field: string): SolveSpec {
  const o = object(v, field);
  const dice = array(o.dice, `${field}.dice`, 2, 2).map((d, i) => integer(d, `${field}.dice[${i}]`, 1, 2));
  return {
    variant: string(o.variant, `${field}.variant`, ['seed', 'openspiel', 'plain']) as Variant,
    dice: [dice[0], dice[1]],
    sides: integer(o.sides, `${field}.sides`, 2, 6),
    target: number(o.target ?? 1e-4, `${field}.target`, 1e-9, 1),
    maxIterations: integer(o.maxIterations ?? 20000, `${field}.maxIterations`, 1),
  };
}

const label = (r: { variant: string; dice: number[]; sides: number }) => `${r.variant}, ${r.dice.join('v')} dice, ${r.sides} sides`;

async function equilibriumPage(spec: Record<string, unknown>, ctx: ExperimentContext): Promise<PageInfo> {
  const log = (s: string) => { if (!ctx.quiet) process.stderr.write(s + '\n'); };
  const main = array(spec.convergence, 'convergence', 1).map((v, i) => solveSpec(v, `convergence[${i}]`));
  const table = array(spec.valueTable ?? [], 'valueTable').map((v, i) => solveSpec(v, `valueTable[${i}]`));
  const solved: SolveResult[] = [];
  for (const s of [...main, ...table]) {
    const result = await solve.answer(s, reportQuestionContext(ctx));
    log(`  solved ${label(result)}: value ${result.value0.toFixed(6)}, exploitability ${result.exploitability.toExponential(2)}, ${result.iterations} iterations, ${result.seconds.toFixed(1)} s`);
    solved.push(result);
  }
  const mainResults = solved.slice(0, main.length);
  const convRows: Row[] = mainResults.flatMap((r) => r.convergence.map((c) => ({ game: label(r), iteration: c.iteration, exploitability: c.exploitability })));
  const convergence: Chart = {
    name: 'convergence',
    title: 'CFR+ convergence',
    caption: 'Exact exploitability (NashConv/2: the average gain of a best response against the average strategy, in penalties per round) after each number of CFR+ iterations, on log scales. The dashed line marks 1e-4 for reference; each solve stops at its own target exploitability (experiments/liars-dice-equilibrium.json). Where two variants converge alike their curves coincide: each has its own dash pattern and point shape so both stay visible.',
    rows: convRows,
    spec: {
      $schema: SCHEMA,
      title: { text: 'Exploitability of the CFR+ average strategy', subtitle: ['two players; dashed grey rule: 1e-4 for reference', 'exact: best responses computed over the whole game tree; nothing sampled'] },
      width: 560, height: 320,
      layer: [
        { data: { values: convRows }, mark: { type: 'line', point: { size: 30, filled: false }, strokeWidth: 1.6 }, encoding: { strokeDash: { field: 'game', type: 'nominal', title: 'game' }, shape: { field: 'game', type: 'nominal', title: 'game', legend: null }, x: { field: 'iteration', type: 'quantitative', title: 'CFR+ iterations', scale: { type: 'log' } }, y: { field: 'exploitability', type: 'quantitative', title: 'exploitability (penalties per round)', scale: { type: 'log' }, axis: { format: '.0e' } }, color: { field: 'game', type: 'nominal', title: 'game' } } },
        { data: { values: [{ y: 1e-4 }] }, mark: { type: 'rule', strokeDash: [4, 4], color: '#333' }, encoding: { y: { field: 'y', type: 'quantitative' } } },
      ],
    },
  };
  const openRows: Row[] = mainResults.filter((r) => r.dice[0] === 1).flatMap((r) => r.opening.map((o) => ({ game: label(r), 'own die': o.hand, bid: o.bid, probability: o.probability })));
  // one column order for every variant (count, then face), so the panels line up
  const bidOrder = [...new Set(openRows.map((r) => String(r.bid)))].sort((a, b) => {
    const [ca, fa] = a.split('x').map(Number), [cb, fb] = b.split('x').map(Number);
    return ca - cb || fa - fb;
  });
  const opening: Chart = {
    name: 'opening-bids',
    title: 'Opening bids at equilibrium',
    caption: 'How often the opener makes each opening bid (columns, in each variant\'s bid order: in seed 1 ranks above 6), by the opener\'s own die (rows), in the CFR+ average strategy. White cells are bids made less than 0.5% of the time. Bids are COUNTxFACE. An equilibrium need not be unique: this is the one the solver found.',
    rows: openRows,
    spec: {
      $schema: SCHEMA,
      title: { text: 'Opening bid frequencies by own die', subtitle: ['one die each, two players; columns in the same order for every variant (in seed, a bid of 1s ranks above 6s)', 'grey cell: a bid made less than 0.5% of the time (never, or almost never)', 'exact: the CFR+ average strategy itself, not sampled play'] },
      data: { values: openRows },
      facet: { row: { field: 'game', type: 'nominal', title: null, header: { labelAngle: 0, labelAlign: 'left', labelAnchor: 'start', labelOrient: 'top' } } },
      spec: {
        width: 560, height: 150,
        mark: { type: 'rect', stroke: 'white' },
        encoding: {
          x: { field: 'bid', type: 'ordinal', title: 'opening bid (count x face)', sort: bidOrder, axis: { labelAngle: 0 } },
          y: { field: 'own die', type: 'ordinal', title: 'opener\'s die' },
          color: { field: 'probability', type: 'quantitative', title: 'frequency', scale: { scheme: 'blues', domain: [0, 1] }, legend: { format: '.0%' }, condition: { test: 'datum.probability < 0.005', value: '#e6e6e6' } },
        },
      },
    },
  };
  const valueRows: Row[] = solved.map((r) => ({
    variant: r.variant, dice: r.dice.join(' v '), sides: r.sides, bids: r.bids, 'opener value': r.value0.toFixed(6),
    exploitability: r.exploitability.toExponential(2), 'CFR+ iterations': r.iterations,
  }));
  const os = solved.find((r) => r.variant === 'openspiel' && r.dice[0] === 1 && r.dice[1] === 1 && r.sides === 6);
  const sections: Section[] = [
    { heading: 'Convergence', charts: [convergence] },
    { heading: 'Opening bids', charts: [opening] },
    { heading: 'Values of every configuration solved', figures: {}, table: { rows: valueRows, caption: 'Opener\'s expected payoff (+1 win, −1 loss per round) under the equilibrium found; exploitability of that profile (exact); CFR+ iterations to reach that solve\'s target exploitability, set per solve in experiments/liars-dice-equilibrium.json (checked at iterations ×1.25 apart). Solve times are in the bench (npm run bench -- liars-dice), not here, so that regenerated reports are byte-identical.' } },
  ];
  if (spec.versus) {
    const vs = object(spec.versus, 'versus');
    const rules = loadRules();
    rules.dicePerPlayer = integer(vs.dicePerPlayer ?? 1, 'versus.dicePerPlayer', 1, 2);
    const rounds = integer(vs.rounds, 'versus.rounds', 1);
    const seed = integer(vs.seed ?? 1, 'versus.seed', 0);
    const rows: Row[] = [];
    for (const opp of strategies(vs.opponents, 'versus.opponents')) {
      const r = await tournament(rules, [parseStrategySpec('equilibrium'), opp], rounds, seed, 16, ctx);
      const e = r.seats[0].penaltiesPerRound, o = r.seats[1].penaltiesPerRound;
      rows.push({ opponent: specLabel(opp), 'equilibrium penalties/round': e.mean.toFixed(4), 'ci95': `[${e.ci95[0].toFixed(4)}, ${e.ci95[1].toFixed(4)}]`, 'opponent penalties/round': o.mean.toFixed(4) });
    }
    sections.push({ heading: 'The equilibrium bot against the others', html: `<p>Two players, ${rules.dicePerPlayer} die each, rules page (seed variant), ${rounds.toLocaleString('en-US')} rounds per match; every round costs exactly one penalty, so 0.5 is an even match. With one die each, threshold and conservative make the same choices (every chance they look at is 0, 1/6, 1/3 or 1). The equilibrium cannot be beaten in expectation (the game's value is about 0 over both seats), but it does not exploit weak play as hard as a best response would.</p>`, table: { rows } });
  }
  if (spec.exactBots) {
    const xb = object(spec.exactBots, 'exactBots');
    const variant = string(xb.variant ?? 'seed', 'exactBots.variant', ['seed', 'plain']) as Variant;
    const dice = integer(xb.dice ?? 1, 'exactBots.dice', 1, 2), sides = integer(xb.sides ?? 6, 'exactBots.sides', 2, 6);
    const rounds = integer(xb.rounds, 'exactBots.rounds', 1), seed = integer(xb.seed ?? 1, 'exactBots.seed', 0);
    const rules = rulesForVariant(variant, dice, sides);
    const rows: Row[] = [];
    for (const b of strategies(xb.bots, 'exactBots.bots')) {
      // the equilibrium bot's own solve
      const ex = await exploit.answer({ strategy: b, variant, dice, sides, target: 1e-3, maxIterations: 3000 }, reportQuestionContext(ctx));
      const r = await tournament(rules, [parseStrategySpec('equilibrium'), b], rounds, seed, 16, ctx);
      const sim = r.seats[0].penaltiesPerRound;
      const exact = ex.versusEquilibrium.equilibriumPenaltiesPerRound;
      rows.push({
        bot: specLabel(b), 'best response wins (per round, exact)': ex.exploitability.toFixed(4),
        'BR as opener': ex.brAsOpener.toFixed(4), 'BR as responder': ex.brAsResponder.toFixed(4),
        'equilibrium penalties/round vs bot (exact)': exact.toFixed(5),
        'simulated [95% CI]': `${sim.mean.toFixed(5)} [${sim.ci95[0].toFixed(5)}, ${sim.ci95[1].toFixed(5)}]`,
        'z': ((sim.mean - exact) / sim.se).toFixed(2),
      });
    }
    sections.push({ heading: 'Deterministic bots, exactly', html: `<p>${variant} variant, ${dice} v ${dice} dice, ${sides} sides, no out-of-turn calls. A deterministic bot is a policy table over every public history and hand, so the solver's traversals give, with no sampling, what a best response wins against it (exploitability: the mean over the two seats of the best response's value, +1 win / −1 loss per round) and the equilibrium bot's long-run penalties against it when the loser opens the next round. The last columns check the tournament simulator against that exact figure (${rounds.toLocaleString('en-US')} rounds, seed ${seed}; z = (simulated − exact)/SE). Command: <code>oddsmith liars exploit --strategy threshold:outOfTurnBelow=0</code>.</p>`, table: { rows } });
  }
  const page: PageInfo = { path: `${GAME}/equilibrium.html`, title: 'Liar\'s Dice: equilibrium by CFR+', summary: os ? `OpenSpiel liars_dice 1v1 die, 6 sides: value ${os.value0.toFixed(6)} (−7/258 = ${(-7 / 258).toFixed(6)}), exploitability ${os.exploitability.toExponential(1)}` : 'CFR+ equilibria, convergence and values' };
  return writePage(ctx.reportsDir, page, `<p>Two-player single-round Liar's Dice solved by CFR+ (regret matching+, alternating updates, linear averaging) over the public tree of bid sets, vectorised over private hands; exploitability is computed exactly by best responses over the whole tree. Variants: <b>seed</b> — the rules page (wild 1s until 1s are bid, 1 above the top face; a call challenges the last bid); <b>openspiel</b> — OpenSpiel's <code>liars_dice</code> (the top face is wild, bids ordered by count then face); <b>plain</b> — no wild face. ${os ? `For OpenSpiel's game with one die each the opener's value is ${os.value0.toFixed(7)}; OpenSpiel's test gives −7/258 = ${(-7 / 258).toFixed(7)} (difference ${Math.abs(os.value0 + 7 / 258).toExponential(1)}, exploitability ${os.exploitability.toExponential(1)}).` : ''} Reproduce with <code>oddsmith liars solve --dice 1,1 --sides 6 --variant openspiel</code>.</p>`, sections);
}

// ---------------------------------------------------------------- frontier
/** snyd's README values for its "normal" rules (no wild face: our plain variant), by "d0vd1-sides" */
const SNYD_PLAIN: Record<string, string> = {
  '1v1-2': '0', '1v1-3': '-1/9', '1v1-4': '-1/8', '1v1-5': '-3/25', '1v1-6': '-1/9',
  '2v1-2': '1/4', '2v1-3': '1/9', '2v1-4': '345/1696', '2v1-5': '2128/8375', '2v1-6': '0.275..',
  '1v2-2': '0', '1v2-3': '-1/27', '1v2-4': '-1/8', '1v2-5': '-27/125', '1v2-6': '-22/81',
};

/** A committed solve (`liars solve … --json` output): the fields the page reads, checked. */
function committedSolve(rel: string): SolveResult & { file: string } {
  const o = object(readJsonFile(join(packageRoot(), 'experiments', rel), 'committed solve'), rel);
  const dice = array(o.dice, `${rel}: dice`, 2, 2).map((d, i) => integer(d, `${rel}: dice[${i}]`, 1, 2));
  const opening = array(o.opening, `${rel}: opening`).map((r, i) => {
    const x = object(r, `${rel}: opening[${i}]`);
    return { hand: string(x.hand, `${rel}: opening[${i}].hand`), bid: string(x.bid, `${rel}: opening[${i}].bid`), probability: number(x.probability, `${rel}: opening[${i}].probability`, 0, 1) };
  });
  return {
    file: rel, variant: string(o.variant, `${rel}: variant`, ['seed', 'openspiel', 'plain']) as Variant, dice: [dice[0], dice[1]], sides: integer(o.sides, `${rel}: sides`, 2, 6),
    bids: integer(o.bids, `${rel}: bids`, 1), publicHistories: integer(o.publicHistories, `${rel}: publicHistories`, 1), iterations: integer(o.iterations, `${rel}: iterations`, 1), seconds: 0,
    value0: number(o.value0, `${rel}: value0`, -1, 1), br0: number(o.br0, `${rel}: br0`, -1, 1), br1: number(o.br1, `${rel}: br1`, -1, 1), nashConv: number(o.nashConv, `${rel}: nashConv`, 0, 4),
    exploitability: number(o.exploitability, `${rel}: exploitability`, 0, 2), target: number(o.target, `${rel}: target`, 0, 1), converged: o.converged === true, convergence: [], opening,
  };
}

/** The opening-bid heatmap of some solves with the same dice, one panel each. */
function openingChart(games: readonly SolveResult[], name: string): Chart {
  const openRows: Row[] = [];
  for (const r of games) for (const o of r.opening) openRows.push({ game: label(r), hand: o.hand, bid: o.bid, probability: o.probability });
  const bidOrder = [...new Set(openRows.map((r) => String(r.bid)))].sort((a, b) => {
    const [ca, fa] = a.split('x').map(Number), [cb, fb] = b.split('x').map(Number);
    return ca - cb || fa - fb;
  });
  const usedBids = bidOrder.filter((b) => openRows.some((r) => r.bid === b && Number(r.probability) >= 0.005));
  const [d0, d1] = games[0].dice;
  return {
    name,
    title: `Opening bid by the opener's hand, ${d0} v ${d1} dice`,
    caption: 'How often the opener makes each opening bid (columns, COUNTxFACE; only bids some hand makes at least 0.5% of the time) holding each hand (rows, its dice sorted), in the solved strategy (CFR+\'s or DCFR\'s average, or PCFR+\'s better of average and last iterate). Grey: less than 0.5%. Read across a row for one hand\'s mixed opening; down a column for which hands open that bid — the bluffs are the hands without that face. An equilibrium need not be unique: this is the one the solver found.',
    rows: openRows,
    spec: {
      $schema: SCHEMA,
      title: { text: 'Opening bid frequencies by the opener\'s hand', subtitle: [`the opener holds ${d0 === 1 ? 'one die' : 'two dice'}, the other ${d1 === 1 ? 'one' : 'two'}; grey: under 0.5% of the time`, 'columns in count-then-face order (in seed, a bid of 1s ranks above 6s)', 'exact: the solved strategy itself (exploitability in the table), not sampled play'] },
      data: { values: openRows.filter((r) => usedBids.includes(String(r.bid))) },
      facet: { column: { field: 'game', type: 'nominal', title: null, header: { labelFontSize: 12 } } },
      spec: {
        width: { step: 42 }, height: { step: 14 },
        mark: { type: 'rect', stroke: 'white' },
        encoding: {
          x: { field: 'bid', type: 'ordinal', title: 'opening bid (count x face)', sort: usedBids, axis: { labelAngle: 0 } },
          y: { field: 'hand', type: 'ordinal', title: 'opener\'s hand (sorted dice)' },
          color: { field: 'probability', type: 'quantitative', title: 'frequency', scale: { scheme: 'blues', domain: [0, 1] }, legend: { format: '.0%' }, condition: { test: 'datum.probability < 0.005', value: '#e6e6e6' } },
        },
      },
    },
  };
}

async function frontierPage(spec: Record<string, unknown>, ctx: ExperimentContext): Promise<PageInfo> {
  const log = (s: string) => { if (!ctx.quiet) process.stderr.write(s + '\n'); };
  const solved: (SolveResult & { file?: string })[] = [];
  for (const s of array(spec.solve, 'solve', 1).map((v, i) => solveSpec(v, `solve[${i}]`))) {
    const result = await solve.answer(s, reportQuestionContext(ctx));
    log(`  solved ${label(result)}: value ${result.value0.toFixed(6)}, exploitability ${result.exploitability.toExponential(2)}`);
    solved.push(result);
  }
  for (const [i, rel] of array(spec.committed ?? [], 'committed').entries()) solved.push(committedSolve(string(rel, `committed[${i}]`)));
  const key = (r: { dice: number[]; sides: number }) => `${r.dice.join('v')}-${r.sides}`;
  const order = (r: SolveResult) => [r.dice[0] + r.dice[1], r.dice[0] === r.dice[1] ? 0 : r.dice[0] > r.dice[1] ? 1 : 2, r.sides, VARIANTS.indexOf(r.variant)];
  solved.sort((a, b) => { const x = order(a), y = order(b); return x[0] - y[0] || x[1] - y[1] || x[2] - y[2] || x[3] - y[3]; });
  const valueRows: Row[] = solved.map((r) => ({
    dice: r.dice.join(' v '), faces: r.sides, variant: r.variant, 'opener value': r.value0.toFixed(5),
    'bounds −br1 … br0': `${(-r.br1).toFixed(5)} … ${r.br0.toFixed(5)}`, exploitability: r.exploitability.toExponential(1),
    published: r.variant === 'plain' ? SNYD_PLAIN[key(r)] ?? '' : r.variant === 'openspiel' && key(r) === '1v1-6' ? '-7/258' : '',
    source: r.file ? `committed (${r.file})` : 'solved here',
  }));
  const advRows: Row[] = solved.map((r) => ({ dice: `${r.dice[0]} v ${r.dice[1]}`, faces: r.sides, variant: r.variant, value: r.value0, low: -r.br1, high: r.br0 }));
  const advantage: Chart = {
    name: 'first-player-advantage',
    title: 'The opener\'s value as dice change',
    caption: 'The opener\'s expected payoff per round (+1 win, −1 loss) at the equilibrium found, by die faces (x), for one die each, the opener with two dice against one (2 v 1), one against two (1 v 2) and two each (2 v 2); one panel per variant. Above 0 the opener is favoured. Each point is bracketed by the best responses\' bounds (−br1 ≤ value ≤ br0), narrower than the points here (widest bracket in the table). Six-faced points with two dice come from the committed solves (2 v 2: DCFR on float32 stores, to exploitability 1e-4 or 60 minutes on two cores), five-faced 2 v 1 and 1 v 2 too, the rest from solves run by this page (2 v 2 has no five-faced point: its line joins 4 faces to 6); every value is exact (no sampling), its exploitability in the table.',
    rows: advRows,
    spec: {
      $schema: SCHEMA,
      title: { text: 'Opener\'s value by die faces and dice', subtitle: ['two players, one round; +1 win, −1 loss; above 0 the opener is favoured', 'exact: counterfactual-regret equilibria (best-response brackets in the table), nothing sampled'] },
      data: { values: advRows },
      facet: { column: { field: 'variant', type: 'nominal', title: null, sort: [...VARIANTS], header: { labelFontSize: 12 } } },
      spec: {
        width: 190, height: 260,
        layer: [
          { mark: { type: 'rule', color: '#999', strokeDash: [3, 3] }, encoding: { y: { datum: 0 } } },
          { mark: { type: 'line', point: { size: 40, filled: true }, strokeWidth: 1.6 }, encoding: {
            x: { field: 'faces', type: 'quantitative', title: 'faces per die', scale: { domain: [2, 6] }, axis: { values: [2, 3, 4, 5, 6], format: 'd' } },
            y: { field: 'value', type: 'quantitative', title: 'opener\'s value (per round)', scale: { domain: [-0.6, 1] } },
            color: { field: 'dice', type: 'nominal', title: 'dice (opener v other)' },
          } },
        ],
      },
    },
  };
  const openingFrom = array(spec.opening ?? [], 'opening').map((v, i) => string(v, `opening[${i}]`));
  // one heatmap per dice pair (2v1's two variants side by side; 2v2 has three times the rows)
  const openingGames = new Map<string, SolveResult[]>();
  for (const want of openingFrom) {
    const r = solved.find((x) => label(x) === want);
    if (!r) throw new UserError(`opening: ${JSON.stringify(want)} is not among the solves (known: ${solved.map(label).join('; ')})`);
    const dice = r.dice.join('v');
    openingGames.set(dice, [...(openingGames.get(dice) ?? []), r]);
  }
  const openingCharts = [...openingGames].map(([dice, games], k) => openingChart(games, k === 0 ? 'opening-by-hand' : `opening-by-hand-${dice}`));
  const sections: Section[] = [
    { heading: 'Values', figures: { flipAt: { 'opener value': 0 } }, table: { rows: valueRows, caption: 'Opener\'s value at the equilibrium found (+1 win, −1 loss per round), the bracket the exact best responses give for the game\'s value, and the profile\'s exploitability (NashConv/2). Published: snyd\'s linear-program values for its no-wild rules (our plain variant; github.com/thomasahle/snyd) and OpenSpiel\'s −7/258; each lies inside our bracket. snyd\'s joker and stairs rules are not among our variants (a joker 1 cannot be bid there), so their values are not compared. Committed solves are `liars solve … --json` outputs in experiments/ (commands on docs/liars-dice.md).' } },
    { heading: 'First-player advantage', charts: [advantage] },
    ...(openingCharts.length ? [{ heading: 'Opening bid by hand', charts: openingCharts }] : []),
  ];
  const widest = Math.max(...solved.map((r) => r.nashConv));
  const page: PageInfo = { path: `${GAME}/frontier.html`, title: 'Liar\'s Dice: exact values, 1 and 2 dice', summary: `${solved.length} two-player games solved exactly (widest value bracket ${widest.toExponential(1)}); snyd's and OpenSpiel's published values inside every bracket` };
  return writePage(ctx.reportsDir, page, `<p>Two-player, one-round Liar's Dice with one or two dice a player, solved by CFR+ (DCFR and PCFR+ for the larger games) with exact best responses (see the equilibrium page for the method). Variants: <b>seed</b> — the rules page (wild 1s until 1s are bid, 1 above the top face); <b>openspiel</b> — OpenSpiel's liars_dice (top face wild); <b>plain</b> — no wild face. Reproduce a cell with <code>oddsmith liars solve --dice 2,1 --sides 6 --variant plain --target 1e-3</code>; <code>--out FILE</code> also saves the strategy for the <code>equilibrium:file=FILE</code> player.</p>`, sections);
}

export const runExperiment: ExperimentRunner = async (spec, ctx) => {
  const kind = string(spec.kind, `${String(spec.name)}: kind`, ['odds', 'tournament', 'sweep', 'equilibrium', 'frontier']);
  switch (kind) {
    case 'odds': return [await oddsPage(spec, ctx)];
    case 'tournament': return [await tournamentPage(spec, ctx)];
    case 'sweep': return [await sweepPage(spec, ctx)];
    case 'equilibrium': return [await equilibriumPage(spec, ctx)];
    case 'frontier': return [await frontierPage(spec, ctx)];
    default: throw new UserError(`unknown experiment kind ${kind}`);
  }
};

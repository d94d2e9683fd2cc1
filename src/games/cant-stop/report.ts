/**
 * Can't Stop report page: the exact chance a roll offers each column and the bust chance of runner
 * sets; the optimal single turn, exact and simulated (the simulator checked against it), beside the
 * strategies' turns; and whole games between the strategies with the first player's edge.
 * An experiment spec (experiments/cant-stop*.json):
 *   { name, game: "cant-stop", page, title?, rules?, strategies, games, turns, seed, shardCount?,
 *     sweep?: { field, values, games, player } }  (the first player's edge at each value of one rules field)
 */
import { fmtPct, fmtPctCi } from '../../core/format.js';
import type { ExperimentRunner } from '../../report/experiment.js';
import { exactFigure, intervalFigure, type Figure } from '../../report/findings.js';
import { writePage, escapeHtml, type Chart, type Row, type Section } from '../../report/page.js';
import { basisLine } from '../../report/chart-config.js';
import { runExperiment as runShards } from '../../parallel/pool.js';
import { applySets, readRawRules } from '../../core/rules.js';
import { array, integer, object, onlyKeys, string } from '../../core/validate.js';
import { VL_SCHEMA as SCHEMA } from '../../report/render.js';
import { STRATEGIES } from './strategies/index.js';
import type { ParsedStrategy } from '../../play/strategy-registry.js';
import { gamesKernel, optimalTurn, turnKernel, type GamesParams, type GamesResult, type TurnParams, type TurnSimResult } from './kernels.js';
import { columnSum, validateRules, type CantStopRules } from './rules.js';
import { bustTable, columnRolls } from './exact.js';
import { ROLLS } from './tables.js';
import { checkAssumptions } from './assumptions.js';
import { assumptionsSection } from '../../report/assumptions.js';

export interface CantStopExperiment {
  name: string;
  page: string;
  title: string;
  rules?: string;
  strategies: ParsedStrategy[];
  games: number;
  turns: number;
  seed: number;
  shardCount: number;
  sweep?: { field: string; values: number[]; games: number; player: ParsedStrategy };
  /** games per table per rule set of the assumptions section (none: no section) */
  assumptionsGames?: number;
}

export function parseExperiment(spec: Record<string, unknown>): CantStopExperiment {
  const name = string(spec.name, 'experiment name');
  const w = `experiment ${name}`;
  onlyKeys(spec, w, ['name', 'game', 'description', 'page', 'title', 'rules', 'strategies', 'games', 'turns', 'seed', 'shardCount', 'sweep', 'assumptionsGames']);
  let sweep: CantStopExperiment['sweep'];
  if (spec.sweep !== undefined) {
    const o = object(spec.sweep, `${w}: sweep`);
    onlyKeys(o, `${w}: sweep`, ['field', 'values', 'games', 'player']);
    sweep = {
      field: string(o.field, `${w}: sweep.field`),
      values: array(o.values, `${w}: sweep.values`, 1, 50).map((v, j) => integer(v, `${w}: sweep.values.${j}`, 0, 1000)),
      games: integer(o.games, `${w}: sweep.games`, 1, 1e9),
      player: STRATEGIES.parse(string(o.player, `${w}: sweep.player`)),
    };
  }
  return {
    name,
    page: string(spec.page, `${w}: page`),
    title: spec.title === undefined ? `Can't Stop: ${name}` : string(spec.title, `${w}: title`),
    rules: spec.rules === undefined ? undefined : string(spec.rules, `${w}: rules`),
    strategies: array(spec.strategies, `${w}: strategies`, 1, 6).map((s, i) => STRATEGIES.parse(string(s, `${w}: strategies.${i}`))),
    games: integer(spec.games, `${w}: games`, 1, 1e9),
    turns: integer(spec.turns, `${w}: turns`, 1, 1e9),
    seed: integer(spec.seed, `${w}: seed`, 0),
    shardCount: spec.shardCount === undefined ? 16 : integer(spec.shardCount, `${w}: shardCount`, 1, 100000),
    sweep,
    assumptionsGames: spec.assumptionsGames === undefined ? undefined : integer(spec.assumptionsGames, `${w}: assumptionsGames`, 100, 1e7),
  };
}

function columnChart(rules: CantStopRules): Chart {
  const rows: Row[] = columnRolls().map((k, c) => ({ column: columnSum(c), height: rules.heights[c], p: k / ROLLS, rolls: k }));
  const title = 'Chance one roll offers each column';
  return {
    name: 'columns',
    title,
    caption: 'The chance that at least one of a roll\'s three pairings makes the column\'s sum. The heights of the columns (printed on the bars) follow these chances: 7 is offered almost five times as often as 2 and is 13 spaces tall against 3.',
    rows,
    basis: basisLine({ exact: `all ${ROLLS} rolls of four dice enumerated` }),
    spec: {
      $schema: SCHEMA,
      title: { text: title, subtitle: 'bars: chance a roll offers the column; labels: the column\'s height in spaces' },
      width: 520,
      height: 260,
      data: { values: rows },
      layer: [
        { mark: { type: 'bar' }, encoding: { x: { field: 'column', type: 'ordinal', title: 'column (sum of a pair of dice)', axis: { labelAngle: 0 } }, y: { field: 'p', type: 'quantitative', title: 'chance a roll offers it', axis: { format: '.0%' }, scale: { domain: [0, 1] } } } },
        { mark: { type: 'text', dy: -8 }, encoding: { x: { field: 'column', type: 'ordinal' }, y: { field: 'p', type: 'quantitative' }, text: { field: 'height', type: 'quantitative' } } },
      ],
    },
  };
}

function turnChart(rows: Row[], turns: number, seed: number): Chart {
  const title = 'Expected progress of one turn from the empty board';
  const x = { field: 'low', type: 'quantitative' as const, title: 'progress kept at the end of the turn (columns; a step in a column of height h = 1/h)', scale: { zero: true } };
  return {
    name: 'turn',
    title,
    caption: 'The exact optimal turn (roll on or stop, and which move, to maximise the expected progress) and the same policy simulated: the simulation agrees with the exact value within its interval. The strategies play the same single turn, simulated.',
    rows,
    basis: basisLine({ simulated: turns, of: 'turns a player', seed, extra: 'the optimal-turn value exact' }),
    spec: {
      $schema: SCHEMA,
      title: { text: title, subtitle: 'dots: mean; bars: 95% intervals of the simulated rows' },
      width: 520,
      height: { step: 30 },
      data: { values: rows },
      layer: [
        { mark: { type: 'rule', strokeWidth: 2 }, encoding: { y: { field: 'player', type: 'nominal', sort: null, title: null }, x, x2: { field: 'high' } } },
        { mark: { type: 'point', filled: true, size: 80 }, encoding: { y: { field: 'player', type: 'nominal', sort: null }, x: { field: 'mean', type: 'quantitative' } } },
      ],
    },
  };
}

function pairChart(rows: Row[], games: number, seed: number): Chart {
  const title = 'Win rate of the first-named strategy, by pairing';
  return {
    name: 'pairs',
    title,
    caption: 'Two-player games, seats rotated game by game (each strategy moves first in half the games). Right of the dashed line the first-named strategy is stronger.',
    rows,
    basis: basisLine({ simulated: games, of: 'games a pairing', seed }),
    spec: {
      $schema: SCHEMA,
      title: { text: title, subtitle: '95% Wilson intervals; dashed line 50%' },
      width: 520,
      height: { step: 30 },
      data: { values: rows },
      layer: [
        { mark: { type: 'rule', strokeWidth: 2 }, encoding: { y: { field: 'pairing', type: 'nominal', sort: null, title: null }, x: { field: 'low', type: 'quantitative', title: 'games won by the first-named strategy', axis: { format: '.0%' }, scale: { domain: [0, 1] } }, x2: { field: 'high' } } },
        { mark: { type: 'point', filled: true, size: 80 }, encoding: { y: { field: 'pairing', type: 'nominal', sort: null }, x: { field: 'p', type: 'quantitative' } } },
        { mark: { type: 'rule', strokeDash: [4, 3], color: '#888' }, encoding: { x: { datum: 0.5 } } },
      ],
    },
  };
}

/** Words for a swept rules field on an axis (the chart conventions want no raw field names). */
const FIELD_WORDS: Record<string, string> = { columnsToWin: 'columns a player must claim to win', runners: 'runners per turn', turnLimit: 'turn limit (draw after)' };

function edgeChart(field: string, rows: Row[], games: number, player: string, seed: number): Chart {
  const words = FIELD_WORDS[field] ?? `rules field ${field}`;
  const title = `First player's win rate by ${words}`;
  const x = { field: 'value', type: 'ordinal' as const, title: words, axis: { labelAngle: 0 } };
  return {
    name: `first-player-by-${field}`,
    title,
    caption: `Two ${player} players, seats rotated game by game; the share of games won by the player who moves first. Above the dashed line moving first is an advantage.`,
    rows,
    basis: basisLine({ simulated: games, of: 'games per value', seed }),
    spec: {
      $schema: SCHEMA,
      title: { text: title, subtitle: `${player} against ${player}; 95% Wilson intervals; dashed line 50%` },
      width: 420,
      height: 260,
      data: { values: rows },
      layer: [
        { mark: { type: 'rule', strokeWidth: 2 }, encoding: { x, y: { field: 'low', type: 'quantitative', title: 'games won by the first player', axis: { format: '.0%' }, scale: { domain: [0.3, 0.7] } }, y2: { field: 'high' } } },
        { mark: { type: 'point', filled: true, size: 80 }, encoding: { x, y: { field: 'p', type: 'quantitative' } } },
        { mark: { type: 'rule', strokeDash: [4, 3], color: '#888' }, encoding: { y: { datum: 0.5 } } },
      ],
    },
  };
}

async function runTurns(rules: CantStopRules, player: ParsedStrategy | null, e: CantStopExperiment, workers: number): Promise<TurnSimResult> {
  const params: TurnParams = { rules, player };
  const acc = await runShards({ kernel: turnKernel.name, params, seed: e.seed, total: e.turns, shardCount: Math.min(e.shardCount, e.turns) }, { workers });
  return turnKernel.summarize(params, acc, e.turns);
}

async function runGames(rules: CantStopRules, players: ParsedStrategy[], e: CantStopExperiment, workers: number): Promise<GamesResult> {
  const params: GamesParams = { rules, players, rotate: true };
  const acc = await runShards({ kernel: gamesKernel.name, params, seed: e.seed, total: e.games, shardCount: Math.min(e.shardCount, e.games) }, { workers });
  return gamesKernel.summarize(params, acc, e.games);
}

export const runExperiment: ExperimentRunner = async (spec, ctx) => {
  const e = parseExperiment(spec);
  const { raw, label } = readRawRules('cant-stop', e.rules);
  const rules = validateRules(raw, label);
  const say = (s: string) => {
    if (!ctx.quiet) process.stderr.write(`  ${s}\n`);
  };

  say('exact optimal turn');
  const exact = optimalTurn(rules).result;
  const turnRows: Row[] = [{ player: 'optimal turn (exact)', mean: exact.progress, low: exact.progress, high: exact.progress, bust: exact.bust, rolls: exact.rolls, turns: '' }];
  for (const s of [null, ...e.strategies.filter((x) => x.name !== 'optimal')]) {
    say(`single turns: ${s ? STRATEGIES.label(s) : 'optimal turn'}`);
    const r = await runTurns(rules, s, e, ctx.workers);
    turnRows.push({ player: s ? `${STRATEGIES.label(s)} (simulated)` : 'optimal turn (simulated)', mean: r.progress.mean, low: r.progress.ci95[0], high: r.progress.ci95[1], bust: r.bust.p, rolls: r.rolls.mean, turns: r.turns });
  }
  const sim = turnRows[1];
  const z = ((sim.mean as number) - exact.progress) / (((sim.high as number) - (sim.low as number)) / (2 * 1.959963984540054));

  const pairs: GamesResult[] = [];
  const ss = e.strategies;
  for (let i = 0; i < ss.length; i++) {
    for (let j = i; j < ss.length; j++) {
      say(`games: ${STRATEGIES.label(ss[i])} vs ${STRATEGIES.label(ss[j])}`);
      pairs.push(await runGames(rules, [ss[i], ss[j]], e, ctx.workers));
    }
  }
  const pairRows: Row[] = pairs.map((r) => ({ pairing: `${r.players[0].strategy} vs ${r.players[1].strategy}`, p: r.players[0].wins.p, low: r.players[0].wins.ci95[0], high: r.players[0].wins.ci95[1], games: r.games }));
  const bust = bustTable(rules.runners);

  const sections: Section[] = [
    {
      heading: 'Exact odds of a roll',
      html: `<p>Rules: ${escapeHtml(rules.name)} — heights ${rules.heights.join(', ')}; ${rules.runners} runners; ${rules.columnsToWin} columns to win. With all ${rules.runners} runners placed a roll busts when none of its pairings makes a runner's column: safest ${bust.slice(0, 3).map((b) => `${b.sums.join(',')} (${fmtPct(b.bust, 1)})`).join(', ')}; riskiest ${bust.slice(-3).map((b) => `${b.sums.join(',')} (${fmtPct(b.bust, 1)})`).join(', ')}.</p>`,
      charts: [columnChart(rules)],
    },
    {
      heading: 'The optimal single turn, exact and simulated',
      html: `<p>Exact over ${exact.states.toLocaleString('en-US')} runner configurations: expected progress ${exact.progress.toFixed(4)} columns, busting ${fmtPct(exact.bust, 1)} of turns after ${exact.rolls.toFixed(2)} rolls on average. Simulated with the same policy: ${(sim.mean as number).toFixed(4)} [${(sim.low as number).toFixed(4)}, ${(sim.high as number).toFixed(4)}] (${z.toFixed(2)} standard errors from the exact value).</p>`,
      charts: [turnChart(turnRows, e.turns, e.seed)],
      table: { caption: 'Progress per turn (columns), the share of turns that bust, rolls per turn.', rows: turnRows.map((r) => ({ player: r.player, progress: (r.mean as number).toFixed(4), '95% interval': r.turns === '' ? 'exact' : `[${(r.low as number).toFixed(4)}, ${(r.high as number).toFixed(4)}]`, busts: fmtPct(r.bust as number, 1), rolls: (r.rolls as number).toFixed(2), turns: r.turns === '' ? 'exact' : (r.turns as number).toLocaleString('en-US') })) },
    },
    {
      heading: 'Whole games between the strategies',
      charts: [pairChart(pairRows, e.games, e.seed)],
      table: {
        caption: 'Seat 1 moves first; with seats rotated its win rate is the first player\'s edge (the same strategy on both sides shows it plainly).',
        rows: pairs.map((r) => ({ pairing: `${r.players[0].strategy} vs ${r.players[1].strategy}`, games: r.games, 'first-named wins': `${fmtPct(r.players[0].wins.p, 1)} ${fmtPctCi(r.players[0].wins.ci95)}`, 'seat 1 wins': `${fmtPct(r.seats[0].wins.p, 1)} ${fmtPctCi(r.seats[0].wins.ci95)}`, 'turns/game': r.turns.mean.toFixed(1), busts: fmtPct(r.bustPerTurn.p, 1), 'rolls/turn': r.rollsPerTurn.toFixed(2), draws: fmtPct(r.draws.p, 1) })),
      },
    },
  ];
  const sweepRows: Row[] = [];
  if (e.sweep) {
    const sw = e.sweep;
    const rows = sweepRows;
    for (const v of sw.values) {
      say(`first player's edge: ${sw.field}=${v}`);
      const r = validateRules(applySets(raw, [`${sw.field}=${v}`]), `${label} with ${sw.field}=${v}`);
      const g = await runGames(r, [sw.player, sw.player], { ...e, games: sw.games }, ctx.workers);
      const s1 = g.seats[0].wins;
      rows.push({ value: v, p: s1.p, low: s1.ci95[0], high: s1.ci95[1], games: g.games, 'turns/game': Number(g.turns.mean.toFixed(2)) });
    }
    sections.push({
      heading: `Balance: the first player's edge by ${sw.field}`,
      html: `<p>${escapeHtml(rows.map((r) => `${sw.field} = ${r.value}: first player wins ${fmtPct(r.p as number, 1)} ${fmtPctCi([r.low as number, r.high as number])}`).join('; '))}.</p>`,
      charts: [edgeChart(sw.field, rows, sw.games, STRATEGIES.label(sw.player), e.seed)],
    });
  }
  if (e.assumptionsGames !== undefined) {
    say('assumptions');
    sections.push(assumptionsSection(await checkAssumptions({ rules, games: e.assumptionsGames, seed: e.seed, workers: ctx.workers })));
  }
  // headline figures for `oddsmith diff`: the board as run, the exact turn, every win rate
  const figures: Figure[] = [
    ...rules.heights.map((h, i) => exactFigure(`Rules › column ${i + 2} › height`, h)),
    exactFigure('Rules › runners', rules.runners),
    exactFigure('Rules › columns to win', rules.columnsToWin),
    exactFigure('Optimal turn › progress (exact)', exact.progress),
    exactFigure('Optimal turn › bust share (exact)', exact.bust),
    ...turnRows.slice(1).map((r) => intervalFigure(`Single turns › ${r.player} › progress`, r.mean as number, [r.low as number, r.high as number])),
    ...pairs.flatMap((r) => [
      intervalFigure(`Games › ${r.players[0].strategy} vs ${r.players[1].strategy} › first-named wins`, r.players[0].wins.p, r.players[0].wins.ci95, 0.5),
      intervalFigure(`Games › ${r.players[0].strategy} vs ${r.players[1].strategy} › seat 1 wins`, r.seats[0].wins.p, r.seats[0].wins.ci95, 0.5),
    ]),
    ...(sweepRows.map((r) => intervalFigure(`First player's edge › ${e.sweep!.field} = ${r.value} › seat 1 wins`, r.p as number, [r.low as number, r.high as number], 0.5))),
  ];
  const page = { path: `cant-stop/${e.page}.html`, title: e.title, summary: `exact roll odds, the optimal turn exact vs simulated, games between strategies (${rules.name})` };
  return [await writePage(ctx.reportsDir, page, '<p>Can\'t Stop (Sid Sackson, 1980): exact odds, the optimal single turn, and games between the random and Rule-of-28 players (docs/cant-stop.md).</p>', sections, figures)];
};

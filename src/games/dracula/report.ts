/**
 * Dracula vs Van Helsing report page: role win rates for every pair of strategies, the first
 * mover's edge, districts won by card value, the exact fresh-deck odds, and balance sweeps with
 * the value closest to 50/50. An experiment spec (experiments/dracula-*.json):
 *   { name, game: "dracula", page, title?, rules?, strategies, games, searchGames, seed, shardCount?,
 *     sweeps: [{ field, values, games, dracula, helsing }], assumptions?, assumptionGames? }
 */
import { fmtPct, fmtPctCi } from '../../core/format.js';
import { intervalFigure } from '../../report/findings.js';
import { reportQuestionContext, type ExperimentRunner } from '../../report/experiment.js';
import { writePage, escapeHtml, type Chart, type Row, type Section } from '../../report/page.js';
import { basisLine } from '../../report/chart-config.js';
import { intervalChart } from '../../report/interval-chart.js';
import { runExperiment as runShards } from '../../parallel/pool.js';
import { applySets, readRawRules } from '../../core/rules.js';
import { array, boolean, integer, object, onlyKeys, string } from '../../core/validate.js';
import { assumptionsSection } from '../../report/assumptions.js';
import { checkAssumptions } from './assumptions.js';
import { VL_SCHEMA as SCHEMA } from '../../report/render.js';
import { STRATEGIES } from './strategies/index.js';
import type { ParsedStrategy } from '../../play/strategy-registry.js';
import { gamesKernel, type GamesParams, type GamesResult } from './kernels.js';
import { validateRules, type DraculaRules } from './rules.js';
import type { FreshRow } from './exact.js';
import { freshTable } from './questions.js';
import { sweepResult, type SweepResult } from './sweep.js';

interface SweepSpec {
  field: string;
  values: number[];
  games: number;
  dracula: ParsedStrategy;
  helsing: ParsedStrategy;
}

export interface DraculaExperiment {
  name: string;
  page: string;
  title: string;
  rules?: string;
  strategies: ParsedStrategy[];
  games: number;
  /** games for a pair with a search player (it is ~30× slower) */
  searchGames: number;
  seed: number;
  shardCount: number;
  sweeps: SweepSpec[];
  /** end the page with the assumptions table (oddsmith dracula assumptions), at this many games a pair */
  assumptions: boolean;
  assumptionGames: number;
}

export function parseExperiment(spec: Record<string, unknown>): DraculaExperiment {
  const name = string(spec.name, 'experiment name');
  const w = `experiment ${name}`;
  onlyKeys(spec, w, ['name', 'game', 'description', 'page', 'title', 'rules', 'strategies', 'games', 'searchGames', 'seed', 'shardCount', 'sweeps', 'assumptions', 'assumptionGames']);
  return {
    name,
    page: string(spec.page, `${w}: page`),
    title: spec.title === undefined ? `Dracula vs Van Helsing: ${name}` : string(spec.title, `${w}: title`),
    rules: spec.rules === undefined ? undefined : string(spec.rules, `${w}: rules`),
    strategies: array(spec.strategies, `${w}: strategies`, 1, 6).map((s, i) => STRATEGIES.parse(string(s, `${w}: strategies.${i}`))),
    games: integer(spec.games, `${w}: games`, 1, 1e9),
    searchGames: spec.searchGames === undefined ? integer(spec.games, `${w}: games`) : integer(spec.searchGames, `${w}: searchGames`, 1, 1e9),
    seed: integer(spec.seed, `${w}: seed`, 0),
    shardCount: spec.shardCount === undefined ? 32 : integer(spec.shardCount, `${w}: shardCount`, 1, 100000),
    assumptions: spec.assumptions === undefined ? false : boolean(spec.assumptions, `${w}: assumptions`),
    assumptionGames: spec.assumptionGames === undefined ? 2000 : integer(spec.assumptionGames, `${w}: assumptionGames`, 100, 1e7),
    sweeps: (spec.sweeps === undefined ? [] : array(spec.sweeps, `${w}: sweeps`, 0, 10)).map((raw, i) => {
      const o = object(raw, `${w}: sweeps.${i}`);
      const f = `${w}: sweeps.${i}`;
      onlyKeys(o, f, ['field', 'values', 'games', 'dracula', 'helsing']);
      return {
        field: string(o.field, `${f}.field`),
        values: array(o.values, `${f}.values`, 1, 50).map((v, j) => integer(v, `${f}.values.${j}`, 0, 1000)),
        games: integer(o.games, `${f}.games`, 1, 1e9),
        dracula: STRATEGIES.parse(string(o.dracula, `${f}.dracula`)),
        helsing: STRATEGIES.parse(string(o.helsing, `${f}.helsing`)),
      };
    }),
  };
}

async function play(rules: DraculaRules, d: ParsedStrategy, h: ParsedStrategy, games: number, seed: number, shardCount: number, swapFirst: boolean, workers: number): Promise<GamesResult> {
  const params: GamesParams = { rules, dracula: d, helsing: h, swapFirst };
  const acc = await runShards({ kernel: gamesKernel.name, params, seed, total: games, shardCount: Math.min(shardCount, games) }, { workers });
  return gamesKernel.summarize(params, acc, games);
}

function sweepChart(s: SweepResult, i: number, seed: number): Chart {
  const rows: Row[] = s.points.map((p) => ({ [s.field]: p.value, p: p.dracula.p, low: p.dracula.ci95[0], high: p.dracula.ci95[1], games: p.dracula.n }));
  const x = { field: s.field, type: 'quantitative' as const, title: `${s.field} (rules field)`, axis: { tickMinStep: 1 }, scale: { zero: false } };
  return {
    name: `sweep-${i + 1}-${s.field}`,
    title: `Dracula's win rate by ${s.field}`,
    caption: `Dracula ${s.dracula} vs Van Helsing ${s.helsing}, ${s.points[0].dracula.n} simulated games per point; band and bars are 95% Wilson intervals; dashed line 50%. Closest to 50/50: ${s.field} = ${s.closest.value} (${fmtPct(s.closest.dracula.p, 1)} ${fmtPctCi(s.closest.dracula.ci95)}).`,
    rows,
    basis: basisLine({ simulated: s.points[0].dracula.n, of: 'games per point', seed }),
    spec: {
      $schema: SCHEMA,
      title: { text: `Dracula's win rate by ${s.field}`, subtitle: `Dracula ${s.dracula} vs Van Helsing ${s.helsing}; 95% intervals` },
      width: 520,
      height: 280,
      data: { values: rows },
      layer: [
        { mark: { type: 'area', opacity: 0.2 }, encoding: { x, y: { field: 'low', type: 'quantitative', title: 'Dracula wins (share of games)', axis: { format: '.0%' }, scale: { domain: [0, 1] } }, y2: { field: 'high' } } },
        { mark: { type: 'line', point: true }, encoding: { x, y: { field: 'p', type: 'quantitative' } } },
        { mark: { type: 'rule' }, encoding: { x, y: { field: 'low', type: 'quantitative' }, y2: { field: 'high' } } },
        { mark: { type: 'rule', strokeDash: [4, 3], color: '#888' }, encoding: { y: { datum: 0.5 } } },
      ],
    },
  };
}

const NON_TRUMP = 'non-trump card', TRUMP = 'trump card';

/** `fresh`: the fresh-deck table (the question `oddsmith dracula odds --table` asks) */
function valueChart(r: GamesResult, rules: DraculaRules, seed: number, fresh: readonly FreshRow[]): Chart {
  const rows: Row[] = [];
  for (const b of r.byValue) {
    for (const [kind, x] of [[NON_TRUMP, b.nonTrump], [TRUMP, b.trump]] as const) {
      rows.push({ kind, value: b.value, line: 'Dracula (simulated)', p: x.dracula.p, low: x.dracula.ci95[0], high: x.dracula.ci95[1], n: x.dracula.n });
      rows.push({ kind, value: b.value, line: 'Van Helsing (simulated)', p: x.helsing.p, low: x.helsing.ci95[0], high: x.helsing.ci95[1], n: x.helsing.n });
    }
  }
  for (const f of fresh) {
    rows.push({ kind: NON_TRUMP, value: f.value, line: 'fresh deck (exact)', p: f.nonTrump, low: f.nonTrump, high: f.nonTrump, n: 0 });
    rows.push({ kind: TRUMP, value: f.value, line: 'fresh deck (exact)', p: f.trump, low: f.trump, high: f.trump, n: 0 });
  }
  const x = { field: 'value', type: 'ordinal' as const, title: 'value of the card held in the district', axis: { labelAngle: 0 } };
  const color = { field: 'line', type: 'nominal' as const, title: null, legend: { orient: 'bottom' as const, columns: 3 } };
  const one = r.byValue[0], top = r.byValue[r.byValue.length - 1], V = rules.values;
  const caption =
    `Simulated: ${r.games} games of Dracula ${r.dracula} vs Van Helsing ${r.helsing}, every district resolved, the card each role held counted as trump or not at the moment of resolution; 95% intervals. ` +
    `Exact: a card of that value against one random other card of a fresh deck (the ranking random). ` +
    `A trump card loses only to a higher trump, a non-trump card to every trump, so the two kinds are shown apart: a non-trump 1 wins ${fmtPct(one.nonTrump.dracula.p, 1)} for Dracula and ${fmtPct(one.nonTrump.helsing.p, 1)} for Van Helsing, a trump 1 ${fmtPct(one.trump.dracula.p, 1)} and ${fmtPct(one.trump.helsing.p, 1)}. ` +
    `The card a district meets is not a random card: players swap weak cards out and keep strong ones, so a card meets stronger opposition than the fresh-deck baseline (a non-trump ${V} wins ${fmtPct(top.nonTrump.dracula.p, 1)} for Dracula and ${fmtPct(top.nonTrump.helsing.p, 1)} for Van Helsing, against ${fmtPct(fresh[V - 1].nonTrump, 1)} exact).`;
  return {
    name: 'districts-by-value',
    title: 'P(win a district) by the value of the card held, non-trump and trump',
    caption,
    rows,
    basis: basisLine({ simulated: r.games, of: 'games', seed, extra: 'the fresh-deck lines exact' }),
    spec: {
      $schema: SCHEMA,
      title: { text: 'P(win a district) by the value of the card held', subtitle: `Dracula ${r.dracula} vs Van Helsing ${r.helsing}; 95% intervals on the simulated lines` },
      data: { values: rows },
      facet: { column: { field: 'kind', type: 'nominal', title: null, sort: [NON_TRUMP, TRUMP], header: { labelFontSize: 12 } } },
      spec: {
        width: 280,
        height: 280,
        layer: [
          { mark: { type: 'line', point: true }, encoding: { x, y: { field: 'p', type: 'quantitative', title: 'P(win the district)', axis: { format: '.0%' }, scale: { domain: [0, 1] } }, color } },
          { mark: { type: 'rule' }, encoding: { x, y: { field: 'low', type: 'quantitative' }, y2: { field: 'high' }, color } },
        ],
      },
    },
  };
}

export const runExperiment: ExperimentRunner = async (spec, ctx) => {
  const e = parseExperiment(spec);
  const { raw, label } = readRawRules('dracula', e.rules);
  const rules = validateRules(raw, label);
  const results: GamesResult[] = [];
  for (const d of e.strategies) {
    for (const h of e.strategies) {
      const games = d.name === 'search' || h.name === 'search' ? e.searchGames : e.games;
      if (!ctx.quiet) process.stderr.write(`  ${STRATEGIES.label(d)} vs ${STRATEGIES.label(h)}: ${games} games\n`);
      results.push(await play(rules, d, h, games, e.seed, e.shardCount, true, ctx.workers));
    }
  }
  const sweeps: SweepResult[] = [];
  for (const s of e.sweeps) {
    const points = [];
    for (const v of s.values) {
      const r = validateRules(applySets(raw, [`${s.field}=${v}`]), `${label} with ${s.field}=${v}`);
      if (!ctx.quiet) process.stderr.write(`  sweep ${s.field}=${v}: ${s.games} games\n`);
      points.push({ value: v, result: await play(r, s.dracula, s.helsing, s.games, e.seed, e.shardCount, false, ctx.workers) });
    }
    sweeps.push(sweepResult(s.field, points));
  }
  const pairRows: Row[] = results.map((r) => ({ pair: `${r.dracula.split(':')[0]} (D) vs ${r.helsing.split(':')[0]} (VH)`, p: r.draculaWins.p, low: r.draculaWins.ci95[0], high: r.draculaWins.ci95[1], games: r.games }));
  // the value chart wants many districts: the greedy pair (search pairs play far fewer games)
  const best = results.find((r) => r.dracula.startsWith('greedy') && r.helsing.startsWith('greedy')) ?? results[0];
  const rateOf = (d: string, h: string) => results.find((r) => r.dracula.startsWith(d) && r.helsing.startsWith(h))?.draculaWins;
  const mirror = results.filter((r) => r.dracula.split(':')[0] === r.helsing.split(':')[0]);
  const pairCaption =
    'Left of the dashed line Van Helsing is favoured. ' +
    (mirror.length ? `Same strategy on both sides: Dracula wins ${mirror.map((r) => `${fmtPct(r.draculaWins.p, 1)} ${fmtPctCi(r.draculaWins.ci95)} (${r.dracula.split(':')[0]})`).join(', ')}. ` : '') +
    (rateOf('search', 'greedy') && rateOf('greedy', 'search') ? `Search against greedy: Dracula wins ${fmtPct(rateOf('search', 'greedy')!.p, 1)} with search, ${fmtPct(rateOf('greedy', 'search')!.p, 1)} against it.` : '');
  const sections: Section[] = [
    {
      heading: 'Role win rates for every pair of strategies',
      html: `<p>Each pair plays the same deals (common random numbers: each game's deck and ranking come from its own seed). Rules: ${escapeHtml(rules.name)} — health ${rules.health}, ${rules.rounds} rounds, ${rules.districts} districts × ${rules.humansPerDistrict} humans, ${rules.suits}×${rules.values} deck.</p>`,
      charts: [intervalChart({ name: 'pairs', title: 'Dracula\'s win rate by pair of strategies', subtitle: '95% Wilson intervals; dashed line 50%', basis: basisLine({ simulated: e.games, of: `games a pair (${e.searchGames.toLocaleString('en-US')} with a search player)`, seed: e.seed }), caption: pairCaption, rows: pairRows, category: 'pair', categoryTitle: 'Dracula\'s strategy vs Van Helsing\'s', value: 'p', valueTitle: 'Dracula wins (share of games)', format: '.0%', reference: 0.5 })],
      table: {
        caption: 'How games and rounds end and how long they last; what the last turn after a call does (share of those turns that changed at least one district\'s winner, and the districts gained by the player taking it); the first mover\'s edge: every game replayed from the same seeds with the other player starting every round (paired difference, 95% interval).',
        rows: results.map((r) => ({
          Dracula: r.dracula,
          'Van Helsing': r.helsing,
          games: r.games,
          'Dracula wins': `${fmtPct(r.draculaWins.p, 1)} ${fmtPctCi(r.draculaWins.ci95)}`,
          'full district': fmtPct(r.endings.district.p, 1),
          'survives': fmtPct(r.endings.rounds.p, 1),
          'health 0': fmtPct(r.endings.health.p, 1),
          'rounds/game': r.roundsPerGame.mean.toFixed(2),
          'turns/round': r.turnsPerRound.mean.toFixed(2),
          'rounds called': fmtPct(r.roundEnds.called.p, 1),
          'ended by an 8': fmtPct(r.roundEnds.endCard.p, 1),
          'last turn changed a district': r.lastTurn.rounds ? fmtPct(r.lastTurn.changed.p, 1) : '-',
          'districts gained in the last turn': r.lastTurn.rounds ? r.lastTurn.gain.mean.toFixed(2) : '-',
          'first-mover edge (Dracula, pp)': r.firstMover ? `${(r.firstMover.difference.mean * 100).toFixed(1)} ± ${(1.96 * r.firstMover.difference.se * 100).toFixed(1)}` : '-',
        })),
      },
    },
    { heading: 'Districts won by card value', charts: [valueChart(best, rules, e.seed, (await freshTable.answer({ rules }, reportQuestionContext(ctx))).table)] },
  ];
  if (sweeps.length) {
    sections.push({
      heading: 'Balance sweeps',
      html: `<p>${sweeps.map((s) => escapeHtml(`${s.field}, Dracula ${s.dracula} vs Van Helsing ${s.helsing}: closest to 50/50 at ${s.field} = ${s.closest.value}, Dracula wins ${fmtPct(s.closest.dracula.p, 1)} ${fmtPctCi(s.closest.dracula.ci95)}${s.closest.fiftyInside ? ' (50% inside its interval)' : ' (50% outside its interval)'}${s.crossing !== null ? `; crosses 50% near ${s.field} = ${s.crossing.toFixed(2)} (linear interpolation)` : ''}.`)).join('<br>')}</p>`,
      charts: sweeps.map((s, i) => sweepChart(s, i, e.seed)),
    });
  }
  if (e.assumptions) {
    if (!ctx.quiet) process.stderr.write(`  assumptions: ${e.assumptionGames} games a pair at each alternative\n`);
    sections.push(assumptionsSection(await checkAssumptions({ rules, games: e.assumptionGames, seed: e.seed, workers: ctx.workers })));
  }
  const page = { path: `dracula/${e.page}.html`, title: e.title, summary: `role win rates, first-mover edge, districts by value, balance sweeps (${rules.name})` };
  const figures = results.map((r) => intervalFigure(`Dracula win rate › ${r.dracula} vs ${r.helsing}`, r.draculaWins.p, r.draculaWins.ci95, 0.5));
  return [await writePage(ctx.reportsDir, page, `<p>Dracula vs Van Helsing, simulated between the random, greedy and search players (docs/dracula.md).</p>`, sections, figures)];
};

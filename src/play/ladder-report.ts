/**
 * The report page of a game's ladder, built from the same result and the same rows as
 * `oddsmith <game> ladder` prints: the ratings with their intervals, the matchup matrix as a
 * heatmap, and each finding across the rungs. An experiment spec (experiments/<game>-ladder.json):
 *   { name, game: "<game id>-ladder", title?, rules?, players?: [rungs], seats?, deals, replicates?,
 *     seed, shardCount? }  (players absent: the game's default rungs)
 */
import { array, integer, onlyKeys, string } from '../core/validate.js';
import { basisLine } from '../report/chart-config.js';
import type { ExperimentRunner } from '../report/experiment.js';
import { escapeHtml, writePage, type Chart, type Row, type Section } from '../report/page.js';
import { intervalFigure, type Figure } from '../report/findings.js';
import { VL_SCHEMA as SCHEMA } from '../report/render.js';
import { runExperiment as runShards } from '../parallel/pool.js';
import type { GameDescriptor } from '../games/types.js';
import { checkRungs, summarizeLadder, type LadderResult } from './ladder.js';
import { findingRows, matrixRows, pairedLegend, pairedRows, ratingRows } from './ladder-text.js';
import { ladderKernelName, pairedOf, stateGameOf } from './kernels.js';
import { makePlayer } from './players.js';

interface LadderExperiment {
  name: string;
  title: string;
  rules: string | undefined;
  rungs: string[] | undefined;
  seats: number | undefined;
  deals: number;
  replicates: number;
  seed: number;
  shardCount: number;
}

function parseExperiment(spec: Record<string, unknown>): LadderExperiment {
  const w = `experiment ${String(spec.name)}`;
  onlyKeys(spec, w, ['name', 'game', 'kind', 'description', 'title', 'rules', 'players', 'seats', 'deals', 'replicates', 'seed', 'shardCount']);
  return {
    name: string(spec.name, `${w}: name`),
    title: spec.title === undefined ? '' : string(spec.title, `${w}: title`),
    rules: spec.rules === undefined ? undefined : string(spec.rules, `${w}: rules`),
    rungs: spec.players === undefined ? undefined : array(spec.players, `${w}: players`, 2, 32).map((p, i) => string(p, `${w}: players[${i}]`)),
    seats: spec.seats === undefined ? undefined : integer(spec.seats, `${w}: seats`, 1, 64),
    deals: integer(spec.deals, `${w}: deals`, 1, 10_000_000),
    replicates: spec.replicates === undefined ? 200 : integer(spec.replicates, `${w}: replicates`, 20, 2000),
    seed: integer(spec.seed, `${w}: seed`, 0, 2 ** 32 - 1),
    shardCount: spec.shardCount === undefined ? 64 : integer(spec.shardCount, `${w}: shardCount`, 1, 4096),
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/**
 * A rung's axis label cut to 26 characters: a search rung's spec runs long and would be dropped or
 * overlap the axis title; the rung number in front keeps it unique, and the tables give it whole.
 */
const SHORT_LABEL = "length(datum.label) > 26 ? slice(datum.label, 0, 25) + '…' : datum.label";

function ratingChart(r: LadderResult, seed: number): Chart {
  const rows: Row[] = [...r.ratings].sort((a, b) => b.elo - a.elo).map((x) => ({ player: `${x.rung} ${x.player}`, elo: Math.round(x.elo), low: Math.round(x.ci95[0]), high: Math.round(x.ci95[1]) }));
  const title = `${r.game}: skill ratings of the ladder's players`;
  return {
    name: 'ladder-ratings',
    title,
    caption: `Bradley–Terry ratings on the Elo scale (+400 points: 10 to 1 odds of winning), rung 0 (${r.rungs[0]}) at 0, strongest first. Bars: 95% percentile bootstrap over deals (${r.replicates} replicates).`,
    rows,
    basis: basisLine({ simulated: r.deals, of: `deals × ${r.seatings} seatings a pair`, seed }),
    spec: {
      $schema: SCHEMA,
      title: { text: title, subtitle: `points: rating; bars: 95% bootstrap interval; rung 0 (${r.rungs[0]}) = 0` },
      // the scale's padding keeps rung 0's "+0" label off the axis and its labels; labels centred
      // on their ticks (no flush), so the first one never crowds out rung 0's "0"
      width: 520,
      height: { step: 32 } as unknown as number,
      data: { values: rows },
      layer: [
        { mark: { type: 'rule', strokeWidth: 2 }, encoding: { y: { field: 'player', type: 'nominal', sort: null, title: 'rung and player', axis: { labelExpr: SHORT_LABEL } }, x: { field: 'low', type: 'quantitative', title: `Elo points above rung 0 (${r.rungs[0]})`, axis: { tickCount: 8, labelFlush: false }, scale: { padding: 22 } }, x2: { field: 'high' } } },
        { mark: { type: 'point', filled: true, size: 80 }, encoding: { y: { field: 'player', type: 'nominal', sort: null }, x: { field: 'elo', type: 'quantitative' } } },
        { mark: { type: 'text', dy: -12, fontSize: 11 }, encoding: { y: { field: 'player', type: 'nominal', sort: null }, x: { field: 'elo', type: 'quantitative' }, text: { field: 'elo', type: 'quantitative', format: '+d' } } },
      ],
    },
  };
}

function matrixChart(r: LadderResult, seed: number): Chart {
  const name = (i: number) => `${i} ${r.rungs[i]}`;
  const rows: Row[] = r.matrix.flatMap((row, i) => row.flatMap((c, j) => (c ? [{ player: name(i), opponent: name(j), score: c.score, low: c.ci95[0], high: c.ci95[1], label: `${(c.score * 100).toFixed(0)}%` }] : [])));
  const order = r.rungs.map((_, i) => name(i));
  const title = `${r.game}: each player's share of the win against each other`;
  return {
    name: 'ladder-matchups',
    title,
    caption: 'Row player against column player: its share of the win over duplicate deals (every deal in every seating of the pair). The table below gives the 95% intervals.',
    rows,
    basis: basisLine({ simulated: r.deals, of: `deals × ${r.seatings} seatings a pair`, seed }),
    spec: {
      $schema: SCHEMA,
      title: { text: title, subtitle: 'cell: row player\'s share of the win; 50% = even' },
      width: { step: 110 } as unknown as number,
      height: { step: 40 } as unknown as number,
      data: { values: rows },
      encoding: {
        y: { field: 'player', type: 'nominal', sort: order, title: 'player (row)', axis: { labelExpr: SHORT_LABEL } },
        x: { field: 'opponent', type: 'nominal', sort: order, title: 'against (column)', axis: { labelAngle: -45, labelExpr: SHORT_LABEL, labelOverlap: false } },
      },
      layer: [
        { mark: 'rect', encoding: { color: { field: 'score', type: 'quantitative', title: 'share of the win', scale: { scheme: 'redblue', domain: [0, 1], domainMid: 0.5 }, legend: { format: '.0%' } } } },
        { mark: { type: 'text', fontSize: 12 }, encoding: { text: { field: 'label' }, color: { condition: { test: 'datum.score < 0.15 || datum.score > 0.85', value: 'white' }, value: 'black' } } },
      ],
    },
  };
}

function findingChart(r: LadderResult, k: number, seed: number): Chart {
  const f = r.findings[k];
  const rate = f.kind === 'rate';
  const rows: Row[] = r.rungs.flatMap((player, i) => {
    const b = f.byRung[i];
    return b.n > 0 ? [{ player: `${i} ${player}`, value: b.mean, low: b.ci95[0], high: b.ci95[1], games: b.n }] : [];
  });
  const title = `${r.game}: ${f.name}, rung by rung`;
  const fair = k === 0 ? [{ mark: { type: 'rule', strokeDash: [4, 3], color: '#888' }, encoding: { y: { datum: r.fairShare } } }] : [];
  const axis = rate ? { format: '.0%' } : {};
  return {
    name: `ladder-finding-${k}`,
    title,
    caption: `${f.name} in each player's self-play (every seat the same player), rungs in the ladder's order. Bars: 95% intervals (${rate ? 'Wilson' : 'normal'}) over the games that measured it.${k === 0 ? ` Dashed line: the fair share ${pct(r.fairShare)}.` : ''}`,
    rows,
    basis: basisLine({ simulated: r.deals, of: 'self-play games a rung', seed }),
    spec: {
      $schema: SCHEMA,
      title: { text: title, subtitle: `self-play; bars: 95% interval${k === 0 ? `; dashed line: fair share ${pct(r.fairShare)}` : ''}` },
      width: Math.max(320, 110 * rows.length),
      height: 240,
      data: { values: rows },
      layer: [
        { mark: { type: 'rule', strokeWidth: 2 }, encoding: { x: { field: 'player', type: 'nominal', sort: null, title: 'rung and player (self-play)', axis: { labelAngle: -45, labelExpr: SHORT_LABEL, labelOverlap: false } }, y: { field: 'low', type: 'quantitative', title: rate ? `${f.name} (share)` : f.name, axis, scale: { zero: false } }, y2: { field: 'high' } } },
        { mark: { type: 'point', filled: true, size: 80 }, encoding: { x: { field: 'player', type: 'nominal', sort: null }, y: { field: 'value', type: 'quantitative' } } },
        ...fair,
      ],
    // `as never`: vega-lite's TopLevelSpec wants literal mark and encoding types, which the parts
    // built apart and spread in here have widened to string
    } as never,
  };
}

function pairedChart(r: LadderResult, k: number, seed: number): Chart {
  const f = r.paired![k];
  const scale = f.kind === 'rate' ? 100 : 1, unit = f.kind === 'rate' ? ' (percentage points)' : '';
  const rows: Row[] = r.rungs.flatMap((player, i) => {
    const b = f.byRung[i];
    return b.weight > 0 ? [{ player: `${i} ${player}`, value: b.estimate * scale, low: (Number.isFinite(b.ci95[0]) ? b.ci95[0] : b.estimate) * scale, high: (Number.isFinite(b.ci95[1]) ? b.ci95[1] : b.estimate) * scale, weight: b.weight, label: f.counts ? `${b.weight} ${f.counts}` : '' }] : [];
  });
  const title = `${r.game}: ${f.name} (${f.unit}), rung by rung`;
  const counted = f.counts ? `; ${f.counts} per rung in the table` : '';
  return {
    name: `ladder-paired-${k}`,
    title,
    caption: `${f.name}: ${f.about}${unit}. Each rung against the changed version of itself on the same deals, every rung on the same deals; bars: 95% intervals over deals (delta method)${counted}. Dashed line: no difference. Rungs that are not the game's own players (the generic uniform and search players) are not measured.`,
    rows,
    basis: basisLine({ simulated: r.deals, of: 'deals a rung, each played both ways', seed }),
    spec: {
      $schema: SCHEMA,
      title: { text: title, subtitle: `paired, same deals; bars: 95% interval; dashed: no difference${f.counts ? `; labels: ${f.counts} measured` : ''}` },
      width: Math.max(320, 110 * rows.length),
      height: 240,
      data: { values: rows },
      layer: [
        { mark: { type: 'rule', strokeDash: [4, 3], color: '#888' }, encoding: { y: { datum: 0 } } },
        { mark: { type: 'rule', strokeWidth: 2 }, encoding: { x: { field: 'player', type: 'nominal', sort: null, title: 'rung and player', axis: { labelAngle: -45, labelExpr: SHORT_LABEL, labelOverlap: false } }, y: { field: 'low', type: 'quantitative', title: f.unit }, y2: { field: 'high' } } },
        { mark: { type: 'point', filled: true, size: 80 }, encoding: { x: { field: 'player', type: 'nominal', sort: null }, y: { field: 'value', type: 'quantitative' } } },
        ...(f.counts ? [{ mark: { type: 'text', dx: 8, align: 'left', fontSize: 11 }, encoding: { x: { field: 'player', type: 'nominal', sort: null }, y: { field: 'value', type: 'quantitative' }, text: { field: 'label' } } }] : []),
      ],
    } as never,
  };
}

/** The page's sections, from a ladder's result (the rows are the CLI's). */
export function ladderSections(r: LadderResult, seed: number): Section[] {
  return [
    {
      heading: 'Ratings',
      html: `<p>${r.rungs.length} players, ${r.deals.toLocaleString('en-US')} deals; every pair plays each deal in ${r.seatings} seatings (${r.teams ? 'teams' : 'seats'} alternating between the two, then swapped), so the luck of the deal cancels. Ratings: Bradley–Terry fitted to the pairs' shares of the win, with one drawn deal per pair as a prior (a player that wins everything keeps a finite rating); intervals: percentile bootstrap over deals.</p>`,
      charts: [ratingChart(r, seed)],
      table: { caption: 'Strongest first; mean score: the average share of the win against the other players.', rows: ratingRows(r) },
    },
    {
      heading: 'Matchups',
      charts: [matrixChart(r, seed)],
      table: { caption: "Row player's share of the win against the column rung, % ± the 95% half-width over deals.", rows: matrixRows(r) },
    },
    {
      heading: 'Findings as skill rises',
      html: `<p>Each player against itself in every seat, on the same deals: does each figure hold from random play up to the strongest player? The first is the ${escapeHtml(r.findings[0].name)} (fair share ${pct(r.fairShare)}).</p>`,
      charts: r.findings.map((_, k) => findingChart(r, k, seed)),
      table: { caption: 'Rung × finding, with 95% intervals.', rows: findingRows(r) },
    },
    ...(r.paired?.length
      ? [{
        heading: 'Paired findings as skill rises',
        html: `<p>Each rung against a changed version of itself on the same deals (every rung on the same deals), so the luck of the deal cancels: ${r.paired.map((f) => `<b>${escapeHtml(f.name)}</b>: ${escapeHtml(f.about)}${f.kind === 'rate' ? ' (percentage points)' : ''}`).join('; ')}. "n/a": the rung is not one of the game's own players (the generic uniform and search players have no engine version to change).</p>`,
        charts: r.paired.map((_, k) => pairedChart(r, k, seed)),
        table: { caption: `Rung × paired finding: the estimate ± its 95% half-width over deals. ${pairedLegend(r).join(' ')}`, rows: pairedRows(r) },
      }]
      : []),
  ];
}

/**
 * The page's headline figures for `oddsmith diff`: each rung's rating, each matchup (flips at an
 * even share), each finding at each rung (the first flips at the fair share) and each paired
 * finding (flips at no difference). All simulated, compared by their intervals.
 */
export function ladderFigures(r: LadderResult): Figure[] {
  const name = (i: number) => `${i} ${r.rungs[i]}`;
  const out: Figure[] = r.ratings.map((x) => intervalFigure(`Ratings › ${name(x.rung)} › Elo`, x.elo, x.ci95));
  r.matrix.forEach((row, i) => row.forEach((c, j) => {
    if (c) out.push(intervalFigure(`Matchups › ${name(i)} vs ${name(j)} › share of the win`, c.score, c.ci95, 0.5));
  }));
  r.findings.forEach((f, k) => f.byRung.forEach((b, i) => {
    if (b.n > 0) out.push(intervalFigure(`Findings › ${f.name} › ${name(i)}`, b.mean, b.ci95, k === 0 ? r.fairShare : undefined));
  }));
  for (const f of r.paired ?? []) f.byRung.forEach((b, i) => {
    if (b.weight > 0 && Number.isFinite(b.ci95[0]) && Number.isFinite(b.ci95[1])) out.push(intervalFigure(`Paired findings › ${f.name} › ${name(i)}`, b.estimate, b.ci95, 0));
  });
  return out;
}

/** The experiment runner of one game's ladder page. */
export function ladderRunner(g: GameDescriptor): ExperimentRunner {
  return async (spec, ctx) => {
    const e = parseExperiment(spec);
    const sg = stateGameOf(g.id);
    const rules = (await g.rules()).loadRules(e.rules);
    const players = e.seats ?? sg.seats(rules).default;
    const rungs = e.rungs ?? (g.ladder ? [...g.ladder.rungs] : ['uniform', ...sg.playerNames]);
    checkRungs(rungs, `experiment ${e.name}: players`);
    for (const spec2 of rungs) for (let s = 0; s < players; s++) makePlayer(sg, rules, spec2, s, players);
    if (!ctx.quiet) process.stderr.write(`  ${g.id} ladder: ${rungs.join(', ')}\n`);
    const params = { game: g.id, rules, rungs, players, replicates: e.replicates };
    const acc = await runShards({ kernel: ladderKernelName(g.id), params, seed: e.seed, total: e.deals, shardCount: Math.min(e.shardCount, e.deals) }, { workers: ctx.workers });
    const r = summarizeLadder(sg, params, acc, pairedOf(g.id));
    const title = e.title || `${g.title}: skill ladder`;
    const page = { path: `${g.id}/ladder.html`, title, summary: `ratings of ${rungs.length} players, their matchups, and the game's findings at every rung` };
    const command = [`npx oddsmith ${g.command} ladder`, e.rungs ? `--players ${rungs.join(',')}` : '', e.seats ? `--seats ${e.seats}` : '', e.rules ? `--rules ${e.rules}` : '', `--deals ${e.deals}`, e.replicates !== 200 ? `--replicates ${e.replicates}` : '', e.shardCount !== 64 ? `--shard-count ${e.shardCount}` : '', `--seed ${e.seed}`].filter(Boolean).join(' ');
    const intro = `<p>${escapeHtml(g.title)}: the players from random to the strongest, rated against each other, and the game's headline figures measured in each one's self-play (docs/tools.md, "Ladder"). The same result as <code>${escapeHtml(command)}</code> prints.</p>`;
    return [await writePage(ctx.reportsDir, page, intro, ladderSections(r, e.seed), ladderFigures(r))];
  };
}

/**
 * Sichuan mahjong report pages.
 * Experiment specs (experiments/sichuan-mahjong-*.json):
 *   { name, game: "sichuan-mahjong", kind: "starting-hands" }
 *   { name, game: "sichuan-mahjong", kind: "deal", strategies: [4 names], deals, seed, shardCount?, rules?, rotate? }
 *   { name, game: "sichuan-mahjong", kind: "advisor", deals, seed, shardCount?, rules?, baselines: [names], examples, exampleDraws }
 *   { name, game: "sichuan-mahjong", kind: "swap-three", strategies: [4 names], deals, samples, seed, shardCount?, rules?, direction }
 */
import { intervalFigure } from '../../report/findings.js';
import type { ExperimentRunner } from '../../report/experiment.js';
import { writePage, escapeHtml, type Chart, type PageInfo, type Row } from '../../report/page.js';
import { runExperiment as runShards } from '../../parallel/pool.js';
import { array, boolean, integer, object, onlyKeys, string } from '../../core/validate.js';
import { readyHandWaits, startingHandDistribution, type StartingHandResult } from './exact-starting-hands.js';
import { dealKernel, pairedKernel, swapStartKernel, type DealParams, type DealSummary, type PairedParams, type PairedSummary, type SwapStartParams } from './kernels.js';
import { SWAP_DIRECTIONS, type SichuanRules } from './rules.js';
import { loadRules } from './rules.js';
import { ADVISOR_MAX_SHANTEN, findDisagreements, getStrategy } from './strategies/index.js';
import { kindName } from './tiles.js';

import { VL_SCHEMA as SCHEMA } from '../../report/render.js';
import { fmtPct } from '../../core/format.js';
import { assumptionsSection } from '../../report/assumptions.js';
import { checkAssumptions, DECLINE_TABLE, PROBE_CACHE, probe, type Probe } from './assumptions.js';
import { Memo } from '../../core/memo.js';
import type { Section } from '../../report/page.js';
import { basisLine, ticksWithZero } from '../../report/chart-config.js';

function barChart(o: { name: string; title: string; subtitle: string; caption: string; rows: Row[]; x: string; xTitle: string; y: string; yTitle: string; yFormat?: string; color?: string; colorTitle?: string; horizontal?: boolean; numericX?: boolean; basis?: string }): Chart {
  // every bar carries its value at its end, so a zero bar reads "0" and is not taken for a missing one
  const rows: Row[] = o.rows.map((r) => ({ ...r, valueLabel: valueLabel(Number(r[o.y]), o.yFormat) }));
  const top = Math.max(...o.rows.map((r) => Number(r[o.y]))) * (o.horizontal ? 1.15 : 1.1);
  const value = { field: o.y, type: 'quantitative', title: o.yTitle, axis: { format: o.yFormat }, scale: { domainMax: top } };
  const enc = o.horizontal
    ? { y: { field: o.x, type: 'nominal', sort: null, title: o.xTitle }, x: value }
    : { x: { field: o.x, type: 'ordinal', sort: o.numericX ? 'ascending' : null, title: o.xTitle, axis: { labelAngle: 0 } }, y: value };
  // the colour (and legend) order is the data's order, the same in every chart of a page
  const color = o.color ? { color: { field: o.color, type: 'nominal', title: o.colorTitle ?? o.color, sort: null }, xOffset: o.horizontal ? undefined : { field: o.color, sort: null }, yOffset: o.horizontal ? { field: o.color, sort: null } : undefined } : {};
  return {
    name: o.name,
    title: o.title,
    caption: o.caption,
    rows: o.rows,
    basis: o.basis,
    spec: { $schema: SCHEMA, title: { text: o.title, subtitle: o.subtitle }, width: 560, height: o.horizontal ? { step: o.color ? 14 : 24 } : 300, data: { values: rows }, encoding: { ...enc, ...JSON.parse(JSON.stringify(color)) }, layer: [{ mark: { type: 'bar', tooltip: true } }, { mark: { type: 'text', fontSize: 10, color: '#333', ...(o.horizontal ? { align: 'left', baseline: 'middle', dx: 3 } : { align: 'center', baseline: 'bottom', dy: -2 }) }, encoding: { text: { field: 'valueLabel', type: 'nominal' } } }] },
  };
}

/** A bar's printed value: "0" only for a true zero; a tiny share is "<0.1%", not a rounded "0.0%". */
function valueLabel(v: number, format?: string): string {
  if (v === 0) return '0';
  if (format?.endsWith('%')) return v < 0.001 ? '<0.1%' : `${(100 * v).toFixed(v < 0.1 ? 1 : 0)}%`;
  return v.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

async function startingHandsPage(reportsDir: string): Promise<PageInfo> {
  const r13 = startingHandDistribution(13), r14 = startingHandDistribution(14);
  const rowsOf = (r: StartingHandResult, who: string) => r.shanten.map((d) => ({ hand: who, shanten: d.value, probability: d.probability, deals: d.count }));
  const main = [...rowsOf(r13, 'player, 13 tiles'), ...rowsOf(r14, 'dealer, 14 tiles')];
  const kinds: Row[] = [];
  for (const [label, list] of [['best of both', r13.shanten], ['standard hand only', r13.shantenStandard], ['seven pairs only', r13.shantenSevenPairs]] as const) {
    for (const d of list) kinds.push({ measure: label, shanten: d.value, probability: d.probability });
  }
  const fewest: Row[] = [...r13.fewestSuitTiles.map((d) => ({ hand: 'player, 13 tiles', tiles: d.value, probability: d.probability })), ...r14.fewestSuitTiles.map((d) => ({ hand: 'dealer, 14 tiles', tiles: d.value, probability: d.probability }))];
  const p0 = (r: StartingHandResult, v: number) => r.shanten.find((d) => d.value === v)?.probability ?? 0;
  const intro = `<p>Exact, not sampled: every deal of 13 (or 14) tiles from the 108 is counted once, by enumerating each suit's count pattern with its multiplicity Π C(4, c) and combining suit classes (${r13.classes} classes for 13 tiles). The void suit is chosen <em>after</em> the deal, to give the lowest shanten; void-suit tiles count as tiles still to exchange. Shanten 0 = ready (13 tiles) or one discard from ready (14); −1 = a complete hand.</p>
<p>A player is dealt a ready hand ${fmtPct(p0(r13, 0), 3)} of the time (exactly ${r13.shanten.find((d) => d.value === 0)?.count} of ${r13.deals} deals); the dealer is dealt a complete hand ${fmtPct(p0(r14, -1), 4)} of the time. Mean shanten: ${r13.meanShanten.toFixed(3)} (13 tiles), ${r14.meanShanten.toFixed(3)} (14 tiles).</p>`;
  const table = main.map((x) => ({ hand: x.hand, shanten: x.shanten, deals: x.deals, probability: (x.probability as number).toFixed(8) }));
  const rw = readyHandWaits();
  const waitRows: Row[] = rw.waits.map((w) => ({ kinds: w.kinds, share: w.share, deals: w.deals }));
  const same = rw.readyDeals === r13.shanten.find((d) => d.value === 0)?.count;
  return writePage(reportsDir, { path: 'sichuan-mahjong/starting-hands.html', title: 'Sichuan mahjong: starting-hand shanten (exact)', summary: `exact shanten distribution of 13- and 14-tile starting hands; ready at the deal ${fmtPct(p0(r13, 0), 3)}` }, intro, [
    {
      heading: 'Shanten of a starting hand',
      charts: [barChart({ name: 'starting-shanten', title: 'Shanten of a starting hand, void chosen after the deal', subtitle: 'void chosen after the deal', basis: basisLine({ exact: `every one of the C(108,13) = ${BigInt(r13.deals).toLocaleString('en-US')} and C(108,14) deals counted` }), caption: 'Most starting hands are three or four tiles from ready; the dealer, with one tile more, is about half a step closer on average.', rows: main, x: 'shanten', numericX: true, xTitle: 'shanten (tiles from ready; −1 = complete)', y: 'probability', yTitle: 'share of deals', yFormat: '.0%', color: 'hand', colorTitle: 'hand' })],
      figures: {}, table: { rows: table, caption: 'Exact counts of deals per shanten value.' },
    },
    {
      heading: 'Standard hand against seven pairs (13 tiles)',
      charts: [barChart({ name: 'starting-shanten-by-shape', title: 'Which shape is closer: standard hand or seven pairs', subtitle: '13-tile hands; best void for each measure', basis: basisLine({ exact: `all ${BigInt(r13.deals).toLocaleString('en-US')} 13-tile deals counted` }), caption: 'Seven pairs is rarely the closer shape at the deal, but it lowers the overall shanten of a few per cent of hands (the gap between the bars).', rows: kinds, x: 'shanten', numericX: true, xTitle: 'shanten (tiles from ready)', y: 'probability', yTitle: 'share of deals', yFormat: '.0%', color: 'measure', colorTitle: 'measure' })],
    },
    {
      heading: 'Waits of a ready starting hand',
      html: `<p>Exact, by a second method: every complete hand over two suits (four sets and a pair, or seven pairs) minus one tile, weighted by its number of deals. These ready hands add up to ${rw.readyDeals} deals — ${same ? 'exactly' : 'NOT'} the shanten-0 count above. Mean: ${rw.meanKinds.toFixed(3)} kinds of winning tile; ${fmtPct(rw.waits[0].share, 1)} of ready starting hands wait on a single kind.</p>`,
      charts: [barChart({ name: 'ready-start-waits', title: 'Winning tile kinds of a ready 13-tile starting hand', subtitle: 'every complete two-suit hand minus one tile, weighted by its deals', basis: basisLine({ exact: `all ${BigInt(rw.readyDeals).toLocaleString('en-US')} ready deals counted` }), caption: 'Most ready starting hands wait on one or two kinds; three or more kinds is rare, nine (the nine gates) rarest of all.', rows: waitRows, x: 'kinds', numericX: true, xTitle: 'kinds of winning tile', y: 'share', yTitle: 'share of ready starting hands', yFormat: '.0%' })],
      figures: {}, table: { rows: rw.waits.map((w) => ({ 'winning kinds': w.kinds, deals: w.deals, share: w.share.toFixed(9) })), caption: 'Exact counts of ready deals by number of winning tile kinds.' },
    },
    {
      heading: 'Tiles in the shortest suit',
      charts: [barChart({ name: 'fewest-suit-tiles', title: 'Tiles in the suit with the fewest tiles', subtitle: 'what a fewest-tiles void must throw away first', basis: basisLine({ exact: `all ${BigInt(r13.deals).toLocaleString('en-US')} 13-tile and ${BigInt(r14.deals).toLocaleString('en-US')} 14-tile deals counted` }), caption: 'A fewest-tiles void costs three or four discards in most deals; a clean void suit (0 tiles) is dealt about 1% of the time.', rows: fewest, x: 'tiles', numericX: true, xTitle: 'tiles of the shortest suit in hand', y: 'probability', yTitle: 'share of deals', yFormat: '.0%', color: 'hand', colorTitle: 'hand' })],
    },
  ]);
}

interface DealExperiment { name: string; strategies: string[]; deals: number; seed: number; shardCount: number; rules: string; rotate: boolean; assumptions: boolean; assumptionDeals: number }

function parseDealExperiment(spec: Record<string, unknown>): DealExperiment {
  const name = string(spec.name, 'experiment name');
  const w = `experiment ${name}`;
  onlyKeys(spec, w, ['name', 'game', 'kind', 'description', 'strategies', 'deals', 'seed', 'shardCount', 'rules', 'rotate', 'assumptions', 'assumptionDeals']);
  const strategies = array(spec.strategies, `${w}: strategies`, 4, 4).map((s, i) => string(s, `${w}: strategies.${i}`));
  strategies.forEach(getStrategy);
  return {
    name,
    strategies,
    deals: integer(spec.deals, `${w}: deals`, 1, 1e9),
    seed: integer(spec.seed, `${w}: seed`, 0),
    shardCount: spec.shardCount === undefined ? 16 : integer(spec.shardCount, `${w}: shardCount`, 1, 100000),
    rules: spec.rules === undefined ? 'default' : string(spec.rules, `${w}: rules`),
    rotate: spec.rotate === undefined ? true : boolean(spec.rotate, `${w}: rotate`),
    assumptions: spec.assumptions === undefined ? false : boolean(spec.assumptions, `${w}: assumptions`),
    assumptionDeals: spec.assumptionDeals === undefined ? 2000 : integer(spec.assumptionDeals, `${w}: assumptionDeals`, 100, 1e8),
  };
}

function medianLive(r: DealSummary): number {
  let acc = 0;
  for (const w of r.liveWaits) {
    acc += w.share;
    if (acc >= 0.5) return w.live;
  }
  return 19;
}

/** What declining a cheap discard win is worth: the decliner's points per deal against three always-declaring value players. */
function declineSection(p: Probe, deals: number): Section {
  const d = p.decline.bySlot[0], others = p.decline.bySlot.slice(1);
  const rows: Row[] = p.decline.bySlot.map((s) => ({ strategy: `${s.slot}: ${s.strategy}`, 'points/deal': s.points.mean.toFixed(3), '95% interval': `[${s.points.ci95[0].toFixed(2)}, ${s.points.ci95[1].toFixed(2)}]`, 'win rate': fmtPct(s.winRate.p, 1), 'points/win': s.meanWinPoints.toFixed(2), 'wins passed/deal': s.declinedPerDeal.toFixed(3) }));
  const verdict = d.points.ci95[0] > 0 ? 'gains' : d.points.ci95[1] < 0 ? 'loses' : 'makes no clear difference:';
  return {
    heading: 'Declaring a win: what passing a cheap win is worth',
    html: `<p>The rules settle every <em>declared</em> win; whether to declare is the player's choice. Every shipped strategy declares every win it can. The variant <code>${escapeHtml(DECLINE_TABLE[0])}</code> passes a discard or robbing win under 2 fan while a full flush or seven pairs is at most 2 tiles from ready and 10 or more tiles are left (self-draws are always declared; after a pass it cannot win on a discard until it draws again, <code>declinedWinWaitsForDraw</code>). Against three always-declaring <code>value</code> players (${deals.toLocaleString('en-US')} deals, seats rotated; an always-declaring player in its seat averages 0 by symmetry) it passes ${d.declinedPerDeal.toFixed(3)} wins per deal and ${verdict} ${d.points.mean.toFixed(2)} points per deal [${d.points.ci95[0].toFixed(2)}, ${d.points.ci95[1].toFixed(2)}] (the others: ${others.map((s) => s.points.mean.toFixed(2)).join(', ')}). Try it: <code>oddsmith mahjong simulate --strategies ${escapeHtml(DECLINE_TABLE.join(','))}</code>.</p>`,
    table: { rows, caption: `${deals.toLocaleString('en-US')} deals, seats rotated; 95% intervals.` },
  };
}

async function dealPage(reportsDir: string, e: DealExperiment, workers: number): Promise<PageInfo> {
  const params: DealParams = { rules: loadRules(e.rules), strategies: e.strategies, rotate: e.rotate };
  const acc = await runShards({ kernel: dealKernel.name, params, seed: e.seed, total: e.deals, shardCount: e.shardCount }, { workers });
  const r: DealSummary = dealKernel.summarize(params, acc, e.deals);
  const label = (s: { slot: number; strategy: string }) => `${s.strategy} (player ${s.slot + 1})`;
  const pts: Row[] = r.bySlot.map((s) => ({ strategy: label(s), points: s.points.mean, low: s.points.ci95[0], high: s.points.ci95[1] }));
  const zt = ticksWithZero(Math.min(...r.bySlot.map((s) => s.points.ci95[0])), Math.max(...r.bySlot.map((s) => s.points.ci95[1])));
  const fanRows: Row[] = r.fan.filter((f) => f.id !== 'plain').map((f) => ({ fan: f.fan, share: f.shareOfWins, wins: f.wins }));
  const waitRows: Row[] = r.waitKinds.map((w) => ({ kinds: w.kinds === 10 ? '10+' : String(w.kinds), share: w.share, hands: w.hands }));
  const liveRows: Row[] = r.liveWaits.map((w) => ({ live: w.live === 19 ? '19+' : String(w.live), share: w.share, hands: w.hands }));
  const pointRows: Row[] = r.points.map((p) => ({ points: String(p.points), share: p.share, wins: p.wins }));
  const winnerRows: Row[] = r.winners.map((w) => ({ winners: String(w.count), share: w.share, deals: w.deals }));
  const slotTable: Row[] = r.bySlot.map((s) => ({ strategy: label(s), 'points/deal': s.points.mean.toFixed(3), '95% interval': `[${s.points.ci95[0].toFixed(2)}, ${s.points.ci95[1].toFixed(2)}]`, 'win rate': fmtPct(s.winRate.p, 1), '1st/2nd/3rd': s.winOrder.map((x) => fmtPct(x, 1)).join(' / '), 'self-draw': fmtPct(s.selfDrawRate.p, 1), 'deal-ins/deal': s.dealInRate.toFixed(3), 'kongs/deal': s.kongsPerDeal.toFixed(3), 'flower pig': fmtPct(s.flowerPigRate.p, 2), 'ready at wall end': fmtPct(s.readyAtEndRate, 1), 'points/win': s.meanWinPoints.toFixed(2), 'wins: flush / 7 pairs / pungs': `${fmtPct(s.fanShare.fullFlush, 1)} / ${fmtPct(s.fanShare.sevenPairs, 1)} / ${fmtPct(s.fanShare.allPungs + s.fanShare.all258Pungs, 1)}` }));
  const best = [...r.bySlot].sort((a, b) => b.points.mean - a.points.mean)[0];
  const intro = `<p>${r.deals} simulated full deals (seed ${e.seed}, ${e.shardCount} shards; speed is measured by <code>npm run bench</code>, not here, so that the page regenerates byte for byte), strategies ${escapeHtml(e.strategies.join(', '))} ${e.rotate ? 'rotating seats deal by deal, so every strategy deals equally often' : 'in fixed seats'}. Every deal is checked: payments sum to zero (violations: ${r.zeroSumViolations}) and all 108 tiles are accounted for (violations: ${r.conservationViolations}).</p>
<p>Best strategy by points: <b>${escapeHtml(best.strategy)}</b>, ${best.points.mean.toFixed(2)} points per deal [${best.points.ci95[0].toFixed(2)}, ${best.points.ci95[1].toFixed(2)}]. The wall ran out in ${fmtPct(r.exhaustionRate.p, 1)} of deals [${fmtPct(r.exhaustionRate.ci95[0], 1)}, ${fmtPct(r.exhaustionRate.ci95[1], 1)}]; flower pigs: ${fmtPct(r.flowerPigRate.p, 3)} of players. ${fmtPct(r.selfDrawShare, 1)} of ${r.wins} wins were self-drawn; ${r.multiWinnerDiscards} discards paid several winners; ${r.robbingWins} wins robbed a kong.</p>`;
  return writePage(reportsDir, { path: `sichuan-mahjong/${e.name.replace(/^sichuan-mahjong-/, '')}.html`, title: `Sichuan mahjong: full deals (${e.strategies.join(', ')})`, summary: `${r.deals} simulated deals; best ${best.strategy} ${best.points.mean.toFixed(2)} points/deal` }, intro, [
    {
      heading: 'Points per deal by strategy',
      charts: [{
        name: 'points-by-strategy', title: 'Points per deal by strategy', caption: 'Mean net points per deal with 95% intervals; the sum over the table is zero in every deal.', rows: pts,
        basis: basisLine({ simulated: r.deals, of: 'deals', seed: e.seed, extra: e.rotate ? 'strategies rotate seats deal by deal' : 'fixed seats' }),
        spec: { $schema: SCHEMA, title: { text: 'Points per deal by strategy', subtitle: ['dots: mean net points; bars: 95% intervals; dashed: 0 (the table sums to zero)', 'player n: the strategy\'s place in the line-up'] }, width: 520, height: { step: 32 }, data: { values: pts }, layer: [
          { mark: { type: 'rule', strokeWidth: 2 }, encoding: { y: { field: 'strategy', type: 'nominal', sort: null, title: 'strategy' }, x: { field: 'low', type: 'quantitative', title: 'net points per deal (0 = break even)', scale: { domain: zt.domain, nice: false }, axis: { values: zt.values, labelExpr: "datum.value == 0 ? '0' : format(datum.value, '+.1~f')" } }, x2: { field: 'high' } } },
          { mark: { type: 'point', filled: true, size: 90 }, encoding: { y: { field: 'strategy', type: 'nominal', sort: null }, x: { field: 'points', type: 'quantitative' } } },
          { mark: { type: 'rule', strokeDash: [4, 3], color: '#888' }, encoding: { x: { datum: 0 } } },
        ] },
      }],
      table: { rows: slotTable, caption: 'Per strategy (rates per player-deal).' },
    },
    {
      heading: 'Fan of simulated wins',
      charts: [
        barChart({ name: 'fan-share', title: 'How often each fan occurs in a win', subtitle: 'a win can carry several fan; plain hands (no fan) left out', basis: basisLine({ simulated: r.deals, of: `deals (${r.wins.toLocaleString('en-US')} wins)`, seed: e.seed }), caption: `Most wins are plain hands (${fmtPct(r.fan.find((f) => f.id === 'plain')!.shareOfWins, 1)}); roots and seven pairs are the commonest fan.`, rows: fanRows, x: 'fan', xTitle: 'fan', y: 'share', yTitle: 'share of wins', yFormat: '.0%', horizontal: true }),
        barChart({ name: 'win-points', title: 'Points paid per win', subtitle: 'base value 2^fan, capped', basis: basisLine({ simulated: r.deals, of: `deals (${r.wins.toLocaleString('en-US')} wins)`, seed: e.seed }), caption: 'The distribution of a win\'s base value (before the self-draw bonus).', rows: pointRows, x: 'points', xTitle: 'points (2^fan)', y: 'share', yTitle: 'share of wins', yFormat: '.0%' }),
      ],
    },
    {
      heading: 'Ready hands: how many waits',
      charts: [
        barChart({ name: 'wait-kinds', title: 'Winning tile kinds when a player first becomes ready', subtitle: 'all strategies', basis: basisLine({ simulated: r.deals, of: 'deals', seed: e.seed }), caption: `Almost every ready hand waits on one or two kinds of tile; players get there after ${r.meanDrawsToReady.toFixed(1)} of their own draws on average.`, rows: waitRows, x: 'kinds', xTitle: 'kinds of winning tile', y: 'share', yTitle: 'share of ready hands', yFormat: '.0%' }),
        barChart({ name: 'live-waits', title: 'Live copies of the waits when first ready', subtitle: 'copies the player cannot see (in the wall or other hands)', basis: basisLine({ simulated: r.deals, of: 'deals', seed: e.seed }), caption: `Half of all first ready hands have ${medianLive(r)} or fewer live winning tiles; ${fmtPct(r.liveWaits[0].share, 1)} are waiting on tiles that are all visible already (dead waits).`, rows: liveRows, x: 'live', xTitle: 'live winning tiles', y: 'share', yTitle: 'share of ready hands', yFormat: '.0%' }),
      ],
    },
    {
      heading: 'How deals end',
      charts: [barChart({ name: 'winners-per-deal', title: 'Winners per deal', subtitle: 'the deal ends at three winners or when the wall runs out', basis: basisLine({ simulated: r.deals, of: 'deals', seed: e.seed }), caption: 'Deals with three winners end early; the rest run the wall out.', rows: winnerRows, x: 'winners', xTitle: 'players who won', y: 'share', yTitle: 'share of deals', yFormat: '.0%' })],
    },
    ...(await fidelitySections(e, workers)),
  ], r.bySlot.map((x) => intervalFigure(`points per deal › ${label(x)}`, x.points.mean, x.points.ci95, 0)));
}

/** Issue 16: the win-declaring measurement and the Assumptions section that ends the page (one shared cache of runs). */
async function fidelitySections(e: DealExperiment, workers: number): Promise<Section[]> {
  if (!e.assumptions) return [];
  const o = { rules: loadRules(e.rules), deals: e.assumptionDeals, workers, cache: new Memo<Promise<Probe>>(PROBE_CACHE) };
  const base = await probe(o.rules, o);
  return [declineSection(base, e.assumptionDeals), assumptionsSection(await checkAssumptions(o))];
}

interface AdvisorExperiment { name: string; deals: number; seed: number; shardCount: number; rules: string; baselines: string[]; examples: number; exampleDraws: number }

function parseAdvisorExperiment(spec: Record<string, unknown>): AdvisorExperiment {
  const name = string(spec.name, 'experiment name');
  const w = `experiment ${name}`;
  onlyKeys(spec, w, ['name', 'game', 'order', 'kind', 'description', 'deals', 'seed', 'shardCount', 'rules', 'baselines', 'examples', 'exampleDraws']);
  const baselines = array(spec.baselines, `${w}: baselines`, 1, 4).map((s, i) => string(s, `${w}: baselines.${i}`));
  baselines.forEach(getStrategy);
  return {
    name,
    deals: integer(spec.deals, `${w}: deals`, 1, 1e9),
    seed: integer(spec.seed, `${w}: seed`, 0),
    shardCount: spec.shardCount === undefined ? 16 : integer(spec.shardCount, `${w}: shardCount`, 1, 100000),
    rules: spec.rules === undefined ? 'default' : string(spec.rules, `${w}: rules`),
    baselines,
    examples: integer(spec.examples, `${w}: examples`, 1, 100),
    exampleDraws: integer(spec.exampleDraws, `${w}: exampleDraws`, 1, 60),
  };
}

/** The advisor strategy: its gain per deal on common walls against each baseline, and hands where it parts from greedy. */
async function advisorPage(reportsDir: string, e: AdvisorExperiment, workers: number): Promise<PageInfo> {
  const rules = loadRules(e.rules);
  const results: PairedSummary[] = [];
  for (const baseline of e.baselines) {
    const params: PairedParams = { rules, strategy: 'advisor', baseline };
    const acc = await runShards({ kernel: pairedKernel.name, params, seed: e.seed, total: e.deals, shardCount: e.shardCount }, { workers });
    results.push(pairedKernel.summarize(params, acc, e.deals));
  }
  const ci = (x: { mean: number; ci95: [number, number] }, d = 3) => `${x.mean.toFixed(d)} [${x.ci95[0].toFixed(d)}, ${x.ci95[1].toFixed(d)}]`;
  const gainRows: Row[] = results.map((r) => ({ baseline: `against three ${r.baseline}`, gain: r.gain.mean, low: r.gain.ci95[0], high: r.gain.ci95[1] }));
  const gainTable: Row[] = results.map((r) => ({ 'other three seats': r.baseline, walls: r.deals, 'gain per deal (95% interval)': ci(r.gain), 'seat with advisor': ci(r.withStrategy), 'seat with baseline': ci(r.withBaseline), 'deals where the seat\'s result differs': fmtPct(r.differ, 1) }));
  const d = findDisagreements(rules, e.examples, e.seed, e.exampleDraws);
  const exRows: Row[] = d.examples.map((x) => ({
    hand: x.hand, shanten: x.shanten,
    'greedy discards': kindName(x.greedy.kind), 'its expected points': x.greedy.points.toFixed(3), 'its P(win)': fmtPct(x.greedy.win, 1), 'its improving tiles': x.greedy.improving,
    'advisor discards': kindName(x.advisor.kind), 'expected points': x.advisor.points.toFixed(3), 'P(win)': fmtPct(x.advisor.win, 1), 'improving tiles': x.advisor.improving,
    'gain (points)': (x.advisor.points - x.greedy.points).toFixed(3),
  }));
  const intro = `<p>The <code>advisor</code> strategy discards by the discard advisor's expected points (the exact solitaire model of <code>mahjong discard</code>: own draws uniform over the tiles the player cannot see, a draw kept only when it lowers the shanten, the best later discards for points, a self-draw paid by three opponents). Its budget: it weighs only the discards that keep the lowest shanten, and only when that shanten is at most ${ADVISOR_MAX_SHANTEN} and it has draws left (⌊wall ÷ players still in⌋); otherwise it discards as greedy (tile efficiency). Void, claims and kongs are greedy's.</p>
<p>Gain per deal is measured on common walls: each of ${e.deals} shuffled walls (seed ${e.seed}, ${e.shardCount} shards) is played twice, with the advisor in one seat (rotating deal by deal) and the baseline in the other three, then with the baseline in all four; the gain is that seat's difference, deal by deal, which cancels most of the luck of the wall. With four alike, a seat's expected points are zero.</p>`;
  return writePage(reportsDir, { path: `sichuan-mahjong/${e.name.replace(/^sichuan-mahjong-/, '')}.html`, title: 'Sichuan mahjong: the discard advisor as a player', summary: results.map((r) => `advisor vs ${r.baseline} ${r.gain.mean >= 0 ? '+' : ''}${r.gain.mean.toFixed(3)} points/deal`).join('; ') }, intro, [
    {
      heading: 'Gain per deal',
      charts: [{
        name: 'advisor-gain', title: 'The advisor\'s gain per deal', caption: `Points per deal gained by putting the advisor in a seat instead of the baseline, same walls, 95% intervals; ${e.deals} walls per baseline.`, rows: gainRows,
        basis: basisLine({ simulated: e.deals, of: 'common walls per baseline', seed: e.seed }),
        spec: { $schema: SCHEMA, title: { text: 'The advisor\'s gain per deal', subtitle: 'each wall played with and without the advisor; 95% intervals' }, width: 520, height: { step: 36 }, data: { values: gainRows }, layer: [
          { mark: { type: 'rule', strokeWidth: 2 }, encoding: { y: { field: 'baseline', type: 'nominal', sort: null, title: null }, x: { field: 'low', type: 'quantitative', title: 'gain, points per deal' }, x2: { field: 'high' } } },
          { mark: { type: 'point', filled: true, size: 90 }, encoding: { y: { field: 'baseline', type: 'nominal', sort: null }, x: { field: 'gain', type: 'quantitative' } } },
          { mark: { type: 'rule', strokeDash: [4, 3], color: '#888' }, encoding: { x: { datum: 0 } } },
        ] },
      }],
      table: { rows: gainTable, caption: 'Simulated (Monte Carlo, common walls). "Seat with baseline": the same seat on the same walls with four baselines.' },
    },
    {
      heading: 'Where the advisor and greedy tile efficiency disagree',
      html: `<p>Random 14-tile hands of two suits (the third is the void, already clear; nothing declared or seen), at most ${ADVISOR_MAX_SHANTEN} from ready after the best discard, ${e.exampleDraws} own draws left: of ${d.hands} such hands the advisor kept greedy's discard in ${d.agreed} (${fmtPct(d.agreed / Math.max(1, d.hands), 1)}). The first ${d.examples.length} where it did not, with the advisor's exact numbers for both discards (greedy ranks by the live tiles that improve the hand one step; the advisor by the expected points over all the draws left).</p>`,
      table: { rows: exRows, caption: 'Exact under the advisor\'s model (solitaire, self-draw points).' },
    },
  ], results.map((x) => intervalFigure(`gain per deal against three ${x.baseline}`, x.gain.mean, x.gain.ci95, 0)));
}

interface SwapExperiment { name: string; strategies: string[]; deals: number; samples: number; seed: number; shardCount: number; rules: string; direction: string }

function parseSwapExperiment(spec: Record<string, unknown>): SwapExperiment {
  const name = string(spec.name, 'experiment name');
  const w = `experiment ${name}`;
  onlyKeys(spec, w, ['name', 'game', 'order', 'kind', 'description', 'strategies', 'deals', 'samples', 'seed', 'shardCount', 'rules', 'direction']);
  const strategies = array(spec.strategies, `${w}: strategies`, 4, 4).map((s, i) => string(s, `${w}: strategies.${i}`));
  strategies.forEach(getStrategy);
  return {
    name, strategies,
    deals: integer(spec.deals, `${w}: deals`, 1, 1e9),
    samples: integer(spec.samples, `${w}: samples`, 1, 1e9),
    seed: integer(spec.seed, `${w}: seed`, 0),
    shardCount: spec.shardCount === undefined ? 16 : integer(spec.shardCount, `${w}: shardCount`, 1, 100000),
    rules: spec.rules === undefined ? 'default' : string(spec.rules, `${w}: rules`),
    direction: string(spec.direction, `${w}: direction`, SWAP_DIRECTIONS),
  };
}

/** Swap three: starting hands before and after it, and full deals with and without it. */
async function swapPage(reportsDir: string, e: SwapExperiment, workers: number): Promise<PageInfo> {
  const off = loadRules(e.rules);
  const on: SichuanRules = { ...off, swapThree: { enabled: true, direction: e.direction as SichuanRules['swapThree']['direction'] } };
  const sp: SwapStartParams = { rules: on, strategies: e.strategies };
  const st = swapStartKernel.summarize(sp, await runShards({ kernel: swapStartKernel.name, params: sp, seed: e.seed, total: e.samples, shardCount: e.shardCount }, { workers }), e.samples);
  const exact = startingHandDistribution(13);
  const runDeals = async (rules: SichuanRules): Promise<DealSummary> => {
    const params: DealParams = { rules, strategies: e.strategies, rotate: true };
    return dealKernel.summarize(params, await runShards({ kernel: dealKernel.name, params, seed: e.seed, total: e.deals, shardCount: e.shardCount }, { workers }), e.deals);
  };
  const dOff = await runDeals(off), dOn = await runDeals(on);
  const shRows: Row[] = st.shanten13.flatMap((d) => [
    { shanten: d.value, when: 'before the swap', share: d.before.p, low: d.before.ci95[0], high: d.before.ci95[1] },
    { shanten: d.value, when: 'after the swap', share: d.after.p, low: d.after.ci95[0], high: d.after.ci95[1] },
  ]);
  const ci = (x: { p: number; ci95: [number, number] }) => `${fmtPct(x.p, 2)} [${fmtPct(x.ci95[0], 2)}, ${fmtPct(x.ci95[1], 2)}]`;
  const shTable: Row[] = st.shanten13.map((d) => ({ shanten: d.value, 'exact, no swap': fmtPct(exact.shanten.find((x) => x.value === d.value)?.probability ?? 0, 2), 'before the swap (sampled)': ci(d.before), 'after the swap (sampled)': ci(d.after) }));
  const m = (x: { mean: number; ci95: [number, number] }, d = 2) => `${x.mean.toFixed(d)} [${x.ci95[0].toFixed(d)}, ${x.ci95[1].toFixed(d)}]`;
  const dealRows: Row[] = dOff.bySlot.map((s, i) => {
    const t = dOn.bySlot[i];
    return {
      'strategy (slot)': `${s.slot}: ${s.strategy}`,
      'points/deal, no swap': m(s.points), 'points/deal, swap': m(t.points),
      'win rate, no swap': fmtPct(s.winRate.p, 1), 'win rate, swap': fmtPct(t.winRate.p, 1),
      'points/win, no swap': s.meanWinPoints.toFixed(2), 'points/win, swap': t.meanWinPoints.toFixed(2),
      'flower pig, no swap': fmtPct(s.flowerPigRate.p, 2), 'flower pig, swap': fmtPct(t.flowerPigRate.p, 2),
    };
  });
  const intro = `<p>Swap three (huàn sān zhāng), the rules option <code>swapThree</code> (off by default): after the deal each player passes three tiles of one suit — all choose before any tile moves — clockwise (to the next seat in turn order), counter-clockwise or across; with direction <code>dice</code> two dice decide (total mod 3 = 1 clockwise, 2 counter-clockwise, 0 across: 12 of 36 each). Then the void is declared. Greedy, value and advisor pass the weakest three of their shortest suit with at least three tiles (the suit most likely to be voided); random passes three random tiles of a random such suit. Direction here: <b>${escapeHtml(e.direction)}</b>; strategies ${escapeHtml(e.strategies.join(', '))}.</p>
<p>Starting hands after the swap depend on what the other players pass, so they are <b>sampled</b> (${e.samples} deals, seed ${e.seed}, three 13-tile hands per deal; 95% Wilson intervals); the hands before the swap are the same deals, and the exact distribution without a swap is shown beside them as a check. The mean shanten moves from ${st.mean13.before.toFixed(3)} to ${st.mean13.after.toFixed(3)} (change hand by hand ${m(st.mean13.change, 3)}); the dealer's 14 tiles from ${st.mean14.before.toFixed(3)} to ${st.mean14.after.toFixed(3)}. Directions drawn: clockwise ${fmtPct(st.directions.clockwise, 1)}, across ${fmtPct(st.directions.across, 1)}, counter-clockwise ${fmtPct(st.directions.counterClockwise, 1)}.</p>`;
  return writePage(reportsDir, { path: `sichuan-mahjong/${e.name.replace(/^sichuan-mahjong-/, '')}.html`, title: 'Sichuan mahjong: swap three (huàn sān zhāng)', summary: `mean starting shanten ${st.mean13.before.toFixed(2)} → ${st.mean13.after.toFixed(2)} after the swap (sampled); full deals with and without` }, intro, [
    {
      heading: 'Starting hands before and after the swap',
      charts: [barChart({ name: 'swap-shanten', title: 'Shanten of a 13-tile starting hand, before and after swap three', subtitle: 'three 13-tile hands per deal, best void', basis: basisLine({ simulated: e.samples, of: `deals (${(3 * e.samples).toLocaleString('en-US')} hands)`, seed: e.seed }), caption: 'Passing the suit one will void and receiving three tiles of another suit brings most hands closer to ready.', rows: shRows, x: 'shanten', numericX: true, xTitle: 'shanten (tiles from ready)', y: 'share', yTitle: 'share of hands', yFormat: '.0%', color: 'when', colorTitle: 'when' })],
      table: { rows: shTable, caption: 'Sampled shares with 95% intervals; the exact column (no swap) checks the "before" sample.' },
    },
    {
      heading: 'Full deals with and without the swap',
      html: `<p>${e.deals} simulated deals each (seed ${e.seed}, seats rotated), the same strategies, the swap off and on. Wall exhausted: ${fmtPct(dOff.exhaustionRate.p, 1)} without, ${fmtPct(dOn.exhaustionRate.p, 1)} with; mean points per win ${dOff.meanWinPoints.toFixed(2)} and ${dOn.meanWinPoints.toFixed(2)}; full flush in ${fmtPct(dOff.fan.find((f) => f.id === 'fullFlush')!.shareOfWins, 1)} and ${fmtPct(dOn.fan.find((f) => f.id === 'fullFlush')!.shareOfWins, 1)} of wins; own draws to the first ready hand ${dOff.meanDrawsToReady.toFixed(1)} and ${dOn.meanDrawsToReady.toFixed(1)}.</p>`,
      table: { rows: dealRows, caption: 'Simulated (Monte Carlo); points per deal with 95% intervals.' },
    },
  ], [...dOff.bySlot.map((x) => intervalFigure(`points per deal, no swap › ${x.slot}: ${x.strategy}`, x.points.mean, x.points.ci95, 0)), ...dOn.bySlot.map((x) => intervalFigure(`points per deal, swap › ${x.slot}: ${x.strategy}`, x.points.mean, x.points.ci95, 0))]);
}

export const runExperiment: ExperimentRunner = async (spec, ctx) => {
  const o = object(spec, 'experiment');
  const kind = string(o.kind, `experiment ${String(o.name)}: kind`, ['starting-hands', 'deal', 'advisor', 'swap-three']);
  if (kind === 'swap-three') return [await swapPage(ctx.reportsDir, parseSwapExperiment(o), ctx.workers)];
  if (kind === 'advisor') return [await advisorPage(ctx.reportsDir, parseAdvisorExperiment(o), ctx.workers)];
  if (kind === 'starting-hands') {
    onlyKeys(o, `experiment ${String(o.name)}`, ['name', 'game', 'kind', 'description']);
    return [await startingHandsPage(ctx.reportsDir)];
  }
  return [await dealPage(ctx.reportsDir, parseDealExperiment(o), ctx.workers)];
};

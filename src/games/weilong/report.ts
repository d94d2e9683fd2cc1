/**
 * Weilong report pages: ability worth per Son, win rates by Son and by seat, round length and round
 * endings, and a balance paragraph written from the numbers (with their intervals).
 * An experiment spec (experiments/weilong-*.json):
 *   { name, game: "weilong", page, title?, rules?, players, strategies, games, seed, shardCount?, abilityWorth?, rotate? }
 */
import type { ExperimentRunner } from '../../report/experiment.js';
import { writePage, escapeHtml, type Chart, type PageInfo, type Row, type Section } from '../../report/page.js';
import { runExperiment as runShards } from '../../parallel/pool.js';
import { array, boolean, integer, object, onlyKeys, string } from '../../core/validate.js';
import { packageRoot } from '../../core/paths.js';
import { isAbsolute, join } from 'node:path';
import { fmtPct, fmtPctCi } from '../../core/format.js';
import { Z95 } from '../../core/stats.js';
import { loadRules, SON_SHORT, type WeilongRules } from './rules.js';
import { parseStrategies } from './strategies/index.js';
import { gamesKernel, type GamesParams } from './kernels.js';
import type { GamesResult } from './summary.js';
import { odds as oddsQuestion } from './questions.js';
import { assumptionsSection } from '../../report/assumptions.js';
import { ASSUMPTIONS_SEED, checkAssumptions, PENALTY_VALUES, PROBE_CACHE, probe, TABLE_STRATEGIES, withPenalty, type Probe } from './assumptions.js';
import { Memo } from '../../core/memo.js';

import { VL_SCHEMA as SCHEMA, type VlSpec } from '../../report/render.js';
import { basisLine } from '../../report/chart-config.js';
import { intervalChart } from '../../report/interval-chart.js';
const n2 = (x: number, d = 2) => x.toFixed(d);
const sonLabel = (k: number) => `${SON_SHORT[k]} Son`;

export interface WeilongExperiment {
  name: string;
  page: string;
  title: string;
  rules?: string;
  players: number;
  strategies: string[];
  games: number;
  seed: number;
  shardCount: number;
  abilityWorth: boolean;
  /** rotate seats game by game (default true); false keeps each strategy in its listed seat */
  rotate: boolean;
  /** penalty numbers (the same for every Son) to replay the table at, without ability worth */
  penaltySweep: number[];
  /** games per penalty value */
  sweepGames: number;
  /** the main page: rankings across penalty numbers and the Assumptions section (issue 16) */
  assumptions: boolean;
  /** games per table per rule set for those two sections */
  assumptionGames: number;
}

export function parseExperiment(spec: Record<string, unknown>): WeilongExperiment {
  const name = string(spec.name, 'experiment name');
  const w = `experiment ${name}`;
  onlyKeys(spec, w, ['name', 'game', 'description', 'page', 'title', 'rules', 'players', 'strategies', 'games', 'seed', 'shardCount', 'abilityWorth', 'rotate', 'penaltySweep', 'sweepGames', 'assumptions', 'assumptionGames']);
  const players = integer(spec.players, `${w}: players`, 2, 5);
  const list = array(spec.strategies, `${w}: strategies`, 1, 5).map((s, i) => string(s, `${w}: strategies.${i}`));
  return {
    name,
    page: string(spec.page, `${w}: page`),
    title: spec.title === undefined ? `Weilong: ${name}` : string(spec.title, `${w}: title`),
    rules: spec.rules === undefined ? undefined : string(spec.rules, `${w}: rules`),
    players,
    strategies: parseStrategies(list, players, `${w}: strategies`),
    games: integer(spec.games, `${w}: games`, 1, 1e10),
    seed: integer(spec.seed, `${w}: seed`, 0),
    shardCount: spec.shardCount === undefined ? 32 : integer(spec.shardCount, `${w}: shardCount`, 1, 100000),
    abilityWorth: spec.abilityWorth === undefined ? true : boolean(spec.abilityWorth, `${w}: abilityWorth`),
    rotate: spec.rotate === undefined ? true : boolean(spec.rotate, `${w}: rotate`),
    penaltySweep: spec.penaltySweep === undefined ? [] : array(spec.penaltySweep, `${w}: penaltySweep`, 0, 20).map((v, i) => integer(v, `${w}: penaltySweep.${i}`, 0, 100)),
    sweepGames: spec.sweepGames === undefined ? 10000 : integer(spec.sweepGames, `${w}: sweepGames`, 1, 1e9),
    assumptions: spec.assumptions === undefined ? false : boolean(spec.assumptions, `${w}: assumptions`),
    assumptionGames: spec.assumptionGames === undefined ? 2000 : integer(spec.assumptionGames, `${w}: assumptionGames`, 100, 1e7),
  };
}

function diffCi(a: { p: number; se: number }, b: { p: number; se: number }): [number, number, number] {
  const d = a.p - b.p, se = Math.sqrt(a.se * a.se + b.se * b.se);
  return [d, d - Z95 * se, d + Z95 * se];
}

/** The balance paragraph, written from the numbers. */
export function balanceParagraph(r: GamesResult): string {
  const sons = [...r.bySon].filter((s) => s.roundsHeld > 0).sort((a, b) => b.roundWinRate.p - a.roundWinRate.p);
  const best = sons[0], worst = sons[sons.length - 1];
  const [d, lo, hi] = diffCi(best.roundWinRate, worst.roundWinRate);
  const fair = 1 / r.players;
  const byPts = [...r.bySon].filter((s) => s.roundsHeld > 0).sort((a, b) => a.meanRoundPoints.mean - b.meanRoundPoints.mean);
  const parts: string[] = [];
  parts.push(`With ${r.players} players (${[...new Set(r.strategies)].join(', ')}) over ${r.games.toLocaleString('en-US')} games, the strongest Son is the ${best.name}: the player dealt it wins ${fmtPct(best.roundWinRate.p, 1)} of rounds ${fmtPctCi(best.roundWinRate.ci95)}, against ${fmtPct(worst.roundWinRate.p, 1)} ${fmtPctCi(worst.roundWinRate.ci95)} for the weakest, the ${worst.name} — a gap of ${(d * 100).toFixed(1)} percentage points (95% interval ${(lo * 100).toFixed(1)} to ${(hi * 100).toFixed(1)}); an even share would be ${fmtPct(fair, 1)}.`);
  parts.push(`By points carried when another player ends the round, the ${byPts[0].name} is lightest (${n2(byPts[0].meanRoundPoints.mean)} per round, ±${n2(Z95 * byPts[0].meanRoundPoints.se)}) and the ${byPts[byPts.length - 1].name} heaviest (${n2(byPts[byPts.length - 1].meanRoundPoints.mean)}, ±${n2(Z95 * byPts[byPts.length - 1].meanRoundPoints.se)}).`);
  if (r.abilityWorth && r.abilityWorth.length) {
    const w = [...r.abilityWorth].sort((a, b) => b.roundWinRateChange.estimate - a.roundWinRateChange.estimate);
    const top = w[0], low = w[w.length - 1];
    const sig = (x: { ci95: [number, number] }) => (x.ci95[0] > 0 ? 'helps' : x.ci95[1] < 0 ? 'hurts' : 'makes no clear difference to');
    const ptsText = (x: { estimate: number; ci95: [number, number] }) =>
      x.estimate <= 0
        ? `carries ${n2(-x.estimate)} fewer points per round [${n2(-x.ci95[1])}, ${n2(-x.ci95[0])}]`
        : `carries ${n2(x.estimate)} more points per round [${n2(x.ci95[0])}, ${n2(x.ci95[1])}] (it collects more while it plays on)`;
    parts.push(`The most valuable ability is the ${top.name}'s: with it the Son wins ${(top.roundWinRateChange.estimate * 100).toFixed(2)} percentage points more rounds ${fmtPctCi(top.roundWinRateChange.ci95, 2)} and ${ptsText(top.roundPointsChange)}. The least valuable is the ${low.name}'s (${(low.roundWinRateChange.estimate * 100).toFixed(2)} percentage points ${fmtPctCi(low.roundWinRateChange.ci95, 2)}: it ${sig(low.roundWinRateChange)} its holder's round win rate).`);
    const noAbilityGap = best.roundWinRate.p - worst.roundWinRate.p;
    const abilitySpread = top.roundWinRateChange.estimate - low.roundWinRateChange.estimate;
    parts.push(`For scale: the most and least valuable abilities differ by ${(abilitySpread * 100).toFixed(1)} percentage points of round win rate, while the strongest and weakest Son differ by ${(noAbilityGap * 100).toFixed(1)}; the element number itself (how often it rolls, what it costs when collected, where it sits in the turn order) makes up the rest of a Son's strength.`);
  }
  const seats = r.bySeat.map((s) => s.winRate.p);
  const sMin = Math.min(...seats), sMax = Math.max(...seats);
  // with fixed seats and mixed strategies a seat's figure is its strategy's: no seat sentence then
  if (r.rotate || new Set(r.strategies).size === 1) {
    parts.push(`Seats barely matter: game win rates by seat run from ${fmtPct(sMin, 1)} to ${fmtPct(sMax, 1)} (each ±${(Z95 * r.bySeat[0].winRate.se * 100).toFixed(1)}), as they should with cards dealt at random and passed round by round${r.rotate && new Set(r.strategies).size > 1 ? ' (the strategies rotate through the seats, so this is the seat effect alone)' : ''}.`);
  }
  return parts.join(' ');
}

function charts(r: GamesResult, seed: number): { sections: Section[] } {
  const sections: Section[] = [];
  const basis = basisLine({ simulated: r.games, of: 'games', seed });
  const worthBasis = basisLine({ simulated: r.games, of: 'games', seed, extra: 'each game replayed once per Son with that ability off' });
  const fair = 1 / r.players;
  const strategiesText = [...new Set(r.strategies)].join(', ');
  const mixed = new Set(r.strategies).size > 1;
  if (r.abilityWorth) {
    const rows: Row[] = r.abilityWorth.flatMap((w) => [
      { Son: sonLabel(w.son - 1), measure: 'round win rate', change: w.roundWinRateChange.estimate, low: w.roundWinRateChange.ci95[0], high: w.roundWinRateChange.ci95[1], se: w.roundWinRateChange.se },
    ]);
    const pts: Row[] = r.abilityWorth.map((w) => ({ Son: sonLabel(w.son - 1), change: w.roundPointsChange.estimate, low: w.roundPointsChange.ci95[0], high: w.roundPointsChange.ci95[1], se: w.roundPointsChange.se }));
    sections.push({
      heading: 'What each ability is worth',
      html: '<p>Every game is played twice and more: once with all abilities, then once per Son with that Son\'s ability alone switched off, from the same seeds (the same deal and the same dice streams per Son and round). The paired differences per game give the intervals below, much tighter than two independent runs would.</p>',
      charts: [
        intervalChart({ name: 'ability-worth-wins', title: 'Ability worth: change in round win rate', subtitle: `${r.players} players (${strategiesText}); with minus without the ability; 95% intervals`, basis: worthBasis, caption: 'How many more rounds (as a share of the rounds the Son is dealt) its holder wins because of the ability. Right of the dashed zero line the ability helps.', rows, category: 'Son', categoryTitle: 'Son', value: 'change', valueTitle: 'change in round win rate (percentage points)', format: '+.1%', reference: 0 }),
        intervalChart({ name: 'ability-worth-points', title: 'Ability worth: change in points carried per round', subtitle: `${r.players} players (${strategiesText}); with minus without the ability; 95% intervals`, basis: worthBasis, caption: 'Points the Son\'s holder scores per round (low is good), with minus without the ability. Left of zero the ability saves points.', rows: pts, category: 'Son', categoryTitle: 'Son', value: 'change', valueTitle: 'change in points per round (points; lower is better)', format: '+.2f', reference: 0 }),
      ],
      table: {
        caption: 'Ability worth (with minus without), per round the Son is dealt; 95% intervals.',
        rows: r.abilityWorth.map((w) => ({ Son: w.name, 'round win rate change': `${(w.roundWinRateChange.estimate * 100).toFixed(2)} pp`, 'win 95%': fmtPctCi(w.roundWinRateChange.ci95, 2), 'points per round change': n2(w.roundPointsChange.estimate, 3), 'points 95%': `[${n2(w.roundPointsChange.ci95[0], 3)}, ${n2(w.roundPointsChange.ci95[1], 3)}]`, 'uses per round': n2(r.bySon[w.son - 1].abilityUsesPerRound, 3) })),
      },
    });
  }
  const sonRows: Row[] = r.bySon.map((s) => ({ Son: sonLabel(s.son - 1), winRate: s.roundWinRate.p, low: s.roundWinRate.ci95[0], high: s.roundWinRate.ci95[1], rounds: s.roundsHeld }));
  const seatRows: Row[] = r.bySeat.map((s) => ({ seat: s.strategy === undefined ? `seat ${s.seat}` : `seat ${s.seat} (${s.strategy})`, winRate: s.winRate.p, low: s.winRate.ci95[0], high: s.winRate.ci95[1], games: s.winRate.n }));
  sections.push({
    heading: 'Win rates by Son and by seat',
    charts: [
      intervalChart({ name: 'son-round-wins', title: 'Round win rate by Son', subtitle: `${r.players} players (${strategiesText}); the player dealt the Son for the round; Wilson 95% intervals`, basis, caption: `Share of rounds won (ended by collecting five of the element or a Dragon) by the player dealt each Son. The dashed line is an even share (${fmtPct(fair, 1)}).`, rows: sonRows, category: 'Son', categoryTitle: 'Son', value: 'winRate', valueTitle: 'rounds won (share of rounds dealt)', format: '.0%', reference: fair }),
      intervalChart({ name: 'seat-game-wins', title: 'Game win rate by seat', subtitle: [`${r.players} players (${strategiesText}); lowest total after 5 rounds wins; Wilson 95% intervals`, ...(mixed ? [r.rotate ? 'strategies rotate through the seats game by game: the seat effect alone' : 'each strategy keeps its seat: seat and strategy effects are not separated'] : [])], basis, caption: `Share of games won from each seat (seat 1 is the first player; ties broken by who held the First Son last)${mixed && r.rotate ? '; every strategy sits in every seat equally often, so a seat\'s figure is the seat\'s own effect' : ''}. The dashed line is an even share (${fmtPct(fair, 1)}).`, rows: seatRows, category: 'seat', categoryTitle: mixed && !r.rotate ? 'seat (strategy)' : 'seat', value: 'winRate', valueTitle: 'games won (share)', format: '.0%', reference: fair }),
    ],
    table: {
      caption: 'By Son, per round dealt (the player keeps the Son\'s figures after a Fifth Son trade); 95% intervals.',
      rows: r.bySon.map((s) => ({ Son: s.name, rounds: s.roundsHeld, 'round win rate': fmtPct(s.roundWinRate.p, 2), 'win 95%': fmtPctCi(s.roundWinRate.ci95, 2), 'five-of-element wins': s.elementEndings, 'Dragon wins': s.dragonEndings, 'points per round': n2(s.meanRoundPoints.mean, 3), 'points 95%': `[${n2(s.meanRoundPoints.ci95[0], 3)}, ${n2(s.meanRoundPoints.ci95[1], 3)}]`, 'game win rate when dealt in round 1': fmtPct(s.startingSonGameWinRate.p, 2) })),
    },
  });
  const endRows: Row[] = r.bySon.flatMap((s) => [
    { Son: sonLabel(s.son - 1), ending: 'five of the element', rounds: s.elementEndings },
    { Son: sonLabel(s.son - 1), ending: 'Dragon (1-2-3-4-5)', rounds: s.dragonEndings },
  ]);
  const CAP = 60;
  const hist: Row[] = r.rounds.histogram.filter((h) => Number(h.turns) < CAP).map((h) => ({ turns: h.turns, rounds: h.rounds, share: h.rounds / r.rounds.count }));
  const tail = r.rounds.histogram.filter((h) => !(Number(h.turns) < CAP)).reduce((s, h) => s + h.rounds, 0);
  if (tail > 0) hist.push({ turns: `${CAP}+`, rounds: tail, share: tail / r.rounds.count });
  sections.push({
    heading: 'Round length and how rounds end',
    html: `<p>A round lasts ${n2(r.rounds.meanTurns.mean)} turns on average (95% interval ${n2(r.rounds.meanTurns.ci95[0])}–${n2(r.rounds.meanTurns.ci95[1])}; a turn is one player's turn). ${r.roundEndings.element.toLocaleString('en-US')} rounds ended with five of an element, ${r.roundEndings.dragon.toLocaleString('en-US')} with a Dragon${r.roundEndings.stalled ? `, and ${r.roundEndings.stalled} stalled (no player could finish any more; everyone scored)` : ''}.</p>`,
    charts: [
      {
        name: 'round-length',
        title: 'Round length',
        basis,
        caption: `Share of rounds lasting each number of turns (all players' turns counted). The first bar is the First Son finishing on the very first turn; the regular peaks come from the strongest Sons' turns in each cycle of ${r.players}.`,
        rows: hist,
        spec: { $schema: SCHEMA, title: { text: 'Round length in turns', subtitle: `${r.players} players (${strategiesText}); ${r.rounds.count.toLocaleString('en-US')} rounds` }, width: 640, height: 260, data: { values: hist }, mark: 'bar', encoding: { x: { field: 'turns', type: 'ordinal', sort: null, title: 'turns in the round (count; the last bar is every longer round)', axis: { labelAngle: 0, labelExpr: `datum.value % 5 == 0 || datum.value == 1 || datum.value == '${CAP}+' ? datum.label : ''` } }, y: { field: 'share', type: 'quantitative', title: 'share of rounds', axis: { format: '.0%' } } } },
      },
      {
        name: 'round-endings',
        title: 'How rounds end, by the Son who ends them',
        basis,
        caption: `Rounds won by each Son (the player dealt it), split by five of the element or a Dragon. Overall ${fmtPct(r.roundEndings.dragon / Math.max(1, r.roundEndings.element + r.roundEndings.dragon), 1)} of finished rounds end in a Dragon.`,
        rows: endRows,
        spec: { $schema: SCHEMA, title: { text: 'Round endings by Son', subtitle: `${r.players} players (${strategiesText})` }, width: 560, height: { step: 30 } as unknown as number, data: { values: endRows }, mark: 'bar', encoding: { y: { field: 'Son', type: 'nominal', sort: null, title: 'Son' }, x: { field: 'rounds', type: 'quantitative', title: 'rounds ended (count)' }, color: { field: 'ending', type: 'nominal', title: 'ending', legend: { orient: 'bottom' } } } },
      },
    ],
  });
  if (new Set(r.strategies).size > 1) {
    const stRows: Row[] = r.byStrategy.map((s) => ({ strategy: s.strategy, winRate: s.winRate.p, low: s.winRate.ci95[0], high: s.winRate.ci95[1] }));
    sections.unshift({
      heading: 'Strategies',
      charts: [intervalChart({ name: 'strategy-wins', title: 'Game win rate by strategy', subtitle: `${r.players} players, one per strategy${r.rotate ? ', seats rotated game by game' : ' in a fixed seat'}; Wilson 95% intervals`, basis, caption: `Share of games won by each strategy${r.rotate ? ' (each sat in every seat equally often)' : ''}. The dashed line is an even share (${fmtPct(fair, 1)}).`, rows: stRows, category: 'strategy', categoryTitle: 'strategy', value: 'winRate', valueTitle: 'games won (share)', format: '.0%', reference: fair })],
      table: { caption: 'Game win rate and final points by strategy; 95% intervals.', rows: r.byStrategy.map((s) => ({ strategy: s.strategy, seats: s.seats, 'win rate': fmtPct(s.winRate.p, 2), 'win 95%': fmtPctCi(s.winRate.ci95, 2), 'mean final points': n2(s.meanPoints.mean), 'points 95%': `[${n2(s.meanPoints.ci95[0])}, ${n2(s.meanPoints.ci95[1])}]` })) },
    });
  }
  return { sections };
}

/** Replay the table with the penalty number set to each value (every Son alike): who wins then? */
async function penaltySection(e: WeilongExperiment, rules: WeilongRules, workers: number): Promise<Section> {
  const rows: Row[] = [];
  // one seed for every penalty: the same deals and dice at each point (common random numbers)
  const seed = e.seed + 1000;
  for (const v of e.penaltySweep) {
    const params: GamesParams = { rules: { ...rules, penalty: [v, v, v, v, v] }, strategies: e.strategies, rotate: e.rotate, abilityWorth: false };
    const acc = await runShards({ kernel: gamesKernel.name, params, seed, total: e.sweepGames, shardCount: Math.min(e.shardCount, e.sweepGames) }, { workers });
    const r = gamesKernel.summarize(params, acc, e.sweepGames);
    for (const s of r.byStrategy) rows.push({ penalty: v, strategy: s.strategy, winRate: s.winRate.p, low: s.winRate.ci95[0], high: s.winRate.ci95[1], meanRoundTurns: r.rounds.meanTurns.mean });
  }
  const fair = 1 / e.players;
  const chart: Chart = {
    name: 'penalty-sweep',
    title: 'Game win rate by strategy against the penalty number',
    basis: basisLine({ simulated: e.sweepGames, of: 'games per penalty', seed }),
    caption: `The rules sheet mentions a "penalty number" on each Son card, added to every non-finisher's round score, but never gives it (assumed ${rules.penalty[0]} on every card; rankings at 0, 5, 10 and 20 on the Sons page). Each point replays ${e.sweepGames.toLocaleString('en-US')} games (the same seed at every point) with that penalty on every card${e.rotate ? ', seats rotated game by game' : ''}; bars are Wilson 95% intervals; the dashed line is an even share (${fmtPct(fair, 1)}). With a penalty, finishing the round is worth more and holding back dice less.`,
    rows,
    spec: winRateByPenaltySpec({ text: 'Who wins as the penalty number grows', subtitle: `${e.players} players (${[...new Set(e.strategies)].join(', ')}); same penalty on every Son card` }, rows, fair),
  };
  return {
    heading: 'The undefined penalty number',
    charts: [chart],
    table: { caption: 'Game win rate by strategy and penalty number (95% intervals).', rows: rows.map((r) => ({ penalty: r.penalty, strategy: r.strategy, 'win rate': fmtPct(Number(r.winRate), 2), '95%': fmtPctCi([Number(r.low), Number(r.high)], 2), 'mean round length (turns)': n2(Number(r.meanRoundTurns)) })) },
  };
}

/** Win rate by strategy against the penalty number: lines, Wilson bars and the even share (both penalty charts). */
function winRateByPenaltySpec(title: { text: string; subtitle: string }, rows: Row[], fair: number): VlSpec {
  return {
    $schema: SCHEMA,
    title,
    width: 560,
    height: 300,
    data: { values: rows },
    layer: [
      { mark: { type: 'line', point: true }, encoding: { x: { field: 'penalty', type: 'quantitative', title: 'penalty number added to each non-finisher (points per round)' }, y: { field: 'winRate', type: 'quantitative', title: 'games won (share)', axis: { format: '.0%' } }, color: { field: 'strategy', type: 'nominal', title: 'strategy' } } },
      { mark: 'rule', encoding: { x: { field: 'penalty', type: 'quantitative' }, y: { field: 'low', type: 'quantitative' }, y2: { field: 'high' }, color: { field: 'strategy', type: 'nominal' } } },
      { mark: { type: 'rule', strokeDash: [4, 3], color: '#888' }, encoding: { y: { datum: fair } } },
    ],
  };
}

/**
 * The main page's answer to the undefined penalty number: the strategy ranking (table of four) and
 * the ability ranking (5 adaptive players) at each penalty in PENALTY_VALUES, with intervals.
 */
export function penaltyRankingsSection(rules: WeilongRules, at: readonly Probe[], games: number, seed: number): Section {
  const rows: Row[] = [];
  const abil: Row[] = [];
  PENALTY_VALUES.forEach((v, i) => {
    const p = at[i];
    const st = [...p.table.byStrategy].sort((a, b) => b.winRate.p - a.winRate.p);
    st.forEach((s, rank) => rows.push({ penalty: v, rank: rank + 1, strategy: s.strategy, winRate: s.winRate.p, low: s.winRate.ci95[0], high: s.winRate.ci95[1] }));
    const w = [...p.sons.abilityWorth!].sort((a, b) => b.roundWinRateChange.estimate - a.roundWinRateChange.estimate);
    w.forEach((x, rank) => abil.push({ penalty: v, rank: rank + 1, Son: `Son ${x.son} (${SON_SHORT[x.son - 1]})`, change: x.roundWinRateChange.estimate, low: x.roundWinRateChange.ci95[0], high: x.roundWinRateChange.ci95[1] }));
  });
  const fair = 1 / TABLE_STRATEGIES.length;
  const def = rules.penalty.every((x) => x === rules.penalty[0]) ? `${rules.penalty[0]} on every card` : rules.penalty.join(', ');
  const chart: Chart = {
    name: 'penalty-rankings',
    title: 'Game win rate by strategy at each penalty number',
    basis: basisLine({ simulated: games, of: 'games per penalty', seed, extra: 'seats rotated game by game' }),
    caption: `Each point: ${games.toLocaleString('en-US')} games of adaptive, element, dragon and noability at one table (seats rotated game by game, the same seed ${seed} at every point), the penalty the same on every card; bars are Wilson 95% intervals; the dashed line is an even share (${fmtPct(fair, 1)}).`,
    rows,
    spec: winRateByPenaltySpec({ text: 'Strategy ranking against the penalty number', subtitle: `4 players (${TABLE_STRATEGIES.join(', ')})` }, rows, fair),
  };
  const order = (list: Row[], key: string) => PENALTY_VALUES.map((v) => `${v}: ${list.filter((r) => r.penalty === v).map((r) => r[key]).join(' > ')}`).join('; ');
  return {
    heading: 'Rankings across the penalty number',
    html: `<p>The sheet's introduction adds "the penalty number at the bottom of the card" to every non-finisher's score but never prints it. This page assumes <b>${escapeHtml(def)}</b> (<code>penalty</code>; why: docs/rules/weilong.md). At 0 a player who collects nothing scores like the round's winner, so the no-ability control — which collects cheaply — ties the best strategy; any positive penalty rewards finishing. Strategy ranking by game win rate — ${escapeHtml(order(rows, 'strategy'))}. Ability ranking by round win rate gained — ${escapeHtml(order(abil, 'Son'))}.</p>`,
    charts: [chart],
    table: {
      caption: `Strategy and ability rankings at each penalty number (${games.toLocaleString('en-US')} games each; 95% intervals).`,
      rows: PENALTY_VALUES.flatMap((v) => [
        ...rows.filter((r) => r.penalty === v).map((r) => ({ penalty: v, ranking: 'strategy (game win rate)', rank: r.rank, who: r.strategy, value: fmtPct(Number(r.winRate), 1), '95%': fmtPctCi([Number(r.low), Number(r.high)], 1) })),
        ...abil.filter((r) => r.penalty === v).map((r) => ({ penalty: v, ranking: 'ability (round win rate gained, pp)', rank: r.rank, who: r.Son, value: (Number(r.change) * 100).toFixed(2), '95%': fmtPctCi([Number(r.low), Number(r.high)], 2) })),
      ]),
    },
  };
}

export const runExperiment: ExperimentRunner = async (spec, ctx): Promise<PageInfo[]> => {
  const e = parseExperiment(object(spec, 'experiment'));
  // a preset name, or a file path relative to the package root
  const isFile = e.rules !== undefined && (e.rules.includes('/') || e.rules.endsWith('.json'));
  const rulesArg = e.rules === undefined || !isFile || isAbsolute(e.rules) ? e.rules : join(packageRoot(), e.rules);
  const rules = loadRules(rulesArg);
  const params: GamesParams = { rules, strategies: e.strategies, rotate: e.rotate, abilityWorth: e.abilityWorth };
  const t0 = Date.now();
  const acc = await runShards({ kernel: gamesKernel.name, params, seed: e.seed, total: e.games, shardCount: Math.min(e.shardCount, e.games) }, { workers: ctx.workers });
  if (!ctx.quiet) process.stderr.write(`${e.name}: ${e.games} games in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
  const r = gamesKernel.summarize(params, acc, e.games);
  const { sections } = charts(r, e.seed);
  if (e.penaltySweep.length) sections.push(await penaltySection(e, rules, ctx.workers));
  // exact single-turn odds from an empty Collected set, for context
  const odds = await oddsQuestion.answer({ rules, sons: [1, 2, 3, 4, 5], collected: [0, 0, 0, 0, 0, 0, 0], strategy: 'adaptive', ability: true, simulate: 0, seed: 0, shardCount: 1 }, { workers: ctx.workers });
  sections.push({
    heading: 'Exact odds of one opening turn (Markov chain)',
    figures: {},
    html: '<p>From an empty Collected set, one turn under the adaptive strategy, played solo (abilities that act on other players have no one to act on). Computed exactly; see <code>oddsmith weilong odds</code>.</p>',
    table: { rows: odds.map((o) => ({ Son: o.name, 'five of the element': o.pElement.toFixed(5), Dragon: o.pDragon.toFixed(5), 'dice collected': o.expectedCollected.toFixed(3), 'turn ends after the first roll': o.pEndAtOnce.toFixed(4) })) },
  });
  if (e.assumptions) {
    // one cache: the penalty rankings and the assumptions table share their runs
    const o = { rules, games: e.assumptionGames, workers: ctx.workers, cache: new Memo<Promise<Probe>>(PROBE_CACHE) };
    const at: Probe[] = [];
    for (const v of PENALTY_VALUES) at.push(await probe(withPenalty(rules, v), o));
    sections.push(penaltyRankingsSection(rules, at, e.assumptionGames, ASSUMPTIONS_SEED));
    sections.push(assumptionsSection(await checkAssumptions(o)));
  }
  // chart files live side by side in reports/weilong/: prefix them with the page name
  for (const s of sections) for (const c of s.charts ?? []) c.name = `${e.page}-${c.name}`;
  const intro = `<p>${escapeHtml(balanceParagraph(r))}</p>
<p class="files">Experiment <code>${escapeHtml(e.name)}</code>: ${e.games.toLocaleString('en-US')} games, seed ${e.seed}, ${e.shardCount} shards, rules ${escapeHtml(e.rules ?? 'rules/weilong/default.json')}${new Set(e.strategies).size > 1 ? (e.rotate ? ', seats rotated game by game (in a shard\'s game g, seat s gets the strategy listed at (s + g) mod players)' : ', each strategy in a fixed seat') : ''}${e.abilityWorth ? ', each game replayed once per Son with that ability off' : ''} (results do not depend on the number of workers). Regenerate with <code>oddsmith report --only ${escapeHtml(e.name)}</code>.</p>`;
  const page = await writePage(ctx.reportsDir, { path: `weilong/${e.page}.html`, title: e.title, summary: `${e.players} players (${[...new Set(e.strategies)].join(', ')}): ability worth per Son, win rates by Son and seat, round length, balance` }, intro, sections);
  return [page];
};

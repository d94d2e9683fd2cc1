/**
 * Wulong's named questions (src/report/question.ts): the exact turn analysis that
 * `oddsmith wulong solve`, the turn report pages and the workbench's turn tab all ask.
 */
import { fmtNum, fmtPct, textTable, type Row } from '../../core/format.js';
import { basisLine } from '../../report/chart-config.js';
import { VL_SCHEMA } from '../../report/vl-schema.js';
import type { Chart, Section } from '../../report/page.js';
import { defineQuestion, type Question } from '../../report/question.js';
import { TurnAnalysis, type CardOdds, type SolveResult } from './turn/exact.js';
import type { WulongRules } from './turn/rules.js';
import type { PolicySpec } from './turn/strategy.js';

/** The betting cards as the command line prints them (`solve` and `bets`). */
export function cardRows(cards: CardOdds[]): Row[] {
  return cards.map((c) => ({
    card: c.name,
    range: c.range,
    odds: `1:${c.odds}`,
    probability: fmtNum(c.probability, 6),
    evPerChip: fmtNum(c.evPerChip, 4),
    fairOdds: c.fairOdds === null ? '-' : `1:${fmtNum(c.fairOdds, 3)}`,
    allInEvPerChip: fmtNum(c.allIn.evPerChip, 4),
  }));
}

const k = (x: number) => x.toLocaleString('en-US');

/** A round step (1, 2 or 5 × 10^k points) that labels about 20 of `columns` columns `unit` apart. */
function labelStep(unit: number, columns: number): number {
  const wanted = unit * Math.max(1, Math.ceil(columns / 20));
  const p = 10 ** Math.floor(Math.log10(wanted));
  return [1, 2, 5, 10].map((m) => m * p).find((s) => s >= wanted && s % unit === 0) ?? wanted;
}

function policyMap(r: SolveResult, rules: WulongRules): Chart {
  const rows = r.policyTable.filter((x) => x.margin !== null);
  const clip = 10000;
  const thresholds = r.thresholds;
  // each cell spans [total, total + unit): drawn on a continuous axis, so labels stay horizontal
  const data = rows.map((x) => ({ dice: x.dice, total: x.total, totalEnd: x.total + r.unit, action: x.action, margin: Math.round(x.margin!), firstStop: thresholds[x.dice] === x.total }));
  const top = Math.max(...data.map((d) => d.totalEnd));
  // ticks at round totals about evenly spread on the square-root axis (none crowded at the right)
  const nice = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 7, 8].flatMap((m) => [1, 10, 100, 1000, 10000, 100000].map((p) => m * p)).filter((v) => v <= top && v % r.unit === 0).sort((x, y) => x - y);
  const ticks = [0];
  for (const v of nice) if (Math.sqrt(v) - Math.sqrt(ticks[ticks.length - 1]) >= Math.sqrt(top) / 15) ticks.push(v);
  const cell = { x: { field: 'total', type: 'quantitative', title: 'turn total so far (points; square-root scale: low totals, where the decisions are, get more room)', scale: { type: 'sqrt', domain: [0, top], nice: false }, axis: { format: ',d', values: ticks, labelOverlap: 'greedy', labelFlush: true } }, x2: { field: 'totalEnd' }, y: { field: 'dice', type: 'ordinal', title: 'dice left to roll', sort: 'descending' } };
  return {
    name: 'policy-map',
    title: 'Optimal stop policy: roll or stop, by turn total and dice left',
    caption: `Each cell is a reachable decision point. Blue: rolling is worth more than stopping; red: stop. Shade = expected gain of rolling over stopping, in points (log-like scale, clamped at ±${k(clip)}). The black outline marks the stop threshold for that number of dice: from there on, stop. Blank cells cannot occur.`,
    basis: basisLine({ exact: 'dynamic programme over every (turn total, dice left); nothing sampled' }),
    rows: data,
    spec: {
      $schema: VL_SCHEMA,
      title: { text: 'Roll or stop? (optimal policy, exact)', subtitle: [rules.name, 'blue: roll on; red: stop; black outline: the stop threshold for those dice (stop from there on)', 'blank: that total cannot occur with those dice left'] },
      width: 760,
      height: 230,
      data: { values: data },
      layer: [{
      mark: { type: 'rect', stroke: 'white', strokeWidth: 0.5 },
      encoding: {
        ...cell,
        color: { field: 'margin', type: 'quantitative', title: ['gain of rolling', 'over stopping (pts)'], scale: { type: 'symlog', constant: 100, scheme: 'redblue', domainMid: 0, domain: [-clip, clip], clamp: true }, legend: { values: [-clip, -1000, -100, 0, 100, 1000, clip], format: ',d' } },
        tooltip: [{ field: 'dice' }, { field: 'total', format: ',d' }, { field: 'action' }, { field: 'margin', title: 'gain of rolling (points)', format: ',d' }],
      },
      }, {
        // outline the first stop cell of each row: the stop threshold
        transform: [{ filter: "datum.firstStop" }],
        mark: { type: 'rect', fillOpacity: 0, stroke: 'black', strokeWidth: 2 },
        encoding: cell,
      }],
    // `as never`: vega-lite's TopLevelSpec wants literal mark and encoding types, which the parts
    // built apart and spread in here have widened to string
    } as never,
  };
}

function bandOf(rules: WulongRules, score: number): string {
  const c = rules.bettingCards.find((c) => score >= c.min && (c.max === null || score <= c.max));
  return c ? c.name : 'no card';
}

/** What the axis leaves off, said in the chart: the total and the largest single score beyond it. */
function offAxisNote(off: { score: number; probability: number }[], upper: number): string {
  if (!off.length) return 'every score with probability > 1e-15 is drawn';
  const total = off.reduce((s, d) => s + d.probability, 0);
  const top = off.reduce((b, d) => (d.probability > b.probability ? d : b));
  return `not drawn: scores above ${k(upper)}, ${fmtPct(total, 2)} in all (largest: ${k(top.score)} with ${fmtPct(top.probability, 2)}); all in the CSV`;
}

function distributionChart(r: SolveResult, rules: WulongRules): Chart {
  const data = r.finalScore.map((x) => ({ score: x.score, probability: x.probability, card: bandOf(rules, x.score) }));
  if (r.instantWinProbability > 0) data.push({ score: -1, probability: r.instantWinProbability, card: rules.instantWin!.name });
  // show scores up to a round number past the 99.5% point; the rest is in the CSV
  let mass = 0;
  const q995 = r.finalScore.find((x) => (mass += x.probability) >= 0.995)?.score ?? 0;
  const step = labelStep(r.unit, Math.ceil((q995 * 1.1) / r.unit));
  const upper = Math.max(10 * r.unit, Math.ceil((q995 * 1.1) / step) * step);
  const shown = data.filter((d) => d.score >= 0 && d.score <= upper);
  const barWidth = Math.max(1, Math.min(7, (0.7 * 760 * r.unit) / upper));
  return {
    name: 'final-score',
    title: 'Distribution of the final turn score under optimal play',
    caption: `Probability of each final score (0 = bust: ${fmtPct(r.turnBustProbability, 1)}), coloured by the betting card that wins on it. Scores above ${k(upper)} (${fmtPct(data.filter((d) => d.score > upper).reduce((s, d) => s + d.probability, 0))}) are in the CSV.`,
    basis: basisLine({ exact: 'every roll enumerated under the optimal policy; nothing sampled' }),
    rows: data,
    spec: {
      $schema: VL_SCHEMA,
      title: { text: 'Final turn score (optimal policy, exact distribution)', subtitle: [`${rules.name}; mean ${k(Math.round(r.expectedTurnScore))} points`, offAxisNote(data.filter((d) => d.score > upper), upper)] },
      width: 760,
      height: 300,
      data: { values: shown },
      mark: { type: 'bar', width: barWidth },
      encoding: {
        x: { field: 'score', type: 'quantitative', title: 'final turn score (points)', scale: { domain: [-r.unit / 2, upper + r.unit / 2], nice: false }, axis: { values: Array.from({ length: Math.floor(upper / step) + 1 }, (_, i) => i * step), format: ',d' } },
        y: { field: 'probability', type: 'quantitative', title: 'probability', axis: { format: '.0%' } },
        color: { field: 'card', type: 'nominal', title: 'betting card that wins', sort: rules.bettingCards.map((c) => c.name) },
      },
    },
  };
}

function cardCharts(r: SolveResult, rules: WulongRules): Chart[] {
  const cards = r.bettingCards;
  const ev = cards.flatMap((c) => [
    { card: `${c.name} (1:${c.odds})`, bet: 'ordinary bet (card odds)', evPerChip: c.evPerChip },
    { card: `${c.name} (1:${c.odds})`, bet: `all-in (odds 1:${c.allIn.odds})`, evPerChip: c.allIn.evPerChip },
  ]);
  const odds = cards.flatMap((c) => [
    { card: c.name, kind: 'printed odds', odds: c.odds, probability: c.probability },
    ...(c.fairOdds === null ? [] : [{ card: c.name, kind: 'fair odds (EV 0)', odds: c.fairOdds, probability: c.probability }]),
  ]);
  const order = cards.map((c) => c.name);
  // only Wulong prints betting cards; on other rules files (10000) the bands are a what-if side bet
  const hypothetical = !/^Wulong\b/.test(rules.name);
  const what = hypothetical ? ' (hypothetical cards: these rules have no betting)' : '';
  return [
    {
      name: 'card-ev',
      title: 'Expected value per chip of each betting card at the initial betting phase',
      caption: 'Net chips won per chip staked when the active player plays optimally and nothing is known yet. Above zero the bet pays on average. All-in bets use the all-in card\'s odds instead of the card\'s.',
      basis: basisLine({ exact: 'from the exact final-score distribution; nothing sampled' }),
      rows: ev,
      spec: {
        $schema: VL_SCHEMA,
        title: { text: `Betting cards: EV per chip staked${what}`, subtitle: `${rules.name}; exact, optimal play` },
        width: 560,
        height: { step: 16 } as unknown as number,
        data: { values: ev },
        layer: [
          { mark: 'bar', encoding: { y: { field: 'card', type: 'nominal', sort: cards.map((c) => `${c.name} (1:${c.odds})`), title: null }, yOffset: { field: 'bet', sort: 'descending' }, x: { field: 'evPerChip', type: 'quantitative', title: 'expected net chips per chip staked' }, color: { field: 'bet', type: 'nominal', title: 'bet', sort: 'descending' } } },
          { mark: { type: 'rule', color: 'black' }, encoding: { x: { datum: 0 } } },
        ],
      },
    },
    {
      name: 'card-odds',
      title: 'Printed odds against fair odds',
      caption: 'Fair odds make a card\'s EV zero. A card whose printed odds (dot) sit left of its fair odds (diamond) loses money on average.',
      basis: basisLine({ exact: 'from the exact final-score distribution; nothing sampled' }),
      rows: odds,
      spec: {
        $schema: VL_SCHEMA,
        title: { text: `Printed vs fair odds (payout per chip)${what}`, subtitle: `${rules.name}; exact, optimal play` },
        width: 560,
        height: 160,
        data: { values: odds },
        mark: { type: 'point', filled: true, size: 120 },
        encoding: {
          y: { field: 'card', type: 'nominal', sort: order, title: null },
          x: { field: 'odds', type: 'quantitative', title: 'odds (chips paid per chip staked)' },
          shape: { field: 'kind', type: 'nominal', title: null, scale: { domain: ['printed odds', 'fair odds (EV 0)'], range: ['circle', 'diamond'] } },
          color: { field: 'kind', type: 'nominal', title: null, scale: { domain: ['printed odds', 'fair odds (EV 0)'] } },
        },
      },
    },
  ];
}

// ---------------------------------------------------------------- solve
export interface SolveParams { rules: WulongRules; policy: PolicySpec }

export const solve = defineQuestion<SolveParams, SolveResult>({
  name: 'solve',
  summary: 'exact turn analysis: expected score, bust odds, stop policy, final-score distribution, betting cards',
  exact: true,
  answer: (p) => new TurnAnalysis(p.rules, p.policy).solveResult(),
  text: (r, p) => {
    const out: string[] = [];
    out.push(`${r.rules} — policy: ${r.policy}`);
    out.push(`expected final turn score: ${fmtNum(r.expectedTurnScore, 2)}` + (p.rules.instantWin ? ` (${p.rules.instantWin.name} counted as total + ${p.rules.instantWin.value})` : ''));
    out.push(`turn ends in a bust: ${fmtPct(r.turnBustProbability, 3)}; ${p.rules.instantWin ? `${p.rules.instantWin.name}: ${fmtPct(r.instantWinProbability, 4)}; ` : ''}rolls per turn: ${fmtNum(r.expectedRolls, 3)}`);
    out.push('', 'bust probability of one roll:');
    out.push(textTable(Object.entries(r.bustProbability).map(([dice, b]) => ({ dice, probability: fmtNum(b.probability, 6), fraction: b.fraction }))));
    out.push('', 'stop from this turn total on (per dice left to roll):');
    out.push(textTable(Object.entries(r.thresholds).map(([dice, t]) => ({ dice, 'stop at': t === null ? 'never' : t }))));
    out.push('', 'final turn score:');
    out.push(textTable(r.finalScore.filter((x) => x.probability >= 0.001).map((x) => ({ score: x.score, probability: fmtNum(x.probability, 5) }))));
    out.push('(scores with probability < 0.001 omitted; --json has all)');
    out.push('', 'betting cards (EV per chip staked; fair odds make EV zero):');
    out.push(textTable(cardRows(r.bettingCards)));
    out.push('', `policy table: ${r.policyTable.length} reachable states; see --csv or --json`);
    return out.join('\n');
  },
  rows: (r) => r.policyTable as unknown as Row[],
  // the turn page's exact part: when to stop, the final score, the betting cards (chart names unprefixed)
  sections: (r, p): Section[] => [
    { heading: 'When to stop', charts: [policyMap(r, p.rules)], table: { rows: Object.entries(r.bustProbability).map(([dice, b]) => ({ dice, 'bust probability': b.probability.toFixed(6), fraction: b.fraction, 'stop from total': r.thresholds[dice] ?? 'never' })), caption: 'Bust probability of one roll, and the turn total from which the optimal policy stops, by dice left to roll.' } },
    { heading: 'Final turn score', charts: [distributionChart(r, p.rules)] },
    { heading: 'Betting cards', charts: cardCharts(r, p.rules), table: { rows: r.bettingCards.map((c) => ({ card: c.name, range: c.range, odds: `1:${c.odds}`, 'win probability': c.probability.toFixed(5), 'EV per chip': c.evPerChip.toFixed(4), 'fair odds': c.fairOdds === null ? '-' : `1:${c.fairOdds.toFixed(3)}`, 'all-in EV per chip': c.allIn.evPerChip.toFixed(4) })) }, figures: { flipAt: { 'EV per chip': 0, 'all-in EV per chip': 0 } } },
  ],
});

/** Every question of the game, by name (the descriptor's `questions`). */
export const questions: Readonly<Record<string, Question<never, unknown>>> = { solve } as unknown as Record<string, Question<never, unknown>>;

import type { ExperimentRunner } from '../../../report/experiment.js';
import { simulatedFigure } from '../../../report/findings.js';
import { writePage, escapeHtml, type Chart, type PageInfo, type Row } from '../../../report/page.js';
import { assumptionsSection } from '../../../report/assumptions.js';
import { VL_SCHEMA } from '../../../report/render.js';
import { basisLine } from '../../../report/chart-config.js';
import { runExperiment as runShards } from '../../../parallel/pool.js';
import { integer, string, array, object } from '../../../core/validate.js';
import { packageRoot } from '../../../core/paths.js';
import { fmtPct } from '../../../core/format.js';
import { resolve } from 'node:path';
import { loadRules, type WulongRules } from './rules.js';
import { TurnAnalysis } from './exact.js';
import { OPTIMAL } from './strategy.js';
import { turnKernel, type TurnSimParams } from './kernels.js';
import { parsePolicy } from '../../../../strategies/wulong/index.js';

const k = (x: number) => x.toLocaleString('en-US');

/** A round step (1, 2 or 5 × 10^k points) that labels about 20 of `columns` columns `unit` apart. */
function labelStep(unit: number, columns: number): number {
  const wanted = unit * Math.max(1, Math.ceil(columns / 20));
  const p = 10 ** Math.floor(Math.log10(wanted));
  return [1, 2, 5, 10].map((m) => m * p).find((s) => s >= wanted && s % unit === 0) ?? wanted;
}

function policyMap(a: TurnAnalysis): Chart {
  const rows = a.policyTable().filter((r) => r.margin !== null);
  const clip = 10000;
  const thresholds = a.thresholds();
  // each cell spans [total, total + unit): drawn on a continuous axis, so labels stay horizontal
  const data = rows.map((r) => ({ dice: r.dice, total: r.total, totalEnd: r.total + a.unit, action: r.action, margin: Math.round(r.margin!), firstStop: thresholds[r.dice] === r.total }));
  const top = Math.max(...data.map((d) => d.totalEnd));
  // ticks at round totals about evenly spread on the square-root axis (none crowded at the right)
  const nice = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 7, 8].flatMap((m) => [1, 10, 100, 1000, 10000, 100000].map((p) => m * p)).filter((v) => v <= top && v % a.unit === 0).sort((x, y) => x - y);
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
      title: { text: 'Roll or stop? (optimal policy, exact)', subtitle: [a.rules.name, 'blue: roll on; red: stop; black outline: the stop threshold for those dice (stop from there on)', 'blank: that total cannot occur with those dice left'] },
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

function distributionChart(a: TurnAnalysis): Chart {
  const r = a.solveResult();
  const data = r.finalScore.map((x) => ({ score: x.score, probability: x.probability, card: bandOf(a.rules, x.score) }));
  if (r.instantWinProbability > 0) data.push({ score: -1, probability: r.instantWinProbability, card: a.rules.instantWin!.name });
  // show scores up to a round number past the 99.5% point; the rest is in the CSV
  let mass = 0;
  const q995 = r.finalScore.find((x) => (mass += x.probability) >= 0.995)?.score ?? 0;
  const step = labelStep(a.unit, Math.ceil((q995 * 1.1) / a.unit));
  const upper = Math.max(10 * a.unit, Math.ceil((q995 * 1.1) / step) * step);
  const shown = data.filter((d) => d.score >= 0 && d.score <= upper);
  const barWidth = Math.max(1, Math.min(7, (0.7 * 760 * a.unit) / upper));
  return {
    name: 'final-score',
    title: 'Distribution of the final turn score under optimal play',
    caption: `Probability of each final score (0 = bust: ${fmtPct(r.turnBustProbability, 1)}), coloured by the betting card that wins on it. Scores above ${k(upper)} (${fmtPct(data.filter((d) => d.score > upper).reduce((s, d) => s + d.probability, 0))}) are in the CSV.`,
    basis: basisLine({ exact: 'every roll enumerated under the optimal policy; nothing sampled' }),
    rows: data,
    spec: {
      $schema: VL_SCHEMA,
      title: { text: 'Final turn score (optimal policy, exact distribution)', subtitle: [`${a.rules.name}; mean ${k(Math.round(r.expectedTurnScore))} points`, offAxisNote(data.filter((d) => d.score > upper), upper)] },
      width: 760,
      height: 300,
      data: { values: shown },
      mark: { type: 'bar', width: barWidth },
      encoding: {
        x: { field: 'score', type: 'quantitative', title: 'final turn score (points)', scale: { domain: [-a.unit / 2, upper + a.unit / 2], nice: false }, axis: { values: Array.from({ length: Math.floor(upper / step) + 1 }, (_, i) => i * step), format: ',d' } },
        y: { field: 'probability', type: 'quantitative', title: 'probability', axis: { format: '.0%' } },
        color: { field: 'card', type: 'nominal', title: 'betting card that wins', sort: a.rules.bettingCards.map((c) => c.name) },
      },
    },
  };
}

function cardCharts(a: TurnAnalysis): Chart[] {
  const cards = a.solveResult().bettingCards;
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
  const hypothetical = !/^Wulong\b/.test(a.rules.name);
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
        title: { text: `Betting cards: EV per chip staked${what}`, subtitle: `${a.rules.name}; exact, optimal play` },
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
        title: { text: `Printed vs fair odds (payout per chip)${what}`, subtitle: `${a.rules.name}; exact, optimal play` },
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

const Y_TITLE = 'expected final turn score (points)';

function thresholdChart(rules: WulongRules, optimalValue: number, thresholds: number[], sims: Row[], seed: number): { chart: Chart; best: { threshold: number; value: number } } {
  const rows = thresholds.map((t) => ({ threshold: t, expectedScore: new TurnAnalysis(rules, parsePolicy(`threshold:${t}`)).solveResult().expectedTurnScore }));
  const best = rows.reduce((b, r) => (r.expectedScore > b.expectedScore ? r : b));
  const data = rows.map((r) => ({ ...r, kind: 'fixed threshold (exact)' }));
  return {
    best: { threshold: best.threshold, value: best.expectedScore },
    chart: {
      name: 'threshold-policies',
      title: 'Expected turn score of fixed-threshold policies',
      basis: sims.length ? basisLine({ simulated: Number(sims[0].turns ?? 0), of: 'turns per square', seed, extra: 'the line exact (dynamic programme)' }) : basisLine({ exact: 'the line (dynamic programme); no simulated points' }),
      caption: `Stop once the turn total reaches the threshold, whatever the dice left. The best fixed threshold is ${k(best.threshold)} (${k(Math.round(best.expectedScore))} points); the optimal policy (dashed line, ${k(Math.round(optimalValue))} points) adapts to the dice left and does better. Points with error bars are simulated (95% intervals).`,
      rows: [...data, ...sims.map((s) => ({ ...s }))],
      spec: {
        $schema: VL_SCHEMA,
        title: { text: 'Fixed-threshold policies vs the optimal policy', subtitle: [rules.name, 'line: exact expected score; black squares with bars: simulated, 95% intervals'] },
        width: 640,
        height: 300,
        layer: [
          { data: { values: data }, mark: { type: 'line', point: true }, encoding: { x: { field: 'threshold', type: 'quantitative', title: 'stop threshold (turn total, points)', axis: { format: ',d' } }, y: { field: 'expectedScore', type: 'quantitative', title: Y_TITLE, scale: { zero: false }, axis: { format: ',d' } } } },
          { data: { values: [{ y: optimalValue, label: `optimal policy ${k(Math.round(optimalValue))}` }] }, layer: [
            { mark: { type: 'rule', strokeDash: [6, 4], color: '#d62728' }, encoding: { y: { field: 'y', type: 'quantitative', title: Y_TITLE } } },
            { mark: { type: 'text', align: 'right', dy: 12, color: '#d62728' }, encoding: { y: { field: 'y', type: 'quantitative', title: Y_TITLE }, x: { datum: thresholds[thresholds.length - 1] }, text: { field: 'label' } } },
          ] },
          { data: { values: [{ threshold: best.threshold, expectedScore: best.expectedScore, label: `best threshold ${k(best.threshold)}` }] }, layer: [
            { mark: { type: 'point', shape: 'diamond', size: 160, filled: true, color: '#2ca02c' }, encoding: { x: { field: 'threshold', type: 'quantitative' }, y: { field: 'expectedScore', type: 'quantitative', title: Y_TITLE } } },
            { mark: { type: 'text', align: 'left', dx: 10, dy: -10, color: '#2ca02c' }, encoding: { x: { field: 'threshold', type: 'quantitative' }, y: { field: 'expectedScore', type: 'quantitative', title: Y_TITLE }, text: { field: 'label' } } },
          ] },
          { data: { values: sims }, layer: [
            { mark: { type: 'errorbar', ticks: true }, encoding: { x: { field: 'threshold', type: 'quantitative' }, y: { field: 'ciLow', type: 'quantitative', title: Y_TITLE }, y2: { field: 'ciHigh' } } },
            { mark: { type: 'point', shape: 'square', color: 'black' }, encoding: { x: { field: 'threshold', type: 'quantitative' }, y: { field: 'mean', type: 'quantitative', title: Y_TITLE } } },
          ] },
        ],
      },
    },
  };
}

/**
 * Experiment "wulong" (turn analysis): the exact solution of a rules file, fixed-threshold
 * policies against the optimum, and simulations checking the exact numbers.
 */
export const runExperiment: ExperimentRunner = async (spec, ctx) => {
  const name = string(spec.name, 'experiment name');
  const rulesFile = spec.rules === undefined ? undefined : resolve(packageRoot(), string(spec.rules, `${name}: rules`));
  const rules = loadRules(rulesFile);
  const thresholds = array(spec.thresholds, `${name}: thresholds`, 2).map((t, i) => integer(t, `${name}: thresholds[${i}]`, 0));
  const sim = object(spec.simulate ?? {}, `${name}: simulate`);
  const trials = integer(sim.trials ?? 1_000_000, `${name}: simulate.trials`, 1);
  const seed = integer(sim.seed ?? 1, `${name}: simulate.seed`, 0);
  const simPolicies = array(sim.policies ?? ['optimal'], `${name}: simulate.policies`).map((p) => string(p, `${name}: simulate.policies`));
  const shardCount = integer(sim.shardCount ?? 32, `${name}: simulate.shardCount`, 1);

  const a = new TurnAnalysis(rules, OPTIMAL);
  const r = a.solveResult();
  const simRows: Row[] = [];
  const agreement: Row[] = [];
  for (const p of simPolicies) {
    const params: TurnSimParams = { rules, policy: parsePolicy(p) };
    const acc = await runShards({ kernel: turnKernel.name, params, seed, total: trials, shardCount }, { workers: ctx.workers });
    const s = turnKernel.summarize(params, acc, trials);
    const exact = p === 'optimal' ? r.expectedTurnScore : new TurnAnalysis(rules, params.policy).solveResult().expectedTurnScore;
    agreement.push({ policy: p, exact: exact.toFixed(2), simulated: s.mean.toFixed(2), se: s.se.toFixed(2), 'z (SE away)': ((s.mean - exact) / s.se).toFixed(2), turns: trials, seed });
    if (params.policy.stop.kind === 'threshold' && params.policy.choice === 'best') simRows.push({ threshold: params.policy.stop.total, mean: s.mean, ciLow: s.ci95[0], ciHigh: s.ci95[1], kind: 'simulated', turns: trials });
  }
  const { chart: thrChart, best } = thresholdChart(rules, r.expectedTurnScore, thresholds, simRows, seed);
  const pageName = string(spec.page ?? 'turn', `${name}: page`);
  const page: PageInfo = { path: `wulong/${pageName}.html`, title: `Turn analysis — ${rules.name}`, summary: `exact optimal stop policy (expected ${r.expectedTurnScore.toFixed(1)} points per turn), final-score distribution, betting-card EV and fair odds, threshold policies` };
  const bust = Object.entries(r.bustProbability).map(([dice, b]) => ({ dice, 'bust probability': b.probability.toFixed(6), fraction: b.fraction, 'stop from total': r.thresholds[dice] ?? 'never' }));
  const intro = `<p>Exact results from dynamic programming over (turn total, dice left), with every roll enumerated as a multiset and every legal set-aside considered.
Expected final turn score under optimal play: <b>${r.expectedTurnScore.toFixed(2)}</b> points${rules.instantWin ? ` (a ${escapeHtml(rules.instantWin.name)} counts as the turn total + ${k(rules.instantWin.value)}; it happens in ${fmtPct(r.instantWinProbability, 4)} of turns)` : ''}.
A turn busts with probability ${fmtPct(r.turnBustProbability)} and takes ${r.expectedRolls.toFixed(2)} rolls on average.
The best fixed threshold (${k(best.threshold)}) reaches ${best.value.toFixed(1)} points.</p>`;
  const prefixed = (c: Chart): Chart => ({ ...c, name: `${pageName}-${c.name}` });
  return [
    await writePage(ctx.reportsDir, page, intro, [
      { heading: 'When to stop', charts: [prefixed(policyMap(a))], table: { rows: bust, caption: 'Bust probability of one roll, and the turn total from which the optimal policy stops, by dice left to roll.' } },
      { heading: 'Final turn score', charts: [prefixed(distributionChart(a))] },
      { heading: 'Betting cards', charts: cardCharts(a).map(prefixed), table: { rows: r.bettingCards.map((c) => ({ card: c.name, range: c.range, odds: `1:${c.odds}`, 'win probability': c.probability.toFixed(5), 'EV per chip': c.evPerChip.toFixed(4), 'fair odds': c.fairOdds === null ? '-' : `1:${c.fairOdds.toFixed(3)}`, 'all-in EV per chip': c.allIn.evPerChip.toFixed(4) })) }, figures: { flipAt: { 'EV per chip': 0, 'all-in EV per chip': 0 } } },
      { heading: 'Threshold policies', charts: [prefixed(thrChart)] },
      { heading: 'Exact vs simulated', html: `<p>Monte Carlo runs (${k(trials)} turns each, seed ${seed}, ${shardCount} shards) against the exact expected score of the same policy. |z| ≤ 4 is agreement.</p>`, table: { rows: agreement } },
      // issue 16: the turn's findings (its value, the crane) rest on assumed rules; the exact part of `wulong assumptions`
      ...(spec.assumptions === true ? [assumptionsSection(await (await import('../assumptions.js')).checkAssumptions({ exactOnly: true }))] : []),
    ], [
      { id: 'expected turn score (optimal)', value: Number(r.expectedTurnScore.toFixed(6)), exact: true },
      { id: 'turn bust probability', value: Number(r.turnBustProbability.toFixed(8)), exact: true },
      { id: 'best fixed threshold', value: best.threshold, exact: true, finding: true },
      ...agreement.map((x) => simulatedFigure(`simulated mean turn score, ${x.policy}`, Number(x.simulated), Number(x.se))),
    ]),
  ];
};

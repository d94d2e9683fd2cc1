import type { ExperimentRunner } from '../../../report/experiment.js';
import { simulatedFigure } from '../../../report/findings.js';
import { writePage, escapeHtml, type Chart, type PageInfo, type Row } from '../../../report/page.js';
import { reportQuestionContext } from '../../../report/experiment.js';
import { assumptionsSection } from '../../../report/assumptions.js';
import { VL_SCHEMA } from '../../../report/render.js';
import { basisLine } from '../../../report/chart-config.js';
import { runExperiment as runShards } from '../../../parallel/pool.js';
import { integer, string, array, object } from '../../../core/validate.js';
import { packageRoot } from '../../../core/paths.js';
import { fmtPct } from '../../../core/format.js';
import { resolve } from 'node:path';
import { loadRules, type WulongRules } from './rules.js';
import { OPTIMAL } from './strategy.js';
import { solve } from '../questions.js';
import { turnKernel, type TurnSimParams } from './kernels.js';
import { parsePolicy } from '../strategies/index.js';

const k = (x: number) => x.toLocaleString('en-US');

const Y_TITLE = 'expected final turn score (points)';

/** `rows`: the exact expected score of each fixed threshold (the `solve` question at threshold:T). */
function thresholdChart(rules: WulongRules, optimalValue: number, thresholds: number[], rows: { threshold: number; expectedScore: number }[], sims: Row[], seed: number): { chart: Chart; best: { threshold: number; value: number } } {
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

  const qctx = reportQuestionContext(ctx);
  const r = await solve.answer({ rules, policy: OPTIMAL }, qctx);
  const simRows: Row[] = [];
  const agreement: Row[] = [];
  for (const p of simPolicies) {
    const params: TurnSimParams = { rules, policy: parsePolicy(p) };
    const acc = await runShards({ kernel: turnKernel.name, params, seed, total: trials, shardCount }, { workers: ctx.workers });
    const s = turnKernel.summarize(params, acc, trials);
    const exact = p === 'optimal' ? r.expectedTurnScore : (await solve.answer({ rules, policy: params.policy }, qctx)).expectedTurnScore;
    agreement.push({ policy: p, exact: exact.toFixed(2), simulated: s.mean.toFixed(2), se: s.se.toFixed(2), 'z (SE away)': ((s.mean - exact) / s.se).toFixed(2), turns: trials.toLocaleString('en-US'), seed });
    if (params.policy.stop.kind === 'threshold' && params.policy.choice === 'best') simRows.push({ threshold: params.policy.stop.total, mean: s.mean, ciLow: s.ci95[0], ciHigh: s.ci95[1], kind: 'simulated', turns: trials });
  }
  const thresholdRows: { threshold: number; expectedScore: number }[] = [];
  for (const t of thresholds) thresholdRows.push({ threshold: t, expectedScore: (await solve.answer({ rules, policy: parsePolicy(`threshold:${t}`) }, qctx)).expectedTurnScore });
  const { chart: thrChart, best } = thresholdChart(rules, r.expectedTurnScore, thresholds, thresholdRows, simRows, seed);
  const pageName = string(spec.page ?? 'turn', `${name}: page`);
  const page: PageInfo = { path: `wulong/${pageName}.html`, title: `Turn analysis — ${rules.name}`, summary: `exact optimal stop policy (expected ${r.expectedTurnScore.toFixed(1)} points per turn), final-score distribution, betting-card EV and fair odds, threshold policies` };
  const intro = `<p>Exact results from dynamic programming over (turn total, dice left), with every roll enumerated as a multiset and every legal set-aside considered.
Expected final turn score under optimal play: <b>${r.expectedTurnScore.toFixed(2)}</b> points${rules.instantWin ? ` (a ${escapeHtml(rules.instantWin.name)} counts as the turn total + ${k(rules.instantWin.value)}; it happens in ${fmtPct(r.instantWinProbability, 4)} of turns)` : ''}.
A turn busts with probability ${fmtPct(r.turnBustProbability)} and takes ${r.expectedRolls.toFixed(2)} rolls on average.
The best fixed threshold (${k(best.threshold)}) reaches ${best.value.toFixed(1)} points.</p>`;
  const prefixed = (c: Chart): Chart => ({ ...c, name: `${pageName}-${c.name}` });
  return [
    await writePage(ctx.reportsDir, page, intro, [
      // the exact sections of `oddsmith wulong solve`'s question, chart names prefixed with the page's
      ...solve.sections!(r, { rules, policy: OPTIMAL }).map((x) => (x.charts ? { ...x, charts: x.charts.map(prefixed) } : x)),
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

import { basename, resolve } from 'node:path';
import type { ExperimentRunner } from '../../../report/experiment.js';
import { writePage, escapeHtml, type Chart, type PageInfo, type Row } from '../../../report/page.js';
import { basisLine } from '../../../report/chart-config.js';
import { VL_SCHEMA } from '../../../report/render.js';
import { array, integer, object, string } from '../../../core/validate.js';
import { packageRoot } from '../../../core/paths.js';
import { loadRules } from '../turn/rules.js';
import { firstPlayerWins, playerState, solveRace, stopPolicy, type RaceSolution } from './exact.js';
import { raceSweep, simpleRuleRows, simpleRulesFor } from './analysis.js';
import { evaluateRace, pointsPolicy } from './exact-evaluate.js';
import { applySets, parseSweepSet } from '../../../core/rules.js';
import { readFileSync } from 'node:fs';
import { validateRules } from '../turn/rules.js';

/** Per (my score, their score) at the start of my turn: my win probability and the total from which I stop with `dice` dice left. */
function maps(R: RaceSolution, dice: number): Row[] {
  const rows: Row[] = [];
  for (let i = 0; i < R.G; i++)
    for (let j = 0; j < R.G; j++) {
      const me = playerState(R, i, 0, R.B === 2 && i > 0 ? 1 : 0), them = playerState(R, j, 0, R.B === 2 && j > 0 ? 1 : 0);
      rows.push({ me: i * R.unit, them: j * R.unit, win: R.value[0][me * R.NP + them], stopFrom: stopPolicy(R, me, them).stopFrom[dice - 1] ?? R.target });
    }
  return rows;
}

function heat(name: string, title: string, caption: string, rows: Row[], field: string, legend: string[], scheme: 'viridis' | 'blueorange', rulesName: string, target: number): Chart {
  return {
    name,
    title,
    caption,
    rows,
    basis: basisLine({ exact: 'value iteration over every state (tolerance 1e-9); nothing sampled' }),
    spec: {
      $schema: VL_SCHEMA,
      title: { text: title, subtitle: `${rulesName}, race to ${target}, both players playing to win` },
      width: 460,
      height: 460,
      data: { values: rows },
      mark: { type: 'rect' },
      encoding: {
        x: { field: 'them', type: 'quantitative', bin: { maxbins: 100, step: Math.max(1, (rows[1]?.them as number) - (rows[0]?.them as number)) }, title: "opponent's banked score (points)" },
        y: { field: 'me', type: 'quantitative', bin: { maxbins: 100, step: Math.max(1, (rows[1]?.them as number) - (rows[0]?.them as number)) }, title: 'my banked score (points)' },
        color: { field, type: 'quantitative', title: legend, scale: { scheme } },
        tooltip: [{ field: 'me' }, { field: 'them' }, { field }],
      },
    },
  };
}

/**
 * Experiment "wulong-race": the race to a target played to win — policy and win-probability maps
 * for one rules file, the first-player advantage of every preset, and the cost of simple rules.
 */
export const runRaceExperiment: ExperimentRunner = async (spec, ctx) => {
  const name = string(spec.name, 'experiment name');
  const rulesFile = resolve(packageRoot(), string(spec.rules, `${name}: rules`));
  const rules = loadRules(rulesFile);
  const target = integer(spec.target, `${name}: target`, 1);
  const dice = integer(spec.dice ?? rules.dice, `${name}: dice`, 1, rules.dice);
  const presets = array(spec.presets ?? [], `${name}: presets`).map((p, i) => {
    const o = object(p, `${name}: presets[${i}]`);
    return { rules: string(o.rules, `${name}: presets[${i}].rules`), target: integer(o.target, `${name}: presets[${i}].target`, 1) };
  });

  const R = solveRace(rules, { target });
  const p = firstPlayerWins(R);
  const rows = maps(R, dice);
  const policy = heat(`${name}-policy`, 'Stop from this turn total, by both banked scores', `Colour: the turn total from which the optimal player stops with ${dice} dice left, at the start of the turn (the policy is not always a single threshold: see the text). Far behind, play gets bolder; near the target, any total that wins is banked.`, rows, 'stopFrom', ['stop from', 'turn total (points)'], 'viridis', rules.name, target);
  const win = heat(`${name}-win`, 'Probability of winning at the start of my turn', 'Colour: the probability that the player about to start a turn wins, under optimal play by both.', rows, 'win', ['win', 'probability'], 'blueorange', rules.name, target);

  const adv: Row[] = [];
  for (const x of presets) {
    const r = loadRules(resolve(packageRoot(), x.rules));
    const opt = solveRace(r, { target: x.target }), pol = pointsPolicy(opt);
    const oo = evaluateRace(opt, null, null), pp = evaluateRace(opt, pol, pol);
    adv.push({ preset: r.name, file: basename(x.rules), target: x.target, play: 'both play to win', 'first player wins': firstPlayerWins(opt), 'expected turns': oo.turnsAFirst });
    adv.push({ preset: r.name, file: basename(x.rules), target: x.target, play: 'both play for points', 'first player wins': pp.aFirstWins, 'expected turns': pp.turnsAFirst });
  }
  const advChart: Chart = {
    name: `${name}-first-player`,
    title: 'First-player advantage by preset',
    caption: 'Probability that the first player wins a two-player race (exact), when both play to win and when both play for expected points (banking at once when it wins). 0.5 would be a fair game; the axis starts at 0.5. Labels are the rules files in rules/farkle/.',
    rows: adv,
    basis: basisLine({ exact: 'value iteration per preset, the points policy evaluated in every state' }),
    spec: {
      $schema: VL_SCHEMA,
      title: { text: 'Probability that the first player wins', subtitle: 'two players' },
      width: 420,
      data: { values: adv.map((r) => ({ ...r, label: `${r.file} to ${r.target}` })) },
      mark: { type: 'bar', clip: true },
      encoding: {
        y: { field: 'label', type: 'nominal', title: null, sort: null, axis: { labelLimit: 320 } },
        yOffset: { field: 'play' },
        x: { field: 'first player wins', type: 'quantitative', title: 'P(first player wins)', scale: { domain: [0.5, 0.65] } },
        color: { field: 'play', type: 'nominal', title: null, legend: { orient: 'bottom' } },
        tooltip: [{ field: 'preset' }, { field: 'target' }, { field: 'play' }, { field: 'first player wins', format: '.6f' }],
      },
    },
  };

  const simple = simpleRulesFor(R);
  const simpleRows = simpleRuleRows(simple);

  // balance for designers: one scoring entry swept, first-player advantage charted
  const sweeps: Chart[] = [];
  if (spec.sweep !== undefined) {
    const sw = object(spec.sweep, `${name}: sweep`);
    const file = resolve(packageRoot(), string(sw.rules, `${name}: sweep.rules`));
    const raw = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    const field = parseSweepSet(string(sw.set, `${name}: sweep.set`));
    const swTarget = integer(sw.target, `${name}: sweep.target`, 1);
    // what a reader calls the swept entry (the field path is in the caption)
    const label = sw.label === undefined ? field.path : string(sw.label, `${name}: sweep.label`);
    const res = raceSweep(field.path, field.values, (v) => validateRules(applySets(raw, [`${field.path}=${v}`]), file), swTarget);
    const rowsSw = res.rows.map((r) => ({ value: r.value, 'first-player advantage': r.firstPlayerAdvantage, 'expected turns': r.expectedTurns }));
    sweeps.push({
      name: `${name}-sweep`,
      title: `First-player advantage as ${label} varies`,
      caption: `${basename(file)}, race to ${swTarget}, two players both playing to win (exact, every point solved). Advantage = P(first wins) − P(second wins). ${field.path} is the rules entry swept (points).`,
      rows: rowsSw,
      basis: basisLine({ exact: 'every point solved by value iteration; nothing sampled' }),
      spec: {
        $schema: VL_SCHEMA,
        title: { text: 'First-player advantage', subtitle: `${basename(file)}, race to ${swTarget}, both players playing to win` },
        width: 420,
        height: 260,
        data: { values: rowsSw },
        mark: { type: 'line', point: true },
        encoding: {
          x: { field: 'value', type: 'quantitative', title: `${label} (points)`, scale: { zero: false } },
          y: { field: 'first-player advantage', type: 'quantitative', title: 'P(first wins) − P(second wins)', scale: { zero: false } },
          tooltip: [{ field: 'value' }, { field: 'first-player advantage', format: '.6f' }, { field: 'expected turns', format: '.2f' }],
        },
      },
    });
  }

  const page: PageInfo = { path: `wulong/${string(spec.page ?? 'race', `${name}: page`)}.html`, title: `Playing to win — ${rules.name}`, summary: `two-player race to ${target}: first player wins ${p.toFixed(4)} under optimal play; policy maps, first-player advantage by preset, simple rules` };
  const intro = `<p>Exact value iteration over (my banked score, opponent's banked score, turn total, dice left, cross-turn state), tolerance 1e-9, score step ${R.unit}.
Under optimal play by both, the first player wins <b>${p.toFixed(6)}</b> of races to ${target} with ${escapeHtml(rules.name)}.</p>`;
  return [
    await writePage(ctx.reportsDir, page, intro, [
      { heading: 'When to stop', charts: [policy, win] },
      { heading: 'First-player advantage', charts: [advChart, ...sweeps], figures: {}, table: { rows: adv.map((r) => ({ ...r, 'first player wins': (r['first player wins'] as number).toFixed(6), 'expected turns': (r['expected turns'] as number).toFixed(2) })), caption: 'Expected turns: both players\' turns counted, until someone reaches the target (exact, same policies).' } },
      { heading: 'Simple rules', html: `<p>Stop totals by dice left (banking at once when that wins), the same at every score or one set per score-difference band (behind by more than ${simple.bandEdge}, within, ahead by more than ${simple.bandEdge}). For points the best is the single-turn optimum's thresholds; for winning, a coordinate search from it evaluated ${simple.evaluated} rules, each exactly (policy evaluation) against the optimal player in both seats. Cost in win probability: the average over both seats of what the rule gives away against optimal play.</p>`, table: { rows: simpleRows } },
    ]),
  ];
};

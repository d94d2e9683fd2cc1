import { fmtPct } from '../../core/format.js';
import { intervalFigure, type Figure } from '../../report/findings.js';
import { reportQuestionContext, type ExperimentContext, type ExperimentRunner } from '../../report/experiment.js';
import { writePage, escapeHtml, type Chart, type PageInfo, type Row, type Section } from '../../report/page.js';
import { VL_SCHEMA } from '../../report/render.js';
import { basisLine } from '../../report/chart-config.js';
import { runExperiment as runShards } from '../../parallel/pool.js';
import { array, boolean, integer, string } from '../../core/validate.js';
import { UserError } from '../../core/errors.js';
import { parseStrategySpec } from './strategies/index.js';
import { odds, tableBombOf } from './questions.js';
import { bestThreshold, gamesKernel, strengthKernel, type GamesSummary, type StrengthSummary } from './kernels.js';
import { REAL_GAMES } from './reference.js';
import { assumptionsSection } from '../../report/assumptions.js';
import { ASSUMPTIONS_ROUNDS, checkAssumptions } from './assumptions.js';
import { loadRules, type TichuRules } from './rules.js';

const GAME = 'tichu';

async function oddsPage(ctx: ExperimentContext, rules: TichuRules): Promise<PageInfo> {
  // the question `oddsmith tichu odds` asks, with the table-level lines
  const params = { rules, atTable: true };
  const r = await odds.answer(params, reportQuestionContext(ctx));
  const r8 = r.eight!, r14 = r.fourteen, t = r.table!.fourOfAKind, tb = tableBombOf(r.table!.anyBomb);
  const anyText = tb ? `, and some player holds any bomb (four of a kind or straight flush ≥ ${rules.minStraightFlush}) with probability ${fmtPct(tb.probability, 4)} — exact combinatorics (a DP over ranks and suit runs, with a Fourier transform in the hand sizes; accurate to about 12 significant digits), not a sample` : '';
  const page: PageInfo = { path: `${GAME}/odds.html`, title: 'Tichu: exact deal odds', summary: `any bomb: ${r8.lines[0].fraction} in 8 cards, ${r14.lines[0].fraction} in 14 — exact` };
  return writePage(ctx.reportsDir, page, `<p>How likely is a bomb, a special card, k aces? Exact counts over C(56,8) and C(56,14) hands. At the table (14 cards each) some player holds a four of a kind with probability ${escapeHtml(t.fraction)} = ${fmtPct(t.probability, 3)} (exact)${escapeHtml(anyText)}. The real-game data of ${escapeHtml(REAL_GAMES.source)} show a bomb in the first 8 cards in ${REAL_GAMES.bombFirst8}% and in the first 14 in ${REAL_GAMES.bombFirst14}% of hands.</p>`, [...odds.sections!(r, params)]);
}

/** calls per player-round of team A (strategies 1 and 3) and team B (2 and 4) */
function perTeam(r: GamesSummary, key: 'tichuCalls' | 'grandCalls'): string {
  const team = (i: number) => (r.byStrategy[i][key] + r.byStrategy[i + 2][key]) / (2 * r.rounds);
  return `${fmtPct(team(0), 1)} / ${fmtPct(team(1), 1)}`;
}

async function tournamentPage(spec: Record<string, unknown>, ctx: ExperimentContext, rules: TichuRules): Promise<PageInfo> {
  const games = integer(spec.games ?? 400, 'games', 1, 1e7);
  const seed = integer(spec.seed ?? 1, 'seed', 0);
  const matchups = array(spec.matchups, 'matchups', 1).map((m, i) => array(m, `matchups[${i}]`, 4, 4).map((s, j) => parseStrategySpec(string(s, `matchups[${i}][${j}]`)).text));
  const rows: Row[] = [];
  const results: GamesSummary[] = [];
  for (const strategies of matchups) {
    const params = { rules, strategies };
    const acc = await runShards({ kernel: gamesKernel.name, params, seed, total: games, shardCount: 16 }, { workers: ctx.workers });
    const r = gamesKernel.summarize(params, acc, games);
    results.push(r);
    rows.push({
      'team A': `${strategies[0]} + ${strategies[2]}`, 'team B': `${strategies[1]} + ${strategies[3]}`, games,
      'A wins': fmtPct(r.teamAWin.p, 1), '95% interval': `[${(r.teamAWin.ci95[0] * 100).toFixed(1)}, ${(r.teamAWin.ci95[1] * 100).toFixed(1)}]`,
      'A points/round': r.pointsPerRoundA.mean.toFixed(1), 'rounds/game': r.roundsPerGame.mean.toFixed(1),
      // per player of each team: an average over all four seats hides a team that never calls
      'Tichu calls A / B': perTeam(r, 'tichuCalls'), 'Tichu made': fmtPct(r.tichu.all.success.p, 1), 'GT calls A / B': perTeam(r, 'grandCalls'), 'GT made': fmtPct(r.grandTichu.all.success.p, 1),
      'bomb after passing': fmtPct(r.bombAfterPassingPerPlayer.p, 1), 'bombs played/round': r.bombsPlayedPerRound.mean.toFixed(3),
    });
  }
  const page: PageInfo = { path: `${GAME}/tournament.html`, title: 'Tichu: bot tournament', summary: `${matchups.length} matchups × ${games} games, seats rotated` };
  const sections: Section[] = [{ heading: 'Matchups', table: { rows, caption: `${rows.map((r) => `${String(r['team A'])} won ${String(r['A wins'])} ${String(r['95% interval'])} of the games against ${String(r['team B'])}`).join('; ')}. ${games} games per matchup, seed ${seed}; intervals are Wilson 95%.` } }];
  // the same table as `oddsmith tichu assumptions`: what the text leaves open, re-measured at each alternative
  if (spec.assumptions !== undefined && boolean(spec.assumptions, 'assumptions')) {
    const assumptionRounds = integer(spec.assumptionRounds ?? ASSUMPTIONS_ROUNDS, 'assumptionRounds', 100, 1e7);
    sections.push(assumptionsSection(await checkAssumptions({ rules, rounds: assumptionRounds, workers: ctx.workers })));
  }
  return writePage(ctx.reportsDir, page, `<p>Whole games to ${rules.targetScore} points; strategy i sits in seat (i + g) mod 4 in game g, so seat and strategy effects separate. Real online games for comparison (${escapeHtml(REAL_GAMES.source)}): Tichu called in ${REAL_GAMES.tichuCallRate}% of player-rounds and made ${REAL_GAMES.tichuSuccess}%; Grand Tichu ${REAL_GAMES.grandCallRate}% / ${REAL_GAMES.grandSuccess}%; a bomb in a hand after passing ${REAL_GAMES.bombAfterPassingPerPlayer}%.</p>`, sections, results.map((r, i) => intervalFigure(`team A wins › ${rows[i]['team A']} vs ${rows[i]['team B']}`, r.teamAWin.p, r.teamAWin.ci95, 0.5)));
}

async function callsPage(spec: Record<string, unknown>, ctx: ExperimentContext, rules: TichuRules): Promise<PageInfo> {
  const deals = integer(spec.deals ?? 20000, 'deals', 1, 1e8);
  const seed = integer(spec.seed ?? 1, 'seed', 0);
  const strategies = array(spec.strategies ?? ['heuristic', 'heuristic', 'heuristic', 'heuristic'], 'strategies', 4, 4).map((s, i) => parseStrategySpec(string(s, `strategies[${i}]`)).text);
  const params = { rules, strategies };
  const acc = await runShards({ kernel: strengthKernel.name, params, seed, total: deals, shardCount: 16 }, { workers: ctx.workers });
  const r: StrengthSummary = strengthKernel.summarize(params, acc, deals);
  const minHands = 100;
  const pRows: Row[] = [], gRows: Row[] = [];
  for (const [label, list] of [['Grand Tichu (8 cards)', r.grand], ['Tichu (14 cards)', r.tichu]] as const) {
    for (const b of list) {
      if (b.hands < minHands) continue;
      pRows.push({ strength: b.strength, call: label, line: `${label.split(' (')[0]}, no call`, pFirstOut: b.firstOutNoCall / b.hands, hands: b.hands });
      pRows.push({ strength: b.strength, call: label, line: `${label.split(' (')[0]}, calling`, pFirstOut: b.firstOutCall / b.hands, hands: b.hands });
      gRows.push({ strength: b.strength, call: label, gain: b.gain.mean, lo: b.gain.ci95[0], hi: b.gain.ci95[1], hands: b.hands });
    }
  }
  const g = bestThreshold(r.grand), t = bestThreshold(r.tichu);
  const sub = `simulated: ${deals.toLocaleString('en-US')} deals, each played with and without the call (common random numbers); players ${strategies.join(', ')}; buckets with ≥ ${minHands} hands`;
  const players = new Set(strategies).size === 1 ? `4 × ${strategies[0]}` : strategies.join(', ');
  const subLines = ['each deal played with and without the call (common random numbers)', `players ${players}; buckets of 0.5 with ≥ ${minHands} hands`];
  const basis = basisLine({ simulated: deals, of: 'deals', seed });
  const pChart: Chart = {
    name: 'first-out-by-strength',
    title: 'P(going out first) against hand strength, with and without the call',
    caption: `${sub}. Strength = 2·Dragon + 1.5·Phoenix + 2·bomb + aces + 0.25·kings − 0.25 per lone 2–9. Calling changes how the caller (and partner) play, so the "calling" curve is the one that counts.`,
    rows: pRows,
    basis,
    spec: {
      $schema: VL_SCHEMA,
      title: { text: 'Chance of going out first by hand strength', subtitle: subLines },
      data: { values: pRows },
      width: 560, height: 320,
      mark: { type: 'line', point: true },
      encoding: {
        x: { field: 'strength', type: 'quantitative', title: 'hand strength (score points)' },
        y: { field: 'pFirstOut', type: 'quantitative', title: 'P(first out)', axis: { format: '.0%' }, scale: { domain: [0, 1] } },
        color: { field: 'line', type: 'nominal', title: null, legend: { orient: 'bottom', columns: 2 } },
      },
    },
  };
  const gChart: Chart = {
    name: 'call-gain-by-strength',
    title: 'Gain from calling by hand strength',
    caption: `Mean paired difference in round points (own team − opponents) between calling and not, with 95% intervals; ${sub}. Calling pays where the line is above zero: best thresholds ${g.threshold} (Grand Tichu) and ${t.threshold} (Tichu).`,
    rows: gRows,
    basis,
    spec: {
      $schema: VL_SCHEMA,
      title: { text: 'Points gained by calling, per round', subtitle: subLines },
      data: { values: gRows },
      width: 560, height: 320,
      layer: [
        { mark: { type: 'errorbar' }, encoding: { x: { field: 'strength', type: 'quantitative', title: 'hand strength (score points)' }, y: { field: 'lo', type: 'quantitative', title: 'gain from calling (points per round)' }, y2: { field: 'hi' }, color: { field: 'call', type: 'nominal', title: null } } },
        { mark: { type: 'line', point: true }, encoding: { x: { field: 'strength', type: 'quantitative' }, y: { field: 'gain', type: 'quantitative' }, color: { field: 'call', type: 'nominal', title: null, legend: { orient: 'bottom' } } } },
        { data: { values: [{ y: 0 }] }, mark: { type: 'rule', strokeDash: [4, 4], color: '#888' }, encoding: { y: { field: 'y', type: 'quantitative' } } },
      ],
    },
  };
  const page: PageInfo = { path: `${GAME}/calls.html`, title: 'Tichu: when to call', summary: `best thresholds on the hand-strength score: Grand Tichu ${g.threshold}, Tichu ${t.threshold} (heuristic bots)` };
  const table: Row[] = [
    { call: 'Grand Tichu (first 8 cards)', 'best threshold': g.threshold, 'hands at or above it': fmtPct(g.callRate, 1), 'gain per hand (all hands)': g.gainPerHand.toFixed(2) },
    { call: 'Tichu (dealt 14 cards)', 'best threshold': t.threshold, 'hands at or above it': fmtPct(t.callRate, 1), 'gain per hand (all hands)': t.gainPerHand.toFixed(2) },
  ];
  return writePage(ctx.reportsDir, page, `<p>When is a call worth it? Every simulated deal is played three times from the same random numbers: nobody calls, seat 0 calls Grand Tichu, seat 0 calls Tichu (no other calls). The paired difference is the call's value for that hand; grouping hands by a simple strength score gives the threshold that maximises expected points. <code>oddsmith tichu grand</code> and <code>tichu call</code> answer it for one hand.</p>`, [
    { heading: 'P(first out) by hand strength', charts: [pChart] },
    { heading: 'Gain from calling', charts: [gChart], table: { rows: table, caption: 'Call when the score is at least the threshold; the gain is averaged over all hands (those below the threshold gain 0).' } },
  ], callFigures(table, gRows));
}

/** The calls page's headline figures: each best threshold (a finding) and each bucket's gain (flips at 0). */
function callFigures(table: readonly Row[], gRows: readonly Row[]): Figure[] {
  return [
    ...table.map((r): Figure => ({ id: `Best threshold › ${String(r.call)}`, value: String(r['best threshold']), exact: true, finding: true })),
    ...gRows.map((r) => intervalFigure(`Gain from calling › ${String(r.call)} › strength ${String(r.strength)}`, r.gain as number, [r.lo as number, r.hi as number], 0)),
  ];
}

export const runExperiment: ExperimentRunner = async (spec, ctx) => {
  const rules = loadRules(spec.rules === undefined ? undefined : string(spec.rules, 'rules'));
  const kind = string(spec.kind, 'kind', ['odds', 'tournament', 'calls']);
  if (kind === 'odds') return [await oddsPage(ctx, rules)];
  if (kind === 'tournament') return [await tournamentPage(spec, ctx, rules)];
  if (kind === 'calls') return [await callsPage(spec, ctx, rules)];
  throw new UserError(`unknown kind ${kind}`);
};

/** The printed forms of a ladder (text tables and CSV rows), the same for every game. */
import { fmtNum, fmtPct, textTable, type Row } from '../core/format.js';
import type { LadderFinding, LadderPairedFinding, LadderResult } from './ladder.js';

const signed = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(Math.round(x))}`;
const one = (x: number) => x.toFixed(1);

/** The ratings, strongest first. */
export function ratingRows(r: LadderResult): Row[] {
  return [...r.ratings]
    .sort((a, b) => b.elo - a.elo || a.rung - b.rung)
    .map((x, k) => ({
      rank: k + 1,
      rung: x.rung,
      player: x.player,
      Elo: signed(x.elo),
      '95% CI (bootstrap)': `[${signed(x.ci95[0])}, ${signed(x.ci95[1])}]`,
      'mean score': fmtPct(x.meanScore, 1),
    }));
}

/** Row rung's share of the win against each column rung, in percent ± the 95% half-width over deals. */
export function matrixRows(r: LadderResult): Row[] {
  return r.matrix.map((row, i) => ({
    rung: i,
    player: r.rungs[i],
    // ± the wider side of the 95% interval (it is Wilson's where the deals went mostly one way)
    ...Object.fromEntries(row.map((c, j) => [`vs ${j}`, c ? `${one(c.score * 100)} ±${one(Math.max(c.score - c.ci95[0], c.ci95[1] - c.score) * 100)}` : '-'])),
  }));
}

function findingCell(f: LadderFinding, i: number): string {
  const b = f.byRung[i];
  if (b.n === 0) return '-';
  if (f.kind === 'rate') return `${one(b.mean * 100)}% [${one(b.ci95[0] * 100)}, ${one(b.ci95[1] * 100)}]`;
  return `${b.mean.toFixed(2)} [${b.ci95[0].toFixed(2)}, ${b.ci95[1].toFixed(2)}]`;
}

/** Rung × finding: each figure in each rung's self-play with its 95% interval. */
export function findingRows(r: LadderResult): Row[] {
  return r.rungs.map((player, i) => ({ rung: i, player, ...Object.fromEntries(r.findings.map((f) => [f.name, findingCell(f, i)])) }));
}

// a value that rounds to zero prints +0.00, not −0.00
const plus = (x: number, d: number) => {
  const t = Math.abs(x).toFixed(d);
  return `${x >= 0 || Number(t) === 0 ? '+' : '−'}${t}`;
};

/** A paired finding's cell: the estimate ± its 95% half-width; rates in percentage points, values in the game's units. */
export function pairedCell(f: LadderPairedFinding, i: number): string {
  const b = f.byRung[i];
  // "n/a": not one of the game's own players; measured but nothing to measure says so
  if (b.measured === false) return 'n/a';
  if (b.weight === 0) return f.counts ? `none (0 ${f.counts})` : 'none';
  const k = f.kind === 'rate' ? 100 : 1, half = Math.max(b.estimate - b.ci95[0], b.ci95[1] - b.estimate) * k;
  // values: two decimals while the interval is narrower than ±1 (Sichuan's points), else one
  const d = f.kind === 'value' && half < 1 ? 2 : 1;
  // "1 call", "2 calls"
  const counted = f.counts ? ` (${b.weight} ${b.weight === 1 ? f.counts.replace(/s$/, '') : f.counts})` : '';
  return `${Number.isFinite(half) ? `${plus(b.estimate * k, d)} ±${half.toFixed(d)}` : plus(b.estimate * k, d)}${counted}`;
}

/** Rung × paired finding, with 95% intervals. */
export function pairedRows(r: LadderResult): Row[] {
  const paired = r.paired ?? [];
  return r.rungs.map((player, i) => ({ rung: i, player, ...Object.fromEntries(paired.map((f) => [f.name, pairedCell(f, i)])) }));
}

/** What each paired finding's difference is, one line each (once for all where they say the same). */
export function pairedLegend(r: LadderResult): string[] {
  const paired = r.paired ?? [];
  const unit = (f: LadderPairedFinding) => (f.kind === 'rate' ? ', in percentage points' : '');
  if (paired.length > 1 && paired.every((f) => f.about === paired[0].about && f.kind === paired[0].kind)) return [`each column: ${paired[0].about}${unit(paired[0])}`];
  return paired.map((f) => `${f.name}: ${f.about}${unit(f)}`);
}

export function ladderText(r: LadderResult & { seed?: number; shardCount?: number }): string {
  const units = r.teams ? 'teams' : 'seats';
  const out = [
    `${r.game} ladder: ${r.rungs.length} rungs, ${r.players} players, ${fmtNum(r.deals, 0)} deals`,
    ...(r.rules ? [`rules: ${r.rules}`] : []),
    `(every pair plays each deal in ${r.seatings} seatings, ${units} alternating and swapped; each rung also`,
    ' plays it against itself for the findings)',
    '',
    'Ratings (Bradley–Terry on the Elo scale, rung 0 = 0; 95% CI: percentile bootstrap over deals,',
    ` ${r.replicates} replicates; one drawn deal per pair as prior):`,
    textTable(ratingRows(r), { keys: 3 }),
    '',
    'Matchups (row\'s share of the win against the column rung, % ± the wider side of its 95% CI):',
    textTable(matrixRows(r), { keys: 2 }),
    '',
    `Findings in self-play (every seat the same rung; 95% CI over games; fair share ${fmtPct(r.fairShare, 1)}):`,
    textTable(findingRows(r), { keys: 2 }),
  ];
  if (r.paired?.length) {
    out.push(
      '',
      'Paired findings (each rung against a changed version of itself, every rung on the same deals;',
      ' ± 95% half-width over deals; "n/a": not one of the game\'s own players):',
      textTable(pairedRows(r), { keys: 2 }),
      ...pairedLegend(r),
    );
  }
  if (r.seed !== undefined) out.push(`seed ${r.seed}, ${r.shardCount} shards`);
  return out.join('\n');
}

/** The CSV table: one row per rung (rating, interval, and the findings' means). */
export function ladderCsvRows(r: LadderResult): Row[] {
  return r.ratings.map((x) => ({
    rung: x.rung,
    player: x.player,
    elo: x.elo,
    eloLow: x.ci95[0],
    eloHigh: x.ci95[1],
    meanScore: x.meanScore,
    ...Object.fromEntries(r.findings.map((f) => [f.name, f.byRung[x.rung].mean])),
    ...Object.fromEntries((r.paired ?? []).map((f) => [f.name, f.byRung[x.rung].estimate])),
  }));
}

/**
 * The printed forms of tournaments, balance runs and their sweeps (text tables and CSV rows), the
 * same for every game.
 */
import { fmtNum, fmtPct, fmtPctCi, textTable, type Row } from '../core/format.js';
import type { MeanEstimate } from '../core/stats.js';
import { isMirror } from './balance-interval.js';
import type { MatchResult } from './match.js';

export type MatchMode = 'tournament' | 'balance';

const ci = (m: MeanEstimate, digits: number) => `${m.mean.toFixed(digits)} [${m.ci95[0].toFixed(digits)}, ${m.ci95[1].toFixed(digits)}]`;
/** a difference of proportions in percentage points, signed */
const points = (d: number) => `${d >= 0 ? '+' : '−'}${Math.abs(d * 100).toFixed(1)} pts`;

function header(r: MatchResult, mode: MatchMode): string {
  const who = mode === 'balance' && new Set(r.entrants.map((e) => e.player)).size === 1 ? `${r.players} × ${r.entrants[0].player}` : `${r.players} players`;
  const rotated = r.teams ? `the teams rotated, one win per team` : 'the seats rotated';
  return `${r.game} ${mode}: ${who}, ${fmtNum(r.deals, 0)} deals × ${r.teams ?? r.players} seatings = ${fmtNum(r.games, 0)} games\n` + `(duplicate deals: each deal replayed with ${rotated}${r.rules ? `; rules: ${r.rules}` : ''})`;
}

function seatRows(r: MatchResult): Row[] {
  return r.seats.map((s) => ({
    seat: s.seat,
    ...(s.role ? { role: s.role } : {}),
    'win rate': fmtPct(s.winRate.p, 1),
    [isMirror(r.entrants.map((e) => e.player)) ? '95% CI (by deal)' : '95% CI (Wilson)']: fmtPctCi(s.winRate.ci95),
    [`vs fair share ${fmtPct(1 / (r.teams ?? r.players), 1)}`]: points(s.advantage),
  }));
}

function gameLines(r: MatchResult): string[] {
  const lines = [
    `game length: ${ci(r.length, 1)} decisions per game`,
    `shared wins (draws, ties at the top): ${fmtPct(r.sharedWins.p, 1)} ${fmtPctCi(r.sharedWins.ci95)}`,
  ];
  if (r.leadChanges && r.margin) {
    lines.push(`lead changes per game: ${ci(r.leadChanges, 2)} (by running score)`);
    lines.push(`final margin, first − second by running score: ${ci(r.margin, 1)}`);
  } else lines.push('lead changes and margins: - (the game keeps no running score)');
  return lines;
}

export function matchText(r: MatchResult & { seed?: number; shardCount?: number }, mode: MatchMode): string {
  const out = [header(r, mode), ''];
  if (mode === 'tournament') {
    out.push(r.teams ? 'By entrant (partners share a result; each team plays every side of every deal):' : 'By entrant (each plays every seat of every deal):');
    out.push(textTable(r.entrants.map((e) => ({
      entrant: e.entrant,
      player: e.player,
      'win rate': fmtPct(e.winRate.p, 1),
      '95% CI (Wilson)': fmtPctCi(e.winRate.ci95),
      'se over deals': fmtPct(e.dealSe, 2),
      ...(e.score ? { 'score/game': ci(e.score, 2) } : {}),
    })), { keys: 2 }));
    out.push('');
    if (r.seats.some((s) => s.role)) {
      out.push('By entrant and role (win rate):');
      out.push(textTable(r.entrants.map((e) => ({ entrant: e.entrant, player: e.player, ...Object.fromEntries(r.seats.map((s) => [s.role ?? `seat ${s.seat}`, fmtPct(r.byEntrantAndSeat[e.entrant][s.seat], 1)])) })), { keys: 2 }));
      out.push('');
    }
  }
  out.push(r.teams ? 'By seat (every team on every side):' : 'By seat (every entrant in every seat):');
  out.push(textTable(seatRows(r), { keys: r.seats.some((s) => s.role) ? 2 : 1 }));
  out.push('');
  out.push(...gameLines(r));
  if (r.seed !== undefined) out.push(`seed ${r.seed}, ${r.shardCount} shards`);
  return out.join('\n');
}

/** The CSV table: one row per entrant (tournament) or per seat (balance). */
export function matchRows(r: MatchResult, mode: MatchMode): Row[] {
  if (mode === 'tournament') {
    return r.entrants.map((e) => ({ entrant: e.entrant, player: e.player, games: e.games, winRate: e.winRate.p, ciLow: e.winRate.ci95[0], ciHigh: e.winRate.ci95[1], dealSe: e.dealSe, score: e.score?.mean ?? null }));
  }
  return r.seats.map((s) => ({ seat: s.seat, role: s.role, games: s.games, winRate: s.winRate.p, ciLow: s.winRate.ci95[0], ciHigh: s.winRate.ci95[1], advantage: s.advantage }));
}

/** One row per swept value: the headline figures of each run. */
export function sweepRows(field: string, values: readonly number[], results: readonly MatchResult[], mode: MatchMode, forCsv: boolean): Row[] {
  return results.map((r, i) => {
    const row: Row = { [field]: values[i] };
    if (mode === 'tournament') {
      for (const e of r.entrants) {
        const key = `${e.entrant} ${e.player}`;
        row[forCsv ? `winRate ${key}` : `${key} win`] = forCsv ? e.winRate.p : `${fmtPct(e.winRate.p, 1)} ${fmtPctCi(e.winRate.ci95)}`;
      }
    } else {
      const s0 = r.seats[0];
      row[forCsv ? 'firstSeatWinRate' : 'first seat win [95% CI]'] = forCsv ? s0.winRate.p : `${fmtPct(s0.winRate.p, 1)} ${fmtPctCi(s0.winRate.ci95)}`;
      const worst = r.seats.reduce((a, b) => (Math.abs(b.advantage) > Math.abs(a.advantage) ? b : a));
      row[forCsv ? 'largestSeatAdvantage' : 'largest seat gap'] = forCsv ? worst.advantage : `seat ${worst.seat} ${points(worst.advantage)}`;
    }
    row[forCsv ? 'length' : 'decisions/game'] = forCsv ? r.length.mean : r.length.mean.toFixed(1);
    row[forCsv ? 'sharedWins' : 'shared wins'] = forCsv ? r.sharedWins.p : fmtPct(r.sharedWins.p, 1);
    if (r.leadChanges) row[forCsv ? 'leadChanges' : 'lead changes'] = forCsv ? r.leadChanges.mean : r.leadChanges.mean.toFixed(2);
    return row;
  });
}

export function sweepText(field: string, values: readonly number[], results: readonly MatchResult[], mode: MatchMode, seed: number): string {
  const r = results[0];
  const who = mode === 'balance' && new Set(r.entrants.map((e) => e.player)).size === 1 ? `${r.players} × ${r.entrants[0].player}` : r.entrants.map((e) => e.player).join(', ');
  return [
    `${r.game} ${mode} over ${field}: ${who}; ${fmtNum(r.deals, 0)} deals × ${r.teams ?? r.players} seatings per value (the same deals for every value)`,
    '',
    textTable(sweepRows(field, values, results, mode, false)),
    '',
    `seed ${seed}`,
  ].join('\n');
}

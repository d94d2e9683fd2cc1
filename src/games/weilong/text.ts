/** Plain-text rendering of a whole-game simulation result (CLI and `oddsmith merge`). */
import { fmtPct, textTable, type Row } from '../../core/format.js';
import type { GamesResult } from './summary.js';

const f = (x: number, d = 3) => (Number.isFinite(x) ? x.toFixed(d) : '-');
/** a percentage; a rate with no trials prints as NaN% in this output (as it always has) */
const pc = (p: number, d = 2) => (Number.isFinite(p) ? fmtPct(p, d) : `${p}%`);
const ci = (c: [number, number], d = 3) => `[${f(c[0], d)}, ${f(c[1], d)}]`;
const pct = (c: [number, number]) => `[${pc(c[0], 1)}, ${pc(c[1], 1)}]`;

export function simulateText(r: GamesResult): string {
  const out: string[] = [];
  out.push(`${r.games} games, ${r.players} players (${r.strategies.join(', ')})${r.rotate ? ', seats rotated game by game' : ', fixed seats'}`);
  out.push('', 'game win rate and final points by strategy (95% intervals; win rate Wilson):');
  out.push(textTable(r.byStrategy.map((s) => ({ strategy: s.strategy, seats: s.seats, 'win rate': pc(s.winRate.p, 2), 'win 95%': pct(s.winRate.ci95), 'mean points': f(s.meanPoints.mean, 2), 'points 95%': ci(s.meanPoints.ci95, 2) }))));
  out.push('', r.rotate
    ? 'by seat (strategies rotate through the seats, so this is the seat effect alone):'
    : 'by seat (each strategy keeps its seat: seat and strategy effects are not separated):');
  out.push(textTable(r.bySeat.map((s) => ({ seat: s.seat, ...(s.strategy === undefined ? {} : { strategy: s.strategy }), 'win rate': pc(s.winRate.p, 2), 'win 95%': pct(s.winRate.ci95), 'mean points': f(s.meanPoints.mean, 2), 'points 95%': ci(s.meanPoints.ci95, 2) }))));
  out.push('', 'by Son (per round, following the player dealt that Son for the round, also after a Fifth Son trade):');
  out.push(textTable(r.bySon.map((s) => ({
    Son: s.name,
    rounds: s.roundsHeld,
    'round win': pc(s.roundWinRate.p, 2),
    'win 95%': pct(s.roundWinRate.ci95),
    'five-of-element': s.elementEndings,
    Dragon: s.dragonEndings,
    'points/round': f(s.meanRoundPoints.mean, 3),
    'points 95%': ci(s.meanRoundPoints.ci95, 3),
    'uses/round': f(s.abilityUsesPerRound, 3),
    'game win if dealt in round 1': pc(s.startingSonGameWinRate.p, 2),
  }))));
  out.push('', `rounds: ${r.rounds.count}; mean length ${f(r.rounds.meanTurns.mean, 2)} turns ${ci(r.rounds.meanTurns.ci95, 2)}; ended by five-of-element ${r.roundEndings.element}, Dragon ${r.roundEndings.dragon}, stalled ${r.roundEndings.stalled}`);
  if (r.abilityWorth) {
    out.push('', 'ability worth (with minus without the ability, same seeds; per round the Son is in play):');
    out.push(textTable(r.abilityWorth.map((w) => ({
      Son: w.name,
      'round win change': `${w.roundWinRateChange.estimate >= 0 ? '+' : ''}${pc(w.roundWinRateChange.estimate, 2)}`,
      '95%': pct(w.roundWinRateChange.ci95),
      'points change': `${w.roundPointsChange.estimate >= 0 ? '+' : ''}${f(w.roundPointsChange.estimate, 3)}`,
      'points 95%': ci(w.roundPointsChange.ci95, 3),
    }))));
  }
  return out.join('\n');
}

/** The main simulate table rows (also the --csv output): one row per strategy, seat and Son. */
export function simulateRows(r: GamesResult): Row[] {
  const rows: Row[] = [];
  for (const s of r.byStrategy) rows.push({ group: 'strategy', key: s.strategy, n: s.playerGames, winRate: s.winRate.p, winLow: s.winRate.ci95[0], winHigh: s.winRate.ci95[1], meanPoints: s.meanPoints.mean, pointsLow: s.meanPoints.ci95[0], pointsHigh: s.meanPoints.ci95[1] });
  for (const s of r.bySeat) rows.push({ group: 'seat', key: s.strategy === undefined ? String(s.seat) : `${s.seat} (${s.strategy})`, n: s.winRate.n, winRate: s.winRate.p, winLow: s.winRate.ci95[0], winHigh: s.winRate.ci95[1], meanPoints: s.meanPoints.mean, pointsLow: s.meanPoints.ci95[0], pointsHigh: s.meanPoints.ci95[1] });
  for (const s of r.bySon) rows.push({ group: 'son-round', key: s.name, n: s.roundsHeld, winRate: s.roundWinRate.p, winLow: s.roundWinRate.ci95[0], winHigh: s.roundWinRate.ci95[1], meanPoints: s.meanRoundPoints.mean, pointsLow: s.meanRoundPoints.ci95[0], pointsHigh: s.meanRoundPoints.ci95[1] });
  return rows;
}


/** A balance sweep: Dracula's win rate at each value of one rules field, and the value closest to 50/50. */
import { fmtPct, fmtPctCi, textTable } from '../../core/format.js';
import type { Proportion } from '../../core/stats.js';
import type { GamesResult } from './kernels.js';

export interface SweepResult {
  field: string;
  dracula: string;
  helsing: string;
  points: { value: number; dracula: Proportion; helsing: Proportion; district: Proportion; rounds: Proportion; roundsPerGame: number }[];
  /** the value whose Dracula win rate is closest to 50%, and whether 50% lies in its interval */
  closest: { value: number; dracula: Proportion; fiftyInside: boolean };
  /** where Dracula's win rate crosses 50% between two neighbouring values (linear interpolation), if it does */
  crossing: number | null;
}

export function sweepResult(field: string, points: { value: number; result: GamesResult }[]): SweepResult {
  const ps = points.map(({ value, result: r }) => ({ value, dracula: r.draculaWins, helsing: r.helsingWins, district: r.endings.district, rounds: r.endings.rounds, roundsPerGame: r.roundsPerGame.mean }));
  let best = ps[0];
  for (const p of ps) if (Math.abs(p.dracula.p - 0.5) < Math.abs(best.dracula.p - 0.5)) best = p;
  let crossing: number | null = null;
  for (let i = 1; i < ps.length && crossing === null; i++) {
    const a = ps[i - 1], b = ps[i];
    if ((a.dracula.p - 0.5) * (b.dracula.p - 0.5) <= 0 && a.dracula.p !== b.dracula.p) crossing = a.value + ((0.5 - a.dracula.p) / (b.dracula.p - a.dracula.p)) * (b.value - a.value);
  }
  return {
    crossing,
    field,
    dracula: points[0].result.dracula,
    helsing: points[0].result.helsing,
    points: ps,
    closest: { value: best.value, dracula: best.dracula, fiftyInside: best.dracula.ci95[0] <= 0.5 && best.dracula.ci95[1] >= 0.5 },
  };
}

export function formatSweep(s: SweepResult): string {
  return [
    `Dracula ${s.dracula} vs Van Helsing ${s.helsing}, ${s.points[0].dracula.n} games at each ${s.field}:`,
    textTable(
      s.points.map((p) => ({
        [s.field]: String(p.value),
        'Dracula wins': fmtPct(p.dracula.p, 1),
        ci95: fmtPctCi(p.dracula.ci95),
        'full district': fmtPct(p.district.p, 1),
        survives: fmtPct(p.rounds.p, 1),
        'Van Helsing wins': fmtPct(p.helsing.p, 1),
        rounds: p.roundsPerGame.toFixed(2),
      })),
    ),
    `closest to 50/50: ${s.field} = ${s.closest.value}, Dracula wins ${fmtPct(s.closest.dracula.p, 1)} ${fmtPctCi(s.closest.dracula.ci95)}${s.closest.fiftyInside ? ' (50% inside its interval)' : ' (50% outside its interval)'}` +
      (s.crossing !== null ? `; the win rate crosses 50% near ${s.field} = ${s.crossing.toFixed(2)} (linear interpolation)` : ''),
  ].join('\n');
}

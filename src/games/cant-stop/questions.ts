/**
 * Can't Stop's named questions (src/report/question.ts): exact bust odds, asked by
 * `oddsmith cant-stop odds --columns / --all` and the workbench.
 */
import { fmtPct, textTable } from '../../core/format.js';
import { defineQuestion, type Question } from '../../report/question.js';
import { bustRolls, bustTable, type BustRow } from './exact.js';
import { columnSum } from './rules.js';
import { ROLLS } from './tables.js';

export interface BustParams {
  /** the runner columns (column indices, as parseSums gives them) */
  columns: number[];
  /** runners a player has under the rules */
  runners: number;
}
export interface BustResult { columns: number[]; bustRolls: number; rolls: number; bust: number }

export const bust = defineQuestion<BustParams, BustResult>({
  name: 'bust',
  summary: 'the exact chance that one roll busts with runners on given columns (of the 1296 rolls of four dice)',
  exact: true,
  answer: (p) => {
    const k = bustRolls(p.columns);
    return { columns: p.columns.map(columnSum).sort((a, b) => a - b), bustRolls: k, rolls: ROLLS, bust: k / ROLLS };
  },
  text: (r, p) => {
    const note = p.columns.length < p.runners ? `\n(with fewer than ${p.runners} runners placed a roll busts only when every sum is closed: this is the chance of missing these columns)` : '';
    return `runners on ${r.columns.join(', ')}: a roll busts in ${r.bustRolls} of ${r.rolls} = ${fmtPct(r.bust, 2)} (offers one of them ${fmtPct(1 - r.bust, 2)}), exact${note}`;
  },
  rows: (r) => [{ columns: r.columns.join(' '), bustRolls: r.bustRolls, bust: r.bust }],
});

export interface BustTableParams { runners: number }
export interface BustTableResult { runners: number; sets: BustRow[] }

export const bustOdds = defineQuestion<BustTableParams, BustTableResult>({
  name: 'bustOdds',
  summary: 'the exact bust chance of one roll for every set of runner columns, safest first',
  exact: true,
  answer: (p) => ({ runners: p.runners, sets: bustTable(p.runners) }),
  text: (r) => `bust chance of one roll with runners on each set of ${r.runners} columns, exact (of ${ROLLS} rolls), safest first\n` + textTable(r.sets.map((x) => ({ columns: x.sums.join(','), 'bust rolls': x.bustRolls, bust: fmtPct(x.bust, 2) }))),
  rows: (r) => r.sets.map((x) => ({ columns: x.sums.join(' '), bustRolls: x.bustRolls, bust: x.bust })),
});

/** Every question of the game, by name (the descriptor's `questions`). */
export const questions: Readonly<Record<string, Question<never, unknown>>> = { bust, bustOdds } as unknown as Record<string, Question<never, unknown>>;

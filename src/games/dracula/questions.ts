/**
 * Dracula's named questions (src/report/question.ts): the exact district odds that
 * `oddsmith dracula odds` (the fresh-deck table, one district with --card, a whole row with --row),
 * the balance page's districts-by-value chart and the workbench's Dracula tab ask.
 */
import { UserError } from '../../core/errors.js';
import { fmtPct, textTable, type Row } from '../../core/format.js';
import { defineQuestion, type Question } from '../../report/question.js';
import { cardText, SUIT_LETTERS } from './cards.js';
import { cardOdds as districtOdds, freshTable as freshRows, rowOdds as rowOddsOf, unseenOf, type CardOdds, type FreshRow, type RowOdds } from './exact.js';
import type { DraculaRules } from './rules.js';

/** The suits from lowest to trump, as the answers name the ranking: "R < G < B < Y". */
function rankingText(rules: DraculaRules, rankOf: ArrayLike<number>): string {
  return Array.from({ length: rules.suits }, (_, i) => SUIT_LETTERS[Array.prototype.indexOf.call(rankOf, i) as number]).join(' < ');
}

// ---------------------------------------------------------------- freshTable
export interface FreshTableParams { rules: DraculaRules }
export interface FreshTableResult { table: FreshRow[] }

export const freshTable = defineQuestion<FreshTableParams, FreshTableResult>({
  name: 'freshTable',
  summary: 'exact P(win) of a district by my card\'s value against a random other card of a fresh deck, trump and non-trump',
  exact: true,
  answer: (p) => ({ table: freshRows(p.rules) }),
  text: ({ table: t }, p) =>
    `P(win) of a district by my card against a random other card (fresh deck: ${p.rules.suits * p.rules.values - 1} unseen), exact\n` +
    textTable(t.map((r) => ({ value: String(r.value), trump: fmtPct(r.trump, 1), 'non-trump (avg)': fmtPct(r.nonTrump, 1), ...Object.fromEntries(r.byPosition.map((x, i) => [`${i + 1}${['st', 'nd', 'rd'][i] ?? 'th'} suit`, fmtPct(x, 1)])) }))) +
    `\n(non-trump columns by the suit's place on the track, 1st = lowest; average = a random ranking)`,
  rows: ({ table: t }) => t.map((r) => ({ value: r.value, trump: r.trump, nonTrump: r.nonTrump, ...Object.fromEntries(r.byPosition.map((x, i) => [`position${i + 1}`, x])) })),
});

// ---------------------------------------------------------------- cardOdds
export interface CardOddsParams {
  rules: DraculaRules;
  /** rank of each suit, 0 lowest … suits − 1 trump */
  rankOf: ArrayLike<number>;
  card: number;
  /** the opponent's card in the district, −1 unknown */
  opponent: number;
  /** every card whose place I know (my card or my whole hand, the opponent's, the others seen) */
  known: readonly number[];
  /** `known` holds my whole hand (one card per district), so the opponent's unknown cards are all among the unseen */
  wholeHand: boolean;
}
export type CardOddsResult = { ranking: string } & CardOdds;

export const cardOdds = defineQuestion<CardOddsParams, CardOddsResult>({
  name: 'cardOdds',
  summary: 'exact P(win) of one district: my card against the opponent\'s, known or any card not seen',
  exact: true,
  answer: (p) => {
    const unseen = unseenOf(p.rules, p.known);
    // the opponent's cards I have not seen are among the unseen ones
    const need = p.wholeHand ? p.rules.districts - (p.opponent >= 0 ? 1 : 0) : p.opponent >= 0 ? 0 : 1;
    if (unseen.length < need) throw new UserError(`too many cards seen: ${p.known.length} of ${p.rules.suits * p.rules.values} leave ${unseen.length} unseen, fewer than the opponent's ${need} unknown card${need === 1 ? '' : 's'}`);
    return { ranking: rankingText(p.rules, p.rankOf), ...districtOdds(p.rules, p.rankOf, p.card, unseen, p.opponent) };
  },
  text: (o, p) => {
    const note = p.wholeHand || o.opponent ? '' : '\n(without --hand my other cards count as unseen: give all my cards with --hand)';
    return `${o.card}${o.opponent ? ` against ${o.opponent}` : ` against the unknown card (${o.outOf} unseen)`}: P(win) = ${o.wins}/${o.outOf}${o.fraction === `${o.wins}/${o.outOf}` ? '' : ` = ${o.fraction}`} = ${fmtPct(o.p, 2)}\n(suits ranked ${o.ranking}, trump last)${note}`;
  },
  rows: (o): Row[] => [{ card: o.card, opponent: o.opponent ?? '', wins: o.wins, outOf: o.outOf, p: o.p }],
});

// ---------------------------------------------------------------- rowOdds
export interface RowOddsParams {
  rules: DraculaRules;
  rankOf: ArrayLike<number>;
  /** my card in each district */
  mine: readonly number[];
  /** the opponent's card in each district, −1 unknown */
  opponent: readonly number[];
  /** the other cards seen */
  seen: readonly number[];
}
export type RowOddsResult = { ranking: string } & RowOdds;

export const rowOdds = defineQuestion<RowOddsParams, RowOddsResult>({
  name: 'rowOdds',
  summary: 'a whole row exactly: each district\'s P(win), the expected districts won and their distribution, over every deal of the unseen cards',
  exact: true,
  answer: (p) => ({ ranking: rankingText(p.rules, p.rankOf), ...rowOddsOf(p.rules, p.rankOf, p.mine, p.opponent, p.seen) }),
  text: (r, p) =>
    [
      `row ${p.mine.map((c) => cardText(c, p.rules.values)).join(' ')} (ranking ${r.ranking}, trump last), exact over ${r.deals} deals of the unseen cards:`,
      textTable(r.districts.map((o, d) => ({ district: String(d + 1), card: o.card, against: o.opponent ?? 'unknown', 'P(win)': `${fmtPct(o.p, 1)}`, exact: `${o.wins}/${o.outOf}` }))),
      `expected districts won ${r.expected.toFixed(4)}`,
      textTable(r.distribution.map((x, k) => ({ 'districts won': String(k), probability: fmtPct(x, 2), exact: r.distributionFractions[k] }))),
    ].join('\n'),
  rows: (r) => r.districts.map((o, d) => ({ district: d + 1, card: o.card, opponent: o.opponent ?? '', p: o.p })),
});

/** Every question of the game, by name (the descriptor's `questions`). */
export const questions: Readonly<Record<string, Question<never, unknown>>> = { freshTable, cardOdds, rowOdds } as unknown as Record<string, Question<never, unknown>>;

/**
 * Cards are small integers: id = suit × values + (value − 1). The suit ranking is a permutation:
 * rankOf[suit] = position on the token track, the last position (suits − 1) is trump.
 */
import { UserError } from '../../core/errors.js';
import type { DraculaRules } from './rules.js';

export const SUIT_LETTERS = 'RGBYPOWK';

export const cardSuit = (id: number, values: number): number => (id / values) | 0;
export const cardValue = (id: number, values: number): number => (id % values) + 1;

/**
 * A card's strength under a ranking: trump first, then value, then the suit's position. Card a
 * beats card b exactly when strength(a) > strength(b); distinct cards never tie.
 */
export function strength(id: number, values: number, rankOf: ArrayLike<number>, suits: number): number {
  const s = (id / values) | 0;
  const r = rankOf[s];
  return (r === suits - 1 ? 4096 : 0) + ((id % values) + 1) * 16 + r;
}

export function beats(a: number, b: number, values: number, rankOf: ArrayLike<number>, suits: number): boolean {
  return strength(a, values, rankOf, suits) > strength(b, values, rankOf, suits);
}

export function cardText(id: number, values: number): string {
  return `${cardValue(id, values)}${SUIT_LETTERS[cardSuit(id, values)]}`;
}

/** "5R" → card id; suits are letters R G B Y (then P O W K for bigger decks). */
export function parseCard(text: string, rules: DraculaRules, what = 'card'): number {
  const m = /^(\d+)([A-Za-z])$/.exec(text.trim());
  const letters = SUIT_LETTERS.slice(0, rules.suits);
  if (!m) throw new UserError(`${what} ${JSON.stringify(text)}: expected value then suit letter, e.g. 5R (suits ${letters.split('').join(', ')}; values 1..${rules.values})`);
  const v = Number(m[1]), s = letters.indexOf(m[2].toUpperCase());
  if (v < 1 || v > rules.values) throw new UserError(`${what} ${JSON.stringify(text)}: value must be 1..${rules.values}`);
  if (s < 0) throw new UserError(`${what} ${JSON.stringify(text)}: suit must be one of ${letters.split('').join(', ')}`);
  return s * rules.values + v - 1;
}

/** "R,G,B,Y" lowest → highest (the last is trump) → rankOf per suit. */
export function parseRanking(text: string, rules: DraculaRules): Int8Array {
  const letters = SUIT_LETTERS.slice(0, rules.suits);
  const parts = text.split(',').map((p) => p.trim().toUpperCase());
  const rankOf = new Int8Array(rules.suits).fill(-1);
  if (parts.length !== rules.suits) throw new UserError(`--ranking ${JSON.stringify(text)}: list all ${rules.suits} suits lowest to highest, e.g. ${letters.split('').join(',')} (the last is trump)`);
  parts.forEach((p, i) => {
    const s = letters.indexOf(p);
    if (p.length !== 1 || s < 0) throw new UserError(`--ranking: ${JSON.stringify(p)} is not a suit (suits ${letters.split('').join(', ')})`);
    if (rankOf[s] >= 0) throw new UserError(`--ranking: suit ${p} given twice`);
    rankOf[s] = i;
  });
  return rankOf;
}

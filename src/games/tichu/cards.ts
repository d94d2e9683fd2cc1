import { UserError } from '../../core/errors.js';
import { splitList } from '../../core/parse.js';

/**
 * Card ids 0..55. Suited cards: id = (rank − 2)·4 + suit, rank 2..14 (A = 14), suit 0..3
 * (Jade, Sword, Pagoda, Star). Specials: 52 Mah Jong, 53 Dog, 54 Phoenix, 55 Dragon.
 *
 * Notation players can type: rank 2–9, T (or 10), J, Q, K, A followed by a suit letter
 * j (Jade), s (Sword), p (Pagoda), r (staR; `*` also accepted); specials by name or short code:
 * Mah Jong = MJ / 1 / mahjong, Dog = Dg / dog, Phoenix = Ph / phoenix, Dragon = Dr / dragon.
 * Case does not matter; cards are separated by spaces or commas. Printing uses the short codes.
 */
export const MAHJONG = 52;
export const DOG = 53;
export const PHOENIX = 54;
export const DRAGON = 55;
export const DECK_SIZE = 56;
export const SUITS = 'jspr';
export const SUIT_NAMES = ['Jade', 'Sword', 'Pagoda', 'Star'] as const;
const RANK_CHARS = '23456789TJQKA';

export function cardRank(id: number): number {
  return id < 52 ? (id >> 2) + 2 : 0;
}
export function cardSuit(id: number): number {
  return id < 52 ? id & 3 : -1;
}
export function cardId(rank: number, suit: number): number {
  return (rank - 2) * 4 + suit;
}
export function rankText(rank: number): string {
  return rank === 1 ? '1' : RANK_CHARS[rank - 2];
}

const SPECIAL_TEXT: Record<number, string> = { [MAHJONG]: 'MJ', [DOG]: 'Dg', [PHOENIX]: 'Ph', [DRAGON]: 'Dr' };
const SPECIAL_NAMES: Record<string, number> = {
  mj: MAHJONG, '1': MAHJONG, mahjong: MAHJONG, 'mah-jong': MAHJONG, mah_jong: MAHJONG,
  dg: DOG, dog: DOG,
  ph: PHOENIX, phoenix: PHOENIX, phx: PHOENIX,
  dr: DRAGON, dragon: DRAGON, drg: DRAGON,
};

export function cardText(id: number): string {
  if (id >= 52) return SPECIAL_TEXT[id];
  return RANK_CHARS[(id >> 2)] + SUITS[id & 3];
}

/** One card from its text, or a one-line error naming it. */
export function parseCard(token: string): number {
  const t = token.trim().toLowerCase();
  if (t in SPECIAL_NAMES) return SPECIAL_NAMES[t];
  const m = /^(10|[2-9tjqka])([jspr*])$/.exec(t);
  if (!m) throw new UserError(`unknown card "${token}" (cards look like As, Tj, 5p, 9r, or MJ, Dg, Ph, Dr)`);
  const rank = m[1] === '10' ? 10 : RANK_CHARS.indexOf(m[1].toUpperCase()) + 2;
  const suit = m[2] === '*' ? 3 : SUITS.indexOf(m[2]);
  return cardId(rank, suit);
}

/**
 * A list of cards: "As Kj 5p Dr Ph", separators spaces or commas ("Mah Jong" may be written with a
 * space). Duplicates are an error; `size` (a number or allowed numbers) checks the count.
 */
export function parseCards(text: string, size?: number | readonly number[], what = 'hand'): number[] {
  const cleaned = text.replace(/mah[\s-]+jong/gi, 'mahjong');
  // commas separate cards like spaces, but "Aj,,As" or a trailing comma is a typing mistake
  if (cleaned.includes(',')) splitList(cleaned, what);
  const tokens = cleaned.split(/[\s,]+/).filter((t) => t !== '');
  const cards: number[] = [];
  const seen = new Set<number>();
  for (const tok of tokens) {
    const c = parseCard(tok);
    if (seen.has(c)) throw new UserError(`${what}: card ${cardText(c)} appears twice (the deck has one of each)`);
    seen.add(c);
    cards.push(c);
  }
  if (size !== undefined) {
    const sizes = typeof size === 'number' ? [size] : size;
    if (!sizes.includes(cards.length)) {
      throw new UserError(`${what} must have ${sizes.join(' or ')} cards (got ${cards.length})`);
    }
  }
  return cards;
}

/** Cards in a canonical order (ranks ascending, suits j s p r, specials MJ Dg Ph Dr last). */
export function sortCards(cards: readonly number[]): number[] {
  return [...cards].sort((a, b) => a - b);
}

export function cardsText(cards: readonly number[]): string {
  return sortCards(cards).map(cardText).join(' ');
}

/** Card points (rules.cardPoints): 5 → five, 10 → ten, K → king, Dragon, Phoenix. */
export function cardPointTable(p: { five: number; ten: number; king: number; dragon: number; phoenix: number }): Int8Array {
  const t = new Int8Array(DECK_SIZE);
  for (let s = 0; s < 4; s++) {
    t[cardId(5, s)] = p.five;
    t[cardId(10, s)] = p.ten;
    t[cardId(13, s)] = p.king;
  }
  t[DRAGON] = p.dragon;
  t[PHOENIX] = p.phoenix;
  return t;
}

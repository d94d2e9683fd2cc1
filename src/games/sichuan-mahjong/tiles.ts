import { UserError } from '../../core/errors.js';
import type { Rng } from '../../core/rng.js';

/**
 * Tiles: 27 kinds, kind = suit × 9 + (rank − 1); suits m (characters) = 0, p (dots) = 1,
 * s (bamboo) = 2. A hand is a count vector (Uint8Array of 27, each 0..4).
 */
export const KINDS = 27;
export const SUIT_LETTERS = ['m', 'p', 's'] as const;
export type SuitLetter = (typeof SUIT_LETTERS)[number];

export const suitOf = (k: number): number => (k / 9) | 0;
export const rankOf = (k: number): number => (k % 9) + 1;
export const kindName = (k: number): string => `${rankOf(k)}${SUIT_LETTERS[suitOf(k)]}`;

export function suitIndex(letter: string, field: string): number {
  const i = SUIT_LETTERS.indexOf(letter as SuitLetter);
  if (i < 0) throw new UserError(`${field}: unknown suit ${JSON.stringify(letter)} (use m, p or s)`);
  return i;
}

/**
 * Parse "123m456p789s" (digits then their suit letter; groups may repeat, spaces allowed) into a
 * list of kinds, in the order written. Unknown letters, a trailing group without a suit letter and
 * ranks outside 1..9 are errors naming `field`.
 */
export function parseTileList(text: string, field: string): number[] {
  const out: number[] = [];
  let pending: number[] = [];
  for (const ch of text) {
    if (/\s/.test(ch)) {
      // a space may separate suit groups ("123m 456p"), not ranks from their suit letter: in
      // "111 234m" the 111 would silently take the m of a later group
      if (pending.length) throw new UserError(`${field}: ranks ${pending.join('')} have no suit letter before the space in ${JSON.stringify(text)} (write e.g. 111m234m or 111234m)`);
      continue;
    }
    if (ch >= '0' && ch <= '9') {
      if (ch === '0') throw new UserError(`${field}: rank 0 in ${JSON.stringify(text)} (ranks are 1..9)`);
      pending.push(Number(ch));
    } else {
      const suit = SUIT_LETTERS.indexOf(ch as SuitLetter);
      if (suit < 0) throw new UserError(`${field}: unknown suit letter ${JSON.stringify(ch)} in ${JSON.stringify(text)} (use m characters, p dots, s bamboo; no honours)`);
      if (!pending.length) throw new UserError(`${field}: suit letter ${ch} with no ranks before it in ${JSON.stringify(text)}`);
      for (const r of pending) out.push(suit * 9 + r - 1);
      pending = [];
    }
  }
  if (pending.length) throw new UserError(`${field}: ranks ${pending.join('')} have no suit letter in ${JSON.stringify(text)}`);
  return out;
}

export function countsOf(tiles: readonly number[]): Uint8Array {
  const c = new Uint8Array(KINDS);
  for (const t of tiles) c[t]++;
  return c;
}

/** Hand notation from counts, grouped by suit in m, p, s order: "1112345678999m". */
export function handText(counts: ArrayLike<number>): string {
  let out = '';
  for (let s = 0; s < 3; s++) {
    let g = '';
    for (let r = 0; r < 9; r++) g += String(r + 1).repeat(counts[s * 9 + r]);
    if (g) out += g + SUIT_LETTERS[s];
  }
  return out;
}

export function tileCount(counts: ArrayLike<number>): number {
  let n = 0;
  for (let i = 0; i < KINDS; i++) n += counts[i];
  return n;
}

export type MeldType = 'pung' | 'kong' | 'concealed-kong' | 'added-kong';
export const MELD_TYPES: readonly MeldType[] = ['pung', 'kong', 'concealed-kong', 'added-kong'];
export interface Meld {
  type: MeldType;
  kind: number;
}
export const meldSize = (m: Meld): number => (m.type === 'pung' ? 3 : 4);
export const isKong = (m: Meld): boolean => m.type !== 'pung';

/** One meld: "pung 5p", "kong 7s", "concealed-kong 2m" (also "ckong 2m", "added-kong 3p"). */
export function parseMeld(text: string, field: string): Meld {
  const m = /^\s*([a-z-]+)\s+([1-9])([a-z])\s*$/i.exec(text);
  if (!m) throw new UserError(`${field}: cannot read meld ${JSON.stringify(text)} (write e.g. "pung 5p", "kong 7s", "concealed-kong 2m")`);
  let type = m[1].toLowerCase();
  if (type === 'ckong' || type === 'concealed') type = 'concealed-kong';
  if (type === 'exposed-kong') type = 'kong';
  if (!MELD_TYPES.includes(type as MeldType)) throw new UserError(`${field}: unknown meld type ${JSON.stringify(m[1])} (pung, kong, concealed-kong, added-kong)`);
  const suit = SUIT_LETTERS.indexOf(m[3].toLowerCase() as SuitLetter);
  if (suit < 0) throw new UserError(`${field}: unknown suit letter ${JSON.stringify(m[3])} in meld ${JSON.stringify(text)}`);
  return { type: type as MeldType, kind: suit * 9 + Number(m[2]) - 1 };
}

export function parseMelds(text: string | readonly string[] | undefined, field = '--melds'): Meld[] {
  if (text === undefined) return [];
  // "" is no sets; otherwise every comma separates a set ("pung 5p,," is a typing mistake)
  const parts = typeof text === 'string' ? (text.trim() === '' ? [] : text.split(',')) : text;
  const melds = parts.map((p, i) => {
    if (typeof p !== 'string') throw new UserError(`${field}[${i}] must be a string like "pung 5p"`);
    return parseMeld(p, field);
  });
  if (melds.length > 4) throw new UserError(`${field}: at most 4 declared sets (got ${melds.length})`);
  return melds;
}

export const meldText = (m: Meld): string => `${m.type} ${kindName(m.kind)}`;

/**
 * A random hand of `n` tiles from the full 108-tile wall (a partial Fisher–Yates shuffle of
 * `wall`, which it refills), as counts per kind in `out`. Pass `wall` and `out` to reuse them.
 */
export function randomHand(rng: Rng, n: number, wall: Uint8Array = new Uint8Array(108), out: Uint8Array = new Uint8Array(KINDS)): Uint8Array {
  for (let i = 0; i < 108; i++) wall[i] = i >> 2;
  out.fill(0);
  for (let i = 0; i < n; i++) {
    const j = i + rng.below(108 - i);
    const t = wall[j]; wall[j] = wall[i]; wall[i] = t;
    out[t]++;
  }
  return out;
}

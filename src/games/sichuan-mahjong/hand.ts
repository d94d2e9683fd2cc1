import { UserError } from '../../core/errors.js';
import { KINDS, SUIT_LETTERS, countsOf, kindName, meldSize, parseMelds, parseTileList, suitIndex, type Meld } from './tiles.js';
import { shanten } from './shanten.js';

/** A player's position as a user describes it: concealed tiles, declared sets, void suit, tiles seen elsewhere. */
export interface HandSpec {
  hand: string;
  melds?: string | readonly string[];
  void?: string;
  seen?: string;
}

export interface Position {
  counts: Uint8Array;
  melds: Meld[];
  meldKinds: Uint8Array;
  meldSizes: Uint8Array;
  /** 0..2 */
  voidSuit: number;
  voidInferred: boolean;
  seen: Uint8Array;
  /** tiles of each kind not visible to the player: 4 − hand − sets − seen */
  live: Uint8Array;
  /** concealed tile count */
  size: number;
  /** 13 − 3·sets (waiting) or 14 − 3·sets (to discard) */
  form: 'waiting' | 'discard';
}

/**
 * Validate and build a position. Errors (one line each): unknown suit letters, a fifth copy of a
 * tile (hand, sets and seen together), a hand of the wrong size for its declared sets, a void
 * suit that a declared set uses.
 */
export function parsePosition(spec: HandSpec): Position {
  if (typeof spec.hand !== 'string') throw new UserError('hand must be a string like "1112345678999m"');
  const tiles = parseTileList(spec.hand, 'hand');
  const melds = parseMelds(spec.melds, 'melds');
  const seenTiles = spec.seen === undefined || spec.seen === '' ? [] : parseTileList(spec.seen, 'seen');
  const counts = countsOf(tiles);
  const seen = countsOf(seenTiles);
  const all = new Uint8Array(KINDS);
  for (let k = 0; k < KINDS; k++) all[k] = counts[k] + seen[k];
  for (const m of melds) all[m.kind] += meldSize(m);
  for (let k = 0; k < KINDS; k++) {
    if (all[k] > 4) throw new UserError(`tile ${kindName(k)} appears ${all[k]} times in hand, sets and seen tiles (there are only 4)`);
  }
  const n = tiles.length;
  const waitingSize = 13 - 3 * melds.length;
  if (n !== waitingSize && n !== waitingSize + 1) {
    throw new UserError(`hand has ${n} tiles; with ${melds.length} declared set${melds.length === 1 ? '' : 's'} it must have ${waitingSize} (waiting) or ${waitingSize + 1} (to discard)`);
  }
  let voidSuit: number;
  let voidInferred = false;
  if (spec.void !== undefined) {
    if (typeof spec.void !== 'string') throw new UserError('void must be one of m, p, s');
    voidSuit = suitIndex(spec.void.trim(), 'void');
    for (const m of melds) {
      if (((m.kind / 9) | 0) === voidSuit) throw new UserError(`void suit ${SUIT_LETTERS[voidSuit]} is used by the declared set ${m.type} ${kindName(m.kind)}`);
    }
  } else {
    voidSuit = inferVoid(counts, melds);
    voidInferred = true;
  }
  const live = new Uint8Array(KINDS);
  for (let k = 0; k < KINDS; k++) live[k] = 4 - all[k];
  const meldKinds = Uint8Array.from(melds.map((m) => m.kind));
  const meldSizes = Uint8Array.from(melds.map(meldSize));
  return { counts, melds, meldKinds, meldSizes, voidSuit, voidInferred, seen, live, size: n, form: n === waitingSize ? 'waiting' : 'discard' };
}

/**
 * The void suit when none is given: a suit the sets do not use, with the best shanten, then
 * the fewest tiles in hand.
 */
export function inferVoid(counts: Uint8Array, melds: readonly Meld[]): number {
  let best = -1, bestSh = 99, bestN = 99;
  for (let v = 0; v < 3; v++) {
    if (melds.some((m) => ((m.kind / 9) | 0) === v)) continue;
    const sh = shanten(counts, melds.length, v);
    let n = 0;
    for (let r = 0; r < 9; r++) n += counts[v * 9 + r];
    if (sh < bestSh || (sh === bestSh && n < bestN)) { best = v; bestSh = sh; bestN = n; }
  }
  if (best < 0) throw new UserError('the declared sets use all three suits: no suit is left to be void');
  return best;
}

/**
 * random — a legal-move baseline. Void: a random suit. Discards: a random tile of the hand
 * (a random void-suit tile while any is held, as the rules demand). Claims pungs and makes kongs
 * with probability ½. Always takes a win.
 */
import type { MahjongStrategy, TableView } from '../strategy.js';
import { holdsVoid } from '../shanten.js';

function randomTile(hand: Uint8Array, from: number, to: number, pick: number): number {
  for (let k = from; k < to; k++) {
    if (pick < hand[k]) return k;
    pick -= hand[k];
  }
  return -1;
}

/** Swap three: a random suit among those with three or more tiles, then three random tiles of it. */
function randomThree(t: TableView, seat: number, out: Uint8Array): void {
  const hand = t.hands[seat];
  let ok = 0, n = 0;
  for (let s = 0; s < 3; s++) {
    let c = 0;
    for (let r = 0; r < 9; r++) c += hand[s * 9 + r];
    if (c >= 3) { ok |= 1 << s; n++; }
  }
  let pick = t.rng.below(n), suit = 0;
  for (let s = 0; s < 3; s++) if (ok & (1 << s)) { if (pick === 0) { suit = s; break; } pick--; }
  const from = suit * 9;
  for (let i = 0; i < 3; i++) {
    let c = 0;
    for (let k = from; k < from + 9; k++) c += hand[k];
    const k = randomTile(hand, from, from + 9, t.rng.below(c));
    out[i] = k;
    hand[k]--;
  }
  for (let i = 0; i < 3; i++) hand[out[i]]++;
}

const DESCRIPTION = 'random void, random legal discard, claims and kongs with probability 1/2, always wins';

export const random: MahjongStrategy = {
  name: 'random',
  description: DESCRIPTION,
  usage: `random — ${DESCRIPTION}`,
  chooseSwap: randomThree,
  chooseVoid: (t: TableView) => t.rng.below(3),
  chooseDiscard: (t: TableView, seat: number) => {
    const hand = t.hands[seat];
    const v = t.voids[seat];
    let from = 0, to = 27;
    if (holdsVoid(hand, v)) { from = v * 9; to = from + 9; }
    let n = 0;
    for (let k = from; k < to; k++) n += hand[k];
    return randomTile(hand, from, to, t.rng.below(n));
  },
  wantPung: (t: TableView) => t.rng.below(2) === 0,
  wantKong: (t: TableView) => t.rng.below(2) === 0,
};

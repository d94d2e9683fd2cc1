/**
 * random — a legal-move baseline. Void: a random suit. Discards: a random tile of the hand
 * (a random void-suit tile while any is held, as the rules demand). Claims pungs and makes kongs
 * with probability ½. Always takes a win.
 */
import type { MahjongStrategy, TableView } from '../../src/games/sichuan-mahjong/strategy.js';
import { holdsVoid } from '../../src/games/sichuan-mahjong/shanten.js';

function randomTile(hand: Uint8Array, from: number, to: number, pick: number): number {
  for (let k = from; k < to; k++) {
    if (pick < hand[k]) return k;
    pick -= hand[k];
  }
  return -1;
}

const DESCRIPTION = 'random void, random legal discard, claims and kongs with probability 1/2, always wins';

export const random: MahjongStrategy = {
  name: 'random',
  description: DESCRIPTION,
  usage: `random — ${DESCRIPTION}`,
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

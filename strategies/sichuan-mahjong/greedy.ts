/**
 * greedy — the tile-efficiency player most guides teach.
 * Void: the suit with the fewest tiles. Discards: void-suit tiles first, then the tile whose
 * removal leaves the lowest shanten, ties broken by the most live tiles that improve the hand.
 * Claims a pung only when it lowers the shanten; makes any kong that does not raise it.
 */
import type { MahjongStrategy, TableView } from '../../src/games/sichuan-mahjong/strategy.js';
import { efficientDiscard, fewestTilesVoid, kongKeeps, pungImproves } from '../../src/games/sichuan-mahjong/strategy.js';

export const greedy: MahjongStrategy = {
  name: 'greedy',
  description: 'void = fewest tiles; discard for the lowest shanten, then most live improving tiles; pung only if it lowers shanten; kong if it does not raise it',
  chooseVoid: (t: TableView, seat: number) => fewestTilesVoid(t.hands[seat], 0),
  chooseDiscard: (t: TableView, seat: number) => efficientDiscard(t, seat),
  wantPung: (t: TableView, seat: number, tile: number) => pungImproves(t, seat, tile),
  wantKong: (t: TableView, seat: number, tile: number, kind: number) => kongKeeps(t, seat, tile, kind),
};

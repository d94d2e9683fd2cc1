/**
 * seer — not a fair player: a bound on what reading the table is worth. It plays as `greedy`
 * (void, swap, claims, kongs) but discards with every other hand in sight, as no person can: never
 * a tile another seat still playing would win on while any other discard is safe, and among the rest
 * the lowest shanten, then the most improving tiles still really in the wall (the others' concealed
 * tiles counted as gone). How far it gets above `greedy` bounds the gain any defence or tile reading
 * can bring (docs/sichuan-mahjong.md).
 */
import type { MahjongStrategy, TableView } from '../strategy.js';
import { holdsVoid, isWinningHand, shanten } from '../shanten.js';
import { fewestTilesVoid, kongKeeps, pungImproves, weakestThree } from './greedy.js';

/** tiles gone from the wall as the seer sees it: the table's and every other concealed hand's */
const gone = new Uint8Array(27);

/** Would a seat still playing (not `seat`) win on `tile`? */
function dealsIn(t: TableView, seat: number, tile: number): boolean {
  for (let s = 0; s < t.hands.length; s++) {
    if (s === seat || t.won[s]) continue;
    const h = t.hands[s];
    h[tile]++;
    const win = isWinningHand(h, t.nMelds[s], t.voids[s]);
    h[tile]--;
    if (win) return true;
  }
  return false;
}

/** Improving tiles still in the wall for a waiting-form hand of shanten `sh`. */
function liveImproving(hand: Uint8Array, nMelds: number, voidSuit: number, sh: number): number {
  let total = 0;
  for (let k = 0; k < 27; k++) {
    if (((k / 9) | 0) === voidSuit) continue;
    const u = 4 - hand[k] - gone[k];
    if (u <= 0) continue;
    hand[k]++;
    if (shanten(hand, nMelds, voidSuit) < sh) total += u;
    hand[k]--;
  }
  return total;
}

function seerDiscard(t: TableView, seat: number): number {
  const hand = t.hands[seat], v = t.voids[seat], nm = t.nMelds[seat];
  gone.set(t.visible);
  for (let s = 0; s < t.hands.length; s++) if (s !== seat) for (let k = 0; k < 27; k++) gone[k] += t.hands[s][k];
  const mustVoid = holdsVoid(hand, v);
  let best = -1, bestSafe = -1, bestSh = 99, bestImp = -1;
  for (let k = 0; k < 27; k++) {
    if (!hand[k] || (mustVoid && ((k / 9) | 0) !== v)) continue;
    const safe = dealsIn(t, seat, k) ? 0 : 1;
    hand[k]--;
    const sh = shanten(hand, nm, v);
    const imp = safe < bestSafe || (safe === bestSafe && sh > bestSh) ? -1 : liveImproving(hand, nm, v, sh);
    hand[k]++;
    if (safe > bestSafe || (safe === bestSafe && (sh < bestSh || (sh === bestSh && imp > bestImp)))) {
      best = k;
      bestSafe = safe;
      bestSh = sh;
      bestImp = imp;
    }
  }
  return best;
}

const DESCRIPTION = 'NOT FAIR, a bound: sees every hand; greedy that never deals in while a safe tile exists';

export const seer: MahjongStrategy = {
  name: 'seer',
  description: DESCRIPTION,
  usage: `seer — ${DESCRIPTION}`,
  chooseSwap: (t: TableView, seat: number, out: Uint8Array) => weakestThree(t.hands[seat], out),
  chooseVoid: (t: TableView, seat: number) => fewestTilesVoid(t.hands[seat], 0),
  chooseDiscard: seerDiscard,
  wantPung: (t: TableView, seat: number, tile: number) => pungImproves(t, seat, tile),
  wantKong: (t: TableView, seat: number, tile: number, kind: number) => kongKeeps(t, seat, tile, kind),
};

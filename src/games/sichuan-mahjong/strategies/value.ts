/**
 * value — steers toward the big patterns. Each decision it compares four plans by distance
 * (tiles still to exchange): the standard hand, a full flush in either non-void suit, seven
 * pairs (no sets declared) and all pungs; a plan is taken when its distance minus a bonus for
 * its fan (flush 1.5, seven pairs 1, all pungs 0.5) beats the standard hand. Discards minimise
 * the plan's distance, then the ordinary shanten, then maximise live improving tiles. Pungs:
 * always under the all-pungs plan, on flush-suit tiles under the flush plan, never under seven
 * pairs, else as greedy. Kongs as greedy.
 */
import type { MahjongStrategy, TableView } from '../strategy.js';
import { improvingCount, voidDiscard } from '../efficiency.js';
import { allPungsDistance, holdsVoid } from '../shanten.js';
import { IncrementalShanten } from '../suit-keys.js';
import { fewestTilesVoid, kongKeeps, pungImproves, weakestThree } from './greedy.js';

const PLAN_STD = 0, PLAN_FLUSH0 = 1, PLAN_SEVEN = 4, PLAN_PUNGS = 5;
// bonuses in tenths of a tile
const BONUS_FLUSH = 15, BONUS_SEVEN = 10, BONUS_PUNGS = 5;

/** The hand under examination, kept up to date one tile at a time (the suit-class incremental form). */
const inc = new IncrementalShanten();

/** A plan's distance for `hand`, which `inc` must hold. */
function planDistance(hand: Uint8Array, nm: number, v: number, plan: number): number {
  if (plan === PLAN_STD) {
    const s = inc.standardDistance(4 - nm, v);
    if (nm === 0) { const p = inc.sevenPairsDistance(v); return p < s ? p : s; }
    return s;
  }
  if (plan === PLAN_SEVEN) return inc.sevenPairsDistance(v);
  if (plan === PLAN_PUNGS) return allPungsDistance(hand, 4 - nm, v);
  return inc.suitDistance(plan - PLAN_FLUSH0, (4 - nm) * 2 + 1);
}

/** The plan for the seat's hand now (any form). */
function choosePlan(t: TableView, seat: number): number {
  const hand = t.hands[seat];
  const v = t.voids[seat], nm = t.nMelds[seat];
  inc.set(hand);
  let best = PLAN_STD;
  let bestScore = planDistance(hand, nm, v, PLAN_STD) * 10;
  for (let s = 0; s < 3; s++) {
    if (s === v) continue;
    // flush needs every declared set in the suit
    let ok = true;
    for (let j = 0; j < nm; j++) if (((t.meldKinds[seat * 4 + j] / 9) | 0) !== s) ok = false;
    if (!ok) continue;
    const sc = planDistance(hand, nm, v, PLAN_FLUSH0 + s) * 10 - BONUS_FLUSH;
    if (sc < bestScore) { best = PLAN_FLUSH0 + s; bestScore = sc; }
  }
  if (nm === 0) {
    const sc = planDistance(hand, nm, v, PLAN_SEVEN) * 10 - BONUS_SEVEN;
    if (sc < bestScore) { best = PLAN_SEVEN; bestScore = sc; }
  }
  // declared sets are all pungs or kongs, so all pungs is always still possible
  const sc = planDistance(hand, nm, v, PLAN_PUNGS) * 10 - BONUS_PUNGS;
  if (sc < bestScore) best = PLAN_PUNGS;
  return best;
}

const DESCRIPTION = 'like greedy, but steers toward full flush, seven pairs or all pungs when they are within reach';

export const value: MahjongStrategy = {
  name: 'value',
  description: DESCRIPTION,
  usage: `value — ${DESCRIPTION}`,
  chooseSwap: (t: TableView, seat: number, out: Uint8Array) => weakestThree(t.hands[seat], out),
  chooseVoid: (t: TableView, seat: number) => fewestTilesVoid(t.hands[seat], 0),
  chooseDiscard: (t: TableView, seat: number) => {
    const hand = t.hands[seat];
    const v = t.voids[seat], nm = t.nMelds[seat];
    if (holdsVoid(hand, v)) return voidDiscard(hand, v);
    const plan = choosePlan(t, seat); // leaves `inc` holding the hand
    let best = -1, bestKey = 1e9;
    for (let k = 0; k < 27; k++) {
      if (!hand[k]) continue;
      hand[k]--; inc.remove(k);
      const key = planDistance(hand, nm, v, plan) * 100 + (inc.shanten(nm, v) + 1) * 1;
      hand[k]++; inc.add(k);
      if (key < bestKey) { bestKey = key; best = k; }
    }
    // among equally good discards, the most live improving tiles
    let bestImp = -1, pick = best;
    for (let k = 0; k < 27; k++) {
      if (!hand[k]) continue;
      hand[k]--; inc.remove(k);
      const sh = inc.shanten(nm, v);
      const key = planDistance(hand, nm, v, plan) * 100 + (sh + 1) * 1;
      if (key === bestKey) {
        const imp = improvingCount(hand, nm, v, t.visible, sh);
        if (imp > bestImp) { bestImp = imp; pick = k; }
      }
      hand[k]++; inc.add(k);
    }
    return pick;
  },
  wantPung: (t: TableView, seat: number, tile: number) => {
    const plan = choosePlan(t, seat);
    if (plan === PLAN_SEVEN) return false;
    if (plan === PLAN_PUNGS) return true;
    if (plan >= PLAN_FLUSH0 && plan < PLAN_SEVEN) {
      if (((tile / 9) | 0) !== plan - PLAN_FLUSH0) return false;
      return true;
    }
    return pungImproves(t, seat, tile);
  },
  wantKong: (t: TableView, seat: number, tile: number, kind: number) => kongKeeps(t, seat, tile, kind),
};

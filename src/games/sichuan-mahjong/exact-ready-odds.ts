import type { SichuanRules } from './rules.js';
import { isWinningHand, shanten } from './shanten.js';
import { EV_LAST_TILE, Valuer } from './value.js';

/**
 * The model of `mahjong odds`: the chance that a hand wins before the wall runs out, and what it
 * earns. The unseen tiles (108 − hand − sets − seen) are shuffled; `tilesLeft` of them are drawn
 * in turn — the player first, then each of `opponents` opponents, and so on. An opponent discards
 * the tile it drew (opponents do not win or claim); the player wins on any such discard or on its
 * own draw. Not yet ready, the player discards by greedy tile efficiency (void tiles first);
 * once ready it keeps its waits. No kongs by the player. Points: a discard win is paid by the
 * discarder; a self-draw by every opponent (points + self-draw bonus each).
 * The Monte Carlo kernel (kernels.ts, `sichuan-mahjong.odds`) plays it for any hand; this file
 * solves it exactly for a hand that is ready now.
 */
export interface OddsParams {
  rules: SichuanRules;
  hand: number[];
  meldKinds: number[];
  meldSizes: number[];
  voidSuit: number;
  /** unseen copies per kind */
  live: number[];
  tilesLeft: number;
  opponents: number;
}

export interface ExactReadyOdds {
  winRate: number;
  selfDrawRate: number;
  discardWinRate: number;
  points: number;
}

/**
 * The same model solved exactly for a hand that is ready now (waiting form): the wall order is a
 * uniform random sequence of the unseen tiles; the first wait tile among the first `tilesLeft`
 * draws decides, by its position (whose draw) and kind (its value).
 */
export function exactReadyOdds(p: OddsParams): ExactReadyOdds | null {
  const nm = p.meldKinds.length;
  const size = p.hand.reduce((a, b) => a + b, 0);
  if (size !== 13 - 3 * nm) return null;
  const hand = Uint8Array.from(p.hand);
  if (shanten(hand, nm, p.voidSuit) !== 0) return null;
  const valuer = new Valuer(p.rules);
  const mk = Uint8Array.from(p.meldKinds), ms = Uint8Array.from(p.meldSizes);
  const waits: { w: number; plain: number; lastSelf: number; lastDisc: number }[] = [];
  for (let t = 0; t < 27; t++) {
    if (((t / 9) | 0) === p.voidSuit || p.live[t] === 0) continue;
    hand[t]++;
    if (isWinningHand(hand, nm, p.voidSuit)) {
      const plain = valuer.evaluate(hand, mk, ms, nm, p.voidSuit, 0);
      const last = valuer.evaluate(hand, mk, ms, nm, p.voidSuit, EV_LAST_TILE);
      waits.push({ w: p.live[t], plain, lastSelf: last, lastDisc: p.rules.lastTileIncludesDiscard ? last : plain });
    }
    hand[t]--;
  }
  if (!waits.length) return { winRate: 0, selfDrawRate: 0, discardWinRate: 0, points: 0 };
  const U = p.live.reduce((a, b) => a + b, 0);
  const W = waits.reduce((a, x) => a + x.w, 0);
  const K = p.opponents;
  let none = 1, self = 0, disc = 0, points = 0;
  for (let j = 0; j < p.tilesLeft; j++) {
    const isLast = j === p.tilesLeft - 1;
    const ours = j % (K + 1) === 0;
    for (const x of waits) {
      const pr = (none * x.w) / (U - j);
      if (ours) { self += pr; points += pr * valuer.selfDrawPayment(isLast ? x.lastSelf : x.plain) * K; }
      else { disc += pr; points += pr * (isLast ? x.lastDisc : x.plain); }
    }
    none *= (U - W - j) / (U - j);
  }
  return { winRate: self + disc, selfDrawRate: self, discardWinRate: disc, points };
}


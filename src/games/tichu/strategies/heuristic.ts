import { DOG, DRAGON, PHOENIX } from '../cards.js';
import { DRAGON_TOP, K_BOMB4, K_DOG, K_PASS, K_SINGLE } from '../engine.js';
import type { MoveList, TichuStrategy, TichuView } from '../strategy.js';

export interface HeuristicParams {
  /** call Grand Tichu when the 8-card hand strength (hand.ts) is at least this */
  grand: number;
  /** call Tichu when the 14-card hand strength is at least this */
  tichu: number;
  /** 1: after calling (Tichu or Grand Tichu), bomb an opponent who is winning a trick, to keep the lead; 0: bomb only to stop an opponent close to going out */
  callerBomb?: number;
}
// the thresholds `experiments/tichu-calls.json` finds best for this player (docs/tichu.md)
export const HEURISTIC_DEFAULTS: HeuristicParams = { grand: 2, tichu: 2.5 };

/** twice the rank of a move's top (single tops are already doubled values): integers only */
function topRank2(moves: MoveList, i: number): number {
  return moves.kind(i) === K_SINGLE ? moves.top(i) : 2 * moves.top(i);
}

/**
 * How much the heuristic likes a move (higher is better): shed many low cards, keep the Dragon,
 * the Phoenix and bombs, do not split pairs/triples/fours; going out beats everything.
 */
export function moveScore(v: TichuView, moves: MoveList, i: number): number {
  const k = moves.kind(i);
  if (k === K_PASS) return 0;
  const n = moves.cards(i);
  if (n === v.handSize(v.seat)) return 10000;
  // in half points (integers): 2 × (2·cards − rank − penalties)
  let s = 4 * n - topRank2(moves, i);
  if (k >= K_BOMB4) s -= 50;
  if (moves.phx(i)) s -= 16;
  if (k === K_SINGLE) {
    const c = moves.aux(i);
    if (c === DRAGON) s -= 12;
    else if (c < 52 && v.rankCount((c >> 2) + 2) >= 2) s -= 6 * (v.rankCount((c >> 2) + 2) - 1);
  } else if (k !== K_DOG && k < K_BOMB4 && moves.len(i) <= 3) {
    const r = moves.top(i);
    if (v.rankCount(r) === 4) s -= 24;
  }
  return s;
}

export class HeuristicStrategy implements TichuStrategy {
  readonly name: string;
  // thresholds in quarter points, integers, so the comparison never boxes a double
  private readonly grandQ: number;
  private readonly tichuQ: number;
  private readonly callerBomb: boolean;
  constructor(readonly params: HeuristicParams = HEURISTIC_DEFAULTS) {
    this.name = `heuristic`;
    this.grandQ = Math.ceil(params.grand * 4) | 0;
    this.tichuQ = Math.ceil(params.tichu * 4) | 0;
    this.callerBomb = (params.callerBomb ?? 0) !== 0;
  }
  grandTichu(v: TichuView): boolean {
    return v.call(v.partner) === 0 && v.strengthQuarters() >= this.grandQ;
  }
  tichu(v: TichuView): boolean {
    return v.call(v.partner) === 0 && v.strengthQuarters() >= this.tichuQ;
  }

  pass(v: TichuView, out: Int32Array): void {
    const iCalled = v.call(v.seat) !== 0;
    const partnerCalled = v.call(v.partner) !== 0;
    // to the partner: the best card (Dragon, else the highest) unless I called; then my worst
    let best = -1, bestVal = -1, worst = -1, worstVal = 999, second = -1, secondVal = 999;
    for (let c = 0; c < 56; c++) {
      if (!v.holds(c)) continue;
      // card value in half points (integers): cards in pairs/triples/fours are worth keeping,
      // 5s and 10s are not handed to opponents
      let val: number;
      if (c === DRAGON) val = 40;
      else if (c === PHOENIX) val = 36;
      else if (c === DOG) val = 1;
      else if (c === 52) val = 2;
      else {
        const r = (c >> 2) + 2;
        val = 2 * r + (v.rankCount(r) - 1) * 8;
        if (r === 5 || r === 10) val += 3;
      }
      if (val > bestVal) { bestVal = val; best = c; }
      if (val < worstVal) { secondVal = worstVal; second = worst; worstVal = val; worst = c; } else if (val < secondVal) { secondVal = val; second = c; }
    }
    let toPartner = best;
    if (iCalled && !partnerCalled) {
      // keep my strength: give the partner my third-worst card
      toPartner = -1;
      let v3 = 999;
      for (let c = 0; c < 56; c++) {
        if (!v.holds(c) || c === worst || c === second) continue;
        const val = c >= 52 ? (c === DRAGON ? 40 : c === PHOENIX ? 36 : 2) : 2 * ((c >> 2) + 2) + (v.rankCount((c >> 2) + 2) - 1) * 8;
        if (val < v3) { v3 = val; toPartner = c; }
      }
    }
    if (toPartner === worst || toPartner === second) {
      // hand of 14 always has a third card; pick any other
      for (let c = 0; c < 56; c++) if (v.holds(c) && c !== worst && c !== second) { toPartner = c; break; }
    }
    out[0] = worst; out[1] = toPartner; out[2] = second;
  }

  play(v: TichuView, moves: MoveList): number {
    const leading = moves.kind(0) !== K_PASS;
    const me = v.seat;
    if (leading) {
      // the Dog gives the lead to a partner who called or is closer to going out
      for (let i = 0; i < moves.n; i++) {
        if (moves.kind(i) === K_DOG && !v.isOut(v.partner) && (v.call(v.partner) !== 0 || v.handSize(v.partner) < v.handSize(me) - 2) && v.call(me) === 0) return i;
      }
      let bi = 0, bs = -1000000;
      for (let i = 0; i < moves.n; i++) {
        const s = moveScore(v, moves, i);
        if (s > bs) { bs = s; bi = i; }
      }
      return bi;
    }
    const tp = v.trickPlayer();
    const partnerWinning = tp === v.partner;
    // go out whenever possible
    for (let i = 1; i < moves.n; i++) if (moves.cards(i) === v.handSize(me) && !(partnerWinning && moves.kind(i) >= K_BOMB4)) return i;
    if (partnerWinning) return 0;
    const oppCards = v.handSize(tp);
    const urgent = oppCards <= 3 || v.call(tp) !== 0 || v.call(me) !== 0 || v.trickPointsOnTable() >= 20;
    let bi = 0, bs = -1000000;
    for (let i = 1; i < moves.n; i++) {
      const k = moves.kind(i);
      if (k >= K_BOMB4) continue;
      const special = moves.phx(i) !== 0 || (k === K_SINGLE && moves.top(i) === DRAGON_TOP);
      if (special && !urgent) continue;
      if (k === K_SINGLE && moves.top(i) >= 26 && !urgent && v.handSize(me) > 6 && v.trickTop() < 20) continue; // keep aces for later
      const s = moveScore(v, moves, i);
      if (s > bs) { bs = s; bi = i; }
    }
    if (bi === 0 && urgent && (oppCards <= 2 || (this.callerBomb && v.call(me) !== 0))) return this.smallestBomb(moves);
    return bi;
  }

  private smallestBomb(moves: MoveList): number {
    let bi = 0, bt = 1000000;
    for (let i = 0; i < moves.n; i++) {
      if (moves.kind(i) < K_BOMB4) continue;
      const t = (moves.kind(i) - K_BOMB4) * 1000 + moves.len(i) * 20 + moves.top(i);
      if (t < bt) { bt = t; bi = i; }
    }
    return bi;
  }

  bomb(v: TichuView, moves: MoveList): number {
    const tp = v.trickPlayer();
    if (tp === v.partner || tp === v.seat) return -1;
    const threat = v.handSize(tp) <= 2 || (this.callerBomb && v.call(v.seat) !== 0) || (v.call(tp) !== 0 && v.handSize(tp) <= 6) || (v.trickKind() === K_SINGLE && v.trickTop() === DRAGON_TOP && v.call(v.partner) !== 0);
    if (!threat) return -1;
    const i = this.smallestBomb(moves);
    return moves.kind(i) >= K_BOMB4 ? i : -1;
  }

  wish(v: TichuView): number {
    for (let r = 14; r >= 2; r--) if (v.rankCount(r) === 0) return r;
    return 0;
  }

  dragonTo(v: TichuView): number {
    const a = (v.seat + 1) & 3, b = (v.seat + 3) & 3;
    // the opponent further from going out (an out opponent's team mate may still be playing)
    if (v.isOut(a)) return a;
    if (v.isOut(b)) return b;
    return v.handSize(a) >= v.handSize(b) ? a : b;
  }
}

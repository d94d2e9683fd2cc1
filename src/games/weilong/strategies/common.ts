/**
 * Building blocks the Weilong strategies share: what to set aside for each goal, and how the
 * abilities that act on another player pick "the most threatening opponent".
 * Everything reads the view (strategy.ts) and allocates nothing.
 */
import { THIRD_SON, type WeilongView } from '../strategy.js';

/**
 * How threatening card t is: its progress toward an open goal (dice collected toward five of its
 * element or a Dragon) first, then how well its holder stands in the game (lower total = more
 * threatening). -1 if t is not in play.
 */
export function threat(v: WeilongView, t: number): number {
  const p = v.holder[t];
  if (p < 0) return -1;
  return (v.progress(t) + 1) * 10000 + Math.max(0, 9999 - v.score[p]);
}

/**
 * The most threatening opponent of card c that has something to act on:
 * need = 0: any Collected die; need = 2: a Collected 2. Returns a card or -1.
 */
export function mostThreatening(v: WeilongView, c: number, need: number): number {
  let best = -1, bestT = -1;
  for (let t = 0; t < 5; t++) {
    if (t === c || v.holder[t] < 0) continue;
    if (need === 2 ? v.col[t * 8 + 2] === 0 : v.ncol[t] === 0) continue;
    const th = threat(v, t);
    if (th > bestT) {
      bestT = th;
      best = t;
    }
  }
  return best;
}

/** Set aside every element die in the roll (if five of the element is still open), and convert 6s into 3s for the Third Son. */
export function takeElement(v: WeilongView, c: number): void {
  if (!v.elementOpen(c)) return;
  const e = c + 1;
  let room = 5 - v.ncol[c];
  const k = Math.min(v.roll[e], room);
  v.take[e] = k;
  room -= k;
  if (c === THIRD_SON) v.convert = Math.min(v.maxConvert, room);
}

/** Set aside one die of each face 1..5 the Dragon still lacks (a 6 becomes the missing 3 for the Third Son). */
export function takeDragon(v: WeilongView, c: number): void {
  if (!v.dragonOpen(c)) return;
  const b = c * 8;
  for (let f = 1; f <= 5; f++) if (v.col[b + f] === 0 && v.roll[f] > 0) v.take[f] = 1;
  if (c === THIRD_SON && v.col[b + 3] === 0 && v.take[3] === 0 && v.maxConvert > 0) v.convert = 1;
}

/** Dice the element goal still needs after the best take from this roll (99 if the goal is closed). */
export function elementNeed(v: WeilongView, c: number): number {
  if (!v.elementOpen(c)) return 99;
  const have = v.col[c * 8 + c + 1] + v.roll[c + 1] + (c === THIRD_SON ? v.maxConvert : 0);
  return Math.max(0, 5 - have);
}

/** Dice the Dragon still needs after the best take from this roll (99 if the goal is closed). */
export function dragonNeed(v: WeilongView, c: number): number {
  if (!v.dragonOpen(c)) return 99;
  const b = c * 8;
  let have = 0;
  for (let f = 1; f <= 5; f++) if (v.col[b + f] > 0 || v.roll[f] > 0 || (f === 3 && c === THIRD_SON && v.maxConvert > 0)) have++;
  return 5 - have;
}

/** Highest progress among card c's opponents (-1 if none). */
export function maxOpponentProgress(v: WeilongView, c: number): number {
  let m = -1;
  for (let t = 0; t < 5; t++) if (t !== c && v.holder[t] >= 0) m = Math.max(m, v.progress(t));
  return m;
}

/**
 * Fifth Son: trade with the most threatening opponent when their position is clearly better than
 * ours (two dice further on, or one die further on and fewer points). -1: no trade.
 */
export function fifthTradeTarget(v: WeilongView, c: number): number {
  let best = -1, bestT = -1;
  for (let t = 0; t < 5; t++) {
    if (t === c || v.holder[t] < 0) continue;
    const th = threat(v, t);
    if (th > bestT) {
      bestT = th;
      best = t;
    }
  }
  if (best < 0) return -1;
  const mine = v.progress(c), theirs = v.progress(best);
  if (theirs >= mine + 2 || (theirs >= mine + 1 && v.collectedPips(best) < v.collectedPips(c))) return best;
  return -1;
}

/**
 * Fifth Son's collect step: if this roll allows a trade and one is worth it, remember the target
 * (v.memo[0]) and set aside every rolled die, so the card handed over carries the most points.
 * Returns true if it did so.
 */
export function prepareTrade(v: WeilongView, c: number): boolean {
  v.memo[0] = -1;
  if (!v.canTrade) return false;
  const t = fifthTradeTarget(v, c);
  if (t < 0) return false;
  v.memo[0] = t;
  takeAllForTrade(v, c);
  return true;
}

/** The target prepareTrade chose for this roll (-1: none). */
export function tradeTarget(v: WeilongView): number {
  return v.memo[0];
}

/** Set aside every rolled die (as many as fit) — but not the triggering 6s when the rules keep them out of the trade. */
export function takeAllForTrade(v: WeilongView, c: number): void {
  let room = 5 - v.ncol[c];
  v.convert = 0;
  for (let f = 6; f >= 1 && room > 0; f--) {
    const k = Math.min(f === 6 ? v.roll[6] - v.tradeKeepsSixes : v.roll[f], room);
    v.take[f] = k;
    room -= k;
  }
}

/**
 * Second Son: (ownFix) if his Dragon is blocked only by a second 2, change that 2 into the
 * smallest face the Dragon lacks (the rules page's example); otherwise turn the most threatening
 * opponent's Collected 2 into a 6 (their Dragon is broken and they carry 4 more points). -1: none.
 */
export function secondSonChoice(v: WeilongView, c: number, ownFix: boolean): number {
  const b = c * 8, col = v.col;
  if (ownFix && col[b + 2] === 2 && col[b + 6] === 0 && v.ncol[c] >= 3) {
    let ok = true;
    for (let f = 1; f <= 5; f++) if (f !== 2 && col[b + f] > 1) ok = false;
    if (ok) for (let f = 1; f <= 5; f++) if (f !== 2 && col[b + f] === 0) return c * 8 + f;
  }
  const t = mostThreatening(v, c, 2);
  return t >= 0 ? t * 8 + 6 : -1;
}

/**
 * Fourth Son: return a die from the most threatening opponent when they are close (3+ dice toward
 * a goal, at least as far as we are) — their element die, or their lowest die for a Dragon;
 * otherwise one of his own dice that blocks both his goals (highest first); otherwise an opponent
 * one die from finishing. -1: none.
 */
export function fourthSonChoice(v: WeilongView, c: number): number {
  const t = mostThreatening(v, c, 0);
  const theirs = t >= 0 ? v.progress(t) : -1;
  const mine = v.progress(c);
  if (t >= 0 && theirs >= 3 && theirs >= mine) return t * 8 + opponentDie(v, t);
  if (mine < 0) {
    const b = c * 8;
    for (let f = 6; f >= 1; f--) if (f !== c + 1 && v.col[b + f] > 0) return c * 8 + f;
  }
  if (t >= 0 && theirs >= 4) return t * 8 + opponentDie(v, t);
  return -1;
}

function opponentDie(v: WeilongView, t: number): number {
  const b = t * 8;
  if (v.elementOpen(t) && v.col[b + t + 1] > 0) return t + 1;
  for (let f = 1; f <= 6; f++) if (v.col[b + f] > 0) return f;
  return 1;
}

import { Rng } from '../../../core/rng.js';
import { DOG, DRAGON, MAHJONG, PHOENIX } from '../cards.js';
import { DRAGON_TOP, Engine, K_BOMB4, K_DOG, K_PASS, K_SINGLE } from '../engine.js';
import type { TichuRules } from '../rules.js';
import type { MoveList, TichuStrategy, TichuView } from '../strategy.js';
import { moveScore } from './heuristic.js';
import { SearchStrategy } from './search.js';

export interface ExpertParams {
  /** rollouts per in-turn play (the search of search.ts, with the team player below in the rollouts) */
  budget: number;
  /** call Tichu when the estimated P(going out first) with the call is at least this */
  tichu: number;
  /** call Grand Tichu when the estimated P(going out first) from the first 8 cards is at least this */
  grand: number;
  /** rollouts per call decision */
  callRollouts: number;
}
// tichu / grand: the P(first out) thresholds that put expert self-play near people's call rates
// (13.9% / 7.8% of hands, src/games/tichu/reference.ts); docs/tichu.md has the measurement
export const EXPERT_DEFAULTS: ExpertParams = { budget: 24, tichu: 0.55, grand: 0.45, callRollouts: 32 };
// hands below these hand-strength scores (quarter points, hand.ts) never call: no rollouts spent on them
const TICHU_PREFILTER_Q = 4;
const GRAND_PREFILTER_Q = 4;
// a hand this strong (quarter points) keeps its best card instead of passing it to the partner
const KEEP_BEST_Q = 10;
// with this many cards or fewer (bomb included) and nobody out, the team player bombs an opponent's trick to take the lead
const RACE_CARDS = 9;
// against an opponent's call the P(first out) threshold rises by this much
const OPPONENT_CALL_MARGIN = 0.2;

/**
 * The expert's team play, without search: the heuristic's shedding order, but it never reads its
 * own call (a call changes only the score and what the others see), supports a partner who called
 * (the Dog, bombs on opponents who win tricks, hard play against the opponents) and fights an
 * opponent who called. Never calls: it is also the rollout player of the expert's searches.
 */
export class TeamPlayer implements TichuStrategy {
  readonly name = 'expert-team';
  grandTichu(): boolean { return false; }
  tichu(): boolean { return false; }

  pass(v: TichuView, out: Int32Array): void {
    // the best card to the partner, unless the hand is strong enough to go out first itself and
    // the partner has not called: then a middling card
    const keep = v.call(v.partner) === 0 && v.strengthQuarters() >= KEEP_BEST_Q;
    let best = -1, bestVal = -1, worst = -1, worstVal = 999, second = -1, secondVal = 999;
    for (let c = 0; c < 56; c++) {
      if (!v.holds(c)) continue;
      const val = cardValue(v, c);
      if (val > bestVal) { bestVal = val; best = c; }
      if (val < worstVal) { secondVal = worstVal; second = worst; worstVal = val; worst = c; } else if (val < secondVal) { secondVal = val; second = c; }
    }
    let toPartner = best;
    if (keep) {
      let v3 = 999;
      for (let c = 0; c < 56; c++) {
        if (!v.holds(c) || c === worst || c === second) continue;
        const val = cardValue(v, c);
        if (val < v3) { v3 = val; toPartner = c; }
      }
    }
    out[0] = worst; out[1] = toPartner; out[2] = second;
  }

  play(v: TichuView, moves: MoveList): number {
    const me = v.seat, partner = v.partner;
    const partnerLive = !v.isOut(partner) && v.call(partner) !== 0 && v.outCount() === 0;
    if (moves.kind(0) !== K_PASS) {
      for (let i = 0; i < moves.n; i++) {
        if (moves.kind(i) === K_DOG && !v.isOut(partner) && (partnerLive || v.handSize(partner) < v.handSize(me) - 2)) return i;
      }
      // a partner who called gets a low single to take over (unless this lead goes out)
      if (partnerLive) {
        let li = -1;
        for (let i = 0; i < moves.n; i++) {
          if (moves.cards(i) === v.handSize(me)) return i;
          if (moves.kind(i) === K_SINGLE && moves.phx(i) === 0 && moves.top(i) < 20 && (li < 0 || moves.top(i) < moves.top(li))) li = i;
        }
        if (li >= 0) return li;
      }
      let bi = 0, bs = -1000000;
      for (let i = 0; i < moves.n; i++) {
        const s = moveScore(v, moves, i);
        if (s > bs) { bs = s; bi = i; }
      }
      return bi;
    }
    const tp = v.trickPlayer();
    const partnerWinning = tp === partner;
    for (let i = 1; i < moves.n; i++) if (moves.cards(i) === v.handSize(me) && !(partnerWinning && moves.kind(i) >= K_BOMB4)) return i;
    if (partnerWinning) return 0;
    const oppCards = v.handSize(tp);
    const urgent = oppCards <= 3 || v.call(tp) !== 0 || partnerLive || v.trickPointsOnTable() >= 20;
    let bi = 0, bs = -1000000;
    for (let i = 1; i < moves.n; i++) {
      const k = moves.kind(i);
      if (k >= K_BOMB4) continue;
      const special = moves.phx(i) !== 0 || (k === K_SINGLE && moves.top(i) === DRAGON_TOP);
      if (special && !urgent) continue;
      if (k === K_SINGLE && moves.top(i) >= 26 && !urgent && v.handSize(me) > 6 && v.trickTop() < 20) continue;
      const s = moveScore(v, moves, i);
      if (s > bs) { bs = s; bi = i; }
    }
    if (bi === 0 && (oppCards <= 2 || (v.call(tp) !== 0 && oppCards <= 6) || (partnerLive && oppCards <= 8) ||
      (v.outCount() === 0 && v.handSize(me) <= RACE_CARDS && v.call(partner) === 0))) return smallestBomb(moves);
    return bi;
  }

  bomb(v: TichuView, moves: MoveList): number {
    const tp = v.trickPlayer();
    if (tp === v.partner || tp === v.seat) return -1;
    const partnerLive = !v.isOut(v.partner) && v.call(v.partner) !== 0 && v.outCount() === 0;
    // also: racing for first out (nobody out, few cards left) — a bomb wins the lead for the last combinations
    const threat = v.handSize(tp) <= 2 || (v.call(tp) !== 0 && v.handSize(tp) <= 8) ||
      (partnerLive && (v.handSize(tp) <= 8 || (v.trickKind() === K_SINGLE && v.trickTop() === DRAGON_TOP))) ||
      (v.outCount() === 0 && v.handSize(v.seat) <= RACE_CARDS && v.call(v.partner) === 0);
    if (!threat) return -1;
    const i = smallestBomb(moves);
    return moves.kind(i) >= K_BOMB4 ? i : -1;
  }

  wish(v: TichuView): number {
    for (let r = 14; r >= 2; r--) if (v.rankCount(r) === 0) return r;
    return 0;
  }

  dragonTo(v: TichuView): number {
    const a = (v.seat + 1) & 3, b = (v.seat + 3) & 3;
    if (v.isOut(a)) return a;
    if (v.isOut(b)) return b;
    // an opponent who called and is still in gets nothing that helps; otherwise the one further from out
    if (v.call(a) !== 0 && v.call(b) === 0) return b;
    if (v.call(b) !== 0 && v.call(a) === 0) return a;
    return v.handSize(a) >= v.handSize(b) ? a : b;
  }
}

/** a card's worth to its holder in half points (the heuristic's pass values): pairs and up are worth keeping */
function cardValue(v: TichuView, c: number): number {
  if (c === DRAGON) return 40;
  if (c === PHOENIX) return 36;
  if (c === DOG) return 1;
  if (c === MAHJONG) return 2;
  const r = (c >> 2) + 2;
  let val = 2 * r + (v.rankCount(r) - 1) * 8;
  if (r === 5 || r === 10) val += 3;
  return val;
}

function smallestBomb(moves: MoveList): number {
  let bi = 0, bt = 1000000;
  for (let i = 0; i < moves.n; i++) {
    if (moves.kind(i) < K_BOMB4) continue;
    const t = (moves.kind(i) - K_BOMB4) * 1000 + moves.len(i) * 20 + moves.top(i);
    if (t < bt) { bt = t; bi = i; }
  }
  return bi;
}

/**
 * The expert: card play by determinized rollouts (search.ts) with the team player in the
 * rollouts; passing, bombs out of turn, wishes and Dragon gifts by the team player. Calls from a
 * rollout estimate of P(going out first) with the call: Grand Tichu from the first 8 cards (the
 * rest of the round dealt at random and played out), Tichu once after the exchange, when the 14
 * cards are known (the rules let a player call until its first card), from redeals of the hidden
 * cards consistent with what the seat knows. It never reads its own call, so its play is the same
 * whether or not it called.
 */
export class ExpertStrategy implements TichuStrategy {
  readonly name = 'expert';
  private readonly team = new TeamPlayer();
  private readonly search: SearchStrategy;
  private readonly grandScratch: Engine;
  private readonly tichuScratch: Engine;
  private readonly tichuQ: number;
  private readonly grandQ: number;
  private readonly tichuQHigh: number;
  private readonly grandQHigh: number;
  // the Tichu decision is made once a round (after the exchange); later offers repeat it
  private readonly decidedKey = new Int32Array(7).fill(-2);
  private decided = false;

  constructor(rules: TichuRules, private readonly rng: Rng, readonly params: ExpertParams) {
    this.search = new SearchStrategy(rules, rng, params.budget, { grand: 99, tichu: 99 }, this.team);
    const t = this.team;
    this.grandScratch = new Engine(rules, [t, t, t, t], rng);
    this.tichuScratch = new Engine(rules, [t, t, t, t], new Rng(1));
    // thresholds as rollout counts (integers: no doubles compared in the play loop)
    this.tichuQ = Math.ceil(params.tichu * params.callRollouts);
    // Grand Tichu: twice the rollouts (the 6 cards still to come add noise)
    this.grandQ = Math.ceil(params.grand * 2 * params.callRollouts);
    this.tichuQHigh = Math.ceil((params.tichu + OPPONENT_CALL_MARGIN) * params.callRollouts);
    this.grandQHigh = Math.ceil((params.grand + OPPONENT_CALL_MARGIN) * 2 * params.callRollouts);
    // (estimates count in units of the doubled rollouts: compared with 2 × these)
  }

  grandTichu(v: TichuView): boolean {
    if (v.call(v.partner) !== 0 || v.strengthQuarters() < GRAND_PREFILTER_Q) return false;
    return this.grandEstimate(v) >= 2 * (this.opponentCalled(v) ? this.grandQHigh : this.grandQ);
  }

  /**
   * P(first out) having called Grand Tichu on these 8 cards, as first outs in 4 × callRollouts
   * rollouts: 2 × callRollouts, then as many again when the count is near the threshold (the
   * hands near it are where the noise decides).
   */
  grandEstimate(v: TichuView): number {
    const n = 2 * this.params.callRollouts;
    const c = this.grandFirstOuts(v, n);
    return Math.abs(c - this.grandQ) * 8 <= n ? c + this.grandFirstOuts(v, n) : 2 * c;
  }

  /** rollouts (of n) in which this seat goes out first having called Grand Tichu on its 8 cards */
  grandFirstOuts(v: TichuView, n: number): number {
    const e = this.grandScratch;
    // in the scratch round this seat is seat 0 (seat order relative to it is kept)
    let k = 0;
    for (let c = 0; c < 56 && k < 8; c++) if (v.holds(c)) e.fixed[k++] = c;
    e.fixedN = k;
    for (let j = 1; j < 4; j++) e.forceGrand[j] = v.call((v.seat + j) & 3) === 2 ? 1 : 0;
    e.forceGrand[0] = 1;
    e.forceTichu.fill(0);
    let first = 0;
    for (let r = 0; r < n; r++) {
      e.playRound();
      if (e.outOrder[0] === 0) first++;
    }
    e.fixedN = 0;
    return first;
  }

  tichu(v: TichuView): boolean {
    if (v.call(v.partner) !== 0) return false;
    const a = v.rules.assumptions;
    // wait for the exchange when the rules allow a call after it
    if (v.passed(0) < 0 && v.rules.passing && a.tichuUntilFirstCard) return false;
    // the key is the hand, the passes and the score: a repeat within the round, never another round
    // (so a thread's earlier shards cannot change a decision)
    let lo = 0, hi = 0;
    for (let c = 0; c < 28; c++) if (v.holds(c)) lo |= 1 << c;
    for (let c = 28; c < 56; c++) if (v.holds(c)) hi |= 1 << (c - 28);
    const k = this.decidedKey;
    if (k[0] === v.passed(0) && k[1] === v.passed(1) && k[2] === v.passed(2) && k[3] === v.score(0) && k[4] === v.score(1) && k[5] === lo && k[6] === hi) return this.decided;
    k[0] = v.passed(0); k[1] = v.passed(1); k[2] = v.passed(2); k[3] = v.score(0); k[4] = v.score(1); k[5] = lo; k[6] = hi;
    this.decided = v.strengthQuarters() >= TICHU_PREFILTER_Q && this.tichuEstimate(v) >= 2 * (this.opponentCalled(v) ? this.tichuQHigh : this.tichuQ);
    return this.decided;
  }

  /** P(first out) having called Tichu, as first outs in 2 × callRollouts rollouts (the second half only near the threshold) */
  tichuEstimate(v: TichuView): number {
    const n = this.params.callRollouts;
    const c = this.tichuFirstOuts(v, n);
    return Math.abs(c - this.tichuQ) * 8 <= n ? c + this.tichuFirstOuts(v, n) : 2 * c;
  }

  /** rollouts (of n) in which this seat, having called Tichu, goes out first, over redeals of the hidden cards */
  tichuFirstOuts(v: TichuView, n: number): number {
    const e = this.tichuScratch;
    let first = 0;
    for (let r = 0; r < n; r++) {
      v.determinizeInto(e, this.rng);
      e.calls[v.seat] = 1;
      // before the first play the lead is the Mah Jong's (the live engine sets it only after the offers)
      if (e.plays === 0) for (let p = 0; p < 4; p++) if (e.holds(p, MAHJONG)) e.cur = p;
      e.playOut();
      if (e.outOrder[0] === v.seat) first++;
    }
    return first;
  }

  /**
   * The redeals give a calling opponent random cards, though its call says they are strong: so
   * against a call the estimate is too high, and the threshold is raised by OPPONENT_CALL_MARGIN.
   */
  private opponentCalled(v: TichuView): boolean {
    return v.call((v.seat + 1) & 3) !== 0 || v.call((v.seat + 3) & 3) !== 0;
  }

  pass(v: TichuView, out: Int32Array): void { this.team.pass(v, out); }
  play(v: TichuView, moves: MoveList): number { return this.search.play(v, moves); }
  bomb(v: TichuView, moves: MoveList): number { return this.team.bomb(v, moves); }
  wish(v: TichuView): number { return this.team.wish(v); }
  dragonTo(v: TichuView): number { return this.team.dragonTo(v); }
}

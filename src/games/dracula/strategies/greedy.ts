/**
 * greedy: each turn, the action (keep or swap, and the effect's choice) after which the expected
 * number of districts won at the end of the round is highest, exact over the cards it has not
 * seen. An unknown opponent card is, as far as this player knows, any unseen card with equal
 * chance, so E[districts] = Σ_d P(win d) with P(win d) = (unseen cards my card beats) / unseen.
 * It calls (or ends with an endRound card) once that expectation reaches `call` × districts.
 */
import type { Rng } from '../../../core/rng.js';
import { effectTable, keepLegal, legalArgs } from '../legal.js';
import { FX_END, FX_EXTRA, FX_REVEAL_OPP, FX_REVEAL_OWN, FX_SWAP_OPP, FX_SWAP_OWN, FX_TRUMP, type DraculaRules } from '../rules.js';
import { encodeAction, type DraculaPlayer, type DraculaStrategyDef, type DraculaView } from '../strategy.js';

export class GreedyPlayer implements DraculaPlayer {
  readonly fx: Int8Array;
  private readonly D: number;
  private readonly V: number;
  private readonly S: number;
  /** unseen cards (not the drawn one) */
  private readonly unseen: Int8Array;
  private U = 0;
  /** the unit of the integer win counts: max(U, 1) */
  private W = 1;
  /** the last score (a typed-array slot, not a returned double: no boxing) */
  readonly res = new Float64Array(1);
  private readonly h: Int8Array;
  private readonly rank: Int8Array;
  private readonly args = new Int32Array(64);
  /** 1 for each unseen card (not the drawn one) */
  private readonly isUnseen: Uint8Array;
  /**
   * Under the ranking last compiled: every card's place in the order of strength (compared like
   * strength, cheaper to build) and how many unseen cards it beats
   */
  private readonly str: Int32Array;
  private readonly below: Int32Array;
  /** the same under another ranking (expectedUnder), and the suits by place on the track */
  private readonly strR: Int32Array;
  private readonly belowR: Int32Array;
  private readonly suitAt: Int8Array;

  constructor(readonly rules: DraculaRules, readonly callAt: number, readonly extraBonus = 0.05) {
    this.fx = effectTable(rules);
    this.D = rules.districts;
    this.V = rules.values;
    this.S = rules.suits;
    this.unseen = new Int8Array(this.S * this.V);
    this.h = new Int8Array(this.D);
    this.rank = new Int8Array(this.S);
    this.isUnseen = new Uint8Array(this.S * this.V);
    this.str = new Int32Array(this.S * this.V);
    this.below = new Int32Array(this.S * this.V);
    this.strR = new Int32Array(this.S * this.V);
    this.belowR = new Int32Array(this.S * this.V);
    this.suitAt = new Int8Array(this.S);
  }

  /** Collect the unseen cards of the view, leaving out `drawn` (−1 for none), and compile the tables. */
  prepare(view: DraculaView, drawn: number): void {
    let u = 0;
    const N = this.unseen.length;
    for (let c = 0; c < N; c++) {
      const un = !view.seen[c] && c !== drawn;
      this.isUnseen[c] = un ? 1 : 0;
      if (un) this.unseen[u++] = c;
    }
    this.U = u;
    this.W = u > 0 ? u : 1;
    this.compile(view.rankOf);
  }

  /** Places in the order of strength and beaten-unseen counts of every card under `rank`. */
  compile(rank: Int8Array): void {
    this.order(rank, this.str, this.below);
  }

  /**
   * Walk the cards from weakest to strongest under `rank` (non-trump by value then place on the
   * track, then trump by value: the order of `strength`), writing each card's place and the unseen
   * cards passed so far. O(cards), where comparing every card with every unseen one was O(cards × unseen).
   */
  private order(rank: Int8Array, place: Int32Array, below: Int32Array): void {
    const V = this.V, S = this.S, at = this.suitAt, un = this.isUnseen;
    for (let s = 0; s < S; s++) at[rank[s]] = s;
    let i = 0, passed = 0;
    for (let v = 0; v < V; v++) {
      for (let pos = 0; pos < S - 1; pos++) {
        const c = at[pos] * V + v;
        place[c] = i++;
        below[c] = passed;
        passed += un[c];
      }
    }
    const t = at[S - 1] * V;
    for (let v = 0; v < V; v++) {
      place[t + v] = i++;
      below[t + v] = passed;
      passed += un[t + v];
    }
  }

  /**
   * P(my card c in district d wins) × W under the compiled ranking, W = max(unseen, 1). Integers
   * throughout: a double returned from a call that is not inlined is boxed (allocated) by V8.
   */
  winCount(view: DraculaView, c: number, d: number): number {
    const o = view.opp[d];
    if (o >= 0) return this.str[c] > this.str[o] ? this.W : 0;
    return this.below[c];
  }

  /** Expected districts won by the hand in this.h, × W. */
  expected(view: DraculaView): number {
    let e = 0;
    for (let d = 0; d < this.D; d++) e += this.winCount(view, this.h[d], d);
    return e;
  }

  /** Expected districts won by this.h under another ranking, × W. */
  expectedUnder(view: DraculaView, r: Int8Array): number {
    const place = this.strR, below = this.belowR;
    this.order(r, place, below);
    let e = 0;
    for (let d = 0; d < this.D; d++) {
      const c = this.h[d], o = view.opp[d];
      if (o >= 0) e += place[c] > place[o] ? this.W : 0;
      else e += below[c];
    }
    return e;
  }

  /** Expected districts won by the view's hand as it stands (after prepare), × W. */
  current(view: DraculaView): number {
    for (let d = 0; d < this.D; d++) this.h[d] = view.hand[d];
    return this.expected(view);
  }

  /** Score of one action (view prepared with the drawn card left out), written to this.res[0]. */
  score(view: DraculaView, drawn: number, keep: number, arg: number): void {
    const D = this.D, h = this.h, W = this.W;
    for (let d = 0; d < D; d++) h[d] = view.hand[d];
    if (keep > 0) h[keep - 1] = drawn;
    const disc = keep === 0 ? drawn : view.hand[keep - 1];
    const f = this.fx[disc];
    let e = 0;
    if (f === FX_SWAP_OPP) {
      // after the swap I hold the opponent's card (known, or any unseen card) and he holds mine
      const mine = h[arg];
      for (let d = 0; d < D; d++) if (d !== arg) e += this.winCount(view, h[d], d);
      const o = view.opp[arg];
      if (o >= 0) e += this.str[o] > this.str[mine] ? W : 0;
      else e += this.U - this.below[mine];
    } else if (f === FX_TRUMP) {
      const S = this.S, r = this.rank;
      for (let s = 0; s < S; s++) r[s] = view.rankOf[s];
      r[view.trump] = r[arg];
      r[arg] = S - 1;
      e = this.expectedUnder(view, r);
    } else {
      if (f === FX_SWAP_OWN && D >= 2) {
        const a = arg >> 3, b = arg & 7, t = h[a];
        h[a] = h[b];
        h[b] = t;
      }
      e = this.expected(view);
    }
    let x = e / W;
    if (f === FX_EXTRA) x += this.extraBonus;
    else if (f === FX_END && view.canEnd) x += x >= this.callAt * D ? 0.25 : -1;
    this.res[0] = x;
  }

  callEnd(view: DraculaView, _rng: Rng): boolean {
    this.prepare(view, -1);
    return this.current(view) >= this.callAt * this.D * this.W;
  }

  /**
   * Every legal action with its score, into outA/outS; returns the count. Reveal choices carry no
   * expected-value difference, so only one per keep is listed: reveal my weakest card (the least
   * useful to the opponent) and look at the opponent's card where my odds are closest to even.
   */
  scoreAll(view: DraculaView, drawn: number, outA: Int32Array, outS: Float64Array): number {
    this.prepare(view, drawn);
    let n = 0;
    for (let keep = 0; keep <= this.D; keep++) {
      if (!keepLegal(view, this.fx, drawn, keep)) continue;
      const m = legalArgs(view, this.fx, drawn, keep, this.args);
      const f = this.fx[keep === 0 ? drawn : view.hand[keep - 1]];
      if (f === FX_REVEAL_OWN || f === FX_REVEAL_OPP) {
        let best = this.args[0], bestKey = 1 << 30;
        for (let i = 0; i < m; i++) {
          const d = this.args[i], c = keep - 1 === d ? drawn : view.hand[d];
          const p = this.winCount(view, c, d);
          const key = f === FX_REVEAL_OWN ? p : Math.abs(2 * p - this.W);
          if (key < bestKey) {
            bestKey = key;
            best = d;
          }
        }
        outA[n] = encodeAction(keep, best);
        this.score(view, drawn, keep, best);
        outS[n++] = this.res[0];
        continue;
      }
      for (let i = 0; i < m; i++) {
        outA[n] = encodeAction(keep, this.args[i]);
        this.score(view, drawn, keep, this.args[i]);
        outS[n++] = this.res[0];
      }
    }
    return n;
  }

  private readonly aBuf = new Int32Array(512);
  private readonly sBuf = new Float64Array(512);

  turn(view: DraculaView, drawn: number, rng: Rng): number {
    const n = this.scoreAll(view, drawn, this.aBuf, this.sBuf);
    // ties broken at random so that the player is not predictable by position
    let best = 0, ties = 1;
    for (let i = 1; i < n; i++) {
      const s = this.sBuf[i], b = this.sBuf[best];
      if (s > b + 1e-12) {
        best = i;
        ties = 1;
      } else if (s > b - 1e-12 && rng.below(++ties) === 0) best = i;
    }
    return this.aBuf[best];
  }
}

export const greedy: DraculaStrategyDef = {
  name: 'greedy',
  usage: 'greedy[:call=F] — maximise expected districts won (exact over unseen cards); call the end at F × districts (default 0.6)',
  params: { call: { default: 0.6, min: 0, max: 1.01, help: 'call the end (or play an endRound card) once expected districts won ≥ call × districts' } },
  create: (p, rules) => new GreedyPlayer(rules, p.call),
};

/**
 * search: determinized rollouts. At each decision it takes greedy's `k` best actions (and, at the
 * start of a turn, calling versus drawing), deals the unseen cards at random `n` times consistent
 * with what it has seen (the same deals for every candidate: common random numbers), plays the
 * rest of the round with greedy on both sides and scores the round's districts won (±districts for
 * a round that ends the game). The best average wins. Budget = n × candidates rollouts a decision.
 */
import { Rng } from '../../../core/rng.js';
import { DraculaGame } from '../engine.js';
import type { DraculaRules } from '../rules.js';
import { strength } from '../cards.js';
import type { DraculaPlayer, DraculaStrategyDef, DraculaView } from '../strategy.js';
import { GreedyPlayer } from './greedy.js';

const EXTRA = 1, END = 2;

export class SearchPlayer implements DraculaPlayer {
  private readonly greedy: GreedyPlayer;
  private readonly sim: DraculaGame;
  private readonly D: number;
  private readonly N: number;
  private readonly pool: Int8Array;
  private readonly aBuf = new Int32Array(512);
  private readonly sBuf = new Float64Array(512);
  private readonly cand: Int32Array;
  private readonly total: Float64Array;
  /** the sampled deal: opponent's unknown cards then the deck below the known top */
  private readonly deal: Int8Array;

  constructor(readonly rules: DraculaRules, readonly n: number, readonly k: number, callAt: number) {
    this.greedy = new GreedyPlayer(rules, callAt);
    this.D = rules.districts;
    this.N = rules.suits * rules.values;
    const g0 = new GreedyPlayer(rules, callAt), g1 = new GreedyPlayer(rules, callAt);
    // the rollout's own generators: reseeded from the caller's stream at each decision
    this.sim = new DraculaGame(rules, [g0, g1], new Rng(1), new Rng(2));
    this.pool = new Int8Array(this.N);
    this.deal = new Int8Array(this.N);
    this.cand = new Int32Array(Math.max(2, k));
    this.total = new Float64Array(Math.max(2, k));
  }

  /** Sample the hidden cards: a uniform shuffle of the unseen cards (drawn card left out). */
  private sample(view: DraculaView, drawn: number, rng: Rng): number {
    let u = 0;
    for (let c = 0; c < this.N; c++) if (!view.seen[c] && c !== drawn) this.pool[u++] = c;
    for (let i = u - 1; i > 0; i--) {
      const j = rng.below(i + 1);
      const t = this.pool[i]; this.pool[i] = this.pool[j]; this.pool[j] = t;
    }
    for (let i = 0; i < u; i++) this.deal[i] = this.pool[i];
    return u;
  }

  /** Load the view plus the sampled deal into the simulator; `drawn` (or −1) sits on top of the deck. */
  private load(view: DraculaView, drawn: number): void {
    const s = this.sim, D = this.D, p = view.role, q = 1 - p;
    let k = 0;
    for (let d = 0; d < D; d++) {
      s.hand[p * D + d] = view.hand[d];
      s.known[q * D + d] = view.myKnown[d];
      if (view.opp[d] >= 0) {
        s.hand[q * D + d] = view.opp[d];
        s.known[p * D + d] = 1;
      } else {
        s.hand[q * D + d] = this.deal[k++];
        s.known[p * D + d] = 0;
      }
    }
    const pos = this.N - view.deckLeft;
    s.deckPos = pos;
    let i = pos;
    s.topKnown = 0;
    if (drawn >= 0) {
      s.deck[i++] = drawn;
      if (drawn === view.top) s.topKnown = this.rules.revealTopToBoth ? 3 : 1 << p;
    } else if (view.top >= 0) {
      s.deck[i++] = view.top;
      s.topKnown = this.rules.revealTopToBoth ? 3 : 1 << p;
    }
    while (i < this.N) s.deck[i++] = this.deal[k++];
    for (let j = 0; j < view.discardCount; j++) s.discard[j] = view.discard[j];
    s.discardCount = view.discardCount;
    for (let t = 0; t < this.rules.suits; t++) {
      s.rankOf[t] = view.rankOf[t];
      s.suitAt[view.rankOf[t]] = t;
    }
    for (let d = 0; d < D; d++) s.vampires[d] = view.vampires[d];
    s.health = view.health;
    s.round = view.round;
    s.rightToLeft = view.rightToLeft;
  }

  /** Finish the round after player p's turn result t, resolve it, score it for player `me`. */
  private finish(me: number, p: number, t: number, last: boolean): number {
    const s = this.sim;
    if (last) {
      if (t === EXTRA && this.rules.extraTurnOnLastTurn) s.lastTurns(p);
    } else if (t !== END) s.playRound(t === EXTRA ? p : 1 - p);
    return this.scoreRound(me);
  }

  private scoreRound(me: number): number {
    const s = this.sim, D = this.D, V = this.rules.values, S = this.rules.suits;
    let won = 0;
    for (let d = 0; d < D; d++) {
      const dr = strength(s.hand[d], V, s.rankOf, S) > strength(s.hand[D + d], V, s.rankOf, S);
      if (dr === (me === 0)) won++;
    }
    const w = s.resolve();
    const draculaWins = w === 0 || (w < 0 && s.round === this.rules.rounds - 1);
    const over = w >= 0 || s.round === this.rules.rounds - 1;
    return won + (over ? (draculaWins === (me === 0) ? D : -D) : 0);
  }

  private reseed(rng: Rng): void {
    const r = this.sim.rng.s;
    for (let i = 0; i < 4; i++) r[i] = rng.nextU32() | 0;
    if ((r[0] | r[1] | r[2] | r[3]) === 0) r[0] = 1;
  }

  callEnd(view: DraculaView, rng: Rng): boolean {
    const me = view.role, q = 1 - me;
    let call = 0, draw = 0;
    for (let i = 0; i < this.n; i++) {
      this.sample(view, -1, rng);
      this.reseed(rng);
      const saved0 = this.sim.rng.s[0], saved1 = this.sim.rng.s[1], saved2 = this.sim.rng.s[2], saved3 = this.sim.rng.s[3];
      this.load(view, -1);
      if (this.rules.lastTurnAfterCall) this.sim.lastTurns(q);
      call += this.scoreRound(me);
      this.sim.rng.s[0] = saved0; this.sim.rng.s[1] = saved1; this.sim.rng.s[2] = saved2; this.sim.rng.s[3] = saved3;
      this.load(view, -1);
      if (this.sim.deckPos >= this.N) draw += this.scoreRound(me);
      else {
        const t = this.sim.turn(me, false);
        draw += this.finish(me, me, t, false);
      }
    }
    return call > draw;
  }

  turn(view: DraculaView, drawn: number, rng: Rng): number {
    const n = this.greedy.scoreAll(view, drawn, this.aBuf, this.sBuf);
    // the k best by greedy's score (selection: k is small)
    const k = Math.min(this.k, n);
    for (let j = 0; j < k; j++) {
      let best = -1;
      for (let i = 0; i < n; i++) if (this.sBuf[i] > -Infinity && (best < 0 || this.sBuf[i] > this.sBuf[best])) best = i;
      this.cand[j] = this.aBuf[best];
      this.sBuf[best] = -Infinity;
    }
    if (k === 1) return this.cand[0];
    this.total.fill(0);
    const me = view.role, s = this.sim.rng.s;
    for (let i = 0; i < this.n; i++) {
      this.sample(view, drawn, rng);
      this.reseed(rng);
      const r0 = s[0], r1 = s[1], r2 = s[2], r3 = s[3];
      for (let j = 0; j < k; j++) {
        s[0] = r0; s[1] = r1; s[2] = r2; s[3] = r3;
        this.load(view, drawn);
        // the simulator's own view of this player, for the legality check of endRound cards
        this.sim.fillView(me, view.lastTurn, false);
        const t = this.sim.apply(me, drawn, this.cand[j]);
        this.total[j] += this.finish(me, me, t, view.lastTurn);
      }
    }
    let best = 0;
    for (let j = 1; j < k; j++) if (this.total[j] > this.total[best]) best = j;
    return this.cand[best];
  }
}

export const search: DraculaStrategyDef = {
  name: 'search',
  usage: 'search[:n=N,k=K,call=F] — determinized rollouts: greedy\'s K best actions (default 3), N deals each (default 8), greedy playouts to the round\'s end',
  params: {
    n: { default: 8, min: 1, max: 10000, integer: true, help: 'rollouts (sampled deals) per candidate' },
    k: { default: 3, min: 1, max: 64, integer: true, help: 'candidate actions (greedy\'s best)' },
    call: { default: 0.6, min: 0, max: 1.01, help: 'greedy call threshold in the playouts' },
  },
  create: (p, rules) => new SearchPlayer(rules, p.n, p.k, p.call),
};

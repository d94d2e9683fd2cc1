/**
 * The Liar's Dice round engine: dice, bids and calls of one round on preallocated typed arrays,
 * seeded, allocation-free. `Round` implements the strategy view (strategy.ts); strategies see it
 * only through that interface.
 */
import type { Rng } from '../../core/rng.js';
import type { LiarsRules } from './rules.js';
import type { RoundView, Strategy } from './strategy.js';

/** P(X ≥ k) for X ~ Binomial(u, a/sides), a = 1 or 2, as a flat table [a−1][u][k], k = 0…u+1. */
export function tailTable(maxUnknown: number, sides: number): Float64Array {
  const w = maxUnknown + 2;
  const t = new Float64Array(2 * (maxUnknown + 1) * w);
  const pmf = new Float64Array(maxUnknown + 1);
  for (let a = 1; a <= 2; a++) {
    const p = a / sides;
    for (let u = 0; u <= maxUnknown; u++) {
      // pmf by the recurrence P(x+1) = P(x) · (u−x)/(x+1) · p/(1−p), started from (1−p)^u
      pmf[0] = Math.pow(1 - p, u);
      for (let x = 0; x < u; x++) pmf[x + 1] = (pmf[x] * (u - x) * p) / ((x + 1) * (1 - p));
      const base = ((a - 1) * (maxUnknown + 1) + u) * w;
      t[base + u + 1] = 0;
      let acc = 0;
      for (let k = u; k >= 0; k--) {
        acc += pmf[k];
        t[base + k] = Math.min(1, acc);
      }
      t[base] = 1;
    }
  }
  return t;
}

/** The tails, then a 0 and a 1 for bids that are certain either way: one read-only table per size (search clones rounds by the thousand). */
const tailProbsMemo = new Map<number, Float64Array>();
function tailProbs(totalDice: number, sides: number): Float64Array {
  const key = totalDice * 65536 + sides;
  let probs = tailProbsMemo.get(key);
  if (probs === undefined) {
    const tail = tailTable(totalDice, sides);
    probs = new Float64Array(tail.length + 2);
    probs.set(tail);
    probs[tail.length] = 0;
    probs[tail.length + 1] = 1;
    tailProbsMemo.set(key, probs);
  }
  return probs;
}

/** Results of one round are left in these per-seat counters (overwritten each round). */
export class Round implements RoundView {
  readonly players: number;
  readonly sides: number;
  readonly dicePerPlayer: number;
  readonly totalDice: number;
  readonly maxRank: number;
  readonly wildOnes: boolean;
  readonly cancels: boolean;
  readonly onesHigh: boolean;
  readonly outOfTurn: boolean;
  readonly multiple: boolean;
  readonly lastLoserOpens: boolean;

  /** dice[seat · dicePerPlayer + j] */
  readonly dice: Uint8Array;
  /** faceCounts[seat · (sides + 1) + face] */
  readonly faceCounts: Uint8Array;
  /** totals[face] over the whole table */
  readonly totals: Uint16Array;
  readonly ranks: Int32Array;
  readonly bidders: Uint8Array;
  readonly marks: Uint8Array;
  readonly probs: Float64Array;
  private readonly tailW: number;
  private readonly tailU: number;
  private readonly chunk: number;
  private readonly chunkSize: number;

  numBids = 0;
  onesBid = false;
  opener = 0;
  direction = 0;
  toMove = 0;
  /** seat that opens the next round */
  nextOpener = 0;
  /** the caller of the round and whether the call was in turn */
  caller = -1;
  callerInTurn = false;
  challenged = 0;

  // per-seat results of the last round
  readonly penalties: Int32Array;
  readonly callsInTurn: Int32Array;
  readonly callsInTurnRight: Int32Array;
  readonly callsOutOfTurn: Int32Array;
  readonly callsOutOfTurnRight: Int32Array;
  readonly bidsMade: Int32Array;

  constructor(rules: LiarsRules, players: number) {
    this.players = players;
    this.sides = rules.sides;
    this.dicePerPlayer = rules.dicePerPlayer;
    this.totalDice = players * rules.dicePerPlayer;
    this.maxRank = this.totalDice * this.sides - 1;
    this.wildOnes = rules.wildOnes;
    this.cancels = rules.onesBidCancelsWilds;
    this.onesHigh = rules.onesRankHighest;
    this.outOfTurn = rules.outOfTurnCalls;
    this.multiple = rules.multipleCalls;
    this.lastLoserOpens = rules.nextOpener === 'lastLoser';
    this.dice = new Uint8Array(this.totalDice);
    this.faceCounts = new Uint8Array(players * (this.sides + 1));
    this.totals = new Uint16Array(this.sides + 1);
    const maxBids = this.maxRank + 1;
    this.ranks = new Int32Array(maxBids);
    this.bidders = new Uint8Array(maxBids);
    this.marks = new Uint8Array(maxBids);
    this.tailU = this.totalDice;
    this.tailW = this.totalDice + 2;
    this.probs = tailProbs(this.totalDice, this.sides);
    // as many dice per bounded draw as keep the draw a small integer (< 2^30, never boxed)
    let c = 1;
    while (Math.pow(this.sides, c + 1) < 1073741824 && c < this.dicePerPlayer) c++;
    this.chunk = c;
    this.chunkSize = Math.pow(this.sides, c);
    this.penalties = new Int32Array(players);
    this.callsInTurn = new Int32Array(players);
    this.callsInTurnRight = new Int32Array(players);
    this.callsOutOfTurn = new Int32Array(players);
    this.callsOutOfTurnRight = new Int32Array(players);
    this.bidsMade = new Int32Array(players);
  }

  // ---- the view ----
  rankAt(i: number): number { return this.ranks[i]; }
  bidderAt(i: number): number { return this.bidders[i]; }
  lastRank(): number { return this.numBids === 0 ? -1 : this.ranks[this.numBids - 1]; }
  countOf(rank: number): number { return Math.floor(rank / this.sides) + 1; }
  faceOf(rank: number): number {
    const r = rank % this.sides;
    return this.onesHigh ? (r === this.sides - 1 ? 1 : r + 2) : r + 1;
  }
  /** smallest count of `face` that is a legal raise over the last bid (may exceed the table) */
  minCount(face: number): number {
    const fr = this.onesHigh ? (face === 1 ? this.sides - 1 : face - 2) : face - 1;
    return Math.floor((this.lastRank() - fr) / this.sides) + 2;
  }
  rankOf(count: number, face: number): number {
    const fr = this.onesHigh ? (face === 1 ? this.sides - 1 : face - 2) : face - 1;
    return (count - 1) * this.sides + fr;
  }
  ownFace(me: number, face: number): number { return this.faceCounts[me * (this.sides + 1) + face]; }
  wildFor(face: number): boolean { return this.wildOnes && face !== 1 && !(this.onesBid && this.cancels); }
  probability(me: number, rank: number): number {
    return this.probs[this.probIndex(me, rank)];
  }
  probIndex(me: number, rank: number): number {
    const face = this.faceOf(rank);
    const wild = this.wildFor(face);
    const base = me * (this.sides + 1);
    const own = this.faceCounts[base + face] + (wild ? this.faceCounts[base + 1] : 0);
    const need = this.countOf(rank) - own;
    if (need <= 0) return this.probs.length - 1;
    const u = this.totalDice - this.dicePerPlayer;
    if (need > u) return this.probs.length - 2;
    return ((wild ? 1 : 0) * (this.tailU + 1) + u) * this.tailW + need;
  }

  // ---- setting up ----
  /** Roll every cup: one bounded draw per `chunk` dice. */
  roll(rng: Rng): void {
    const S = this.sides, d = this.dicePerPlayer;
    this.faceCounts.fill(0);
    this.totals.fill(0);
    for (let p = 0; p < this.players; p++) {
      let j = 0;
      while (j < d) {
        const k = Math.min(this.chunk, d - j);
        let r = rng.below(k === this.chunk ? this.chunkSize : Math.pow(S, k));
        for (let i = 0; i < k; i++) {
          const face = (r % S) + 1;
          r = (r - (r % S)) / S;
          this.dice[p * d + j] = face;
          this.faceCounts[p * (S + 1) + face]++;
          this.totals[face]++;
          j++;
        }
      }
    }
  }

  /** Set the dice by hand (tests, worked examples): dice[seat] lists the faces. */
  setDice(dice: readonly (readonly number[])[]): void {
    this.faceCounts.fill(0);
    this.totals.fill(0);
    for (let p = 0; p < this.players; p++) {
      for (let j = 0; j < this.dicePerPlayer; j++) {
        const face = dice[p][j];
        this.dice[p * this.dicePerPlayer + j] = face;
        this.faceCounts[p * (this.sides + 1) + face]++;
        this.totals[face]++;
      }
    }
  }

  /** Start a round (dice already set): clear the bids and per-seat results. */
  begin(opener: number): void {
    this.numBids = 0;
    this.onesBid = false;
    this.opener = opener;
    this.toMove = opener;
    this.direction = 0;
    this.caller = -1;
    this.challenged = 0;
    this.marks.fill(0, 0, this.maxRank + 1);
    this.penalties.fill(0);
    this.callsInTurn.fill(0);
    this.callsInTurnRight.fill(0);
    this.callsOutOfTurn.fill(0);
    this.callsOutOfTurnRight.fill(0);
    this.bidsMade.fill(0);
  }

  /** Record a bid by the player to move; after the opening bid the opener's direction must follow. */
  applyBid(rank: number): void {
    if (!(rank > this.lastRank() && rank <= this.maxRank) || rank !== Math.floor(rank)) {
      throw new Error(`illegal bid rank ${rank} after ${this.lastRank()} (strategy bug)`);
    }
    const i = this.numBids++;
    this.ranks[i] = rank;
    this.bidders[i] = this.toMove;
    this.bidsMade[this.toMove]++;
    if (this.faceOf(rank) === 1) this.onesBid = true;
  }

  setDirection(dir: number): void {
    this.direction = dir < 0 ? -1 : 1;
  }

  advance(): void {
    this.toMove = (this.toMove + this.direction + this.players) % this.players;
  }

  /** Count of `face` on the table as it stands at the end of the round (wild 1s if still wild). */
  tableCount(face: number): number {
    return this.totals[face] + (this.wildFor(face) ? this.totals[1] : 0);
  }

  /**
   * `caller` challenges every marked bid (their own marks are ignored; without multipleCalls only
   * the latest marked bid counts). Each challenged bid is checked on its own; each lost call is one
   * penalty. Returns the number of bids challenged (0 if the marks held nothing valid).
   */
  resolve(caller: number, inTurn: boolean): number {
    let n = 0, firstLoser = -1, lastLoser = -1;
    let latest = -1;
    for (let i = 0; i < this.numBids; i++) {
      if (this.marks[i] && this.bidders[i] !== caller) latest = i;
    }
    if (latest < 0) {
      this.marks.fill(0, 0, this.numBids);
      return 0;
    }
    for (let i = 0; i < this.numBids; i++) {
      if (!this.marks[i]) continue;
      this.marks[i] = 0;
      if (this.bidders[i] === caller || (!this.multiple && i !== latest)) continue;
      n++;
      const rank = this.ranks[i];
      const bidTrue = this.tableCount(this.faceOf(rank)) >= this.countOf(rank);
      const loser = bidTrue ? caller : this.bidders[i];
      this.penalties[loser]++;
      if (inTurn) {
        this.callsInTurn[caller]++;
        if (!bidTrue) this.callsInTurnRight[caller]++;
      } else {
        this.callsOutOfTurn[caller]++;
        if (!bidTrue) this.callsOutOfTurnRight[caller]++;
      }
      if (firstLoser < 0) firstLoser = loser;
      lastLoser = loser;
    }
    this.caller = caller;
    this.callerInTurn = inTurn;
    this.challenged = n;
    this.nextOpener = this.lastLoserOpens ? lastLoser : firstLoser;
    return n;
  }

  /**
   * Play one round with the dice as they are: the opener bids and chooses the direction, then
   * after every bid the player to move may call (in turn), then every other player in turn order
   * may call out of turn, else the player to move raises. Leaves results in the per-seat counters
   * and returns the seat that opens the next round.
   */
  play(strategies: readonly Strategy[], opener: number, rng: Rng): number {
    this.begin(opener);
    const n = this.players;
    this.applyBid(strategies[opener].bid(this, opener, rng));
    this.setDirection(strategies[opener].direction(this, opener, rng));
    this.advance();
    for (;;) {
      const t = this.toMove;
      // In turn: the player to move may call (any earlier bids), and must call if no bid is higher.
      if (strategies[t].challenge(this, t, true, rng) > 0 && this.resolve(t, true) > 0) return this.nextOpener;
      if (this.outOfTurn) {
        for (let k = 1; k < n; k++) {
          const j = (t + k * this.direction + n * n) % n;
          if (strategies[j].challenge(this, j, false, rng) > 0 && this.resolve(j, false) > 0) return this.nextOpener;
        }
      }
      if (this.lastRank() >= this.maxRank) {
        // nothing higher exists: the player to move has to call the last bid
        this.marks[this.numBids - 1] = 1;
        this.resolve(t, true);
        return this.nextOpener;
      }
      this.applyBid(strategies[t].bid(this, t, rng));
      this.advance();
    }
  }
}

/**
 * Liar's Dice through the one game interface (src/games/state.ts): one round, as the round engine
 * plays it (engine.ts `Round.play`), cut into single decisions. The state wraps a `Round`, so the
 * bids, calls and penalties are the engine's own code; only the order of decisions lives here, and
 * test/liars-dice-state.test.ts proves it is the engine's order, draw for draw.
 *
 * Actions, by phase:
 * - the opening bid and every raise: the bid's rank (rules.ts `bidRank`), above the last bid;
 * - the opener's direction: 0 = counter-clockwise (−1), 1 = clockwise (+1);
 * - a call (in turn, then each other seat out of turn when the rules allow): 0 = no call;
 *   2 + i = challenge bid i (with multipleCalls: mark bid i, later bids only, then 1 = call the
 *   marked bids). A seat never challenges its own bid.
 * A round won is a round without a penalty (the seats with the fewest penalties share the win);
 * `scores` are minus the penalties.
 *
 * The round alone, with no player (the exact solvers use it); state.ts seats the strategies.
 */
import type { Rng } from '../../core/rng.js';
import { CHANCE, MAX_ACTIONS, TERMINAL, type GameState } from '../state.js';
import { enumerateHands } from './exact-cfr.js';
import { Round } from './engine.js';
import type { LiarsRules } from './rules.js';

/** where a round stands (`LiarsState.phase`) */
export const ROLL = 0, OPEN = 1, DIRECTION = 2, CALL_IN = 3, CALL_OUT = 4, RAISE = 5, OVER = 6;
/** call-phase actions */
export const NO_CALL = 0, CALL_MARKED = 1, CHALLENGE = 2;

/** Each sorted hand's number in enumerateHands (the digits of chanceOutcomes' rolls), per dice and sides. */
const handIndices = new Map<string, Map<string, number>>();
function handIndex(dice: number, sides: number): Map<string, number> {
  const key = `${dice},${sides}`;
  let m = handIndices.get(key);
  if (m === undefined) {
    m = new Map(enumerateHands(dice, sides).hands.map((h, i) => [h.join(','), i]));
    handIndices.set(key, m);
  }
  return m;
}

export class LiarsState implements GameState {
  readonly players: number;
  readonly round: Round;
  /** where the round stands (ROLL … OVER); players of this game read it to know what is asked */
  phase = ROLL;
  /** the seat asked in CALL_OUT: toMove + k · direction */
  private k = 0;
  /** with multipleCalls: bids marked so far in this call (last one), −1 for none */
  private lastMarked = -1;
  /** the actions since the roll, in order (pathFromStart) */
  protected moves: number[] = [];

  /** how many actions since the roll (a player's pending answers are only good for the next one) */
  get stepsSinceRoll(): number {
    return this.moves.length;
  }

  constructor(readonly rules: LiarsRules, players: number, readonly opener = 0) {
    this.players = players;
    this.round = new Round(rules, players);
  }

  currentPlayer(): number {
    switch (this.phase) {
      case ROLL: return CHANCE;
      case OVER: return TERMINAL;
      case OPEN: case DIRECTION: return this.opener;
      case CALL_OUT: return this.outSeat();
      default: return this.round.toMove;
    }
  }

  private outSeat(): number {
    const n = this.players, r = this.round;
    return (r.toMove + this.k * r.direction + n * n) % n;
  }

  legalActions(out: Int32Array): number {
    const r = this.round;
    let n = 0;
    switch (this.phase) {
      case OPEN: case RAISE:
        for (let rank = r.lastRank() + 1; rank <= r.maxRank; rank++) out[n++] = rank;
        return n;
      case DIRECTION:
        out[0] = 0;
        out[1] = 1;
        return 2;
      case CALL_IN: case CALL_OUT: {
        const seat = this.currentPlayer();
        if (this.lastMarked < 0) out[n++] = NO_CALL;
        else out[n++] = CALL_MARKED;
        for (let i = this.lastMarked + 1; i < r.numBids; i++) if (r.bidders[i] !== seat) out[n++] = CHALLENGE + i;
        return n;
      }
      default:
        throw new Error(`liars-dice: no legal actions at ${this.phase === ROLL ? 'the roll (chance)' : 'the end'}`);
    }
  }

  applyAction(action: number): void {
    const r = this.round;
    if (this.phase !== ROLL && this.phase !== OVER) this.moves.push(action);
    switch (this.phase) {
      case OPEN:
        r.applyBid(action);
        this.phase = DIRECTION;
        return;
      case DIRECTION:
        r.setDirection(action === 0 ? -1 : 1);
        r.advance();
        this.phase = CALL_IN;
        return;
      case RAISE:
        r.applyBid(action);
        r.advance();
        this.phase = CALL_IN;
        return;
      case CALL_IN: case CALL_OUT: {
        const seat = this.currentPlayer(), inTurn = this.phase === CALL_IN;
        if (action === NO_CALL && this.lastMarked < 0) return this.afterCall(false);
        if (action === CALL_MARKED && this.lastMarked >= 0) {
          this.lastMarked = -1;
          return this.afterCall(r.resolve(seat, inTurn) > 0);
        }
        const i = action - CHALLENGE;
        if (i <= this.lastMarked || i >= r.numBids || r.bidders[i] === seat) throw new Error(`liars-dice: illegal call action ${action} in ${this.toString()}`);
        r.marks[i] = 1;
        if (r.multiple) {
          this.lastMarked = i;
          return;
        }
        return this.afterCall(r.resolve(seat, inTurn) > 0);
      }
      default:
        throw new Error(`liars-dice: applyAction at ${this.phase === ROLL ? 'the roll (chance)' : 'the end'}`);
    }
  }

  /** The engine's order after a call decision: the next seat out of turn, the forced call, or the raise. */
  private afterCall(called: boolean): void {
    const r = this.round;
    if (called) {
      this.phase = OVER;
      return;
    }
    if (r.outOfTurn && (this.phase === CALL_IN ? 1 : this.k + 1) < this.players) {
      this.k = this.phase === CALL_IN ? 1 : this.k + 1;
      this.phase = CALL_OUT;
      return;
    }
    this.k = 0;
    if (r.lastRank() >= r.maxRank) {
      // nothing higher exists: the player to move has to call the last bid (no decision)
      r.marks[r.numBids - 1] = 1;
      r.resolve(r.toMove, true);
      this.phase = OVER;
      return;
    }
    this.phase = RAISE;
  }

  applyChance(rng: Rng): void {
    if (this.phase !== ROLL) throw new Error('liars-dice: applyChance outside the roll');
    this.round.roll(rng);
    this.round.begin(this.opener);
    this.phase = OPEN;
  }

  /**
   * The roll for exact tools: each seat's sorted hand (multinomial weights), all seats together, as
   * one outcome in mixed radix (seat 0 the lowest digit); 0 when there are more than MAX_ACTIONS.
   */
  chanceOutcomes(outcomes: Int32Array, probabilities: Float64Array): number {
    const { hands, weights } = enumerateHands(this.round.dicePerPlayer, this.round.sides);
    const H = hands.length, n = H ** this.players;
    if (n > MAX_ACTIONS) return 0;
    for (let o = 0; o < n; o++) {
      let p = 1;
      for (let s = 0, x = o; s < this.players; s++, x = Math.floor(x / H)) p *= weights[x % H];
      outcomes[o] = o;
      probabilities[o] = p;
    }
    return n;
  }

  applyChanceOutcome(o: number): void {
    if (this.phase !== ROLL) throw new Error('liars-dice: applyChanceOutcome outside the roll');
    const { hands } = enumerateHands(this.round.dicePerPlayer, this.round.sides);
    const H = hands.length, dice: number[][] = [];
    for (let s = 0, x = o; s < this.players; s++, x = Math.floor(x / H)) dice.push(hands[x % H]);
    this.round.setDice(dice);
    this.round.begin(this.opener);
    this.phase = OPEN;
  }

  /** the round's start, and the roll (as chanceOutcomes numbers it) and the actions since */
  pathFromStart(): { start: GameState; steps: readonly number[] } {
    const start = new (this.constructor as typeof LiarsState)(this.rules, this.players, this.opener);
    if (this.phase === ROLL) return { start, steps: [] };
    const r = this.round, d = r.dicePerPlayer, index = handIndex(d, r.sides);
    let roll = 0;
    for (let s = this.players - 1; s >= 0; s--) {
      const hand = Array.from(r.dice.subarray(s * d, s * d + d)).sort((x, y) => x - y).join(',');
      roll = roll * index.size + index.get(hand)!;
    }
    return { start, steps: [roll, ...this.moves] };
  }

  /** every cup, and what every seat knows (the bids, marks, whose call it is) */
  key(): string {
    const r = this.round;
    return `cups ${Array.from(r.dice.subarray(0, this.players * r.dicePerPlayer)).join('')} marked ${this.lastMarked}|${this.informationKey(0)}`;
  }

  isTerminal(): boolean {
    return this.phase === OVER;
  }

  returns(out: Float64Array): void {
    const p = this.round.penalties;
    let least = Infinity, k = 0;
    for (let s = 0; s < this.players; s++) least = Math.min(least, p[s]);
    for (let s = 0; s < this.players; s++) if (p[s] === least) k++;
    for (let s = 0; s < this.players; s++) out[s] = p[s] === least ? 1 / k : 0;
  }

  scores(out: Float64Array): void {
    for (let s = 0; s < this.players; s++) out[s] = -this.round.penalties[s];
  }

  informationKey(seat: number): string {
    const r = this.round, d = r.dicePerPlayer;
    const own = this.phase === ROLL ? '' : Array.from(r.dice.subarray(seat * d, seat * d + d)).sort().join('');
    const bids: string[] = [];
    for (let i = 0; i < r.numBids; i++) bids.push(`${r.ranks[i]}@${r.bidders[i]}`);
    const marks: number[] = [];
    for (let i = 0; i < r.numBids; i++) if (r.marks[i]) marks.push(i);
    const end = this.phase === OVER ? `|caller ${r.caller} pen ${Array.from(r.penalties).join(',')}` : '';
    return `seat ${seat} dice ${own}|phase ${this.phase} k ${this.k} dir ${r.direction} opener ${this.opener}|bids ${bids.join(' ')}|marked ${marks.join(',')}${end}`;
  }

  determinize(seat: number, rng: Rng): LiarsState {
    const c = this.clone();
    if (this.phase === ROLL || this.phase === OVER) return c;
    // every other cup re-rolled (bids do not bind dice: any faces are consistent with the view)
    const r = c.round, S = r.sides, d = r.dicePerPlayer;
    r.faceCounts.fill(0);
    r.totals.fill(0);
    for (let p = 0; p < this.players; p++) {
      for (let j = 0; j < d; j++) {
        const face = p === seat ? r.dice[p * d + j] : 1 + rng.below(S);
        r.dice[p * d + j] = face;
        r.faceCounts[p * (S + 1) + face]++;
        r.totals[face]++;
      }
    }
    return c;
  }

  clone(): LiarsState {
    // of the same class: a variant of the game (exact-search.ts) stays that variant when cloned
    const c = new (this.constructor as typeof LiarsState)(this.rules, this.players, this.opener);
    c.phase = this.phase;
    c.k = this.k;
    c.lastMarked = this.lastMarked;
    c.moves = this.moves.slice();
    const a = this.round, b = c.round;
    for (const key of ['dice', 'faceCounts', 'totals', 'ranks', 'bidders', 'marks', 'penalties', 'callsInTurn', 'callsInTurnRight', 'callsOutOfTurn', 'callsOutOfTurnRight', 'bidsMade'] as const) b[key].set(a[key]);
    b.numBids = a.numBids;
    b.onesBid = a.onesBid;
    b.opener = a.opener;
    b.direction = a.direction;
    b.toMove = a.toMove;
    b.nextOpener = a.nextOpener;
    b.caller = a.caller;
    b.callerInTurn = a.callerInTurn;
    b.challenged = a.challenged;
    return c;
  }

  actionText(action: number): string {
    const r = this.round;
    switch (this.phase) {
      case OPEN: case RAISE: return `bid ${r.countOf(action)}x${r.faceOf(action)}`;
      case DIRECTION: return action === 0 ? 'counter-clockwise' : 'clockwise';
      case CALL_IN: case CALL_OUT: {
        if (action === NO_CALL && this.lastMarked < 0) return 'no call';
        if (action === CALL_MARKED && this.lastMarked >= 0) return 'call the marked bids';
        const i = action - CHALLENGE, rank = r.ranks[i];
        return `${r.multiple ? 'mark' : 'call'} bid ${i + 1} (${r.countOf(rank)}x${r.faceOf(rank)})`;
      }
      default: return `action ${action}`;
    }
  }

  toString(): string {
    const r = this.round, d = r.dicePerPlayer;
    const cups: string[] = [];
    for (let p = 0; p < this.players; p++) cups.push(Array.from(r.dice.subarray(p * d, p * d + d)).join(''));
    const bids: string[] = [];
    for (let i = 0; i < r.numBids; i++) bids.push(`${r.countOf(r.ranks[i])}x${r.faceOf(r.ranks[i])}@${r.bidders[i]}`);
    const names = ['roll', 'open', 'direction', 'call in turn', 'call out of turn', 'raise', 'over'];
    return `liars-dice ${names[this.phase]} seat ${this.currentPlayer()} cups ${this.phase === ROLL ? '-' : cups.join('|')} bids ${bids.join(' ') || '-'}${this.phase === OVER ? ` penalties ${Array.from(r.penalties).join(',')}` : ''}`;
  }
}

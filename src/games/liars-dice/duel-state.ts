/**
 * The two-player game of the CFR+ solver (exact-cfr.ts) through the game interface, so the generic
 * exact tools (src/exact) solve the very game `liars solve` solves: each seat rolls its dice
 * (chance: the pair of sorted hands, with multinomial weights), seat 0 opens, then each turn is one
 * decision — call the last bid ("liar") or bid higher (a bid is a rank: count, then face in the
 * variant's order); the top bid can only be called. The caller loses when the bid stands.
 * Variants as the solver's: seed (wild 1s until 1s are bid, 1s rank highest), openspiel (the top
 * face wild, natural order), plain (no wild face).
 */
import { UserError } from '../../core/errors.js';
import type { Rng } from '../../core/rng.js';
import { CHANCE, MAX_ACTIONS, TERMINAL, type GameState, type SubGame } from '../state.js';
import { enumerateHands, type Variant } from './exact-cfr.js';
import type { LiarsRules } from './rules.js';

/** What one duel shares between its states: the hands, the bid ranks and the match counts. */
class DuelSetup {
  readonly B: number;
  readonly hands: [number[][], number[][]];
  readonly weights: [Float64Array, Float64Array];
  readonly rankCount: Int32Array;
  readonly rankFace: Int32Array;
  readonly onesMask: number;
  /** matches[p][wild][face · H + h]: dice of hand h of seat p that count for face */
  readonly matches: Int32Array[][];

  constructor(readonly variant: Variant, readonly dice: number, readonly sides: number) {
    this.B = 2 * dice * sides;
    if (this.B > 30) throw new UserError(`liars-dice duel: at most 30 bids (got ${this.B})`);
    const h = enumerateHands(dice, sides);
    this.hands = [h.hands, h.hands];
    this.weights = [h.weights, h.weights];
    this.rankCount = new Int32Array(this.B);
    this.rankFace = new Int32Array(this.B);
    let ones = 0;
    for (let b = 0; b < this.B; b++) {
      const r = b % sides;
      this.rankCount[b] = Math.floor(b / sides) + 1;
      this.rankFace[b] = variant === 'seed' ? (r === sides - 1 ? 1 : r + 2) : r + 1;
      if (this.rankFace[b] === 1) ones |= 1 << b;
    }
    this.onesMask = ones;
    const H = h.hands.length;
    this.matches = [0, 1].map(() => [false, true].map((wild) => {
      const t = new Int32Array((sides + 1) * H);
      h.hands.forEach((hand, k) => {
        for (let f = 1; f <= sides; f++) {
          let m = 0;
          for (const x of hand) if (x === f || (variant === 'seed' && wild && x === 1) || (variant === 'openspiel' && x === sides)) m++;
          t[f * H + k] = m;
        }
      });
      return t;
    }));
  }
}

export class LiarsDuelState implements GameState {
  readonly players = 2;
  private readonly setup: DuelSetup;
  /** each seat's hand (index into the sorted hands), −1 before the roll */
  private hand = [-1, -1];
  /** the bids made (bit b: rank b), the last one (−1: none), whose turn it is, who called (−1) */
  private mask = 0;
  private top = -1;
  private toMove = 0;
  private caller = -1;

  constructor(variant: Variant, dice: number, sides: number, setup?: DuelSetup) {
    this.setup = setup ?? new DuelSetup(variant, dice, sides);
  }

  currentPlayer(): number {
    return this.hand[0] < 0 ? CHANCE : this.caller >= 0 ? TERMINAL : this.toMove;
  }

  isTerminal(): boolean {
    return this.caller >= 0;
  }

  /** 0 = call the last bid (there is one), then the bids above it by rank */
  legalActions(out: Int32Array): number {
    let n = 0;
    if (this.top >= 0) out[n++] = 0;
    for (let b = this.top + 1; b < this.setup.B; b++) out[n++] = 1 + b;
    return n;
  }

  applyAction(action: number): void {
    if (action === 0) {
      this.caller = this.toMove;
      return;
    }
    const b = action - 1;
    this.mask |= 2 ** b;
    this.top = b;
    this.toMove = 1 - this.toMove;
  }

  chanceOutcomes(outcomes: Int32Array, probabilities: Float64Array): number {
    const H = this.setup.hands[0].length, w = this.setup.weights;
    if (H * H > MAX_ACTIONS) return 0;
    for (let a = 0; a < H; a++) {
      for (let b = 0; b < H; b++) {
        outcomes[a * H + b] = a * H + b;
        probabilities[a * H + b] = w[0][a] * w[1][b];
      }
    }
    return H * H;
  }

  applyChanceOutcome(o: number): void {
    const H = this.setup.hands[0].length;
    this.hand = [Math.floor(o / H), o % H];
  }

  applyChance(rng: Rng): void {
    // each hand drawn by its chance weight
    const w = this.setup.weights[0];
    const draw = () => {
      let x = rng.nextFloat(), h = 0;
      while (h < w.length - 1 && x >= w[h]) x -= w[h++];
      return h;
    };
    this.hand = [draw(), draw()];
  }

  /** Does the last bid stand (the dice on the table match it)? */
  private bidStands(): boolean {
    const s = this.setup, f = s.rankFace[this.top], q = s.rankCount[this.top];
    const wild = s.variant === 'seed' && (this.mask & s.onesMask) === 0 ? 1 : 0;
    const H = s.hands[0].length;
    return s.matches[0][wild][f * H + this.hand[0]] + s.matches[1][wild][f * H + this.hand[1]] >= q;
  }

  returns(out: Float64Array): void {
    const callerLoses = this.bidStands();
    out[this.caller] = callerLoses ? 0 : 1;
    out[1 - this.caller] = callerLoses ? 1 : 0;
  }

  informationKey(seat: number): string {
    return `${this.hand[seat] < 0 ? '-' : this.setup.hands[seat][this.hand[seat]].join('')}|${this.mask.toString(36)}`;
  }

  key(): string {
    return `${this.hand.join(',')}|${this.mask.toString(36)}|${this.caller}`;
  }

  determinize(seat: number, rng: Rng): LiarsDuelState {
    const c = this.clone();
    if (this.hand[0] < 0) return c;
    const other = this.clone();
    other.applyChance(rng);
    c.hand[1 - seat] = other.hand[1 - seat];
    return c;
  }

  clone(): LiarsDuelState {
    const c = new LiarsDuelState(this.setup.variant, this.setup.dice, this.setup.sides, this.setup);
    c.hand = this.hand.slice();
    c.mask = this.mask;
    c.top = this.top;
    c.toMove = this.toMove;
    c.caller = this.caller;
    return c;
  }

  actionText(action: number): string {
    if (action === 0) return 'liar';
    const s = this.setup;
    return `bid ${s.rankCount[action - 1]}x${s.rankFace[action - 1]}`;
  }

  toString(): string {
    const s = this.setup, bids: string[] = [];
    for (let b = 0; b < s.B; b++) if ((this.mask / 2 ** b) & 1) bids.push(`${s.rankCount[b]}x${s.rankFace[b]}`);
    const cups = this.hand[0] < 0 ? '-' : this.hand.map((h, p) => s.hands[p][h].join('')).join('|');
    return `liars-dice duel (${s.variant}) cups ${cups} bids ${bids.join(' ') || '-'}${this.caller >= 0 ? `; seat ${this.caller} called` : ''}`;
  }
}

/** The solver's variant of a rules file: seed (the rules page) or plain; anything else is refused. */
export function duelVariant(rules: LiarsRules): Variant {
  if (rules.wildOnes && rules.onesRankHighest && rules.onesBidCancelsWilds) return 'seed';
  if (!rules.wildOnes && !rules.onesRankHighest) return 'plain';
  throw new UserError('liars-dice duel: the solver\'s game has two variants of these rules, wild 1s ranking highest and cancelled by a bid on 1s (seed), or no wild face in natural order (plain)');
}

/** The duel as a part of the game for the exact tools (StateGame.subGames). */
export const duelPart: SubGame<LiarsRules> = {
  summary: 'two players, one round as `liars solve` plays it: call the last bid or bid higher',
  players: 2,
  newGame: (rules) => new LiarsDuelState(duelVariant(rules), rules.dicePerPlayer, rules.sides),
};

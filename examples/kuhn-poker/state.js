// Kuhn poker (H. W. Kuhn, 1950): three cards J < Q < K, one to each of two players, an ante of 1
// each; seat 0 checks or bets 1, then seat 1 calls or folds a bet, or checks or bets after a check,
// one bet at most: check-check shows down for the antes, a bet called
// shows down for 2, a bet folded loses the ante. Equilibrium value for seat 0: -1/18.
// A game state of the public game API, written against its contract only (no import needed).

/** what currentPlayer() says at a chance event and at the end (the API's CHANCE and TERMINAL) */
const CHANCE = -1, TERMINAL = -2;
/** actions: pass (check or fold) and bet (bet or call) */
export const PASS = 0, BET = 1;
const CARDS = ['J', 'Q', 'K'];

export class KuhnState {
  constructor() {
    /** the number of seats */
    this.players = 2;
    /** @type {number[]} each seat's card (0 J, 1 Q, 2 K), empty before the deal */
    this.cards = [];
    /** @type {number[]} the actions so far */
    this.history = [];
  }

  currentPlayer() {
    if (this.cards.length < 2) return CHANCE;
    return this.isTerminal() ? TERMINAL : this.history.length % 2;
  }

  isTerminal() {
    const h = this.history.join('');
    return h === '00' || h === '11' || h === '10' || h === '011' || h === '010';
  }

  /** @param {Int32Array} out */
  legalActions(out) {
    out[0] = PASS;
    out[1] = BET;
    return 2;
  }

  /** @param {number} action */
  applyAction(action) {
    this.history.push(action);
  }

  /** the deal: one of the six ordered pairs of cards, each with probability 1/6 */
  /** @param {Int32Array} outcomes @param {Float64Array} probabilities */
  chanceOutcomes(outcomes, probabilities) {
    for (let i = 0; i < 6; i++) {
      outcomes[i] = i;
      probabilities[i] = 1 / 6;
    }
    return 6;
  }

  /** @param {number} outcome */
  applyChanceOutcome(outcome) {
    const a = Math.floor(outcome / 2), others = [0, 1, 2].filter((c) => c !== a);
    this.cards = [a, others[outcome % 2]];
  }

  /** @param {{ below(n: number): number }} rng */
  applyChance(rng) {
    this.applyChanceOutcome(rng.below(6));
  }

  /** chips won by each seat @param {Float64Array} out */
  returns(out) {
    const h = this.history.join('');
    const high = this.cards[0] > this.cards[1] ? 0 : 1;
    let win0;
    if (h === '10') win0 = 1; // seat 1 folded to a bet
    else if (h === '010') win0 = -1; // seat 0 folded to a bet
    else win0 = (high === 0 ? 1 : -1) * (h === '00' ? 1 : 2);
    out[0] = win0;
    out[1] = -win0;
  }

  /** @param {number} seat */
  informationKey(seat) {
    return `${this.cards.length ? CARDS[this.cards[seat]] : '-'}|${this.history.join('')}`;
  }

  key() {
    return `${this.cards.map((c) => CARDS[c]).join('')}|${this.history.join('')}`;
  }

  /** the other card drawn again from the two this seat does not hold @param {number} seat @param {{ below(n: number): number }} rng */
  determinize(seat, rng) {
    const c = this.clone();
    if (this.cards.length < 2) return c;
    const left = [0, 1, 2].filter((x) => x !== this.cards[seat]);
    c.cards[1 - seat] = left[rng.below(2)];
    return c;
  }

  /** the deal (as chanceOutcomes numbers it) and the actions since, from a new game */
  pathFromStart() {
    const start = new KuhnState();
    if (this.cards.length < 2) return { start, steps: [] };
    const a = this.cards[0], others = [0, 1, 2].filter((c) => c !== a);
    return { start, steps: [a * 2 + others.indexOf(this.cards[1]), ...this.history] };
  }

  clone() {
    const c = new KuhnState();
    c.cards = this.cards.slice();
    c.history = this.history.slice();
    return c;
  }

  /** @param {number} action */
  actionText(action) {
    const facingBet = this.history.includes(BET);
    return action === BET ? (facingBet ? 'call' : 'bet') : facingBet ? 'fold' : 'check';
  }

  toString() {
    return `kuhn ${this.cards.map((c) => CARDS[c]).join('') || '-'} ${this.history.map((a) => (a ? 'b' : 'p')).join('') || '-'}`;
  }
}

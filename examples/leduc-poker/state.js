// Leduc poker (Southey et al., "Bayes' Bluff", 2005), as OpenSpiel's leduc_poker plays it: six
// cards (J, Q, K in two suits), an ante of 1 each, one private card each and a public card dealt
// after the first betting round. In each round seat 0 acts first; a raise is 2 in the first round
// and 4 in the second, at most two raises a round; a fold is offered only facing a bet. At the
// showdown a private card pairing the public one wins, else the higher card; equal ranks split.
// Equilibrium value for seat 0: about -0.0856 chips (OpenSpiel's leduc_poker, -0.0856064).
// A game state of the public game API, written against its contract only (no import needed).

/** what currentPlayer() says at a chance event and at the end (the API's CHANCE and TERMINAL) */
const CHANCE = -1, TERMINAL = -2;
/** actions, numbered as OpenSpiel's */
export const FOLD = 0, CALL = 1, RAISE = 2;
const RANKS = ['J', 'Q', 'K'];
const LETTERS = ['f', 'c', 'r'];
/** the raise of each round */
const RAISE_SIZE = [2, 4];
/** cards 0..5: rank card >> 1 (two suits a rank) */
const rank = (/** @type {number} */ card) => card >> 1;

/**
 * What a seat's card is worth to it now: 2 a pair with the public card or a king, 1 a queen, 0 a jack.
 * @param {LeducState} state @param {number} seat
 */
export function handStrength(state, seat) {
  const r = rank(state.cards[seat]);
  return (state.board >= 0 && rank(state.board) === r) || r === 2 ? 2 : r;
}

export class LeducState {
  constructor() {
    /** the number of seats */
    this.players = 2;
    /** @type {number[]} each seat's card (0..5), empty before the deal */
    this.cards = [];
    /** the public card, -1 before it is dealt */
    this.board = -1;
    /** 0 or 1 while betting, 2 after the second round */
    this.round = 0;
    /** @type {number[][]} each round's actions */
    this.history = [[], []];
    /** chips each seat has put in */
    this.spent = [1, 1];
    this.raises = 0;
    /** the seat to act while betting */
    this.toAct = 0;
    /** the seat that folded, -1 if none */
    this.folded = -1;
  }

  currentPlayer() {
    if (this.folded >= 0 || this.round === 2) return TERMINAL;
    if (this.cards.length < 2 || (this.round === 1 && this.board < 0)) return CHANCE;
    return this.toAct;
  }

  isTerminal() {
    return this.currentPlayer() === TERMINAL;
  }

  /** @param {Int32Array} out */
  legalActions(out) {
    let n = 0;
    if (this.spent[this.toAct] < this.spent[1 - this.toAct]) out[n++] = FOLD;
    out[n++] = CALL;
    if (this.raises < 2) out[n++] = RAISE;
    return n;
  }

  /** @param {number} action */
  applyAction(action) {
    const p = this.toAct, h = this.history[this.round];
    h.push(action);
    if (action === FOLD) {
      this.folded = p;
      return;
    }
    const top = Math.max(this.spent[0], this.spent[1]);
    if (action === RAISE) {
      this.spent[p] = top + RAISE_SIZE[this.round];
      this.raises++;
      this.toAct = 1 - p;
      return;
    }
    this.spent[p] = top;
    // a check opens the round to the other seat; a second check or a call closes it
    if (h.length === 1) {
      this.toAct = 1 - p;
      return;
    }
    this.round++;
    this.raises = 0;
    this.toAct = 0;
  }

  /** the cards left in the deck */
  deck() {
    const out = [];
    for (let c = 0; c < 6; c++) if (!this.cards.includes(c) && c !== this.board) out.push(c);
    return out;
  }

  /** the next card dealt: each card left with the same probability @param {Int32Array} outcomes @param {Float64Array} probabilities */
  chanceOutcomes(outcomes, probabilities) {
    const left = this.deck();
    left.forEach((c, i) => {
      outcomes[i] = c;
      probabilities[i] = 1 / left.length;
    });
    return left.length;
  }

  /** @param {number} card */
  applyChanceOutcome(card) {
    if (this.cards.length < 2) this.cards.push(card);
    else this.board = card;
  }

  /** @param {{ below(n: number): number }} rng */
  applyChance(rng) {
    const left = this.deck();
    this.applyChanceOutcome(left[rng.below(left.length)]);
  }

  /** chips won by each seat @param {Float64Array} out */
  returns(out) {
    let win0;
    if (this.folded >= 0) win0 = this.folded === 0 ? -this.spent[0] : this.spent[1];
    else {
      const b = rank(this.board);
      const strength = (/** @type {number} */ s) => (rank(this.cards[s]) === b ? 10 : 0) + rank(this.cards[s]);
      const d = strength(0) - strength(1);
      win0 = d > 0 ? this.spent[1] : d < 0 ? -this.spent[0] : 0;
    }
    out[0] = win0;
    out[1] = -win0;
  }

  /** the seat's card's rank, the public card's, and the bets (suits never matter) @param {number} seat */
  informationKey(seat) {
    const own = this.cards.length > seat ? RANKS[rank(this.cards[seat])] : '-';
    const pub = this.board >= 0 ? RANKS[rank(this.board)] : '';
    return `${own}${pub}|${this.history[0].map((a) => LETTERS[a]).join('')}/${this.history[1].map((a) => LETTERS[a]).join('')}`;
  }

  key() {
    return `${this.cards.join('')}${this.board >= 0 ? this.board : ''}|${this.history[0].join('')}/${this.history[1].join('')}`;
  }

  /** the cards this seat cannot see drawn again from those it has not seen @param {number} seat @param {{ below(n: number): number }} rng */
  determinize(seat, rng) {
    const c = this.clone();
    if (this.cards.length < 2) return c;
    const left = [0, 1, 2, 3, 4, 5].filter((x) => x !== this.cards[seat] && x !== this.board);
    c.cards[1 - seat] = left[rng.below(left.length)];
    return c;
  }

  clone() {
    const c = new LeducState();
    c.cards = this.cards.slice();
    c.board = this.board;
    c.round = this.round;
    c.history = [this.history[0].slice(), this.history[1].slice()];
    c.spent = this.spent.slice();
    c.raises = this.raises;
    c.toAct = this.toAct;
    c.folded = this.folded;
    return c;
  }

  /** @param {number} action */
  actionText(action) {
    const facing = this.spent[this.toAct] < this.spent[1 - this.toAct];
    if (action === FOLD) return 'fold';
    if (action === CALL) return facing ? 'call' : 'check';
    return facing ? 'raise' : 'bet';
  }

  toString() {
    const show = (/** @type {number} */ c) => `${RANKS[rank(c)]}${'sh'[c & 1]}`;
    const bets = this.history.map((h) => h.map((a) => LETTERS[a]).join('') || '-').join('/');
    return `leduc ${this.cards.map(show).join(' ') || '-'} board ${this.board >= 0 ? show(this.board) : '-'} ${bets}`;
  }
}

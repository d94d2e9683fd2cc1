// No Thanks! as a state machine: a shuffled deck with some cards removed unseen, one card face up;
// the player to move pays a chip to pass it on, or takes it with the chips on it. Rules as
// modelled: docs/examples.md.
import { CHANCE, TERMINAL } from 'oddsmith';

/**
 * @typedef {object} NoThanksRules
 * @property {number} lowest the lowest card
 * @property {number} highest the highest card
 * @property {number} removed cards removed unseen before play
 * @property {number} chips chips each at 3 to 5 players
 * @property {number} chipsAt6 chips each at 6 players
 * @property {number} chipsAt7 chips each at 7 players
 * @property {boolean} runs a run of cards scores only its lowest card
 * @property {'shared' | 'most-chips'} ties who wins a tied lowest score
 */

export const PASS = 0, TAKE = 1;

/** Chips each player starts with at a table of `players`. @param {NoThanksRules} rules @param {number} players */
export function startingChips(rules, players) {
  return players >= 7 ? rules.chipsAt7 : players === 6 ? rules.chipsAt6 : rules.chips;
}

/** @typedef {import('oddsmith').GameState} GameState */

/** @implements {GameState} */
export class NoThanksState {
  /** @param {NoThanksRules} rules @param {number} players */
  constructor(rules, players) {
    this.rules = rules;
    this.players = players;
    const n = rules.highest - rules.lowest + 1;
    /** the deck, shuffled by the first chance event; its last `removed` cards never come up */
    this.deck = new Int8Array(n);
    for (let i = 0; i < n; i++) this.deck[i] = rules.lowest + i;
    this.inPlay = n - rules.removed;
    /** cards turned up so far (the face-up card is deck[turned − 1]) */
    this.turned = 0;
    this.pot = 0;
    this.chips = new Int32Array(players).fill(startingChips(rules, players));
    /** owner of each card by value (−1: nobody) */
    this.owner = new Int8Array(rules.highest + 2).fill(-1);
    this.toMove = 0;
    this.over = false;
  }

  card() {
    return this.deck[this.turned - 1];
  }

  currentPlayer() {
    if (this.over) return TERMINAL;
    return this.turned === 0 ? CHANCE : this.toMove;
  }

  /** @param {Int32Array} out */
  legalActions(out) {
    let n = 0;
    if (this.chips[this.toMove] > 0) out[n++] = PASS;
    out[n++] = TAKE;
    return n;
  }

  /** @param {number} action */
  applyAction(action) {
    const me = this.toMove;
    if (action === PASS) {
      this.chips[me]--;
      this.pot++;
      this.toMove = (me + 1) % this.players;
      return;
    }
    this.owner[this.card()] = me;
    this.chips[me] += this.pot;
    this.pot = 0;
    // the taker turns up the next card and decides first
    if (this.turned === this.inPlay) this.over = true;
    else this.turned++;
  }

  /** The shuffle: the whole deck at once (the removed cards are its last ones). @param {import('oddsmith').Rng} rng */
  applyChance(rng) {
    shuffle(this.deck, 0, rng);
    this.turned = 1;
  }

  isTerminal() {
    return this.over;
  }

  /** A seat's score, lower is better: its cards (each run by its lowest) less its chips. @param {number} seat */
  score(seat) {
    let points = 0;
    for (let c = this.rules.lowest; c <= this.rules.highest; c++) {
      if (this.owner[c] !== seat) continue;
      if (!this.rules.runs || c === this.rules.lowest || this.owner[c - 1] !== seat) points += c;
    }
    return points - this.chips[seat];
  }

  /** @param {Float64Array} out */
  returns(out) {
    const P = this.players;
    let best = Infinity;
    for (let s = 0; s < P; s++) best = Math.min(best, this.score(s));
    let most = -1;
    if (this.rules.ties === 'most-chips') for (let s = 0; s < P; s++) if (this.score(s) === best) most = Math.max(most, this.chips[s]);
    let winners = 0;
    for (let s = 0; s < P; s++) {
      out[s] = this.score(s) === best && (most < 0 || this.chips[s] === most) ? 1 : 0;
      winners += out[s];
    }
    for (let s = 0; s < P; s++) out[s] /= winners;
  }

  /** The game's own score (lower is better). @param {Float64Array} out */
  scores(out) {
    for (let s = 0; s < this.players; s++) out[s] = this.score(s);
  }

  /** Standing so far, higher is better: minus the score. @param {Float64Array} out */
  runningScores(out) {
    for (let s = 0; s < this.players; s++) out[s] = -this.score(s);
  }

  /**
   * What every seat sees: the cards taken, the chips (counted by anyone who watches), the face-up
   * card and its pot. Nobody sees the deck's order or the removed cards, so every seat's key is
   * the same; only how many cards are still to come is known.
   */
  informationKey() {
    if (this.turned === 0) return 'deal';
    return `${this.toMove}|${this.over ? 'over' : this.card()}+${this.pot}|${this.turned}|${this.chips.join(',')}|${this.owner.join(',')}`;
  }

  /** The cards not yet turned up, shuffled again: the deck's rest and the removed cards alike. */
  determinize(/** @type {number} */ _seat, /** @type {import('oddsmith').Rng} */ rng) {
    const c = this.clone();
    shuffle(c.deck, this.turned, rng);
    return c;
  }

  key() {
    return `${this.informationKey()}|${this.deck.join(',')}`;
  }

  clone() {
    const c = new NoThanksState(this.rules, this.players);
    c.deck.set(this.deck);
    c.chips.set(this.chips);
    c.owner.set(this.owner);
    Object.assign(c, { turned: this.turned, pot: this.pot, toMove: this.toMove, over: this.over });
    return c;
  }

  /** @param {number} action */
  actionText(action) {
    return action === PASS ? `no thanks (${this.card()})` : `take ${this.card()} with ${this.pot} chips`;
  }

  toString() {
    const hands = Array.from({ length: this.players }, (_, s) => `${this.score(s)} (${this.chips[s]} chips)`).join(', ');
    const now = this.over ? 'over' : this.turned === 0 ? 'to deal' : `seat ${this.toMove}: ${this.card()} +${this.pot}`;
    return `scores ${hands}; ${now}`;
  }
}

/** Fisher–Yates over deck[from..]. @param {Int8Array} deck @param {number} from @param {import('oddsmith').Rng} rng */
function shuffle(deck, from, rng) {
  for (let i = deck.length - 1; i > from; i--) {
    const j = from + rng.below(i - from + 1);
    const t = deck[i];
    deck[i] = deck[j];
    deck[j] = t;
  }
}

/** What taking the face-up card adds to the mover's score, the chips on it counted off. @param {NoThanksState} s */
export function takeCost(s) {
  const me = s.toMove, c = s.card();
  const before = s.score(me);
  s.owner[c] = me;
  const after = s.score(me);
  s.owner[c] = -1;
  return after - before - s.pot;
}

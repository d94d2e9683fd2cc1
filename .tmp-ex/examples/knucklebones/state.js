// Knucklebones (the dice game of Cult of the Lamb) as a state machine: two grids of columns, a die
// rolled, then placed in one of the mover's columns. Rules as modelled: docs/examples.md.
import { CHANCE, TERMINAL } from 'oddsmith';

/**
 * @typedef {object} KnucklebonesRules
 * @property {number} columns columns in each grid
 * @property {number} rows dice a column holds
 * @property {number} faces faces of the die (1..faces)
 * @property {'shared' | 'second-player'} ties who wins a tied total
 */

/** A column's score: each face times its count, times its count again (a pair of 4s is 16). */
export function columnScore(/** @type {Int8Array} */ counts, /** @type {number} */ at, /** @type {number} */ faces) {
  let score = 0;
  for (let f = 0; f < faces; f++) score += (f + 1) * counts[at + f] * counts[at + f];
  return score;
}

/** @typedef {import('oddsmith').GameState} GameState */

/** @implements {GameState} */
export class KnucklebonesState {
  /** @param {KnucklebonesRules} rules */
  constructor(rules) {
    this.rules = rules;
    this.players = 2;
    // counts[(seat * columns + column) * faces + face − 1]: how many dice of that face the column holds
    this.counts = new Int8Array(2 * rules.columns * rules.faces);
    /** dice in each column, by seat and column */
    this.filled = new Int8Array(2 * rules.columns);
    this.toMove = 0;
    /** the die rolled and not yet placed (0: the next step is the roll) */
    this.die = 0;
    this.over = false;
    /** dice placed so far (the game's length), and dice knocked out */
    this.placed = 0;
    this.knocked = 0;
  }

  currentPlayer() {
    if (this.over) return TERMINAL;
    return this.die === 0 ? CHANCE : this.toMove;
  }

  /** @param {Int32Array} out */
  legalActions(out) {
    const C = this.rules.columns;
    let n = 0;
    for (let c = 0; c < C; c++) if (this.filled[this.toMove * C + c] < this.rules.rows) out[n++] = c;
    return n;
  }

  /** Place the rolled die in column `column` of the mover's grid. @param {number} column */
  applyAction(column) {
    const { columns: C, rows, faces: F } = this.rules;
    const me = this.toMove, them = 1 - me, face = this.die - 1;
    this.counts[(me * C + column) * F + face]++;
    this.filled[me * C + column]++;
    // the opponent's dice of the same face in the same column are knocked out
    const at = (them * C + column) * F + face;
    this.knocked += this.counts[at];
    this.filled[them * C + column] -= this.counts[at];
    this.counts[at] = 0;
    this.die = 0;
    this.placed++;
    let full = true;
    for (let c = 0; c < C; c++) if (this.filled[me * C + c] < rows) full = false;
    if (full) this.over = true;
    else this.toMove = them;
  }

  /** @param {import('oddsmith').Rng} rng */
  applyChance(rng) {
    this.die = rng.below(this.rules.faces) + 1;
  }

  /** @param {Int32Array} outcomes @param {Float64Array} probabilities */
  chanceOutcomes(outcomes, probabilities) {
    const F = this.rules.faces;
    for (let f = 0; f < F; f++) {
      outcomes[f] = f + 1;
      probabilities[f] = 1 / F;
    }
    return F;
  }

  /** @param {number} face */
  applyChanceOutcome(face) {
    this.die = face;
  }

  isTerminal() {
    return this.over;
  }

  /** A seat's total: the sum of its columns' scores. @param {number} seat */
  total(seat) {
    const { columns: C, faces: F } = this.rules;
    let t = 0;
    for (let c = 0; c < C; c++) t += columnScore(this.counts, (seat * C + c) * F, F);
    return t;
  }

  /** @param {Float64Array} out */
  returns(out) {
    const a = this.total(0), b = this.total(1);
    if (a === b) {
      const shared = this.rules.ties === 'shared';
      out[0] = shared ? 0.5 : 0;
      out[1] = shared ? 0.5 : 1;
    } else {
      out[0] = a > b ? 1 : 0;
      out[1] = a > b ? 0 : 1;
    }
  }

  /** @param {Float64Array} out */
  scores(out) {
    out[0] = this.total(0);
    out[1] = this.total(1);
  }

  /** @param {Float64Array} out */
  runningScores(out) {
    this.scores(out);
  }

  // Perfect information: every seat sees the whole state.
  informationKey() {
    return this.key();
  }

  determinize() {
    return this.clone();
  }

  key() {
    return `${this.toMove}:${this.die}:${this.over ? 1 : 0}:${this.counts.join('')}`;
  }

  clone() {
    const c = new KnucklebonesState(this.rules);
    c.counts.set(this.counts);
    c.filled.set(this.filled);
    c.toMove = this.toMove;
    c.die = this.die;
    c.over = this.over;
    c.placed = this.placed;
    c.knocked = this.knocked;
    return c;
  }

  /** @param {number} column */
  actionText(column) {
    return `place ${this.die || '?'} in column ${column + 1}`;
  }

  /** Column `column` of `seat` as its dice, highest first ("6 6 2"). @param {number} seat @param {number} column */
  columnText(seat, column) {
    const F = this.rules.faces, at = (seat * this.rules.columns + column) * F;
    const dice = [];
    for (let f = F - 1; f >= 0; f--) for (let k = 0; k < this.counts[at + f]; k++) dice.push(f + 1);
    return dice.join(' ') || '-';
  }

  toString() {
    const grid = (/** @type {number} */ s) => Array.from({ length: this.rules.columns }, (_, c) => this.columnText(s, c)).join(' | ');
    const next = this.over ? 'over' : this.die ? `seat ${this.toMove} places a ${this.die}` : `seat ${this.toMove} rolls`;
    return `[${grid(0)}] ${this.total(0)} vs [${grid(1)}] ${this.total(1)}; ${next}`;
  }
}

/**
 * What placing the rolled die in `column` is worth now: the mover's gain plus `attack` times what
 * the opponent loses. @param {KnucklebonesState} state @param {number} column @param {number} attack
 */
export function placementValue(state, column, attack) {
  const { columns: C, faces: F } = state.rules;
  const me = state.toMove, face = state.die - 1;
  const mine = (me * C + column) * F, theirs = ((1 - me) * C + column) * F;
  const n = state.counts[mine + face], m = state.counts[theirs + face];
  const gain = (face + 1) * ((n + 1) * (n + 1) - n * n);
  const loss = (face + 1) * m * m;
  return gain + attack * loss;
}

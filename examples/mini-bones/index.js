// Mini Bones: a cut-down Knucklebones, the game docs/your-game.md builds step by step.
import { defineGame, CHANCE, TERMINAL } from 'oddsmith';

/**
 * @typedef {{ columns: number, rows: number, knockOut: boolean, ties: 'shared' | 'second' }} Rules
 */

class MiniBones {
  /** @param {Rules} rules */
  constructor(rules) {
    this.rules = rules;
    this.players = 2;
    /** @type {number[][][]} grid[seat][column]: the dice in that column */
    this.grid = [0, 1].map(() => Array.from({ length: rules.columns }, () => []));
    this.seat = 0;
    this.die = 0; // 0: the next step is a roll
    this.over = false;
    this.knocked = 0; // dice knocked out so far
  }
  currentPlayer() {
    return this.over ? TERMINAL : this.die === 0 ? CHANCE : this.seat;
  }
  /** @param {Int32Array} out the columns with room */
  legalActions(out) {
    let n = 0;
    this.grid[this.seat].forEach((column, c) => {
      if (column.length < this.rules.rows) out[n++] = c;
    });
    return n;
  }
  /** @param {number} c */
  applyAction(c) {
    this.grid[this.seat][c].push(this.die);
    if (this.rules.knockOut) {
      const theirs = this.grid[1 - this.seat];
      const kept = theirs[c].filter((d) => d !== this.die);
      this.knocked += theirs[c].length - kept.length;
      theirs[c] = kept;
    }
    this.die = 0;
    if (this.grid[this.seat].every((column) => column.length === this.rules.rows)) this.over = true;
    else this.seat = 1 - this.seat;
  }
  /** @param {import('oddsmith').Rng} rng */
  applyChance(rng) {
    this.die = 1 + rng.below(6);
  }
  isTerminal() {
    return this.over;
  }
  /** A seat's points: in each column, every die counts once per matching die. @param {number} seat */
  total(seat) {
    let points = 0;
    for (const column of this.grid[seat]) {
      for (const d of column) points += d * column.filter((e) => e === d).length;
    }
    return points;
  }
  /** @param {Float64Array} out */
  returns(out) {
    const a = this.total(0), b = this.total(1);
    const tie = this.rules.ties === 'shared' ? 0.5 : 0;
    out[0] = a > b ? 1 : a < b ? 0 : tie;
    out[1] = 1 - out[0];
  }
  /** @param {Float64Array} out */
  scores(out) {
    out[0] = this.total(0);
    out[1] = this.total(1);
  }
  // Both grids and the die are on the table: nothing is hidden.
  informationKey() {
    return this.toString();
  }
  determinize() {
    return this.clone();
  }
  clone() {
    const c = new MiniBones(this.rules);
    c.grid = this.grid.map((g) => g.map((column) => [...column]));
    Object.assign(c, { seat: this.seat, die: this.die, over: this.over, knocked: this.knocked });
    return c;
  }
  /** @param {number} c */
  actionText(c) {
    return `put the ${this.die} in column ${c + 1}`;
  }
  toString() {
    const show = (/** @type {number} */ s) => this.grid[s].map((col) => col.join('')).join('|');
    return `${show(0)} vs ${show(1)}, seat ${this.seat}, die ${this.die}${this.over ? ', over' : ''}`;
  }
}

export default defineGame({
  id: 'mini-bones',
  title: 'Mini Bones',
  summary: 'a cut-down Knucklebones: the game of the designer\'s tutorial',
  rules: {
    fields: {
      columns: { kind: 'integer', min: 1, max: 5, default: 3, unit: 'columns', help: 'columns in each grid' },
      rows: { kind: 'integer', min: 1, max: 5, default: 3, unit: 'dice', help: 'dice a column holds' },
      knockOut: { kind: 'boolean', default: true, help: 'a die knocks out the opponent\'s equal dice in its column' },
      ties: {
        kind: 'enum',
        values: ['shared', 'second'],
        default: 'shared',
        help: 'who wins a tie: shared, or the second player',
        assumed: 'the rules do not say: a tie is shared',
      },
    },
    presets: { small: { columns: 2, rows: 2 } },
  },
  state: {
    seats: () => ({ min: 2, max: 2, default: 2 }),
    newGame: (/** @type {Rules} */ rules) => new MiniBones(rules),
  },
  players: {
    greedy: {
      summary: 'puts each die where it gains the most points now, knock-outs included',
      create: () => ({
        act(state) {
          const s = /** @type {MiniBones} */ (state);
          const out = new Int32Array(s.rules.columns);
          const n = s.legalActions(out);
          let best = out[0], bestGain = -Infinity;
          for (let i = 0; i < n; i++) {
            const next = s.clone();
            next.applyAction(out[i]);
            const gain = next.total(s.seat) - next.total(1 - s.seat);
            if (gain > bestGain) [best, bestGain] = [out[i], gain];
          }
          return best;
        },
      }),
    },
  },
  findings: [{ name: 'dice knocked out', kind: 'value', measure: (state) => /** @type {MiniBones} */ (state).knocked }],
});

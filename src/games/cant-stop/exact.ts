/**
 * Exact Can't Stop figures, by enumeration of the 126 distinct sorted rolls (multinomial weights):
 * - the chance of a roll offering each column, and of busting with a given set of runner columns;
 * - the optimal single turn from a board (solitaire): when to stop and which move to take to
 *   maximise the expected progress, in columns (a step in a column of height h is 1/h);
 * - optimal solitaire play (fewest expected turns to claim `columnsToWin` columns), solved
 *   backwards over every board with a one-dimensional fixed point per board (a bust returns to the
 *   same board), as Glenn's solitaire solver does; it fits small boards (see solitaireSize).
 * The exact solvers move pieces with the engine's own move generator, so they model the same rules.
 */
import { UserError } from '../../core/errors.js';
import { CantStopEngine, MAX_MOVES } from './engine.js';
import { COLUMNS, columnSum, type CantStopRules } from './rules.js';
import { PAIRINGS, ROLL_CLASSES, ROLLS } from './tables.js';

/** Ordered rolls (of 1296) that offer column c in at least one pairing, per column. */
export function columnRolls(): number[] {
  const out: number[] = [];
  for (let c = 0; c < COLUMNS; c++) {
    let k = 0;
    for (let r = 0; r < ROLLS; r++) {
      for (let i = 0; i < 6; i++) {
        if (PAIRINGS[r * 6 + i] === c) {
          k++;
          break;
        }
      }
    }
    out.push(k);
  }
  return out;
}

/** Ordered rolls (of 1296) that offer none of `columns` in any pairing: the busts with runners on exactly those columns. */
export function bustRolls(columns: readonly number[]): number {
  let mask = 0;
  for (const c of columns) mask |= 1 << c;
  let k = 0;
  for (let r = 0; r < ROLLS; r++) {
    let hit = false;
    for (let i = 0; i < 6 && !hit; i++) hit = ((mask >> PAIRINGS[r * 6 + i]) & 1) === 1;
    if (!hit) k++;
  }
  return k;
}

export interface BustRow {
  /** the runner columns as sums, ascending */
  sums: number[];
  bustRolls: number;
  bust: number;
}

/** Bust chance for every set of `size` runner columns (3 in the rulebook), safest first. */
export function bustTable(size: number): BustRow[] {
  const rows: BustRow[] = [];
  const pick = (from: number, chosen: number[]) => {
    if (chosen.length === size) {
      const k = bustRolls(chosen);
      rows.push({ sums: chosen.map(columnSum), bustRolls: k, bust: k / ROLLS });
      return;
    }
    for (let c = from; c < COLUMNS; c++) pick(c + 1, [...chosen, c]);
  };
  pick(0, []);
  return rows.sort((a, b) => a.bustRolls - b.bustRolls || a.sums.join().localeCompare(b.sums.join(), 'en', { numeric: true }));
}

/** Parse "6,7,8" (column sums) into column indices; names the option on failure. */
export function parseSums(text: string, what: string, count?: number): number[] {
  const parts = text.split(',').map((t) => t.trim());
  const cols = parts.map((t) => {
    const v = /^\d+$/.test(t) ? Number(t) : NaN;
    if (!(v >= 2 && v <= 12)) throw new UserError(`${what}: ${JSON.stringify(t)} is not a column (sums 2..12)`);
    return v - 2;
  });
  if (new Set(cols).size !== cols.length) throw new UserError(`${what}: a column is named twice (${text})`);
  if (count !== undefined && cols.length !== count) throw new UserError(`${what}: give ${count} columns (got ${cols.length})`);
  return cols;
}

/**
 * The in-turn decision problem from one board (the seat-0 markers of `engine`, its closed columns):
 * the value of each runner configuration when the turn may stop (stopValue) or roll (bust → bustValue),
 * maximised (or minimised), with the chance the chosen policy busts and its expected rolls.
 */
class TurnSolver {
  private readonly index = new Map<number, number>();
  private value: number[] = [];
  private bust: number[] = [];
  private rolls: number[] = [];
  private readonly radix = new Float64Array(COLUMNS);
  private readonly moveBuf: Int32Array[] = [];
  private readonly saved: Int8Array[] = [];
  private readonly savedUsed: number[] = [];
  bustValue = 0;
  states = 0;

  constructor(readonly e: CantStopEngine, private readonly stopValue: (e: CantStopEngine) => number, private readonly sign: 1 | -1) {
    let m = 1;
    for (let c = 0; c < COLUMNS; c++) {
      this.radix[c] = m;
      m *= e.heights[c] + 1;
    }
  }

  reset(bustValue: number): void {
    this.index.clear();
    this.value = [];
    this.bust = [];
    this.rolls = [];
    this.bustValue = bustValue;
  }

  private key(): number {
    let k = 0;
    for (let c = 0; c < COLUMNS; c++) k += this.e.runner[c] * this.radix[c];
    return k;
  }

  private buffers(depth: number): void {
    while (this.moveBuf.length <= depth) {
      this.moveBuf.push(new Int32Array(MAX_MOVES));
      this.saved.push(new Int8Array(COLUMNS));
      this.savedUsed.push(0);
    }
  }

  /** The value of rolling now (and playing on optimally): [value, P(bust), expected rolls]. */
  roll(depth: number): [number, number, number] {
    this.buffers(depth);
    const e = this.e, moves = this.moveBuf[depth], saved = this.saved[depth];
    const { roll, weight } = ROLL_CLASSES;
    let v = 0, pb = 0, er = 0;
    for (let i = 0; i < roll.length; i++) {
      const w = weight[i] / ROLLS;
      const n = e.legalMoves(roll[i], moves);
      if (n === 0) {
        v += w * this.bustValue;
        pb += w;
        continue;
      }
      saved.set(e.runner);
      this.savedUsed[depth] = e.runnersUsed;
      let best = -Infinity, bestAt = -1;
      for (let j = 0; j < n; j++) {
        e.applyMove(moves[j]);
        const at = this.decide(depth + 1);
        e.runner.set(saved);
        e.runnersUsed = this.savedUsed[depth];
        const s = this.sign * this.value[at];
        if (s > best) {
          best = s;
          bestAt = at;
        }
      }
      v += w * this.value[bestAt];
      pb += w * this.bust[bestAt];
      er += w * this.rolls[bestAt];
    }
    return [v, pb, 1 + er];
  }

  /** The decision after a move (stop or roll on), memoised; returns its slot. */
  decide(depth: number): number {
    const k = this.key();
    const hit = this.index.get(k);
    if (hit !== undefined) return hit;
    const stop = this.stopValue(this.e);
    const [v, pb, er] = this.roll(depth);
    const at = this.value.length;
    this.index.set(k, at);
    this.states++;
    // ties stop (the safer choice)
    if (this.sign * stop >= this.sign * v) {
      this.value.push(stop);
      this.bust.push(0);
      this.rolls.push(0);
    } else {
      this.value.push(v);
      this.bust.push(pb);
      this.rolls.push(er);
    }
    return at;
  }

  /** For a player: after a move, should the turn roll on? (the engine holds the configuration) */
  rollsOn(): boolean {
    const at = this.decide(0);
    return this.bust[at] > 0 || this.rolls[at] > 0;
  }

  /** For a player: the value of the configuration after a move. */
  valueHere(): number {
    return this.value[this.decide(0)];
  }
}

export interface TurnResult {
  /** expected progress of the turn under optimal play, in columns */
  progress: number;
  /** chance the optimal turn busts */
  bust: number;
  /** expected rolls of the optimal turn */
  rolls: number;
  /** runner configurations evaluated */
  states: number;
}

/** The optimal single turn from an empty board (solitaire): maximise expected progress. */
export class OptimalTurn {
  readonly e: CantStopEngine;
  private readonly solver: TurnSolver;
  readonly result: TurnResult;

  constructor(rules: CantStopRules) {
    this.e = new CantStopEngine(rules, 1);
    this.solver = new TurnSolver(this.e, (e) => e.turnProgress(), 1);
    this.solver.reset(0);
    const [progress, bust, rolls] = this.solver.roll(0);
    this.result = { progress, bust, rolls, states: this.solver.states };
  }

  /** Should a turn with these runners (copied from `board`, seat 0's view) roll on? */
  rollsOn(board: CantStopEngine): boolean {
    this.e.runner.set(board.runner);
    this.e.runnersUsed = board.runnersUsed;
    return this.solver.rollsOn();
  }

  /** The index of the best of n moves for the runners of `board`. */
  bestMove(board: CantStopEngine, moves: Int32Array, n: number): number {
    let best = 0, bestV = -Infinity;
    for (let j = 0; j < n; j++) {
      this.e.runner.set(board.runner);
      this.e.runnersUsed = board.runnersUsed;
      this.e.applyMove(moves[j]);
      const v = this.solver.valueHere();
      if (v > bestV) {
        bestV = v;
        best = j;
      }
    }
    return best;
  }
}

/** Boards of the solitaire solver: every combination of marker positions. */
export function solitaireSize(rules: CantStopRules): number {
  return rules.heights.reduce((m, h) => m * (h + 1), 1);
}

/** The most boards solitaire() takes on (the full board has about 7.4e9). */
export const MAX_SOLITAIRE_BOARDS = 2_000_000;

export interface SolitaireResult {
  /** expected turns to claim columnsToWin columns from the empty board, optimal play */
  turns: number;
  boards: number;
  /** in-turn configurations evaluated, over every board and fixed-point step */
  states: number;
}

/** Optimal solitaire: the fewest expected turns from every board, backwards from the won boards. */
export class Solitaire {
  /** expected turns from each board (mixed radix over the columns' positions 0..height) */
  readonly turns: Float64Array;
  readonly radix: number[] = [];
  readonly result: SolitaireResult;
  private readonly e: CantStopEngine;
  private readonly solver: TurnSolver;
  private guess = 1;

  constructor(readonly rules: CantStopRules) {
    const size = solitaireSize(rules);
    if (size > MAX_SOLITAIRE_BOARDS) throw new UserError(`the solitaire solver takes boards up to ${MAX_SOLITAIRE_BOARDS.toLocaleString('en')} positions; these heights give ${size.toLocaleString('en')} (try --set heights.5=3 and smaller)`);
    let m = 1;
    for (let c = 0; c < COLUMNS; c++) {
      this.radix.push(m);
      m *= rules.heights[c] + 1;
    }
    this.turns = new Float64Array(size);
    this.e = new CantStopEngine(rules, 1);
    this.solver = new TurnSolver(this.e, (e) => this.turns[this.boardAfterStop(e)], -1);
    let states = 0;
    for (let b = size - 1; b >= 0; b--) {
      if (!this.setBoard(b)) continue;
      // policy iteration on the bust value x = turns[b]: x = 1 + f(x), f concave, slope P(bust) < 1
      let x = this.guess;
      for (let it = 0; it < 100; it++) {
        this.solver.reset(x);
        const [v, pb] = this.solver.roll(0);
        const next = (1 + v - pb * x) / (1 - pb);
        const done = Math.abs(next - x) <= 1e-12 * Math.max(1, next);
        x = next;
        if (done) break;
      }
      states += this.solver.states;
      this.solver.states = 0;
      this.turns[b] = x;
      // the next board (one space less somewhere) takes a similar number of turns: start there
      this.guess = x;
    }
    this.result = { turns: this.turns[0], boards: size, states };
  }

  /** Put board b on the engine (seat 0's markers; columns at their top closed); false when already won. */
  setBoard(b: number): boolean {
    const e = this.e;
    e.reset();
    let claimed = 0;
    for (let c = 0; c < COLUMNS; c++) {
      const p = Math.floor(b / this.radix[c]) % (this.rules.heights[c] + 1);
      e.marker[c] = p;
      if (p === this.rules.heights[c]) {
        e.claimedBy[c] = 0;
        claimed++;
      }
    }
    return claimed < this.rules.columnsToWin;
  }

  /** The board seat 0 of `board` stands on (its markers). */
  boardOf(board: CantStopEngine): number {
    let b = 0;
    const base = board.seat * COLUMNS;
    for (let c = 0; c < COLUMNS; c++) b += Math.min(board.marker[base + c], this.rules.heights[c]) * this.radix[c];
    return b;
  }

  private current = -1;

  /** The solver's engine on `board`'s markers and runners, its turn values for that board ready. */
  private load(board: CantStopEngine): void {
    const b = this.boardOf(board);
    if (b !== this.current) {
      this.setBoard(b);
      this.solver.reset(this.turns[b]);
      this.current = b;
    }
    this.e.runner.set(board.runner);
    this.e.runnersUsed = board.runnersUsed;
  }

  /** For a player: after a move, roll on? */
  rollsOn(board: CantStopEngine): boolean {
    this.load(board);
    return this.solver.rollsOn();
  }

  /** For a player: the index of the move with the fewest expected turns. */
  bestMove(board: CantStopEngine, moves: Int32Array, n: number): number {
    let best = 0, bestV = Infinity;
    for (let j = 0; j < n; j++) {
      this.load(board);
      this.e.applyMove(moves[j]);
      const v = this.solver.valueHere();
      if (v < bestV) {
        bestV = v;
        best = j;
      }
    }
    return best;
  }

  boardAfterStop(e: CantStopEngine): number {
    let b = 0;
    for (let c = 0; c < COLUMNS; c++) b += (e.runner[c] > 0 ? e.runner[c] : e.marker[c]) * this.radix[c];
    return b;
  }
}

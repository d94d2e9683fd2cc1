/**
 * The Can't Stop engine: the board in typed arrays, the legal moves of a roll, and an allocation-free
 * play loop. A move is a small integer: a*12 + b for columns a ≤ b (a = b: two steps in one column)
 * or a*12 + 11 for one step in column a alone; ROLL and STOP are the decision after a move. The
 * state interface (state.ts) drives the same methods, so both play the same game from one seed.
 */
import type { Rng } from '../../core/rng.js';
import { COLUMNS, columnSum, type CantStopRules } from './rules.js';
import { PAIRINGS, ROLLS } from './tables.js';

/** A strategy as the play loop calls it (strategy.ts re-exports it with the strategy definition). */
export interface CantStopPlayer {
  /** Which of the n legal moves (move codes, ascending, in `moves`) to play: an index 0..n−1. */
  chooseMove(board: CantStopEngine, moves: Int32Array, n: number, rng: Rng): number;
  /** After a move: roll again (true) or stop and keep the turn's progress (false). */
  rollAgain(board: CantStopEngine, rng: Rng): boolean;
}

/** "no second column" in a move code */
export const NONE = 11;
/** the decision after a move: roll again */
export const ROLL = 144;
/** the decision after a move: stop and keep the turn's progress */
export const STOP = 145;
/** the most distinct moves one roll can offer (3 pairings × at most 3 choices) */
export const MAX_MOVES = 9;

export const moveCode = (a: number, b: number): number => (b === NONE ? a * 12 + NONE : Math.min(a, b) * 12 + Math.max(a, b));

/** A move or decision as a person reads it: "6+8", "7+7", "5", "roll", "stop". */
export function moveText(code: number): string {
  if (code === ROLL) return 'roll';
  if (code === STOP) return 'stop';
  const a = Math.floor(code / 12), b = code % 12;
  return b === NONE ? String(columnSum(a)) : `${columnSum(a)}+${columnSum(b)}`;
}

/** The game's result when it ends without a winner (turn limit). */
export const DRAW = -1;

export class CantStopEngine {
  readonly heights: Int8Array;
  /** each player's marker per column: 0 = none, else the space (1..height) */
  readonly marker: Int8Array;
  /** who claimed each column, −1 while open */
  readonly claimedBy = new Int8Array(COLUMNS);
  /** columns claimed per player */
  readonly claims: Int8Array;
  /** this turn's runners per column: 0 = none, else the space it stands on */
  readonly runner = new Int8Array(COLUMNS);
  /** runners placed this turn */
  runnersUsed = 0;
  /** the seat whose turn it is */
  seat = 0;
  /** turns completed (stopped or bust) */
  turns = 0;
  /** the last roll (0..1295) */
  roll = 0;
  /** the winner once over, or DRAW */
  winner = DRAW;
  over = false;
  private readonly seen = new Uint8Array(144);
  readonly players: number;

  constructor(readonly rules: CantStopRules, players: number) {
    this.players = players;
    this.heights = Int8Array.from(rules.heights);
    this.marker = new Int8Array(players * COLUMNS);
    this.claims = new Int8Array(players);
    this.reset();
  }

  reset(): void {
    this.marker.fill(0);
    this.claimedBy.fill(-1);
    this.claims.fill(0);
    this.runner.fill(0);
    this.runnersUsed = 0;
    this.seat = 0;
    this.turns = 0;
    this.roll = 0;
    this.winner = DRAW;
    this.over = false;
  }

  copyFrom(o: CantStopEngine): void {
    this.marker.set(o.marker);
    this.claimedBy.set(o.claimedBy);
    this.claims.set(o.claims);
    this.runner.set(o.runner);
    this.runnersUsed = o.runnersUsed;
    this.seat = o.seat;
    this.turns = o.turns;
    this.roll = o.roll;
    this.winner = o.winner;
    this.over = o.over;
  }

  /** where the seat to move stands in column c this turn (its runner, else its marker) */
  position(c: number): number {
    const r = this.runner[c];
    return r > 0 ? r : this.marker[this.seat * COLUMNS + c];
  }

  /** the space a step from `from` lands on in column c (skipping other players' markers under variant A) */
  private next(c: number, from: number): number {
    let p = from + 1;
    if (this.rules.skipOccupied) {
      const h = this.heights[c];
      while (p < h && this.occupied(c, p)) p++;
    }
    return p;
  }

  private occupied(c: number, p: number): boolean {
    for (let q = 0; q < this.players; q++) if (q !== this.seat && this.marker[q * COLUMNS + c] === p) return true;
    return false;
  }

  /** column c can take a step now: open, not at its top, and a runner there or one left to place */
  private canStep(c: number): boolean {
    return this.claimedBy[c] < 0 && this.position(c) < this.heights[c] && (this.runner[c] > 0 || this.runnersUsed < this.rules.runners);
  }

  private add(out: Int32Array, n: number, code: number): number {
    if (this.seen[code]) return n;
    this.seen[code] = 1;
    // insertion keeps the list ascending (at most 9 entries)
    let i = n;
    while (i > 0 && out[i - 1] > code) {
      out[i] = out[i - 1];
      i--;
    }
    out[i] = code;
    return n + 1;
  }

  /** The legal moves of roll r for the seat to move, ascending, into `out`; 0 means the roll busts. */
  legalMoves(r: number, out: Int32Array): number {
    let n = 0;
    const free = this.rules.runners - this.runnersUsed;
    for (let k = 0; k < 3; k++) {
      const a = PAIRINGS[r * 6 + 2 * k], b = PAIRINGS[r * 6 + 2 * k + 1];
      if (a === b) {
        if (!this.canStep(a)) continue;
        // two steps only when the first does not reach the top
        if (this.next(a, this.position(a)) < this.heights[a]) {
          n = this.add(out, n, a * 12 + a);
          if (!this.rules.mustUseBoth) n = this.add(out, n, a * 12 + NONE);
        } else n = this.add(out, n, a * 12 + NONE);
        continue;
      }
      const okA = this.canStep(a), okB = this.canStep(b);
      if (okA && okB) {
        const need = (this.runner[a] > 0 ? 0 : 1) + (this.runner[b] > 0 ? 0 : 1);
        if (need <= free) {
          n = this.add(out, n, moveCode(a, b));
          if (this.rules.mustUseBoth) continue;
        }
        n = this.add(out, n, a * 12 + NONE);
        n = this.add(out, n, b * 12 + NONE);
      } else if (okA) n = this.add(out, n, a * 12 + NONE);
      else if (okB) n = this.add(out, n, b * 12 + NONE);
    }
    for (let i = 0; i < n; i++) this.seen[out[i]] = 0;
    return n;
  }

  private step(c: number): void {
    if (this.runner[c] === 0) {
      this.runner[c] = this.next(c, this.marker[this.seat * COLUMNS + c]);
      this.runnersUsed++;
    } else if (this.runner[c] < this.heights[c]) this.runner[c] = this.next(c, this.runner[c]);
  }

  /** Play a move code (one of legalMoves). */
  applyMove(code: number): void {
    const a = Math.floor(code / 12), b = code % 12;
    this.step(a);
    if (b !== NONE) this.step(b);
  }

  /** Stop: runners become the player's markers, columns at their top are claimed; may end the game. */
  stop(): void {
    const s = this.seat;
    for (let c = 0; c < COLUMNS; c++) {
      const r = this.runner[c];
      if (r === 0) continue;
      this.marker[s * COLUMNS + c] = r;
      if (r === this.heights[c]) {
        this.claimedBy[c] = s;
        this.claims[s]++;
        // the rulebook: other players' markers in a won column are removed
        for (let q = 0; q < this.players; q++) if (q !== s) this.marker[q * COLUMNS + c] = 0;
      }
    }
    if (this.claims[s] >= this.rules.columnsToWin) {
      this.over = true;
      this.winner = s;
    }
    this.endTurn();
  }

  /** Bust: the turn's runners come off, the markers stay. */
  bust(): void {
    this.endTurn();
  }

  private endTurn(): void {
    this.runner.fill(0);
    this.runnersUsed = 0;
    this.turns++;
    if (this.over) return;
    if (this.turns >= this.rules.turnLimit) {
      this.over = true;
      this.winner = DRAW;
      return;
    }
    this.seat = this.seat + 1 === this.players ? 0 : this.seat + 1;
  }

  /** Spaces the seat's runners have climbed this turn, as fractions of their columns. */
  turnProgress(): number {
    let p = 0;
    for (let c = 0; c < COLUMNS; c++) if (this.runner[c] > 0) p += (this.runner[c] - this.marker[this.seat * COLUMNS + c]) / this.heights[c];
    return p;
  }

  // hooks for statistics and traces (no-ops here; a subclass overrides what it needs)
  protected onRoll(_r: number, _moves: number): void {}
  protected onAction(_code: number): void {}
  protected onTurnEnd(_busted: boolean): void {}

  /**
   * One whole game from the start, seat i played by players[i]; returns the winner or DRAW. Draws
   * from `rng` in this order: the roll (one draw of 1296), then whatever the player draws, so the
   * state interface driven by the same rng plays the same game.
   */
  playGame(players: readonly CantStopPlayer[], rng: Rng, moves: Int32Array): number {
    this.reset();
    while (!this.over) {
      const p = players[this.seat];
      for (;;) {
        this.roll = rng.below(ROLLS);
        const n = this.legalMoves(this.roll, moves);
        this.onRoll(this.roll, n);
        if (n === 0) {
          this.onTurnEnd(true);
          this.bust();
          break;
        }
        const m = moves[p.chooseMove(this, moves, n, rng)];
        this.onAction(m);
        this.applyMove(m);
        if (p.rollAgain(this, rng)) {
          this.onAction(ROLL);
          continue;
        }
        this.onAction(STOP);
        this.onTurnEnd(false);
        this.stop();
        break;
      }
    }
    return this.winner;
  }
}

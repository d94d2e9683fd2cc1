/**
 * Can't Stop through the one game interface (src/games/state.ts). The game has no hidden
 * information, so a seat's information key is the whole state and a determinization is a copy.
 * Chance is the roll of four dice: one draw of 1296 (exactly as the engine's play loop draws), or
 * for exact tools the 126 distinct sorted rolls with their multinomial weights.
 */
import type { Rng } from '../../core/rng.js';
import { UserError } from '../../core/errors.js';
import { CHANCE, TERMINAL, type GameState, type StateGame } from '../state.js';
import { CantStopEngine, DRAW, MAX_MOVES, moveText, ROLL, STOP } from './engine.js';
import { COLUMNS, columnSum, type CantStopRules } from './rules.js';
import { ROLL_CLASSES, ROLLS, rollText } from './tables.js';
import type { CantStopPlayer } from './strategy.js';
import { STRATEGIES } from './strategies/index.js';
import { StrategyPlayer } from '../../play/strategy-player.js';

const PH_ROLL = 0, PH_MOVE = 1, PH_DECIDE = 2, PH_OVER = 3;

/** The four dice's outcomes by class, with their probabilities (a whole game's roll and a turn's). */
function rollOutcomes(outcomes: Int32Array, probabilities: Float64Array): number {
  const { roll, weight } = ROLL_CLASSES;
  for (let i = 0; i < roll.length; i++) {
    outcomes[i] = roll[i];
    probabilities[i] = weight[i] / ROLLS;
  }
  return roll.length;
}

export class CantStopState implements GameState {
  readonly players: number;
  readonly engine: CantStopEngine;
  /** what happens next: the roll (chance), a move, roll-or-stop, or nothing (over) */
  phase = PH_ROLL;
  /** the legal moves of the last roll */
  readonly moves = new Int32Array(MAX_MOVES);
  nMoves = 0;

  constructor(rules: CantStopRules, players: number) {
    this.players = players;
    this.engine = new CantStopEngine(rules, players);
  }

  currentPlayer(): number {
    return this.phase === PH_ROLL ? CHANCE : this.phase === PH_OVER ? TERMINAL : this.engine.seat;
  }

  legalActions(out: Int32Array): number {
    if (this.phase === PH_MOVE) {
      // element by element: a subarray view would allocate at every decision
      for (let i = 0; i < this.nMoves; i++) out[i] = this.moves[i];
      return this.nMoves;
    }
    if (this.phase === PH_DECIDE) {
      out[0] = ROLL;
      out[1] = STOP;
      return 2;
    }
    return 0;
  }

  applyAction(action: number): void {
    if (this.phase === PH_MOVE) {
      this.engine.applyMove(action);
      this.phase = PH_DECIDE;
    } else if (this.phase === PH_DECIDE) {
      if (action === ROLL) this.phase = PH_ROLL;
      else {
        this.engine.stop();
        this.phase = this.engine.over ? PH_OVER : PH_ROLL;
      }
    } else throw new Error(`applyAction(${action}) when no seat is to move (${this.toString()})`);
  }

  applyChance(rng: Rng): void {
    this.applyChanceOutcome(rng.below(ROLLS));
  }

  chanceOutcomes(outcomes: Int32Array, probabilities: Float64Array): number {
    return rollOutcomes(outcomes, probabilities);
  }

  applyChanceOutcome(r: number): void {
    const e = this.engine;
    e.roll = r;
    this.nMoves = e.legalMoves(r, this.moves);
    if (this.nMoves > 0) this.phase = PH_MOVE;
    else {
      e.bust();
      this.phase = e.over ? PH_OVER : PH_ROLL;
    }
  }

  isTerminal(): boolean {
    return this.phase === PH_OVER;
  }

  returns(out: Float64Array): void {
    const w = this.engine.winner;
    for (let i = 0; i < this.players; i++) out[i] = !this.engine.over ? 0 : w === DRAW ? 1 / this.players : i === w ? 1 : 0;
  }

  /** columns claimed per seat */
  scores(out: Float64Array): void {
    for (let i = 0; i < this.players; i++) out[i] = this.engine.claims[i];
  }

  /** each seat's standing, in columns: 1 per claimed column plus marker / height in each open one */
  runningScores(out: Float64Array): void {
    const e = this.engine;
    for (let p = 0; p < this.players; p++) {
      let v = 0;
      for (let c = 0; c < COLUMNS; c++) v += e.claimedBy[c] === p ? 1 : e.claimedBy[c] < 0 ? e.marker[p * COLUMNS + c] / e.heights[c] : 0;
      out[p] = v;
    }
  }

  informationKey(_seat: number): string {
    return this.toString();
  }

  key(): string {
    return this.toString();
  }

  determinize(_seat: number, _rng: Rng): GameState {
    return this.clone();
  }

  clone(): CantStopState {
    const s = new CantStopState(this.engine.rules, this.players);
    s.engine.copyFrom(this.engine);
    s.phase = this.phase;
    s.moves.set(this.moves);
    s.nMoves = this.nMoves;
    return s;
  }

  actionText(action: number): string {
    return moveText(action);
  }

  toString(): string {
    const e = this.engine;
    const cols: string[] = [];
    for (let c = 0; c < COLUMNS; c++) {
      const at = [];
      for (let p = 0; p < this.players; p++) at.push(e.marker[p * COLUMNS + c]);
      cols.push(`${columnSum(c)}:${e.claimedBy[c] >= 0 ? `won by ${e.claimedBy[c]}` : at.join('/')}${e.runner[c] ? `^${e.runner[c]}` : ''}`);
    }
    const phase = ['roll', `move after ${rollText(e.roll)}`, 'roll or stop', 'over'][this.phase];
    return `turn ${e.turns + 1}, seat ${e.seat} to ${phase}; ${cols.join(' ')}${e.over ? `; winner ${e.winner === DRAW ? 'none (draw)' : e.winner}` : ''}`;
  }
}

/** How a Can't Stop strategy answers the state's question (for src/play/strategy-player.ts). */
export function askCantStop(player: CantStopPlayer, s: CantStopState, rng: Rng): number {
  if (s.phase === PH_MOVE) return s.moves[player.chooseMove(s.engine, s.moves, s.nMoves, rng)];
  return player.rollAgain(s.engine, rng) ? ROLL : STOP;
}

/**
 * One turn from the empty board, alone (solitaire), as `cant-stop odds --turn` solves it: roll,
 * move, roll on or stop; its return is the turn's progress in columns (a step in a column of
 * height h counts 1/h), 0 on a bust. The part the exact tools' `cant-stop optimal --part turn` solves.
 */
export class CantStopTurnState implements GameState {
  readonly players = 1;
  /**
   * The board, shared by a state and its clones as scratch: a turn changes only the runners, which
   * each state keeps itself and loads before the engine computes (a clone is two small arrays, so
   * the exact tools' millions of clones stay cheap)
   */
  private readonly board: CantStopEngine;
  readonly runner: Int8Array;
  runnersUsed = 0;
  roll = 0;
  phase = PH_ROLL;
  readonly moves: Int32Array;
  nMoves = 0;
  private progress = 0;

  constructor(rules: CantStopRules, from?: CantStopTurnState) {
    this.board = from ? from.board : new CantStopEngine(rules, 1);
    this.runner = from ? from.runner.slice() : new Int8Array(COLUMNS);
    this.moves = from ? from.moves.slice() : new Int32Array(MAX_MOVES);
    if (from) {
      this.runnersUsed = from.runnersUsed;
      this.roll = from.roll;
      this.phase = from.phase;
      this.nMoves = from.nMoves;
      this.progress = from.progress;
    }
  }

  /** the shared engine with this state's runners on it */
  private load(): CantStopEngine {
    const e = this.board;
    e.runner.set(this.runner);
    e.runnersUsed = this.runnersUsed;
    e.roll = this.roll;
    return e;
  }

  currentPlayer(): number {
    return this.phase === PH_ROLL ? CHANCE : this.phase === PH_OVER ? TERMINAL : 0;
  }

  legalActions(out: Int32Array): number {
    if (this.phase === PH_MOVE) {
      for (let i = 0; i < this.nMoves; i++) out[i] = this.moves[i];
      return this.nMoves;
    }
    out[0] = ROLL;
    out[1] = STOP;
    return 2;
  }

  applyAction(action: number): void {
    if (this.phase === PH_MOVE) {
      const e = this.load();
      e.applyMove(action);
      this.runner.set(e.runner);
      this.runnersUsed = e.runnersUsed;
      this.phase = PH_DECIDE;
    } else if (action === ROLL) this.phase = PH_ROLL;
    else {
      this.progress = this.load().turnProgress();
      this.phase = PH_OVER;
    }
  }

  applyChance(rng: Rng): void {
    this.applyChanceOutcome(rng.below(ROLLS));
  }

  chanceOutcomes(outcomes: Int32Array, probabilities: Float64Array): number {
    return rollOutcomes(outcomes, probabilities);
  }

  applyChanceOutcome(r: number): void {
    this.roll = r;
    this.nMoves = this.load().legalMoves(r, this.moves);
    if (this.nMoves > 0) this.phase = PH_MOVE;
    else {
      this.progress = 0;
      this.phase = PH_OVER;
    }
  }

  isTerminal(): boolean {
    return this.phase === PH_OVER;
  }

  returns(out: Float64Array): void {
    out[0] = this.progress;
  }

  /** the runners, one letter a column (a = none, b = its first space, …) */
  private runnerKey(): string {
    let k = '';
    for (let c = 0; c < COLUMNS; c++) k += String.fromCharCode(97 + this.runner[c]);
    return k;
  }

  /**
   * The runners (all that matters from the empty board) and the phase; none before a move (126
   * rolls a configuration: recomputed from the configurations the moves lead to, as the solver does)
   */
  key(): string | null {
    if (this.phase === PH_OVER) return `over ${this.progress}`;
    return this.phase === PH_MOVE ? null : `${this.phase === PH_ROLL ? 'roll' : 'decide'} ${this.runnerKey()}`;
  }

  informationKey(): string {
    return `${this.roll} ${this.phase} ${this.runnerKey()}`;
  }

  determinize(): CantStopTurnState {
    return this.clone();
  }

  clone(): CantStopTurnState {
    return new CantStopTurnState(this.board.rules, this);
  }

  actionText(action: number): string {
    return action === ROLL ? 'roll on' : action === STOP ? 'stop' : moveText(action);
  }

  toString(): string {
    const at: string[] = [];
    for (let c = 0; c < COLUMNS; c++) if (this.runner[c] > 0) at.push(`${columnSum(c)}:${this.runner[c]}`);
    const phase = ['roll', `move after ${rollText(this.roll)}`, 'roll or stop', `over, progress ${this.progress.toFixed(4)}`][this.phase];
    return `runners ${at.join(' ') || 'none'}; ${phase}`;
  }
}

export const stateGame: StateGame<CantStopRules> = {
  id: 'cant-stop',
  seats: () => ({ min: 2, max: 4, default: 2 }),
  newGame(rules, players) {
    if (!Number.isInteger(players) || players < 1 || players > 4) throw new UserError(`Can't Stop is for 1 to 4 players (got ${players})`);
    return new CantStopState(rules, players);
  },
  // optimal is a solitaire policy for small boards only: not offered to the tools over the interface
  playerNames: STRATEGIES.names.filter((n) => n !== 'optimal').sort((a, b) => (a === 'rule28' ? -1 : b === 'rule28' ? 1 : 0)),
  player: (rules, spec) => new StrategyPlayer(STRATEGIES.create(STRATEGIES.parse(spec), rules), askCantStop),
  subGames: {
    turn: { summary: 'one turn from the empty board, alone; returns its progress in columns (0 on a bust)', players: 1, newGame: (rules) => new CantStopTurnState(rules) },
  },
};

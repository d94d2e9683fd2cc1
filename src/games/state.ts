/**
 * The game interface: one state machine every game implements, so that generic tools (tournaments,
 * balance, sweeps, assumptions, search players, ladders, the behaviour contract tests) are written
 * once, over this file only. The idea is OpenSpiel's `State`, in our idiom: actions are small
 * non-negative integers written into caller-owned typed arrays, and chance is resolved by drawing
 * from an `Rng` exactly as the game's fast kernel draws, so the interface and the kernel play the
 * same game from the same seed, move for move (a test per game proves it).
 *
 * The fast kernels stay where they are hot; this interface is for tools that need to look inside a
 * game (search, replay, contract tests) and for games small enough to be played through it.
 */
import type { Rng } from '../core/rng.js';

/** `currentPlayer()` when the next step is a chance event (dice, a shuffle, a draw). */
export const CHANCE = -1;
/** `currentPlayer()` when the game is over. */
export const TERMINAL = -2;

/**
 * The prefix of the message of a game's own exception during play (src/play/match.ts), so that the
 * command line prints it as one line (exit 1) even after it crossed from a worker thread.
 */
export const GAME_PLAY_ERROR = 'oddsmith-game-error: ';

/** The most legal actions any state of any game may offer (sizes the caller's action buffers). */
export const MAX_ACTIONS = 4096;

export interface GameState {
  /** number of seats at the table (fixed for a game) */
  readonly players: number;

  /** the seat to move (0 … players − 1), CHANCE or TERMINAL */
  currentPlayer(): number;

  /**
   * The legal actions of the seat to move, written into `out` (ascending, no duplicates); returns
   * how many. Only called when currentPlayer() is a seat. Must not allocate in the game's hot path.
   */
  legalActions(out: Int32Array): number;

  /** Play `action` (one of legalActions) for the seat to move. */
  applyAction(action: number): void;

  /**
   * Resolve the pending chance event by drawing from `rng` — the same draws, in the same order, as
   * the game's kernel makes (so the same seed gives the same game). Only called at CHANCE.
   */
  applyChance(rng: Rng): void;

  /**
   * Optional: the pending chance event's outcomes and their probabilities, where they are few
   * (dice, one card), for exact tools; returns how many (0 when the game does not enumerate).
   */
  chanceOutcomes?(outcomes: Int32Array, probabilities: Float64Array): number;
  /** Optional, with chanceOutcomes: resolve the pending chance event with this outcome. */
  applyChanceOutcome?(outcome: number): void;

  isTerminal(): boolean;

  /**
   * What each seat gets at the end, written into `out` (length players). Win/lose games write 1 for
   * a win, 0 for a loss, and split ties (1/k each of k winners); `scores` carries points.
   */
  returns(out: Float64Array): void;

  /** Optional: each seat's points or money at the end (the game's own score), into `out`. */
  scores?(out: Float64Array): void;

  /**
   * A string that is equal for two states exactly when `seat` cannot tell them apart (its
   * information set): its private information plus the public history. Used by search players
   * to share statistics across determinizations; may allocate (not for hot loops).
   */
  informationKey(seat: number): string;

  /**
   * A full state drawn at random consistent with what `seat` knows (its view): hidden cards, dice
   * and deck order resampled from those it cannot see, everything it can see kept. The returned
   * state must give the same informationKey(seat) as this one. May allocate.
   */
  determinize(seat: number, rng: Rng): GameState;

  /**
   * Optional: how this state was reached from the last state every seat knew entirely (the game's
   * start, or a round's where each round deals afresh): that state, and the steps since, each a
   * chance outcome (the value chanceOutcomes lists, for applyChanceOutcome) or an action. A search
   * that starts there (`mccfr`) reads what the others' past choices say about their hidden cards.
   */
  pathFromStart?(): { start: GameState; steps: readonly number[] };

  /** An independent deep copy. */
  clone(): GameState;

  /** The action as a person would read it ("roll", "bid 3x5", "play 7p"), for logs and traces. */
  actionText(action: number): string;

  /** One line describing the state, for logs and failing tests. */
  toString(): string;

  /**
   * Optional, for exact tools (src/exact): a string equal for two states exactly when they are the
   * same state for what follows (the same legal actions, chance, returns from here on), so a
   * solver may memoize by it; null for a state not worth keeping (many, and cheap to recompute from
   * their children's values: a roll's moves). Absent: the exact tools that need it say so.
   */
  key?(): string | null;

  /**
   * Optional: each seat's standing so far (points, money; higher is better), into `out`, for the
   * balance figures that follow a game as it goes (lead changes). Absent: the game has no running score.
   */
  runningScores?(out: Float64Array): void;
}

/**
 * What `returns` holds (see StateGame.outcome): win/lose (each seat in [0, 1], the seats' sum 1,
 * ties split) or points in a range.
 */
export type Outcome = { kind: 'win-lose' } | { kind: 'points'; min: number; max: number };

/** A player over the game interface: any seat of any game. */
export interface StatePlayer {
  /** A legal action for the seat to move in `state` (currentPlayer() is a seat). */
  act(state: GameState, rng: Rng): number;
}

/**
 * A game's implementation of the interface, declared by its descriptor (`state`):
 * how to start a game and which of its strategies can play through the interface.
 */
export interface StateGame<R = unknown> {
  /** the game's id (as in GameDescriptor) */
  id: string;
  /** seats allowed at the table under these rules */
  seats(rules: R): { min: number; max: number; default: number };
  /** a new game before its first chance event (deal, first roll) with `players` seats */
  newGame(rules: R, players: number): GameState;
  /** names of the game's strategies that can play through the interface (parameters by `name:k=v,…`) */
  playerNames: readonly string[];
  /**
   * a player for `spec` (a strategy spec string) at a seat of a table of `players` seats (when
   * known: strategies may depend on it); unknown names and bad parameters throw a UserError
   */
  player(rules: R, spec: string, seat: number, players?: number): StatePlayer;
  /** what `returns` holds; absent: win/lose */
  outcome?(rules: R, players: number): Outcome;
  /** names for the seats in tables ("Dracula", "Van Helsing") when seats are roles; else undefined */
  roles?: readonly string[];
  /**
   * The team of each seat (Tichu: [0, 1, 0, 1]) where partners share one result; teams are equal in
   * size. Absent: every seat plays for itself. The tools then count one win per team and rotate
   * whole teams (an entrant is a team line-up), not single seats.
   */
  teams?: readonly number[];
  /**
   * Optional: the game's own headline figures, measured on every finished game of a ladder's
   * self-play (src/play/ladder.ts), so a reader sees whether each holds as skill rises.
   */
  findings?: readonly StateFinding[];
  /**
   * Optional: parts of the game the exact tools (`<game> optimal`, `equilibrium`, `exploit`) can
   * solve on their own, by name ("turn": one turn of one player against chance), each a game of
   * its own over the same rules (its returns are what that part scores).
   */
  subGames?: Readonly<Record<string, SubGame<R>>>;
}

/** A part of a game declared for the exact tools (StateGame.subGames). */
export interface SubGame<R = unknown> {
  /** what it is, one line ("one turn from the empty board, scored by its progress") */
  summary: string;
  /** seats of the part (1: one decider against chance) */
  players: number;
  /** the part's first state */
  newGame(rules: R): GameState;
}

/** A figure a game measures on one finished game (its mean over games is the finding). */
export interface StateFinding {
  /** what it is, short ("Tichu calls made") */
  name: string;
  /** 'rate': a share in [0, 1] (printed as a percentage); 'value': a number in the game's units */
  kind: 'rate' | 'value';
  /** the figure for this finished game, or NaN where the game says nothing about it (no call made) */
  measure(state: GameState, returns: Float64Array): number;
}

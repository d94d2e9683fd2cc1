/**
 * The Liar's Dice strategy contract and the view a strategy gets: its own dice, the public bid
 * history and exact tail probabilities — never another player's cup. Strategies live in
 * src/games/liars-dice/strategies/ (one file each) and are reached through its registry (index.ts).
 */
import type { Rng } from '../../core/rng.js';
import type { ParamSchemas } from '../../core/spec.js';
import type { RegisteredStrategy } from '../../play/strategy-registry.js';
import type { LiarsRules } from './rules.js';

/**
 * What a strategy may look at during a round: its own dice, the public bid history and exact
 * tail probabilities. (The engine object implements it; strategies get it typed as this view.)
 */
export interface RoundView {
  readonly players: number;
  readonly sides: number;
  readonly dicePerPlayer: number;
  readonly totalDice: number;
  /** seat that opened this round */
  readonly opener: number;
  /** +1 or −1, chosen by the opener after the opening bid (0 before) */
  readonly direction: number;
  /** bids made so far this round */
  readonly numBids: number;
  /** whether 1s have been bid this round */
  readonly onesBid: boolean;
  /** seat whose turn it is to bid */
  readonly toMove: number;
  /** highest rank that exists (count = total dice, highest face) */
  readonly maxRank: number;
  /** rank of the i-th bid (ranks order bids; see rules.ts) */
  rankAt(i: number): number;
  bidderAt(i: number): number;
  /** rank of the last bid, −1 before the opening bid */
  lastRank(): number;
  countOf(rank: number): number;
  faceOf(rank: number): number;
  /** smallest count of `face` that is a legal raise over the last bid (may exceed the table) */
  minCount(face: number): number;
  rankOf(count: number, face: number): number;
  /** dice of `me` showing `face` (exact face, wilds not added) */
  ownFace(me: number, face: number): number;
  /** whether 1s currently count for `face` */
  wildFor(face: number): boolean;
  /**
   * Chance that the bid of this rank is true given only `me`'s dice (binomial tail, 1s wild while
   * they are). Hot code should use `probs[probIndex(me, rank)]` instead: a double returned from a
   * call that is not inlined is boxed (allocates), an index is not.
   */
  probability(me: number, rank: number): number;
  probIndex(me: number, rank: number): number;
  /** tail probabilities addressed by probIndex */
  readonly probs: Float64Array;
  /** marks for a call: set marks[i] = 1 for each earlier bid i to challenge */
  readonly marks: Uint8Array;
}

/**
 * A player. All methods run in the hot loop: they must not allocate (no arrays, objects or closures).
 * - `challenge`: mark earlier bids (not its own) in view.marks and return how many were marked; 0 = no call.
 *   `inTurn` is true for the player to move, false for everyone else (out-of-turn calls).
 * - `bid`: the player to move, having not called, returns a rank higher than view.lastRank().
 * - `direction`: the opener, after the opening bid, returns +1 (clockwise) or −1.
 */
export interface Strategy {
  readonly name: string;
  challenge(view: RoundView, me: number, inTurn: boolean, rng: Rng): number;
  bid(view: RoundView, me: number, rng: Rng): number;
  direction(view: RoundView, me: number, rng: Rng): number;
}

export interface StrategyInfo {
  name: string;
  description: string;
  /** numeric parameters: default, range, integer for counts and 0/1 flags (checked by the registry) */
  params: ParamSchemas;
  /** what `name:file=PATH` reads, for a strategy that can be loaded from a file */
  file?: string;
}

/** What a strategy is built for: the rules and the number of seats. */
export interface StrategyContext {
  rules: LiarsRules;
  players: number;
}

/** What every strategy module under src/games/liars-dice/strategies/ exports. */
export interface StrategyModule {
  info: StrategyInfo;
  /** `file`: the one text parameter, `name:file=PATH` (only strategies that read a file take it) */
  create(params: Record<string, number>, ctx: StrategyContext, file?: string): Strategy;
}

/** A strategy module as the registry holds it. */
export interface RegisteredLiarsStrategy extends RegisteredStrategy, StrategyModule {}

/** Chances as integers out of 2^29, so that random choices compare small integers (never boxed). */
export const CHANCE_SCALE = 1 << 29;
export function chanceCut(p: number): number {
  return Math.round(p * CHANCE_SCALE);
}

/**
 * The one adapter from a game's own strategy to a player over the interface (src/games/state.ts):
 * a game says once how its strategy answers the question a state asks (`ask`), and every tool
 * written over the interface (tournaments, ladders, search rollouts) plays that strategy at any
 * seat. `strategy` holds the game's strategy and whatever it keeps between questions (a buffer, a
 * generator of its own), one per player.
 */
import type { Rng } from '../core/rng.js';
import type { GameState, StatePlayer } from '../games/state.js';

/** How a game's strategy answers the state's pending question: one of its legal actions. */
export type AskStrategy<S, G extends GameState = GameState> = (strategy: S, state: G, rng: Rng) => number;

/** A game's own strategy playing through the interface. */
export class StrategyPlayer<S, G extends GameState = GameState> implements StatePlayer {
  constructor(readonly strategy: S, private readonly ask: AskStrategy<S, G>) {}

  act(state: GameState, rng: Rng): number {
    return this.ask(this.strategy, state as G, rng);
  }
}

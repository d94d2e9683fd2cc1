import { CHANCE, MAX_ACTIONS, type GameState, type StateGame, type StatePlayer } from '../../src/games/state.js';
import { Rng } from '../../src/core/rng.js';

/** Play a state to its end: chance from `rng`, each seat's action from its player (checked legal). Returns the moves made. */
export function playOut(state: GameState, players: readonly StatePlayer[], rng: Rng): number {
  const legal = new Int32Array(MAX_ACTIONS);
  let moves = 0;
  while (!state.isTerminal()) {
    const p = state.currentPlayer();
    if (p === CHANCE) { state.applyChance(rng); continue; }
    const n = state.legalActions(legal);
    const a = players[p].act(state, rng);
    if (!legal.subarray(0, n).includes(a)) throw new Error(`illegal ${state.actionText(a)} by ${p} in ${state.toString()}`);
    state.applyAction(a);
    moves++;
  }
  return moves;
}

/** The actions of one game with these players (chance and players from one seeded stream). */
export function trace(sg: StateGame<never>, rules: never, players: StatePlayer[], seed: number): number[] {
  const state: GameState = sg.newGame(rules, players.length), rng = new Rng(seed), out: number[] = [];
  while (!state.isTerminal()) {
    if (state.currentPlayer() === CHANCE) state.applyChance(rng);
    else {
      const a = players[state.currentPlayer()].act(state, rng);
      out.push(a);
      state.applyAction(a);
    }
  }
  return out;
}

/**
 * Players for any game over the interface (src/games/state.ts): the generic ones every game has —
 * the uniformly random player and the search player `ismcts` (strategies/ismcts.ts) — and the one
 * way a tool turns a strategy spec into a player: a generic name, else the game's own players.
 */
import { UserError } from '../core/errors.js';
import type { Rng } from '../core/rng.js';
import { MAX_ACTIONS, type GameState, type StateGame, type StatePlayer } from '../games/state.js';
import { ISMCTS, makeIsmctsPlayer } from '../../strategies/ismcts.js';
import { MCCFR, makeMccfrPlayer } from '../../strategies/mccfr.js';
import { ESCFR, makeEscfrPlayer } from '../../strategies/escfr.js';
import { exactFilePlayer } from '../exact/players.js';

/** Plays a legal action drawn uniformly at random: the baseline every game has. */
export class UniformPlayer implements StatePlayer {
  private readonly actions = new Int32Array(MAX_ACTIONS);
  act(state: GameState, rng: Rng): number {
    const n = state.legalActions(this.actions);
    return this.actions[rng.below(n)];
  }
}

/** The name of the uniformly random player (a name no game's strategy uses). */
export const UNIFORM = 'uniform';

/** The players every game has, whatever its own are. */
export const GENERIC_PLAYERS: readonly string[] = [UNIFORM, ISMCTS, MCCFR, ESCFR];

export function isGenericPlayer(name: string): boolean {
  return GENERIC_PLAYERS.includes(name);
}

/** Every player name a tool accepts for this game: uniform, the game's own, then the search player. */
export function playerNames(sg: StateGame<unknown>): string[] {
  return [UNIFORM, ...sg.playerNames, ISMCTS, MCCFR, ESCFR];
}

/** A player for `spec` at `seat` of a table of `players`; an unknown name is a UserError. */
export function makePlayer<R>(sg: StateGame<R>, rules: R, spec: string, seat: number, players: number): StatePlayer {
  if (spec === UNIFORM) return new UniformPlayer();
  // `optimal:<file>`, `equilibrium:<file>`: the exact tools' files (src/exact/players.ts)
  const file = exactFilePlayer(spec);
  if (file) return file;
  const name = spec.split(':')[0];
  if (name === ISMCTS) return makeIsmctsPlayer(sg, rules, spec, players);
  if (name === MCCFR) return makeMccfrPlayer(sg, rules, spec, players);
  if (name === ESCFR) return makeEscfrPlayer(sg, rules, spec, players);
  if (!sg.playerNames.includes(name)) throw new UserError(`${sg.id}: unknown player ${JSON.stringify(name)} (known: ${playerNames(sg).join(', ')})`);
  return sg.player(rules, spec, seat, players);
}

/**
 * A comma-separated list of player specs, one per seat: "threshold:callBelow=0.3,edge=0,uniform".
 * A piece with `=` and no `:` is one more parameter of the spec before it; empty pieces are refused.
 */
export function splitPlayerList(text: string, option = '--strategies'): string[] {
  const specs: string[] = [];
  for (const raw of text.split(',')) {
    const piece = raw.trim();
    if (piece === '') throw new UserError(`${option}: an empty name in ${JSON.stringify(text)}`);
    if (piece.includes('=') && !piece.includes(':') && specs.length) specs[specs.length - 1] += `,${piece}`;
    else specs.push(piece);
  }
  return specs;
}

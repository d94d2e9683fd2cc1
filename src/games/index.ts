import { GAMES } from './registry.js';
import type { GameDescriptor } from './types.js';

/**
 * The built-in games, loaded by the registry from its built-in list (src/games/registry.ts: one
 * line per game, each a module whose default export is the game, loaded like a `--game` module).
 * Descriptors are small (everything in them loads lazily), so loading them all costs nothing.
 */
export { GAMES };

/** The game whose kernels carry this name's prefix ("wulong.turn" → wulong). */
export function gameOfKernel(kernel: string): GameDescriptor | undefined {
  const id = kernel.split('.')[0];
  return GAMES.find((g) => g.id === id);
}

/** Every experiment runner by the `game` field of experiment files. */
export function experimentRunners(): Record<string, GameDescriptor['experiments'][string]> {
  return Object.assign({}, ...GAMES.map((g) => g.experiments));
}

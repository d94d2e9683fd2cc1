import type { GameDescriptor } from './types.js';

/**
 * The one list of games: it feeds the CLI, the experiments, the bench and the kernel contract test.
 * Adding a game is its folder plus one line here. Descriptors are small (everything in them loads
 * lazily), so importing them all costs nothing.
 */
export const GAMES: readonly GameDescriptor[] = (
  await Promise.all([
    import('./wulong/descriptor.js'),
    import('./liars-dice/descriptor.js'),
    import('./sichuan-mahjong/descriptor.js'),
    import('./weilong/descriptor.js'),
    import('./tichu/descriptor.js'),
    import('./dracula/descriptor.js'),
    import('./cant-stop/descriptor.js'),
  ])
).map((m) => m.descriptor);

/** The game whose kernels carry this name's prefix ("wulong.turn" → wulong). */
export function gameOfKernel(kernel: string): GameDescriptor | undefined {
  const id = kernel.split('.')[0];
  return GAMES.find((g) => g.id === id);
}

/** Every experiment runner by the `game` field of experiment files. */
export function experimentRunners(): Record<string, GameDescriptor['experiments'][string]> {
  return Object.assign({}, ...GAMES.map((g) => g.experiments));
}

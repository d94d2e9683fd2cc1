import type { GameDescriptor } from './types.js';
import { descriptor as wulong } from './wulong/descriptor.js';
import { descriptor as liarsDice } from './liars-dice/descriptor.js';
import { descriptor as sichuanMahjong } from './sichuan-mahjong/descriptor.js';
import { descriptor as weilong } from './weilong/descriptor.js';
import { descriptor as dracula } from './dracula/descriptor.js';

/** The one list of games: it feeds the CLI, the experiments, the bench and the kernel contract test. */
export const GAMES: readonly GameDescriptor[] = [wulong, liarsDice, sichuanMahjong, weilong, dracula];

/** The game whose kernels carry this name's prefix ("wulong.turn" → wulong). */
export function gameOfKernel(kernel: string): GameDescriptor | undefined {
  const id = kernel.split('.')[0];
  return GAMES.find((g) => Object.prototype.hasOwnProperty.call(g, 'id') && g.id === id);
}

/** Every experiment runner by the `game` field of experiment files. */
export function experimentRunners(): Record<string, GameDescriptor['experiments'][string]> {
  return Object.assign({}, ...GAMES.map((g) => g.experiments));
}

import type { Kernel } from './kernel.js';
import { kernels as wulong } from '../games/wulong/kernels.js';
import { kernels as sichuanMahjong } from '../games/sichuan-mahjong/kernels.js';
import { kernels as weilong } from '../games/weilong/kernels.js';
import { kernels as liarsDice } from '../games/liars-dice/kernels.js';

/**
 * Every simulation kernel by name. A game adds its kernels here (one import, one spread);
 * worker threads and `oddsmith merge` find them by name.
 */
const all: Record<string, Kernel<never, unknown>> = {};
for (const k of [...wulong, ...sichuanMahjong, ...weilong, ...liarsDice]) all[k.name] = k as Kernel<never, unknown>;

export function getKernel(name: string): Kernel<unknown, unknown> {
  const k = all[name];
  if (!k) throw new Error(`unknown kernel ${name}`);
  return k as Kernel<unknown, unknown>;
}

export function hasKernel(name: string): boolean {
  return name in all;
}

import type { Kernel } from './kernel.js';

/**
 * Every simulation kernel by name ("<game>.<what>"). A game adds one loader here; a worker thread
 * imports only the game whose kernel it runs, so it starts in milliseconds, not after loading
 * every game's tables.
 */
const loaders: Record<string, () => Promise<readonly Kernel<never, unknown>[]>> = {
  wulong: async () => (await import('../games/wulong/kernels.js')).kernels,
  'sichuan-mahjong': async () => (await import('../games/sichuan-mahjong/kernels.js')).kernels,
  weilong: async () => (await import('../games/weilong/kernels.js')).kernels,
  'liars-dice': async () => (await import('../games/liars-dice/kernels.js')).kernels,
};

const loaded: Record<string, Kernel<unknown, unknown>> = {};

/** Load the kernel's game; false when there is no such kernel. */
export async function loadKernel(name: string): Promise<boolean> {
  if (name in loaded) return true;
  const load = loaders[name.split('.')[0]];
  if (!load) return false;
  for (const k of await load()) loaded[k.name] = k as Kernel<unknown, unknown>;
  return name in loaded;
}

/** A kernel whose game has been loaded (see loadKernel). */
export function getKernel(name: string): Kernel<unknown, unknown> {
  const k = loaded[name];
  if (!k) throw new Error(`unknown or unloaded kernel ${name}`);
  return k;
}

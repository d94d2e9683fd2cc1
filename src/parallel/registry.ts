import type { Kernel } from './kernel.js';

/**
 * Kernels by name ("<game>.<what>"). A game's kernels module registers its kernels with its own
 * module URL, so that a worker thread can import exactly that module by URL: this folder never
 * imports a game, and a worker loads only the game whose kernel it runs.
 */
const kernels = new Map<string, { kernel: Kernel<unknown, unknown>; module: string }>();

export function registerKernels(moduleUrl: string, list: readonly Kernel<never, unknown>[]): void {
  for (const k of list) {
    const known = kernels.get(k.name);
    if (known && known.module !== moduleUrl) throw new Error(`kernel ${k.name} is registered by both ${known.module} and ${moduleUrl}`);
    kernels.set(k.name, { kernel: k as unknown as Kernel<unknown, unknown>, module: moduleUrl });
  }
}

export function hasKernel(name: string): boolean {
  return kernels.has(name);
}

/** A registered kernel (its game's kernels module has been imported in this thread). */
export function getKernel(name: string): Kernel<unknown, unknown> {
  const k = kernels.get(name);
  if (!k) throw new Error(`kernel ${name} is not loaded (import its game's kernels module first)`);
  return k.kernel;
}

/** The URL of the module that registers a kernel: what a worker thread imports. */
export function kernelModule(name: string): string {
  const k = kernels.get(name);
  if (!k) throw new Error(`kernel ${name} is not loaded (import its game's kernels module first)`);
  return k.module;
}

/** Make sure a kernel is registered in this thread, importing its module by URL if needed. */
export async function ensureKernel(name: string, moduleUrl: string): Promise<Kernel<unknown, unknown>> {
  if (!kernels.has(name)) await import(moduleUrl);
  return getKernel(name);
}

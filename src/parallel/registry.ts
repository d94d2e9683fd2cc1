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
  if (!kernels.has(name)) {
    const m = (await import(moduleUrl)) as { registerStateKernels?: () => Promise<void> };
    // a module imported before this thread's setup loaded a game registers that game's kernels now
    if (!kernels.has(name) && typeof m.registerStateKernels === 'function') await m.registerStateKernels();
  }
  return getKernel(name);
}

/**
 * What a worker thread must load before its first shard, besides the kernel's module: a module
 * URL whose `setupWorker(arg)` it calls (the games registry, with the URLs of games loaded from
 * outside). One entry per module; a later call replaces the module's argument.
 */
const setups = new Map<string, unknown>();

export interface WorkerSetup {
  module: string;
  arg: unknown;
}

export function setWorkerSetup(moduleUrl: string, arg: unknown): void {
  setups.set(moduleUrl, arg);
}

export function workerSetups(): WorkerSetup[] {
  return [...setups].map(([module, arg]) => ({ module, arg }));
}

const doneSetups = new Set<string>();

/** In a worker: run each setup once per thread (by module and argument). */
export async function runWorkerSetups(list: readonly WorkerSetup[]): Promise<void> {
  for (const s of list) {
    const key = JSON.stringify([s.module, s.arg]);
    if (doneSetups.has(key)) continue;
    const m = (await import(s.module)) as { setupWorker?: (arg: unknown) => Promise<void> | void };
    if (typeof m.setupWorker !== 'function') throw new Error(`worker setup module ${s.module} exports no setupWorker`);
    await m.setupWorker(s.arg);
    doneSetups.add(key);
  }
}

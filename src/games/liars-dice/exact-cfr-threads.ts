import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * Worker threads for the Liar's Dice solver's passes: they share its stores and its subtree tasks
 * (SharedArrayBuffers) and take tasks by an atomic counter; the caller blocks (Atomics.wait) until
 * all are done, so iterate() stays synchronous. Control words: a generation under a sequence lock
 * (odd while the caller writes a job, so a late thread never mixes two jobs' parameters), the job
 * (tasks, traverser, iteration), the next task tagged with its job and the count of finished tasks.
 */
const GEN = 0, TASKS = 1, TRAVERSER = 2, ITERATION = 3, NEXT = 4, DONE = 5, QUIT = 6;

/** What the threads need of a solver (exact-cfr.ts's LiarsSolver; no import, to keep the modules acyclic). */
export interface TaskRunner {
  /** sets iteration t's discounts, returns its average weight */
  beginIteration(t: number): number;
  runTask(k: number, i: number, weight: number): void;
}

const tagOf = (gen: number) => (gen >>> 1) & 0x7fff;

/** Take and solve tasks of the job tagged `tag` until none is left. */
export function drainTasks(control: Int32Array, tag: number, n: number, solver: TaskRunner, i: number, weight: number): void {
  for (;;) {
    const cur = Atomics.load(control, NEXT);
    if (cur >>> 16 !== tag || (cur & 0xffff) >= n) return;
    if (Atomics.compareExchange(control, NEXT, cur, cur + 1) !== cur) continue;
    solver.runTask(cur & 0xffff, i, weight);
    if (Atomics.add(control, DONE, 1) + 1 === n) Atomics.notify(control, DONE);
  }
}

/** A worker thread's loop: wait for a job, read it under the sequence lock, take its tasks. */
export function serveTasks(control: Int32Array, solver: TaskRunner): void {
  let seen = 0;
  for (;;) {
    Atomics.wait(control, GEN, seen);
    const g = Atomics.load(control, GEN);
    if (g & 1) continue;
    const n = Atomics.load(control, TASKS), i = Atomics.load(control, TRAVERSER), t = Atomics.load(control, ITERATION), quit = Atomics.load(control, QUIT);
    if (Atomics.load(control, GEN) !== g) continue;
    seen = g;
    if (quit) return;
    drainTasks(control, tagOf(g), n, solver, i, solver.beginIteration(t));
  }
}

function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  // tests run from the TypeScript sources, workers always from dist/
  const file = here.endsWith('.ts') ? fileURLToPath(new URL('../../../dist/src/games/liars-dice/exact-cfr-worker.js', import.meta.url)) : fileURLToPath(new URL('./exact-cfr-worker.js', import.meta.url));
  if (!existsSync(file)) throw new Error(`worker file ${file} is missing: run npm run build`);
  return file;
}

export class CfrThreads {
  private readonly control = new Int32Array(new SharedArrayBuffer(4 * 8));
  private readonly workers: Worker[];

  /** `solverData`: what the worker file needs to build a solver over the same shared stores */
  constructor(solverData: object, helpers: number) {
    const file = workerFile();
    this.workers = Array.from({ length: helpers }, () => {
      const w = new Worker(file, { workerData: { solver: solverData, control: this.control.buffer } });
      w.unref();
      return w;
    });
  }

  /** Solve tasks 0…n−1 for traverser i at iteration t (the caller's solver has begun it), with the helpers. */
  run(solver: TaskRunner, n: number, i: number, t: number): void {
    const c = this.control;
    const g = Atomics.load(c, GEN) + 1;
    Atomics.store(c, GEN, g);
    Atomics.store(c, TASKS, n);
    Atomics.store(c, TRAVERSER, i);
    Atomics.store(c, ITERATION, t);
    Atomics.store(c, DONE, 0);
    Atomics.store(c, NEXT, tagOf(g + 1) << 16);
    Atomics.store(c, GEN, g + 1);
    Atomics.notify(c, GEN);
    drainTasks(c, tagOf(g + 1), n, solver, i, solver.beginIteration(t));
    for (;;) {
      const d = Atomics.load(c, DONE);
      if (d >= n) return;
      Atomics.wait(c, DONE, d);
    }
  }

  close(): void {
    const c = this.control;
    Atomics.store(c, GEN, Atomics.load(c, GEN) + 1);
    Atomics.store(c, QUIT, 1);
    Atomics.store(c, GEN, Atomics.load(c, GEN) + 1);
    Atomics.notify(c, GEN);
    for (const w of this.workers) void w.terminate();
  }
}

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * Worker threads for the generic CFR's passes (cfr.ts), as the Liar's Dice solver's
 * (src/games/liars-dice/exact-cfr-threads.ts): the threads share the stores (SharedArrayBuffers),
 * take a pass's tasks by an atomic counter, and the caller blocks (Atomics.wait) until all are done,
 * so iterate() stays synchronous. Control words: a generation under a sequence lock (odd while the
 * caller writes a job), the job (tasks, seat, pass stamp), the next task tagged with its job, the
 * count of finished tasks, and quit.
 */
const GEN = 0, TASKS = 1, SEAT = 2, STAMP = 3, NEXT = 4, DONE = 5, QUIT = 6;

/** What the threads need of a solver (cfr.ts's TreeCfr; no import, to keep the modules acyclic). */
export interface TreeTaskRunner {
  runTask(k: number, seat: number, stamp: number): void;
}

const tagOf = (gen: number) => (gen >>> 1) & 0x7fff;

function drainTasks(control: Int32Array, tag: number, n: number, solver: TreeTaskRunner, seat: number, stamp: number): void {
  for (;;) {
    const cur = Atomics.load(control, NEXT);
    if (cur >>> 16 !== tag || (cur & 0xffff) >= n) return;
    if (Atomics.compareExchange(control, NEXT, cur, cur + 1) !== cur) continue;
    solver.runTask(cur & 0xffff, seat, stamp);
    if (Atomics.add(control, DONE, 1) + 1 === n) Atomics.notify(control, DONE);
  }
}

/** A worker thread's loop: wait for a job, read it under the sequence lock, take its tasks. */
export function serveTreeTasks(control: Int32Array, solver: TreeTaskRunner): void {
  let seen = 0;
  for (;;) {
    Atomics.wait(control, GEN, seen);
    const g = Atomics.load(control, GEN);
    if (g & 1) continue;
    const n = Atomics.load(control, TASKS), seat = Atomics.load(control, SEAT), stamp = Atomics.load(control, STAMP), quit = Atomics.load(control, QUIT);
    if (Atomics.load(control, GEN) !== g) continue;
    seen = g;
    if (quit) return;
    drainTasks(control, tagOf(g), n, solver, seat, stamp);
  }
}

function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  // tests run from the TypeScript sources, workers always from dist/
  const file = here.endsWith('.ts') ? fileURLToPath(new URL('../../dist/src/exact/cfr-worker.js', import.meta.url)) : fileURLToPath(new URL('./cfr-worker.js', import.meta.url));
  if (!existsSync(file)) throw new Error(`worker file ${file} is missing: run npm run build`);
  return file;
}

export class TreeCfrThreads {
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

  /** Solve tasks 0…n−1 of seat's pass `stamp`, with the helpers. */
  run(solver: TreeTaskRunner, n: number, seat: number, stamp: number): void {
    const c = this.control;
    const g = Atomics.load(c, GEN) + 1;
    Atomics.store(c, GEN, g);
    Atomics.store(c, TASKS, n);
    Atomics.store(c, SEAT, seat);
    Atomics.store(c, STAMP, stamp);
    Atomics.store(c, DONE, 0);
    Atomics.store(c, NEXT, tagOf(g + 1) << 16);
    Atomics.store(c, GEN, g + 1);
    Atomics.notify(c, GEN);
    drainTasks(c, tagOf(g + 1), n, solver, seat, stamp);
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

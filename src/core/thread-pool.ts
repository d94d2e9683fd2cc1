import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { packageRoot } from './paths.js';

/**
 * Worker threads that share a synchronous solver's passes (the exact CFR solvers'): each thread has
 * a solver over the same stores (SharedArrayBuffers), a job is n tasks and two integer words, the
 * threads take its tasks by an atomic counter, and the caller takes tasks too and then blocks
 * (Atomics.wait) until all are done, so the solver's iterate() stays synchronous. Control words: a
 * generation under a sequence lock (odd while the caller writes a job, so a late thread never mixes
 * two jobs' words), the job (tasks, two words), the next task tagged with its job, the count of
 * finished tasks, and quit.
 */
const GEN = 0, TASKS = 1, WORD_A = 2, WORD_B = 3, NEXT = 4, DONE = 5, QUIT = 6;

/** What the threads need of a solver (no import of it, to keep the modules acyclic). */
export interface PoolSolver {
  /**
   * Called once per job by each thread that takes part in it, the caller's included, with the job's
   * two words: sets up what the job's tasks share and returns the runner of task k.
   */
  beginJob(a: number, b: number): (k: number) => void;
}

const tagOf = (gen: number) => (gen >>> 1) & 0x7fff;

/** Take and run tasks of the job tagged `tag` until none is left. */
function drainTasks(control: Int32Array, tag: number, n: number, runTask: (k: number) => void): void {
  for (;;) {
    const cur = Atomics.load(control, NEXT);
    if (cur >>> 16 !== tag || (cur & 0xffff) >= n) return;
    if (Atomics.compareExchange(control, NEXT, cur, cur + 1) !== cur) continue;
    runTask(cur & 0xffff);
    if (Atomics.add(control, DONE, 1) + 1 === n) Atomics.notify(control, DONE);
  }
}

/**
 * A worker thread's loop (its file calls this with `workerData.control` and its solver, built from
 * `workerData.solver`): wait for a job, read it under the sequence lock, take its tasks.
 */
export function servePool(controlBuffer: SharedArrayBuffer, solver: PoolSolver): void {
  const control = new Int32Array(controlBuffer);
  let seen = 0;
  for (;;) {
    Atomics.wait(control, GEN, seen);
    const g = Atomics.load(control, GEN);
    if (g & 1) continue;
    const n = Atomics.load(control, TASKS), a = Atomics.load(control, WORD_A), b = Atomics.load(control, WORD_B), quit = Atomics.load(control, QUIT);
    if (Atomics.load(control, GEN) !== g) continue;
    seen = g;
    if (quit) return;
    drainTasks(control, tagOf(g), n, solver.beginJob(a, b));
  }
}

/**
 * The compiled worker module: tests run from the TypeScript sources, whose workers are always the
 * compiled modules under dist/ (`worker`: the module's URL beside the caller's, source or compiled).
 */
function workerFile(worker: URL): string {
  const root = packageRoot(), dist = join(root, 'dist'), path = fileURLToPath(worker);
  const file = path.startsWith(dist + sep) ? path : join(dist, relative(root, path));
  if (!existsSync(file)) throw new Error(`worker file ${file} is missing: run npm run build`);
  return file;
}

export class ThreadPool {
  private readonly control = new Int32Array(new SharedArrayBuffer(4 * 8));
  private readonly workers: Worker[];

  /**
   * `helpers` threads running `worker` (e.g. `new URL('./x-worker.js', import.meta.url)`), which
   * get `{ solver: solverData, control }` as workerData: what they need to build a solver over the
   * same shared stores, and the control block for servePool.
   */
  constructor(worker: URL, solverData: object, helpers: number) {
    const file = workerFile(worker);
    this.workers = Array.from({ length: helpers }, () => {
      const w = new Worker(file, { workerData: { solver: solverData, control: this.control.buffer } });
      w.unref();
      return w;
    });
  }

  /** Run tasks 0…n−1 of the job (a, b) with the helpers (n < 65536); returns when all are done. */
  run(solver: PoolSolver, n: number, a: number, b: number): void {
    const c = this.control;
    const g = Atomics.load(c, GEN) + 1;
    Atomics.store(c, GEN, g);
    Atomics.store(c, TASKS, n);
    Atomics.store(c, WORD_A, a);
    Atomics.store(c, WORD_B, b);
    Atomics.store(c, DONE, 0);
    Atomics.store(c, NEXT, tagOf(g + 1) << 16);
    Atomics.store(c, GEN, g + 1);
    Atomics.notify(c, GEN);
    drainTasks(c, tagOf(g + 1), n, solver.beginJob(a, b));
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

import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import type { WulongRules } from '../turn/rules.js';
import { layerContext, penaltyFreeRace, penaltyPasses, prepareRace, solveGroup, solveLayerPairs, solveRace, startFrom, type LayerContext, type RaceOptions, type RaceSolution } from './exact.js';

/*
 * The race with penalties on several threads: each group of states (score-sum layers, total bust
 * count) is split between the threads — every W-th state — over value tables in shared memory, and
 * all threads meet after each group. A group's states depend only on groups solved before it, so
 * the values are the same, bit for bit, for any number of threads. The race without penalties
 * that starts the passes (and a large race without penalties on its own) goes the same way, a
 * score-sum layer at a time split by bust pairs, which read only the layers above and themselves.
 *
 * The work count is made the same too: a helper solves a group only for a generation it has not
 * solved yet (it re-waits until the generation word really moves), and reports that group's turn
 * solves tagged with the generation; the main thread adds exactly one report per helper per group.
 * Before, a helper reported a running total and solved whatever the control words held whenever
 * its wait returned, so a return without a new generation re-solved the group: the same values (a
 * group's states do not read each other) with more turn solves — the one way to get what one
 * loaded run in 24 showed (16 more solves, identical values; not reproduced in 40 runs here).
 */

// control words: generation, top and bottom layer, bust count, done count, stop, what to solve
const GEN = 0, SUM = 1, CT = 2, DONE = 3, STOP = 4, BOTTOM = 5, MODE = 6;
// what to solve: a group of the penalty passes, a layer of bust pairs of the race, or of its penalty-free start
const GROUP = 0, PAIRS = 1, START_PAIRS = 2;
// per-thread report words: largest change, turn solves, turn states, generation (of the last group), most pair rounds
const STATS = 5;
/** a race without penalties goes on several threads from this many turn states a pass (10000 to 10,000 has 24 million) */
export const LAYERED_THREADS_FROM = 5_000_000;

interface Shared {
  rules: WulongRules;
  opts: Pick<RaceOptions, 'target' | 'tolerance' | 'play'>;
  values: [SharedArrayBuffer, SharedArrayBuffer | null];
  /** the penalty-free race that starts the passes, and its value table */
  start: { rules: WulongRules; opts: RaceOptions; values: SharedArrayBuffer } | null;
  ctrl: SharedArrayBuffer;
  /** per thread: largest change in the last group, its turns solved and turn states, the generation solved */
  stats: SharedArrayBuffer;
  part: number;
  parts: number;
}

function tables(d: Shared): [Float64Array, Float64Array] {
  const v0 = new Float64Array(d.values[0]);
  return [v0, d.values[1] ? new Float64Array(d.values[1]) : v0];
}

/** The solve on `workers` threads (this one included); with one thread, or rules the threads do not help, `solveRace`. */
export async function solveRaceThreads(rules: WulongRules, opts: RaceOptions, workers: number, layeredFrom = LAYERED_THREADS_FROM): Promise<RaceSolution> {
  const layered = !(rules.bustPenalty ?? 0) && !(rules.consecutiveBusts?.penalty ?? 0);
  if (workers <= 1 || (!layered && rules.minimumBank <= 0)) return solveRace(rules, opts);
  const probe = prepareRace(rules, { ...opts, maxSweeps: 0 }).R;
  // without penalties: only the race without a bust counter, and only where it is big enough to pay for the threads
  if (layered && (probe.C > 1 || probe.turnStatesPerSweep < layeredFrom)) return solveRace(rules, opts);
  const n = probe.NP * probe.NP;
  const same = probe.value[0] === probe.value[1];
  const values: [SharedArrayBuffer, SharedArrayBuffer | null] = [new SharedArrayBuffer(n * 8), same ? null : new SharedArrayBuffer(n * 8)];
  const free = !layered && (opts.maxSweeps ?? 1) > 0 ? penaltyFreeRace(probe) : null;
  const start = free ? { ...free, values: new SharedArrayBuffer(probe.G * probe.B * probe.G * probe.B * 8) } : null;
  const d: Shared = { rules, opts: { target: opts.target, tolerance: opts.tolerance, play: opts.play }, values, start, ctrl: new SharedArrayBuffer(8 * 4), stats: new SharedArrayBuffer(workers * STATS * 8), part: 0, parts: workers };
  const arrays = tables(d);
  for (const a of arrays) a.fill(0.5);
  const { R, maxSweeps } = prepareRace(rules, opts, arrays);
  R.layered = layered;
  const ctx = layerContext(R, maxSweeps);
  const ctx0 = start ? startContext(start) : null;
  if (ctx0) new Float64Array(start!.values).fill(0.5);
  const ctrl = new Int32Array(d.ctrl), stats = new Float64Array(d.stats);
  const here = fileURLToPath(import.meta.url);
  // under the test runner (TypeScript sources) the threads run the built module
  const file = here.endsWith('.ts') ? fileURLToPath(new URL('../../../../dist/src/games/wulong/race/parallel.js', import.meta.url)) : here;
  const threads = Array.from({ length: workers - 1 }, (_, k) => new Worker(file, { workerData: { ...d, part: k + 1 } }));
  const ready = threads.map((w) => new Promise<void>((resolve, reject) => {
    w.once('message', () => resolve());
    w.once('error', reject);
  }));
  await Promise.all(ready);
  // post one piece of work to every thread, do this thread's share, wait for the others, add up their reports
  const run = (mode: number, on: LayerContext, sum: number, bottom: number, ct: number): number => {
    Atomics.store(ctrl, MODE, mode);
    Atomics.store(ctrl, SUM, sum);
    Atomics.store(ctrl, BOTTOM, bottom);
    Atomics.store(ctrl, CT, ct);
    Atomics.store(ctrl, DONE, 0);
    const gen = Atomics.add(ctrl, GEN, 1) + 1;
    Atomics.notify(ctrl, GEN);
    let delta = solveShare(mode, on, sum, bottom, ct, 0, workers);
    for (let done = Atomics.load(ctrl, DONE); done < workers - 1; done = Atomics.load(ctrl, DONE)) Atomics.wait(ctrl, DONE, done);
    for (let k = 1; k < workers; k++) {
      const at = k * STATS;
      if (stats[at + 3] !== gen) throw new Error(`race thread ${k} reported group ${stats[at + 3]}, expected ${gen}`);
      delta = Math.max(delta, stats[at]);
      on.R.turnSolves += stats[at + 1];
      on.R.turnStates += stats[at + 2];
      on.rounds = Math.max(on.rounds, stats[at + 4]);
    }
    return delta;
  };
  try {
    if (layered) {
      for (let sum = 2 * R.G - 2; sum >= 0; sum--) ctx.residual = run(PAIRS, ctx, sum, sum, 0);
      R.sweeps = ctx.rounds;
      R.residual = ctx.residual;
    } else {
      if (ctx0) {
        for (let sum = 2 * R.G - 2; sum >= 0; sum--) ctx0.residual = run(START_PAIRS, ctx0, sum, sum, 0);
        ctx0.R.sweeps = ctx0.rounds;
        ctx0.R.residual = ctx0.residual;
        startFrom(R, ctx0.R);
      }
      penaltyPasses(R, maxSweeps, opts.onPass, (sum, bottom, ct) => run(GROUP, ctx, sum, bottom, ct));
    }
  } finally {
    Atomics.store(ctrl, STOP, 1);
    Atomics.add(ctrl, GEN, 1);
    Atomics.notify(ctrl, GEN);
    await Promise.all(threads.map((w) => new Promise((resolve) => w.once('exit', resolve))));
  }
  return R;
}

/** The penalty-free race that starts the passes, over its shared value table. */
function startContext(start: NonNullable<Shared['start']>): LayerContext {
  const v = new Float64Array(start.values);
  return layerContext(prepareRace(start.rules, start.opts, [v, v]).R);
}

/** One thread's share of one piece of work: its largest change (for bust pairs the largest last change so far). */
function solveShare(mode: number, ctx: LayerContext, sum: number, bottom: number, ct: number, part: number, parts: number): number {
  if (mode === GROUP) return solveGroup(ctx, sum, bottom, ct, part, parts);
  solveLayerPairs(ctx, sum, part, parts);
  return ctx.residual;
}

/** A helper thread: solve its share of each piece of work the main thread posts, until told to stop. */
function helper(d: Shared): void {
  const { R } = prepareRace(d.rules, d.opts, tables(d));
  const ctx = layerContext(R);
  const ctx0 = d.start ? startContext(d.start) : null;
  const ctrl = new Int32Array(d.ctrl), stats = new Float64Array(d.stats);
  const at = d.part * STATS;
  let gen = Atomics.load(ctrl, GEN);
  parentPort!.postMessage('ready');
  for (;;) {
    // only a new generation is work: whatever made the wait return, look at the word again
    while (Atomics.load(ctrl, GEN) === gen) Atomics.wait(ctrl, GEN, gen);
    gen = Atomics.load(ctrl, GEN);
    if (Atomics.load(ctrl, STOP)) break;
    const mode = Atomics.load(ctrl, MODE);
    const on = mode === START_PAIRS ? ctx0! : ctx;
    const solves = on.R.turnSolves, states = on.R.turnStates;
    stats[at] = solveShare(mode, on, Atomics.load(ctrl, SUM), Atomics.load(ctrl, BOTTOM), Atomics.load(ctrl, CT), d.part, d.parts);
    stats[at + 1] = on.R.turnSolves - solves;
    stats[at + 2] = on.R.turnStates - states;
    stats[at + 4] = on.rounds;
    stats[at + 3] = gen;
    Atomics.add(ctrl, DONE, 1);
    Atomics.notify(ctrl, DONE);
  }
}

if (!isMainThread && workerData && (workerData as Shared).ctrl) helper(workerData as Shared);

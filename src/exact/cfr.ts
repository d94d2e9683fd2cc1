/**
 * Equilibria of any two-player zero-sum game small enough to hold whole (src/exact/tree.ts): the
 * CFR family of the Liar's Dice solver (src/games/liars-dice/exact-cfr.ts) — CFR+, PCFR+, DCFR and
 * pcfr+last, with the same schedules, alternating updates and averaging — over information sets
 * given by the game's `informationKey`, with exact best responses, values and exploitability.
 *
 * One pass for seat i: strategies by regret matching at every information set, reach probabilities
 * parents first (increasing node index), expected values children first (decreasing index), then
 * each of i's information sets updates its regrets by Σ over its states of the others' reach ×
 * (value of the action − value of the state), and its average by i's own reach × its strategy.
 */
import { UserError } from '../core/errors.js';
import { ThreadPool } from '../core/thread-pool.js';
import { ALGORITHMS, SCHEDULES, type Algorithm, type Schedule } from './cfr-schedule.js';
import { NODE_CHANCE, NODE_TERMINAL, type GameTree } from './tree.js';

/**
 * A pass is split into tasks by the root's chance outcomes (the deal), in this many contiguous
 * groups whatever the thread count; each group adds its regret increments into a store of its own
 * and the stores are summed in group order, so the result is bit-identical for any thread count.
 */
export const TASK_GROUPS = 4;

/** The stores the worker threads share with the solver that started them. */
export interface TreeCfrShared {
  sigma: SharedArrayBuffer;
  ownReach: SharedArrayBuffer;
  walked: SharedArrayBuffer | null;
  /** each task group's regret increments */
  dr: SharedArrayBuffer[];
}

export interface TreeCfrOptions {
  /** threads sharing each pass (default 1; the results do not depend on it) */
  threads?: number;
  /** a worker thread's view of another solver's stores */
  shared?: TreeCfrShared;
}

/**
 * Memory worker threads can share; a page without cross-origin isolation (the workbench) has no
 * SharedArrayBuffer, and solves on one thread in a plain buffer.
 */
function sharedBytes(n: number, share: boolean): SharedArrayBuffer {
  return (share && typeof SharedArrayBuffer === 'function' ? new SharedArrayBuffer(n) : new ArrayBuffer(n)) as SharedArrayBuffer;
}

/** The regret updates, the same table as the Liar's Dice solver's (`--algorithm`). */
export { ALGORITHMS, SCHEDULES, type Algorithm, type Schedule };

/** Best-response values (each seat's, in r0 − r1 units of its own side) and NashConv / 2. */
export interface TreeExploitability {
  br0: number;
  br1: number;
  exploitability: number;
}

export class TreeCfr {
  readonly schedule: Schedule;
  readonly reg: Float64Array;
  readonly avg: Float64Array;
  readonly pred: Float64Array | null;
  /** the current strategy of every information set, by slot */
  readonly sigma: Float64Array;
  /** per-pass work: values of the children of seat i's nodes, regret increments, own reach */
  private readonly u: Float64Array;
  private dr: Float64Array;
  /** each task group's regret increments, zero between passes (one group without tasks) */
  private readonly drs: Float64Array[];
  /** the root's children of task group k: groupStart[k] … groupStart[k + 1] */
  private readonly groupStart: Int32Array;
  private readonly shared: TreeCfrShared;
  private pool: ThreadPool | null = null;
  private readonly ownReach: Float64Array;
  /** the tree's arrays, read in the hot walk */
  private readonly kind: Uint8Array;
  private readonly first: Int32Array;
  private readonly count: Uint16Array;
  private readonly prob: Float64Array;
  private readonly iset: Int32Array;
  /** each seat's information sets */
  private readonly seatSets: [Int32Array, Int32Array];
  /** the seat of the pass under way and its utilities */
  private seat = 0;
  private end: Float64Array;
  /** each decision node's first slot */
  private readonly nodeSlot: Int32Array;
  /** each seat's utility at every node (0 off the ends), copied into the values at each pass */
  private readonly ends: [Float64Array, Float64Array];
  /**
   * Public states walked in the pass under way (marked with the pass's number), where the schedule
   * changes regrets nobody reaches (a discount, a prediction): null for cfr+
   */
  private readonly pub: Int32Array | null;
  private readonly walked: Int32Array | null;
  private passes = 0;
  iterations = 0;
  /** seats whose solved strategy is the current one, not the average (bit p; pcfr+last) */
  private current = 0;

  constructor(readonly tree: GameTree, readonly algorithm: Algorithm = 'cfr+', options: TreeCfrOptions = {}) {
    if (!ALGORITHMS.includes(algorithm)) throw new UserError(`--algorithm must be one of ${ALGORITHMS.join(', ')} (got ${JSON.stringify(algorithm)})`);
    this.schedule = SCHEDULES[algorithm];
    const S = tree.slots, N = tree.nodes;
    this.reg = new Float64Array(S);
    this.avg = new Float64Array(S);
    this.pred = this.schedule.predict ? new Float64Array(S) : null;
    const given = options.shared;
    const rootChildren = tree.kind[0] === NODE_CHANCE ? tree.count[0] : 0;
    const groups = rootChildren >= 2 ? Math.min(rootChildren, TASK_GROUPS) : 0;
    this.groupStart = new Int32Array(groups + 1);
    for (let k = 0; k <= groups; k++) this.groupStart[k] = tree.first[0] + Math.floor((k * rootChildren) / groups);
    // one thread keeps plain memory (V8 reads it a little faster)
    const threads = Math.min(options.threads ?? 1, groups), share = threads > 1;
    const sigma = given?.sigma ?? sharedBytes(8 * S, share), ownReach = given?.ownReach ?? sharedBytes(8 * tree.infosets, share);
    const dr = given?.dr ?? Array.from({ length: Math.max(groups, 1) }, () => sharedBytes(8 * S, share));
    this.sigma = new Float64Array(sigma);
    this.drs = dr.map((b) => new Float64Array(b));
    this.dr = this.drs[0];
    this.u = new Float64Array(N);
    this.ownReach = new Float64Array(ownReach);
    this.kind = tree.kind;
    this.first = tree.first;
    this.count = tree.count;
    this.prob = tree.prob;
    this.iset = tree.infoset;
    this.nodeSlot = new Int32Array(N);
    this.ends = [new Float64Array(N), new Float64Array(N)];
    for (let x = 0; x < N; x++) {
      if (tree.kind[x] === NODE_TERMINAL) {
        this.ends[0][x] = tree.utility[x];
        this.ends[1][x] = -tree.utility[x];
      }
      if (tree.kind[x] < 2) this.nodeSlot[x] = tree.slot[tree.infoset[x]];
    }
    this.end = this.ends[0];
    const sch = this.schedule;
    if (sch.predict || sch.alpha !== Infinity || sch.beta !== Infinity) {
      if (!tree.publicState) throw new Error(`TreeCfr: ${algorithm} needs the tree's public states (buildTree with publicStates)`);
      this.pub = tree.publicState;
      this.walked = new Int32Array(given?.walked ?? sharedBytes(4 * tree.publicStates!, share));
    } else {
      this.pub = null;
      this.walked = null;
    }
    const sets: [number[], number[]] = [[], []];
    for (let I = 0; I < tree.infosets; I++) sets[tree.infosetSeat[I]].push(I);
    this.seatSets = [Int32Array.from(sets[0]), Int32Array.from(sets[1])];
    this.shared = { sigma, ownReach, walked: this.walked === null ? null : (this.walked.buffer as SharedArrayBuffer), dr };
    if (given === undefined && share && typeof SharedArrayBuffer === 'function') {
      const t = tree;
      // the arrays a pass reads (not the keys and texts)
      const lean = { nodes: t.nodes, kind: t.kind, first: t.first, count: t.count, prob: t.prob, infoset: t.infoset, utility: t.utility, infosets: t.infosets, infosetSeat: t.infosetSeat, slot: t.slot, actions: t.actions, slots: t.slots, publicState: t.publicState, infosetPublic: t.infosetPublic, publicStates: t.publicStates };
      this.pool = new ThreadPool(new URL('./cfr-worker.js', import.meta.url), { tree: lean, algorithm, shared: this.shared }, threads - 1);
    }
  }

  /** Stop the worker threads (the solver goes on, on one thread). */
  close(): void {
    this.pool?.close();
    this.pool = null;
  }

  /** The worker threads' job: seat's pass `stamp`, task by task. */
  beginJob(seat: number, stamp: number): (k: number) => void {
    return (k) => this.runTask(k, seat, stamp);
  }

  /** Task k of seat's pass `stamp`: the walk below task group k's chance outcomes at the root. */
  runTask(k: number, seat: number, stamp: number): void {
    const kind = this.kind, prob = this.prob;
    this.dr = this.drs[k];
    this.seat = seat;
    this.end = this.ends[seat];
    this.passes = stamp;
    for (let y = this.groupStart[k]; y < this.groupStart[k + 1]; y++) {
      if (kind[y] !== NODE_TERMINAL) this.walk(y, 1, prob[y]);
    }
  }

  /** The stores a checkpoint saves: regrets, average sums, and the predictions where kept. */
  stores(): Float64Array[] {
    return this.pred === null ? [this.reg, this.avg] : [this.reg, this.avg, this.pred];
  }

  /** After the stores are loaded from a checkpoint: go on from iteration `iterations`. */
  resume(iterations: number): void {
    this.iterations = iterations;
    this.match(0);
    this.match(1);
  }

  /** Regret matching (+ the prediction) into sigma for every information set of `seat`. */
  private match(seat: number): void {
    const t = this.tree, reg = this.reg, pred = this.pred, sig = this.sigma;
    for (const I of this.seatSets[seat]) {
      const s = t.slot[I], n = t.actions[I];
      let sum = 0;
      for (let a = 0; a < n; a++) {
        const x = pred === null ? reg[s + a] : reg[s + a] + pred[s + a];
        const y = x > 0 ? x : 0;
        sig[s + a] = y;
        sum += y;
      }
      if (sum > 0) for (let a = 0; a < n; a++) sig[s + a] /= sum;
      else for (let a = 0; a < n; a++) sig[s + a] = 1 / n;
    }
  }

  /** Iteration t's average weight t^γ, setting its discounts. */
  private discounts(tt: number): [number, number, number] {
    const { alpha, beta, gamma } = this.schedule;
    const d = (e: number) => (e === Infinity ? 1 : tt === 1 ? 0 : Math.pow(tt - 1, e) / (Math.pow(tt - 1, e) + 1));
    return [d(alpha), d(beta), gamma === 1 ? tt : gamma === 2 ? tt * tt : Math.pow(tt, gamma)];
  }

  /** Run n more iterations (each: seat 0, then seat 1). */
  iterate(n: number): void {
    for (let k = 0; k < n; k++) {
      const [pd, nd, weight] = this.discounts(++this.iterations);
      // each pass changes only its seat's regrets: the other's strategy stands
      if (this.iterations === 1) { this.match(0); this.match(1); }
      for (let i = 0; i < 2; i++) {
        this.pass(i, pd, nd, weight);
        this.match(i);
      }
    }
  }

  /**
   * Seat i's value at node x (unweighted by reach), with its own reach ri and the others' ro; adds
   * its regret increments into dr and records its reach at its information sets. A subtree nobody
   * reaches (both reaches 0) changes nothing and is skipped; where only the others' reach is 0 the
   * values weigh nothing above, but seat i's averages below still need its reach.
   */
  private walk(x: number, ri: number, ro: number): number {
    const kind = this.kind, i = this.seat, end = this.end;
    const f = this.first[x], e = f + this.count[x], k = kind[x];
    let v = 0;
    if (k === NODE_CHANCE) {
      const prob = this.prob;
      for (let y = f; y < e; y++) {
        const q = ro * prob[y];
        v += prob[y] * (kind[y] === NODE_TERMINAL ? end[y] : ri === 0 && q === 0 ? 0 : this.walk(y, ri, q));
      }
      return v;
    }
    const sig = this.sigma, s = this.nodeSlot[x] - f;
    if (this.walked !== null) this.walked[this.pub![x]] = this.passes;
    if (k !== i) {
      for (let y = f; y < e; y++) {
        const p = sig[s + y], q = ro * p;
        v += p * (kind[y] === NODE_TERMINAL ? end[y] : ri === 0 && q === 0 ? 0 : this.walk(y, ri, q));
      }
      return v;
    }
    const u = this.u;
    this.ownReach[this.iset[x]] = ri;
    for (let y = f; y < e; y++) {
      const p = sig[s + y], r = ri * p;
      const uy = kind[y] === NODE_TERMINAL ? end[y] : r === 0 && ro === 0 ? 0 : this.walk(y, r, ro);
      u[y] = uy;
      v += p * uy;
    }
    if (ro !== 0) {
      const dr = this.dr;
      for (let y = f; y < e; y++) dr[s + y] += ro * (u[y] - v);
    }
    return v;
  }

  private pass(i: number, pd: number, nd: number, weight: number): void {
    const t = this.tree, slot = t.slot, sig = this.sigma, own = this.ownReach, drs = this.drs;
    own.fill(0);
    const stamp = ++this.passes;
    const groups = this.groupStart.length - 1;
    if (groups === 0) {
      this.dr = drs[0];
      this.seat = i;
      this.end = this.ends[i];
      if (t.kind[0] !== NODE_TERMINAL) this.walk(0, 1, 1);
    } else if (this.pool !== null) this.pool.run(this, groups, i, stamp);
    else for (let k = 0; k < groups; k++) this.runTask(k, i, stamp);
    const dr = drs[0], more = drs.length - 1;
    const reg = this.reg, avg = this.avg, pred = this.pred, clip = this.schedule.clip;
    const walked = this.walked, isPub = t.infosetPublic;
    for (const I of this.seatSets[i]) {
      // a public state nobody reaches is skipped whole, as the Liar's Dice solver skips a bid
      // history: its regrets keep their discount and prediction (it adds nothing anyway)
      if (walked !== null && walked[isPub![I]] !== stamp) continue;
      const s = slot[I], n = t.actions[I], w = weight * own[I];
      for (let a = 0; a < n; a++) {
        // increments are zeroed as they are read: only seat i's nodes add them, and only where walked
        let d = dr[s + a];
        dr[s + a] = 0;
        for (let k = 1; k <= more; k++) {
          d += drs[k][s + a];
          drs[k][s + a] = 0;
        }
        const r0 = reg[s + a];
        const r = r0 * (clip || r0 > 0 ? pd : nd) + d;
        reg[s + a] = clip && r < 0 ? 0 : r;
        if (pred !== null) pred[s + a] = d;
        avg[s + a] += w * sig[s + a];
      }
    }
  }

  /** The average strategy (uniform where never reached), or for seats in `current` the current one. */
  profile(current = this.current): Float64Array {
    const t = this.tree, out = new Float64Array(t.slots);
    for (const seat of [0, 1]) {
      if ((current >> seat) & 1) this.match(seat);
    }
    for (let I = 0; I < t.infosets; I++) {
      const s = t.slot[I], n = t.actions[I];
      if ((current >> t.infosetSeat[I]) & 1) {
        for (let a = 0; a < n; a++) out[s + a] = this.sigma[s + a];
        continue;
      }
      let sum = 0;
      for (let a = 0; a < n; a++) sum += this.avg[s + a];
      for (let a = 0; a < n; a++) out[s + a] = sum > 0 ? this.avg[s + a] / sum : 1 / n;
    }
    return out;
  }

  /**
   * pcfr+last: each seat keeps the better (the less exploitable) of its average and its current
   * strategy; returns the exploitability of the profile chosen. Other algorithms: the average's.
   */
  choose(): TreeExploitability {
    this.current = 0;
    const avg = exploitability(this.tree, this.profile(0));
    if (!this.schedule.lastIterate) return avg;
    const cur = exploitability(this.tree, this.profile(3));
    // seat 0's strategy is judged by seat 1's best response to it, and the other way round
    this.current = (cur.br1 < avg.br1 ? 1 : 0) | (cur.br0 < avg.br0 ? 2 : 0);
    return this.current === 0 ? avg : this.current === 3 ? cur : exploitability(this.tree, this.profile());
  }
}

/** Seat 0's expected r0 − r1 under a profile (by slot). */
export function profileValue(t: GameTree, strategy: Float64Array): number {
  const u = new Float64Array(t.nodes);
  for (let x = t.nodes - 1; x >= 0; x--) {
    const k = t.kind[x];
    if (k === NODE_TERMINAL) { u[x] = t.utility[x]; continue; }
    const f = t.first[x], c = t.count[x];
    let v = 0;
    if (k === NODE_CHANCE) for (let j = 0; j < c; j++) v += t.prob[f + j] * u[f + j];
    else { const s = t.slot[t.infoset[x]]; for (let j = 0; j < c; j++) v += strategy[s + j] * u[f + j]; }
    u[x] = v;
  }
  return u[0];
}

/**
 * The value to seat i (in its r_i − r_other units) of its best response to the other seat's
 * strategy in `strategy`; `choice`, when given, receives the best action's slot offset per
 * information set of seat i.
 */
export function bestResponse(t: GameTree, strategy: Float64Array, i: number, choice?: Int32Array): number {
  const N = t.nodes, rO = new Float64Array(N);
  rO[0] = 1;
  for (let x = 0; x < N; x++) {
    const k = t.kind[x];
    if (k === NODE_TERMINAL) continue;
    const f = t.first[x], c = t.count[x];
    if (k === NODE_CHANCE) for (let j = 0; j < c; j++) rO[f + j] = rO[x] * t.prob[f + j];
    else if (k === i) for (let j = 0; j < c; j++) rO[f + j] = rO[x];
    else { const s = t.slot[t.infoset[x]]; for (let j = 0; j < c; j++) rO[f + j] = rO[x] * strategy[s + j]; }
  }
  const best = new Int32Array(t.infosets).fill(-1);
  const val = new Float64Array(N), done = new Uint8Array(N);
  const sign = i === 0 ? 1 : -1;
  // values by an explicit stack (trees can be deep): a node is final once its children are
  const value = (root: number): number => {
    const stack = [root];
    while (stack.length) {
      const x = stack[stack.length - 1];
      if (done[x]) { stack.pop(); continue; }
      const k = t.kind[x];
      if (k === NODE_TERMINAL) { val[x] = sign * t.utility[x]; done[x] = 1; stack.pop(); continue; }
      const f = t.first[x], c = t.count[x];
      if (k === i) {
        const b = best[t.infoset[x]];
        if (b < 0) throw new Error('exact best response: an information set decided out of order');
        if (!done[f + b]) { stack.push(f + b); continue; }
        val[x] = val[f + b];
      } else {
        let pending = false;
        for (let j = 0; j < c; j++) if (!done[f + j]) { stack.push(f + j); pending = true; }
        if (pending) continue;
        let v = 0;
        if (k === NODE_CHANCE) for (let j = 0; j < c; j++) v += t.prob[f + j] * val[f + j];
        else { const s = t.slot[t.infoset[x]]; for (let j = 0; j < c; j++) v += strategy[s + j] * val[f + j]; }
        val[x] = v;
      }
      done[x] = 1;
      stack.pop();
    }
    return val[root];
  };
  // seat i's information sets, deepest of its own decisions first: what follows each is decided
  const order: number[] = [];
  for (let I = 0; I < t.infosets; I++) if (t.infosetSeat[I] === i) order.push(I);
  order.sort((a, b) => t.ownDepth[b] - t.ownDepth[a]);
  for (const I of order) {
    const n = t.actions[I];
    const q = new Float64Array(n);
    for (let m = t.nodeStart[I]; m < t.nodeStart[I + 1]; m++) {
      const x = t.nodeList[m], w = rO[x];
      if (w === 0) continue;
      for (let a = 0; a < n; a++) q[a] += w * value(t.first[x] + a);
    }
    let b = 0;
    for (let a = 1; a < n; a++) if (q[a] > q[b]) b = a;
    best[I] = b;
    if (choice) choice[I] = b;
  }
  return value(0);
}

/** Both seats' best responses to a profile and its exploitability (NashConv / 2), in r0 − r1 units. */
export function exploitability(t: GameTree, strategy: Float64Array): TreeExploitability {
  const br0 = bestResponse(t, strategy, 0), br1 = bestResponse(t, strategy, 1);
  return { br0, br1, exploitability: (br0 + br1) / 2 };
}

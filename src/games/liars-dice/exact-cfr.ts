import { UserError } from '../../core/errors.js';
import { ThreadPool } from '../../core/thread-pool.js';
import { ALGORITHMS, SCHEDULES, type Algorithm, type Schedule } from '../../exact/cfr-schedule.js';

/**
 * Two-player Liar's Dice equilibrium by CFR+ (regret matching+, alternating updates, linear
 * averaging), vectorised over private hands on the public tree.
 *
 * A public history is the set of bids made so far: bids strictly increase, so the set (a bitmask
 * over the B = total dice × sides bid ranks) determines the order, whose turn it is (popcount
 * parity) and the last bid (highest bit). Regrets and average strategies are flat Float64Arrays
 * with one contiguous block per history (its actions × hands, found through an offset table), so
 * a node reads and writes one run of memory.
 * Counterfactual values of one player's hands are computed together against the other player's
 * reach vector; a call is evaluated in O(hands) by bucketing the opponent's reach by the number of
 * matching dice. Best responses (for exploitability) and the value of the average profile are
 * computed exactly the same way, by full traversal (no sampling).
 */
export type Variant = 'seed' | 'openspiel' | 'plain';
export const VARIANTS: readonly Variant[] = ['seed', 'openspiel', 'plain'];

export interface SolverConfig {
  variant: Variant;
  /** dice of player 0 (the opener) and player 1 */
  dice: [number, number];
  sides: number;
}

/** Largest bid space the solver accepts in float64 storage: memory is about 2^B × hands × 32 bytes (2v2 with 5 sides: 0.5 GB). */
export const MAX_BIDS = 20;
/** Largest with float32 storage (2v2 dice with 6 sides: 2^24 histories, about 2^25 actions × 21 hands × 4 bytes per array). */
export const MAX_BIDS_FLOAT32 = 24;

/** Number type of the regret and average-strategy stores: float32 halves memory (2v2 with 6 sides), float64 is exact to today's values. */
export type Precision = 'float64' | 'float32';
export type Store = Float64Array | Float32Array;

export function checkConfig(c: SolverConfig, precision: Precision = 'float64'): void {
  if (!VARIANTS.includes(c.variant)) throw new UserError(`--variant must be one of ${VARIANTS.join(', ')} (got ${JSON.stringify(c.variant)})`);
  if (c.dice.length !== 2 || c.dice.some((d) => !Number.isInteger(d) || d < 1 || d > 2)) throw new UserError(`--dice must be two counts in 1..2, for example 1,1 (got ${c.dice.join(',')})`);
  if (!Number.isInteger(c.sides) || c.sides < 2 || c.sides > 6) throw new UserError(`--sides must be an integer in 2..6 (got ${c.sides})`);
  const B = possibleBids(c);
  const max = precision === 'float32' ? MAX_BIDS_FLOAT32 : MAX_BIDS;
  if (B > max) throw new UserError(`--dice ${c.dice.join(',')} --sides ${c.sides} has ${B} possible bids; the exact solver handles at most ${max} (2^bids public histories) with --precision ${precision}${precision === 'float64' ? `, ${MAX_BIDS_FLOAT32} with --precision float32` : ''}`);
}

/** Hands of d sorted dice with `sides` faces: C(d + sides − 1, d), enumerateHands' length. */
export function handCount(d: number, sides: number): number {
  let n = 1;
  for (let i = 1; i <= d; i++) n = (n * (sides - 1 + i)) / i;
  return Math.round(n);
}

/** Possible bids of a game: every (count, face) for count up to all the dice on the table. */
export function possibleBids(c: SolverConfig): number {
  return (c.dice[0] + c.dice[1]) * c.sides;
}

/** Hands of each seat of a game. */
export function handCounts(c: SolverConfig): [number, number] {
  return [handCount(c.dice[0], c.sides), handCount(c.dice[1], c.sides)];
}

/** Sorted hands of d dice with their chance weights (multinomial / sides^d). */
export function enumerateHands(d: number, sides: number): { hands: number[][]; weights: Float64Array } {
  const hands: number[][] = [];
  const rec = (start: number, cur: number[]) => {
    if (cur.length === d) { hands.push([...cur]); return; }
    for (let f = start; f <= sides; f++) { cur.push(f); rec(f, cur); cur.pop(); }
  };
  rec(1, []);
  const fact = (n: number): number => (n <= 1 ? 1 : n * fact(n - 1));
  const weights = new Float64Array(hands.length);
  hands.forEach((h, i) => {
    const mult = new Map<number, number>();
    for (const f of h) mult.set(f, (mult.get(f) ?? 0) + 1);
    let w = fact(d);
    for (const m of mult.values()) w /= fact(m);
    weights[i] = w / Math.pow(sides, d);
  });
  return { hands, weights };
}

export interface ConvergencePoint {
  iteration: number;
  exploitability: number;
  value0: number;
  seconds: number;
}

/**
 * sig[a·Hm + h] = w[base + a·Hm + h] / Σ_a w[base + a·Hm + h] for each hand h < Hp, uniform where
 * that sum is 0: regret matching on the (non-negative, CFR+) regrets, or the average strategy on
 * the cumulative strategy weights. `sum` is scratch space.
 */
function normalizeInto(w: Store, base: number, nA: number, Hm: number, Hp: number, sum: Float64Array, sig: Float64Array): void {
  for (let h = 0; h < Hp; h++) sum[h] = 0;
  for (let a = 0; a < nA; a++) {
    const o = base + a * Hm;
    for (let h = 0; h < Hp; h++) sum[h] += w[o + h];
  }
  const u = 1 / nA;
  for (let h = 0; h < Hp; h++) sum[h] = sum[h] > 0 ? 1 / sum[h] : 0;
  for (let a = 0; a < nA; a++) {
    const o = base + a * Hm, so = a * Hm;
    for (let h = 0; h < Hp; h++) sig[so + h] = sum[h] > 0 ? w[o + h] * sum[h] : u;
  }
}

/**
 * sig[a·Hm + h] ∝ max(0, r[base + a·Hm + h] + m[base + a·Hm + h]) for each hand h < Hp, uniform where
 * no term is positive: predictive regret matching+ (m = the last instantaneous regrets), or regret
 * matching on signed regrets (DCFR; m = null).
 */
function normalizePositiveInto(r: Store, m: Store | null, base: number, nA: number, Hm: number, Hp: number, sum: Float64Array, sig: Float64Array): void {
  for (let h = 0; h < Hp; h++) sum[h] = 0;
  for (let a = 0; a < nA; a++) {
    const o = base + a * Hm, so = a * Hm;
    for (let h = 0; h < Hp; h++) {
      const x = m === null ? r[o + h] : r[o + h] + m[o + h];
      const y = x > 0 ? x : 0;
      sig[so + h] = y;
      sum[h] += y;
    }
  }
  const u = 1 / nA;
  for (let h = 0; h < Hp; h++) sum[h] = sum[h] > 0 ? 1 / sum[h] : 0;
  for (let a = 0; a < nA; a++) {
    const so = a * Hm;
    for (let h = 0; h < Hp; h++) sig[so + h] = sum[h] > 0 ? sig[so + h] * sum[h] : u;
  }
}

/** The regret updates (`--algorithm`), one table with the generic CFR solver's. */
export { ALGORITHMS, SCHEDULES, type Algorithm, type Schedule };

export interface SolverOptions {
  algorithm?: Algorithm;
  /** replaces the algorithm's schedule (measurements of other parameters; `algorithm` still names the stores) */
  schedule?: Schedule;
  precision?: Precision;
  /** the stores of another solver of the same config and options (a worker's view of them) */
  shared?: readonly SharedArrayBuffer[];
  /** and its subtree task buffers */
  tasks?: readonly [SharedArrayBuffer, SharedArrayBuffer];
}

/** Depth of the subtrees the threads share out: C(B, 3) of them, the largest 1/8 of the tree. */
export const SPLIT_DEPTH = 3;
const SPLIT_NONE = 0, SPLIT_COLLECT = 1, SPLIT_REPLAY = 2;
/**
 * runTask's job codes beside the player (0, 1): a CFR pass, the values, the best responses; and a
 * 2-bit mask × JOB_CURRENT of the players whose current strategy is read instead of their average
 */
const JOB_VALUE = 2, JOB_BEST = 4, JOB_CURRENT = 8;

/** Subtree roots at SPLIT_DEPTH: meta [mask, top] and vectors [rI, rO, values] × Hmax per task. */
export interface SubtreeTasks {
  count: number;
  meta: Int32Array;
  vectors: Float64Array;
}

/**
 * Memory worker threads can share; a page without cross-origin isolation (the workbench) has no
 * SharedArrayBuffer, and solves on one thread in a plain buffer.
 */
function sharedBytes(n: number): SharedArrayBuffer {
  return (typeof SharedArrayBuffer === 'function' ? new SharedArrayBuffer(n) : new ArrayBuffer(n)) as SharedArrayBuffer;
}

function subtreeTasks(B: number, Hmax: number, given?: readonly [SharedArrayBuffer, SharedArrayBuffer]): SubtreeTasks {
  const n = (B * (B - 1) * (B - 2)) / 6;
  return {
    count: 0,
    meta: new Int32Array(given?.[0] ?? sharedBytes(8 * n)),
    vectors: new Float64Array(given?.[1] ?? sharedBytes(8 * 3 * Hmax * n)),
  };
}

/** Bytes of the regret, average (and pcfr+ prediction) stores for a config, before allocating them. */
export function storeBytes(c: SolverConfig, options: SolverOptions = {}): number {
  const B = possibleBids(c);
  // 2^t masks have top bid t, each with B − t actions (a call and the higher bids); the root has B bids
  let slots = B;
  for (let t = 0; t < B; t++) slots += 2 ** t * (B - t);
  const Hmax = Math.max(...handCounts(c));
  const predict = (options.schedule ?? SCHEDULES[options.algorithm ?? 'cfr+']).predict;
  return slots * Hmax * (options.precision === 'float32' ? 4 : 8) * (predict ? 3 : 2);
}

/** Best-response values of both seats against the average profile, and NashConv / 2. */
export interface Exploitability {
  br0: number;
  br1: number;
  nashConv: number;
  exploitability: number;
}

export class LiarsSolver {
  readonly B: number;
  readonly S: number;
  readonly variant: Variant;
  readonly H: [number, number];
  readonly Hmax: number;
  readonly hands: [number[][], number[][]];
  readonly weights: [Float64Array, Float64Array];
  readonly rankCount: Int32Array;
  readonly rankFace: Int32Array;
  /** bits of ranks on face 1 (a bid on them cancels wilds in the seed variant) */
  readonly onesMask: number;
  /** matches[player][wildActive][face · H + h]: dice of hand h that count for face */
  private readonly matches: [[Int32Array, Int32Array], [Int32Array, Int32Array]];
  /** off[mask]: index of the first action of history `mask` (action 0 = liar when mask ≠ 0, then bids top+1…) */
  readonly off: Int32Array;
  /** actions over all histories (the stores hold actionSlots × Hmax numbers) */
  readonly actionSlots: number;
  /** regrets and average-strategy sums, [(off[mask] + action) · Hmax + hand]: a node's block is contiguous */
  readonly reg: Store;
  readonly avg: Store;
  iterations = 0;
  // per-depth work buffers
  private readonly rI: Float64Array[];
  private readonly rO: Float64Array[];
  private readonly val: Float64Array[];
  private readonly sig: Float64Array[];
  private readonly vch: Float64Array[];
  private readonly bucket: Float64Array;
  private readonly tmp: Float64Array[];

  readonly algorithm: Algorithm;
  readonly schedule: Schedule;
  /** subtree tasks at SPLIT_DEPTH (shared with the worker threads) */
  readonly tasks: SubtreeTasks;
  private split = SPLIT_NONE;
  private pool: ThreadPool | null = null;
  /** pcfr+: the last instantaneous regrets (the prediction), laid out like reg */
  private readonly pred: Store | null;
  readonly precision: Precision;
  /** dcfr: discounts of this iteration's positive and negative regrets */
  private posDiscount = 1;
  private negDiscount = 1;
  /** players whose solved strategy is the current one (bit p; chooseProfile sets it) */
  private current = 0;

  constructor(readonly config: SolverConfig, options: SolverOptions = {}) {
    const algorithm = options.algorithm ?? 'cfr+', precision = options.precision ?? 'float64';
    checkConfig(config, precision);
    if (!ALGORITHMS.includes(algorithm)) throw new UserError(`--algorithm must be one of ${ALGORITHMS.join(', ')} (got ${JSON.stringify(algorithm)})`);
    this.algorithm = algorithm;
    this.schedule = options.schedule ?? SCHEDULES[algorithm];
    this.precision = precision;
    const { variant, dice, sides } = config;
    this.variant = variant;
    this.S = sides;
    this.B = possibleBids(config);
    const h0 = enumerateHands(dice[0], sides), h1 = enumerateHands(dice[1], sides);
    this.hands = [h0.hands, h1.hands];
    this.weights = [h0.weights, h1.weights];
    this.H = [h0.hands.length, h1.hands.length];
    this.Hmax = Math.max(this.H[0], this.H[1]);
    this.rankCount = new Int32Array(this.B);
    this.rankFace = new Int32Array(this.B);
    let ones = 0;
    for (let b = 0; b < this.B; b++) {
      const r = b % sides;
      this.rankCount[b] = Math.floor(b / sides) + 1;
      // seed: 2 < … < sides < 1; openspiel and plain: 1 < … < sides
      this.rankFace[b] = variant === 'seed' ? (r === sides - 1 ? 1 : r + 2) : r + 1;
      if (this.rankFace[b] === 1) ones |= 1 << b;
    }
    this.onesMask = ones;
    const mk = (p: number, wildActive: boolean): Int32Array => {
      const H = this.H[p];
      const t = new Int32Array((sides + 1) * H);
      this.hands[p].forEach((hand, h) => {
        for (let f = 1; f <= sides; f++) {
          let m = 0;
          for (const x of hand) {
            if (x === f) m++;
            else if (variant === 'seed' && wildActive && x === 1) m++;
            else if (variant === 'openspiel' && x === sides) m++;
          }
          t[f * H + h] = m;
        }
      });
      return t;
    };
    this.matches = [[mk(0, false), mk(0, true)], [mk(1, false), mk(1, true)]];
    const masks = 2 ** this.B;
    this.off = new Int32Array(masks);
    let total = 0;
    for (let m = 0; m < masks; m++) {
      this.off[m] = total;
      const top = m === 0 ? -1 : 31 - Math.clz32(m);
      total += (m === 0 ? 0 : 1) + this.B - 1 - top;
    }
    this.actionSlots = total;
    const store = (k: number): Store => {
      const given = options.shared?.[k];
      if (given) return precision === 'float32' ? new Float32Array(given) : new Float64Array(given);
      const n = total * this.Hmax;
      return precision === 'float32' ? new Float32Array(sharedBytes(4 * n)) : new Float64Array(sharedBytes(8 * n));
    };
    this.reg = store(0);
    this.avg = store(1);
    this.pred = this.schedule.predict ? store(2) : null;
    this.tasks = subtreeTasks(this.B, this.Hmax, options.tasks);
    const A = this.B + 1;
    const buf = (n: number) => Array.from({ length: this.B + 2 }, () => new Float64Array(n));
    this.rI = buf(this.Hmax);
    this.rO = buf(this.Hmax);
    this.val = buf(this.Hmax);
    this.sig = buf(A * this.Hmax);
    this.vch = buf(A * this.Hmax);
    this.bucket = new Float64Array(8);
    this.tmp = buf(this.Hmax);
  }

  /** Values for player i's hands when the player to move at `mask` calls the last bid (rank top). */
  private terminal(mask: number, top: number, depth: number, i: number, rOpp: Float64Array, out: Float64Array, off: number): void {
    const caller = depth & 1, o = 1 - i;
    const q = this.rankCount[top], f = this.rankFace[top];
    const wildActive = this.variant === 'seed' && (mask & this.onesMask) === 0 ? 1 : 0;
    const mo = this.matches[o][wildActive], mi = this.matches[i][wildActive];
    const Ho = this.H[o], Hi = this.H[i];
    const bucket = this.bucket;
    bucket.fill(0);
    let total = 0;
    for (let h = 0; h < Ho; h++) {
      const r = rOpp[h];
      bucket[mo[f * Ho + h]] += r;
      total += r;
    }
    // cumulative from the top: bucket[c] = reach of opponent hands with ≥ c matches
    for (let c = bucket.length - 2; c >= 0; c--) bucket[c] += bucket[c + 1];
    const s = i === caller ? -1 : 1;
    for (let h = 0; h < Hi; h++) {
      const need = q - mi[f * Hi + h];
      const tr = need <= 0 ? total : need >= bucket.length ? 0 : bucket[need];
      out[off + h] = s * (2 * tr - total);
    }
  }

  /** One CFR+ pass for traverser i; fills val[depth]. */
  private cfr(mask: number, top: number, depth: number, i: number, weight: number): void {
    const p = depth & 1, Hp = this.H[p], Hi = this.H[i], Ho = this.H[1 - i], Hm = this.Hmax, B = this.B;
    const sig = this.sig[depth], vch = this.vch[depth], v = this.val[depth];
    const rI = this.rI[depth], rO = this.rO[depth];
    const nBids = B - 1 - top, hasLiar = depth > 0 ? 1 : 0, nA = nBids + hasLiar;
    const reg = this.reg, base = this.off[mask] * Hm, sum = this.tmp[depth];
    // Nobody reaches this history (both reach vectors zero): every value below is 0, no regret
    // changes and nothing is added to the averages, so the subtree can be skipped exactly.
    let any = 0;
    for (let h = 0; h < Hi && any === 0; h++) if (rI[h] !== 0) any = 1;
    for (let h = 0; h < Ho && any === 0; h++) if (rO[h] !== 0) any = 1;
    if (any === 0) {
      for (let h = 0; h < Hi; h++) v[h] = 0;
      return;
    }
    if (depth === SPLIT_DEPTH && this.split !== SPLIT_NONE) {
      this.splitTask(mask, top, Hi, Ho, rI, rO, v);
      return;
    }
    // current strategy (regret matching+); action 0 = liar if available, then bids top+1…
    const { clip } = this.schedule, pred = this.pred;
    if (clip && pred === null) normalizeInto(reg, base, nA, Hm, Hp, sum, sig);
    else normalizePositiveInto(reg, this.pred, base, nA, Hm, Hp, sum, sig);
    for (let h = 0; h < Hi; h++) v[h] = 0;
    const nI = this.rI[depth + 1], nO = this.rO[depth + 1], cv = this.val[depth + 1];
    for (let a = 0; a < nA; a++) {
      const off = a * Hm;
      if (hasLiar && a === 0) {
        if (p === i) this.terminal(mask, top, depth, i, rO, vch, off);
        else {
          for (let h = 0; h < Ho; h++) nO[h] = rO[h] * sig[off + h];
          this.terminal(mask, top, depth, i, nO, vch, off);
        }
      } else {
        const b = top + 1 + a - hasLiar;
        if (p === i) {
          for (let h = 0; h < Hi; h++) nI[h] = rI[h] * sig[off + h];
          for (let h = 0; h < Ho; h++) nO[h] = rO[h];
        } else {
          for (let h = 0; h < Hi; h++) nI[h] = rI[h];
          for (let h = 0; h < Ho; h++) nO[h] = rO[h] * sig[off + h];
        }
        this.cfr(mask | (1 << b), b, depth + 1, i, weight);
        for (let h = 0; h < Hi; h++) vch[off + h] = cv[h];
      }
      if (p === i) for (let h = 0; h < Hi; h++) v[h] += sig[off + h] * vch[off + h];
      else for (let h = 0; h < Hi; h++) v[h] += vch[off + h];
    }
    // collecting, the children's values are not known yet: the update waits for the replay
    if (p !== i || this.split === SPLIT_COLLECT) return;
    const avg = this.avg;
    const pd = this.posDiscount;
    // pd = 1 (no discount) multiplies exactly: cfr+ and pcfr+ compute what they did before schedules
    if (clip && pred === null) {
      for (let a = 0; a < nA; a++) {
        const off = a * Hm, o = base + off;
        for (let h = 0; h < Hi; h++) {
          const r = reg[o + h] * pd + vch[off + h] - v[h];
          reg[o + h] = r > 0 ? r : 0;
          avg[o + h] += weight * rI[h] * sig[off + h];
        }
      }
    } else if (clip) {
      for (let a = 0; a < nA; a++) {
        const off = a * Hm, o = base + off;
        for (let h = 0; h < Hi; h++) {
          const d = vch[off + h] - v[h], r = reg[o + h] * pd + d;
          reg[o + h] = r > 0 ? r : 0;
          pred![o + h] = d;
          avg[o + h] += weight * rI[h] * sig[off + h];
        }
      }
    } else {
      const nd = this.negDiscount;
      for (let a = 0; a < nA; a++) {
        const off = a * Hm, o = base + off;
        for (let h = 0; h < Hi; h++) {
          const r0 = reg[o + h];
          reg[o + h] = r0 * (r0 > 0 ? pd : nd) + vch[off + h] - v[h];
          avg[o + h] += weight * rI[h] * sig[off + h];
        }
      }
    }
  }

  /**
   * A subtree at SPLIT_DEPTH of a pass the threads share, for cfr() and evaluate(): collecting, its
   * reach vectors go out to a task (`rI` null: evaluate() has no traverser reach) and its values
   * are 0 for now; replaying, its values come back from the task.
   */
  private splitTask(mask: number, top: number, Hi: number, Ho: number, rI: Float64Array | null, rO: Float64Array, v: Float64Array): void {
    const Hm = this.Hmax, k = this.tasks.count++, o = k * 3 * Hm, tb = this.tasks.vectors;
    if (this.split === SPLIT_COLLECT) {
      this.tasks.meta[2 * k] = mask;
      this.tasks.meta[2 * k + 1] = top;
      if (rI !== null) for (let h = 0; h < Hm; h++) tb[o + h] = h < Hi ? rI[h] : 0;
      for (let h = 0; h < Hm; h++) tb[o + Hm + h] = h < Ho ? rO[h] : 0;
      for (let h = 0; h < Hi; h++) v[h] = 0;
    } else for (let h = 0; h < Hi; h++) v[h] = tb[o + 2 * Hm + h];
  }

  /** Sets iteration t's regret discounts; returns its average weight t^γ. */
  beginIteration(t: number): number {
    // discounts of the regrets accumulated before iteration t (applied at each update)
    const { alpha, beta, gamma } = this.schedule;
    const discount = (e: number) => {
      if (e === Infinity) return 1;
      if (t === 1) return 0;
      const x = Math.pow(t - 1, e);
      return x / (x + 1);
    };
    this.posDiscount = discount(alpha);
    this.negDiscount = discount(beta);
    return gamma === 1 ? t : gamma === 2 ? t * t : Math.pow(t, gamma);
  }

  /**
   * Run n more iterations (each: player 0 then player 1). With threads, each pass is split at
   * depth SPLIT_DEPTH: the top of the tree is walked once to collect the subtrees' reach vectors
   * (no updates), the threads take the disjoint subtrees in any order, and a second walk of the top
   * uses their values and updates it. Every number is computed as by one thread, so results are
   * bit-identical for any thread count.
   */
  iterate(n: number): void {
    for (let k = 0; k < n; k++) {
      const t = ++this.iterations;
      const weight = this.beginIteration(t);
      for (let i = 0; i < 2; i++) {
        const Hi = this.H[i], Ho = this.H[1 - i];
        const root = () => {
          for (let h = 0; h < Hi; h++) this.rI[0][h] = 1;
          for (let h = 0; h < Ho; h++) this.rO[0][h] = this.weights[1 - i][h];
          this.tasks.count = 0;
          this.cfr(0, -1, 0, i, weight);
        };
        if (!this.pool) { root(); continue; }
        this.split = SPLIT_COLLECT;
        root();
        this.split = SPLIT_NONE;
        this.pool.run(this, this.tasks.count, i, t);
        this.split = SPLIT_REPLAY;
        root();
        this.split = SPLIT_NONE;
      }
    }
  }

  /** The worker threads' job: `job` (as runTask's) at iteration t, subtree task by task. */
  beginJob(job: number, t: number): (k: number) => void {
    const weight = this.beginIteration(t);
    return (k) => this.runTask(k, job, weight);
  }

  /**
   * Subtree task k (collected at SPLIT_DEPTH), its values for player i into the task's slot: job =
   * i for a CFR pass, i + JOB_VALUE / JOB_BEST for the average profile's values / best responses.
   */
  runTask(k: number, job: number, weight: number): void {
    const d = SPLIT_DEPTH, Hm = this.Hmax, o = k * 3 * Hm, tb = this.tasks.vectors, i = job & 1;
    const rI = this.rI[d], rO = this.rO[d], v = this.val[d];
    for (let h = 0; h < Hm; h++) { rI[h] = tb[o + h]; rO[h] = tb[o + Hm + h]; }
    const mask = this.tasks.meta[2 * k], top = this.tasks.meta[2 * k + 1];
    if (job < JOB_VALUE) this.cfr(mask, top, d, i, weight);
    else this.evaluate(mask, top, d, i, (job & JOB_BEST) !== 0, Math.floor(job / JOB_CURRENT));
    for (let h = 0; h < this.H[i]; h++) tb[o + 2 * Hm + h] = v[h];
  }

  /** Threads that share the stores (threads − 1 workers beside this one); 1 = none. */
  useThreads(threads: number): void {
    this.close();
    if (threads <= 1) return;
    const options: SolverOptions = { algorithm: this.algorithm, schedule: this.schedule, precision: this.precision, shared: this.sharedBuffers(), tasks: [this.tasks.meta.buffer as SharedArrayBuffer, this.tasks.vectors.buffer as SharedArrayBuffer] };
    this.pool = new ThreadPool(new URL('./exact-cfr-worker.js', import.meta.url), { config: this.config, options }, threads - 1);
  }

  /** Stops the worker threads, if any. */
  close(): void {
    this.pool?.close();
    this.pool = null;
  }

  /** The stores' buffers, for a worker's solver of the same config and options. */
  sharedBuffers(): SharedArrayBuffer[] {
    return [this.reg, this.avg, ...(this.pred ? [this.pred] : [])].map((a) => a.buffer as SharedArrayBuffer);
  }

  /**
   * Solved-strategy probabilities at (mask, hand) of the player to move, into out[0…] (liar first if
   * any): its average strategy, or its current one if chooseProfile() found that better.
   */
  averageAt(mask: number, top: number, depth: number, h: number, out: Float64Array): number {
    const Hm = this.Hmax, n = (depth > 0 ? 1 : 0) + this.B - 1 - top, base = this.off[mask] * Hm + h;
    const useCurrent = ((this.current >> (depth & 1)) & 1) !== 0, pred = this.pred;
    let sum = 0;
    for (let a = 0; a < n; a++) {
      const o = base + a * Hm;
      if (!useCurrent) out[a] = this.avg[o];
      else {
        // as normalizePositiveInto
        const x = pred === null ? this.reg[o] : this.reg[o] + pred[o];
        out[a] = x > 0 ? x : 0;
      }
      sum += out[a];
    }
    for (let a = 0; a < n; a++) out[a] = sum > 0 ? out[a] / sum : 1 / n;
    return n;
  }

  /**
   * Values of player i's hands (not weighted by their own chance) against the opponent's solved
   * strategy: best response if `best`, else following i's own. Player p's strategy is its current
   * one (the last iterate) if bit p of `current` is set, else its average. Its walk over the actions
   * is cfr()'s written again on purpose: both are the solver's hot loops, and one walk shared by
   * them would test which of the two it is doing inside its per-hand loops.
   */
  private evaluate(mask: number, top: number, depth: number, i: number, best: boolean, current = this.current): void {
    const p = depth & 1, Hp = this.H[p], Hi = this.H[i], Ho = this.H[1 - i], Hm = this.Hmax, B = this.B;
    const sig = this.sig[depth], v = this.val[depth], rO = this.rO[depth];
    const nBids = B - 1 - top, hasLiar = depth > 0 ? 1 : 0, nA = nBids + hasLiar;
    // The opponent never reaches this history: every value below is 0 (for a best response too).
    let any = 0;
    for (let h = 0; h < Ho && any === 0; h++) if (rO[h] !== 0) any = 1;
    if (any === 0) {
      for (let h = 0; h < Hi; h++) v[h] = 0;
      return;
    }
    if (depth === SPLIT_DEPTH && this.split !== SPLIT_NONE) {
      this.splitTask(mask, top, Hi, Ho, null, rO, v);
      return;
    }
    const base = this.off[mask] * Hm, sum = this.tmp[depth];
    if (((current >> p) & 1) === 0) normalizeInto(this.avg, base, nA, Hm, Hp, sum, sig);
    else if (this.schedule.clip && this.pred === null) normalizeInto(this.reg, base, nA, Hm, Hp, sum, sig);
    else normalizePositiveInto(this.reg, this.pred, base, nA, Hm, Hp, sum, sig);
    for (let h = 0; h < Hi; h++) v[h] = p === i && best ? -Infinity : 0;
    const vch = this.vch[depth], nO = this.rO[depth + 1], cv = this.val[depth + 1];
    for (let a = 0; a < nA; a++) {
      const off = a * Hm;
      if (hasLiar && a === 0) {
        if (p === i) this.terminal(mask, top, depth, i, rO, vch, off);
        else {
          for (let h = 0; h < Ho; h++) nO[h] = rO[h] * sig[off + h];
          this.terminal(mask, top, depth, i, nO, vch, off);
        }
      } else {
        const b = top + 1 + a - hasLiar;
        if (p === i) for (let h = 0; h < Ho; h++) nO[h] = rO[h];
        else for (let h = 0; h < Ho; h++) nO[h] = rO[h] * sig[off + h];
        this.evaluate(mask | (1 << b), b, depth + 1, i, best, current);
        for (let h = 0; h < Hi; h++) vch[off + h] = cv[h];
      }
      if (p !== i) for (let h = 0; h < Hi; h++) v[h] += vch[off + h];
      else if (best) for (let h = 0; h < Hi; h++) { if (vch[off + h] > v[h]) v[h] = vch[off + h]; }
      else for (let h = 0; h < Hi; h++) v[h] += sig[off + h] * vch[off + h];
    }
  }

  private rootValue(i: number, best: boolean, current: number): number {
    const Ho = this.H[1 - i];
    const root = () => {
      for (let h = 0; h < Ho; h++) this.rO[0][h] = this.weights[1 - i][h];
      this.tasks.count = 0;
      this.evaluate(0, -1, 0, i, best, current);
    };
    if (this.pool) {
      // split as in iterate(): collect the subtrees, the threads evaluate them, replay the top
      this.split = SPLIT_COLLECT;
      root();
      this.split = SPLIT_NONE;
      this.pool.run(this, this.tasks.count, i + (best ? JOB_BEST : JOB_VALUE) + current * JOB_CURRENT, this.iterations);
      this.split = SPLIT_REPLAY;
    }
    root();
    this.split = SPLIT_NONE;
    let s = 0;
    for (let h = 0; h < this.H[i]; h++) s += this.weights[i][h] * this.val[0][h];
    return s;
  }

  /** The opener's expected payoff (±1 per round) when both play their solved strategies (`current`: as in evaluate). */
  value0(current = this.current): number {
    return this.rootValue(0, false, current);
  }

  /** Best-response values and exploitability (NashConv / 2, as OpenSpiel defines it) of the solved profile (`current`: as in evaluate). */
  exploitability(current = this.current): Exploitability {
    const br0 = this.rootValue(0, true, current), br1 = this.rootValue(1, true, current);
    const nashConv = br0 + br1;
    return { br0, br1, nashConv, exploitability: nashConv / 2 };
  }

  /**
   * Makes each player's solved strategy the better of its average and its current strategy (the
   * last iterate), the one the other's best response wins less against, and returns the chosen
   * profile's exploitability. Either is a strategy, so the best responses certify the choice as they
   * certify the average; the predictive algorithms' last iterates are often far closer (exact, at
   * some sizes). Further iterations keep the choice until it is made again.
   */
  chooseProfile(): Exploitability {
    // br0 depends only on player 1's strategy, br1 only on player 0's
    const br0avg = this.rootValue(0, true, 0), br0cur = this.rootValue(0, true, 2);
    const br1avg = this.rootValue(1, true, 0), br1cur = this.rootValue(1, true, 1);
    this.current = (br1cur < br1avg ? 1 : 0) | (br0cur < br0avg ? 2 : 0);
    const br0 = Math.min(br0avg, br0cur), br1 = Math.min(br1avg, br1cur), nashConv = br0 + br1;
    return { br0, br1, nashConv, exploitability: nashConv / 2 };
  }

  /** Players whose solved strategy is their current one (bit p), as chooseProfile() left it; 0 = both averages. */
  get currentPlayers(): number {
    return this.current;
  }

  /**
   * Values of each action of player i, who is to move at history `mask`, for each of i's hands,
   * against the other player's average strategy: `reachOpp` is the other's reach at `mask` (each of
   * its hands' chance times the probability its average strategy made its bids so far), and i plays
   * the rest of the round as a best response (`best`) or by its own average strategy. Not
   * normalised (divide by Σ reachOpp for expectations). out[a · H[i] + h], actions in the solver's
   * order (liar first when there is a bid, then bids top+1…); returns their number.
   */
  actionValues(mask: number, i: number, reachOpp: ArrayLike<number>, best: boolean, out: Float64Array): number {
    let depth = 0;
    for (let m = mask; m !== 0; m &= m - 1) depth++;
    if ((depth & 1) !== i) throw new Error(`actionValues: player ${1 - i} moves at history ${mask}, not ${i}`);
    const top = mask === 0 ? -1 : 31 - Math.clz32(mask);
    const hasLiar = depth > 0 ? 1 : 0, nA = hasLiar + this.B - 1 - top, Hi = this.H[i], Ho = this.H[1 - i];
    const rO = this.rO[depth], nO = this.rO[depth + 1], vch = this.vch[depth], cv = this.val[depth + 1];
    for (let h = 0; h < Ho; h++) rO[h] = reachOpp[h];
    for (let a = 0; a < nA; a++) {
      if (hasLiar && a === 0) {
        this.terminal(mask, top, depth, i, rO, vch, 0);
        for (let h = 0; h < Hi; h++) out[h] = vch[h];
        continue;
      }
      const b = top + 1 + a - hasLiar;
      for (let h = 0; h < Ho; h++) nO[h] = rO[h];
      this.evaluate(mask | (1 << b), b, depth + 1, i, best);
      for (let h = 0; h < Hi; h++) out[a * Hi + h] = cv[h];
    }
    return nA;
  }

  /** Dice of player p's hand h that count for `face` at history `mask` (wild 1s end once 1s are bid, in the seed variant). */
  matching(p: number, mask: number, face: number, h: number): number {
    const wildActive = this.variant === 'seed' && (mask & this.onesMask) === 0 ? 1 : 0;
    return this.matches[p][wildActive][face * this.H[p] + h];
  }

  /** Hand index of sorted dice for player p (−1 if none). */
  handIndex(p: number, dice: readonly number[]): number {
    const key = [...dice].sort((a, b) => a - b).join(',');
    return this.hands[p].findIndex((h) => h.join(',') === key);
  }

  bidLabel(b: number): string {
    return `${this.rankCount[b]}x${this.rankFace[b]}`;
  }
}

export interface SolveOptions extends SolverConfig {
  algorithm?: Algorithm;
  precision?: Precision;
  /** threads sharing each pass (1 = this one only); results are the same for any count */
  threads?: number;
  /** a time budget: stop iterating in time for a last exploitability measurement to end within it */
  maxSeconds?: number;
  /** iterations grow by this factor from one exploitability checkpoint to the next (default 1.25) */
  checkpointGrowth?: number;
  /** stop when exploitability ≤ this (checked at checkpoints) */
  target: number;
  maxIterations: number;
  /**
   * Continue a saved solve (liars solve --checkpoint): its checkpoints so far, and a function that
   * fills the new solver's stores and iteration count. The iterates are the same, bit for bit, as
   * one solve's without the stop (and so is its result at the same iteration).
   */
  resume?: { convergence: readonly ConvergencePoint[]; load(solver: LiarsSolver): void };
  /** after every iteration: the iterations done and this run's seconds (for progress lines in a log) */
  onIteration?: (iterations: number, seconds: number) => void;
}

export interface OpeningRow {
  hand: string;
  bid: string;
  probability: number;
}

export interface SolveResult {
  variant: Variant;
  dice: [number, number];
  sides: number;
  bids: number;
  publicHistories: number;
  iterations: number;
  seconds: number;
  value0: number;
  br0: number;
  br1: number;
  nashConv: number;
  exploitability: number;
  target: number;
  converged: boolean;
  convergence: ConvergencePoint[];
  opening: OpeningRow[];
}

/**
 * Solve to `target` exploitability (checkpoints at ×1.25 steps), or stop at maxIterations.
 * onCheckpoint also gets the solver and the checkpoints so far (to save the state between them).
 */
export function solve(o: SolveOptions, onCheckpoint?: (p: ConvergencePoint, solver: LiarsSolver, convergence: readonly ConvergencePoint[]) => void): { solver: LiarsSolver; result: SolveResult } {
  const cfg: SolverConfig = { variant: o.variant, dice: o.dice, sides: o.sides };
  const gamma = SCHEDULES[o.algorithm ?? 'cfr+'].gamma;
  // an average's sums reach Σ t^γ ≈ T^(γ+1)/(γ+1), beyond float32's 3.4e38 for pcfr+last past ~3.5e6 iterations
  if (o.precision === 'float32' && Math.pow(o.maxIterations, gamma + 1) / (gamma + 1) > 1e38) {
    throw new UserError(`--max-iterations ${o.maxIterations} with --precision float32 and --algorithm ${o.algorithm}: averages weighted t^${gamma} overflow float32 past ${Math.floor(Math.pow(1e38 * (gamma + 1), 1 / (gamma + 1)))} iterations; use float64 or fewer iterations`);
  }
  const solver = new LiarsSolver(cfg, { algorithm: o.algorithm, precision: o.precision });
  const convergence: ConvergencePoint[] = [...(o.resume?.convergence ?? [])];
  const before = convergence.length > 0 ? convergence[convergence.length - 1] : undefined;
  if (o.resume) o.resume.load(solver);
  solver.useThreads(o.threads ?? 1);
  // performance.now, not process.hrtime: the workbench solves in the browser too
  const t0 = performance.now();
  const secs = () => (performance.now() - t0) / 1e3;
  // seconds count on from a resumed solve's; --max-minutes limits this run
  const total = () => (before?.seconds ?? 0) + secs();
  const grow = (t: number) => Math.min(o.maxIterations, Math.max(t + 1, Math.ceil(t * (o.checkpointGrowth ?? 1.25))));
  // a resumed solve goes on to the checkpoint after its last, or measures its last again if that one already stops
  let next = before === undefined ? 1 : before.exploitability <= o.target || before.iteration >= o.maxIterations ? before.iteration : grow(before.iteration);
  // every checkpoint (the first after one iteration) measures exploitability once; the last one is the result's
  let ex: Exploitability;
  // maxSeconds is a budget, not a hint: iterations stop early enough for one more measurement (as
  // long as the last one) to end within it, so a late checkpoint ×1.25 away cannot overrun it by half
  const limit = o.maxSeconds ?? Infinity, first = solver.iterations;
  let measuring = 0, timeUp = false;
  for (;;) {
    while (solver.iterations < next) {
      if (solver.iterations > first && secs() + measuring >= limit) { timeUp = true; break; }
      solver.iterate(1);
      o.onIteration?.(solver.iterations, secs());
    }
    const m0 = secs();
    ex = solver.schedule.lastIterate ? solver.chooseProfile() : solver.exploitability();
    const pt = { iteration: solver.iterations, exploitability: ex.exploitability, value0: solver.value0(), seconds: total() };
    measuring = secs() - m0;
    if (pt.iteration === before?.iteration) convergence[convergence.length - 1] = { ...pt, seconds: before.seconds };
    else convergence.push(pt);
    onCheckpoint?.(pt, solver, convergence);
    if (ex.exploitability <= o.target || solver.iterations >= o.maxIterations || timeUp || secs() >= limit) break;
    next = grow(solver.iterations);
  }
  solver.close();
  const seconds = total();
  const opening: OpeningRow[] = [];
  const out = new Float64Array(solver.B + 1);
  solver.hands[0].forEach((hand, h) => {
    solver.averageAt(0, -1, 0, h, out);
    for (let b = 0; b < solver.B; b++) opening.push({ hand: hand.join(''), bid: solver.bidLabel(b), probability: out[b] });
  });
  const last = convergence[convergence.length - 1];
  return {
    solver,
    result: {
      variant: o.variant, dice: o.dice, sides: o.sides, bids: solver.B, publicHistories: 2 ** solver.B,
      iterations: solver.iterations, seconds, value0: last.value0, br0: ex.br0, br1: ex.br1, nashConv: ex.nashConv,
      exploitability: ex.exploitability, target: o.target, converged: ex.exploitability <= o.target, convergence, opening,
    },
  };
}

import type { SichuanRules } from './rules.js';
import { parsePosition, type HandSpec, type Position } from './hand.js';
import { IncrementalShanten } from './suit-keys.js';
import { Valuer } from './value.js';
import { KINDS, SUIT_LETTERS, handText, kindName, meldText } from './tiles.js';
import { UserError } from '../../core/errors.js';

/**
 * The discard advisor: for each discard of a 14-tile hand, the chance of being ready and of
 * winning within N own draws and the expected points, computed exactly under this model
 * (docs/rules/sichuan-mahjong.md, "The discard advisor"):
 *
 * - solitaire: only the player's own draws; no calls, no other winners, no discards won;
 * - each draw is uniform over the live tiles: live(k) = copies not seen at the start (not in the
 *   hand, the sets or --seen) minus the copies the player has kept beyond the starting hand;
 *   a tile drawn and thrown away at once does not deplete the wall;
 * - the player keeps a draw only when it lowers the shanten, then discards the tile that is best
 *   for the objective among those keeping the lower shanten (void-suit tiles first); otherwise the
 *   drawn tile goes at once. A ready hand keeps its waits and wins on any winning tile.
 *   This is the policy class of the riichi "what to discard" calculators; sideways moves and
 *   breaking a ready hand are not considered, so the figures are those of the best such policy;
 * - a win is a self-draw: each of the three opponents pays the hand's value (fan of the rules,
 *   capped) plus the self-draw bonus.
 *
 * Because the hand changes only when its shanten drops, the states form a DAG by shanten and
 * each state's values for all draw counts d = 0..N come out of one pass over its improving
 * draws (memoised by hand). From 4+ away from ready (shanten ≥ 4 after the discard) the exact
 * computation grows too large; there the follow-up discards are limited to the `beam` best by
 * live improving tiles at every step — a restriction of the policy, so every figure then is a
 * lower bound of the exact one (labelled `approximate` in the output).
 */

export type Objective = 'win' | 'points';

export interface AdvisorOptions {
  draws: number;
  objective: Objective;
  /** follow-up discards followed per step when shanten ≥ 4 (lower-bound approximation) */
  beam?: number;
}

export interface AdvisedDiscard {
  discard: string;
  shanten: number;
  /** live tiles that lower the shanten (or win, when ready) after this discard */
  improvingTiles: number;
  improving: string[];
  pReady: number;
  pWin: number;
  expectedPoints: number;
  /** true when the lower-bound approximation was used for this discard */
  approximate: boolean;
}

export interface AdvisorResult {
  hand: string;
  melds: string[];
  void: string;
  voidInferred: boolean;
  draws: number;
  objective: Objective;
  model: string;
  discards: AdvisedDiscard[];
  states: number;
  seconds: number;
}

/** Own draws left in a deal from the start: the 55 tiles left after the deal, shared by four players. */
export const DEFAULT_DRAWS = Math.floor((108 - 4 * 13 - 1) / 4);
export const EXACT_MAX_SHANTEN = 3;
export const DEFAULT_BEAM = 2;

interface StateValue { ready: Float64Array; win: Float64Array; points: Float64Array }

/** One advisor run over a position: states memoised by their concealed counts. */
export class Advisor {
  private readonly memo = new Map<string, StateValue>();
  private readonly inc = new IncrementalShanten();
  private readonly valuer: Valuer;
  private readonly h: Uint8Array;
  private readonly start: Uint8Array;
  private readonly nm: number;
  private readonly sets: number;
  private readonly v: number;
  private beamLimit = 0;
  readonly N: number;

  constructor(private readonly pos: Position, private readonly rules: SichuanRules, private readonly objective: Objective, draws: number) {
    this.valuer = new Valuer(rules);
    this.h = Uint8Array.from(pos.counts);
    this.start = Uint8Array.from(pos.counts);
    this.nm = pos.melds.length;
    this.sets = 4 - this.nm;
    this.v = pos.voidSuit;
    this.N = draws;
  }

  get states(): number { return this.memo.size; }

  /** live copies of kind k for the current hand h */
  live(h: ArrayLike<number>, k: number): number {
    const extra = h[k] - this.start[k];
    return this.pos.live[k] - (extra > 0 ? extra : 0);
  }

  /** distance (shanten + 1) of a waiting-form hand, seven pairs only when allowed */
  dist(h: ArrayLike<number>): number {
    this.inc.set(h);
    return this.distInc();
  }

  private distInc(): number {
    if (this.nm > 0 || !this.rules.sevenPairsAllowed) return this.inc.standardDistance(this.sets, this.v);
    return this.inc.shanten(0, this.v) + 1;
  }

  private holdsVoid(h: ArrayLike<number>): boolean {
    for (let r = 0; r < 9; r++) if (h[this.v * 9 + r]) return true;
    return false;
  }

  /** Points of a self-drawn win on hand h (14 − 3·sets tiles), 0 if it is not a win. */
  winPoints(h: Uint8Array): number {
    if (this.holdsVoid(h)) return 0;
    this.inc.set(h);
    const d = this.nm > 0 || !this.rules.sevenPairsAllowed ? this.inc.standardDistance(this.sets, this.v) : this.inc.shanten(0, this.v) + 1;
    if (d !== 0) return 0;
    const base = this.valuer.evaluate(h, this.pos.meldKinds, this.pos.meldSizes, this.nm, this.v, 0);
    return base > 0 ? 3 * this.valuer.selfDrawPayment(base) : 0;
  }

  /** Values of the waiting-form hand now in this.h (memoised). */
  value(): StateValue {
    const h = this.h;
    let key = '';
    for (let k = 0; k < KINDS; k++) key += String.fromCharCode(48 + h[k]);
    const got = this.memo.get(key);
    if (got) return got;
    const N = this.N;
    const out: StateValue = { ready: new Float64Array(N + 1), win: new Float64Array(N + 1), points: new Float64Array(N + 1) };
    const D = this.dist(h);
    let W = 0;
    for (let k = 0; k < KINDS; k++) W += this.live(h, k);
    if (W === 0) { this.memo.set(key, out); return out; }
    if (D === 1) {
      // ready: the waits do not change; any winning tile wins
      let q = 0, pts = 0;
      for (let k = 0; k < KINDS; k++) {
        const l = this.live(h, k);
        if (l === 0 || ((k / 9) | 0) === this.v) continue;
        h[k]++;
        const p = this.winPoints(h);
        h[k]--;
        if (p > 0) { q += l / W; pts += (l / W) * p; }
      }
      let miss = 1;
      out.ready[0] = 1;
      for (let d = 1; d <= N; d++) {
        miss *= 1 - q;
        out.ready[d] = 1;
        out.win[d] = 1 - miss;
        out.points[d] = q > 0 ? (pts / q) * (1 - miss) : 0;
      }
      this.memo.set(key, out);
      return out;
    }
    // improving draws: kept, then the best discard (for the objective) keeping distance D − 1
    const branches: { p: number; next: StateValue[] }[] = [];
    for (let k = 0; k < KINDS; k++) {
      if (((k / 9) | 0) === this.v) continue;
      const l = this.live(h, k);
      if (l === 0 || h[k] >= 4) continue;
      h[k]++;
      // one tile in, one out: the incremental form updates one suit per step
      this.inc.set(h);
      const mustVoid = this.holdsVoid(h);
      const cands: number[] = [];
      for (let j = 0; j < KINDS; j++) {
        if (!h[j] || j === k) continue;
        if (mustVoid && ((j / 9) | 0) !== this.v) continue;
        this.inc.remove(j);
        if (this.distInc() === D - 1) cands.push(j);
        this.inc.add(j);
      }
      const scores: number[] = [];
      if (this.beamLimit && cands.length > this.beamLimit) {
        for (const j of cands) { h[j]--; scores.push(this.improvingCount(h, D - 1)); h[j]++; }
      }
      if (cands.length) {
        let order = cands.map((_, i) => i);
        if (this.beamLimit && cands.length > this.beamLimit) order = order.sort((a, b) => scores[b] - scores[a]).slice(0, this.beamLimit);
        const next: StateValue[] = [];
        for (const i of order) {
          const j = cands[i];
          h[j]--;
          next.push(this.value());
          h[j]++;
        }
        branches.push({ p: l / W, next });
      }
      h[k]--;
    }
    let pImp = 0;
    for (const b of branches) pImp += b.p;
    const first = this.objective === 'win' ? 'win' : 'points';
    const second = this.objective === 'win' ? 'points' : 'win';
    for (let d = 1; d <= N; d++) {
      let r = (1 - pImp) * out.ready[d - 1], w = (1 - pImp) * out.win[d - 1], pt = (1 - pImp) * out.points[d - 1];
      for (const b of branches) {
        let best = b.next[0];
        for (let i = 1; i < b.next.length; i++) {
          const x = b.next[i];
          const dv = x[first][d - 1] - best[first][d - 1];
          if (dv > 1e-15 || (dv > -1e-15 && x[second][d - 1] > best[second][d - 1] + 1e-15)) best = x;
        }
        r += b.p * best.ready[d - 1];
        w += b.p * best.win[d - 1];
        pt += b.p * best.points[d - 1];
      }
      out.ready[d] = r; out.win[d] = w; out.points[d] = pt;
    }
    this.memo.set(key, out);
    return out;
  }

  /**
   * Whether drawing kind k into waiting-form hand h (distance D) improves it: wins at D = 1, else
   * some discard leaves distance D − 1. h is restored before returning.
   */
  private improves(h: Uint8Array, k: number, D: number): boolean {
    h[k]++;
    let ok = false;
    if (D === 1) ok = this.winPoints(h) > 0;
    else {
      for (let j = 0; j < KINDS && !ok; j++) {
        if (!h[j]) continue;
        h[j]--;
        if (this.dist(h) === D - 1) ok = true;
        h[j]++;
      }
    }
    h[k]--;
    return ok;
  }

  /** live tiles that lower the distance of the waiting-form hand h (distance D) */
  improvingCount(h: Uint8Array, D: number): number {
    let n = 0;
    for (let k = 0; k < KINDS; k++) {
      if (((k / 9) | 0) === this.v || h[k] >= 4) continue;
      const l = this.live(h, k);
      if (l && this.improves(h, k, D)) n += l;
    }
    return n;
  }

  /** improving (or winning) kinds of waiting-form hand h */
  improvingKinds(h: Uint8Array, D: number): number[] {
    const out: number[] = [];
    for (let k = 0; k < KINDS; k++) {
      if (((k / 9) | 0) === this.v || h[k] >= 4 || !this.live(h, k)) continue;
      if (this.improves(h, k, D)) out.push(k);
    }
    return out;
  }

  /**
   * The model's choice after drawing k into waiting-form hand h with d draws left after this one:
   * the discard (kind) the value recursion takes, or −1 when the draw is thrown away (or wins).
   * Used by the Monte Carlo check of the same model.
   */
  choose(h: Uint8Array, k: number, dLeft: number): number {
    const D = this.dist(h);
    if (D <= 1) return -1;
    h[k]++;
    const mustVoid = this.holdsVoid(h);
    let bestJ = -1, best: StateValue | null = null;
    const first = this.objective === 'win' ? 'win' : 'points';
    const second = this.objective === 'win' ? 'points' : 'win';
    for (let j = 0; j < KINDS; j++) {
      if (!h[j] || j === k) continue;
      if (mustVoid && ((j / 9) | 0) !== this.v) continue;
      h[j]--;
      if (this.dist(h) === D - 1) {
        const saved = Uint8Array.from(this.h);
        this.h.set(h);
        const x = this.value();
        this.h.set(saved);
        if (best === null) { best = x; bestJ = j; } else {
          const dv = x[first][dLeft] - best[first][dLeft];
          if (dv > 1e-15 || (dv > -1e-15 && x[second][dLeft] > best[second][dLeft] + 1e-15)) { best = x; bestJ = j; }
        }
      }
      h[j]++;
    }
    h[k]--;
    return bestJ;
  }

  /** Evaluate the waiting-form hand h (13 − 3·sets tiles); `beam` > 0 limits follow-up discards. */
  evaluate(h: Uint8Array, beam: number): StateValue {
    this.beamLimit = beam;
    this.h.set(h);
    return this.value();
  }
}

export function advise(spec: HandSpec, rules: SichuanRules, opts: AdvisorOptions): AdvisorResult {
  const t0 = performance.now();
  const pos = parsePosition(spec);
  if (pos.form !== 'discard') throw new UserError(`the advisor needs a hand to discard from (14 − 3·sets tiles): got ${pos.size} with ${pos.melds.length} declared set${pos.melds.length === 1 ? '' : 's'}`);
  const N = opts.draws;
  const beam = opts.beam ?? DEFAULT_BEAM;
  const exact = new Advisor(pos, rules, opts.objective, N);
  const approx = new Advisor(pos, rules, opts.objective, N);
  const h = Uint8Array.from(pos.counts);
  const hasVoid = h.slice(pos.voidSuit * 9, pos.voidSuit * 9 + 9).some((c) => c > 0);
  const discards: AdvisedDiscard[] = [];
  for (let j = 0; j < KINDS; j++) {
    if (!h[j]) continue;
    if (hasVoid && ((j / 9) | 0) !== pos.voidSuit) continue; // void-suit tiles must go first
    h[j]--;
    const D = exact.dist(h);
    const useApprox = D - 1 > EXACT_MAX_SHANTEN;
    const adv = useApprox ? approx : exact;
    const val = adv.evaluate(h, useApprox ? beam : 0);
    const kinds = exact.improvingKinds(h, D);
    discards.push({
      discard: kindName(j),
      shanten: D - 1,
      improvingTiles: kinds.reduce((a, k) => a + exact.live(h, k), 0),
      improving: kinds.map(kindName),
      pReady: clamp01(val.ready[N]),
      pWin: clamp01(val.win[N]),
      expectedPoints: val.points[N],
      approximate: useApprox,
    });
    h[j]++;
  }
  const key = opts.objective === 'win' ? (d: AdvisedDiscard) => d.pWin : (d: AdvisedDiscard) => d.expectedPoints;
  discards.sort((a, b) => key(b) - key(a) || b.pWin - a.pWin || b.expectedPoints - a.expectedPoints || a.shanten - b.shanten || b.improvingTiles - a.improvingTiles);
  return {
    hand: handText(pos.counts),
    melds: pos.melds.map(meldText),
    void: SUIT_LETTERS[pos.voidSuit],
    voidInferred: pos.voidInferred,
    draws: N,
    objective: opts.objective,
    model: MODEL_TEXT,
    discards,
    states: exact.states + approx.states,
    seconds: (performance.now() - t0) / 1000,
  };
}

export const MODEL_TEXT = 'solitaire: own draws only, uniform over the live tiles (a tile drawn and thrown away at once stays live), no calls; a draw is kept only when it lowers the shanten, then the best discard for the objective; a win is a self-draw paid by three opponents (value + self-draw bonus each); exact up to shanten 3 after the discard, from shanten 4 follow-up discards limited to the best 2 by live improving tiles (a lower bound)';

function clamp01(x: number): number {
  // sums of products of probabilities can exceed 1 by a rounding ulp; never report above 1
  return x > 1 ? 1 : x < 0 ? 0 : x;
}


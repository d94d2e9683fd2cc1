import { Rng } from '../../../core/rng.js';
import { Engine, MoveBuffer, K_PASS } from '../engine.js';
import type { TichuRules } from '../rules.js';
import type { MoveList, TichuStrategy, TichuView } from '../strategy.js';
import { HeuristicStrategy, moveScore, type HeuristicParams } from './heuristic.js';

const MAX_CANDIDATES = 4;

/**
 * Determinized Monte Carlo search: at each in-turn play with a real choice, the `budget`
 * rollouts are split over the heuristic's choice, the pass and the best-scored other moves (up to
 * 4 candidates); each rollout round redeals the hidden cards consistently with what this seat
 * knows (view.determinizeInto), makes each candidate move on that same deal and plays the round out
 * with heuristic players. A candidate replaces the heuristic's choice only if its mean gain in
 * round points (own team − opponents, calls included) exceeds two standard errors. Calls,
 * passing, out-of-turn bombs, wishes and Dragon gifts are the heuristic's.
 */
export class SearchStrategy implements TichuStrategy {
  readonly name = 'search';
  private readonly base: TichuStrategy;
  private readonly scratch: Engine;
  private readonly cand = new Int32Array(MAX_CANDIDATES);
  private readonly candScore = new Int32Array(MAX_CANDIDATES);
  private readonly sum = new Float64Array(MAX_CANDIDATES);
  private readonly sumSq = new Float64Array(MAX_CANDIDATES);
  private readonly saved = new Int32Array(4);
  private readonly mine = new MoveBuffer();

  /** `base` (default: the heuristic with `params`) proposes the first candidate and plays the rollouts */
  constructor(rules: TichuRules, private readonly rng: Rng, private readonly budget: number, params: HeuristicParams, base?: TichuStrategy) {
    this.base = base ?? new HeuristicStrategy(params);
    const h = this.base;
    this.scratch = new Engine(rules, [h, h, h, h], new Rng(1));
  }
  grandTichu(v: TichuView): boolean { return this.base.grandTichu(v); }
  tichu(v: TichuView): boolean { return this.base.tichu(v); }
  pass(v: TichuView, out: Int32Array): void { this.base.pass(v, out); }
  bomb(v: TichuView, moves: MoveList): number { return this.base.bomb(v, moves); }
  wish(v: TichuView): number { return this.base.wish(v); }
  dragonTo(v: TichuView): number { return this.base.dragonTo(v); }

  play(v: TichuView, moves: MoveList): number {
    if (moves.n <= 1 || this.budget <= 0) return this.base.play(v, moves);
    // candidates: the heuristic's choice, the pass (if any), then the best-scored others
    let nc = 0;
    const first = this.base.play(v, moves);
    this.cand[nc++] = first;
    if (moves.kind(0) === K_PASS && first !== 0) this.cand[nc++] = 0;
    for (let i = 0; i < moves.n; i++) {
      if (i === first || (i === 0 && moves.kind(0) === K_PASS)) continue;
      const s = moveScore(v, moves, i);
      if (nc < MAX_CANDIDATES) { this.cand[nc] = i; this.candScore[nc] = s; nc++; continue; }
      // replace the worst non-fixed candidate
      let wi = -1, ws = s;
      for (let j = 0; j < nc; j++) {
        if (this.cand[j] === first || (this.cand[j] === 0 && moves.kind(0) === K_PASS)) continue;
        if (this.candScore[j] < ws) { ws = this.candScore[j]; wi = j; }
      }
      if (wi >= 0) { this.cand[wi] = i; this.candScore[wi] = s; }
    }
    if (nc === 1) return first;
    // copy the moves: the scratch engine never touches ours, but keep them stable anyway
    this.mine.n = 0;
    for (let j = 0; j < nc; j++) this.mine.copyFrom(moves as MoveBuffer, this.cand[j]);
    // paired rollouts: each round redeals the hidden cards once (same random state for every
    // candidate), so candidates are compared on the same deals; the differences to the
    // heuristic's own choice (candidate 0) are what is averaged
    this.sum.fill(0); this.sumSq.fill(0);
    const team = v.seat & 1;
    const e = this.scratch;
    const rounds = Math.max(1, Math.floor(this.budget / nc));
    const m = this.mine;
    for (let r = 0; r < rounds; r++) {
      this.saved.set(this.rng.s);
      let base = 0;
      for (let j = 0; j < nc; j++) {
        this.rng.s.set(this.saved);
        v.determinizeInto(e, this.rng);
        e.choose(v.seat, m.kind(j), m.top(j), m.len(j), m.phx(j), m.aux(j));
        e.playOut();
        const value = e.roundPoints[team] - e.roundPoints[team ^ 1];
        if (j === 0) base = value;
        else { const d = value - base; this.sum[j] += d; this.sumSq[j] += d * d; }
      }
    }
    // switch from the heuristic's move only on clear evidence: mean gain above two standard errors
    let bj = 0, bestGain = 0;
    for (let j = 1; j < nc; j++) {
      const mean = this.sum[j] / rounds;
      const variance = rounds > 1 ? (this.sumSq[j] - rounds * mean * mean) / (rounds - 1) : 0;
      if (mean > 2 * Math.sqrt(variance / rounds) && mean > bestGain) { bestGain = mean; bj = j; }
    }
    return this.cand[bj];
  }
}

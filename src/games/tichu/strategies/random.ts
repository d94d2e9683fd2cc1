import type { Rng } from '../../../core/rng.js';
import type { MoveList, TichuStrategy, TichuView } from '../strategy.js';

/**
 * Uniformly random legal play (the pass counts as one option), random passes, wishes and Dragon
 * gifts. Out of turn it bombs with probability `bomb` (a uniform choice among "no bomb" and every
 * bomb would bomb almost always). Calls with probability `call` (default never).
 */
export class RandomStrategy implements TichuStrategy {
  readonly name: string;
  private readonly cards = new Int32Array(14);
  // rates as integer thresholds on a 2^30 draw (no doubles in the play loop)
  private readonly callT: number;
  private readonly bombT: number;
  constructor(private readonly rng: Rng, callRate = 0, bombRate = 0.1) {
    this.name = `random`;
    this.callT = Math.round(callRate * 1073741824);
    this.bombT = Math.round(bombRate * 1073741824);
  }
  grandTichu(): boolean { return this.callT > 0 && this.rng.below(1073741824) < this.callT; }
  tichu(): boolean { return this.callT > 0 && this.rng.below(1073741824) < this.callT; }
  pass(v: TichuView, out: Int32Array): void {
    let n = 0;
    for (let c = 0; c < 56; c++) if (v.holds(c)) this.cards[n++] = c;
    for (let i = 0; i < 3; i++) {
      const j = i + this.rng.below(n - i);
      const x = this.cards[i]; this.cards[i] = this.cards[j]; this.cards[j] = x;
      out[i] = this.cards[i];
    }
  }
  play(_v: TichuView, moves: MoveList): number { return this.rng.below(moves.n); }
  bomb(_v: TichuView, moves: MoveList): number {
    return this.rng.below(1073741824) < this.bombT ? this.rng.below(moves.n) : -1;
  }
  wish(): number { const w = this.rng.below(14); return w === 0 ? 0 : w + 1; }
  dragonTo(v: TichuView): number { return (v.seat + (this.rng.below(2) ? 1 : 3)) & 3; }
}

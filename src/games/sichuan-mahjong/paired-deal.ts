/**
 * One wall played both ways: a strategy in one seat among three baseline players, and four baseline
 * players — the per-deal core of `mahjong compare` (the paired kernel) and of the ladder's gain
 * over greedy. The callers decide the random numbers: the kernel plays the two tables one after the
 * other on its stream, the ladder starts each from the same state (the same dice too).
 */
import type { Rng } from '../../core/rng.js';
import { Deal, DEAL } from './engine.js';
import type { SichuanRules } from './rules.js';
import type { MahjongStrategy } from './strategy.js';

export class PairedDeal {
  /** the strategy in slot 0, the baseline in the others */
  readonly withStrategy: Deal;
  /** the baseline in every slot */
  readonly baseline: Deal;
  /** the wall both tables are dealt from */
  readonly wall = new Uint8Array(108);
  private readonly scratch = new Float64Array(DEAL.length);

  constructor(rules: SichuanRules, strategy: MahjongStrategy, baseline: MahjongStrategy, rng: Rng) {
    this.withStrategy = new Deal(rules, [strategy, baseline, baseline, baseline], rng);
    this.baseline = new Deal(rules, [baseline, baseline, baseline, baseline], rng);
  }

  /** The stream both tables draw from (their dice, and the wall's shuffle). */
  set rng(rng: Rng) {
    this.withStrategy.rng = rng;
    this.baseline.rng = rng;
  }

  /** A new wall from the stream, shuffled as a deal shuffles its own. */
  shuffleWall(): void {
    const w = this.wall, rng = this.withStrategy.rng;
    for (let j = 0; j < 108; j++) w[j] = j >> 2;
    for (let j = 107; j > 0; j--) {
      const k = rng.below(j + 1);
      const t = w[j];
      w[j] = w[k];
      w[k] = t;
    }
  }

  /** The strategy's seat in rotation r (rotation r seats slot 0 in seat (4 − r) mod 4). */
  static seatOf(r: number): number {
    return (4 - r) & 3;
  }

  /** The wall with the strategy's slot in rotation r: the points of the strategy's seat. */
  playWithStrategy(r: number): number {
    this.withStrategy.play(this.scratch, r, this.wall);
    return this.withStrategy.score[PairedDeal.seatOf(r)];
  }

  /** The wall with the baseline in every seat, rotation r: its points by seat in `baseline.score`. */
  playBaseline(r: number): void {
    this.baseline.play(this.scratch, r, this.wall);
  }
}

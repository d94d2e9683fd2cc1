/**
 * rule28: Michael Keller's "Rule of 28" progress count. Each column has a value (7 → 1, 6 and 8 → 2,
 * … 2 and 12 → 6: the rarer the sum, the more a step is worth); a step of a runner scores its column's
 * value and placing a runner scores it once more. With every runner placed, all-odd columns add 2,
 * all-even columns subtract 2, and all on one side of 7 add 4 (those sets bust more often). The turn
 * stops when the count reaches `stop` (28), or at once when stopping wins the game.
 *
 * Moves: the one that places the fewest new runners, then the most progress (steps as fractions of
 * their columns, a step that reaches a top counting `top` extra).
 */
import type { Rng } from '../../../core/rng.js';
import type { CantStopPlayer, CantStopStrategyDef } from '../strategy.js';
import type { CantStopEngine } from '../engine.js';

const COLUMNS = 11;
const NONE = 11;

/** Keller's value of a column (index 0 = the sum 2): |sum − 7| + 1. */
export const columnValue = (c: number): number => Math.abs(c + 2 - 7) + 1;

export class Rule28Player implements CantStopPlayer {
  constructor(private readonly stopAt: number, private readonly topBonus: number) {}

  /**
   * Each move scored column by column: a new runner costs 10 (so fewer always wins), then progress
   * as a fraction of the column, plus the bonus for reaching its top. Scored inline: a helper that
   * returned the fraction would box it on every call (a heap number per move).
   */
  chooseMove(b: CantStopEngine, moves: Int32Array, n: number, _rng: Rng): number {
    let best = 0, bestScore = -Infinity;
    for (let i = 0; i < n; i++) {
      const code = moves[i];
      const a = Math.floor(code / 12), c2 = code % 12;
      const columns = c2 === NONE || c2 === a ? 1 : 2;
      let s = 0;
      for (let k = 0; k < columns; k++) {
        const c = k === 0 ? a : c2, steps = c2 === a ? 2 : 1;
        const h = b.heights[c], at = b.position(c);
        const to = Math.min(h, at + steps);
        s += (b.runner[c] > 0 ? 0 : -10) + (to - at) / h + (to === h ? this.topBonus : 0);
      }
      if (s > bestScore) {
        bestScore = s;
        best = i;
      }
    }
    return best;
  }

  rollAgain(b: CantStopEngine, _rng: Rng): boolean {
    const base = b.seat * COLUMNS;
    let count = 0, tops = 0, odd = 0, even = 0, low = 0, high = 0;
    for (let c = 0; c < COLUMNS; c++) {
      const r = b.runner[c];
      if (r === 0) continue;
      const v = columnValue(c);
      count += (r - b.marker[base + c] + 1) * v;
      if (r === b.heights[c]) tops++;
      if ((c + 2) % 2 === 1) odd++;
      else even++;
      if (c + 2 <= 7) low++;
      if (c + 2 >= 7) high++;
    }
    if (b.claims[b.seat] + tops >= b.rules.columnsToWin) return false;
    if (b.runnersUsed === b.rules.runners) {
      if (even === 0) count += 2;
      if (odd === 0) count -= 2;
      if (low === b.runnersUsed || high === b.runnersUsed) count += 4;
    }
    return count < this.stopAt;
  }
}

export const rule28: CantStopStrategyDef = {
  name: 'rule28',
  usage: 'rule28[:stop=S,top=B] — Keller\'s Rule of 28: stop once the progress count reaches S (default 28); fewest new runners first',
  params: {
    stop: { default: 28, min: 1, max: 1000, help: 'progress count at which the turn stops' },
    top: { default: 1, min: 0, max: 10, help: 'extra move score for a step that reaches a column\'s top' },
  },
  create: (p) => new Rule28Player(p.stop, p.top),
};

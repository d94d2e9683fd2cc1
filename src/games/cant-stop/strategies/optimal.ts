/**
 * optimal: the exact solitaire policy (src/games/cant-stop/exact.ts): the fewest expected turns to
 * claim the columns needed, ignoring opponents. Solved once per thread when first used, so only for
 * boards the solver takes (small heights, e.g. --set heights.5=2); not allocation-free.
 */
import type { Rng } from '../../../core/rng.js';
import { Memo } from '../../../core/memo.js';
import { Solitaire } from '../exact.js';
import type { CantStopEngine } from '../engine.js';
import type { CantStopRules } from '../rules.js';
import type { CantStopPlayer, CantStopStrategyDef } from '../strategy.js';

const solved = new Memo<Solitaire>(4);

/** The solved solitaire game for these rules, once per thread. */
export const solveSolitaire = (rules: CantStopRules): Solitaire => solved.get(JSON.stringify(rules), () => new Solitaire(rules));

export class OptimalPlayer implements CantStopPlayer {
  constructor(private readonly s: Solitaire) {}

  chooseMove(b: CantStopEngine, moves: Int32Array, n: number, _rng: Rng): number {
    return this.s.bestMove(b, moves, n);
  }

  rollAgain(b: CantStopEngine, _rng: Rng): boolean {
    return this.s.rollsOn(b);
  }
}

export const optimal: CantStopStrategyDef = {
  name: 'optimal',
  usage: 'optimal — the exact solitaire policy (fewest expected turns, opponents ignored); small boards only',
  params: {},
  create: (_p, rules: CantStopRules) => new OptimalPlayer(solveSolitaire(rules)),
};

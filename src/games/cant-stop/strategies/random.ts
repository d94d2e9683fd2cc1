/** random: a uniformly random legal move; rolls again with probability `roll`. */
import type { Rng } from '../../../core/rng.js';
import type { CantStopPlayer, CantStopStrategyDef } from '../strategy.js';
import type { CantStopEngine } from '../engine.js';

export class RandomPlayer implements CantStopPlayer {
  /** rolls when a uniform integer below 2^30 falls under this (integers: no boxed doubles) */
  private readonly rollBelow: number;

  constructor(pRoll: number) {
    this.rollBelow = Math.round(pRoll * (1 << 30));
  }

  chooseMove(_b: CantStopEngine, _moves: Int32Array, n: number, rng: Rng): number {
    return rng.below(n);
  }

  rollAgain(_b: CantStopEngine, rng: Rng): boolean {
    return rng.below(1 << 30) < this.rollBelow;
  }
}

export const random: CantStopStrategyDef = {
  name: 'random',
  usage: 'random[:roll=P] — a uniformly random legal move; rolls again with probability P (default 0.5)',
  params: { roll: { default: 0.5, min: 0, max: 0.99, help: 'probability of rolling again after a move' } },
  create: (p) => new RandomPlayer(p.roll),
};

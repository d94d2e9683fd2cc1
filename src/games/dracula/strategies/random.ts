/** random-legal: every legal decision equally likely (the call/draw choice with probability `call`). */
import type { Rng } from '../../../core/rng.js';
import { effectTable, keepLegal, legalArgs } from '../legal.js';
import type { DraculaRules } from '../rules.js';
import { encodeAction, type DraculaPlayer, type DraculaStrategyDef, type DraculaView } from '../strategy.js';

export class RandomPlayer implements DraculaPlayer {
  private readonly fx: Int8Array;
  private readonly keeps: Int32Array;
  private readonly args = new Int32Array(64);

  /** calls when a uniform integer below 2^30 falls under this (integers: no boxed doubles) */
  private readonly callBelow: number;

  constructor(rules: DraculaRules, pCall: number) {
    this.callBelow = Math.round(pCall * (1 << 30));
    this.fx = effectTable(rules);
    this.keeps = new Int32Array(rules.districts + 1);
  }

  callEnd(_view: DraculaView, rng: Rng): boolean {
    return rng.below(1 << 30) < this.callBelow;
  }

  turn(view: DraculaView, drawn: number, rng: Rng): number {
    let n = 0;
    for (let k = 0; k <= view.hand.length; k++) if (keepLegal(view, this.fx, drawn, k)) this.keeps[n++] = k;
    const keep = this.keeps[rng.below(n)];
    const m = legalArgs(view, this.fx, drawn, keep, this.args);
    return encodeAction(keep, this.args[rng.below(m)]);
  }
}

export const random: DraculaStrategyDef = {
  name: 'random',
  usage: 'random[:call=P] — a uniformly random legal move; calls the end with probability P when allowed (default 0.5)',
  params: { call: { default: 0.5, min: 0, max: 1, help: 'probability of calling the end when allowed' } },
  create: (p, rules) => new RandomPlayer(rules, p.call),
};

import { runExperiment } from '../../parallel/pool.js';
import { parseStrategySpec } from './strategies/index.js';
import { callKernel, type CallSummary } from './kernels.js';
import type { TichuRules } from './rules.js';

export interface CallGainOptions {
  rules: TichuRules;
  /** four strategy specs in seat order; seat 0 holds the hand */
  strategies: string[];
  /** seat 0's first 8 (Grand Tichu) or dealt 14 cards (Tichu), card ids */
  hand: number[];
  call: 'grand' | 'tichu';
  deals: number;
  seed: number;
  workers?: number;
}

/**
 * The worth of one call for one hand at a table of these players — what `tichu grand` / `tichu
 * call` print, as a function (the ladder measures it at each rung). Each deal of the rest is played
 * with and without the call from the same random numbers; the caller's own view never shows its
 * call, so it plays alike in both and the gain is the call's alone. Same shards as the commands
 * (16), so the same seed gives the same figures.
 */
export async function measureCallGain(o: CallGainOptions): Promise<CallSummary> {
  if (o.hand.length !== (o.call === 'grand' ? 8 : 14)) throw new Error(`a ${o.call} call needs ${o.call === 'grand' ? 8 : 14} cards`);
  const strategies = o.strategies.map((s) => parseStrategySpec(s).text);
  const params = { rules: o.rules, strategies, hand: o.hand, call: o.call };
  const shardCount = Math.min(16, Math.max(1, o.deals));
  const acc = await runExperiment({ kernel: callKernel.name, params, seed: o.seed, total: o.deals, shardCount }, { workers: o.workers ?? 1 });
  return callKernel.summarize(params, acc, o.deals);
}

/**
 * conservative — the threshold player tuned to avoid risk: it calls the last bid as soon as it is
 * less than even odds, only calls out of turn on near-impossible bids, and raises by the smallest
 * step (no pushing to the edge).
 */
import type { Strategy, StrategyContext, StrategyInfo } from '../strategy.js';
import { parseParams, thresholdParams, ThresholdStrategy } from './threshold.js';

export const info: StrategyInfo = {
  name: 'conservative',
  description: 'calls anything below even odds, raises by the smallest step',
  params: thresholdParams({ callBelow: 0.5, outOfTurnBelow: 0.02, bidAtLeast: 0.6, edge: 0 }),
};

export function create(params: Record<string, number>, _ctx: StrategyContext): Strategy {
  return new ThresholdStrategy(parseParams(params, info.params, info.name), info.name);
}

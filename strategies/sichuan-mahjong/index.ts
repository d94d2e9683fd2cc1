/** Sichuan mahjong strategies: the one registry (the game reaches strategies only through here). */
import { UserError } from '../../src/core/errors.js';
import { StrategyRegistry } from '../../src/core/spec.js';
import type { MahjongStrategy } from '../../src/games/sichuan-mahjong/strategy.js';
import { advisor } from './advisor.js';

export { ADVISOR_MAX_SHANTEN, advisorDecision, findDisagreements, type AdvisorDecision, type Disagreement } from './advisor.js';
import { greedy } from './greedy.js';
import { random } from './random.js';
import { value } from './value.js';
import { DECLINE_PARAMS, withDeclining, type DeclineParams } from './declare.js';

// only `value` takes parameters: those of its win-declaring variant
export const STRATEGIES = new StrategyRegistry<MahjongStrategy>('sichuan-mahjong', [greedy, { ...value, params: DECLINE_PARAMS }, random, advisor]);

/**
 * The strategy a spec names (`greedy`, `value`, `random`, `advisor`). Only `value` takes parameters: those of
 * its win-declaring variant, `value:minFan=K[,reach=R][,wall=W]` (strategies/sichuan-mahjong/declare.ts).
 */
export function getStrategy(text: string): MahjongStrategy {
  const { strategy, spec } = STRATEGIES.parse(text);
  if (!strategy.params) {
    if (spec.arg !== undefined || Object.keys(spec.params).length) throw new UserError(`strategy ${spec.name} takes no parameters (got ${JSON.stringify(text)})`);
    return strategy;
  }
  const { params } = STRATEGIES.resolve(text);
  // a bare `value` declares every win; any parameter makes it the declining variant
  return Object.keys(spec.params).length ? withDeclining(strategy, params as unknown as DeclineParams, text.trim()) : strategy;
}

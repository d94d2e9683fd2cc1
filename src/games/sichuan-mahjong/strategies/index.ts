/** Sichuan mahjong strategies: the one registry (src/play/strategy-registry.ts; the game reaches strategies only through here). */
import { StrategyRegistry } from '../../../play/strategy-registry.js';
import type { MahjongStrategy } from '../strategy.js';
import { advisor } from './advisor.js';

export { ADVISOR_MAX_SHANTEN, advisorDecision, findDisagreements, type AdvisorDecision, type Disagreement } from './advisor.js';
import { greedy } from './greedy.js';
import { random } from './random.js';
import { seer } from './seer.js';
import { value } from './value.js';
import { DECLINE_PARAMS, withDeclining, type DeclineParams } from './declare.js';
import { defender, makeDefender, type DefenderParams } from './defender.js';

export { COST_CELLS, costCell, DefenseModel, READY_CELLS, READY_DRAWS, readyCell, SAFE, WAIT_CELLS, waitCell, type DefenseCounts } from './defense-model.js';
export { DEFENSE_MODEL, defenderDecision, makeDefender, type DefenderDecision, type DefenderParams } from './defender.js';

// `value` takes the parameters of its win-declaring variant, `defender` its own
export const STRATEGIES = new StrategyRegistry<MahjongStrategy>('sichuan-mahjong', [greedy, { ...value, params: DECLINE_PARAMS }, random, advisor, defender, seer]);

/**
 * The strategy a spec names (`greedy`, `value`, `random`, `advisor`, `defender`). `defender` takes
 * `risk`, `far`, `quiet` (defender.ts); `value` takes those of its win-declaring variant,
 * `value:minFan=K[,reach=R][,wall=W]` (declare.ts).
 */
export function getStrategy(text: string): MahjongStrategy {
  const { strategy, spec, params } = STRATEGIES.resolve(text);
  if (Object.keys(spec.params).length === 0) return strategy;
  if (strategy.name === 'defender') return Object.keys(spec.params).length ? makeDefender(params as unknown as DefenderParams, text.trim()) : strategy;
  // a bare `value` declares every win; any parameter makes it the declining variant
  return Object.keys(spec.params).length ? withDeclining(strategy, params as unknown as DeclineParams, text.trim()) : strategy;
}

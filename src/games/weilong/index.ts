/**
 * Weilong as a library:
 *
 *   import { weilong } from 'oddsmith';
 *   const rules = weilong.loadRules();
 *   weilong.turnOdds(rules, 1, [0, 2, 0, 0, 0, 0, 0], 'adaptive').pElement; // First Son holding 1,1
 *   const g = new weilong.WeilongGame(rules);
 *   g.setPlayers([weilong.STRATEGIES.adaptive, weilong.STRATEGIES.element]);
 *   g.playGame(1, 2); // g.score, g.winShare
 */
export { loadRules, validateRules, applySets, parseSon, SON_NAMES, PASS_ACTIONS, type WeilongRules, type PassAction } from './rules.js';
export { WeilongGame, reseed, END_ELEMENT, END_DRAGON, END_STALL, TURN_OVER, ROLL_AGAIN, ROUND_OVER } from './engine.js';
export { WeilongView, type WeilongStrategy } from './strategy.js';
export { turnOddsUnder, parseCollected, checkCollected, type TurnOdds } from './exact.js';
export { turnOdds } from './questions.js';
export { gamesKernel, turnKernel, playGames, simulateTurns, gamesLayout } from './kernels.js';
export type { GamesParams, TurnParams } from './kernels.js';
export type { GamesResult, TurnSimResult, RatioEstimate } from './summary.js';
export { parsePlayers, parseStrategies } from './strategies/index.js';
export { balanceParagraph, runExperiment } from './report.js';
export { STRATEGIES, STRATEGY_NAMES, getStrategy } from './strategies/index.js';

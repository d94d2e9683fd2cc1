/**
 * Wulong (and the Farkle family) as a library:
 *
 *   import { wulong } from 'oddsmith';
 *   const a = new wulong.TurnAnalysis(wulong.loadRules());
 *   a.solveResult().expectedTurnScore; // 3713.60…
 */
export { loadRules, validateRules, type WulongRules, type Face, type BettingCard, type Straight, type InstantWin } from './rules.js';
export { compileTables, parseRoll, Scorer, type Tables, type RollClass, type Choice } from './tables.js';
export { solve, expectedTurnScore, finalDistribution, reachable, type Solution, type FinalDistribution } from './solver.js';
export { TurnAnalysis, bettingCards, OPTIMAL, type CardOdds, type SolveResult, type PolicyRow } from './analysis.js';
export { turnKernel, buildSimTables, playTurns, simTablesFor, scoreMoments, accLength, ACC, type TurnSimParams, type TurnSimResult, type TurnSimTables } from './simulator.js';
export type { PolicySpec, StopRule, ChoiceRule } from './policy.js';
export { parsePolicy, turnStrategies } from '../../../strategies/wulong/index.js';
export * from './game-index.js';

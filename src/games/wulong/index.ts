/**
 * Wulong (and the Farkle family) as a library:
 *
 *   import { wulong } from 'oddsmith';
 *   const a = new wulong.TurnAnalysis(wulong.loadRules());
 *   a.solveResult().expectedTurnScore; // 3713.60…
 *
 *   const g = new wulong.WulongGame({ rules: wulong.loadRules(), players: wulong.parsePlayers('kelly,min,naive', 3) }, wulong.bettorFor);
 *   g.playGames(new Rng(1), 1000, new Float64Array(g.L.length));
 */
// the turn analyzer
export { loadRules, validateRules, type WulongRules, type Face, type BettingCard, type Straight, type InstantWin } from './turn/rules.js';
export { compileTables, tablesFor, parseRoll, Scorer, type Tables, type RollClass, type Choice } from './turn/tables.js';
export { solve, expectedTurnScore, finalDistribution, reachable, type Solution, type FinalDistribution } from './turn/exact.js';
export { TurnAnalysis, bettingCards, type CardOdds, type SolveResult, type PolicyRow } from './turn/exact.js';
export { OPTIMAL, type PolicySpec, type StopRule, type ChoiceRule, type TurnStrategy, type TurnView } from './turn/strategy.js';
export { buildSimTables, playTurns, simTablesFor, scoreMoments, accLength, ACC, ROLL, turnLayout, type TurnSimParams, type TurnSimTables } from './turn/engine.js';
export { turnKernel, type TurnSimResult } from './turn/kernels.js';
export { openingTellValue, readOdds, tellTablesFor, buildTellTables, cardOddsByState, cardOddsByRoll, type TellTables, type TellValue } from './turn/tell.js';
// the full game
export { validateGameRules, safeLimit, minimumBetFor, checkPlayers, DEFAULT_GAME, type GameRules } from './game/rules.js';
export type { PassiveSpec, PlayerSpec, BettingStrategy, Bettor } from './game/strategy.js';
export { BettingPhase, bestCard, favourable, openBet, raiseToTarget } from './game/strategy.js';
export { WulongGame, checkGameParams, type GameParams } from './game/engine.js';
export { WulongGameState, stateGame, wulongPlayer } from './game/state.js';
export { END, END_NAMES, MONEY_NAMES, gameLayout, type GameLayout } from './game/layout.js';
export { buildPolicyTables, policyTablesFor, rollOccupancy, raiseValue, type PolicyTables } from './game/policy-tables.js';
export { gameKernel, sweepKernel, tellKernel, summarizeGame, formatGame, type GameResult, type StrategyResult, type CardResult, type SweepParams, type TellSimParams, type TellSimResult } from './game/kernels.js';
// what the findings assume (issue 16)
export { checkAssumptions, type AssumptionsOptions } from './assumptions.js';
export { sweepPoints, runSweep, rawRules as readRawRules, type SweepField, type SweepResult, type SweepPointResult } from './game/sweep.js';
export { parseSweepSet as parseSetSpec } from '../../core/rules.js';
// strategies, through their one registry
export { parsePolicy, turnStrategies, turnPolicies, parsePassive, parsePlayer, parsePlayers, passiveStrategies, bettors, bettorFor } from './strategies/index.js';

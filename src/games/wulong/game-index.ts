/**
 * The Wulong full game as a library (for `src/games/wulong/index.ts` to re-export):
 *
 *   const g = new WulongGame({ rules: loadRules(), players: parsePlayers('kelly,min,naive', 3) });
 *   g.playGames(new Rng(1), 1000, acc);
 */
export { validateGameRules, safeLimit, minimumBetFor, checkPlayers, DEFAULT_GAME, type GameRules } from './game-rules.js';
export type { PassiveSpec, PlayerSpec } from './game-passive.js';
export { WulongGame, END, END_NAMES, MONEY_NAMES, gameLayout, checkGameParams, buildPolicyTables, policyTablesFor, rollOccupancy, raiseValue, type GameParams, type PolicyTables } from './game-engine.js';
export { gameKernel, sweepKernel, summarizeGame, formatGame, type GameResult, type StrategyResult, type CardResult, type SweepParams } from './game-kernel.js';
export { parseSetSpec, sweepPoints, runSweep, readRawRules, type SweepField, type SweepResult, type SweepPointResult } from './game-sweep.js';
export { parsePassive, parsePlayer, parsePlayers, passiveStrategies } from '../../../strategies/wulong/passive.js';

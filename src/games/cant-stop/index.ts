/** Can't Stop: the public library API. */
export * from './rules.js';
export * from './tables.js';
export * from './strategy.js';
export * from './engine.js';
export * from './exact.js';
export * from './state.js';
export { gamesKernel, turnKernel, formatGames, formatTurns, type GamesParams, type GamesResult, type TurnParams, type TurnSimResult } from './kernels.js';

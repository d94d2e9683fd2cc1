/** Dracula vs Van Helsing: the public library API. */
export * from './rules.js';
export * from './cards.js';
export * from './strategy.js';
export * from './legal.js';
export * from './engine.js';
export * from './exact.js';
export { gamesKernel, formatGames, type GamesParams, type GamesResult } from './kernels.js';
export * from './sweep.js';

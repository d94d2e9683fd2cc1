// oddsmith's typed API: one namespace per game, plus the shared core for scripting analyses.
export * as wulong from './games/wulong/index.js';
export * as sichuanMahjong from './games/sichuan-mahjong/index.js';
export * as weilong from './games/weilong/index.js';
export * as liarsDice from './games/liars-dice/index.js';
export * as cantStop from './games/cant-stop/index.js';
export { Rng } from './core/rng.js';
export { meanEstimate, proportion } from './core/stats.js';
export { runExperiment } from './parallel/pool.js';

/** Public API of the Sichuan mahjong module. */
export { parseTileList, handText, kindName, parseMelds, countsOf, randomHand, type Meld } from './tiles.js';
export { loadRules, validateRules, type SichuanRules } from './rules.js';
export { suitTables, buildSuitTables } from './tables.js';
export { shanten, standardShanten, sevenPairsShanten, isWinningHand, standardDistance, sevenPairsDistance, holdsVoid } from './shanten.js';
export { efficientDiscard, improvingCount, voidDiscard } from './efficiency.js';
export { Valuer, FAN_NAMES, EV_KONG_REPLACEMENT, EV_ROBBING_KONG, EV_LAST_TILE } from './value.js';
export { parsePosition, type HandSpec, type Position } from './hand.js';
export { analyze, type WaitsResult, type Wait, type DiscardOption } from './exact-waits.js';
export { startingHandDistribution, readyHandWaits, type StartingHandResult, type ReadyWaitsResult } from './exact-starting-hands.js';
export { exactReadyOdds, type OddsParams, type ExactReadyOdds } from './exact-ready-odds.js';
export { Deal, DEAL, SEAT, SLOT } from './engine.js';
export { SichuanMahjongState, stateGame, strategyPlayer } from './state.js';
export { KONG_EXPOSED, KONG_ADDED, KONG_CONCEALED, type MahjongStrategy, type TableView } from './strategy.js';
export { dealKernel, oddsKernel, type DealParams, type DealSummary, type OddsSummary } from './kernels.js';
export { STRATEGIES, getStrategy } from './strategies/index.js';
export { calibrateDefense, fitDefenseCounts, type DefenseCalibration } from './strategies/defense-fit.js';
export { strategyGain } from './ladder-paired.js';

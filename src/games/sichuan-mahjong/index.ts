/** Public API of the Sichuan mahjong module. */
export { parseTileList, handText, kindName, parseMelds, countsOf, type Meld } from './tiles.js';
export { loadRules, validateRules, type SichuanRules } from './rules.js';
export { suitTables, buildSuitTables } from './tables.js';
export { shanten, standardShanten, sevenPairsShanten, isWinningHand, standardDistance, sevenPairsDistance } from './shanten.js';
export { Valuer, FAN_NAMES, EV_KONG_REPLACEMENT, EV_ROBBING_KONG, EV_LAST_TILE } from './value.js';
export { parsePosition, type HandSpec, type Position } from './hand.js';
export { analyze, type WaitsResult, type Wait, type DiscardOption } from './analysis.js';
export { startingHandDistribution, type StartingHandResult } from './exact.js';
export { Deal } from './deal.js';
export { dealKernel, type DealParams, type DealSummary } from './kernels.js';
export { oddsKernel, exactReadyOdds, type OddsParams, type OddsSummary } from './odds.js';
export { STRATEGIES } from '../../../strategies/sichuan-mahjong/index.js';

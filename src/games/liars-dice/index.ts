/**
 * Liar's Dice as a library:
 *
 *   import { liarsDice } from 'oddsmith';
 *   const rules = liarsDice.loadRules();
 *   liarsDice.bidOdds(rules, 4, [2, 2, 4, 1, 6], { count: 8, face: 2 }, false).fraction; // '8551019/14348907'
 *   liarsDice.solve({ variant: 'openspiel', dice: [1, 1], sides: 6, target: 1e-4, maxIterations: 1e5 }).result.value0; // ≈ −7/258
 */
export { loadRules, validateRules, DEFAULT_RULES, bidRank, bidCount, bidFace, bidText, type LiarsRules } from './rules.js';
export { bidOdds, bidProbability, binomialAtLeast, atLeastTable, parseBid, parseDice, checkHigher, onesWildFor, type Bid, type Exact, type OddsResult, type FaceSafety, type TableRow } from './exact.js';
export { checkBids, type CheckedBid } from './check.js';
export { Round, tailTable } from './engine.js';
export type { RoundView, Strategy, StrategyContext, StrategyInfo } from './strategy.js';
export { Tournament, tournamentKernel, summarizeTournament, formatTournament, type TournamentParams, type TournamentResult, type SeatResult, type StrategyResult } from './kernels.js';
export { LiarsSolver, solve, enumerateHands, VARIANTS, MAX_BIDS, type Variant, type SolverConfig, type SolveOptions, type SolveResult, type ConvergencePoint } from './exact-cfr.js';
export { equilibriumSource, type EquilibriumSource } from './exact-cfr-source.js';
export { STRATEGIES, parseStrategySpec, parseStrategyList, createStrategy, specLabel, type StrategySpec } from './strategies/index.js';
export { botExploitability, exactMatch, fillBotPolicy, copyPolicy, rulesForVariant, type BotExactResult, type MatchExactResult } from './exact-play.js';

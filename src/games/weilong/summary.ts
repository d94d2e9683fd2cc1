/**
 * What the Weilong kernels report (plain data: JSON output, part files, text and report pages).
 * In a file of their own so that the text rendering and the kernels both import them without a cycle.
 */
import type { MeanEstimate, Proportion } from '../../core/stats.js';

export interface RatioEstimate {
  estimate: number;
  se: number;
  ci95: [number, number];
}

export interface GamesResult {
  game: 'weilong';
  players: number;
  strategies: string[];
  /** seats rotated game by game (then a seat has no strategy of its own) */
  rotate: boolean;
  games: number;
  /** `strategy` only with fixed seats */
  bySeat: { seat: number; strategy?: string; winRate: Proportion; meanPoints: MeanEstimate }[];
  byStrategy: { strategy: string; seats: number; playerGames: number; winRate: Proportion; meanPoints: MeanEstimate }[];
  bySon: {
    son: number;
    name: string;
    roundsHeld: number;
    roundWinRate: Proportion;
    elementEndings: number;
    dragonEndings: number;
    meanRoundPoints: MeanEstimate;
    abilityUsesPerRound: number;
    startingSonGameWinRate: Proportion;
  }[];
  rounds: { count: number; stalled: number; meanTurns: MeanEstimate; histogram: { turns: string; rounds: number }[] };
  roundEndings: { element: number; dragon: number; stalled: number };
  abilityWorth: { son: number; name: string; roundWinRateChange: RatioEstimate; roundPointsChange: RatioEstimate }[] | null;
}

export interface TurnSimResult {
  trials: number;
  pElement: Proportion;
  pDragon: Proportion;
  expectedCollected: MeanEstimate;
  pEndAtOnce: Proportion;
}

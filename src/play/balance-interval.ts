/**
 * Honest intervals for seat win rates in mirror matches (the same player in every seat, as
 * `balance` plays). A deal is replayed once per seat rotation; when the player is deterministic it
 * replays the very same game every time, so the R games of a deal are one observation, not R. A
 * Wilson interval over games is then too narrow by about √R. The interval here is clustered by
 * deal: the standard error comes from the spread of the per-deal win shares, and the Wilson
 * interval is taken at the effective number of games it implies (Kish's design effect), never
 * more than the games played — so independent rotations give back the Wilson interval over games.
 */
import { meanEstimate, proportion, Z95, type MeanEstimate, type Proportion } from '../core/stats.js';

/**
 * `wins` of `games` (shared wins split), from `deals` deals of R games each; `sumDealShare2` is
 * Σ over deals of (the seat's wins in that deal / R)².
 */
export function dealClusteredProportion(wins: number, games: number, deals: number, sumDealShare2: number): Proportion {
  if (games <= 0 || deals <= 0) return proportion(wins, games);
  const p = wins / games;
  // variance of the per-deal shares (their mean is p); one deal says nothing about the spread
  const dealVar = deals > 1 ? Math.max(0, (sumDealShare2 - deals * p * p) / (deals - 1)) : p * (1 - p);
  const se = Math.sqrt(dealVar / deals);
  const binomial = p * (1 - p);
  // the effective sample: as many independent games as give this standard error (at most the
  // games); a rate of 0 or 1 shows no spread to measure it by, so it counts one game per deal
  const effective = binomial === 0 ? deals : se > 0 ? Math.min(games, binomial / (se * se)) : games;
  const w = proportion(p * effective, effective);
  return { n: games, k: wins, p, se, ci95: w.ci95 };
}

/**
 * A mean per game (its length, lead changes, margin) with its interval clustered by deal the same
 * way: the standard error of the per-deal means (`sumDealMean2`: Σ over deals of the deal's mean²),
 * never below the one over games. `sd` stays the spread of one game.
 */
export function dealClusteredMean(games: number, sum: number, sumSq: number, deals: number, sumDealMean2: number): MeanEstimate {
  const m = meanEstimate(games, sum, sumSq);
  if (games <= 0 || deals <= 1) return m;
  const dealVar = Math.max(0, (sumDealMean2 - deals * m.mean * m.mean) / (deals - 1));
  const se = Math.max(m.se, Math.sqrt(dealVar / deals));
  return { ...m, se, ci95: [m.mean - Z95 * se, m.mean + Z95 * se] };
}

/** A mirror match: every seat holds the same player, so what differs between seats is the seat. */
export function isMirror(entrants: readonly string[]): boolean {
  return entrants.length > 1 && entrants.every((e) => e === entrants[0]);
}

import type { Bid } from './exact.js';
import { onesWildFor } from './exact.js';
import type { LiarsRules } from './rules.js';

export interface CheckedBid extends Bid {
  /** dice that count for the bid (wild 1s included when still wild) */
  counted: number;
  wildOnes: number;
  true: boolean;
}

/**
 * Resolve challenged bids against the table the way the rules page does: each bid on its own,
 * 1s counting for the bid's face unless 1s were bid this round (or the bid is on 1s).
 * A true bid costs the caller one penalty; a false one costs its bidder one.
 */
export function checkBids(rules: LiarsRules, table: readonly number[], bids: readonly Bid[], onesBid: boolean): { table: number[]; onesBid: boolean; bids: CheckedBid[] } {
  const anyOnes = onesBid || bids.some((b) => b.face === 1);
  return {
    table: [...table],
    onesBid: anyOnes,
    bids: bids.map((b) => {
      const wild = onesWildFor(rules, b.face, anyOnes);
      const exact = table.filter((d) => d === b.face).length;
      const ones = wild ? table.filter((d) => d === 1).length : 0;
      return { ...b, counted: exact + ones, wildOnes: ones, true: exact + ones >= b.count };
    }),
  };
}

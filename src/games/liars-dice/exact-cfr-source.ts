import { UserError } from '../../core/errors.js';
import type { LiarsSolver, SolverConfig } from './exact-cfr.js';

/**
 * The solver's average strategy, read by history and hand, without its storage layout: what a
 * strategy file writer or an `equilibrium` player needs, whatever representation the solver uses.
 *
 * A history is the bids made so far as bid ranks 0…B−1 (`bids[rank]` is its label), strictly
 * increasing; the player to move is history.length % 2 (0 = the opener). An action is a bid rank, or
 * −1 for calling the last bid (only after a bid). Hands are indices into
 * enumerateHands(config.dice[player], config.sides).hands (sorted dice, lowest first).
 */
export interface EquilibriumSource {
  readonly config: SolverConfig;
  /** "COUNTxFACE" of every bid rank, lowest first */
  readonly bids: readonly string[];
  /** legal actions after `history`, in the order probabilitiesAt fills: −1 (call) first if any bid, then higher bids */
  actionsAt(history: readonly number[]): readonly number[];
  /** average-strategy probabilities of the player to move holding hand `handIndex`, into out[0…actions−1] */
  probabilitiesAt(history: readonly number[], handIndex: number, out: Float64Array): void;
}

/** Bitmask of a strictly increasing list of bid ranks, checked. */
function historyMask(history: readonly number[], B: number): number {
  let mask = 0, top = -1;
  for (const b of history) {
    if (!Number.isInteger(b) || b <= top || b >= B) throw new UserError(`history ${JSON.stringify(history)}: bids must be increasing bid ranks in 0..${B - 1}`);
    mask |= 1 << b;
    top = b;
  }
  return mask;
}

/** The average strategy of `solver` (a view: it follows further iterations). */
export function equilibriumSource(solver: LiarsSolver): EquilibriumSource {
  const B = solver.B;
  const bids = Array.from({ length: B }, (_, b) => solver.bidLabel(b));
  return {
    config: solver.config,
    bids,
    actionsAt(history) {
      historyMask(history, B);
      const top = history.length ? history[history.length - 1] : -1;
      const out: number[] = history.length ? [-1] : [];
      for (let b = top + 1; b < B; b++) out.push(b);
      return out;
    },
    probabilitiesAt(history, handIndex, out) {
      const mask = historyMask(history, B), depth = history.length, p = depth & 1;
      if (!Number.isInteger(handIndex) || handIndex < 0 || handIndex >= solver.H[p]) throw new UserError(`hand index must be in 0..${solver.H[p] - 1} (got ${handIndex})`);
      const top = depth ? history[depth - 1] : -1;
      const n = (depth > 0 ? 1 : 0) + B - 1 - top;
      if (out.length < n) throw new RangeError(`probabilitiesAt: out has ${out.length} entries, the history has ${n} actions`);
      solver.averageAt(mask, top, depth, handIndex, out);
    },
  };
}

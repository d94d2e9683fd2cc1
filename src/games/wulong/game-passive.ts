import type { PolicySpec } from './policy.js';

/**
 * A passive player's betting strategy as plain data (it crosses into worker threads). The game
 * engine compiles it into small integers; modules in strategies/wulong/passive-*.ts build these.
 *
 * - card: 'exact' picks, at the initial betting phase, the card with the highest expected net
 *   chips per chip staked given what is revealed (the exact conditional win probabilities of the
 *   turn solver under the active player's policy); 'fixed' always plays `fixedCard`.
 * - stake: 'min' the minimum bet; 'fraction' `size` × fortune when the card's EV is positive
 *   (else the minimum); 'kelly' `size` × the Kelly fraction of wealth for the card's conditional
 *   odds (a void outcome, the unsettled Wulong, counts as a push), at least the minimum.
 * - raises: at each later betting phase, re-evaluate the held card with the newly revealed dice;
 *   when its conditional EV is positive, raise ('min': by one minimum bet; 'fraction'/'kelly': up to
 *   the target stake for the new odds). Stakes never go down (the rules forbid removing chips).
 * - allIn: go all-in at the initial phase when allowed (fortune ≤ the current all-in limit) and
 *   its expected gain beats the ordinary bet's.
 */
export interface PassiveSpec {
  name: string;
  /** 'lookahead': as 'exact', but the opening card maximises its opening EV plus the expected EV of the raises it will allow (see passive-lookahead.ts) */
  card: 'exact' | 'fixed' | 'lookahead';
  /** card id, for card 'fixed' */
  fixedCard?: string;
  stake: 'min' | 'fraction' | 'kelly';
  /** fortune fraction ('fraction') or Kelly multiplier ('kelly'); unused for 'min' */
  size: number;
  raises: boolean;
  allIn: boolean;
}

/** One player of the game: how it bets when passive, how it rolls when active. */
export interface PlayerSpec {
  /** display label, e.g. "kelly:0.5@optimal" */
  label: string;
  passive: PassiveSpec;
  policy: PolicySpec;
}

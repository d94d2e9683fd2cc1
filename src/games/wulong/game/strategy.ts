import type { PolicySpec } from '../turn/strategy.js';

/**
 * The betting contract of the full game. A passive player's betting strategy is plain data (it
 * crosses into worker threads); the game engine compiles it into small integers (engine.ts
 * CARD_MODE, STAKE_MODE) and applies it at every betting phase. Modules in
 * strategies/wulong/passive-*.ts build these.
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

/**
 * What a passive player may see at a betting phase — the only inputs of the rules above (the
 * engine reads nothing else for a bettor's decision): the revealed state of the active player's
 * turn (total so far, dice being rolled, and his turn policy, public in this model), hence each
 * card's exact win probability and the chance the bets are voided — the posterior given the read
 * of the hidden roll when `betting.readAccuracy` > 0 (turn/tell.ts); the player's own fortune,
 * stake and card; the minimum bet for his fortune; the current all-in limit and odds. Not the
 * dice of the roll being made (beyond the read), and not the other bettors' cards.
 */
export interface BettingView {
  total: number;
  dice: number;
  /** exact probability that each card wins, by card index */
  winProbability: readonly number[];
  /** probability that the turn's bets are returned unsettled */
  voidProbability: number;
  fortune: number;
  stake: number;
  /** the held card's index, or −1 before the initial bet */
  card: number;
  minimumBet: number;
  allInLimit: number;
  allInOdds: number;
}

/** A betting strategy as strategies/wulong/ registers it: `name` or `name:value`. */
export interface BettingStrategy {
  name: string;
  /** one line for --help, e.g. "kelly:K" */
  usage: string;
  description: string;
  /** the name of its one parameter, so that `kelly:k=0.5` means `kelly:0.5` */
  param?: string;
  /** the spec for the text after the colon (undefined: none); throws Error with a one-line reason */
  parse(arg: string | undefined): PassiveSpec;
}

/** One player of the game: how it bets when passive, how it rolls when active. */
export interface PlayerSpec {
  /** display label, e.g. "kelly:0.5@optimal" */
  label: string;
  passive: PassiveSpec;
  policy: PolicySpec;
}

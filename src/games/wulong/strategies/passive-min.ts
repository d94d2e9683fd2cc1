import { PICK, PlannedBettor, SIZING, type BettingStrategy, type PassiveSpec } from '../game/strategy.js';

/**
 * min — the exact card at the minimum stake: picks the card with the best conditional EV per chip
 * (exact, from the turn solver under the active player's policy), stakes the minimum bet, and at
 * each later betting phase raises by one minimum bet while the held card's conditional EV is
 * positive. Goes all-in when allowed and better in expectation. Usage: `min`.
 */
export const minStake: BettingStrategy = {
  name: 'min',
  usage: 'min',
  description: 'exact card, minimum stake, +1 minimum bet per phase while the card is favourable',
  parse(arg: string | undefined): PassiveSpec {
    if (arg) throw new Error('min takes no parameter');
    return { name: 'min', strategy: 'min', size: 0 };
  },
  bettor: () => new PlannedBettor(PICK.best, 0, SIZING.min, 0, true, true),
};

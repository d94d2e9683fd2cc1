import { MIN_BET, TARGET, AMOUNT, bestCard, openBet, type BettingPhase, type BettingStrategy, type Bettor, type PassiveSpec } from '../../src/games/wulong/game/strategy.js';

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
  bettor: () => new MinBettor(false),
};

/** The minimum stake, +1 minimum bet per favourable phase; `lookahead` opens on the card whose raises are worth most. */
export class MinBettor implements Bettor {
  readonly allIn = true;
  readonly raises = true;
  constructor(private readonly lookahead: boolean) {}
  open(phase: BettingPhase): number {
    phase.num[TARGET] = 0;
    return openBet(phase, bestCard(phase, this.lookahead));
  }
  raise(phase: BettingPhase): void {
    phase.num[AMOUNT] = phase.num[MIN_BET];
  }
}

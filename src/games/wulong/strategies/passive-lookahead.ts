import { PICK, PlannedBettor, SIZING, type BettingStrategy, type PassiveSpec } from '../game/strategy.js';

/**
 * lookahead — `min` with a far-sighted opening card. `min` stakes the minimum and adds one minimum
 * bet at each later phase where its card is favourable; the value of those raises differs by card
 * (a dragon bet becomes favourable whenever the active player's total climbs, a tiger bet when few
 * dice are left). This strategy opens on the card that maximises
 *   EV(opening bet) + Σ over the turn's later roll states s of P(a roll is made at s) × max(0, EV(s)),
 * all exact from the turn solver under the active player's policy: the expected profit, in minimum
 * bets, of the whole `min` betting plan. Usage: `lookahead`.
 */
export const lookahead: BettingStrategy = {
  name: 'lookahead',
  usage: 'lookahead',
  description: 'min stake and raises, opening card chosen by the exact value of the bet plus its future raises',
  parse(arg: string | undefined): PassiveSpec {
    if (arg) throw new Error('lookahead takes no parameter');
    return { name: 'lookahead', strategy: 'lookahead', size: 0 };
  },
  bettor: () => new PlannedBettor(PICK.lookahead, 0, SIZING.min, 0, true, true),
};

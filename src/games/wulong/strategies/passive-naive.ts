import { UserError } from '../../../core/errors.js';
import { PICK, PlannedBettor, SIZING, type BettingStrategy, type PassiveSpec } from '../game/strategy.js';

/**
 * naive[:card] — the baseline: always the same betting card (default `crane`, Dance of the Crane),
 * always the minimum bet, never raises, never goes all-in. It ignores every revealed die.
 * Usage: `naive`, `naive:dragon`.
 */
export const naive: BettingStrategy = {
  name: 'naive',
  usage: 'naive[:card]',
  description: 'always the same card, minimum stake, no raises, no all-in',
  parse(arg: string | undefined): PassiveSpec {
    const card = arg === undefined || arg === '' ? 'crane' : arg;
    if (!/^[A-Za-z0-9_-]+$/.test(card)) throw new Error(`expected naive:CARD with a card id (got ${JSON.stringify(arg)})`);
    return { name: `naive:${card}`, strategy: 'naive', size: 0, fixedCard: card };
  },
  bettor(spec, rules) {
    const card = rules.bettingCards.findIndex((x) => x.id === spec.fixedCard);
    if (card < 0) throw new UserError(`strategy ${spec.name}: no betting card "${spec.fixedCard}" (cards: ${rules.bettingCards.map((x) => x.id).join(', ')})`);
    return new PlannedBettor(PICK.fixed, card, SIZING.min, 0, false, false);
  },
};

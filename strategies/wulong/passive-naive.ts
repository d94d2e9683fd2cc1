import type { BettingStrategy, PassiveSpec } from '../../src/games/wulong/game/strategy.js';

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
    return { name: `naive:${card}`, card: 'fixed', fixedCard: card, stake: 'min', size: 0, raises: false, allIn: false };
  },
};

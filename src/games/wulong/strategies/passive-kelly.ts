import { PICK, PlannedBettor, SIZING, type BettingStrategy, type PassiveSpec } from '../game/strategy.js';
import { parseFraction } from './params.js';

/**
 * kelly:K — the exact card, staked at K × the Kelly fraction of wealth for its conditional odds:
 * f* = (p·b − q) / (b·(p + q)) with p the win probability, q the loss probability and b the odds
 * (an unsettled Wulong is a push). At least the minimum bet; later phases raise toward the Kelly
 * stake for the newly revealed odds. All-in when better. Usage: `kelly` (full), `kelly:0.5` (half).
 */
export const kelly: BettingStrategy = {
  name: 'kelly',
  usage: 'kelly:K',
  param: 'k',
  description: 'exact card, K × Kelly fraction of wealth, raises toward the Kelly stake',
  parse(arg: string | undefined): PassiveSpec {
    const k = arg === undefined || arg === '' ? 1 : parseFraction(arg, 'kelly:K', 4);
    return { name: `kelly:${k}`, strategy: 'kelly', size: k };
  },
  bettor: (spec) => new PlannedBettor(PICK.best, 0, SIZING.kelly, spec.size, true, true),
};

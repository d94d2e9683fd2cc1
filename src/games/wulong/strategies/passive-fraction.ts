import { PICK, PlannedBettor, SIZING, type BettingStrategy, type PassiveSpec } from '../game/strategy.js';
import { parseFraction } from './params.js';

/**
 * fraction:F — the exact card; when its conditional EV is positive the stake is F × fortune
 * (in whole chips, at least the minimum bet), otherwise the minimum. Later phases raise the stake
 * up to F × wealth (fortune + stake) while the card stays favourable. All-in when better.
 * Usage: `fraction:0.1` (default 0.1).
 */
export const fraction: BettingStrategy = {
  name: 'fraction',
  usage: 'fraction:F',
  param: 'f',
  description: 'exact card, stake F × fortune when favourable (else minimum), raises to F × wealth',
  parse(arg: string | undefined): PassiveSpec {
    const f = arg === undefined || arg === '' ? 0.1 : parseFraction(arg, 'fraction:F', 1);
    return { name: `fraction:${f}`, strategy: 'fraction', size: f };
  },
  bettor: (spec) => new PlannedBettor(PICK.best, 0, SIZING.fraction, spec.size, true, true),
};

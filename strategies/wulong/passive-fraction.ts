import { FORTUNE, STAKE, TARGET, bestCard, favourable, openBet, raiseToTarget, type BettingPhase, type BettingStrategy, type Bettor, type PassiveSpec } from '../../src/games/wulong/game/strategy.js';
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
  bettor: (spec) => new FractionBettor(spec.size),
};

class FractionBettor implements Bettor {
  readonly allIn = true;
  readonly raises = true;
  constructor(private readonly size: number) {}
  open(phase: BettingPhase): number {
    const c = bestCard(phase, false), n = phase.num;
    n[TARGET] = favourable(phase, c) ? this.size * n[FORTUNE] : 0;
    return openBet(phase, c);
  }
  raise(phase: BettingPhase): void {
    const n = phase.num;
    n[TARGET] = this.size * (n[FORTUNE] + n[STAKE]);
    raiseToTarget(phase);
  }
}

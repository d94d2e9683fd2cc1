import { FORTUNE, STAKE, BET_ODDS, EDGE, TARGET, bestCard, favourable, openBet, raiseToTarget, type BettingPhase, type BettingStrategy, type Bettor, type PassiveSpec } from '../../src/games/wulong/game/strategy.js';
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
  bettor: (spec) => new KellyBettor(spec.size),
};

class KellyBettor implements Bettor {
  readonly allIn = true;
  readonly raises = true;
  constructor(private readonly size: number) {}
  open(phase: BettingPhase): number {
    const c = bestCard(phase, false), n = phase.num;
    if (!favourable(phase, c)) n[TARGET] = 0;
    else {
      const p = phase.odds[c], lose = 1 - p - phase.odds[phase.cards], b = phase.cardOdds[c];
      n[TARGET] = (this.size * n[EDGE] * n[FORTUNE]) / (b * (p + lose));
    }
    return openBet(phase, c);
  }
  raise(phase: BettingPhase, card: number): void {
    const n = phase.num;
    const p = phase.odds[card], lose = 1 - p - phase.odds[phase.cards], b = n[BET_ODDS];
    n[TARGET] = (this.size * n[EDGE] * (n[FORTUNE] + n[STAKE])) / (b * (p + lose));
    raiseToTarget(phase);
  }
}

/**
 * Weilong's paired ladder findings: each Son's ability worth at the rung's skill — the rung's
 * player in every seat, each game replayed with that Son's ability alone switched off from the same
 * seeds: `weilong simulate`'s ability worth (SimGame.playAllOn, replayEachAbilityOff), on the
 * ladder's deals.
 */
import { UserError } from '../../core/errors.js';
import { Rng } from '../../core/rng.js';
import { getStrategy } from './strategies/index.js';
import { SimGame } from './kernels.js';
import { SON_SHORT, type WeilongRules } from './rules.js';
import type { LadderPaired, PairedMeasure } from '../../play/ladder-paired.js';

function measurer(rules: WeilongRules, spec: string, players: number): PairedMeasure | null {
  let strategy;
  try {
    strategy = getStrategy(spec);
  } catch (e) {
    // the generic players (uniform, ismcts) are not engine strategies
    if (e instanceof UserError) return null;
    throw e;
  }
  const g = new SimGame(rules);
  g.setPlayers(Array.from({ length: players }, () => strategy));
  // the per-Son tallies of each game only, no accumulator
  g.main = false;
  return (seed, out) => {
    const rng = new Rng(seed);
    g.seeds[0] = rng.nextU32();
    g.seeds[1] = rng.nextU32();
    g.playAllOn();
    g.replayEachAbilityOff();
    for (let k = 0; k < 5; k++) {
      if (!rules.abilities[k]) continue;
      out[2 * k] = g.dWin[k];
      out[2 * k + 1] = g.onN[k];
    }
  };
}

export const paired: LadderPaired<WeilongRules> = {
  findings: SON_SHORT.map((son) => ({
    name: `${son} Son`,
    kind: 'rate' as const,
    about: `round wins with − without his ability, per round he is dealt (same seeds)`,
    unit: 'his ability\'s gain in round wins, pp',
  })),
  measurer,
};

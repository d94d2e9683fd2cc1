/**
 * Tichu's paired ladder findings: the gain of the rung's own calls. Seat 0 holds a deal with the
 * rung's player in every seat and decides whether to call, as it would; where it calls (Grand Tichu
 * or Tichu), the round is played again from the same random numbers without the call. As in
 * `tichu grand` / `tichu call` (call-gain.ts), the caller's own view never shows its call, so it
 * plays alike in both and the gain is the call's alone, and nobody else calls.
 */
import { UserError } from '../../core/errors.js';
import { Rng } from '../../core/rng.js';
import { createStrategy, parseStrategySpec } from '../../../strategies/tichu/index.js';
import { Engine } from './engine.js';
import type { TichuRules } from './rules.js';
import type { LadderPaired, PairedMeasure } from '../types.js';

/** the calls' values in Engine.calls: finding 0 is Grand Tichu, finding 1 Tichu */
const GRAND = 2;

function measurer(rules: TichuRules, spec: string): PairedMeasure | null {
  let parsed;
  try {
    parsed = parseStrategySpec(spec);
  } catch (e) {
    // the generic players (uniform, ismcts) are not engine strategies
    if (e instanceof UserError) return null;
    throw e;
  }
  const own = new Rng(1), start = new Int32Array(4);
  const e = new Engine(rules, [0, 1, 2, 3].map(() => createStrategy(parsed, rules, own)), own);
  e.hideOwnCall[0] = 1;
  return (seed, out) => {
    start.set(new Rng(seed).s);
    own.s.set(start);
    // seat 0 decides as it would; the others do not call
    e.forceGrand.fill(0); e.forceTichu.fill(0);
    e.forceGrand[0] = -1; e.forceTichu[0] = -1;
    e.playRound();
    const call = e.calls[0];
    if (call === 0) return;
    const withCall = e.roundPoints[0] - e.roundPoints[1];
    own.s.set(start);
    e.forceGrand[0] = 0; e.forceTichu[0] = 0;
    e.playRound();
    const f = call === GRAND ? 0 : 1;
    out[2 * f] = withCall - (e.roundPoints[0] - e.roundPoints[1]);
    out[2 * f + 1] = 1;
  };
}

const about = (call: string) => `round points (team − theirs) on the deals where seat 0 calls ${call} as it would, with − without the call (same deal, the caller plays alike, nobody else calls)`;

export const paired: LadderPaired = {
  findings: [
    { name: 'Grand Tichu gain', kind: 'value', about: about('Grand Tichu'), unit: 'round points a call', counts: 'calls' },
    { name: 'Tichu gain', kind: 'value', about: about('Tichu'), unit: 'round points a call', counts: 'calls' },
  ],
  measurer: measurer as LadderPaired['measurer'],
};

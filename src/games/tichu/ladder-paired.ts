/**
 * Tichu's paired ladder findings: the gain of the rung's own calls. Seat 0 holds a deal with the
 * rung's player in every seat and decides whether to call, as it would; where it calls (Grand Tichu
 * or Tichu), the round is played again from the same random numbers without the call: the
 * PairedCall of `tichu grand` / `tichu call`. As there, the caller's own view never shows its call,
 * so it plays alike in both and the gain is the call's alone, and nobody else calls.
 */
import { UserError } from '../../core/errors.js';
import { Rng } from '../../core/rng.js';
import { createStrategy, parseStrategySpec } from './strategies/index.js';
import { Engine } from './engine.js';
import { PairedCall } from './paired-call.js';
import type { TichuRules } from './rules.js';
import type { LadderPaired, PairedMeasure } from '../../play/ladder-paired.js';

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
  const own = new Rng(1);
  const e = new Engine(rules, [0, 1, 2, 3].map(() => createStrategy(parsed, rules, own)), own);
  e.hideOwnCall[0] = 1;
  // the others do not call
  e.forceGrand.fill(0); e.forceTichu.fill(0);
  const both = new PairedCall(e);
  return (seed, out) => {
    own.s.set(new Rng(seed).s);
    // seat 0 decides as it would
    if (!both.play(-1, -1)) return;
    const f = both.call === GRAND ? 0 : 1;
    out[2 * f] = both.withCall - both.withoutCall;
    out[2 * f + 1] = 1;
  };
}

const about = (call: string) => `round points (team − theirs) on the deals where seat 0 calls ${call} as it would, with − without the call (same deal, the caller plays alike, nobody else calls)`;

export const paired: LadderPaired<TichuRules> = {
  findings: [
    { name: 'Grand Tichu gain', kind: 'value', about: about('Grand Tichu'), unit: 'round points a call', counts: 'calls' },
    { name: 'Tichu gain', kind: 'value', about: about('Tichu'), unit: 'round points a call', counts: 'calls' },
  ],
  measurer,
};

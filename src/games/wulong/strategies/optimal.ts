import type { PolicySpec, TurnStrategy } from '../turn/strategy.js';

/**
 * optimal — the exact policy that maximizes the expected final turn score: at every decision it
 * compares stopping with the solver's value of rolling, and sets aside the dice whose resulting
 * state has the highest value. Usage: `--policy optimal`.
 */
export const optimal: TurnStrategy = {
  name: 'optimal',
  usage: 'optimal',
  description: 'maximizes the expected final turn score (exact DP)',
  parse(arg: string | undefined): PolicySpec {
    if (arg) throw new Error('optimal takes no parameter');
    return { name: 'optimal', stop: { kind: 'optimal' }, choice: 'best' };
  },
};

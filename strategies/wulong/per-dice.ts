import type { PolicySpec, TurnStrategy } from '../../src/games/wulong/turn/strategy.js';
import { parseTotal } from './params.js';

/**
 * per-dice:T1,T2,…,Tn — stop once the turn total reaches Tk while k dice are left to roll (k = 1…n;
 * a shorter list repeats its last entry). Players' rules of thumb look like this: risk more with
 * more dice. Usage: `--policy per-dice:2000,2000,4000,10000,36500`.
 */
export const perDice: TurnStrategy = {
  name: 'per-dice',
  usage: 'per-dice:T1,T2,...',
  description: 'stop at a turn total that depends on the dice left to roll',
  parse(arg: string | undefined): PolicySpec {
    if (!arg) throw new Error('per-dice needs totals, for example per-dice:2000,2000,4000,10000,36500');
    const totals = arg.split(',').map((x) => parseTotal(x, 'per-dice:T1,T2,...'));
    return { name: `per-dice:${totals.join(',')}`, stop: { kind: 'per-dice', totals }, choice: 'best' };
  },
};

import type { PolicySpec, TurnStrategy } from '../turn/strategy.js';
import { parseTotal } from './params.js';

/** The most dice a Wulong rules file allows: a longer per-dice list has totals that never apply. */
const MAX_DICE = 8;

/**
 * per-dice:T1,T2,…,Tn — stop once the turn total reaches Tk while k dice are left to roll (k = 1…n;
 * a list shorter than the dice repeats its last total for more dice: per-dice:1000,2000 on five dice
 * is 1000 with one die left, 2000 with two to five). Players' rules of thumb look like this: risk more with
 * more dice. Usage: `--policy per-dice:2000,2000,4000,10000,36500`.
 */
export const perDice: TurnStrategy = {
  name: 'per-dice',
  usage: 'per-dice:T1,T2,... (k dice left: Tk, or the last T for more dice)',
  description: 'stop at a turn total that depends on the dice left to roll',
  parse(arg: string | undefined): PolicySpec {
    if (!arg) throw new Error('per-dice needs totals, for example per-dice:2000,2000,4000,10000,36500');
    const items = arg.split(',');
    if (items.length > MAX_DICE) throw new Error(`per-dice lists a total for each count of dice left, 1..${MAX_DICE} (got ${items.length} totals)`);
    const totals = items.map((x) => parseTotal(x, 'per-dice:T1,T2,...'));
    return { name: `per-dice:${totals.join(',')}`, stop: { kind: 'per-dice', totals }, choice: 'best' };
  },
};

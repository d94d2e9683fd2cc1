import type { PolicySpec, TurnStrategy } from '../turn/strategy.js';
import { parseTotal } from './params.js';

/**
 * threshold:T — keep rolling until the turn total reaches T, then stop, whatever the dice count.
 * Set-asides are the best ones given that stop rule. Usage: `--policy threshold:3000`.
 */
export const threshold: TurnStrategy = {
  name: 'threshold',
  usage: 'threshold:T',
  param: 'total',
  description: 'stop once the turn total reaches T',
  parse(arg: string | undefined): PolicySpec {
    const total = parseTotal(arg, 'threshold:T');
    return { name: `threshold:${total}`, stop: { kind: 'threshold', total }, choice: 'best' };
  },
};

import type { PolicySpec, TurnStrategy } from '../turn/strategy.js';
import { parseTotal } from './params.js';

/**
 * keep-all:T — the beginner's habit: set aside every die that can score (as many as possible,
 * best score among those), and stop once the turn total reaches T. Usage: `--policy keep-all:3000`.
 */
export const keepAll: TurnStrategy = {
  name: 'keep-all',
  usage: 'keep-all:T',
  param: 'total',
  description: 'set aside every scoring die; stop once the total reaches T',
  parse(arg: string | undefined): PolicySpec {
    const total = parseTotal(arg, 'keep-all:T');
    return { name: `keep-all:${total}`, stop: { kind: 'threshold', total }, choice: 'keep-all' };
  },
};

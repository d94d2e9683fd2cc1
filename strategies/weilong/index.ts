/** The Weilong strategies by name. */
import { UserError } from '../../src/core/errors.js';
import type { WeilongStrategy } from '../../src/games/weilong/engine.js';
import { adaptive } from './adaptive.js';
import { dragon } from './dragon.js';
import { element } from './element.js';
import { noability } from './noability.js';

export const STRATEGIES: Readonly<Record<string, WeilongStrategy>> = { adaptive, element, dragon, noability };
export const STRATEGY_NAMES = Object.keys(STRATEGIES);

export function getStrategy(name: string): WeilongStrategy {
  const s = STRATEGIES[name];
  if (!s) throw new UserError(`unknown strategy ${JSON.stringify(name)} (known: ${STRATEGY_NAMES.join(', ')})`);
  return s;
}

/** Sichuan mahjong strategies by name. */
import { UserError } from '../../src/core/errors.js';
import type { MahjongStrategy } from '../../src/games/sichuan-mahjong/strategy.js';
import { greedy } from './greedy.js';
import { random } from './random.js';
import { value } from './value.js';

export const STRATEGIES: Record<string, MahjongStrategy> = { greedy, value, random };

export function getStrategy(name: string): MahjongStrategy {
  const s = STRATEGIES[name];
  if (!s) throw new UserError(`unknown strategy ${JSON.stringify(name)} (known: ${Object.keys(STRATEGIES).join(', ')})`);
  return s;
}

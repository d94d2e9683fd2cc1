import { UserError } from '../../src/core/errors.js';
import type { PolicySpec } from '../../src/games/wulong/policy.js';
import { optimal } from './optimal.js';
import { threshold } from './threshold.js';
import { perDice } from './per-dice.js';
import { keepAll } from './keep-all.js';

/** Every Wulong turn strategy, by name. A policy string is "name" or "name:parameter". */
export const turnStrategies = [optimal, threshold, perDice, keepAll];

export function parsePolicy(text: string): PolicySpec {
  const [name, ...rest] = text.trim().split(':');
  const s = turnStrategies.find((x) => x.name === name);
  if (!s) throw new UserError(`unknown policy "${text}" (known: ${turnStrategies.map((x) => x.usage).join(', ')})`);
  try {
    return s.parse(rest.length ? rest.join(':') : undefined);
  } catch (e) {
    throw new UserError(`policy ${text}: ${(e as Error).message}`);
  }
}

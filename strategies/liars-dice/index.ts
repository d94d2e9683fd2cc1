/** Every Liar's Dice strategy by name, and the "name:param=value:…" spec syntax of the CLI. */
import { UserError } from '../../src/core/errors.js';
import type { Strategy } from '../../src/games/liars-dice/engine.js';
import * as bluffer from './bluffer.js';
import * as conservative from './conservative.js';
import * as equilibrium from './equilibrium.js';
import * as random from './random.js';
import * as threshold from './threshold.js';
import type { StrategyContext, StrategyModule } from './types.js';

export const STRATEGIES: Record<string, StrategyModule> = { threshold, conservative, bluffer, random, equilibrium };

/** A strategy as data (crosses into worker threads). */
export interface StrategySpec {
  name: string;
  params: Record<string, number>;
}

export function specLabel(s: StrategySpec): string {
  const ps = Object.entries(s.params).map(([k, v]) => `${k}=${v}`);
  return [s.name, ...ps].join(':');
}

/** "threshold:callBelow=0.3:edge=0" → {name, params}; the name must exist and the params be numbers. */
export function parseStrategySpec(text: string): StrategySpec {
  const [name, ...rest] = text.trim().split(':');
  if (!STRATEGIES[name]) throw new UserError(`unknown strategy ${JSON.stringify(name)} (known: ${Object.keys(STRATEGIES).join(', ')})`);
  const params: Record<string, number> = {};
  for (const kv of rest) {
    const m = /^([A-Za-z]\w*)=([-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?)$/i.exec(kv);
    if (!m) throw new UserError(`strategy ${name}: parameter ${JSON.stringify(kv)} must look like name=number`);
    params[m[1]] = Number(m[2]);
  }
  return { name, params };
}

export function createStrategy(spec: StrategySpec, ctx: StrategyContext): Strategy {
  const mod = STRATEGIES[spec.name];
  if (!mod) throw new UserError(`unknown strategy ${JSON.stringify(spec.name)} (known: ${Object.keys(STRATEGIES).join(', ')})`);
  return mod.create(spec.params, ctx);
}

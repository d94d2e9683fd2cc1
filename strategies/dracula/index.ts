/**
 * The one registry of Dracula vs Van Helsing strategies. Specs: `name` or `name:k=v,k=v`
 * (e.g. `search:n=16,k=4`, `greedy:call=0.7`); unknown names and parameters are user errors.
 */
import { UserError } from '../../src/core/errors.js';
import type { DraculaRules } from '../../src/games/dracula/rules.js';
import type { DraculaPlayer, DraculaStrategyDef } from '../../src/games/dracula/strategy.js';
import { random } from './random.js';
import { greedy } from './greedy.js';
import { search } from './search.js';

export const STRATEGIES: readonly DraculaStrategyDef[] = [random, greedy, search];
export const STRATEGY_NAMES = STRATEGIES.map((s) => s.name);

export interface ParsedSpec {
  name: string;
  params: Record<string, number>;
}

/** Parse and check a spec; every parameter gets its value (default when not given). */
export function parseStrategy(text: string): ParsedSpec {
  const t = text.trim();
  const colon = t.indexOf(':');
  const name = colon < 0 ? t : t.slice(0, colon);
  const def = STRATEGIES.find((s) => s.name === name);
  if (!def) throw new UserError(`unknown strategy ${JSON.stringify(name)} (known: ${STRATEGY_NAMES.join(', ')})`);
  const params: Record<string, number> = {};
  for (const [k, p] of Object.entries(def.params)) params[k] = p.default;
  if (colon >= 0) {
    const rest = t.slice(colon + 1);
    const keys = Object.keys(def.params);
    for (const kv of rest.split(',')) {
      const m = /^\s*(?:([A-Za-z]\w*)=)?([-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?)\s*$/i.exec(kv);
      // a bare number is the strategy's first parameter
      const key = m ? (m[1] ?? keys[0]) : undefined;
      if (!m || key === undefined) throw new UserError(`strategy ${name}: parameter ${JSON.stringify(kv)} must look like name=number (parameters: ${keys.join(', ') || 'none'})`);
      const p = def.params[key];
      if (!p) throw new UserError(`strategy ${name}: unknown parameter ${key} (parameters: ${keys.join(', ') || 'none'})`);
      const v = Number(m[2]);
      if (v < p.min || v > p.max) throw new UserError(`strategy ${name}: ${key} must be in ${p.min}..${p.max} (got ${v})`);
      params[key] = v;
    }
  }
  return { name, params };
}

export function createPlayer(rules: DraculaRules, spec: ParsedSpec): DraculaPlayer {
  const def = STRATEGIES.find((s) => s.name === spec.name);
  if (!def) throw new UserError(`unknown strategy ${JSON.stringify(spec.name)} (known: ${STRATEGY_NAMES.join(', ')})`);
  return def.create(rules, spec.params);
}

export function strategyUsage(): string {
  return STRATEGIES.map((s) => s.usage).join('; ');
}

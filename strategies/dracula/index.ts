/**
 * The one registry of Dracula vs Van Helsing strategies. Specs: `name` or `name:k=v,k=v`
 * (e.g. `search:n=16,k=4`, `greedy:call=0.7`); unknown names and parameters are user errors.
 */
import { UserError } from '../../src/core/errors.js';
import { StrategyRegistry } from '../../src/core/spec.js';
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

const registry = new StrategyRegistry('dracula', STRATEGIES);

/** Parse and check a spec; every parameter gets its value (default when not given). */
export function parseStrategy(text: string): ParsedSpec {
  const { strategy: def, spec } = registry.parse(text);
  const keys = Object.keys(def.params);
  const given: Record<string, number> = { ...spec.params };
  if (spec.arg !== undefined) {
    // `name:value` sets the strategy's first parameter
    const v = Number(spec.arg);
    if (!keys.length || !/^[-+]?(\d+\.?\d*|\.\d+)$/.test(spec.arg)) throw new UserError(`strategy ${def.name}: ${JSON.stringify(spec.arg)} must look like name=number (parameters: ${keys.join(', ') || 'none'})`);
    given[keys[0]] = v;
  }
  const params: Record<string, number> = {};
  for (const [k, p] of Object.entries(def.params)) params[k] = p.default;
  for (const [k, v] of Object.entries(given)) {
    const p = def.params[k];
    if (!p) throw new UserError(`strategy ${def.name}: unknown parameter ${k} (parameters: ${keys.join(', ') || 'none'})`);
    if (v < p.min || v > p.max) throw new UserError(`strategy ${def.name}: ${k} must be in ${p.min}..${p.max} (got ${v})`);
    params[k] = v;
  }
  return { name: def.name, params };
}

/** The spec as canonical text (every parameter written out). */
export function specLabel(s: ParsedSpec): string {
  const ps = Object.entries(s.params).map(([k, v]) => `${k}=${v}`);
  return ps.length ? `${s.name}:${ps.join(',')}` : s.name;
}

export function createPlayer(rules: DraculaRules, spec: ParsedSpec): DraculaPlayer {
  const def = STRATEGIES.find((s) => s.name === spec.name);
  if (!def) throw new UserError(`unknown strategy ${JSON.stringify(spec.name)} (known: ${STRATEGY_NAMES.join(', ')})`);
  return def.create(rules, spec.params);
}

export function strategyUsage(): string {
  return STRATEGIES.map((s) => s.usage).join('; ');
}

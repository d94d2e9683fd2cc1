/**
 * The one registry of Dracula vs Van Helsing strategies. Specs: `name` or `name:k=v,k=v`
 * (e.g. `search:n=16,k=4`, `greedy:call=0.7`); unknown names and parameters are user errors.
 */
import { UserError } from '../../../core/errors.js';
import { StrategyRegistry } from '../../../core/spec.js';
import type { DraculaRules } from '../rules.js';
import type { DraculaPlayer, DraculaStrategyDef } from '../strategy.js';
import { random } from './random.js';
import { greedy } from './greedy.js';
import { search } from './search.js';

export const STRATEGIES: readonly DraculaStrategyDef[] = [random, greedy, search];
export const STRATEGY_NAMES = STRATEGIES.map((s) => s.name);

export interface ParsedSpec {
  name: string;
  params: Record<string, number>;
}

// `name:value` sets a strategy's first parameter
const registry = new StrategyRegistry('dracula', STRATEGIES.map((s) => ({ ...s, main: Object.keys(s.params)[0] })));

/** Parse and check a spec; every parameter gets its value (default when not given). */
export function parseStrategy(text: string): ParsedSpec {
  const { strategy, params } = registry.resolve(text);
  return { name: strategy.name, params };
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

/**
 * The one registry of Can't Stop strategies. Specs: `name` or `name:k=v,k=v` (e.g. `rule28:stop=20`,
 * `random:roll=0.3`); unknown names and parameters are user errors.
 */
import { UserError } from '../../../core/errors.js';
import { StrategyRegistry } from '../../../core/spec.js';
import type { CantStopRules } from '../rules.js';
import type { CantStopPlayer, CantStopStrategyDef } from '../strategy.js';
import { random } from './random.js';
import { rule28 } from './rule28.js';
import { optimal } from './optimal.js';

export const STRATEGIES: readonly CantStopStrategyDef[] = [random, rule28, optimal];
export const STRATEGY_NAMES = STRATEGIES.map((s) => s.name);

export interface ParsedSpec {
  name: string;
  params: Record<string, number>;
}

const registry = new StrategyRegistry('cant-stop', STRATEGIES);

/** Parse and check a spec; every parameter gets its value (default when not given). */
export function parseStrategy(text: string): ParsedSpec {
  const { strategy: def, spec } = registry.parse(text);
  const keys = Object.keys(def.params);
  if (spec.arg !== undefined) throw new UserError(`strategy ${def.name}: ${JSON.stringify(spec.arg)} must look like name=number (parameters: ${keys.join(', ') || 'none'})`);
  const params: Record<string, number> = {};
  for (const [k, p] of Object.entries(def.params)) params[k] = p.default;
  for (const [k, v] of Object.entries(spec.params)) {
    const p = def.params[k];
    if (!p) throw new UserError(`strategy ${def.name}: unknown parameter ${k} (parameters: ${keys.join(', ') || 'none'})`);
    if (v < p.min || v > p.max) throw new UserError(`strategy ${def.name}: ${k} must be in ${p.min}..${p.max} (got ${v})`);
    params[k] = v;
  }
  return { name: def.name, params };
}

/** The spec as text, parameters that differ from their defaults written out. */
export function specLabel(s: ParsedSpec): string {
  const def = STRATEGIES.find((d) => d.name === s.name);
  const ps = Object.entries(s.params).filter(([k, v]) => def?.params[k]?.default !== v).map(([k, v]) => `${k}=${v}`);
  return ps.length ? `${s.name}:${ps.join(',')}` : s.name;
}

export function createPlayer(rules: CantStopRules, spec: ParsedSpec): CantStopPlayer {
  return registry.get(spec.name).create(rules, spec.params);
}

export function strategyUsage(): string {
  return registry.usage();
}

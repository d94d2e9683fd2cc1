/**
 * The Weilong strategies by name: the game's one strategy registry (src/play/strategy-registry.ts). A spec is a bare name (no
 * Weilong strategy takes parameters yet); the game reaches strategies only through this module.
 */
import { UserError } from '../../../core/errors.js';
import { StrategyRegistry, type RegisteredStrategy } from '../../../play/strategy-registry.js';
import { parseIntArg } from '../../../core/validate.js';
import type { WeilongStrategy } from '../strategy.js';
import { adaptive } from './adaptive.js';
import { dragon } from './dragon.js';
import { element } from './element.js';
import { noability } from './noability.js';

interface RegisteredWeilongStrategy extends RegisteredStrategy {
  strategy: WeilongStrategy;
}

export const REGISTRY = new StrategyRegistry<RegisteredWeilongStrategy>(
  'weilong',
  [adaptive, element, dragon, noability].map((s) => ({ name: s.name, usage: `${s.name} — ${s.description}`, strategy: s })),
);

/** The strategies by name (library use: `STRATEGIES.adaptive`). */
export const STRATEGIES: Readonly<Record<string, WeilongStrategy>> = Object.fromEntries(REGISTRY.all.map((r) => [r.name, r.strategy]));
export const STRATEGY_NAMES = REGISTRY.names;

/** The strategy a spec names (a bare name). */
export function getStrategy(spec: string): WeilongStrategy {
  return REGISTRY.resolve(spec).strategy.strategy;
}

/** Player count 2..5. */
export function parsePlayers(text: string, name = '--players'): number {
  return parseIntArg(text, name, 2, 5);
}

/** One strategy for every seat, or exactly one per seat; every name must be known. */
export function parseStrategies(list: readonly string[], players: number, name = '--strategies'): string[] {
  for (const s of list) getStrategy(s);
  if (list.length === 1) return Array.from({ length: players }, () => list[0]);
  if (list.length !== players) throw new UserError(`${name} lists ${list.length} strategies for ${players} players (give one for every seat, or one for all; known: ${STRATEGY_NAMES.join(', ')})`);
  return [...list];
}

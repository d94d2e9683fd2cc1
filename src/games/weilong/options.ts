/** Command-line and experiment options for Weilong, validated into plain data (bad input → UserError). */
import { UserError } from '../../core/errors.js';
import { getPath, parseIntArg } from '../../core/validate.js';
import { STRATEGY_NAMES, getStrategy } from '../../../strategies/weilong/index.js';
import { validateRules, type WeilongRules } from './rules.js';

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

/**
 * Apply "path=value" overrides to a rules object (numbers, true/false, or a word for text fields);
 * the field must exist and keep its type; the result is validated again.
 */
export function applySets(rules: WeilongRules, sets: readonly string[]): WeilongRules {
  const copy = structuredClone(rules) as unknown as Record<string, unknown>;
  for (const s of sets) {
    const eq = s.indexOf('=');
    if (eq <= 0) throw new UserError(`--set expects path=value (got ${JSON.stringify(s)})`);
    const path = s.slice(0, eq).trim(), text = s.slice(eq + 1).trim();
    const keys = path.split('.');
    const parent = keys.length > 1 ? getPath(copy, keys.slice(0, -1).join('.')) : copy;
    const last = keys[keys.length - 1];
    const current = parent && typeof parent === 'object' ? (parent as Record<string, unknown>)[last] : undefined;
    if (current === undefined || (typeof current === 'object' && current !== null)) throw new UserError(`--set ${path}: no rules field by that name (fields: ${Object.keys(rules).join(', ')})`);
    let value: unknown;
    if (typeof current === 'number') {
      value = Number(text);
      if (text === '' || !Number.isFinite(value)) throw new UserError(`--set ${path}: expects a number (got ${JSON.stringify(text)})`);
    } else if (typeof current === 'boolean') {
      if (text !== 'true' && text !== 'false') throw new UserError(`--set ${path}: expects true or false (got ${JSON.stringify(text)})`);
      value = text === 'true';
    } else value = text;
    (parent as Record<string, unknown>)[last] = value;
  }
  return validateRules(copy, '--set: rules');
}

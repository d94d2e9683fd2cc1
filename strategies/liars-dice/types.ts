/** What every Liar's Dice strategy module exports, and small parameter helpers. */
import { UserError } from '../../src/core/errors.js';
import type { LiarsRules } from '../../src/games/liars-dice/rules.js';
import type { Strategy } from '../../src/games/liars-dice/engine.js';

export interface StrategyInfo {
  name: string;
  description: string;
  /** numeric parameters and their defaults (booleans as 0/1) */
  defaults: Record<string, number>;
}

export interface StrategyContext {
  rules: LiarsRules;
  players: number;
}

export interface StrategyModule {
  info: StrategyInfo;
  create(params: Record<string, number>, ctx: StrategyContext): Strategy;
}

export function onlyParams(p: Record<string, number>, known: readonly string[], name: string): void {
  for (const k of Object.keys(p)) {
    if (!known.includes(k)) throw new UserError(`strategy ${name} has no parameter ${k} (known: ${known.join(', ') || 'none'})`);
  }
}

export function numberParam(p: Record<string, number>, key: string, name: string, min: number, max: number): number {
  const v = p[key];
  if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max) throw new UserError(`strategy ${name}: ${key} must be a number in ${min}..${max} (got ${JSON.stringify(v)})`);
  return v;
}

/** Chances as integers out of 2^29, so that random choices compare small integers (never boxed). */
export const CHANCE_SCALE = 1 << 29;
export function chanceCut(p: number): number {
  return Math.round(p * CHANCE_SCALE);
}

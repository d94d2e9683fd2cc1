import { UserError } from './errors.js';

/**
 * Small validators for rules files and options: each names the field and the allowed range, so a
 * designer who mistypes a value is told exactly where.
 */
export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

function show(v: unknown): string {
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 40 ? s.slice(0, 37) + '...' : s;
}

export function object(v: unknown, field: string): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new UserError(`${field} must be an object (got ${show(v)})`);
  return v as Record<string, unknown>;
}

export function array(v: unknown, field: string, minLen = 0, maxLen = Infinity): unknown[] {
  if (!Array.isArray(v)) throw new UserError(`${field} must be an array (got ${show(v)})`);
  if (v.length < minLen || v.length > maxLen) {
    throw new UserError(`${field} must have ${minLen === maxLen ? minLen : `${minLen}..${maxLen === Infinity ? '' : maxLen}`} entries (got ${v.length})`);
  }
  return v;
}

export function number(v: unknown, field: string, min = -Infinity, max = Infinity): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max) {
    throw new UserError(`${field} must be a number in ${min}..${max} (got ${show(v)})`);
  }
  return v;
}

export function integer(v: unknown, field: string, min = -Number.MAX_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    throw new UserError(`${field} must be an integer in ${min}..${max} (got ${show(v)})`);
  }
  return v;
}

export function boolean(v: unknown, field: string): boolean {
  if (typeof v !== 'boolean') throw new UserError(`${field} must be true or false (got ${show(v)})`);
  return v;
}

export function string(v: unknown, field: string, allowed?: readonly string[]): string {
  if (typeof v !== 'string' || (allowed && !allowed.includes(v))) {
    throw new UserError(`${field} must be ${allowed ? `one of ${allowed.join(', ')}` : 'a string'} (got ${show(v)})`);
  }
  return v;
}

/** Reject keys a rules file should not have (typos would otherwise be silently ignored). */
export function onlyKeys(obj: Record<string, unknown>, field: string, allowed: readonly string[]): void {
  for (const k of Object.keys(obj)) {
    if (!allowed.includes(k)) throw new UserError(`${field}: unknown field "${k}" (known: ${allowed.join(', ')})`);
  }
}

/** Parse a command-line integer option strictly ("12", "1e6", "1_000_000"); names the option on failure. */
export function parseIntArg(text: string, name: string, min = -Number.MAX_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): number {
  const clean = text.trim().replace(/_/g, '');
  const v = /^[-+]?\d+(\.\d+)?(e\+?\d+)?$/i.test(clean) ? Number(clean) : NaN;
  if (!Number.isInteger(v) || v < min || v > max) {
    throw new UserError(`${name} must be an integer in ${min}..${max} (got ${JSON.stringify(text)})`);
  }
  return v;
}

export function parseNumberArg(text: string, name: string, min = -Infinity, max = Infinity): number {
  const clean = text.trim();
  const v = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(clean) ? Number(clean) : NaN;
  if (!Number.isFinite(v) || v < min || v > max) {
    throw new UserError(`${name} must be a number in ${min}..${max} (got ${JSON.stringify(text)})`);
  }
  return v;
}

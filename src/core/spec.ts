/**
 * One strategy spec syntax for every game: `name`, `name:k=v,k=v` (named numeric parameters), or
 * `name:value` for a strategy with one main parameter (e.g. `threshold:3000`). Specs are plain data,
 * so they cross into worker threads and part files. Parsing is strict: no empty items, no hex, and
 * a parameter declared whole (a count, a 0/1 flag) takes a whole number.
 */
import { UserError } from './errors.js';
import { isDecimal } from './parse.js';

export interface StrategySpec {
  name: string;
  /** named numeric parameters (`k=v`) */
  params: Record<string, number>;
  /** the text after the colon when it is not `k=v` pairs (the strategy parses it) */
  arg?: string;
}

const KEY = /^[A-Za-z]\w*$/;

export function parseSpec(text: string): StrategySpec {
  const t = text.trim();
  const colon = t.indexOf(':');
  const name = colon < 0 ? t : t.slice(0, colon);
  if (!name) throw new UserError(`strategy ${JSON.stringify(text)}: no name`);
  if (colon < 0) return { name, params: {} };
  const rest = t.slice(colon + 1);
  if (rest.trim() === '') throw new UserError(`strategy ${name}: nothing after the colon`);
  // k=v pairs separated by commas (a colon is accepted too: Liar's Dice labels print that form)
  const parts = rest.split(/[,:]/).map((p) => p.trim());
  const empty = parts.indexOf('');
  if (empty >= 0) throw new UserError(`strategy ${name}: item ${empty + 1} of ${JSON.stringify(rest)} is empty (parameters are separated by single commas)`);
  if (parts.every((p) => p.includes('='))) {
    const params: Record<string, number> = {};
    for (const kv of parts) {
      const eq = kv.indexOf('=');
      const k = kv.slice(0, eq).trim(), v = kv.slice(eq + 1).trim();
      if (!KEY.test(k) || !isDecimal(v)) throw new UserError(`strategy ${name}: parameter ${JSON.stringify(kv)} must look like name=number`);
      if (k in params) throw new UserError(`strategy ${name}: parameter ${k} given twice`);
      params[k] = Number(v);
    }
    return { name, params };
  }
  return { name, params: {}, arg: rest };
}

/** The spec as text again: parseSpec(specText(s)) gives s back. */
export function specText(s: StrategySpec): string {
  if (s.arg !== undefined) return `${s.name}:${s.arg}`;
  const ps = Object.entries(s.params).map(([k, v]) => `${k}=${v}`);
  return ps.length ? `${s.name}:${ps.join(',')}` : s.name;
}

/** A declared numeric parameter of a strategy: its default and range; `integer` for counts and 0/1 flags. */
export interface ParamSchema {
  default: number;
  min: number;
  max: number;
  integer?: boolean;
  help?: string;
}

export type ParamSchemas = Readonly<Record<string, ParamSchema>>;

/** The default of every declared parameter, in declaration order. */
export function defaultsOf(schemas: ParamSchemas): Record<string, number> {
  return Object.fromEntries(Object.entries(schemas).map(([k, p]) => [k, p.default]));
}

/**
 * A spec's parameters checked against the declared ones, defaults filled in (in declaration
 * order). `name:value` sets the main parameter; unknown names, values out of range and fractions
 * where a whole number is declared are refused, naming the strategy and the parameter.
 */
export function resolveParams(spec: StrategySpec, schemas: ParamSchemas, main?: string): Record<string, number> {
  const keys = Object.keys(schemas);
  const known = `parameters: ${keys.join(', ') || 'none'}`;
  const given: Record<string, number> = { ...spec.params };
  if (spec.arg !== undefined) {
    if (main === undefined) throw new UserError(`strategy ${spec.name}: ${JSON.stringify(spec.arg)} must look like name=number (${known})`);
    const p = schemas[main];
    if (!isDecimal(spec.arg)) throw new UserError(`strategy ${spec.name}: ${main} must be ${p.integer ? 'an integer' : 'a number'} in ${p.min}..${p.max} (got ${JSON.stringify(spec.arg)})`);
    given[main] = Number(spec.arg);
  }
  const params: Record<string, number> = {};
  for (const k of keys) params[k] = schemas[k].default;
  for (const [k, v] of Object.entries(given)) {
    const p = Object.prototype.hasOwnProperty.call(schemas, k) ? schemas[k] : undefined;
    if (!p) throw new UserError(`strategy ${spec.name}: unknown parameter ${k} (${known})`);
    if (v < p.min || v > p.max || (p.integer && !Number.isInteger(v))) {
      throw new UserError(`strategy ${spec.name}: ${k} must be ${p.integer ? 'an integer' : 'a number'} in ${p.min}..${p.max} (got ${v})`);
    }
    params[k] = v;
  }
  return params;
}

/**
 * A comma-separated list of specs, one per seat: "search:n=4,k=2,random". A piece that continues
 * the spec before it — `k=v` (its next parameter), or whatever `continues` matches — is joined
 * back to it; an empty item is refused naming the option.
 */
export function splitSpecList(text: string, what: string, continues: RegExp = /^[A-Za-z]\w*=/): string[] {
  const out: string[] = [];
  const items = text.split(',').map((s) => s.trim());
  if (text.trim() === '') throw new UserError(`${what}: the list is empty`);
  items.forEach((p, i) => {
    if (p === '') throw new UserError(`${what}: item ${i + 1} of ${JSON.stringify(text)} is empty (a list is separated by single commas)`);
    if (out.length && out[out.length - 1].includes(':') && continues.test(p)) out[out.length - 1] += ',' + p;
    else out.push(p);
  });
  return out;
}

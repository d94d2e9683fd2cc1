/**
 * One strategy spec syntax for every game: `name`, `name:k=v,k=v` (named numeric parameters), or
 * `name:value` for a strategy with one main parameter (e.g. `threshold:3000`). Specs are plain data,
 * so they cross into worker threads and part files.
 */
import { UserError } from './errors.js';

export interface StrategySpec {
  name: string;
  /** named numeric parameters (`k=v`) */
  params: Record<string, number>;
  /** the text after the colon when it is not `k=v` pairs (the strategy parses it) */
  arg?: string;
}

const KV = /^([A-Za-z]\w*)=([-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?)$/i;

export function parseSpec(text: string): StrategySpec {
  const t = text.trim();
  const colon = t.indexOf(':');
  const name = colon < 0 ? t : t.slice(0, colon);
  if (!name) throw new UserError(`strategy ${JSON.stringify(text)}: no name`);
  if (colon < 0) return { name, params: {} };
  const rest = t.slice(colon + 1);
  if (rest === '') throw new UserError(`strategy ${name}: nothing after the colon`);
  // k=v pairs, separated by commas (a colon is accepted too, as older specs wrote it)
  const parts = rest.split(/[,:]/);
  if (parts.every((p) => p.includes('='))) {
    const params: Record<string, number> = {};
    for (const kv of parts) {
      const m = KV.exec(kv.trim());
      if (!m) throw new UserError(`strategy ${name}: parameter ${JSON.stringify(kv)} must look like name=number`);
      if (m[1] in params) throw new UserError(`strategy ${name}: parameter ${m[1]} given twice`);
      params[m[1]] = Number(m[2]);
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

/** What a registry needs to know of each strategy. */
export interface RegisteredStrategy {
  name: string;
  /** one line for --help, e.g. "threshold:T — stop once the turn total reaches T" */
  usage: string;
}

/** A game's strategies by name: lookup with a one-line error listing the known names. */
export class StrategyRegistry<S extends RegisteredStrategy> {
  private readonly byName = new Map<string, S>();

  constructor(readonly game: string, strategies: readonly S[]) {
    for (const s of strategies) {
      if (this.byName.has(s.name)) throw new Error(`${game}: strategy ${s.name} registered twice`);
      this.byName.set(s.name, s);
    }
  }

  get names(): string[] {
    return [...this.byName.keys()];
  }

  get all(): S[] {
    return [...this.byName.values()];
  }

  get(name: string): S {
    const s = this.byName.get(name);
    if (!s) throw new UserError(`unknown strategy ${JSON.stringify(name)} (known: ${this.names.join(', ')})`);
    return s;
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** Parse a spec and check its name. */
  parse(text: string): { strategy: S; spec: StrategySpec } {
    const spec = parseSpec(text);
    return { strategy: this.get(spec.name), spec };
  }

  usage(): string {
    return this.all.map((s) => s.usage).join(' | ');
  }
}

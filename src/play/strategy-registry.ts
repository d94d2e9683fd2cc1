/**
 * The one strategy registry every game uses: a game lists its strategies (name, one usage line,
 * declared numeric parameters, how to make one) and gets from here the spec syntax of
 * src/core/spec.ts — `name`, `name:k=v,…`, or `name:value` for a strategy's main parameter —
 * checked against the declared parameters with the same one-line errors in every game, the
 * labels outputs print, the usage text of the help, and the factory. A parsed spec is plain data
 * (every declared parameter with its value), so it crosses into worker threads and part files.
 *
 * Browser-safe (questions bundled into the workbench reach it through a game's registry).
 */
import { UserError } from '../core/errors.js';
import { parseSpec, resolveParams, type ParamSchemas, type StrategySpec } from '../core/spec.js';

/** What the registry needs to know of each strategy. */
export interface RegisteredStrategy {
  name: string;
  /** one line for --help, e.g. "rule28[:stop=S,top=T] — the Rule of 28" */
  usage: string;
  /** declared parameters; absent or empty: the strategy takes none */
  params?: ParamSchemas;
  /** the parameter `name:value` sets (none: only `name:k=v` is accepted) */
  main?: string;
  /**
   * A check of its own in place of `params` and `main` (a game module's player, whose parameters
   * are rules fields, src/games/define.ts): the spec's parameters checked, defaults filled in.
   */
  check?(spec: StrategySpec, text: string): Readonly<Record<string, unknown>>;
}

/** A strategy with its factory: `create(params, …context)`, params checked with defaults filled in. */
export interface StrategyEntry extends RegisteredStrategy {
  create(params: Readonly<Record<string, number>>, ...context: never[]): unknown;
}

/** A checked spec as data: the strategy's name and every declared parameter's value. */
export interface ParsedStrategy {
  name: string;
  params: Record<string, number>;
}

/** The context a strategy's factory takes after its parameters. */
export type CreateContext<E extends StrategyEntry> = E['create'] extends (p: never, ...context: infer C) => unknown ? C : never;

/** How a game prints its specs (the outputs people already read). */
export interface RegistryStyle {
  /** labels write every parameter, not only those that differ from their defaults */
  labelEvery?: boolean;
  /** between two strategies' usage lines in --help (default " | ") */
  usageSeparator?: string;
  /** the message for a name the registry lacks (default: "unknown strategy …" listing the known) */
  unknown?: (name: string, known: readonly string[]) => string;
}

/** A game's strategies by name: lookup, spec parsing and checking, labels, usage text, creation. */
export class StrategyRegistry<E extends RegisteredStrategy> {
  private readonly byName = new Map<string, E>();

  constructor(readonly game: string, strategies: readonly E[], private readonly style: RegistryStyle = {}) {
    for (const s of strategies) {
      if (this.byName.has(s.name)) throw new Error(`${game}: strategy ${s.name} registered twice`);
      this.byName.set(s.name, s);
    }
  }

  /** the names, in the order the game lists them */
  get names(): string[] {
    return [...this.byName.keys()];
  }

  get all(): E[] {
    return [...this.byName.values()];
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** The strategy of this name; an unknown name is a UserError listing the known ones. */
  get(name: string): E {
    const s = this.byName.get(name);
    if (!s) throw new UserError(this.style.unknown?.(name, this.names) ?? `unknown strategy ${JSON.stringify(name)} (known: ${this.names.join(', ')})`);
    return s;
  }

  /**
   * A spec read and checked: its name first (an unknown name is reported before its parameters),
   * then its parameters against the declared ones. `spec` is what was written (its `params` only
   * the given ones), `params` every declared parameter with its value.
   */
  resolve(text: string): { strategy: E; spec: StrategySpec; params: Record<string, number> } {
    const name = text.trim().split(':')[0];
    if (name) this.get(name);
    const spec = parseSpec(text);
    const strategy = this.get(spec.name);
    // a checked entry's values are its fields' (numbers from the spec, defaults of any kind): only
    // its own create reads them
    if (strategy.check) return { strategy, spec, params: strategy.check(spec, text) as Record<string, number> };
    const declared = strategy.params ?? {};
    if (Object.keys(declared).length === 0 && (spec.arg !== undefined || Object.keys(spec.params).length > 0)) {
      throw new UserError(`strategy ${spec.name} takes no parameters (got ${JSON.stringify(text)})`);
    }
    return { strategy, spec, params: resolveParams(spec, declared, strategy.main) };
  }

  /** A spec as checked data: the name and every declared parameter (defaults filled in). */
  parse(text: string): ParsedStrategy {
    const { strategy, params } = this.resolve(text);
    return { name: strategy.name, params };
  }

  /**
   * The spec as outputs print it, `name:k=v,…`: the parameters that differ from their defaults
   * (every parameter where the game's style says so); parse(label(s)) gives s back.
   */
  label(s: ParsedStrategy): string {
    const declared = this.get(s.name).params ?? {};
    const every = this.style.labelEvery === true;
    const ps = Object.entries(s.params).filter(([k, v]) => every || declared[k]?.default !== v).map(([k, v]) => `${k}=${v}`);
    return ps.length ? `${s.name}:${ps.join(',')}` : s.name;
  }

  /** The usage lines of the strategies, in order, on one line (for --help). */
  usage(): string {
    return this.all.map((s) => s.usage).join(this.style.usageSeparator ?? ' | ');
  }

  /** The strategy a checked spec names, made with its parameters and the game's context. */
  create<F extends E & StrategyEntry>(this: StrategyRegistry<F>, s: ParsedStrategy, ...context: CreateContext<F>): ReturnType<F['create']> {
    const entry = this.get(s.name);
    return Reflect.apply(entry.create, entry, [s.params, ...context]) as ReturnType<F['create']>;
  }
}

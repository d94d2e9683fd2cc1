/**
 * The public game API: a game is one ES module whose default export is `defineGame({ … })`. Only
 * the required parts (id, title, rules, state) are needed for every generic tool (tournament,
 * balance and its sweeps, ladder, fields, check-game, shards and merge); the optional parts
 * (players, findings, ladder rungs) are what a game says about itself.
 *
 * `defineGame` checks the definition's shape and throws one line naming what is wrong; it returns
 * the same object, branded, typed by the game's rules type `R`.
 */
import { UserError } from '../core/errors.js';
import type { Field, RulesSchema } from '../core/schema.js';
import type { GameState, Outcome, StateFinding, StatePlayer } from './state.js';

/**
 * A partial rules object (a preset: laid over the defaults, then validated). Of a game held without
 * its rules type (R = never) it is unknown, so any game's presets fit there.
 */
export type PartialRules<R> = [R] extends [never] ? unknown : R extends readonly unknown[] ? R : R extends object ? { [K in keyof R]?: PartialRules<R[K]> } : R;

/** One of a game's own players: `name` or `name:k=v,…` with its declared parameters. */
export interface PlayerDefinition<R = never> {
  /** one line: how it plays */
  summary: string;
  /** its parameters as rules fields (kind, help, min, max, default): `greedy:depth=2` */
  params?: Readonly<Record<string, Field>>;
  /**
   * The player at `seat` of a table of `players` seats; `params` holds every declared parameter
   * (the spec's values over the defaults, validated).
   */
  create(rules: R, params: Readonly<Record<string, unknown>>, seat: number, players: number): StatePlayer;
}

/** What a game module's default export declares. */
export interface GameDefinition<R = unknown> {
  /** /^[a-z][a-z0-9-]*$/: the command group (`oddsmith <id> balance`) and the kernel names' prefix */
  id: string;
  title: string;
  /** one line for `oddsmith --help` (default: the title) */
  summary?: string;
  rules: {
    /** the rules fields (src/core/schema.ts Field objects): validation, defaults, `--set`, `fields` */
    fields: Readonly<Record<string, Field>>;
    /** a cross-field check run after the fields are valid: throw an Error naming the field */
    check?: (rules: NoInfer<R>, where: string) => void;
    /** named partial rules (`--rules <name>`), laid over the defaults and validated */
    presets?: Readonly<Record<string, PartialRules<NoInfer<R>>>>;
  };
  state: {
    /** seats allowed under these rules, and the usual table */
    seats(rules: R): { min: number; max: number; default: number };
    /** a new game (before its first chance event) with `players` seats */
    newGame(rules: R, players: number): GameState;
    /** what `returns` holds; absent: win/lose */
    outcome?(rules: R, players: number): Outcome;
    /** names of the seats when seats are roles */
    roles?: readonly string[];
    /** the team of each seat, where partners share one result */
    teams?: readonly number[];
  };
  /** the game's own players, by name (every game also has `uniform` and `ismcts`) */
  players?: Readonly<Record<string, PlayerDefinition<R>>>;
  /** figures measured on every finished game of a ladder's self-play */
  findings?: readonly StateFinding[];
  /** `ladder`'s default rungs, weakest first (absent: uniform, then the game's players) */
  ladder?: { rungs: readonly string[] };
}

/** Marks an object made by defineGame (a global symbol: the same from sources and from dist/). */
export const GAME_DEFINITION: unique symbol = Symbol.for('oddsmith.gameDefinition');

export type DefinedGame<R = unknown> = GameDefinition<R> & { readonly [GAME_DEFINITION]: true };

/** The id pattern of a game (a folder name and a command group). */
export const GAME_ID = /^[a-z][a-z0-9-]*$/;
/** Player names the generic players take. */
const GENERIC_NAMES = ['uniform', 'ismcts'];
const FIELD_KINDS = ['integer', 'number', 'boolean', 'enum', 'string', 'valueOf', 'object', 'list', 'map'];
const PARTS = ['id', 'title', 'summary', 'rules', 'state', 'players', 'findings', 'ladder'];

/** A definition that breaks the API: one line naming the game and the part. */
export class GameDefinitionError extends UserError {
  override name = 'GameDefinitionError';
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isFunction = (x: unknown): x is (...args: never[]) => unknown => typeof x === 'function';

function checkField(f: unknown, at: string, fail: (m: string) => never): void {
  if (!isObject(f)) return fail(`${at} must be a field object ({ kind, help, … })`);
  if (typeof f.kind !== 'string' || !FIELD_KINDS.includes(f.kind)) fail(`${at}.kind must be one of ${FIELD_KINDS.join(', ')} (got ${JSON.stringify(f.kind)})`);
  if (typeof f.help !== 'string') fail(`${at}.help must be a string (one line: what the field means)`);
  if ((f.kind === 'integer' || f.kind === 'number') && (f.min === undefined || f.max === undefined)) fail(`${at}: a ${f.kind} field needs min and max`);
  if (f.kind === 'enum' && (!Array.isArray(f.values) || f.values.length === 0)) fail(`${at}.values must list the choices`);
  if (f.kind === 'object') {
    if (!isObject(f.fields)) return fail(`${at}.fields must be an object of fields`);
    for (const [k, sub] of Object.entries(f.fields)) checkField(sub, `${at}.fields.${k}`, fail);
  }
  if (f.kind === 'list' || f.kind === 'map') checkField(f.of, `${at}.of`, fail);
}

/** Throws a GameDefinitionError naming the first part of `def` that breaks the API. */
export function checkDefinition(def: unknown): asserts def is GameDefinition {
  if (!isObject(def)) throw new GameDefinitionError(`defineGame: expects an object ({ id, title, rules, state, … }), got ${def === null ? 'null' : Array.isArray(def) ? 'an array' : typeof def}`);
  const name = typeof def.id === 'string' ? def.id : '?';
  const fail = (m: string): never => {
    throw new GameDefinitionError(`defineGame(${name}): ${m}`);
  };
  for (const k of Object.keys(def)) if (!PARTS.includes(k)) fail(`unknown part ${JSON.stringify(k)} (parts: ${PARTS.join(', ')})`);
  if (typeof def.id !== 'string' || !GAME_ID.test(def.id)) fail(`id must match ${GAME_ID} (lower-case letters, digits, -; got ${JSON.stringify(def.id)})`);
  if (typeof def.title !== 'string' || def.title.trim() === '') fail('title must be a non-empty string');
  if (def.summary !== undefined && typeof def.summary !== 'string') fail('summary must be a string');
  if (!isObject(def.rules)) fail('rules is required: { fields, check?, presets? }');
  const rules = def.rules as Record<string, unknown>;
  for (const k of Object.keys(rules)) if (!['fields', 'check', 'presets'].includes(k)) fail(`rules: unknown part ${JSON.stringify(k)} (parts: fields, check, presets)`);
  if (!isObject(rules.fields)) return fail('rules.fields is required: an object of rules fields (src/core/schema.ts)');
  for (const [k, f] of Object.entries(rules.fields)) checkField(f, `rules.fields.${k}`, fail);
  if (rules.check !== undefined && !isFunction(rules.check)) fail('rules.check must be a function (rules, where) => void');
  if (rules.presets !== undefined) {
    if (!isObject(rules.presets)) return fail('rules.presets must be an object of named partial rules');
    for (const [k, p] of Object.entries(rules.presets)) {
      if (!/^[\w-]+$/.test(k)) fail(`rules.presets: the name ${JSON.stringify(k)} is not a preset name (letters, digits, -)`);
      if (!isObject(p)) fail(`rules.presets.${k} must be an object (partial rules)`);
    }
  }
  if (!isObject(def.state)) fail('state is required: { seats, newGame, outcome?, roles?, teams? }');
  const state = def.state as Record<string, unknown>;
  for (const k of Object.keys(state)) if (!['seats', 'newGame', 'outcome', 'roles', 'teams'].includes(k)) fail(`state: unknown part ${JSON.stringify(k)} (parts: seats, newGame, outcome, roles, teams)`);
  if (!isFunction(state.seats)) fail('state.seats must be a function (rules) => { min, max, default }');
  if (!isFunction(state.newGame)) fail('state.newGame must be a function (rules, players) => GameState');
  if (state.outcome !== undefined && !isFunction(state.outcome)) fail('state.outcome must be a function (rules, players) => Outcome');
  if (state.roles !== undefined && !(Array.isArray(state.roles) && state.roles.every((r) => typeof r === 'string'))) fail('state.roles must be a list of names');
  if (state.teams !== undefined && !(Array.isArray(state.teams) && state.teams.every((t) => Number.isInteger(t) && t >= 0))) fail('state.teams must be a list of team numbers');
  if (def.players !== undefined) {
    if (!isObject(def.players)) return fail('players must be an object: name → { summary, params?, create }');
    for (const [k, p] of Object.entries(def.players)) {
      if (!/^[a-z][\w-]*$/i.test(k)) fail(`players: the name ${JSON.stringify(k)} is not a player name (a letter, then letters, digits, _ or -)`);
      if (GENERIC_NAMES.includes(k)) fail(`players.${k}: every game already has ${k} (choose another name)`);
      if (!isObject(p)) return fail(`players.${k} must be { summary, params?, create }`);
      if (typeof p.summary !== 'string') fail(`players.${k}.summary must be a string`);
      if (!isFunction(p.create)) fail(`players.${k}.create must be a function (rules, params, seat, players) => { act(state, rng) }`);
      if (p.params !== undefined) {
        if (!isObject(p.params)) return fail(`players.${k}.params must be an object of fields`);
        for (const [q, f] of Object.entries(p.params)) checkField(f, `players.${k}.params.${q}`, fail);
      }
    }
  }
  if (def.findings !== undefined) {
    if (!Array.isArray(def.findings)) return fail('findings must be a list of { name, kind, measure }');
    def.findings.forEach((f: unknown, i) => {
      if (!isObject(f) || typeof f.name !== 'string') fail(`findings[${i}].name must be a string`);
      const o = f as Record<string, unknown>;
      if (o.kind !== 'rate' && o.kind !== 'value') fail(`findings[${i}].kind must be 'rate' or 'value'`);
      if (!isFunction(o.measure)) fail(`findings[${i}].measure must be a function (state, returns) => number`);
    });
  }
  if (def.ladder !== undefined && !(isObject(def.ladder) && Array.isArray(def.ladder.rungs) && def.ladder.rungs.every((r) => typeof r === 'string'))) fail('ladder must be { rungs: [player specs] }');
}

/**
 * Declare a game: checks the definition (one line naming the wrong part) and returns it, branded.
 * The rules type `R` is inferred from `state.newGame`'s parameter, or given: `defineGame<MyRules>({…})`.
 */
export function defineGame<R>(def: GameDefinition<R>): DefinedGame<R> {
  checkDefinition(def);
  Object.defineProperty(def, GAME_DEFINITION, { value: true, enumerable: false });
  return def as DefinedGame<R>;
}

/** The rules schema of a definition (src/core/schema.ts), for validation, defaults and `fields`. */
export function definitionSchema(def: GameDefinition<never>): RulesSchema {
  const check = def.rules.check;
  return {
    game: def.id,
    sep: '.',
    root: { kind: 'object', help: `${def.title} rules`, fields: def.rules.fields },
    ...(check ? { check: check as RulesSchema['check'] } : {}),
  };
}

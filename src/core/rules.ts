/**
 * Rules files, the same way for every game: `--rules <name|file>` and `--set field=value`.
 * A bare name is a shipped preset, rules/<game>/<name>.json; anything with a slash or ending in
 * .json is a path. Validation is the game's (it names the bad field and the allowed range).
 */
import { UserError } from './errors.js';
import { existsSync } from 'node:fs';
import { splitList } from './parse.js';
import { nestedDeeperThan, readJsonFile, showPath } from './files.js';
import { PRESET_FAMILIES, presetNames, rulesPath } from './paths.js';
import { resolve } from 'node:path';
import { defaults, oneBasedPaths, validate, type RulesSchema } from './schema.js';

/**
 * A game's validator. `oneBased` names array fields a person counts from 1 (Weilong's Sons 1..5):
 * `--set penalty.1=3` is the first entry there, and messages number them the same way.
 */
export type Validate<T> = ((raw: unknown, where: string) => T) & { oneBased?: readonly string[] };

/**
 * Where a rules argument points: a shipped preset by name, or a file. A preset of a family the game
 * reads (`farkle/10000` for wulong, see PRESET_FAMILIES) is found in the package from any folder,
 * unless a file of that name is where the user is.
 */
export function resolveRulesPath(game: string, nameOrPath?: string): { path: string; label: string } {
  if (nameOrPath === undefined) return { path: rulesPath(game), label: `rules/${game}/default.json` };
  const family = /^([\w-]+)\/([\w-]+)$/.exec(nameOrPath);
  if (family && [game, ...(PRESET_FAMILIES[game] ?? [])].includes(family[1]) && !existsSync(nameOrPath)) {
    return { path: rulesPath(family[1], family[2]), label: `rules/${family[1]}/${family[2]}.json` };
  }
  if (nameOrPath.endsWith('.json') || nameOrPath.includes('/')) return { path: nameOrPath, label: nameOrPath };
  if (!/^[\w-]+$/.test(nameOrPath)) throw new UserError(`--rules ${JSON.stringify(nameOrPath)}: expected a preset name (letters, digits, -) or a .json file`);
  return { path: rulesPath(game, nameOrPath), label: `rules/${game}/${nameOrPath}.json` };
}

/** Every rules file read by this thread since the last takeRulesFilesRead(): the report cache's inputs. */
const rulesFilesRead = new Set<string>();
export function takeRulesFilesRead(): string[] {
  const paths = [...rulesFilesRead].sort();
  rulesFilesRead.clear();
  return paths;
}

/** Read the raw JSON of a rules file (before validation): for sweeps that vary fields of it. */
export function readRawRules(game: string, nameOrPath?: string): { raw: unknown; label: string } {
  const { path, label } = resolveRulesPath(game, nameOrPath);
  if (nameOrPath !== undefined && !existsSync(path)) {
    // say what was looked for, and what there is
    const presets = `presets: ${presetNames(game).join(', ')}`;
    const preset = path !== nameOrPath;
    throw new UserError(`cannot read rules file ${showPath(nameOrPath)}: ${preset ? `no preset by that name (looked for ${showPath(label)} in the package); ${presets}; or give a .json file` : `no such file (${presets})`}`);
  }
  rulesFilesRead.add(resolve(path));
  const raw = readJsonFile(path, 'rules file');
  // no rules file nests deeper than a few levels; a deeper one would overflow the validator's stack
  if (nestedDeeperThan(raw, 32)) throw new UserError(`rules file ${label} is nested more than 32 deep: not a rules file`);
  return { raw, label };
}

/** Load, apply `--set` overrides, validate. */
export function loadRulesFile<T>(game: string, nameOrPath: string | undefined, validate: Validate<T>, sets: readonly string[] = []): T {
  const { raw, label } = readRawRules(game, nameOrPath);
  if (!sets.length) return validate(raw, label);
  try {
    return validate(applySets(raw, sets, validate.oneBased), label);
  } catch (e) {
    // the validator names the field; say which --set put the bad value there
    if (e instanceof UserError && !e.message.startsWith('--set')) throw new UserError(`${e.message} (after --set ${sets.join(' --set ')})`);
    throw e;
  }
}

/**
 * One step of a path: a field or entry by name (`.faces`, `.panda`, `.5`), or a list entry by
 * position (`[5]`).
 */
type Step = { key: string } | { pos: number };

/**
 * A path as steps: dotted segments, each optionally followed by positions in brackets
 * (`faces[5].score.3`). Refused in one line when a segment is empty or a bracket is not `[digits]`.
 */
function pathSteps(path: string): Step[] {
  const steps: Step[] = [];
  for (const seg of path.split('.')) {
    const m = /^([^[\]]*)((?:\[\d+\])*)$/.exec(seg);
    if (!m || (m[1] === '' && m[2] === '')) throw new UserError(`--set ${path}: cannot read the path (fields are separated by dots; a list position is written [n], e.g. faces[0])`);
    if (m[1] !== '') steps.push({ key: m[1] });
    for (const b of m[2].match(/\d+/g) ?? []) steps.push({ pos: Number(b) });
  }
  return steps;
}

/** An array entry's id (or name), when it has one. */
function idOf(e: unknown): string | undefined {
  if (!e || typeof e !== 'object') return undefined;
  const r = e as Record<string, unknown>;
  const id = r.id ?? r.name;
  return typeof id === 'string' ? id : undefined;
}

/**
 * The child a step names. In a list, `.x` is the entry whose id (or name) is x; a number that is
 * no entry's id is the position, and `[n]` is always the position — so on the Farkle presets
 * (face ids "1"…"6") `faces.5` is the fives and `faces[5]` the sixes. Positions count from 1 for a
 * `oneBased` field (Weilong's Sons 1..5), from 0 elsewhere.
 */
function childKey(container: unknown, step: Step, oneBased = false): string | number | undefined {
  if (Array.isArray(container)) {
    const position = (n: number) => {
      const i = n - (oneBased ? 1 : 0);
      return i >= 0 && i < container.length ? i : undefined;
    };
    if ('pos' in step) return position(step.pos);
    const i = container.findIndex((e) => idOf(e) === step.key);
    if (i >= 0) return i;
    return /^\d+$/.test(step.key) ? position(Number(step.key)) : undefined;
  }
  if ('pos' in step) return undefined;
  if (container && typeof container === 'object' && Object.prototype.hasOwnProperty.call(container, step.key)) return step.key;
  return undefined;
}

/** Steps written back as a path (for messages and for the `oneBased` lookup). */
function pathText(steps: readonly Step[]): string {
  return steps.map((st, i) => ('pos' in st ? `[${st.pos}]` : `${i ? '.' : ''}${st.key}`)).join('');
}

/** The value at a path ("bettingCards.panda.odds", "faces[0].score.1"), or undefined. */
export function getPath(root: unknown, path: string, oneBased: readonly string[] = []): unknown {
  let c: unknown = root;
  const steps = pathSteps(path);
  for (const [i, st] of steps.entries()) {
    const key = childKey(c, st, oneBased.includes(pathText(steps.slice(0, i))));
    if (key === undefined) return undefined;
    c = (c as Record<string | number, unknown>)[key];
  }
  return c;
}

/** What may follow `at` in a path: an object's fields, an array's entry numbers (and ids). */
function choicesOf(v: unknown, at: string, oneBased: boolean): string {
  const where = at ? `${at} has` : 'fields:';
  if (Array.isArray(v)) {
    const ids = v.map(idOf).filter((x) => x !== undefined);
    const base = oneBased ? 1 : 0;
    if (!v.length) return ` (${at || 'the rules'} is empty)`;
    if (ids.length) return ` (${where} entries by id: ${ids.join(', ')}; by position ${at}[${base}]..${at}[${v.length - 1 + base}])`;
    return ` (${where} entries ${base}..${v.length - 1 + base})`;
  }
  return v && typeof v === 'object' ? ` (${at ? `${at} has fields` : 'fields'}: ${Object.keys(v).join(', ')})` : ` (${at} is a value, not a group of fields)`;
}

/**
 * A deep copy with one field set from text. The field must exist and hold a number, true/false or
 * a word; the new value keeps its type. `--set` names the field in every error, and what the
 * path could have said instead at the step that failed.
 */
export function setPath<T>(root: T, path: string, text: string, oneBased: readonly string[] = []): T {
  const copy = structuredClone(root);
  const steps = pathSteps(path);
  let parent: unknown = copy;
  for (const [i, st] of steps.slice(0, -1).entries()) {
    const at = pathText(steps.slice(0, i));
    const key = childKey(parent, st, oneBased.includes(at));
    if (key === undefined) throw new UserError(`--set ${path}: no rules field by that name${choicesOf(parent, at, oneBased.includes(at))}`);
    parent = (parent as Record<string | number, unknown>)[key];
  }
  const at = pathText(steps.slice(0, -1));
  const last = childKey(parent, steps[steps.length - 1], oneBased.includes(at));
  const current = last === undefined ? undefined : (parent as Record<string | number, unknown>)[last];
  if (last === undefined || current === undefined) throw new UserError(`--set ${path}: no rules field by that name${choicesOf(parent, at, oneBased.includes(at))}`);
  if (typeof current === 'object' && current !== null) throw new UserError(`--set ${path}: no rules field by that name: it is a group${choicesOf(current, path, oneBased.includes(path))}`);
  let value: unknown;
  if (typeof current === 'number') {
    value = parseNumber(text);
    if (value === undefined) throw new UserError(`--set ${path}: expects a number (got ${JSON.stringify(text)})`);
  } else if (typeof current === 'boolean') {
    if (text !== 'true' && text !== 'false') throw new UserError(`--set ${path}: expects true or false (got ${JSON.stringify(text)})`);
    value = text === 'true';
  } else value = text;
  (parent as Record<string | number, unknown>)[last] = value;
  return copy;
}

/** Apply "field=value" overrides in order (the caller validates the result). */
export function applySets<T>(raw: T, sets: readonly string[], oneBased: readonly string[] = []): T {
  let out = raw;
  for (const s of sets) {
    const eq = s.indexOf('=');
    if (eq <= 0) throw new UserError(`--set expects field=value (got ${JSON.stringify(s)})`);
    out = setPath(out, s.slice(0, eq).trim(), s.slice(eq + 1).trim(), oneBased);
  }
  return out;
}

function parseNumber(text: string): number | undefined {
  const t = text.trim().replace(/_/g, '');
  const v = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(t) ? Number(t) : NaN;
  return Number.isFinite(v) ? v : undefined;
}

/** One swept field: a dotted rules path and its values. */
export interface SweepField {
  path: string;
  values: number[];
}

export const MAX_SWEEP_POINTS = 400;

/**
 * Parse "--set field=values" for sweeps: "a..b" (step 1), "a..b:step", "a,b,c" or one number.
 * Ranges include both ends (rounded to 1e-9 so 0.5 steps do not drift).
 */
export function parseSweepSet(text: string): SweepField {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new UserError(`--set ${text}: expected FIELD=VALUES, e.g. bettingCards.panda.odds=1..4`);
  const path = text.slice(0, eq).trim();
  const spec = text.slice(eq + 1).trim();
  const what = `--set ${path}`;
  const num = (t: string) => {
    const v = parseNumber(t);
    if (v === undefined) throw new UserError(`${what}: "${t}" is not a number`);
    return v;
  };
  let values: number[];
  const range = /^(.+?)\.\.(.+?)(?::(.+))?$/.exec(spec);
  if (range) {
    const a = num(range[1]), b = num(range[2]), step = range[3] === undefined ? 1 : num(range[3]);
    if (step <= 0) throw new UserError(`${what}: the step must be positive (got ${step})`);
    if (b < a) throw new UserError(`${what}: the range ${spec} runs backwards`);
    const count = Math.floor((b - a) / step + 1e-9) + 1;
    if (count > MAX_SWEEP_POINTS) throw new UserError(`${what}: ${count} values is too many (at most ${MAX_SWEEP_POINTS})`);
    values = Array.from({ length: count }, (_, i) => Math.round((a + i * step) * 1e9) / 1e9);
  } else {
    values = splitList(spec, what).map(num);
  }
  if (values.length === 0) throw new UserError(`${what}: no values`);
  return { path, values };
}

/**
 * The rules at every point of a one-field sweep, each validated before any point runs: a value
 * out of range at the tenth point is refused at once, not after nine points of work. `fixed` are
 * the other --set fields; the message names the point's --set.
 */
export function sweepRules<T>(raw: unknown, label: string, fixed: readonly string[], field: SweepField, validate: Validate<T>): T[] {
  return field.values.map((v) => validate(applySets(raw, [...fixed, `${field.path}=${v}`], validate.oneBased), `${label} with --set ${field.path}=${v}`));
}

/** `over` laid on `base`: objects merged field by field, anything else (lists too) replaced. */
export function layOver(base: unknown, over: unknown): unknown {
  const plain = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
  if (!plain(base) || !plain(over)) return structuredClone(over);
  const out: Record<string, unknown> = structuredClone(base);
  for (const [k, v] of Object.entries(over)) out[k] = k in out ? layOver(out[k], v) : structuredClone(v);
  return out;
}

/**
 * Rules of a game that brings its schema and presets with it (a game module, src/games/define.ts):
 * no name is the fields' defaults; a preset name is that preset laid over the defaults; a path
 * (with a slash or ending in .json) is a JSON file, laid over the defaults too. Then `--set`, then
 * validation against the schema.
 */
export function loadSchemaRules(schema: RulesSchema, presets: Readonly<Record<string, unknown>>, nameOrPath?: string, sets: readonly string[] = []): unknown {
  const base = defaults(schema);
  let raw: unknown = base, label = 'rules';
  if (nameOrPath !== undefined && nameOrPath !== 'default') {
    if (Object.prototype.hasOwnProperty.call(presets, nameOrPath)) {
      raw = layOver(base, presets[nameOrPath]);
      label = `rules preset ${nameOrPath}`;
    } else if (nameOrPath.endsWith('.json') || nameOrPath.includes('/') || nameOrPath.includes('\\')) {
      if (!existsSync(nameOrPath)) throw new UserError(`cannot read rules file ${showPath(nameOrPath)}: no such file`);
      rulesFilesRead.add(resolve(nameOrPath));
      const file = readJsonFile(nameOrPath, 'rules file');
      if (nestedDeeperThan(file, 32)) throw new UserError(`rules file ${nameOrPath} is nested more than 32 deep: not a rules file`);
      raw = layOver(base, file);
      label = nameOrPath;
    } else {
      const shown = JSON.stringify(nameOrPath.length > 40 ? `${nameOrPath.slice(0, 37)}...` : nameOrPath);
      if (!/^[\w-]+$/.test(nameOrPath)) throw new UserError(`--rules ${shown}: expected a preset name (letters, digits, -) or a .json file`);
      const names = ['default', ...Object.keys(presets)];
      throw new UserError(`cannot read rules file ${shown}: ${schema.game} has no preset by that name (presets: ${names.join(', ')}); or give a .json file`);
    }
  }
  const check = (r: unknown, where: string) => validate(schema, r, where);
  return sets.length ? loadWithSets(raw, label, sets, Object.assign(check, { oneBased: oneBasedPaths(schema) })) : check(raw, label);
}

function loadWithSets<T>(raw: unknown, label: string, sets: readonly string[], check: Validate<T>): T {
  try {
    return check(applySets(raw, sets, check.oneBased), label);
  } catch (e) {
    if (e instanceof UserError && !e.message.startsWith('--set')) throw new UserError(`${e.message} (after --set ${sets.join(' --set ')})`);
    throw e;
  }
}

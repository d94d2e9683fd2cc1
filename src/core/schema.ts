/**
 * A game's rules file described once, as plain data: every field with its type, range, unit,
 * one-line help, default and (where the rules text is silent) the assumption it stands for. From
 * the schema, generically: validation (the messages of src/core/validate.ts), the defaults, the
 * `--set` paths, the docs field table and the list of assumed fields. What a tree cannot say (one
 * count must not exceed another) is the schema's `check`, run after the tree is valid.
 *
 * Bundled into the browser workbench: no `process`, no node modules here.
 */
import { UserError } from './errors.js';
import * as v from './validate.js';
import type { Json } from './validate.js';

/**
 * A range end: a number, or another field's value (a sibling first, else an enclosing section's
 * field) plus `add`; with `length`, the number of entries of that list.
 */
export type Bound = number | { ref: string; add?: number; length?: true };

interface FieldBase {
  /** one line: what the field means */
  help: string;
  /** what the number counts: points, dice, cards, rounds… (omitted for choices and switches) */
  unit?: string;
  /** the value in rules/<game>/default.json (a field without one is left out of the defaults) */
  default?: Json;
  /** the rules text does not say: the assumption this field's default stands for */
  assumed?: string;
  /**
   * the values the generic `assumptions` command re-measures an assumed field at, besides its
   * default (src/play/assumptions.ts); absent: the other values of a switch or a choice, half and
   * double the default of a number (within its range)
   */
  alternatives?: readonly Json[];
  /** what a rules file that leaves the field out gets (validated like a written value) */
  ifAbsent?: Json;
  /** may be left out (and stays out of the validated rules) */
  optional?: boolean;
  /** `null` is a value (an optional setting switched off) */
  nullable?: boolean;
  /** accepted in a file but not passed on to the game (comments, names the game does not use) */
  drop?: boolean;
  /**
   * what a rules file that leaves the field out gets instead: a sibling's value (a face's name is
   * its id), a list joined by `join` (a straight's name is its faces, D-T-3-4-5)
   */
  ifAbsentFrom?: { ref: string; join?: string };
}

export interface IntegerField extends FieldBase { kind: 'integer'; min: Bound; max: Bound }
/** `whole`: the number must also be whole, and the message says what it counts ("a whole number of money"). */
export interface NumberField extends FieldBase { kind: 'number'; min: Bound; max: Bound; whole?: string }
export interface BooleanField extends FieldBase { kind: 'boolean' }
export interface EnumField extends FieldBase { kind: 'enum'; values: readonly string[] }
export interface StringField extends FieldBase { kind: 'string' }
/**
 * One of the values other fields hold: `{ list: 'faces', key: 'id' }` is one of the ids of the
 * `faces` entries validated before it (a straight's faces, the instant win's face).
 */
export interface ValueOfField extends FieldBase { kind: 'valueOf'; list: string; key: string }
/**
 * Entries keyed by a whole number (the points of setting aside "3" dice of a face, a safe's limit
 * for "3" players). A bad key is refused as `<field> has <name> "k": <say> min..max`.
 */
export interface MapField extends FieldBase {
  kind: 'map';
  of: Field;
  keys: { min: Bound; max: Bound; name: string; say: string };
}
/** A named section: fixed fields. */
export interface ObjectField extends FieldBase {
  kind: 'object';
  fields: Readonly<Record<string, Field>>;
  /** say "`x` is missing" for an absent field before validating any (instead of the field's own message) */
  requireAll?: boolean;
}
/** A list of values; `oneBased` when a person counts its entries from 1 (`--set penalty.1` is the first). */
export interface ListField extends FieldBase {
  kind: 'list';
  of: Field;
  minLength: Bound;
  maxLength: Bound;
  oneBased?: boolean;
  /** the entries' `key` must differ: refused as `<field>: <say> must be distinct (got a, b, a)` */
  distinct?: { key: string; say: string };
  /** what the editor heads entry i with, when it is not the entry's number (Can't Stop's heights are columns 2..12) */
  headFrom?: number;
}

export type Field = IntegerField | NumberField | BooleanField | EnumField | StringField | ValueOfField | ObjectField | ListField | MapField;

/**
 * How messages name a field: `rules.calls.tichu` (sep ".") or `rules: calls.tichu` (sep ": ").
 * R: the rules a valid tree is, as `check` reads them; a schema held without its game's type is
 * `RulesSchema` (R = never: any game's schema fits, and its check cannot be called with a guess).
 */
export interface RulesSchema<R = never> {
  game: string;
  sep: '.' | ': ';
  root: ObjectField;
  /** cross-field rules a tree cannot say; throws UserError naming the field */
  check?: (rules: R, where: string) => void;
  /** run `check` as soon as this top-level field is valid (it reads only fields up to it), before later fields */
  checkAfter?: string;
  /** messages name list entries by position in brackets (`rules: faces[2].score`) instead of `.2` */
  brackets?: boolean;
}

/** A bound's number, from the values validated so far (`scope`: the enclosing objects, innermost first). */
/** A field's value among those validated so far (`scope`: the enclosing objects, innermost first). */
function lookup(ref: string, scope: readonly Record<string, unknown>[], test: (x: unknown) => boolean): unknown {
  for (const o of scope) if (test(o[ref])) return o[ref];
  throw new Error(`schema: a field refers to ${ref}, which is not validated before it`);
}

/** A bound's number, from the values validated so far. */
function bound(b: Bound, scope: readonly Record<string, unknown>[]): number {
  if (typeof b === 'number') return b;
  if (b.length) return (lookup(b.ref, scope, Array.isArray) as unknown[]).length + (b.add ?? 0);
  return (lookup(b.ref, scope, (x) => typeof x === 'number') as number) + (b.add ?? 0);
}

/** A bound as docs show it: 10, `values`, `rounds-1`, `len(counts)`. */
function boundText(b: Bound): string {
  if (typeof b === 'number') return String(b);
  return `${b.length ? `len(${b.ref})` : b.ref}${b.add ? (b.add > 0 ? `+${b.add}` : `${b.add}`) : ''}`;
}

/** How a schema names things in messages. */
interface Style {
  /** a list entry's label */
  entry: (label: string, i: number) => string;
}

function value(f: Field, raw: unknown, label: string, scope: Record<string, unknown>[], style: Style): unknown {
  if (raw === null && f.nullable) return null;
  switch (f.kind) {
    case 'integer': return v.integer(raw, label, bound(f.min, scope), bound(f.max, scope));
    case 'number': {
      const n = v.number(raw, label, bound(f.min, scope), bound(f.max, scope));
      if (f.whole !== undefined && !Number.isInteger(n)) throw new UserError(`${label} must be a whole number of ${f.whole} (got ${n})`);
      return n;
    }
    case 'boolean': return v.boolean(raw, label);
    case 'enum': return v.string(raw, label, f.values);
    case 'string': return v.string(raw, label);
    case 'valueOf': {
      const list = lookup(f.list, scope, Array.isArray) as Record<string, unknown>[];
      return v.string(raw, label, list.map((e) => String(e[f.key])));
    }
    case 'list': {
      const list = v.array(raw, label, bound(f.minLength, scope), bound(f.maxLength, scope));
      const out = list.map((x, i) => value(f.of, x, style.entry(label, i + (f.oneBased ? 1 : 0)), scope, style));
      if (f.distinct) {
        const keys = out.map((e) => String((e as Record<string, unknown>)[f.distinct!.key]));
        if (new Set(keys).size !== keys.length) throw new UserError(`${label}: ${f.distinct.say} must be distinct (got ${keys.join(', ')})`);
      }
      return out;
    }
    case 'map': {
      const o = v.object(raw, label);
      const min = bound(f.keys.min, scope), max = bound(f.keys.max, scope);
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(o)) {
        const n = Number(k);
        if (!Number.isInteger(n) || n < min || n > max) throw new UserError(`${label} has ${f.keys.name} "${k}": ${f.keys.say} ${min}..${max}`);
        out[String(n)] = value(f.of, x, `${label}.${k}`, scope, style);
      }
      return out;
    }
    case 'object': return section(f, raw, label, (k) => `${label}.${k}`, scope, style);
  }
}

function section(f: ObjectField, raw: unknown, label: string, child: (k: string) => string, scope: Record<string, unknown>[], style: Style, after?: { key: string; run: (partial: Record<string, unknown>) => void }): Record<string, unknown> {
  const o = v.object(raw, label);
  const keys = Object.keys(f.fields);
  v.onlyKeys(o, label, keys);
  if (f.requireAll) for (const k of keys) if (!(k in o) && f.fields[k].ifAbsent === undefined && !f.fields[k].optional) throw new UserError(`${child(k)} is missing`);
  const out: Record<string, unknown> = {};
  const inner = [out, ...scope];
  // fields that default to a sibling's value are filled once the sibling is valid
  const later: string[] = [];
  for (const k of keys) {
    const sub = f.fields[k];
    let raw = o[k];
    if (raw === undefined) {
      if (sub.ifAbsentFrom !== undefined) {
        later.push(k);
        continue;
      }
      if (sub.ifAbsent !== undefined) raw = structuredClone(sub.ifAbsent);
      else if (sub.optional) continue;
    }
    const x = value(sub, raw, child(k), inner, style);
    if (!sub.drop) out[k] = x;
    if (after?.key === k) after.run(out);
  }
  if (!later.length) return out;
  for (const k of later) {
    const from = f.fields[k].ifAbsentFrom!;
    const x = out[from.ref];
    out[k] = Array.isArray(x) ? x.join(from.join ?? ',') : x;
  }
  // in the schema's order, as if read in one pass
  return Object.fromEntries(keys.filter((k) => k in out).map((k) => [k, out[k]]));
}

const styleOf = (schema: RulesSchema): Style => ({ entry: schema.brackets ? (label, i) => `${label}[${i}]` : (label, i) => `${label}.${i}` });

/**
 * Validate a parsed rules file against the schema: a clean copy in the schema's field order, or a
 * UserError naming the field and what is allowed (the messages of src/core/validate.ts).
 */
export function validate<R>(schema: RulesSchema<R>, raw: unknown, where: string): unknown {
  const top = schema.sep === '.' ? (k: string) => `${where}.${k}` : (k: string) => `${where}: ${k}`;
  // the tree is valid against the schema by now: that is what R promises check
  const check = (rules: Record<string, unknown>) => schema.check?.(rules as R, where);
  const style = styleOf(schema);
  if (schema.checkAfter !== undefined) return section(schema.root, raw, where, top, [], style, { key: schema.checkAfter, run: check });
  const out = section(schema.root, raw, where, top, [], style);
  check(out);
  return out;
}

/**
 * Validate one section of the rules on its own (a game's part that code may also build, e.g.
 * Wulong's `game`), named as in the whole file: `label` is the section's own name ("rules: game").
 * Ranges may refer only to the section's own fields.
 */
export function validateSection(schema: RulesSchema, f: ObjectField, raw: unknown, label: string): Record<string, unknown> {
  return section(f, raw, label, (k) => `${label}.${k}`, [], styleOf(schema));
}

/** The rules a file of only defaults holds (equal to rules/<game>/default.json, a test checks). */
export function defaults(schema: RulesSchema): Record<string, Json> {
  return sectionDefaults(schema.root);
}

/** A section's defaults; an optional section none of whose fields has a default is left out. */
export function sectionDefaults(f: ObjectField): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [k, sub] of Object.entries(f.fields)) {
    if (sub.kind === 'object' && sub.default === undefined) {
      const d = sectionDefaults(sub);
      if (!sub.optional || Object.keys(d).length) out[k] = d;
    } else if (sub.default !== undefined) out[k] = structuredClone(sub.default);
  }
  return out;
}

/** One `--set` path of the schema: a value, or every entry of a list (`heights.<0..10>`). */
export interface FieldRow {
  path: string;
  type: string;
  range: string;
  unit: string;
  /** the default value (absent: none) */
  default?: Json;
  help: string;
  assumed?: string;
}

/** A value's kind as docs say it (one of other fields' values is an enum too). */
const kindText = (f: Field) => (f.kind === 'valueOf' ? 'enum' : f.kind);

function typeText(f: Field): string {
  const opt = f.nullable ? ' or null' : '';
  if (f.kind === 'list') {
    const n = boundText(f.minLength) === boundText(f.maxLength) ? boundText(f.minLength) : `${boundText(f.minLength)}..${boundText(f.maxLength)}`;
    return `${kindText(f.of)} list[${n}]${opt}`;
  }
  if (f.kind === 'map') return `${kindText(f.of)} map${opt}`;
  return `${kindText(f)}${opt}`;
}

function rangeText(f: Field): string {
  switch (f.kind) {
    case 'integer':
    case 'number': return `${boundText(f.min)}..${boundText(f.max)}`;
    case 'enum': return f.values.join(', ');
    case 'list':
    case 'map': return rangeText(f.of);
    case 'valueOf': return `${f.list}.<i>.${f.key} values`;
    default: return '';
  }
}

/**
 * A default as the field list and table show it: a list of sections by its length (its entries
 * are in the rules file, and their fields have rows of their own), else as defaultText.
 */
export function defaultShown(x: Json | undefined): string {
  if (Array.isArray(x) && x.some((e) => e !== null && typeof e === 'object' && !Array.isArray(e))) return `${x.length} entries`;
  return defaultText(x);
}

/** A default as docs show it: JSON with a space after each comma between entries (not inside strings). */
export function defaultText(x: Json | undefined): string {
  if (x === undefined) return '';
  if (Array.isArray(x)) return `[${x.map(defaultText).join(', ')}]`;
  if (x !== null && typeof x === 'object') return `{${Object.entries(x).map(([k, e]) => `${JSON.stringify(k)}: ${defaultText(e)}`).join(', ')}}`;
  return JSON.stringify(x);
}

/** Every field a designer can change, in the schema's order (sections flattened into dotted paths). */
export function fieldRows(schema: RulesSchema): FieldRow[] {
  const rows: FieldRow[] = [];
  const walk = (f: ObjectField, prefix: string) => {
    for (const [k, sub] of Object.entries(f.fields)) {
      if (sub.drop) continue;
      const path = prefix + k;
      if (sub.kind === 'object') {
        // a section that may be switched off (null) has a row of its own: what null means
        if (sub.nullable) rows.push({ path, type: typeText(sub), range: '', unit: '', default: sub.default !== undefined ? sub.default : sub.ifAbsent, help: sub.help, ...(sub.assumed ? { assumed: sub.assumed } : {}) });
        walk(sub, `${path}.`);
        continue;
      }
      const first = sub.kind === 'list' && sub.oneBased ? 1 : 0;
      const last = sub.kind === 'list' && typeof sub.maxLength === 'number' && sub.minLength === sub.maxLength ? String(first + sub.maxLength - 1) : '';
      const entries = sub.kind === 'list' ? `.<${first}..${last}>` : sub.kind === 'map' ? `.<${boundText(sub.keys.min)}..${boundText(sub.keys.max)}>` : '';
      // a list or map of sections: a row for the whole (its default), then one per field of an entry
      const ofSections = (sub.kind === 'list' || sub.kind === 'map') && sub.of.kind === 'object' ? sub.of : undefined;
      const unit = sub.unit ?? (sub.kind === 'list' || sub.kind === 'map' ? sub.of.unit ?? '' : '');
      rows.push({ path: ofSections ? path : path + entries, type: typeText(sub), range: rangeText(sub), unit, default: sub.default !== undefined ? sub.default : sub.ifAbsent, help: sub.help, ...(sub.assumed ? { assumed: sub.assumed } : {}) });
      if (ofSections) walk(ofSections, `${path}${entries}.`);
    }
  };
  walk(schema.root, '');
  return rows;
}

/** Paths of lists counted from 1 (for `--set` and messages). */
export function oneBasedPaths(schema: RulesSchema): string[] {
  const out: string[] = [];
  const walk = (f: ObjectField, prefix: string) => {
    for (const [k, sub] of Object.entries(f.fields)) {
      if (sub.kind === 'object') walk(sub, `${prefix}${k}.`);
      else if (sub.kind === 'list' && sub.oneBased) out.push(prefix + k);
    }
  };
  walk(schema.root, '');
  return out;
}

/** The fields whose defaults are assumptions (a list by its name), with the assumption: what `assumptions` commands re-measure. */
export function assumedFields(schema: RulesSchema): { path: string; assumed: string }[] {
  return fieldRows(schema).flatMap((r) => (r.assumed ? [{ path: r.path.replace(/\.<\d+\.\.\d*>$/, ''), assumed: r.assumed }] : []));
}

const cell = (s: string) => s.replace(/\|/g, '\\|');

/** The docs field table (Markdown), between the markers docs/rules/<game>.md carries. */
export function markdownTable(schema: RulesSchema): string {
  const lines = ['| field | type | range | unit | default | meaning |', '|---|---|---|---|---|---|'];
  for (const r of fieldRows(schema)) {
    const meaning = r.assumed ? `${r.help} — *assumed*: ${r.assumed}` : r.help;
    lines.push(`| \`${r.path}\` | ${r.type} | ${cell(r.range)} | ${r.unit} | ${r.default === undefined ? '' : `\`${cell(defaultShown(r.default))}\``} | ${cell(meaning)} |`);
  }
  return lines.join('\n');
}

export const TABLE_BEGIN = '<!-- fields: generated by `npx oddsmith <game> fields --markdown`; test/schema.test.ts checks it -->';
export const TABLE_END = '<!-- fields: end -->';

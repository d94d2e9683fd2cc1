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

/** A range end: a number, or another field's value (a sibling first, else a top-level field) plus `add`. */
export type Bound = number | { ref: string; add?: number };

interface FieldBase {
  /** one line: what the field means */
  help: string;
  /** what the number counts: points, dice, cards, rounds… (omitted for choices and switches) */
  unit?: string;
  /** the value in rules/<game>/default.json (a field without one is left out of the defaults) */
  default?: Json;
  /** the rules text does not say: the assumption this field's default stands for */
  assumed?: string;
  /** what a rules file that leaves the field out gets (validated like a written value) */
  ifAbsent?: Json;
  /** may be left out (and stays out of the validated rules) */
  optional?: boolean;
  /** `null` is a value (an optional setting switched off) */
  nullable?: boolean;
  /** accepted in a file but not passed on to the game (comments, names the game does not use) */
  drop?: boolean;
}

export interface IntegerField extends FieldBase { kind: 'integer'; min: Bound; max: Bound }
export interface NumberField extends FieldBase { kind: 'number'; min: Bound; max: Bound }
export interface BooleanField extends FieldBase { kind: 'boolean' }
export interface EnumField extends FieldBase { kind: 'enum'; values: readonly string[] }
export interface StringField extends FieldBase { kind: 'string' }
/** A named section: fixed fields. */
export interface ObjectField extends FieldBase {
  kind: 'object';
  fields: Readonly<Record<string, Field>>;
  /** say "`x` is missing" for an absent field before validating any (instead of the field's own message) */
  requireAll?: boolean;
}
/** A list of values; `oneBased` when a person counts its entries from 1 (`--set penalty.1` is the first). */
export interface ListField extends FieldBase { kind: 'list'; of: Field; minLength: Bound; maxLength: Bound; oneBased?: boolean }

export type Field = IntegerField | NumberField | BooleanField | EnumField | StringField | ObjectField | ListField;

/** How messages name a field: `rules.calls.tichu` (sep ".") or `rules: calls.tichu` (sep ": "). */
export interface RulesSchema {
  game: string;
  sep: '.' | ': ';
  root: ObjectField;
  /** cross-field rules a tree cannot say; throws UserError naming the field */
  check?: (rules: never, where: string) => void;
  /** run `check` as soon as this top-level field is valid (it reads only fields up to it), before later fields */
  checkAfter?: string;
}

/** A bound's number, from the values validated so far (`scope`: the enclosing objects, innermost first). */
function bound(b: Bound, scope: readonly Record<string, unknown>[]): number {
  if (typeof b === 'number') return b;
  for (const o of scope) if (typeof o[b.ref] === 'number') return (o[b.ref] as number) + (b.add ?? 0);
  throw new Error(`schema: range refers to ${b.ref}, which is not validated before it`);
}

/** A bound as docs show it: 10, `values`, `rounds-1`. */
function boundText(b: Bound): string {
  if (typeof b === 'number') return String(b);
  return `${b.ref}${b.add ? (b.add > 0 ? `+${b.add}` : `${b.add}`) : ''}`;
}

function value(f: Field, raw: unknown, label: string, scope: Record<string, unknown>[]): unknown {
  if (raw === null && f.nullable) return null;
  switch (f.kind) {
    case 'integer': return v.integer(raw, label, bound(f.min, scope), bound(f.max, scope));
    case 'number': return v.number(raw, label, bound(f.min, scope), bound(f.max, scope));
    case 'boolean': return v.boolean(raw, label);
    case 'enum': return v.string(raw, label, f.values);
    case 'string': return v.string(raw, label);
    case 'list': {
      const list = v.array(raw, label, bound(f.minLength, scope), bound(f.maxLength, scope));
      return list.map((x, i) => value(f.of, x, `${label}.${i + (f.oneBased ? 1 : 0)}`, scope));
    }
    case 'object': return section(f, raw, label, (k) => `${label}.${k}`, scope);
  }
}

function section(f: ObjectField, raw: unknown, label: string, child: (k: string) => string, scope: Record<string, unknown>[], after?: { key: string; run: (partial: Record<string, unknown>) => void }): Record<string, unknown> {
  const o = v.object(raw, label);
  const keys = Object.keys(f.fields);
  v.onlyKeys(o, label, keys);
  if (f.requireAll) for (const k of keys) if (!(k in o) && f.fields[k].ifAbsent === undefined && !f.fields[k].optional) throw new UserError(`${child(k)} is missing`);
  const out: Record<string, unknown> = {};
  const inner = [out, ...scope];
  for (const k of keys) {
    const sub = f.fields[k];
    let raw = o[k];
    if (raw === undefined) {
      if (sub.ifAbsent !== undefined) raw = structuredClone(sub.ifAbsent);
      else if (sub.optional) continue;
    }
    const x = value(sub, raw, child(k), inner);
    if (!sub.drop) out[k] = x;
    if (after?.key === k) after.run(out);
  }
  return out;
}

/**
 * Validate a parsed rules file against the schema: a clean copy in the schema's field order, or a
 * UserError naming the field and what is allowed (the messages of src/core/validate.ts).
 */
export function validate(schema: RulesSchema, raw: unknown, where: string): unknown {
  const top = schema.sep === '.' ? (k: string) => `${where}.${k}` : (k: string) => `${where}: ${k}`;
  const check = (rules: Record<string, unknown>) => schema.check?.(rules as never, where);
  if (schema.checkAfter !== undefined) return section(schema.root, raw, where, top, [], { key: schema.checkAfter, run: check });
  const out = section(schema.root, raw, where, top, []);
  check(out);
  return out;
}

/** The rules a file of only defaults holds (equal to rules/<game>/default.json, a test checks). */
export function defaults(schema: RulesSchema): Record<string, Json> {
  const of = (f: ObjectField): Record<string, Json> => {
    const out: Record<string, Json> = {};
    for (const [k, sub] of Object.entries(f.fields)) {
      if (sub.kind === 'object' && sub.default === undefined) out[k] = of(sub);
      else if (sub.default !== undefined) out[k] = structuredClone(sub.default);
    }
    return out;
  };
  return of(schema.root);
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

function typeText(f: Field): string {
  const opt = f.nullable ? ' or null' : '';
  if (f.kind === 'list') {
    const n = boundText(f.minLength) === boundText(f.maxLength) ? boundText(f.minLength) : `${boundText(f.minLength)}..${boundText(f.maxLength)}`;
    return `${f.of.kind} list[${n}]${opt}`;
  }
  return `${f.kind}${opt}`;
}

function rangeText(f: Field): string {
  switch (f.kind) {
    case 'integer':
    case 'number': return `${boundText(f.min)}..${boundText(f.max)}`;
    case 'enum': return f.values.join(', ');
    case 'list': return rangeText(f.of);
    default: return '';
  }
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
        walk(sub, `${path}.`);
        continue;
      }
      const first = sub.kind === 'list' && sub.oneBased ? 1 : 0;
      const last = sub.kind === 'list' && typeof sub.maxLength === 'number' && sub.minLength === sub.maxLength ? String(first + sub.maxLength - 1) : '';
      const entries = sub.kind === 'list' ? `.<${first}..${last}>` : '';
      rows.push({ path: path + entries, type: typeText(sub), range: rangeText(sub), unit: sub.unit ?? (sub.kind === 'list' ? sub.of.unit ?? '' : ''), default: sub.default !== undefined ? sub.default : sub.ifAbsent, help: sub.help, ...(sub.assumed ? { assumed: sub.assumed } : {}) });
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
    lines.push(`| \`${r.path}\` | ${r.type} | ${cell(r.range)} | ${r.unit} | ${r.default === undefined ? '' : `\`${cell(defaultText(r.default))}\``} | ${cell(meaning)} |`);
  }
  return lines.join('\n');
}

export const TABLE_BEGIN = '<!-- fields: generated by `npx oddsmith <game> fields --markdown`; test/schema.test.ts checks it -->';
export const TABLE_END = '<!-- fields: end -->';

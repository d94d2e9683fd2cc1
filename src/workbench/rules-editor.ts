/// <reference lib="dom" />
/**
 * The workbench's rules editor, generated from a game's rules schema (src/core/schema.ts): no form
 * code per game. The schema's objects are named sections; a number has its unit, range and one-line
 * help; an optional or nullable value is a check box (not `null` in a text box); a list of numbers
 * is a row of cells; a list of objects is a table, one row per entry, and a count-keyed map inside
 * it (Wulong's `score`: points by number of dice) becomes one column per count — the face × count
 * grid. Every change is validated by the game's own validator, so the message next to the field is
 * the one `--rules` would print. The editor keeps the preset the rules came from: the title counts
 * the changes from it, the diff lists them, and undo (button, Ctrl-Z) steps back through edits.
 */
import type { Bound, Field, ListField, ObjectField, RulesSchema } from '../core/schema.js';
import { $, b64urlDecode, b64urlEncode, clearLinkProblem, esc, h, linkProblem } from './dom.js';

export interface RulesPreset {
  /** rules/<game>/<file>.json */
  path: string;
  rules: unknown;
}

/** A change of the rules in the editor: an edit, an undo, a preset, a file or a link. */
export interface RulesChange {
  raw: unknown;
  /** the validated rules, or null while they are invalid */
  rules: unknown;
  /** the validator's one line while the rules are invalid */
  error: string | null;
  /** an edit in the form (or an undo), not a preset, file or link loaded */
  fromForm: boolean;
  /** when the change happened (the input event's time stamp) */
  t0: number;
}

export interface RulesEditorOptions {
  /** prefix of the element ids (`<id>-preset`, `<id>-error`, `<id>-form`, …) */
  id: string;
  /** the game's name, for rules that have none ("Weilong (rulebook)") */
  game: string;
  schema: RulesSchema;
  /** shipped rules files, the rulebook first */
  presets: RulesPreset[];
  validate(raw: unknown, where: string): unknown;
  onChange(c: RulesChange): void;
  /** extra buttons after "Download rules JSON" (Wulong's "Fair odds") */
  tools?: HTMLElement[];
}

/** One difference between the preset and the rules in the form. */
export interface RulesDiff { path: string; from: unknown; to: unknown }

type Path = (string | number)[];
type Obj = Record<string | number, unknown>;

const isObj = (x: unknown): x is Obj => x !== null && typeof x === 'object' && !Array.isArray(x);
const show = (x: unknown) => (x === undefined ? '(absent)' : JSON.stringify(x));

/** The leaf values that differ between `a` (the preset) and `b` (an entry only one side has is one difference). */
export function rulesDiff(a: unknown, b: unknown, path = ''): RulesDiff[] {
  const join = (k: string | number) => (path ? `${path}.${k}` : String(k));
  if (Array.isArray(a) && Array.isArray(b)) {
    const out: RulesDiff[] = [];
    for (let i = 0; i < Math.max(a.length, b.length); i++) out.push(...(i < a.length && i < b.length ? rulesDiff(a[i], b[i], join(i)) : [{ path: join(i), from: a[i], to: b[i] }]));
    return out;
  }
  if (isObj(a) && isObj(b)) {
    const out: RulesDiff[] = [];
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) out.push(...(k in a && k in b ? rulesDiff(a[k], b[k], join(k)) : [{ path: join(k), from: a[k], to: b[k] }]));
    return out;
  }
  return Object.is(a, b) || JSON.stringify(a) === JSON.stringify(b) ? [] : [{ path: path || '(the whole file)', from: a, to: b }];
}

/** A value a new entry or a switched-on option starts from: the field's default, else the smallest value allowed. */
function fresh(f: Field): unknown {
  if (f.default !== undefined && f.default !== null) return structuredClone(f.default);
  if (f.ifAbsent !== undefined && f.ifAbsent !== null) return structuredClone(f.ifAbsent);
  switch (f.kind) {
    case 'integer':
    case 'number': return typeof f.min === 'number' ? Math.max(f.min, 0) : 0;
    case 'boolean': return false;
    case 'enum': return f.values[0] ?? '';
    case 'string': return '';
    case 'list': return typeof f.minLength === 'number' ? Array.from({ length: f.minLength }, () => fresh(f.of)) : [];
    case 'object': return Object.fromEntries(Object.entries(f.fields).filter(([, s]) => !s.optional && !s.drop).map(([k, s]) => [k, fresh(s)]));
    default: return {}; // a map: no keys yet
  }
}

/** Is the field a list of objects (rendered as a table, one row per entry)? */
const isTable = (f: Field): f is ListField & { of: ObjectField } => f.kind === 'list' && f.of.kind === 'object';
const isScalar = (f: Field) => f.kind !== 'object' && f.kind !== 'list' && (f.kind as string) !== 'map';

export class RulesEditor {
  readonly root: HTMLElement;
  private raw: unknown = {};
  private base: RulesPreset;
  /** where the rules came from, as validation messages name it (the preset's path, the file's name, "rules from the address") */
  private where: string;
  private valid: unknown = null;
  private error: string | null = null;
  private undoStack: { raw: unknown; base: RulesPreset; where: string }[] = [];
  /** the field edited last: more keystrokes in it are one undo step */
  private lastEdit: string | null = null;
  /** error messages name fields by label (`rules.calls.tichu`, `rules: suits`): label → data-path */
  private labels = new Map<string, string>();
  /** values of options switched off (a nullable field set to null): switched on again, they come back */
  private remembered = new Map<string, unknown>();
  private diffs: RulesDiff[] | null = null;

  constructor(host: HTMLElement, private readonly o: RulesEditorOptions) {
    const id = o.id;
    this.base = o.presets[0];
    this.where = this.base.path;
    this.root = h('div', { class: 'rules-editor', id: `${id}-editor` });
    const presetSelect = h('select', { id: `${id}-preset` }) as HTMLSelectElement;
    for (const p of o.presets) presetSelect.append(h('option', { value: p.path }, `${this.nameOf(p.rules, p.path)} (${p.path})`));
    presetSelect.addEventListener('change', () => this.loadPreset(presetSelect.value));
    const undo = h('button', { type: 'button', id: `${id}-undo`, title: 'undo the last edit (Ctrl-Z)' }, 'Undo');
    undo.addEventListener('click', () => this.undo());
    const download = h('button', { type: 'button', id: `${id}-download` }, 'Download rules JSON');
    download.addEventListener('click', () => this.download());
    this.root.append(
      h('h2', {}, 'Rules: ', h('span', { id: `${id}-rules-title` })),
      h('p', {}, h('label', {}, 'Preset ', presetSelect)),
      h('p', { class: 'rules-tools' }, undo, ' ', download, ...(o.tools ?? []).flatMap((t) => [' ', t])),
      fileInput((text, name) => this.loadFile(text, name)),
      h('div', { class: 'error', id: `${id}-error`, role: 'alert' }),
      h('details', { class: 'rules-diff', id: `${id}-diff`, open: '' }, h('summary', { id: `${id}-diff-summary` }), h('ul', {})),
      h('div', { class: 'rules-form', id: `${id}-form` }),
    );
    host.append(this.root);
    // Ctrl-Z / ⌘-Z in the form: the editor's undo (a text field's own undo would leave the rules behind)
    this.root.addEventListener('keydown', (e) => {
      if ((e.ctrlKey || e.metaKey) && !e.shiftKey && e.key.toLowerCase() === 'z') {
        e.preventDefault();
        this.undo();
      }
    });
  }

  // ---- what the host reads -------------------------------------------------------------------------
  /** the validated rules (null while the form's are invalid) */
  get rules(): unknown { return this.valid; }
  get value(): unknown { return this.raw; }
  get problem(): string | null { return this.error; }
  get source(): string { return this.where; }
  /** the changes from the preset (computed once per change of the rules) */
  get diff(): RulesDiff[] { return (this.diffs ??= rulesDiff(this.base.rules, this.raw)); }
  /** "Wulong (rulebook) — 3 changes" */
  get title(): string {
    const n = this.diff.length;
    return `${this.nameOf(this.raw, this.base.path)}${n ? ` — ${n} change${n > 1 ? 's' : ''}` : ''}`;
  }
  /** For the address: the rules as base64url JSON, or undefined when they are the rulebook as shipped. */
  get linkParam(): string | undefined {
    return JSON.stringify(this.raw) === JSON.stringify(this.o.presets[0].rules) ? undefined : b64urlEncode(JSON.stringify(this.raw));
  }

  private nameOf(rules: unknown, path: string): string {
    // Tichu's rulebook is named "default"
    if (isObj(rules) && typeof rules.name === 'string' && rules.name !== '' && rules.name !== 'default') return rules.name;
    return path === this.o.presets[0].path ? `${this.o.game} (rulebook)` : path.split('/').pop()!.replace(/\.json$/, '');
  }
  /** "the rulebook", "Zilch (playr.co.uk rules)" */
  private baseName(): string {
    return this.base.path === this.o.presets[0].path ? 'the rulebook' : this.nameOf(this.base.rules, this.base.path);
  }

  // ---- loading -------------------------------------------------------------------------------------
  loadPreset(path: string, t0?: number): boolean {
    const p = this.o.presets.find((x) => x.path === path) ?? this.o.presets[0];
    return this.load(structuredClone(p.rules), p.path, p, t0);
  }
  /** A file dropped or picked: the CLI's message when it is not JSON or not valid rules. */
  loadFile(text: string, name: string): boolean {
    let x: unknown;
    try {
      x = JSON.parse(text);
    } catch (e) {
      this.showError(`rules file ${name} is not valid JSON: ${(e as Error).message.split('\n')[0]}`);
      return false;
    }
    return this.load(x, name, this.presetFor(x));
  }
  /**
   * The rules of a share link (`rules=<base64url JSON>`): null when they are read and valid, else what
   * is wrong (the link's rules stay in the form when they are JSON, so the field named can be fixed).
   */
  loadLink(text: string): string | null {
    let json: string;
    try {
      json = b64urlDecode(text);
    } catch {
      return 'the rules in the address (#rules=) are not valid base64url: a truncated or altered link';
    }
    let x: unknown;
    try {
      x = JSON.parse(json);
    } catch (e) {
      return `the rules in the address (#rules=) are not valid JSON: ${(e as Error).message.split('\n')[0]}`;
    }
    return this.load(x, 'rules from the address', this.presetFor(x), undefined, isObj(x)) ? null : this.error;
  }
  /** The preset a file or link was made from: the one of the same name, else the rulebook. */
  private presetFor(x: unknown): RulesPreset {
    const name = isObj(x) ? x.name : undefined;
    return this.o.presets.find((p) => isObj(p.rules) && p.rules.name === name && name !== undefined) ?? this.o.presets[0];
  }

  /**
   * Put `x` in the form (as it is, valid or not, when `keepInvalid`); validated, the change is passed
   * on. Returns whether the rules are valid. The previous rules stay one undo away.
   */
  load(x: unknown, where: string, base: RulesPreset, t0 = performance.now(), keepInvalid = true): boolean {
    if (!keepInvalid) {
      try {
        this.o.validate(x, where);
      } catch (e) {
        this.error = (e as Error).message;
        this.showError(this.error);
        return false;
      }
    }
    if (this.raw !== undefined && isObj(this.raw) && Object.keys(this.raw).length) this.undoStack.push({ raw: structuredClone(this.raw), base: this.base, where: this.where });
    this.raw = x;
    this.base = base;
    this.where = where;
    this.lastEdit = null;
    $<HTMLSelectElement>(`#${this.o.id}-preset`, this.root).value = base.path;
    this.render();
    return this.changed(false, t0);
  }

  // ---- editing -------------------------------------------------------------------------------------
  private snapshot(key: string | null): void {
    if (key !== null && key === this.lastEdit) return;
    this.undoStack.push({ raw: structuredClone(this.raw), base: this.base, where: this.where });
    if (this.undoStack.length > 500) this.undoStack.shift();
    this.lastEdit = key;
  }
  undo(): void {
    const s = this.undoStack.pop();
    if (!s) return;
    this.raw = s.raw;
    this.base = s.base;
    this.where = s.where;
    this.lastEdit = null;
    $<HTMLSelectElement>(`#${this.o.id}-preset`, this.root).value = s.base.path;
    this.render();
    this.changed(true, performance.now());
  }
  /** An edit of the whole rules (Wulong's "Fair odds"): one undo step, counted as changes. */
  replace(x: unknown, t0 = performance.now()): void {
    this.snapshot(null);
    this.raw = x;
    this.render();
    this.changed(true, t0);
  }
  private getAt(path: Path): unknown {
    let c: unknown = this.raw;
    for (const k of path) c = (c as Obj | undefined)?.[k];
    return c;
  }
  private setAt(path: Path, x: unknown): void {
    let c = this.raw as Obj;
    for (const k of path.slice(0, -1)) c = c[k] as Obj;
    const k = path[path.length - 1];
    if (x === undefined) delete c[k];
    else c[k] = x;
  }
  /** An edit of one value (`structural`: the form is drawn again: entries added or removed, an option switched). */
  private edit(path: Path, x: unknown, t0: number, structural = false): void {
    this.snapshot(structural ? null : path.join('.'));
    if (structural) this.lastEdit = null;
    this.setAt(path, x);
    if (structural) this.render();
    this.changed(true, t0);
  }

  private changed(fromForm: boolean, t0: number): boolean {
    this.diffs = null;
    try {
      this.valid = this.o.validate(this.raw, this.where);
      this.error = null;
    } catch (e) {
      this.valid = null;
      this.error = (e as Error).message;
    }
    this.showError(this.error);
    this.showDiff();
    $(`#${this.o.id}-undo`, this.root).toggleAttribute('disabled', this.undoStack.length === 0);
    this.o.onChange({ raw: this.raw, rules: this.valid, error: this.error, fromForm, t0 });
    return this.error === null;
  }

  /** The message at the top and next to the field it names (the longest field label it starts with). */
  private showError(message: string | null): void {
    $(`#${this.o.id}-error`, this.root).textContent = message ?? '';
    for (const e of this.root.querySelectorAll('.rf-error:not(:empty)')) e.textContent = '';
    for (const e of this.root.querySelectorAll('[aria-invalid]')) e.removeAttribute('aria-invalid');
    if (message === null) return;
    let best = '';
    for (const label of this.labels.keys()) if (label.length > best.length && message.startsWith(label) && /^[ :.]/.test(message.slice(label.length))) best = label;
    if (!best) return;
    const path = this.labels.get(best)!;
    const box = this.root.querySelector(`[data-field="${CSS.escape(path)}"]`);
    // a table cell or row has no slot of its own: the message goes under its table
    const slot = box?.querySelector(':scope > .rf-error') ?? box?.closest('.rf, fieldset')?.querySelector(':scope > .rf-error');
    if (slot) slot.textContent = message;
    box?.querySelector(`[data-path="${CSS.escape(path)}"]`)?.setAttribute('aria-invalid', 'true');
  }

  private showDiff(): void {
    const d = this.diff;
    const id = this.o.id;
    $(`#${id}-rules-title`, this.root).textContent = this.title;
    $(`#${id}-diff-summary`, this.root).textContent = d.length ? `${d.length} change${d.length > 1 ? 's' : ''} from ${this.baseName()}` : `no changes from ${this.baseName()}`;
    const ul = $('ul', $(`#${id}-diff`, this.root));
    ul.innerHTML = d.map((x) => `<li><code>${esc(x.path)}</code>: ${esc(show(x.from))} → ${esc(show(x.to))}</li>`).join('');
  }

  private download(): void {
    const name = (this.where.split('/').pop() ?? 'rules.json').replace(/^rules from the address$/, 'rules.json').replace(/^(?!.*\.json$)(.*)$/, '$1.json');
    const a = h('a', { href: URL.createObjectURL(new Blob([JSON.stringify(this.raw, null, 2) + '\n'], { type: 'application/json' })), download: name });
    document.body.append(a);
    a.click();
    a.remove();
  }

  // ---- the form, from the schema --------------------------------------------------------------------
  /** How a validation message names the field at `path` (the schema's `sep` at the top, dots below, list entries counted as the schema counts them). */
  private label(path: Path, field: ListField | null, parent: string): string {
    const k = path[path.length - 1];
    if (path.length === 1) return this.o.schema.sep === '.' ? `${this.where}.${k}` : `${this.where}: ${k}`;
    return typeof k === 'number' ? this.entry(parent, field?.oneBased ? k + 1 : k) : `${parent}.${k}`;
  }
  /** A list entry's label: `faces.2`, or `faces[2]` in a schema whose messages use brackets. */
  private entry(list: string, i: number): string {
    return (this.o.schema as { brackets?: boolean }).brackets ? `${list}[${i}]` : `${list}.${i}`;
  }
  private register(label: string, path: Path): void {
    this.labels.set(label, path.join('.'));
  }

  render(): void {
    const form = $(`#${this.o.id}-form`, this.root);
    const focused = (document.activeElement as HTMLElement | null)?.dataset?.path;
    this.labels.clear();
    form.textContent = '';
    if (!isObj(this.raw)) {
      form.append(h('p', { class: 'note' }, 'The rules are not an object: load a preset or a file.'));
      return;
    }
    const root = this.o.schema.root;
    // the top level's plain values first, as one section named after the rules; then each section
    const plain = Object.entries(root.fields).filter(([, f]) => !f.drop && f.kind !== 'object');
    const general = h('fieldset', { class: 'rules-section', 'data-field': '' }, h('legend', {}, root.help));
    for (const [k, f] of plain) general.append(this.field(f, [k], '', [this.raw as Obj]));
    if (plain.length) form.append(general);
    for (const [k, f] of Object.entries(root.fields)) if (!f.drop && f.kind === 'object') form.append(this.field(f, [k], '', [this.raw as Obj]));
    if (focused) (form.querySelector(`[data-path="${CSS.escape(focused)}"]`) as HTMLElement | null)?.focus();
  }

  /** A field's box: name, input(s), unit, range, help and the slot for its error. `scope`: the enclosing objects, innermost first. */
  private field(f: Field, path: Path, parent: string, scope: Obj[], list: ListField | null = null): HTMLElement {
    const p = path.join('.');
    const label = this.label(path, list, parent);
    this.register(label, path);
    const v = this.getAt(path);
    const absent = v === undefined || (v === null && f.nullable);
    const switchable = f.optional || f.nullable;
    const name = String(path[path.length - 1]);
    if (f.kind === 'object' && !(absent && switchable)) {
      const fs = h('fieldset', { class: 'rules-section', 'data-field': p }, h('legend', {}, ...this.switchFor(f, path), name), h('div', { class: 'rf-help' }, f.help));
      if (isObj(v)) for (const [k, sub] of Object.entries(f.fields)) if (!sub.drop) fs.append(this.field(sub, [...path, k], label, [v, ...scope]));
      fs.append(h('div', { class: 'rf-error', role: 'alert' }));
      return fs;
    }
    const box = h('div', { class: `rf rf-${f.kind}`, 'data-field': p });
    const head = h('div', { class: 'rf-head' });
    box.append(head);
    if (switchable) head.append(...this.switchFor(f, path));
    if (absent && switchable) {
      head.append(h('span', { class: 'rf-name' }, name), ' ', h('span', { class: 'note' }, f.nullable ? '(off)' : '(not set)'));
    } else if (f.kind === 'list') {
      head.append(h('span', { class: 'rf-name' }, name), ' ', h('span', { class: 'rf-range note' }, this.listRange(f, scope)));
      box.append(isTable(f) ? this.table(f, path, label, scope) : this.row(f, path, label, scope));
    } else if ((f.kind as string) === 'map') {
      // a map on its own: of sections (Farkle's n of a kind), a table with a row per key; of numbers (a safe's limit by players), one cell per key
      const keys = mapKeys(f, [v], scope) ?? [];
      const of = mapValueField(f);
      if (of?.kind === 'object') {
        head.append(h('span', { class: 'rf-name' }, name));
        box.append(this.mapTable(f, of, keys, path, label, scope));
        box.append(h('div', { class: 'rf-help' }, f.help), h('div', { class: 'rf-error', role: 'alert' }));
        return box;
      }
      head.append(h('span', { class: 'rf-name' }, name), ...(mapUnit(f) ? [' ', h('span', { class: 'rf-unit' }, mapUnit(f))] : []), ' ', h('span', { class: 'note' }, '(empty: none)'));
      const t = h('table', { class: 'rf-row' }, h('thead', {}, h('tr', {}, ...keys.map((k) => h('th', {}, k)))), h('tbody', {}, h('tr', {}, ...keys.map((k) => this.mapCell(f, [...path, k], label, scope)))));
      box.append(h('div', { class: 'wide' }, t));
    } else if (f.kind === 'boolean') {
      const input = h('input', { type: 'checkbox', 'data-path': p }) as HTMLInputElement;
      input.checked = v === true;
      input.addEventListener('change', (e) => this.edit(path, input.checked, e.timeStamp));
      head.append(h('label', {}, input, ' ', h('span', { class: 'rf-name' }, name)));
    } else {
      head.append(h('label', {}, h('span', { class: 'rf-name' }, name), ' ', this.input(f, path, v, scope)), ...(f.unit ? [' ', h('span', { class: 'rf-unit' }, f.unit)] : []), ' ', h('span', { class: 'rf-range note' }, this.range(f, scope)));
    }
    box.append(h('div', { class: 'rf-help' }, f.help), h('div', { class: 'rf-error', role: 'alert' }));
    return box;
  }

  /** An optional or nullable value's switch: on, it takes its last value (or the default); off, it is null or left out. */
  private switchFor(f: Field, path: Path): (HTMLElement | string)[] {
    if (!f.optional && !f.nullable) return [];
    const p = path.join('.');
    const v = this.getAt(path);
    const on = !(v === undefined || v === null);
    const box = h('input', { type: 'checkbox', 'data-switch': p, title: f.nullable ? 'on, or off (null)' : 'set, or left out of the file' }) as HTMLInputElement;
    box.checked = on;
    box.addEventListener('change', (e) => {
      if (box.checked) this.edit(path, this.remembered.get(p) ?? fresh(f), e.timeStamp, true);
      else {
        this.remembered.set(p, structuredClone(this.getAt(path)));
        this.edit(path, f.nullable ? null : undefined, e.timeStamp, true);
      }
    });
    return [box, ' '];
  }

  private bound(b: Bound, scope: Obj[]): number | null {
    if (typeof b === 'number') return b;
    for (const o of scope) if (typeof o[b.ref] === 'number') return (o[b.ref] as number) + (b.add ?? 0);
    return null;
  }
  private range(f: Field, scope: Obj[]): string {
    if (f.kind === 'integer' || f.kind === 'number') {
      const lo = this.bound(f.min, scope), hi = this.bound(f.max, scope);
      return lo === hi && lo !== null ? `= ${lo}` : `${lo ?? '?'}..${hi ?? '?'}`;
    }
    return '';
  }
  private listRange(f: ListField, scope: Obj[]): string {
    const lo = this.bound(f.minLength, scope), hi = this.bound(f.maxLength, scope);
    const n = lo === hi ? `${lo} entries` : `${lo ?? '?'}..${hi ?? '?'} entries`;
    const r = this.range(f.of, scope);
    return [n, r && `each ${r}`, f.of.unit].filter(Boolean).join(', ');
  }

  /** A single value's input: a number box (min, max and step from the schema), a choice, or text. */
  private input(f: Field, path: Path, v: unknown, scope: Obj[]): HTMLElement {
    const p = path.join('.');
    const choices = f.kind === 'enum' ? f.values : valuesOf(f, scope);
    if (choices) {
      const s = h('select', { 'data-path': p }) as HTMLSelectElement;
      // a value the file leaves out reads as what the rules then mean ("not set: none"), and choosing
      // it leaves the value out again; a value outside the choices (a file's typo) is shown as it is
      const ABSENT = '\u0000absent';
      if (v === undefined) s.append(h('option', { value: ABSENT }, f.ifAbsent !== undefined ? `(not set: ${String(f.ifAbsent)})` : '(not set)'));
      for (const x of choices) s.append(h('option', { value: x }, x));
      if (v !== undefined && !choices.includes(v as string)) s.append(h('option', { value: String(v) }, String(v)));
      s.value = v === undefined ? ABSENT : String(v);
      s.addEventListener('change', (e) => this.edit(path, s.value === ABSENT ? undefined : s.value, e.timeStamp));
      return s;
    }
    if (f.kind === 'integer' || f.kind === 'number') {
      const attrs: Record<string, string> = { type: 'number', 'data-path': p, step: f.kind === 'integer' ? '1' : 'any' };
      const lo = this.bound(f.min, scope), hi = this.bound(f.max, scope);
      if (lo !== null) attrs.min = String(lo);
      if (hi !== null) attrs.max = String(hi);
      const input = h('input', attrs) as HTMLInputElement;
      input.value = typeof v === 'number' ? String(v) : v === undefined || v === null ? '' : String(v);
      input.addEventListener('input', (e) => {
        const t = input.value.trim();
        // not a number (empty, "1e"): NaN, so the validator names the field, as it would for the file
        this.edit(path, t === '' ? NaN : Number(t), e.timeStamp);
      });
      return input;
    }
    const input = h('input', { type: 'text', 'data-path': p }) as HTMLInputElement;
    input.value = v === undefined || v === null ? '' : String(v);
    input.addEventListener('input', (e) => this.edit(path, input.value, e.timeStamp));
    return input;
  }

  /** A list of values as one row of cells (entries numbered as the schema counts them), with add and remove when its length may change. */
  private row(f: ListField, path: Path, label: string, scope: Obj[]): HTMLElement {
    const v = this.getAt(path);
    const items = Array.isArray(v) ? v : [];
    const first = f.oneBased ? 1 : 0;
    if (f.of.kind !== 'integer' && f.of.kind !== 'number' && f.of.kind !== 'boolean') {
      // choices (Dracula's effect per value, Weilong's passing) wrap to the width: each numbered
      const wrap = h('div', { class: 'rf-wrap' });
      items.forEach((x, i) => {
        const cellPath = [...path, i];
        this.register(this.entry(label, i + first), cellPath);
        wrap.append(h('span', { class: 'rf-cell', 'data-field': cellPath.join('.') }, h('small', {}, String(i + first)), ' ', this.input(f.of, cellPath, x, scope)));
      });
      return h('div', {}, wrap, ...this.resize(f, path, scope));
    }
    // numbers and switches: a cell per entry, its number above its box, wrapping to the column's
    // width (Can't Stop's eleven column heights fit the rules column at any width)
    const row = h('div', { class: 'rf-row rf-wrap' });
    items.forEach((x, i) => {
      const cellPath = [...path, i];
      this.register(this.entry(label, i + first), cellPath);
      let input: HTMLElement;
      if (f.of.kind === 'boolean') {
        const c = h('input', { type: 'checkbox', 'data-path': cellPath.join('.') }) as HTMLInputElement;
        c.checked = x === true;
        c.addEventListener('change', (e) => this.edit(cellPath, c.checked, e.timeStamp));
        input = c;
      } else input = this.input(f.of, cellPath, x, scope);
      row.append(h('span', { class: 'rf-cell rf-stack', 'data-field': cellPath.join('.') }, h('small', {}, String(i + (f.headFrom ?? first))), input));
    });
    return h('div', {}, row, ...this.resize(f, path, scope));
  }

  /** "+ entry" / "− last" for a list whose length may change (within its bounds). */
  private resize(f: ListField, path: Path, scope: Obj[]): HTMLElement[] {
    const lo = this.bound(f.minLength, scope), hi = this.bound(f.maxLength, scope);
    if (lo !== null && lo === hi) return [];
    const items = () => (Array.isArray(this.getAt(path)) ? (this.getAt(path) as unknown[]) : []);
    const add = h('button', { type: 'button', class: 'rf-add', 'data-add': path.join('.') }, '+ entry');
    add.addEventListener('click', (e) => {
      const xs = items();
      this.edit(path, [...xs, xs.length ? structuredClone(xs[xs.length - 1]) : fresh(f.of)], e.timeStamp, true);
    });
    const out = [add];
    if (f.of.kind !== 'object') {
      const rm = h('button', { type: 'button', class: 'rf-remove', 'data-remove': path.join('.') }, '− last');
      rm.addEventListener('click', (e) => this.edit(path, items().slice(0, -1), e.timeStamp, true));
      out.push(rm);
    }
    return out;
  }

  /**
   * A list of objects as a table: a column per plain field, one per key of a count-keyed map (the
   * face × count score grid; an empty cell is no score for that count), a remove button per row.
   */
  private table(f: ListField & { of: ObjectField }, path: Path, label: string, scope: Obj[]): HTMLElement {
    const v = this.getAt(path);
    const items = (Array.isArray(v) ? v : []) as Obj[];
    const first = f.oneBased ? 1 : 0;
    const cols = Object.entries(f.of.fields).filter(([, s]) => !s.drop);
    const head = h('tr', {});
    const groups = h('tr', {});
    let grouped = false;
    const keysOf = new Map<string, string[]>();
    for (const [k, s] of cols) {
      const keys = mapKeys(s, items.map((it) => it?.[k]), scope);
      if (keys) {
        keysOf.set(k, keys);
        grouped = true;
        groups.append(h('th', { colspan: String(keys.length), title: s.help }, `${k}${s.kind === 'object' || !('unit' in s) ? '' : ''}${mapUnit(s) ? ` (${mapUnit(s)})` : ''}`));
        for (const key of keys) head.append(h('th', { title: `${k} for ${key}` }, key));
      } else {
        groups.append(h('th', { rowspan: '2', title: s.help }, k, ...(s.unit ? [h('br', {}), h('span', { class: 'rf-unit' }, s.unit)] : [])));
      }
    }
    const t = h('table', { class: 'rf-table' });
    const thead = h('thead', {}, grouped ? groups : head);
    if (grouped) {
      thead.append(head);
      groups.prepend(h('th', { rowspan: '2' }, '#'));
    } else {
      // no map: one header row (the plain fields' cells were built with rowspan 2)
      head.textContent = '';
      head.append(h('th', {}, '#'), ...[...groups.children].map((c) => { c.removeAttribute('rowspan'); return c; }));
      thead.textContent = '';
      thead.append(head);
    }
    const body = h('tbody', {});
    items.forEach((it, i) => {
      const rowPath = [...path, i];
      const rowLabel = this.entry(label, i + first);
      this.register(rowLabel, rowPath);
      const tr = h('tr', { 'data-field': rowPath.join('.') });
      const rm = h('button', { type: 'button', class: 'rf-remove', title: 'remove this entry', 'data-remove': rowPath.join('.') }, '✕');
      rm.addEventListener('click', (e) => this.edit(path, items.filter((_, j) => j !== i), e.timeStamp, true));
      tr.append(h('th', {}, String(i + first), ' ', rm));
      const inner = [isObj(it) ? it : {}, ...scope];
      for (const [k, s] of cols) {
        const cellPath = [...rowPath, k];
        const cellLabel = `${rowLabel}.${k}`;
        this.register(cellLabel, cellPath);
        const keys = keysOf.get(k);
        if (keys) {
          for (const key of keys) tr.append(this.mapCell(s, [...cellPath, key], cellLabel, inner));
          continue;
        }
        tr.append(h('td', { 'data-field': cellPath.join('.') }, this.cell(s, cellPath, cellLabel, inner)));
      }
      body.append(tr);
    });
    t.append(thead, body);
    return h('div', { class: 'wide' }, t, ...this.resize(f, path, scope));
  }

  /** A map of sections as a table: a row per key (its box: the key is in the map or not), a column per field. */
  private mapTable(f: Field, of: ObjectField, keys: string[], path: Path, label: string, scope: Obj[]): HTMLElement {
    const v = this.getAt(path);
    const map = isObj(v) ? v : {};
    const cols = Object.entries(of.fields).filter(([, s]) => !s.drop);
    const keyName = ((f as unknown as MapLike).keys as { name?: string } | undefined)?.name ?? 'key';
    const t = h('table', { class: 'rf-table' }, h('thead', {}, h('tr', {}, h('th', {}, keyName), ...cols.map(([k, s]) => h('th', { title: s.help }, k, ...(s.unit ? [h('br', {}), h('span', { class: 'rf-unit' }, s.unit)] : []))))));
    const body = h('tbody', {});
    for (const key of keys) {
      const rowPath = [...path, key];
      this.register(`${label}.${key}`, rowPath);
      const on = h('input', { type: 'checkbox', 'data-switch': rowPath.join('.') }) as HTMLInputElement;
      on.checked = key in map;
      on.addEventListener('change', (e) => this.edit(rowPath, on.checked ? fresh(of) : undefined, e.timeStamp, true));
      const tr = h('tr', { 'data-field': rowPath.join('.') }, h('th', {}, h('label', {}, on, ' ', key)));
      const entry = map[key];
      for (const [k, s] of cols) tr.append(h('td', { 'data-field': [...rowPath, k].join('.') }, ...(isObj(entry) ? [this.cell(s, [...rowPath, k], `${label}.${key}.${k}`, [entry, ...scope])] : [])));
      body.append(tr);
    }
    t.append(body);
    return h('div', { class: 'wide' }, t);
  }

  /** One cell of a table row: a plain input, a check box, or (a nested list or object) its JSON. */
  private cell(s: Field, path: Path, label: string, scope: Obj[]): HTMLElement {
    const v = this.getAt(path);
    const p = path.join('.');
    if (s.kind === 'boolean') {
      const c = h('input', { type: 'checkbox', 'data-path': p }) as HTMLInputElement;
      c.checked = v === true;
      c.addEventListener('change', (e) => this.edit(path, c.checked, e.timeStamp));
      return c;
    }
    if (isScalar(s)) {
      if (s.nullable || s.optional) {
        const wrap = h('span', { class: 'rf-opt' }, ...this.switchFor(s, path));
        if (v !== null && v !== undefined) wrap.append(this.input(s, path, v, scope));
        else wrap.append(h('span', { class: 'note' }, s.nullable ? 'none' : '—'));
        return wrap;
      }
      return this.input(s, path, v, scope);
    }
    if (s.kind === 'list' && !isTable(s) && s.of.kind !== 'object') {
      // a short list in a cell (a straight's faces): its entries separated by commas
      const input = h('input', { type: 'text', 'data-path': p, class: 'rf-list' }) as HTMLInputElement;
      input.value = Array.isArray(v) ? v.join(',') : '';
      input.addEventListener('input', (e) => {
        const parts = input.value.split(',').map((x) => x.trim()).filter((x) => x !== '');
        this.edit(path, parts.map((x) => (s.of.kind === 'integer' || s.of.kind === 'number' ? (x === '' ? NaN : Number(x)) : s.of.kind === 'boolean' ? x === 'true' : x)), e.timeStamp);
      });
      this.register(label, path);
      return input;
    }
    // anything deeper: a small form of its own
    return this.field(s, path, label.slice(0, label.lastIndexOf('.')), scope);
  }

  /** One cell of a count-keyed map: its value for that key, empty when the key is absent. */
  private mapCell(s: Field, path: Path, mapLabel: string, scope: Obj[]): HTMLElement {
    const key = path[path.length - 1];
    const mapPath = path.slice(0, -1);
    const p = path.join('.');
    this.register(`${mapLabel}.${key}`, path);
    const of = mapValueField(s);
    const v = this.getAt(path);
    const attrs: Record<string, string> = { type: 'number', 'data-path': p, step: of?.kind === 'number' ? 'any' : '1', placeholder: '—' };
    if (of && (of.kind === 'integer' || of.kind === 'number')) {
      const lo = this.bound(of.min, scope), hi = this.bound(of.max, scope);
      if (lo !== null) attrs.min = String(lo);
      if (hi !== null) attrs.max = String(hi);
    }
    const input = h('input', attrs) as HTMLInputElement;
    input.value = typeof v === 'number' ? String(v) : v === undefined ? '' : String(v);
    input.addEventListener('input', (e) => {
      const t = input.value.trim();
      const map = this.getAt(mapPath);
      // the first value in a row without a map: the map is made
      if (!isObj(map)) this.setAt(mapPath, {});
      this.edit(path, t === '' ? undefined : Number(t), e.timeStamp);
    });
    return h('td', { 'data-field': p }, input);
  }
}

/** A field whose value is one of the values other fields hold (a face id): those values, else null. */
function valuesOf(f: Field, scope: Obj[]): readonly string[] | null {
  const m = f as unknown as { kind: string; list?: string; key?: string };
  if (m.kind !== 'valueOf' || !m.list || !m.key) return null;
  for (const o of scope) if (Array.isArray(o[m.list])) return (o[m.list] as Obj[]).map((e) => String(isObj(e) ? e[m.key!] : ''));
  return [];
}

// ---- count-keyed maps ---------------------------------------------------------------------------------
/** The schema's description of a map keyed by counts (Wulong's `score`), whatever the schema calls it. */
interface MapLike { kind: string; keys?: unknown; of?: Field; value?: Field; values?: Field; minKey?: Bound; maxKey?: Bound; unit?: string }
function mapValueField(f: Field): Field | undefined {
  const m = f as unknown as MapLike;
  return m.of ?? m.value ?? (typeof m.values === 'object' && !Array.isArray(m.values) ? m.values : undefined);
}
function mapUnit(f: Field): string {
  return f.unit ?? mapValueField(f)?.unit ?? '';
}
/**
 * The keys of a map column: for a map keyed by counts, every count from its smallest to its largest
 * (bounds from the schema, else the keys used), so an empty cell can be filled; null for any other field.
 */
function mapKeys(f: Field, values: unknown[], scope: Obj[]): string[] | null {
  const m = f as unknown as MapLike;
  if (m.kind !== 'map' && m.kind !== 'countMap' && m.kind !== 'record') return null;
  const used = values.flatMap((x) => (isObj(x) ? Object.keys(x) : []));
  const nums = used.map(Number).filter((n) => Number.isInteger(n));
  const num = (b: Bound | undefined): number | null => {
    if (b === undefined) return null;
    if (typeof b === 'number') return b;
    for (const o of scope) if (typeof o[b.ref] === 'number') return (o[b.ref] as number) + (b.add ?? 0);
    return null;
  };
  const keys = m.keys as { min?: Bound; max?: Bound } | undefined;
  const lo = num(m.minKey ?? keys?.min) ?? (nums.length ? Math.min(...nums) : 1);
  const hi = num(m.maxKey ?? keys?.max) ?? (nums.length ? Math.max(...nums) : lo);
  if (used.length !== nums.length || hi - lo > 40) return [...new Set(used)];
  const out: string[] = [];
  for (let k = Math.min(lo, ...nums); k <= Math.max(hi, ...nums); k++) out.push(String(k));
  return out;
}

/** Drag-and-drop zone plus file picker; calls `onText(text, fileName)`. */
export function fileInput(onText: (text: string, name: string) => void): HTMLElement {
  const input = h('input', { type: 'file', accept: '.json,application/json', 'data-hook': 'rules-file' }) as HTMLInputElement;
  const zone = h('div', { class: 'drop' }, 'Drop a rules file here, or ', input);
  input.addEventListener('change', () => {
    const f = input.files?.[0];
    if (f) void f.text().then((t) => onText(t, f.name));
    input.value = '';
  });
  zone.addEventListener('dragover', (e) => { e.preventDefault(); zone.classList.add('over'); });
  zone.addEventListener('dragleave', () => zone.classList.remove('over'));
  zone.addEventListener('drop', (e) => {
    e.preventDefault();
    zone.classList.remove('over');
    const f = e.dataTransfer?.files[0];
    if (f) void f.text().then((t) => onText(t, f.name));
  });
  return zone;
}

/** A game's shipped rules files as presets, `first` (the rulebook) first. */
export function presetsOf(all: Record<string, unknown>, prefixes: string[], first: string): RulesPreset[] {
  return Object.entries(all)
    .filter(([k]) => prefixes.some((p) => k.startsWith(p)))
    .sort(([a], [b]) => Number(b === first) - Number(a === first))
    .map(([path, rules]) => ({ path, rules }));
}

/**
 * A tab's rules editor in `host`, wired to the address: `fromAddress(q, mine)` loads the link's
 * rules (`rules=`, or the rulebook), and a link that cannot be read says what is wrong, keeps the
 * address and offers the rulebook. `onRules(fromForm)` after each change of the rules.
 */
export function tabRules(host: HTMLElement, o: Omit<RulesEditorOptions, 'onChange'>, onRules: (fromForm: boolean) => void): { editor: RulesEditor; fromAddress(q: URLSearchParams, mine: boolean): void } {
  let loading = false;
  const editor = new RulesEditor(host, {
    ...o,
    onChange: (c) => {
      if (loading) return;
      if (c.rules !== null) clearLinkProblem();
      onRules(c.fromForm);
    },
  });
  const rulebook = o.presets[0].path;
  return {
    editor,
    fromAddress(q, mine) {
      const text = mine ? q.get('rules') : null;
      loading = true;
      const problem = text === null ? (editor.loadPreset(rulebook), null) : editor.loadLink(text);
      loading = false;
      if (problem !== null) linkProblem(problem, `Open the rulebook (${rulebook}) instead`, () => editor.loadPreset(rulebook));
    },
  };
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applySets, getPath } from '../src/core/rules.js';
import { TABLE_BEGIN, TABLE_END, assumedFields, defaults, fieldRows, markdownTable, oneBasedPaths, validate, type RulesSchema } from '../src/core/schema.js';
import { GAMES } from '../src/games/index.js';
import { ROOT } from './helpers/cli.js';

/** A schema with every kind of field, for the generic validator. */
const TOY: RulesSchema = {
  game: 'toy',
  sep: '.',
  root: {
    kind: 'object',
    help: 'toy rules',
    fields: {
      name: { kind: 'string', help: 'name', default: 'toy', ifAbsent: 'custom' },
      dice: { kind: 'integer', min: 1, max: 8, unit: 'dice', help: 'dice rolled', default: 5 },
      odds: { kind: 'number', min: 0, max: 10, help: 'odds', default: 1.5 },
      wild: { kind: 'boolean', help: 'ones are wild', default: true, assumed: 'the text is silent' },
      mode: { kind: 'enum', values: ['a', 'b'], help: 'mode', default: 'a' },
      cap: { kind: 'integer', min: 0, max: 100, nullable: true, help: 'a cap or none', default: null },
      extra: { kind: 'integer', min: 0, max: 9, optional: true, help: 'an optional extra' },
      faces: { kind: 'list', of: { kind: 'integer', min: 0, max: { ref: 'dice' }, help: '' }, minLength: 2, maxLength: { ref: 'dice', add: 1 }, help: 'per face', default: [1, 2] },
      son: { kind: 'list', of: { kind: 'boolean' , help: '' }, minLength: 2, maxLength: 2, oneBased: true, help: 'per Son', default: [true, false] },
      section: { kind: 'object', help: 'a section', fields: { x: { kind: 'integer', min: 0, max: 3, unit: 'points', help: 'x', default: 1 } } },
    },
  },
};
const good = () => structuredClone(defaults(TOY)) as Record<string, unknown>;
const bad = (patch: (r: Record<string, unknown>) => void, where = 'rules') => {
  const r = good();
  patch(r);
  return () => validate(TOY, r, where);
};

describe('the generic validator', () => {
  it('accepts the defaults and returns a clean copy in schema order', () => {
    expect(validate(TOY, good(), 'rules')).toEqual({ name: 'toy', dice: 5, odds: 1.5, wild: true, mode: 'a', cap: null, faces: [1, 2], son: [true, false], section: { x: 1 } });
    expect(validate(TOY, { ...good(), extra: 3, name: undefined }, 'rules')).toMatchObject({ name: 'custom', extra: 3 });
  });

  it('names the field and the range for each kind of mistake', () => {
    expect(bad((r) => (r.dice = 9))).toThrow('rules.dice must be an integer in 1..8 (got 9)');
    expect(bad((r) => (r.dice = 2.5))).toThrow('rules.dice must be an integer in 1..8 (got 2.5)');
    expect(bad((r) => delete r.dice)).toThrow('rules.dice must be an integer in 1..8 (got undefined)');
    expect(bad((r) => (r.odds = 'x'))).toThrow('rules.odds must be a number in 0..10 (got "x")');
    expect(bad((r) => (r.wild = 1))).toThrow('rules.wild must be true or false (got 1)');
    expect(bad((r) => (r.mode = 'c'))).toThrow('rules.mode must be one of a, b (got "c")');
    expect(bad((r) => (r.name = 3))).toThrow('rules.name must be a string (got 3)');
    expect(bad((r) => (r.cap = -1))).toThrow('rules.cap must be an integer in 0..100 (got -1)');
    expect(bad((r) => (r.extra = 10))).toThrow('rules.extra must be an integer in 0..9 (got 10)');
    expect(bad((r) => (r.bogus = 1))).toThrow('rules: unknown field "bogus" (known: name, dice, odds, wild, mode, cap, extra, faces, son, section)');
    expect(bad((r) => (r.section = { x: 1, y: 2 }))).toThrow('rules.section: unknown field "y" (known: x)');
    expect(bad((r) => (r.section = 4))).toThrow('rules.section must be an object (got 4)');
    expect(bad((r) => (r.section = { x: 4 }))).toThrow('rules.section.x must be an integer in 0..3 (got 4)');
    expect(() => validate(TOY, [], 'rules')).toThrow('rules must be an object (got [])');
  });

  it('lists: length and entries, ranges that refer to another field, entries counted from 1', () => {
    expect(bad((r) => (r.faces = 'x'))).toThrow('rules.faces must be an array (got "x")');
    expect(bad((r) => (r.faces = [1]))).toThrow('rules.faces must have 2..6 entries (got 1)');
    expect(bad((r) => ((r.dice = 2), (r.faces = [1, 2, 2, 2])))).toThrow('rules.faces must have 2..3 entries (got 4)');
    expect(bad((r) => (r.faces = [1, 6]))).toThrow('rules.faces.1 must be an integer in 0..5 (got 6)');
    expect(bad((r) => (r.son = [true, 0]))).toThrow('rules.son.2 must be true or false (got 0)');
    expect(bad((r) => (r.son = [true]))).toThrow('rules.son must have 2 entries (got 1)');
  });

  it('the other way of naming fields ("rules: dice"), missing fields said as such, the cross-field check', () => {
    const colon: RulesSchema = { ...TOY, sep: ': ', check: ((r: { dice: number; section: { x: number } }, where: string) => {
      if (r.section.x > r.dice) throw new Error(`${where}: section.x must not exceed dice`);
    }) as never };
    expect(() => validate(colon, { ...good(), dice: 0 }, 'f.json')).toThrow('f.json: dice must be an integer in 1..8 (got 0)');
    expect(() => validate(colon, { ...good(), faces: [1, 9] }, 'f.json')).toThrow('f.json: faces.1 must be an integer in 0..5 (got 9)');
    expect(() => validate(colon, { ...good(), dice: 2, faces: [1, 1], section: { x: 3 } }, 'f.json')).toThrow('f.json: section.x must not exceed dice');
    // checkAfter: the check runs once the fields it reads are valid, before a later field's message
    const early: RulesSchema = { ...colon, checkAfter: 'dice', check: ((r: { dice: number }, where: string) => {
      if (r.dice === 7) throw new Error(`${where}: dice: 7 is unlucky`);
    }) as never };
    expect(() => validate(early, { ...good(), dice: 7, faces: [9] }, 'f.json')).toThrow('f.json: dice: 7 is unlucky');
    expect(() => validate(colon, { ...good(), dice: 7, faces: [9] }, 'f.json')).toThrow('f.json: faces must have 2..8 entries (got 1)');
    const strict: RulesSchema = { ...TOY, root: { ...TOY.root, requireAll: true } };
    const r = good();
    delete r.odds;
    expect(() => validate(strict, r, 'rules')).toThrow('rules.odds is missing');
    delete r.name; // a field with a value when absent is not missing
    delete r.extra;
    expect(() => validate(strict, { ...r, odds: 1 }, 'rules')).not.toThrow();
  });

  it('derives rows, the one-based lists, the assumed fields and the docs table', () => {
    const rows = fieldRows(TOY);
    expect(rows.map((r) => r.path)).toEqual(['name', 'dice', 'odds', 'wild', 'mode', 'cap', 'extra', 'faces.<0..>', 'son.<1..2>', 'section.x']);
    expect(rows.find((r) => r.path === 'faces.<0..>')).toMatchObject({ type: 'integer list[2..dice+1]', range: '0..dice' });
    expect(rows.find((r) => r.path === 'cap')).toMatchObject({ type: 'integer or null', default: null });
    expect(oneBasedPaths(TOY)).toEqual(['son']);
    expect(assumedFields(TOY)).toEqual([{ path: 'wild', assumed: 'the text is silent' }]);
    expect(markdownTable(TOY)).toContain('| `wild` | boolean |  |  | `true` | ones are wild — *assumed*: the text is silent |');
  });
});

/** The first concrete path a row stands for: `heights.<0..10>` → heights.0. */
const concrete = (path: string) => path.replace(/<(\d+)\.\.\d*>/g, '$1');

for (const g of GAMES) {
  const mod = await g.rules();
  const schema = mod.schema;
  if (!schema) continue;
  const raw = JSON.parse(readFileSync(join(ROOT, 'rules', g.id, 'default.json'), 'utf8')) as Record<string, unknown>;
  describe(`${g.id}: the rules schema`, () => {
    it('its defaults are rules/<game>/default.json (a comment aside), and validate to the shipped rules', () => {
      const { $comment: _c, ...plain } = raw;
      expect(defaults(schema)).toEqual(plain);
      expect(mod.loadRules()).toEqual(mod.loadRules(undefined, []));
      expect(validate(schema, defaults(schema), 'rules')).toEqual(mod.loadRules());
    });

    it('docs/rules/<game>.md carries the generated field table', () => {
      const page = readFileSync(join(ROOT, 'docs', 'rules', `${g.id}.md`), 'utf8');
      const begin = page.indexOf(TABLE_BEGIN), end = page.indexOf(TABLE_END);
      expect(begin, 'the table markers').toBeGreaterThanOrEqual(0);
      expect(page.slice(begin + TABLE_BEGIN.length, end).trim()).toBe(markdownTable(schema));
    });

    it('every field is reachable with --set, and a value out of range is refused naming it', () => {
      const rules = structuredClone(raw);
      for (const row of fieldRows(schema)) {
        const path = concrete(row.path);
        const oneBased = oneBasedPaths(schema);
        const value = getPath(rules, path, oneBased);
        if (value === null || typeof value === 'object' || value === undefined) throw new Error(`${path}: no value in default.json`);
        expect(mod.loadRules(undefined, [`${path}=${String(value)}`])).toEqual(mod.loadRules());
        if (row.type === 'integer' || row.type === 'number') {
          const [, max] = row.range.split('..');
          if (/^-?\d/.test(max) && Number(max) < 1e7) {
            expect(() => mod.loadRules(undefined, [`${path}=${Number(max) + 1}`])).toThrow(new RegExp(`${path.split('.').pop()} must be an? (integer|number) in [^ ]*\\.\\.${max} \\(got ${Number(max) + 1}\\)`));
          }
        }
      }
      expect(() => applySets(rules, ['noSuchField=1'])).toThrow(/no rules field by that name/);
    });
  });
}

it('every game has a rules schema (those not yet converted are named here)', async () => {
  const without = [];
  for (const g of GAMES) if (!(await g.rules()).schema) without.push(g.id);
  expect(without).toEqual(NOT_YET_CONVERTED);
});

/** Games whose rules are still validated by hand (issue 21): to be converted next. */
const NOT_YET_CONVERTED = ['wulong'];

/** The assumptions each game's `assumptions` command re-measures: each must be a field of its schema. */
const ASSUMPTION_LISTS: Record<string, () => Promise<readonly { field: string }[]>> = {
  tichu: async () => (await import('../src/games/tichu/assumptions.js')).ASSUMPTIONS,
  dracula: async () => (await import('../src/games/dracula/assumptions.js')).ASSUMPTIONS,
  'cant-stop': async () => (await import('../src/games/cant-stop/assumptions.js')).ASSUMPTIONS,
  weilong: async () => (await import('../src/games/weilong/assumptions.js')).ASSUMPTIONS,
  'liars-dice': async () => (await import('../src/games/liars-dice/assumptions.js')).ASSUMPTIONS,
  'sichuan-mahjong': async () => (await import('../src/games/sichuan-mahjong/assumptions.js')).ASSUMPTIONS,
};

it('every field an assumptions command re-measures is a field of the game\'s schema, and every assumed field is re-measured or said why not', async () => {
  for (const [game, list] of Object.entries(ASSUMPTION_LISTS)) {
    const schema = (await GAMES.find((g) => g.id === game)!.rules()).schema!;
    const paths = fieldRows(schema).map((r) => r.path.replace(/\.<\d+\.\.\d*>$/, ''));
    const measured = (await list()).map((a) => a.field);
    for (const f of measured) expect(paths, `${game}: ${f}`).toContain(f);
    const notMeasured = assumedFields(schema).map((a) => a.path).filter((p) => !measured.includes(p));
    expect(notMeasured, `${game}: assumed fields the command does not re-measure`).toEqual(NOT_RE_MEASURED[game] ?? []);
  }
});

/** Assumed fields no finding depends on: safety limits, and choices whose effect is too rare to measure. */
const NOT_RE_MEASURED: Record<string, string[]> = {
  tichu: ['maxRounds', 'assumptions.tieAtTargetContinues'],
  weilong: ['drawNewFrom', 'maxTurnsPerRound'],
};

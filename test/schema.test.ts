import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applySets, getPath, readRawRules } from '../src/core/rules.js';
import { presetNames } from '../src/core/paths.js';
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

/** A schema with the kinds a dice game's faces need: lists of sections, count-keyed maps, ids as values. */
const DICE: RulesSchema = {
  game: 'dice',
  sep: ': ',
  brackets: true,
  root: {
    kind: 'object',
    help: 'dice rules',
    fields: {
      dice: { kind: 'integer', min: 1, max: 6, unit: 'dice', help: 'dice', default: 3 },
      faces: {
        kind: 'list',
        minLength: 2,
        maxLength: 6,
        distinct: { key: 'id', say: 'face ids' },
        help: 'faces',
        default: [{ id: 'A', score: { 1: 10 } }, { id: 'B', name: 'Bee', score: {} }],
        of: {
          kind: 'object',
          help: 'a face',
          fields: {
            id: { kind: 'string', help: 'id' },
            name: { kind: 'string', help: 'name (absent: its id)', ifAbsentFrom: { ref: 'id' } },
            score: { kind: 'map', of: { kind: 'integer', min: 1, max: 99, help: '' }, keys: { min: 1, max: { ref: 'dice' }, name: 'count', say: 'counts must be whole numbers' }, unit: 'points', help: 'by count' },
          },
        },
      },
      runs: {
        kind: 'list',
        minLength: 0,
        maxLength: 9,
        ifAbsent: [],
        help: 'runs',
        of: {
          kind: 'object',
          help: 'a run',
          fields: {
            name: { kind: 'string', help: 'name (absent: its faces)', ifAbsentFrom: { ref: 'faces', join: '-' } },
            faces: { kind: 'list', of: { kind: 'valueOf', list: 'faces', key: 'id', help: 'a face' }, minLength: 1, maxLength: { ref: 'faces', length: true }, help: 'faces' },
          },
        },
      },
      pair: { kind: 'object', nullable: true, ifAbsent: null, default: null, help: 'a pair (null: none)', fields: { score: { kind: 'integer', min: 1, max: 9, help: 'its value' } } },
      chip: { kind: 'number', min: 1, max: 100, whole: 'money', unit: 'money', help: 'chip', default: 5 },
      extra: { kind: 'object', optional: true, help: 'an optional section without defaults', fields: { x: { kind: 'integer', min: 0, max: 1, help: 'x' } } },
    },
  },
};

describe('lists of sections, count-keyed maps, ids as values, names from a sibling', () => {
  const ok = () => ({ dice: 3, faces: [{ id: 'A', score: { 1: 10 } as Record<string, number> }, { id: 'B', name: 'Bee', score: {} as Record<string, number> }], chip: 5 });
  const refuse = (patch: (r: ReturnType<typeof ok> & Record<string, unknown>) => void) => {
    const r = ok() as ReturnType<typeof ok> & Record<string, unknown>;
    patch(r);
    return () => validate(DICE, r, 'f.json');
  };

  it('fills names from a sibling (joined when a list) and keeps the schema order', () => {
    const r = validate(DICE, { ...ok(), runs: [{ faces: ['A', 'B'] }, { name: 'x', faces: ['B'] }] }, 'f.json') as { faces: object[]; runs: object[] };
    expect(r.faces[0]).toEqual({ id: 'A', name: 'A', score: { 1: 10 } });
    expect(Object.keys(r.faces[0])).toEqual(['id', 'name', 'score']);
    expect(r.runs).toEqual([{ name: 'A-B', faces: ['A', 'B'] }, { name: 'x', faces: ['B'] }]);
    expect(validate(DICE, defaults(DICE), 'f.json')).toEqual({ dice: 3, faces: [{ id: 'A', name: 'A', score: { 1: 10 } }, { id: 'B', name: 'Bee', score: {} }], runs: [], pair: null, chip: 5 });
  });

  it('names list positions in brackets, map keys by their count, and what is allowed', () => {
    expect(refuse((r) => (r.faces[0].score = { 1: 100 }))).toThrow('f.json: faces[0].score.1 must be an integer in 1..99 (got 100)');
    expect(refuse((r) => (r.faces[1].score = { 4: 1 }))).toThrow('f.json: faces[1].score has count "4": counts must be whole numbers 1..3');
    expect(refuse((r) => (r.faces[1].score = { x: 1 }))).toThrow('f.json: faces[1].score has count "x": counts must be whole numbers 1..3');
    expect(refuse((r) => (r.faces[1].id = 'A'))).toThrow('f.json: faces: face ids must be distinct (got A, A)');
    expect(refuse((r) => (r.runs = [{ faces: ['A', 'C'] }]))).toThrow('f.json: runs[0].faces[1] must be one of A, B (got "C")');
    expect(refuse((r) => (r.runs = [{ faces: ['A', 'B', 'A'] }]))).toThrow('f.json: runs[0].faces must have 1..2 entries (got 3)');
    expect(refuse((r) => (r.chip = 2.5))).toThrow('f.json: chip must be a whole number of money (got 2.5)');
    expect(refuse((r) => (r.chip = 0))).toThrow('f.json: chip must be a number in 1..100 (got 0)');
    expect(refuse((r) => (r.pair = { score: 10 }))).toThrow('f.json: pair.score must be an integer in 1..9 (got 10)');
    // map keys are normalised: "01" is the count 1
    expect((validate(DICE, { ...ok(), faces: [{ id: 'A', score: { '01': 5 } }, { id: 'B', score: {} }] }, 'f.json') as { faces: { score: object }[] }).faces[0].score).toEqual({ 1: 5 });
  });

  it('rows: the list of sections and each field of an entry, maps by their keys, a section that may be null', () => {
    const rows = fieldRows(DICE);
    expect(rows.map((r) => r.path)).toEqual(['dice', 'faces', 'faces.<0..>.id', 'faces.<0..>.name', 'faces.<0..>.score.<1..dice>', 'runs', 'runs.<0..>.name', 'runs.<0..>.faces.<0..>', 'pair', 'pair.score', 'chip', 'extra.x']);
    expect(rows.find((r) => r.path === 'faces')).toMatchObject({ type: 'object list[2..6]' });
    expect(rows.find((r) => r.path === 'faces.<0..>.score.<1..dice>')).toMatchObject({ type: 'integer map', range: '1..99', unit: 'points' });
    expect(rows.find((r) => r.path === 'runs.<0..>.faces.<0..>')).toMatchObject({ type: 'enum list[1..len(faces)]', range: 'faces.<i>.id values' });
    expect(rows.find((r) => r.path === 'pair')).toMatchObject({ type: 'object or null', default: null });
    expect(markdownTable(DICE)).toContain('| `faces` | object list[2..6] |  |  | `2 entries` | faces |');
    // an optional section none of whose fields has a default stays out of the defaults
    expect(Object.keys(defaults(DICE))).toEqual(['dice', 'faces', 'pair', 'chip']);
  });
});

/**
 * The first concrete path a row stands for in a rules file: each `<a..b>` placeholder (a list's
 * positions, a map's keys) becomes the first entry the file has there; undefined when it has none.
 */
function concrete(rules: unknown, path: string): string | undefined {
  const [head, ...rest] = path.match(/<[^>]*>|[^.]+/g) ?? [''];
  if (rules === null || typeof rules !== 'object') return undefined;
  const placeholder = /^<(\d*)\.\..*>$/.exec(head);
  const keys = placeholder ? Object.keys(rules) : [head];
  for (const k of keys) {
    const x = (rules as Record<string, unknown>)[k];
    if (x === undefined) continue;
    // an entry of a list of sections by position in brackets (`faces.0` would be the face whose
    // id is "0"); a value's as the row counts it (from 1 in a one-based list)
    const step = !Array.isArray(rules) ? k : typeof x === 'object' && x !== null ? `[${k}]` : String(Number(k) + Number(placeholder?.[1] || 0));
    if (!rest.length) return step;
    const tail = concrete(x, rest.join('.'));
    if (tail !== undefined) return `${step}${tail.startsWith('[') ? '' : '.'}${tail}`;
  }
  return undefined;
}

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
      // a field the default file leaves out is tried on the first shipped preset that has it
      const presets = presetNames(g.id).filter((n) => n !== 'default').map((n) => ({ n, raw: readRawRules(g.id, n).raw }));
      const oneBased = oneBasedPaths(schema);
      for (const row of fieldRows(schema)) {
        const at = [{ n: undefined as string | undefined, raw: rules as unknown }, ...presets].find((x) => concrete(x.raw, row.path) !== undefined);
        if (!at && IN_NO_SHIPPED_FILE[g.id]?.includes(row.path)) continue;
        if (!at) throw new Error(`${row.path}: no value in default.json or a preset`);
        const path = concrete(at.raw, row.path)!;
        const value = getPath(at.raw, path, oneBased);
        // a list or map of sections, or a section that may be null, is a group: its fields have rows of their own
        if (/^object( (list|map)| or null$)/.test(row.type)) {
          expect(typeof value, row.path).toBe('object');
          continue;
        }
        if (value === null || typeof value === 'object' || value === undefined) throw new Error(`${path}: no value`);
        expect(mod.loadRules(at.n, [`${path}=${String(value)}`])).toEqual(mod.loadRules(at.n));
        if (row.type === 'integer' || row.type === 'number') {
          const [, max] = row.range.split('..');
          if (/^-?\d/.test(max) && Number(max) < 1e7) {
            expect(() => mod.loadRules(at.n, [`${path}=${Number(max) + 1}`])).toThrow(new RegExp(`${path.split('.').pop()!.replace(/[[\]]/g, '\\$&')} must be an? (integer|number) in [^ ]*\\.\\.${max} \\(got ${Number(max) + 1}\\)`));
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

/** Fields no shipped rules file writes (each tested on a file of its own in the game's tests). */
const IN_NO_SHIPPED_FILE: Record<string, string[]> = {
  wulong: ['patterns.<0..>.faces.<0..>', 'bustPenalty'],
};

/** Games whose rules are still validated by hand (issue 21): to be converted next. */
const NOT_YET_CONVERTED: string[] = [];

/** The assumptions each game's `assumptions` command re-measures: each must be a field of its schema. */
const ASSUMPTION_LISTS: Record<string, () => Promise<readonly { field: string }[]>> = {
  tichu: async () => (await import('../src/games/tichu/assumptions.js')).ASSUMPTIONS,
  dracula: async () => (await import('../src/games/dracula/assumptions.js')).ASSUMPTIONS,
  'cant-stop': async () => (await import('../src/games/cant-stop/assumptions.js')).ASSUMPTIONS,
  weilong: async () => (await import('../src/games/weilong/assumptions.js')).ASSUMPTIONS,
  'liars-dice': async () => (await import('../src/games/liars-dice/assumptions.js')).ASSUMPTIONS,
  'sichuan-mahjong': async () => (await import('../src/games/sichuan-mahjong/assumptions.js')).ASSUMPTIONS,
  // "faces[4].score, faces[5].score" (the 5s and 6s rows) is an assumption about the faces list's entries
  wulong: async () => (await import('../src/games/wulong/assumptions.js')).ASSUMPTIONS.map((a) => ({ field: a.field.split(/[[,]/)[0] })),
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

it('the lists of this file keyed by game name games of the built-in list, and the assumptions lists cover every built-in with assumed fields', async () => {
  const ids = GAMES.map((g) => g.id);
  for (const list of [IN_NO_SHIPPED_FILE, ASSUMPTION_LISTS, NOT_RE_MEASURED]) for (const id of Object.keys(list)) expect(ids, id).toContain(id);
  for (const g of GAMES) {
    const schema = (await g.rules()).schema;
    if (schema && assumedFields(schema).length) expect(Object.keys(ASSUMPTION_LISTS), `${g.id} has assumed fields: list what re-measures them`).toContain(g.id);
  }
});

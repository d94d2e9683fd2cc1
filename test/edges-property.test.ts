import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countsOf, handText, meldText, parseMelds, parseTileList, MELD_TYPES, type Meld } from '../src/games/sichuan-mahjong/tiles.js';
import { cardsText, parseCards, DECK_SIZE } from '../src/games/tichu/cards.js';
import { parseBid, parseDice } from '../src/games/liars-dice/exact.js';
import { bidCount, bidFace, bidRank, bidText, loadRules as loadLiarsRules } from '../src/games/liars-dice/rules.js';
import { parseSpec, specText, type StrategySpec } from '../src/core/spec.js';
import { applySets, getPath, loadRulesFile, readRawRules } from '../src/core/rules.js';
import { validateRules as validateWulong } from '../src/games/wulong/turn/rules.js';
import { parseRoll, tablesFor } from '../src/games/wulong/turn/tables.js';
import { UserError } from '../src/core/errors.js';

// Property tests of the parsers a person types into: a value printed and parsed again is the same
// value (parse(print(x)) == x), and text that is not a value is refused with a UserError (one
// line), never a crash or a silent misreading. fast-check shrinks any counterexample it finds.

const RUNS = { numRuns: 300 };

/** A mahjong hand as counts per kind (27 kinds, 0..4 each), `size` tiles. */
const handCounts = (size: number) =>
  fc.array(fc.integer({ min: 0, max: 26 }), { minLength: size, maxLength: size * 3 }).map((kinds) => {
    const c = new Uint8Array(27);
    let n = 0;
    for (const k of kinds) {
      if (n < size && c[k] < 4) {
        c[k]++;
        n++;
      }
    }
    return c;
  });

describe('mahjong hand notation', () => {
  it('parse(handText(counts)) gives the counts back, with or without spaces between suit groups', () => {
    fc.assert(fc.property(handCounts(14), fc.boolean(), (c, spaced) => {
      const text = spaced ? handText(c).replace(/([mps])(?=\d)/g, '$1 ') : handText(c);
      expect(Array.from(countsOf(parseTileList(text, 'hand')))).toEqual(Array.from(c));
    }), RUNS);
  });
  it('any other text is read exactly or refused in one line (never a crash)', () => {
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom('1', '5', '9', '0', 'm', 'p', 's', 'z', ' ', ',', '１') }), (text) => {
      try {
        const tiles = parseTileList(text, 'hand');
        // what it read prints as the same tiles, suit by suit
        expect(handText(countsOf(tiles)).length).toBe(tiles.length + new Set(tiles.map((t) => (t / 9) | 0)).size);
      } catch (e) {
        expect(e).toBeInstanceOf(UserError);
        expect((e as Error).message).not.toContain('\n');
      }
    }), RUNS);
  });
  it('melds: parseMelds(their text, comma-separated) gives them back; empty entries are refused', () => {
    const meld = fc.record({ type: fc.constantFrom(...MELD_TYPES), kind: fc.integer({ min: 0, max: 26 }) }) as fc.Arbitrary<Meld>;
    fc.assert(fc.property(fc.array(meld, { maxLength: 4 }), (melds) => {
      expect(parseMelds(melds.map(meldText).join(', '))).toEqual(melds);
      if (melds.length) expect(() => parseMelds(melds.map(meldText).join(', ') + ',,')).toThrow(UserError);
    }), RUNS);
  });
});

describe('Tichu cards', () => {
  it('parseCards(cardsText(cards)) gives the same cards (as a set, in deck order)', () => {
    fc.assert(fc.property(fc.uniqueArray(fc.integer({ min: 0, max: DECK_SIZE - 1 }), { minLength: 1, maxLength: 14 }), (cards) => {
      const text = cardsText(cards);
      expect([...parseCards(text, cards.length)].sort((a, b) => a - b)).toEqual([...cards].sort((a, b) => a - b));
      expect(cardsText(parseCards(text, cards.length))).toBe(text);
    }), RUNS);
  });
});

describe("Liar's Dice bids and dice", () => {
  const rules = loadLiarsRules();
  it('parseBid(bidText(rank)) gives the bid of that rank back', () => {
    const total = 20;
    fc.assert(fc.property(fc.integer({ min: 1, max: total }), fc.integer({ min: 1, max: rules.sides }), (count, face) => {
      const rank = bidRank(rules, count, face);
      const bid = parseBid(bidText(rules, rank), rules, total);
      expect([bid.count, bid.face]).toEqual([bidCount(rules, rank), bidFace(rules, rank)]);
      expect([bid.count, bid.face]).toEqual([count, face]);
    }), RUNS);
  });
  it('parseDice(dice joined by commas) gives the dice back; an empty entry is refused', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 1, max: rules.sides }), { minLength: 1, maxLength: rules.dicePerPlayer }), (dice) => {
      expect(parseDice(dice.join(','), rules)).toEqual(dice);
      expect(() => parseDice(`${dice.join(',')},,${dice[0]}`, rules)).toThrow(/an empty die between commas/);
    }), RUNS);
  });
});

describe('strategy specs', () => {
  it('parseSpec(specText(spec)) == spec', () => {
    const name = fc.stringMatching(/^[a-z][a-z-]{0,11}$/);
    const params = fc.dictionary(fc.stringMatching(/^[A-Za-z]\w{0,7}$/), fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((x) => Number(x.toPrecision(8))), { maxKeys: 3 });
    fc.assert(fc.property(name, params, (n, p) => {
      const spec: StrategySpec = { name: n, params: p };
      expect(parseSpec(specText(spec))).toEqual(spec);
    }), RUNS);
  });
});

describe('Wulong rolls', () => {
  const tables = tablesFor(loadRulesFile('wulong', undefined, validateWulong));
  it('parseRoll(faces as text) gives the counts of those faces', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 5 }), fc.boolean(), (faces, byNumber) => {
      const text = faces.map((f) => (byNumber ? String(f + 1) : tables.rules.faces[f].id)).join(',');
      const counts = new Array(6).fill(0);
      for (const f of faces) counts[f]++;
      expect(parseRoll(tables, text)).toEqual(counts);
    }), RUNS);
  });
});

describe('rules files and --set', () => {
  /** Every numeric leaf of a rules file, as a path (list entries by position, `[i]`). */
  const numericPaths = (v: unknown, at = ''): string[] =>
    typeof v === 'number' ? [at] : Array.isArray(v) ? v.flatMap((x, i) => numericPaths(x, `${at}[${i}]`)) : v && typeof v === 'object' ? Object.entries(v).flatMap(([k, x]) => numericPaths(x, at ? `${at}.${k}` : k)) : [];
  const raw = readRawRules('wulong').raw;
  const paths = numericPaths(raw);

  it('--set field=value puts that number at that field and nowhere else', () => {
    fc.assert(fc.property(fc.constantFrom(...paths), fc.integer({ min: 0, max: 1e6 }), (path, value) => {
      const set = applySets(raw, [`${path}=${value}`]);
      expect(getPath(set, path)).toBe(value);
      for (const other of paths) if (other !== path) expect(getPath(set, other)).toBe(getPath(raw, other));
    }), RUNS);
  });
  it('a validated rules file printed as JSON and validated again is the same rules', () => {
    fc.assert(fc.property(fc.constantFrom(...paths.filter((p) => p.startsWith('game.') || p.startsWith('bettingCards'))), fc.integer({ min: 1, max: 9 }), (path, k) => {
      let rules;
      try {
        rules = validateWulong(applySets(raw, [`${path}=${(getPath(raw, path) as number) * k || k}`]), 'rules');
      } catch (e) {
        expect(e).toBeInstanceOf(UserError); // out of the field's range: refused, and that is fine
        return;
      }
      expect(validateWulong(JSON.parse(JSON.stringify(rules)), 'rules')).toEqual(rules);
    }), { numRuns: 100 });
  });
  it('an array field counted from 1 (a validator\'s oneBased): field.K sets entry K, 0 and past the end are refused', () => {
    const w = readRawRules('weilong').raw;
    const oneBased = ['penalty'];
    fc.assert(fc.property(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 100 }), (son, v) => {
      const set = applySets(w, [`penalty.${son}=${v}`], oneBased);
      expect((set as { penalty: number[] }).penalty[son - 1]).toBe(v);
      expect(getPath(set, `penalty.${son}`, oneBased)).toBe(v);
    }), RUNS);
    for (const bad of ['penalty.0=1', 'penalty.6=1']) expect(() => applySets(w, [bad], oneBased)).toThrow(/penalty has entries 1\.\.5/);
  });
});

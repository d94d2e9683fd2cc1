import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { UserError } from '../src/core/errors.js';
import { cardsText, cardText, parseCard, parseCards, DRAGON, DOG, MAHJONG, PHOENIX, cardId } from '../src/games/tichu/cards.js';
import { loadRules, validateRules } from '../src/games/tichu/rules.js';
import { applySets as applyRuleSets } from '../src/core/rules.js';
import { readFileSync } from 'node:fs';

describe('tichu card notation', () => {
  it('parses ranks, suits and specials in every accepted spelling', () => {
    expect(parseCard('As')).toBe(cardId(14, 1));
    expect(parseCard('10j')).toBe(cardId(10, 0));
    expect(parseCard('tJ')).toBe(cardId(10, 0));
    expect(parseCard('9*')).toBe(cardId(9, 3));
    expect(parseCard('2r')).toBe(0 * 4 + 3);
    expect(parseCards('Dragon, phoenix dog MJ')).toEqual([DRAGON, PHOENIX, DOG, MAHJONG]);
    expect(parseCards('Mah Jong Dr')).toEqual([MAHJONG, DRAGON]);
    expect(parseCards('1 Dg Ph Dr')).toEqual([MAHJONG, DOG, PHOENIX, DRAGON]);
  });

  it('print(parse(x)) round-trips for every card and for random hands', () => {
    for (let c = 0; c < 56; c++) expect(parseCard(cardText(c))).toBe(c);
    const rng = new Rng(11);
    for (let t = 0; t < 500; t++) {
      const n = 1 + rng.below(14);
      const deck = Array.from({ length: 56 }, (_, i) => i);
      for (let i = 55; i > 0; i--) { const j = rng.below(i + 1); [deck[i], deck[j]] = [deck[j], deck[i]]; }
      const text = cardsText(deck.slice(0, n));
      expect(cardsText(parseCards(text))).toBe(text);
    }
  });

  it('rejects unknown and duplicated cards and wrong sizes with one-line UserErrors', () => {
    expect(() => parseCard('1s')).toThrow(UserError);
    expect(() => parseCard('Zz')).toThrow(/unknown card "Zz"/);
    expect(() => parseCards('As as')).toThrow(/As appears twice/);
    expect(() => parseCards('As Ks', 8)).toThrow(/must have 8 cards \(got 2\)/);
  });
});

describe('tichu rules', () => {
  it('the shipped default validates and names the issue values', () => {
    const r = loadRules();
    expect(r.calls).toEqual({ tichu: 100, grandTichu: 200 });
    expect(r.doubleWin).toBe(200);
    expect(r.targetScore).toBe(1000);
    // card points of the deck total 100
    const p = r.cardPoints;
    expect(4 * (p.five + p.ten + p.king) + p.dragon + p.phoenix).toBe(100);
  });

  it('validation names the bad field and its range', () => {
    expect(loadRules('default', ['calls.grandTichu=250']).calls.grandTichu).toBe(250);
    expect(() => loadRules('default', ['doubleWin=-5'])).toThrow(/doubleWin must be an integer in 0\.\.10000 \(got -5\)/);
    const raw = JSON.parse(readFileSync(new URL('../rules/tichu/default.json', import.meta.url), 'utf8'));
    expect(() => validateRules({ ...raw, targetScore: 0 })).toThrow(/rules\.targetScore must be an integer in 1\.\.100000 \(got 0\)/);
    expect(() => validateRules({ ...raw, extra: 1 })).toThrow(/unknown field "extra"/);
    expect(() => applyRuleSets(raw, ['assumptions.outOfTurnBombs=3'])).toThrow(/--set assumptions.outOfTurnBombs: expects true or false/);
    expect(() => validateRules({ ...raw, assumptions: { ...raw.assumptions, outOfTurnBombs: 3 } })).toThrow(/rules\.assumptions\.outOfTurnBombs must be true or false/);
    expect(validateRules(applyRuleSets(raw, ['calls.tichu=150', 'assumptions.wishAllowed=false'])).calls.tichu).toBe(150);
    expect(() => applyRuleSets(raw, ['calls.nope=1'])).toThrow(/--set calls.nope: no rules field by that name/);
  });
});

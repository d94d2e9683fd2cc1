/**
 * Issue 16, Sichuan: the hidden choices as rules fields (rootCounts, robbedKongPays,
 * selfDrawBonusInCap), each shown to matter exactly where it can, and the assumptions table.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { loadRules, validateRules } from '../src/games/sichuan-mahjong/rules.js';
import { Valuer } from '../src/games/sichuan-mahjong/value.js';
import { Deal, DEAL } from '../src/games/sichuan-mahjong/engine.js';
import { countsOf, meldSize, parseMelds, parseTileList, suitIndex } from '../src/games/sichuan-mahjong/tiles.js';
import { analyze } from '../src/games/sichuan-mahjong/exact-waits.js';
import { getStrategy } from '../src/games/sichuan-mahjong/strategies/index.js';
import { checkAssumptions } from '../src/games/sichuan-mahjong/assumptions.js';
import { assumptionsText } from '../src/report/assumptions.js';

const rules = loadRules('default');
const A = DEAL.offset;

function fanOf(r: typeof rules, hand: string, melds = '', voidSuit = 's'): { fan: number; names: string[] } {
  const v = new Valuer(r);
  const ms = parseMelds(melds || undefined);
  v.evaluate(countsOf(parseTileList(hand, 'hand')), ms.map((m) => m.kind), ms.map(meldSize), ms.length, suitIndex(voidSuit, 'void'), 0);
  return { fan: v.fan, names: v.fanList() };
}

describe('sichuan-mahjong rules options', () => {
  it('defaults: any four held is a root, the robbed kong maker pays as a discarder, the bonus sits outside the cap', () => {
    expect(rules.rootCounts).toBe('any-four');
    expect(rules.robbedKongPays).toBe('kong-maker');
    expect(rules.selfDrawBonusInCap).toBe(false);
    expect(rules.declinedWinWaitsForDraw).toBe(true);
    expect(() => validateRules({ ...structuredClone(rules), rootCounts: 'pairs' })).toThrow(/rules\.rootCounts must be one of any-four, kong-only/);
    expect(() => validateRules({ ...structuredClone(rules), robbedKongPays: 'nobody' })).toThrow(/rules\.robbedKongPays must be one of kong-maker, kong-maker-for-all/);
  });

  it('rootCounts: four concealed 1m are a root only under any-four; a declared kong is a root either way', () => {
    const kongOnly = { ...rules, rootCounts: 'kong-only' as const };
    expect(fanOf(rules, '1111m33m55m22p77p99p')).toEqual({ fan: 3, names: ['seven pairs', 'root'] });
    expect(fanOf(kongOnly, '1111m33m55m22p77p99p')).toEqual({ fan: 2, names: ['seven pairs'] });
    expect(fanOf(rules, '234m567m99p123p', 'kong 1m').names).toContain('root');
    expect(fanOf(kongOnly, '234m567m99p123p', 'kong 1m').names).toContain('root');
    // 1111m held with 123m as a run and 111m as a pung: 4 of a kind, no kong
    expect(fanOf(rules, '1111m23m456p789p55p').names).toContain('root');
    expect(fanOf(kongOnly, '1111m23m456p789p55p').names).not.toContain('root');
  });

  it('selfDrawBonusInCap: a capped self-draw pays 32 + 1 by default, 32 with the bonus inside the cap (exact)', () => {
    const inCap = { ...rules, selfDrawBonusInCap: true };
    expect(new Valuer(rules).selfDrawPayment(32)).toBe(33);
    expect(new Valuer(inCap).selfDrawPayment(32)).toBe(32);
    expect(new Valuer(inCap).selfDrawPayment(4)).toBe(5);
    // a ready full flush with three roots, waiting on 9m: 5 fan or more, capped at 32
    const a = analyze({ hand: '1111m2222m3333m9m', void: 's' }, rules);
    const b = analyze({ hand: '1111m2222m3333m9m', void: 's' }, inCap);
    const top = (x: typeof a) => Math.max(...x.waits!.map((w) => w.selfDrawPointsEach));
    expect(top(a)).toBe(33);
    expect(top(b)).toBe(32);
  });

  it('robbedKongPays: with kong-maker-for-all the robbed player pays more in the same deals', () => {
    const forAll = { ...rules, robbedKongPays: 'kong-maker-for-all' as const };
    const s = ['greedy', 'value', 'greedy', 'value'].map(getStrategy);
    const a = new Deal(rules, s, new Rng(1)), b = new Deal(forAll, s, new Rng(1));
    let robbedDeals = 0;
    for (let i = 0; i < 20000 && robbedDeals < 3; i++) {
      const accA = new Float64Array(DEAL.length), accB = new Float64Array(DEAL.length);
      a.rng = new Rng(1000 + i); b.rng = new Rng(1000 + i);
      a.play(accA, i & 3); b.play(accB, i & 3);
      if (accA[A.robbed] === 0) {
        expect(Array.from(b.score)).toEqual(Array.from(a.score));
        continue;
      }
      robbedDeals++;
      expect(accB[A.robbed]).toBe(accA[A.robbed]);
      expect(Math.min(...b.score)).toBeLessThan(Math.min(...a.score));
      expect(accB[A.zeroSumViolations]).toBe(0);
    }
    expect(robbedDeals).toBe(3);
  });
});

describe('sichuan-mahjong assumptions table', () => {
  it('every assumed field, its alternatives, each finding re-measured at each; fits 100 columns', async () => {
    const r = await checkAssumptions({ deals: 200, seed: 5 });
    const fields = r.assumptions.map((a) => a.field);
    expect(fields).toEqual(['rootCounts', 'robbedKongPays', 'selfDrawBonusInCap', 'declinedWinWaitsForDraw', 'flowerPigPaysWinners', 'flowerPigPaysReadyCheck', 'readyCheckCountsDeadWaits', 'lastTileIncludesDiscard', 'outsideHandInSevenPairs']);
    for (const f of fields) expect(f in rules).toBe(true);
    for (const a of r.assumptions) {
      const checks = r.checks.filter((c) => c.field === a.field);
      expect(checks.length).toBe(4);
      for (const c of checks) expect(c.values.map((v) => v.value)).toEqual([`default (${a.byDefault})`, ...a.alternatives]);
    }
    // rootCounts changes the fan of some wins: the plain-hand share moves
    const plain = r.checks.find((c) => c.field === 'rootCounts' && c.finding.startsWith('Most wins'))!;
    expect(plain.values[1].measured).not.toBe(plain.values[0].measured);
    for (const line of assumptionsText(r).split('\n')) expect(line.length).toBeLessThanOrEqual(100);
  });
});

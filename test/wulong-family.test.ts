import { describe, expect, it } from 'vitest';
import { expectWithinSE } from './kit/within-se.js';
import { loadRules, validateRules } from '../src/games/wulong/turn/rules.js';
import { Scorer, compileTables } from '../src/games/wulong/turn/tables.js';
import { TurnAnalysis } from '../src/games/wulong/turn/exact.js';
import { turnKernel, type TurnSimParams } from '../src/games/wulong/turn/kernels.js';
import { OPTIMAL } from '../src/games/wulong/turn/strategy.js';
import { Rng } from '../src/core/rng.js';
import { rulesPath } from '../src/core/paths.js';

const preset = (name: string) => loadRules(rulesPath('farkle', name));
const kept = (r: ReturnType<typeof preset>, dice: number[]) => r.faces.map((_, f) => dice.filter((d) => d === f + 1).length);

describe('every Farkle preset loads, names its source and solves', () => {
  for (const name of ['10000', 'pig', 'zilch', 'patch', 'facebook', 'kingdom-come']) {
    it(name, () => {
      const r = preset(name);
      if (name !== '10000') expect(r.source).toMatch(/\w/);
      const a = new TurnAnalysis(r);
      expect(a.solveResult().expectedTurnScore).toBeGreaterThan(0);
    });
  }
});

describe('scoring of the presets, from their sources (no published turn figures exist for these; see docs/rules/wulong.md)', () => {
  it('Patch Products: two triplets 2500, four of a kind with a pair 1500, four/five/six of a kind 1000/2000/3000, three 1s 300', () => {
    const r = preset('patch');
    const s = new Scorer(r);
    expect(s.best(kept(r, [2, 2, 2, 3, 3, 3]))).toBe(2500);
    expect(s.best(kept(r, [4, 4, 4, 4, 6, 6]))).toBe(1500);
    expect(s.best(kept(r, [6, 6, 6, 6]))).toBe(1000);
    expect(s.best(kept(r, [2, 2, 2, 2, 2]))).toBe(2000);
    expect(s.best(kept(r, [3, 3, 3, 3, 3, 3]))).toBe(3000);
    expect(s.best(kept(r, [1, 1, 1]))).toBe(300);
    // 1,1,1,1,5,5: four 1s with a pair of 5s (1500) beats 1000 + 100
    expect(s.best(kept(r, [1, 1, 1, 1, 5, 5]))).toBe(1500);
  });
  it('Zilch: each die beyond three doubles (four 3s 600 … six 3s 2400); a six-dice roll that scores nothing pays 500 and all six roll again', () => {
    const r = preset('zilch');
    const s = new Scorer(r);
    expect([3, 4, 5, 6].map((n) => s.best(kept(r, Array(n).fill(3))))).toEqual([300, 600, 1200, 2400]);
    const t = compileTables(r);
    const scoreless = t.classes[6].filter((c) => c.choices.length === 1 && c.choices[0].score === 500 && c.choices[0].used === 6 && !c.bust);
    // six dice, no 1 or 5, no triple, no three pairs, no straight: 2,2,3,4,6,6-like rolls
    expect(scoreless.length).toBeGreaterThan(0);
    expect(t.bustCount[6]).toBe(0n);
    expect(t.bustCount[5]).toBeGreaterThan(0n);
  });
  it('Kingdom Come: 1-2-3-4-5 = 500, 2-3-4-5-6 = 750, 1-6 = 1500, four 2s 400 and six 2s 1600', () => {
    const r = preset('kingdom-come');
    const s = new Scorer(r);
    expect(s.best(kept(r, [1, 2, 3, 4, 5]))).toBe(500);
    expect(s.best(kept(r, [2, 3, 4, 5, 6]))).toBe(750);
    expect(s.best(kept(r, [1, 2, 3, 4, 5, 6]))).toBe(1500);
    expect(s.best(kept(r, [2, 2, 2, 2]))).toBe(400);
    expect(s.best(kept(r, [2, 2, 2, 2, 2, 2]))).toBe(1600);
  });
  it('Facebook: three pairs 750, four of a kind twice the triple', () => {
    const r = preset('facebook');
    const s = new Scorer(r);
    expect(s.best(kept(r, [2, 2, 4, 4, 6, 6]))).toBe(750);
    expect(s.best(kept(r, [4, 4, 4, 4]))).toBe(800);
  });
  it('Pig: one die, a 1 busts with probability 1/6; hold at 20 maximizes the expected turn score', () => {
    const a = new TurnAnalysis(preset('pig'));
    expect(a.bustProbability()['1'].fraction).toBe('1/6');
    expect(a.thresholds()['1']).toBe(20);
  });
  it('ofAKind by multiplier: 4× the triple for six of a kind without spelling out every count', () => {
    const r = validateRules({ ...preset('10000'), faces: preset('10000').faces.map((f) => ({ ...f, beyond: 'none' })), ofAKind: { 4: { times: 2 }, 5: { times: 3 }, 6: { times: 4 } } });
    const s = new Scorer(r);
    expect(s.best(kept(r, [6, 6, 6, 6, 6, 6]))).toBe(2400);
    expect(s.best(kept(r, [1, 1, 1, 1, 1]))).toBe(3000);
  });
  it('validation names the bad field', () => {
    const base = preset('patch');
    expect(() => validateRules({ ...base, patterns: [{ name: 'x', counts: [4, 4], score: 1 }] })).toThrow(/patterns\[0\]\.counts/);
    expect(() => validateRules({ ...base, ofAKind: { 2: { times: 2 } } })).toThrow(/ofAKind has count "2"/);
    expect(() => validateRules({ ...base, ofAKind: { 4: { times: 2, score: 3 } } })).toThrow(/exactly one of times/);
    expect(() => validateRules({ ...base, scoreless: [{ dice: 7, score: 500 }] })).toThrow(/scoreless\[0\]\.dice/);
    expect(() => validateRules({ ...base, consecutiveBusts: { count: 0, penalty: 1 } })).toThrow(/consecutiveBusts\.count/);
    expect(() => validateRules({ ...base, openingMinimum: -1 })).toThrow(/openingMinimum/);
  });
});

describe('simulator against the exact solver for the new rules (fixed seed, within 4 standard errors)', () => {
  for (const name of ['zilch', 'patch', 'kingdom-come', 'pig']) {
    it(name, () => {
      const params: TurnSimParams = { rules: preset(name), policy: OPTIMAL };
      const acc = turnKernel.run(params, new Rng(77), 300_000);
      const s = turnKernel.summarize(params, acc, 300_000);
      const exact = new TurnAnalysis(params.rules).solveResult().expectedTurnScore;
      expectWithinSE(s.mean, exact, s.se);
    });
  }
});

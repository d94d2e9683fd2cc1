import { describe, expect, it } from 'vitest';
import { loadRules } from '../src/games/wulong/turn/rules.js';
import { Scorer } from '../src/games/wulong/turn/tables.js';
import { TurnAnalysis } from '../src/games/wulong/turn/exact.js';
import { OPTIMAL } from '../src/games/wulong/turn/strategy.js';
import { rulesPath } from '../src/core/paths.js';

const wulong = loadRules();

describe('wholeCombinations: a combination set aside whole or not at all (issue 16, item 5)', () => {
  const whole = loadRules(undefined, ['wholeCombinations=true']);
  const kept = (faces: Partial<Record<string, number>>) => wulong.faces.map((f) => faces[f.id] ?? 0);
  it('is false by default, and --set makes it true', () => {
    expect(wulong.wholeCombinations).toBe(false);
    expect(whole.wholeCombinations).toBe(true);
    expect(() => loadRules(undefined, ['wholeCombinations=maybe'])).toThrow(/wholeCombinations: expects true or false/);
  });
  it('forbids three of four 4s, and a Dragon taken out of a straight', () => {
    const split = new Scorer(wulong).options(kept({ 4: 4, D: 1 })).map((o) => o.kept.join(''));
    const strict = new Scorer(whole).options(kept({ 4: 4, D: 1 })).map((o) => o.kept.join(''));
    expect(split).toContain(kept({ 4: 3 }).join(''));
    expect(strict).not.toContain(kept({ 4: 3 }).join(''));
    expect(strict).not.toContain(kept({ 4: 3, D: 1 }).join(''));
    expect(strict).toEqual(expect.arrayContaining([kept({ D: 1 }).join(''), kept({ 4: 4 }).join(''), kept({ 4: 4, D: 1 }).join('')]));
    expect(new Scorer(whole).options(kept({ D: 1, T: 1, 3: 1, 4: 1, 5: 1 })).map((o) => o.score)).toEqual([10000]);
    expect(new Scorer(wulong).options(kept({ D: 1, T: 1, 3: 1, 4: 1, 5: 1 })).length).toBe(4); // D, T, DT, the straight
  });
  it('never changes an optimal Wulong turn (splitting never pays), but costs a Farkle preset with sub-units', () => {
    const a = new TurnAnalysis(wulong, OPTIMAL).solveResult().expectedTurnScore;
    const b = new TurnAnalysis(whole, OPTIMAL).solveResult().expectedTurnScore;
    expect(a).toBeCloseTo(3713.6035, 3);
    expect(b).toBe(a);
    const patch = loadRules(rulesPath('farkle', 'patch'));
    const p0 = new TurnAnalysis(patch, OPTIMAL).solveResult().expectedTurnScore;
    const p1 = new TurnAnalysis({ ...patch, wholeCombinations: true }, OPTIMAL).solveResult().expectedTurnScore;
    expect(p0 - p1).toBeCloseTo(1.5457, 3);
  });
  it('advise lists only whole combinations', () => {
    const ranked = (r: typeof wulong) => new TurnAnalysis(r, OPTIMAL).rankSetAsides(0, 5, '4,4,4,4,D').options.map((o) => o.setAside);
    expect(ranked(wulong)).toEqual(['D,4,4,4,4', '4,4,4,4', 'D,4,4,4', '4,4,4', 'D']);
    expect(ranked(whole)).toEqual(['D,4,4,4,4', '4,4,4,4', 'D']);
  });
});

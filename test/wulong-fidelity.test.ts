import { describe, expect, it } from 'vitest';
import { expectWithinSE } from './kit/within-se.js';
import { loadRules } from '../src/games/wulong/turn/rules.js';
import { Scorer } from '../src/games/wulong/turn/tables.js';
import { TurnAnalysis } from '../src/games/wulong/turn/exact.js';
import { OPTIMAL } from '../src/games/wulong/turn/strategy.js';
import { rulesPath } from '../src/core/paths.js';
import { openingTellValue, readOdds, tellTablesFor } from '../src/games/wulong/turn/tell.js';
import { tellKernel } from '../src/games/wulong/game/kernels.js';
import { WulongGame } from '../src/games/wulong/game/engine.js';
import { bettorFor, parsePlayers } from '../src/games/wulong/strategies/index.js';
import { Rng } from '../src/core/rng.js';

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

describe('the tell: betting.readAccuracy (issue 16, item 1)', () => {
  it('is 0 by default, reachable by --set, and refused outside [0, 1] naming the field', () => {
    expect(wulong.betting?.readAccuracy).toBe(0);
    expect(loadRules(undefined, ['betting.readAccuracy=0.25']).betting?.readAccuracy).toBe(0.25);
    expect(() => loadRules(undefined, ['betting.readAccuracy=1.5'])).toThrow(/betting\.readAccuracy must be a number in 0\.\.1 \(got 1\.5\)/);
    expect(() => loadRules(undefined, ['betting.readAccuracy=-0.1'])).toThrow(/betting\.readAccuracy/);
  });
  it('at a = 0 the conditional odds equal the unconditional ones, whatever the signal', () => {
    const T = tellTablesFor(wulong, OPTIMAL), C = T.cards, N = T.sim.dice, S = N + 1;
    const out = new Float64Array(C + 1);
    for (const t of [0, 4, 10]) {
      for (let g = T.sim.classOffset[N]; g < T.sim.classTotal; g += 7) {
        readOdds(T, t, N, g, 0, out);
        for (let c = 0; c < C; c++) expect(out[c]).toBe(T.winP[(t * S + N) * C + c]);
        expect(out[C]).toBe(T.voidP[t * S + N]);
      }
    }
    const v = openingTellValue(wulong, OPTIMAL, 0);
    expect(v.bestEvPerChip).toBeCloseTo(Math.max(...v.unconditional.map((x) => x.evPerChip)), 14);
    expect(v.pickShare.find((x) => x.card === 'crane')!.share).toBeCloseTo(1, 12);
  });
  it('a perfect read lifts the best opening EV per chip from +0.023 to +0.661 (the issue probe: about +0.66)', () => {
    const at = (a: number) => openingTellValue(wulong, OPTIMAL, a).bestEvPerChip;
    expect(at(0)).toBeCloseTo(0.0232, 4);
    expect(at(1)).toBeCloseTo(0.6609, 4);
    // above the first kink the value is linear in a: conditional odds mix linearly, the pick is fixed
    expect(at(0.75) - at(0.5)).toBeCloseTo(at(1) - at(0.75), 10);
    // at a = 1 every bust (25/324 of opening rolls) picks the tiger, and so do the few rolls after which the turn busts more often than not
    const tiger = openingTellValue(wulong, OPTIMAL, 1).pickShare.find((x) => x.card === 'tiger')!.share;
    expect(tiger).toBeGreaterThan(25 / 324);
    expect(tiger).toBeLessThan(25 / 324 + 0.001);
  });
  it('the tell simulator agrees with the exact value within 4 standard errors (seed 7)', () => {
    for (const a of [0.25, 1]) {
      const params = { rules: loadRules(undefined, [`betting.readAccuracy=${a}`]), policy: OPTIMAL };
      const r = tellKernel.summarize(params, tellKernel.run(params, Rng.forShard(7, 0), 200_000), 200_000);
      expectWithinSE(r.evPerChip.mean, r.exactEvPerChip, r.evPerChip.se);
    }
  });
  it('the game engine reads nothing at a = 0 (same stream) and the roll itself at a = 1', () => {
    const players = parsePlayers('kelly,min,naive', 3);
    const g0 = new WulongGame({ rules: wulong, players }, bettorFor);
    const pol = g0.policies[0], C = g0.C, N = pol.sim.dice, S = N + 1;
    const rng = new Rng(3), before = Int32Array.from(rng.s);
    const g = pol.sim.classOffset[N] + 5;
    g0.readRoll(rng, pol, 0, N, g);
    expect(Array.from(rng.s)).toEqual(Array.from(before));
    expect(Array.from(g0.odds.subarray(0, C))).toEqual(Array.from(pol.winP.subarray(N * C, N * C + C)));
    const g1 = new WulongGame({ rules: loadRules(undefined, ['betting.readAccuracy=1']), players }, bettorFor);
    g1.readRoll(rng, g1.policies[0], 2, 3, g1.policies[0].sim.classOffset[3] + 1);
    const j = 2 * pol.sim.classTotal + pol.sim.classOffset[3] + 1;
    expect(Array.from(g1.odds.subarray(0, C))).toEqual(Array.from(pol.rollWinP.subarray(j * C, j * C + C)));
    void S;
  });
});

describe('wulong assumptions (issue 16, item 6)', () => {
  it('names every assumed rule with its alternatives and re-measures the exact findings at each', async () => {
    const { checkAssumptions } = await import('../src/games/wulong/assumptions.js');
    const r = await checkAssumptions({ exactOnly: true });
    expect(r.assumptions.map((a) => a.field)).toEqual(['game.safes.limitPerPlayer', 'betting.readAccuracy', 'wholeCombinations', 'faces[4].score, faces[5].score', 'straights', 'instantWin.betsSettled', 'instantWin.value', 'game.safes.allInSides', 'game.shortStack', 'game.ties']);
    const check = (finding: RegExp, field: string) => r.checks.find((c) => finding.test(c.finding) && c.field === field)!;
    // the read breaks "only the crane" and "a thin edge" at every accuracy tried; whole combinations break nothing
    expect(check(/crane/, 'betting.readAccuracy').values.map((v) => v.holds)).toEqual([true, false, false, false]);
    expect(check(/thin edge/, 'betting.readAccuracy').values.map((v) => v.measured)).toEqual(['+0.0232 per chip (exact)', '+0.0853 per chip (exact)', '+0.2771 per chip (exact)', '+0.6609 per chip (exact)']);
    expect(check(/worth 3,714/, 'wholeCombinations').values.every((v) => v.holds)).toBe(true);
    expect(check(/worth 3,714/, 'faces[4].score, faces[5].score').values.map((v) => v.measured)).toEqual(['3713.60 (exact)', '3510.20 (exact)']);
    expect(r.checks.every((c) => c.values[0].value === 'default' && c.values[0].holds)).toBe(true);
  });
  it('prints the table, and refuses a bad --games with exit 2', async () => {
    const { runCli, expectUserError } = await import('./helpers/cli.js');
    const out = runCli(['wulong', 'assumptions', '--exact-only', '--csv']);
    expect(out.code).toBe(0);
    expect(out.stdout.split('\n')[0]).toBe('finding,field,value,measured,holds');
    expect(out.stdout).toContain('betting.readAccuracy,1,+0.6609 per chip (exact),NO');
    expectUserError(runCli(['wulong', 'assumptions', '--games', '5']), /--games/);
  });
});

describe('the turn page ends with the exact part of the assumptions table', () => {
  it('when the experiment asks for it', async () => {
    const { mkdtempSync, readFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { runExperiment } = await import('../src/games/wulong/turn/report.js');
    const dir = mkdtempSync(join(tmpdir(), 'wulong-turn-'));
    try {
      await runExperiment({ name: 't-turn', game: 'wulong', page: 'turn', thresholds: [1000, 3000], simulate: { trials: 2000, shardCount: 2 }, assumptions: true }, { reportsDir: dir, workers: 1, quiet: true });
      const html = readFileSync(join(dir, 'wulong', 'turn.html'), 'utf8');
      const heads = [...html.matchAll(/<h2[^>]*>([^<]*)<\/h2>/g)].map((m) => m[1]);
      expect(heads[heads.length - 1]).toBe('Assumptions');
      expect(html).toContain('wholeCombinations');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

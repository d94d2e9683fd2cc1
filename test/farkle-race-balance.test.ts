import { describe, expect, it } from 'vitest';
import { loadRules } from '../src/games/wulong/turn/rules.js';
import { rulesPath } from '../src/core/paths.js';
import { firstPlayerWins, solveRace } from '../src/games/wulong/race/exact.js';
import { runCli, expectUserError } from './helpers/cli.js';

describe('race balance for designers', () => {
  it('--sweep solves the race at each value of one rules entry; the preset value gives the plain answer', () => {
    const r = runCli(['wulong', 'race', '--rules', 'rules/farkle/10000.json', '--target', '500', '--sweep', 'faces.5.score.3=400,500', '--json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.rows.map((x: { value: number }) => x.value)).toEqual([400, 500]);
    const plain = firstPlayerWins(solveRace(loadRules(rulesPath('farkle', '10000')), { target: 500 }));
    expect(j.rows[1].firstPlayerWins).toBeCloseTo(plain, 12);
    expect(j.rows[1].firstPlayerAdvantage).toBeCloseTo(2 * plain - 1, 12);
    // three 5s worth less: a different race
    expect(Math.abs(j.rows[0].firstPlayerWins - plain)).toBeGreaterThan(1e-4);
    expect(j.rows[0].expectedTurns).toBeGreaterThan(1);
  });
  it('the default output carries the first-player advantage and the expected game length', () => {
    const r = runCli(['wulong', 'race', '--rules', 'rules/farkle/pig.json', '--target', '100', '--json']);
    const j = JSON.parse(r.stdout);
    expect(j.firstPlayerAdvantage).toBeCloseTo(2 * 0.530593 - 1, 5);
    expect(j.expectedTurns).toBeCloseTo(19.25, 2);
    expect(j.expectedTurnsPoints).toBeCloseTo(19.87, 2);
  });
  it('--simple --json gives the three rules with their bands and costs', () => {
    const r = runCli(['wulong', 'race', '--rules', 'rules/farkle/pig.json', '--target', '30', '--simple', '--budget', '6', '--json']);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.stdout).simpleRules;
    expect(s.forPoints.bands).toHaveLength(1);
    expect(s.forWinningBanded.bands).toHaveLength(3);
    expect(s.bandEdge).toBe(6);
    expect(s.forWinning.winCost).toBeLessThanOrEqual(s.forPoints.winCost);
  });
  it('a bad sweep field is one line and exit 2', () => {
    expectUserError(runCli(['wulong', 'race', '--rules', 'rules/farkle/pig.json', '--target', '30', '--sweep', 'faces.1.score.1=a..b']), /not a number/);
  });
});

describe('compensation: the second player\'s head start that makes the race fair (--fair)', () => {
  it('Pig to 100: each point of head start lowers P(first wins); 4 points is fairest, read from the solved table', async () => {
    const { compensation } = await import('../src/games/wulong/race/analysis.js');
    const { scoreState } = await import('../src/games/wulong/race/exact.js');
    const R = solveRace(loadRules(rulesPath('farkle', 'pig')), { target: 100 });
    const c = compensation(R);
    expect(c.firstPlayerWins).toBe(firstPlayerWins(R));
    for (let k = 1; k < c.rows.length; k++) expect(c.rows[k].firstPlayerWins).toBeLessThan(c.rows[k - 1].firstPlayerWins);
    // the table stops one step after the first player falls behind
    expect(c.rows[c.rows.length - 2].firstPlayerWins).toBeLessThan(0.5);
    expect(c.rows[c.rows.length - 3].firstPlayerWins).toBeGreaterThan(0.5);
    expect(c.fair).toBe(4);
    expect(c.fairFirstPlayerWins).toBe(R.value[0][scoreState(R, 0, 0, 0) * R.NP + scoreState(R, 4, 0, 0)]);
    for (const r of c.rows) expect(Math.abs(r.firstPlayerWins - 0.5)).toBeGreaterThanOrEqual(Math.abs(c.fairFirstPlayerWins - 0.5));
  });
  it('a head start that changes no one\'s chances changes nothing: Pig to 2 (from 0 or 1, any roll but a 1 wins)', () => {
    const R = solveRace(loadRules(rulesPath('farkle', 'pig')), { target: 2 });
    const r = runCli(['wulong', 'race', '--rules', 'rules/farkle/pig.json', '--target', '2', '--fair', '--json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    // P = 5/6 + 1/6 · (1 − Q), Q = 5/6 + 1/6 · (1 − P): both win their turn with 5/6, so a head start of 1 changes nothing
    expect(j.rows[0].firstPlayerWins).toBeCloseTo(6 / 7, 9);
    expect(j.rows[1].firstPlayerWins).toBeCloseTo(6 / 7, 9);
    expect(j.firstPlayerWins).toBe(firstPlayerWins(R));
  });
  it('--fair with --simple is one line and exit 2', () => {
    expectUserError(runCli(['wulong', 'race', '--rules', 'rules/farkle/pig.json', '--target', '30', '--fair', '--simple']), /--fair and --simple/);
  });
});

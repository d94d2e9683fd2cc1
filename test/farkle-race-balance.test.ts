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

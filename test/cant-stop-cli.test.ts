/** `oddsmith cant-stop …`: output forms, help examples, and one-line errors with exit code 2. */
import { describe, expect, it } from 'vitest';
import { expectUserError, runCli } from './helpers/cli.js';

describe('oddsmith cant-stop', () => {
  it('odds --columns: text, JSON and CSV agree on 104 of 1296', () => {
    const json = runCli(['cant-stop', 'odds', '--columns', '8,6,7', '--json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ columns: [6, 7, 8], bustRolls: 104, rolls: 1296 });
    const csv = runCli(['cant-stop', 'odds', '--columns', '6,7,8', '--csv']);
    expect(csv.stdout.split('\n')[1]).toMatch(/^6 7 8,104,0\.080246/);
    const all = runCli(['cant-stop', 'odds', '--all', '--csv']);
    expect(all.stdout.trim().split('\n')).toHaveLength(166);
  });

  it('simulate: the same seed gives the same result for any worker count; a solitaire game reports turns', () => {
    const a = JSON.parse(runCli(['cant-stop', 'simulate', '--games', '300', '--seed', '5', '--workers', '1', '--json', '--quiet']).stdout);
    const b = JSON.parse(runCli(['cant-stop', 'simulate', '--games', '300', '--seed', '5', '--workers', '2', '--json', '--quiet']).stdout);
    expect(b.players).toEqual(a.players);
    expect(b.turns).toEqual(a.turns);
    expect(a.players.map((p: { strategy: string }) => p.strategy)).toEqual(['rule28', 'random']);
    const solo = runCli(['cant-stop', 'simulate', '--games', '200', '--player', 'rule28', '--quiet']);
    expect(solo.stdout).toMatch(/^200 solitaire games of rule28 \(3 columns to win\)/);
  });

  it('every command has --help with examples; tournament and balance come from the framework', () => {
    for (const c of ['odds', 'simulate', 'turn', 'tournament', 'balance', 'assumptions']) {
      const h = runCli(['cant-stop', c, '--help']);
      expect(h.code, c).toBe(0);
      expect(h.stdout, c).toMatch(/Examples?:\n {2}npx oddsmith cant-stop /);
    }
  });

  it('assumptions: each open rule with the findings re-measured; --only names known fields', () => {
    const r = JSON.parse(runCli(['cant-stop', 'assumptions', '--only', 'columnsToWin', '--games', '200', '--workers', '1', '--json']).stdout);
    expect(r.assumptions.map((a: { field: string }) => a.field)).toEqual(['columnsToWin']);
    expect(r.checks[0].values.map((v: { value: string }) => v.value)).toEqual(['default', '4', '5']);
    expectUserError(runCli(['cant-stop', 'assumptions', '--only', 'runnerz', '--games', '200']), /unknown assumption "runnerz"/);
  });

  it('bad input: one line on stderr, exit 2', () => {
    expectUserError(runCli(['cant-stop', 'odds', '--columns', '6,13']), /--columns: "13" is not a column/);
    expectUserError(runCli(['cant-stop', 'odds', '--columns', '6,6']), /named twice/);
    expectUserError(runCli(['cant-stop', 'odds', '--columns', '2,3,4,5']), /at most 3 runner columns/);
    expectUserError(runCli(['cant-stop', 'odds', '--turn', '--all']), /give one of/);
    expectUserError(runCli(['cant-stop', 'odds', '--solitaire']), /solitaire solver takes boards up to/);
    expectUserError(runCli(['cant-stop', 'simulate', '--games', '10', '--set', 'runners=0']), /runners must be an integer in 1\.\.11/);
    expectUserError(runCli(['cant-stop', 'simulate', '--games', '10', '--set', 'heights.3=0']), /heights\.3 must be an integer in 1\.\.30/);
    expectUserError(runCli(['cant-stop', 'simulate', '--games', '10', '--player', 'nope']), /unknown strategy "nope"/);
    expectUserError(runCli(['cant-stop', 'simulate', '--games', '10', '--player', 'rule28:stop=0']), /stop must be a number in 1\.\.1000/);
    expectUserError(runCli(['cant-stop', 'simulate', '--games', '10', '--player', 'optimal']), /needs a small board/);
    expectUserError(runCli(['cant-stop', 'simulate', '--games', '10', ...Array(5).fill(['--player', 'random']).flat()]), /1 to 4 players/);
    expectUserError(runCli(['cant-stop', 'turn', '--turns', '10', '--player', 'rule28:x=1']), /unknown parameter x/);
  });
});

import { describe, expect, it } from 'vitest';
import { expectUserError, runCli } from './helpers/cli.js';

describe('tichu CLI', () => {
  it('odds prints the exact fractions', () => {
    const r = runCli(['tichu', 'odds']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('36151/12140975');
    expect(r.stdout).toContain('49110533273/967455327300');
    expect(r.stdout).toMatch(/some player holds any bomb: 18\.66342570\d\d% \(exact combinatorics/);
    expect(r.stdout).not.toContain('sampled deals');
    const j = runCli(['tichu', 'odds', '--hand', 'Aj As Kp Qr 7s 7j Dr MJ', '--json']);
    expect(j.code).toBe(0);
    const parsed = JSON.parse(j.stdout);
    expect(parsed.fourteen.lines[0].total).toBe('12271512');
    const t = JSON.parse(runCli(['tichu', 'odds', '--json']).stdout);
    expect(t.table.anyBomb.exact).toBe(true);
    expect(t.table.anyBomb.probability).toBeCloseTo(0.186634257, 8);
    // rules as data: longer minimum straight flushes make bombs rarer at the table
    const t6 = JSON.parse(runCli(['tichu', 'odds', '--json', '--set', 'minStraightFlush=6']).stdout);
    expect(t6.table.anyBomb.probability).toBeLessThan(t.table.anyBomb.probability);
    expect(t6.table.anyBomb.probability).toBeGreaterThan(t.table.fourOfAKind.probability);
  });

  it('bad hands: one line, exit 2', () => {
    expectUserError(runCli(['tichu', 'odds', '--hand', 'Aj As Kp']), /--hand must have 8 cards \(got 3\)/);
    expectUserError(runCli(['tichu', 'odds', '--hand', 'Aj As Kp Qr 7s 7j Dr Aj']), /card Aj appears twice/);
    expectUserError(runCli(['tichu', 'odds', '--hand', 'Aj As Kp Qr 7s 7j Dr 1s']), /unknown card "1s"/);
    expectUserError(runCli(['tichu', 'grand', '--hand', 'Dr Ph Aj As Kp Kr Qs', '--deals', '10']), /--hand must have 8 cards \(got 7\)/);
    expectUserError(runCli(['tichu', 'call', '--hand', 'Dr Ph Aj As Kp Kr Qs Jj', '--deals', '10']), /--hand must have 14 cards \(got 8\)/);
    expectUserError(runCli(['tichu', 'simulate', '--games', '2', '--strategies', 'heuristic,nope']), /unknown strategy "nope"/);
    expectUserError(runCli(['tichu', 'simulate', '--games', '2', '--strategies', 'search:budget=-1']), /budget must be an integer in 1\.\.100000/);
    expectUserError(runCli(['tichu', 'odds', '--set', 'calls.tichu=abc']), /--set calls\.tichu: expects a number/);
    expectUserError(runCli(['tichu', 'odds', '--set', 'targetScore=0']), /targetScore must be an integer in 1\.\.100000 \(got 0\)/);
  });

  it('simulate is bit-identical for 1 and 2 workers and prints the real-game reference', () => {
    const a = runCli(['tichu', 'simulate', '--games', '16', '--strategies', 'heuristic,random', '--seed', '3', '--workers', '1', '--json', '--quiet']);
    const b = runCli(['tichu', 'simulate', '--games', '16', '--strategies', 'heuristic,random', '--seed', '3', '--workers', '2', '--json', '--quiet']);
    expect(a.code).toBe(0);
    const ja = JSON.parse(a.stdout), jb = JSON.parse(b.stdout);
    delete ja.run; delete jb.run;
    expect(jb).toEqual(ja);
    expect(ja.games).toBe(16);
    expect(ja.reference.bombFirst14).toBeCloseTo(5.0664);
    const t = runCli(['tichu', 'simulate', '--games', '8', '--seed', '3', '--quiet']);
    expect(t.stdout).toContain('beside real online games');
  });

  it('grand and call run with common random numbers and report both arms', () => {
    const r = runCli(['tichu', 'grand', '--hand', 'Dr Ph Aj As Kp Kr Qs Jj', '--deals', '40', '--seed', '2', '--json', '--quiet']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.deals).toBe(40);
    // gain = with − without, paired
    expect(j.gainFromCalling.mean).toBeCloseTo(j.pointsWithCall.mean - j.pointsWithoutCall.mean, 9);
    expect(j.exact14.lines[0].total).toBe('12271512');
    const c = runCli(['tichu', 'call', '--hand', 'Dr Ph Aj As Kp Kr Qs Jj Tj 9j 8j 4s 3s 2s', '--deals', '40', '--quiet']);
    expect(c.code).toBe(0);
    expect(c.stdout).toContain('gain from calling');
  });
});

import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { loadRules, type LiarsRules } from '../src/games/liars-dice/rules.js';
import { Round } from '../src/games/liars-dice/engine.js';
import { checkAssumptions } from '../src/games/liars-dice/assumptions.js';
import { assumptionsText } from '../src/report/assumptions.js';
import { expectUserError, runCli } from './helpers/cli.js';
import { Scripted } from './helpers/liars-scripted.js';

/** The rules page's worked example: seat 0 calls seats 1 and 2 liars; both lose. Returns who opens next. */
function workedExample(rules: LiarsRules): number {
  const r = new Round(rules, 4);
  r.setDice([[2, 2, 1, 6, 5], [2, 2, 3, 3, 5], [2, 2, 3, 1, 5], [3, 1, 5, 5, 6]]);
  const players = [
    new Scripted([[8, 2]], { afterBids: 3, inTurn: false, targets: [1, 2] }),
    new Scripted([[9, 4]], null),
    new Scripted([[11, 6]], null),
    new Scripted([], null),
  ];
  const next = r.play(players, 0, new Rng(1));
  expect(Array.from(r.penalties)).toEqual([0, 1, 1, 0]);
  return next;
}

describe("Liar's Dice assumptions (issue 16)", () => {
  it('nextOpener is a rules field reachable by --set, validated, and it decides who opens after two losers', () => {
    expect(loadRules().nextOpener).toBe('lastLoser');
    expect(workedExample(loadRules())).toBe(2);
    const alt = loadRules(undefined, ['nextOpener=firstLoser']);
    expect(alt.nextOpener).toBe('firstLoser');
    expect(workedExample(alt)).toBe(1);
    expect(() => loadRules(undefined, ['nextOpener=winner'])).toThrow(/nextOpener/);
  });

  it('checkAssumptions re-measures every finding at every alternative; exact findings are exact', async () => {
    const r = await checkAssumptions({ rounds: 4000, workers: 1 });
    expect(r.assumptions.map((a) => a.field)).toEqual(['nextOpener']);
    for (const a of r.assumptions) {
      // every assumption's alternatives are values the rules accept
      for (const alt of a.alternatives) expect(loadRules(undefined, [`${a.field}=${alt}`])).toBeTruthy();
      const checks = r.checks.filter((c) => c.field === a.field);
      expect(checks.length).toBe(4);
      for (const c of checks) expect(c.values.map((v) => v.value)).toEqual([`default (${a.byDefault})`, ...a.alternatives]);
    }
    const odds = r.checks.find((c) => c.finding.includes('eight 2s'))!;
    for (const v of odds.values) {
      expect(v.measured).toContain('8551019/14348907');
      expect(v.holds).toBe(true);
    }
    const exact = r.checks.find((c) => c.finding.includes('equilibrium'))!;
    expect(exact.values[0].measured).toMatch(/^0\.5[56]\d\d, best response wins 0\.6389/);
    // the simulated table differs between the two rule sets (the opener changes after multi-loser calls)
    const table = r.checks.find((c) => c.finding.startsWith('four bots'))!;
    expect(table.values[0].measured).not.toBe(table.values[1].measured);
    for (const line of assumptionsText(r).split('\n')) expect(line.length, line).toBeLessThanOrEqual(100);
  });

  it('CLI: liars assumptions --csv, and a bad --set is one line and exit 2', () => {
    const c = runCli(['liars', 'assumptions', '--rounds', '2000', '--csv', '--workers', '1']);
    expect(c.code).toBe(0);
    expect(c.stdout.split('\n')[0]).toBe('finding,field,value,measured,holds');
    expect(c.stdout).toContain('firstLoser');
    expectUserError(runCli(['liars', 'assumptions', '--set', 'nextOpener=winner']), /nextOpener/);
  });
});

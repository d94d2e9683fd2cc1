import { describe, expect, test } from 'vitest';
import { checkAssumptions } from '../src/games/dracula/assumptions.js';
import { loadRules } from '../src/games/dracula/rules.js';
import { expectUserError, runCli } from './helpers/cli.js';

describe('dracula assumptions', () => {
  test('health first; one health point either way moves greedy vs greedy out of 50–60% (about 10 points a health point)', async () => {
    const r = await checkAssumptions({ only: ['health'], games: 600, seed: 1 });
    expect(r.assumptions.map((a) => a.field)).toEqual(['health']);
    const even = r.checks.find((c) => c.finding.startsWith('Greedy vs greedy'))!;
    expect(even.values.map((v) => v.value)).toEqual(['default (12)', '11', '13']);
    expect(even.values.map((v) => v.holds)).toEqual([true, false, false]);
    const rate = (s: string) => Number(/Dracula wins ([\d.]+)%/.exec(s)![1]);
    const [at12, at11, at13] = even.values.map((v) => rate(v.measured));
    expect(at12 - at11).toBeGreaterThan(5);
    expect(at13 - at12).toBeGreaterThan(5);
    // the better player decides whatever the health
    expect(r.checks.find((c) => c.finding.startsWith('Greedy beats random'))!.values.every((v) => v.holds)).toBe(true);
  }, 120_000);

  test('--only runs one assumption (four findings); an unknown field is named; every assumed field is a rules field', async () => {
    const r = await checkAssumptions({ only: ['rankingEachRound'], games: 100 });
    expect(r.checks).toHaveLength(4);
    const all = (await import('../src/games/dracula/assumptions.js')).checkAssumptions;
    await expect(all({ only: ['colour'] })).rejects.toThrow(/--only: unknown assumption "colour" \(known: health, weathervane, rankingEachRound, revealTopToBoth, extraTurnOnLastTurn\)/);
    const rules = loadRules() as unknown as Record<string, unknown>;
    for (const f of ['health', 'weathervane', 'rankingEachRound', 'revealTopToBoth', 'extraTurnOnLastTurn']) expect(rules[f]).toBeDefined();
  }, 120_000);

  test('CLI: the table as CSV; bad input one line, exit 2', () => {
    const r = runCli(['dracula', 'assumptions', '--games', '100', '--only', 'extraTurnOnLastTurn', '--csv', '--workers', '1']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('finding,field,value,measured,holds');
    expect(r.stdout).toContain('extraTurnOnLastTurn,default (true)');
    expectUserError(runCli(['dracula', 'assumptions', '--games', '10']), /--games must be an integer in 100\.\./);
  });
});

import { describe, expect, test } from 'vitest';
import { expectUserError, runCli } from './helpers/cli.js';

describe('dracula CLI', () => {
  test.each([
    [['dracula', 'odds', '--card', '9R'], /--card "9R": value must be 1\.\.8/],
    [['dracula', 'odds', '--card', '5Z'], /suit must be one of R, G, B, Y/],
    [['dracula', 'odds', '--card', '5R', '--ranking', 'R,G,B'], /--ranking .*list all 4 suits/],
    [['dracula', 'odds', '--card', '5R', '--seen', '5R'], /a card is given twice/],
    [['dracula', 'odds', '--row', '5R,6R'], /--row needs 5 cards/],
    [['dracula', 'odds', '--row', '1R,2R,3R,4R,5R', '--opp', '6R'], /--opp goes with --card/],
    [['dracula', 'odds', '--row', '1R,2R,3R,4R,5R', '--opp-row', '-,-,x,-,-'], /--opp-row: .*"x"|--opp-row "x"/],
    [['dracula', 'odds', '--set', 'health=0'], /health must be an integer in 1\.\.1000 \(got 0\)/],
    [['dracula', 'odds', '--set', 'colour=3'], /--set colour: no rules field by that name/],
    [['dracula', 'simulate', '--games', '10', '--dracula', 'clever'], /unknown strategy "clever" \(known: random, greedy, search\)/],
    [['dracula', 'simulate', '--games', '10', '--helsing', 'greedy:call=3'], /greedy: call must be a number in 0\.\.1\.01/],
    [['dracula', 'simulate', '--games', '0'], /--games must be an integer in 1\.\./],
    [['dracula', 'sweep', '--games', '10', '--set', 'health=9'], /sweep needs exactly one --set with a range/],
    [['dracula', 'sweep', '--games', '10', '--set', 'health=3..1'], /runs backwards/],
  ])('%j → one line, exit 2', (args, pattern) => {
    expectUserError(runCli(args), pattern);
  });

  test('simulate: same seed → same result for 1 and 2 workers; the shares add up', () => {
    const run = (w: string) => JSON.parse(runCli(['dracula', 'simulate', '--games', '300', '--dracula', 'greedy', '--helsing', 'random', '--seed', '5', '--workers', w, '--json', '--quiet']).stdout);
    const a = run('1'), b = run('2');
    delete a.run;
    delete b.run;
    expect(a).toEqual(b);
    expect(a.draculaWins.k + a.helsingWins.k).toBe(300);
    expect(a.endings.district.k + a.endings.rounds.k).toBe(a.draculaWins.k);
    // every called round has its last turn measured
    expect(a.lastTurn.rounds).toBe(a.roundEnds.called.k);
    expect(a.lastTurn.changed.k).toBeLessThanOrEqual(a.lastTurn.rounds);
    // greedy Dracula against a random Van Helsing wins most games
    expect(a.draculaWins.p).toBeGreaterThan(0.8);
  });

  test('odds: exact fraction printed', () => {
    const r = runCli(['dracula', 'odds', '--card', '5R', '--trump', 'Y', '--seen', '6R,7R,1Y']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('P(win) = 12/28 = 3/7 = 42.86%');
  });

  test('sweep: one row per value and the closest to 50/50', () => {
    const r = runCli(['dracula', 'sweep', '--set', 'health=4,30', '--games', '200', '--dracula', 'random', '--helsing', 'random', '--json', '--quiet', '--workers', '1']);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s.points.map((p: { value: number }) => p.value)).toEqual([4, 30]);
    // more health can only help Dracula
    expect(s.points[1].dracula.p).toBeGreaterThan(s.points[0].dracula.p);
  });
});

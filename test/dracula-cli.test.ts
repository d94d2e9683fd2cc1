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
    [['dracula', 'odds', '--card', '5R', '--hand', '1G,2G,3B,4B,5R', '--seen', '6R,1G'], /a card is given twice \(--hand, --opp, --seen\): 1G/],
    [['dracula', 'odds', '--card', '5R', '--hand', '1G,2G,3B,4B,4B'], /--hand: 4B given twice/],
    [['dracula', 'odds', '--card', '5R', '--hand', '1G,2G,3B,4B,5R,6R'], /--hand needs my 5 cards, one per district \(got 6\)/],
    [['dracula', 'odds', '--card', '5R', '--hand', '1G,2G,3B,4B,6B'], /--card 5R is not in --hand/],
    [['dracula', 'odds', '--row', '1G,2G,3B,4B,5R', '--hand', '1G,2G,3B,4B,5R'], /--hand goes with --card \(--row is already my whole hand\)/],
    [['dracula', 'odds', '--card', '5R', '--hand', '1G,2G,3B,4B,5R', '--seen', '1R,2R,3R,4R,6R,7R,8R,5G,6G,7G,8G,1B,2B,5B,6B,7B,8B,1Y,2Y,3Y,4Y,5Y,6Y'], /too many cards seen: 28 of 32 leave 4 unseen, fewer than the opponent's 5 unknown cards/],
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

  test('odds: exact fraction printed; without --hand my other cards count as unseen, and it says so', () => {
    const r = runCli(['dracula', 'odds', '--card', '5R', '--trump', 'Y', '--seen', '6R,7R,1Y']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('P(win) = 12/28 = 3/7 = 42.86%');
    expect(r.stdout).toContain('without --hand my other cards count as unseen');
  });

  test('odds --hand: over the cards really unseen (a 5 of the lowest suit with 1G 2G 3B 4B in hand: 8/24)', () => {
    // 5R beats the non-trump cards below 5: 1-4 of R, G and B = 12, of which 1G 2G 3B 4B are in my hand
    const r = runCli(['dracula', 'odds', '--card', '5R', '--hand', '1G,2G,3B,4B,5R', '--trump', 'Y', '--seen', '6R,7R,1Y', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ card: '5R', wins: 8, outOf: 24, fraction: '1/3' });
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

import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const run = (...args: string[]) => spawnSync(process.execPath, ['dist/src/cli/main.js', 'liars', ...args], { encoding: 'utf8' });

describe('liars dice: CLI', () => {
  const bad: [string, string[], RegExp][] = [
    ['count 0', ['odds', '--players', '4', '--mine', '2,2,4,1,6', '--bid', '0x2'], /count must be in 1\.\.20/],
    ['face 7', ['odds', '--players', '4', '--mine', '2,2,4,1,6', '--bid', '8x7'], /face must be in 1\.\.6/],
    ['not higher than the previous bid', ['odds', '--players', '4', '--mine', '2,2,4,1,6', '--bid', '7x6', '--previous', '8x2'], /not higher than the previous bid 8x2/],
    ['more own dice than dice per player', ['odds', '--players', '4', '--mine', '2,2,4,1,6,3', '--bid', '8x2'], /6 dice but each player has only 5/],
    ['too many players', ['odds', '--players', '11', '--mine', '2', '--bid', '8x2'], /--players must be an integer in 2\.\.10/],
    ['unknown strategy', ['tournament', '--strategies', 'threshold,nobody', '--rounds', '10'], /unknown strategy "nobody"/],
    ['bad strategy parameter', ['tournament', '--strategies', 'threshold:callBelow=2,random', '--rounds', '10'], /callBelow must be a number in 0\.\.1/],
    ['equilibrium with four players', ['tournament', '--strategies', 'equilibrium,random,random,random', '--rounds', '10'], /exactly 2 players/],
    ['unknown variant', ['solve', '--variant', 'poker'], /--variant must be one of seed, openspiel, plain/],
    ['too big to solve exactly', ['solve', '--dice', '2,2', '--sides', '6'], /at most 20/],
    ['unknown solver algorithm', ['solve', '--algorithm', 'cfr'], /--algorithm must be one of cfr\+, pcfr\+, dcfr, pcfr\+last \(got "cfr"\)/],
    ['unknown store precision', ['solve', '--precision', 'float16'], /--precision must be one of float64, float32 \(got "float16"\)/],
    ['no time to solve', ['solve', '--max-minutes', '0'], /--max-minutes must be a number in 0\.01\.\.1000000/],
    ['exploiting a bot that draws random numbers', ['exploit', '--strategy', 'random'], /draws random numbers/],
    ['exploiting a bot that calls earlier bids', ['exploit', '--strategy', 'threshold'], /calls an earlier bid/],
    ['unknown sweep parameter', ['sweep', '--strategy', 'threshold', '--param', 'nope', '--values', '0.1', '--field', 'random'], /has no parameter nope/],
  ];
  for (const [what, args, msg] of bad) {
    it(`bad input (${what}): one line on stderr, exit code 2`, () => {
      const r = run(...args);
      expect(r.status).toBe(2);
      const lines = r.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(msg);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    });
  }

  it('solve --max-minutes stops iterating when its time is up and says the target was not reached', () => {
    const r = run('solve', '--dice', '2,1', '--sides', '5', '--target', '1e-9', '--max-minutes', '0.01');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/target not reached in the time allowed: raise --max-minutes/);
    const j = JSON.parse(run('solve', '--dice', '2,1', '--sides', '5', '--target', '1e-9', '--max-minutes', '0.01', '--json').stdout);
    expect(j.converged).toBe(false);
    expect(j.exploitability).toBeGreaterThan(1e-9);
  });

  it('odds --json has the documented fields', () => {
    const r = run('odds', '--players', '4', '--mine', '2,2,4,1,6', '--bid', '8x2', '--json');
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.fraction).toBe('8551019/14348907');
    expect(j.probability).toBeCloseTo(8551019 / 14348907, 12);
    expect(j.expectedCount).toBe(8);
    expect(j.safestBids).toHaveLength(6);
  });

  it('a rules file switches the wild ones off; table lists k = 0…U', () => {
    const dir = mkdtempSync(join(tmpdir(), 'liars-'));
    const file = join(dir, 'no-wilds.json');
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync('rules/liars-dice/default.json', 'utf8')), wildOnes: false, dicePerPlayer: 3 }));
    const r = run('odds', '--players', '2', '--mine', '2,2,1', '--bid', '3x2', '--rules', file, '--json');
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout);
    expect([j.wild, j.perDie, j.ownMatching, j.unknownDice, j.fraction]).toEqual([false, '1/6', 2, 3, '91/216']); // 1 − (5/6)^3
    const bad = run('odds', '--players', '2', '--mine', '2', '--bid', '3x2', '--rules', join(dir, 'missing.json'));
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^oddsmith: cannot read rules file/);
    const t = JSON.parse(run('table', '--unknown', '4', '--json').stdout);
    expect(t.rows.map((x: { k: number }) => x.k)).toEqual([0, 1, 2, 3, 4]);
    expect(t.rows[4].wildFraction).toBe('1/81');
  });

  it('check resolves the worked example', () => {
    const r = run('check', '--table', '2,2,2,2,2,2,3,3,3,3,1,1,1,5,5,5,5,5,6,6', '--bid', '9x4', '11x6', '--json');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).bids.map((b: { counted: number; true: boolean }) => [b.counted, b.true])).toEqual([[3, false], [5, false]]);
  });

  it('tournament output is identical for --workers 1 and 2', () => {
    const a = run('tournament', '--strategies', 'threshold,bluffer,random', '--rounds', '3000', '--seed', '5', '--workers', '1', '--shard-count', '4', '--json');
    const b = run('tournament', '--strategies', 'threshold,bluffer,random', '--rounds', '3000', '--seed', '5', '--workers', '2', '--shard-count', '4', '--json');
    expect(a.status).toBe(0);
    expect(b.stdout).toBe(a.stdout);
  });
});

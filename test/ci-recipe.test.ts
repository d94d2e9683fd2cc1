import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, runCli } from './helpers/cli.js';

/**
 * The steps the CI recipe of docs/ci.md runs (.ci/report-diff), in a throwaway repository whose
 * base commit holds reports of one small experiment: no change → "no change"; Revenge of the
 * Tiger's odds changed in the rules file → the diff names the Tiger's EV as a flipped finding and
 * --fail-on-change fails the job.
 */
describe('CI recipe (.ci/report-diff)', () => {
  it('a rules change is named in the Markdown; no change says so', () => {
    const repo = mkdtempSync(join(tmpdir(), 'oddsmith-ci-'));
    const git = (...args: string[]) => {
      const r = spawnSync('git', ['-c', 'user.name=ci', '-c', 'user.email=ci@example.com', ...args], { cwd: repo, encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
    };
    const rules = join(repo, 'rules', 'wulong.json');
    mkdirSync(join(repo, 'rules'));
    mkdirSync(join(repo, 'experiments'));
    writeFileSync(rules, readFileSync(join(ROOT, 'rules/wulong/default.json')));
    writeFileSync(join(repo, 'experiments', 'turn.json'), JSON.stringify({ name: 'turn', game: 'wulong', rules, thresholds: [300, 350], simulate: { trials: 2000, seed: 1, shardCount: 2 } }));
    writeFileSync(join(repo, '.gitignore'), '.oddsmith-cache/\nreport-diff.md\n');
    const options = ['--experiments', join(repo, 'experiments'), '--workers', '1', '--quiet'];
    expect(runCli(['report', ...options], { cwd: repo }).code).toBe(0);
    git('init', '-q');
    git('add', '.');
    git('commit', '-qm', 'base');
    const summary = join(repo, 'summary.md');
    const recipe = (env: NodeJS.ProcessEnv = {}) => spawnSync(join(ROOT, '.ci', 'report-diff'), ['HEAD', ...options], { cwd: repo, encoding: 'utf8', env: { ...process.env, GITHUB_STEP_SUMMARY: summary, ...env } });

    const same = recipe({ FAIL_ON_CHANGE: '1' });
    expect(same.status, same.stderr).toBe(0);
    expect(same.stdout).toMatch(/\*\*no change: \d+ figures equal/);
    expect(readFileSync(summary, 'utf8')).toBe(same.stdout);

    const r = JSON.parse(readFileSync(rules, 'utf8')) as { bettingCards: { id: string; odds: number }[] };
    r.bettingCards.find((c) => c.id === 'tiger')!.odds = 3;
    writeFileSync(rules, JSON.stringify(r, null, 2));
    const changed = recipe({ FAIL_ON_CHANGE: '1' });
    expect(changed.status).toBe(1);
    const md = changed.stdout;
    expect(md).toMatch(/#### Findings that flipped\n\n\| page \| figure \|.*\n\|---.*\n\| wulong\/turn\.html \| Betting cards › Revenge of the Tiger › EV per chip \| -0\.4199 \| 0\.1601 \| \+0\.58 \| exact \|/);
    expect(md).toContain('| wulong/turn.html | Betting cards › Revenge of the Tiger › odds | 1:1 | 1:3 |');
    // the turn itself did not change: its simulated means are the same numbers
    expect(md).not.toMatch(/simulated mean turn score/);
    expect(readFileSync(join(repo, 'report-diff.md'), 'utf8')).toBe(md);
    // without the gate the job passes and still reports
    expect(recipe().status).toBe(0);
  }, 180_000);

  it("Can't Stop's column 7 made taller (13 → 15) is named, not \"no change\"", () => {
    const repo = mkdtempSync(join(tmpdir(), 'oddsmith-ci-cs-'));
    const git = (...args: string[]) => {
      const r = spawnSync('git', ['-c', 'user.name=ci', '-c', 'user.email=ci@example.com', ...args], { cwd: repo, encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
    };
    const rules = join(repo, 'rules', 'cant-stop.json');
    mkdirSync(join(repo, 'rules'));
    mkdirSync(join(repo, 'experiments'));
    writeFileSync(rules, readFileSync(join(ROOT, 'rules/cant-stop/default.json')));
    writeFileSync(join(repo, 'experiments', 'cant-stop.json'), JSON.stringify({ name: 'cant-stop', game: 'cant-stop', page: 'odds-and-games', rules, strategies: ['rule28'], games: 40, turns: 200, seed: 1, shardCount: 2 }));
    writeFileSync(join(repo, '.gitignore'), '.oddsmith-cache/\nreport-diff.md\n');
    const options = ['--experiments', join(repo, 'experiments'), '--workers', '1', '--quiet'];
    expect(runCli(['report', ...options], { cwd: repo }).code).toBe(0);
    git('init', '-q');
    git('add', '.');
    git('commit', '-qm', 'base');
    const r = JSON.parse(readFileSync(rules, 'utf8')) as { heights: number[] };
    expect(r.heights[5]).toBe(13);
    r.heights[5] = 15;
    writeFileSync(rules, JSON.stringify(r, null, 2));
    const changed = spawnSync(join(ROOT, '.ci', 'report-diff'), ['HEAD', ...options], { cwd: repo, encoding: 'utf8', env: { ...process.env, GITHUB_STEP_SUMMARY: '', FAIL_ON_CHANGE: '1' } });
    expect(changed.status, changed.stderr).toBe(1);
    expect(changed.stdout).not.toMatch(/\*\*no change/);
    expect(changed.stdout).toContain('| cant-stop/odds-and-games.html | Rules › column 7 › height | 13 | 15 | +2 | exact |');
    // the exact optimal turn moves with the board
    expect(changed.stdout).toMatch(/\| Optimal turn › progress \(exact\) \|/);
  }, 180_000);
});

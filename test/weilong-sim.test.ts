import { describe, expect, it } from 'vitest';
import { expectWithinSE } from './kit/within-se.js';
import { spawnSync } from 'node:child_process';
import { loadRules } from '../src/games/weilong/rules.js';
import { turnOdds } from '../src/games/weilong/questions.js';
import { gamesKernel, gamesLayout, playGames, simulateTurns, TURN, type GamesParams } from '../src/games/weilong/kernels.js';
import { Rng } from '../src/core/rng.js';
import { runExperiment } from '../src/parallel/pool.js';
import { measureAllocation } from './helpers/alloc.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const rules = loadRules();

describe('weilong exact single-turn odds', () => {
  it('matches hand computations', () => {
    // First Son with re-rolls: every die ends on 1..5, so no 1 in three dice is (4/5)^3
    expect(turnOdds(rules, 1, [0, 2, 0, 0, 0, 0, 0], 'element').pEndAtOnce).toBeCloseTo(0.512, 14);
    // without the ability: (5/6)^3
    expect(turnOdds(rules, 1, [0, 2, 0, 0, 0, 0, 0], 'element', false).pEndAtOnce).toBeCloseTo(125 / 216, 14);
    // Second Son, nothing collected: no 2 in five dice
    expect(turnOdds(rules, 2, [0, 0, 0, 0, 0, 0, 0], 'adaptive').pEndAtOnce).toBeCloseTo((5 / 6) ** 5, 14);
    // Fourth Son with four 4s collected: one die, finish with prob. 1/6 per roll and a 4 ends it, so exactly 1/6
    const o = turnOdds(rules, 4, [0, 0, 0, 0, 4, 0, 0], 'element');
    expect(o.pElement).toBeCloseTo(1 / 6, 14);
    expect(o.pDragon).toBe(0);
    expect(o.expectedCollected).toBeCloseTo(1 / 6, 14);
    // Dragon chaser holding 1,2,3,4 as the Fifth Son: one die; a 5 finishes, anything else ends the turn
    expect(turnOdds(rules, 5, [0, 1, 1, 1, 1, 0, 0], 'dragon').pDragon).toBeCloseTo(1 / 6, 14);
    // First Son holding 2,3,4,5 (Dragon chaser): re-rolled 6s make it 1/5
    expect(turnOdds(rules, 1, [0, 0, 1, 1, 1, 1, 0], 'dragon').pDragon).toBeCloseTo(1 / 5, 14);
  });

  it('agrees with simulated turns within 4 standard errors (every Son, several strategies and states, fixed seed)', () => {
    const cases: [number, number[], string, boolean][] = [];
    for (let son = 1; son <= 5; son++) {
      cases.push([son, [0, 0, 0, 0, 0, 0, 0], 'adaptive', true]);
      cases.push([son, [0, 0, 0, 0, 0, 0, 0], 'element', true]);
      cases.push([son, [0, 1, 0, 0, 1, 0, 0], 'dragon', true]);
    }
    cases.push([1, [0, 2, 0, 0, 0, 0, 0], 'adaptive', true], [1, [0, 2, 0, 0, 0, 0, 0], 'adaptive', false], [3, [0, 0, 0, 2, 0, 0, 0], 'element', true], [2, [0, 1, 2, 1, 0, 0, 0], 'dragon', true], [4, [0, 0, 0, 1, 0, 0, 2], 'adaptive', true]);
    const n = 60_000;
    let worst = 0;
    for (const [son, collected, strategy, ability] of cases) {
      const exact = turnOdds(rules, son, collected, strategy, ability);
      const acc = new Float64Array(TURN.length), T = TURN.offset;
      simulateTurns({ rules, son, strategy, collected, ability }, new Rng(1000 + son), n, acc);
      const check = (k: number, p: number) => {
        const se = Math.sqrt(Math.max(p * (1 - p), 1e-12) / n);
        worst = Math.max(worst, Math.abs(k / n - p) / se);
        expectWithinSE(k / n, p, se, 4, `${son} ${collected} ${strategy}`);
      };
      check(acc[T.element], exact.pElement);
      check(acc[T.dragon], exact.pDragon);
      check(acc[T.endAtOnce], exact.pEndAtOnce);
      const mean = acc[T.collected] / n, sd = Math.sqrt((acc[T.collected2] - n * mean * mean) / (n - 1));
      // a constant number collected (sd 0) must then be exact, up to rounding
      expectWithinSE(mean, exact.expectedCollected, sd / Math.sqrt(n) + 1e-9 / 4, 4, `${son} ${collected} ${strategy}: dice collected`);
      if (sd > 0) worst = Math.max(worst, Math.abs(mean - exact.expectedCollected) / (sd / Math.sqrt(n)));
    }
    expect(worst).toBeGreaterThan(0);
  });
});

describe('weilong game simulation', () => {
  const params: GamesParams = { rules, strategies: ['adaptive', 'element', 'dragon', 'noability'], rotate: true, abilityWorth: true };

  it('the game loop allocates nothing (whole games, with the ability-worth replays)', () => {
    const acc = new Float64Array(gamesLayout(params).size);
    const rng = new Rng(9);
    // 4000 games, each played 6 times (all abilities, then each Son's off): 24 000 games, 120 000 rounds
    const m = measureAllocation(() => playGames(params, rng, 4000, acc), () => playGames(params, rng, 1500, acc));
    expect(m.gcEvents).toBe(0);
    expect(m.bytes).toBeLessThan(64 * 1024);
  });

  it('is bit-identical for 1 and 2 workers', async () => {
    const e = { kernel: gamesKernel.name, params, seed: 5, total: 800, shardCount: 8 };
    const a = await runExperiment(e, { workers: 1 });
    const b = await runExperiment(e, { workers: 2 });
    expect(Array.from(b)).toEqual(Array.from(a));
    const r = gamesKernel.summarize(params, a, 800);
    expect(r.games).toBe(800);
    expect(r.rounds.count).toBe(4000);
    const shares = r.bySeat.reduce((s, x) => s + x.winRate.k, 0);
    expect(shares).toBeCloseTo(800, 9);
  });

  it('seats rotate game by game: "by seat" is the seat effect, no longer a copy of "by strategy"', async () => {
    const table = ['adaptive', 'element', 'dragon', 'noability'];
    const run = async (rotate: boolean) => {
      const p: GamesParams = { rules, strategies: table, rotate, abilityWorth: false };
      return gamesKernel.summarize(p, await runExperiment({ kernel: gamesKernel.name, params: p, seed: 11, total: 3000, shardCount: 4 }, { workers: 1 }), 3000);
    };
    const fixed = await run(false), rotated = await run(true);
    // fixed seats (--no-rotate): each seat's wins are exactly its strategy's (the old chart's defect)
    for (const s of fixed.bySeat) expect(s.winRate.k).toBe(fixed.byStrategy.find((x) => x.strategy === s.strategy)!.winRate.k);
    // rotated: the strategies still differ widely, the seats do not, and no seat equals a strategy
    const spread = (xs: number[]) => Math.max(...xs) - Math.min(...xs);
    expect(spread(rotated.byStrategy.map((s) => s.winRate.p))).toBeGreaterThan(0.2);
    expect(spread(rotated.bySeat.map((s) => s.winRate.p))).toBeLessThan(0.05);
    for (const s of rotated.bySeat) {
      expect(s.strategy).toBeUndefined();
      for (const x of rotated.byStrategy) expect(s.winRate.k).not.toBe(x.winRate.k);
    }
    expect(rotated.rotate).toBe(true);
    expect(rotated.bySeat.reduce((a, s) => a + s.winRate.k, 0)).toBeCloseTo(3000, 9);
  });

  it('rotated seats: shards + merge equal the single run, for 1 and 2 workers (odd shard sizes)', () => {
    const cli = (...args: string[]) => spawnSync(process.execPath, ['dist/src/cli/main.js', 'weilong', ...args], { encoding: 'utf8' });
    const work = mkdtempSync(join(tmpdir(), 'weilong-rotate-'));
    try {
      const base = ['simulate', '--players', '3', '--strategies', 'adaptive,element,dragon', '--games', '61', '--seed', '4', '--shard-count', '4', '--quiet', '--json'];
      const drop = (t: string) => JSON.parse(t, (k, v) => (['seconds', 'gamesPerSecond', 'workers'].includes(k) ? undefined : v));
      const one = cli(...base, '--workers', '1'), two = cli(...base, '--workers', '2');
      expect(one.status, one.stderr).toBe(0);
      expect(drop(two.stdout)).toEqual(drop(one.stdout));
      const parts = [0, 1, 2, 3].map((i) => join(work, `p${i}.json`));
      for (const [i, f] of parts.entries()) expect(cli(...base, '--workers', '1', '--shard-index', String(i), '--out', f).status).toBe(0);
      const merged = spawnSync(process.execPath, ['dist/src/cli/main.js', 'merge', ...parts, '--json'], { encoding: 'utf8' });
      expect(merged.status, merged.stderr).toBe(0);
      expect(drop(merged.stdout)).toEqual(drop(one.stdout));
      expect(drop(one.stdout).bySeat.map((s: { strategy?: string }) => s.strategy)).toEqual([undefined, undefined, undefined]);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  it('ability worth: a Son whose ability is already off in the rules has no entry, and CRN pairs are tight', () => {
    const p: GamesParams = { rules: { ...rules, abilities: [true, true, false, true, true] }, strategies: ['adaptive', 'adaptive', 'adaptive'], rotate: true, abilityWorth: true };
    const acc = new Float64Array(gamesLayout(p).size);
    playGames(p, new Rng(3), 3000, acc);
    const r = gamesKernel.summarize(p, acc, 3000);
    expect(r.abilityWorth!.map((w) => w.son)).toEqual([1, 2, 4, 5]);
    for (const w of r.abilityWorth!) {
      expect(w.roundWinRateChange.se).toBeGreaterThan(0);
      expect(w.roundWinRateChange.se).toBeLessThan(0.02);
    }
    // the control never uses an ability, so switching one off changes nothing
    const c: GamesParams = { rules, strategies: ['noability', 'noability'], rotate: true, abilityWorth: true };
    const accC = new Float64Array(gamesLayout(c).size);
    playGames(c, new Rng(4), 500, accC);
    for (const w of gamesKernel.summarize(c, accC, 500).abilityWorth!) {
      expect(w.roundWinRateChange.estimate).toBe(0);
      expect(w.roundPointsChange.estimate).toBe(0);
    }
  });
});

describe('weilong CLI', () => {
  const cli = (...args: string[]) => spawnSync(process.execPath, ['dist/src/cli/main.js', 'weilong', ...args], { encoding: 'utf8' });

  it('bad input: one line on stderr, exit code 2, no stack trace', () => {
    const cases: [string[], RegExp][] = [
      [['simulate', '--players', '6', '--games', '10'], /--players must be an integer in 2\.\.5/],
      [['simulate', '--players', '1', '--games', '10'], /--players must be an integer in 2\.\.5/],
      [['simulate', '--strategies', 'greedy', '--games', '10'], /unknown strategy "greedy"/],
      [['simulate', '--players', '3', '--strategies', 'adaptive,element', '--games', '10'], /lists 2 strategies for 3 players/],
      [['simulate', '--games', '10', '--set', 'rounds=0'], /rounds must be an integer/],
      [['odds', '--son', '6'], /--son must be a Son 1\.\.5/],
      [['odds', '--son', 'seventh'], /--son must be a Son/],
      [['odds', '--son', '1', '--collected', '1,1,1,1,1'], /impossible Collected set/],
      [['odds', '--son', '2', '--collected', '1,2,3,4,5'], /Dragon/],
      [['odds', '--collected', '1,1,1,1,1,1'], /only 5/],
      [['odds', '--collected', '0,7'], /faces 1\.\.6/],
      [['odds', '--son', '3', '--collected', '3', '--supply', '5'], /--supply 5 is impossible/],
      [['odds', '--strategy', 'nobody'], /unknown strategy/],
      [['play', '--players', '9'], /--players must be/],
    ];
    for (const [args, msg] of cases) {
      const r = cli(...args);
      expect(r.status, args.join(' ')).toBe(2);
      const lines = r.stderr.trim().split('\n');
      expect(lines.length, r.stderr).toBe(1);
      expect(lines[0]).toMatch(/^oddsmith: /);
      expect(lines[0]).toMatch(msg);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it('odds and simulate print JSON with stable fields', () => {
    const o = JSON.parse(cli('odds', '--son', '1', '--collected', '1,1', '--json').stdout);
    expect(Object.keys(o)).toEqual(['son', 'name', 'strategy', 'ability', 'collected', 'supply', 'pElement', 'pDragon', 'pFinish', 'expectedCollected', 'pEndAtOnce', 'expectedRolls', 'states', 'truncatedMass']);
    expect(o.supply).toBe(3);
    const s = JSON.parse(cli('simulate', '--players', '3', '--games', '60', '--workers', '1', '--quiet', '--json').stdout);
    expect(s.games).toBe(60);
    expect(s.bySeat).toHaveLength(3);
    expect(s.abilityWorth).toHaveLength(5);
    const play = JSON.parse(cli('play', '--players', '2', '--strategies', 'element,dragon', '--seed', '3', '--json').stdout);
    expect(play.rounds).toHaveLength(5);
    expect(play.totals).toHaveLength(2);
    expect(play.trace.length).toBeGreaterThan(5);
  });
});

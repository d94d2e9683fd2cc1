import { describe, expect, it, vi } from 'vitest';
import { spawnSync } from 'node:child_process';
import { Rng } from '../src/core/rng.js';
import { loadRules } from '../src/games/wulong/turn/rules.js';
import { WulongGame, type GameParams } from '../src/games/wulong/game/engine.js';
import { gameKernel, sweepKernel, type SweepParams } from '../src/games/wulong/game/kernels.js';
import { rawRules, runSweep, sweepPoints } from '../src/games/wulong/game/sweep.js';
import { parseSweepSet } from '../src/core/rules.js';
import { runExperiment } from '../src/parallel/pool.js';
import { bettorFor, bettors, parsePlayers } from '../src/games/wulong/strategies/index.js';
import type { Bettor } from '../src/games/wulong/game/strategy.js';
import { measureAllocation } from './helpers/alloc.js';

const rules = loadRules();
const params: GameParams = { rules, players: parsePlayers('kelly,fraction:0.1,min,naive', 4) };

function cli(...args: string[]) {
  const r = spawnSync(process.execPath, ['dist/src/cli/main.js', ...args], { encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Whole games of `params` measured for allocation (warm-up passes first). */
function measureGameAllocation() {
  const g = new WulongGame(params, bettorFor);
  const acc = new Float64Array(g.L.length);
  const rng = new Rng(9);
  // ~3,000 games ≈ 70,000 turns ≈ 150,000 rolls with betting phases, 0.2 s; five passes for ~1 s
  const m = measureAllocation(() => {
    for (let k = 0; k < 5; k++) g.playGames(rng, 3000, acc);
  }, () => g.playGames(rng, 4000, acc));
  return { g, acc, m };
}

describe('wulong game loop', () => {
  it('plays whole games without allocating', () => {
    const { g, acc, m } = measureGameAllocation();
    expect(m.gcEvents).toBe(0);
    expect(m.bytes).toBeLessThan(64 * 1024);
    expect(acc[g.L.offset.rolls]).toBeGreaterThan(1_000_000 / 2);
  });

  it('a bettor that is not a PlannedBettor is called for each decision, without allocating either', () => {
    // the engine calls other bettors through BettingPhase; wrap kelly's so it is one of those
    const kelly = bettors.get('kelly'), build = kelly.bettor.bind(kelly);
    let opens = 0;
    const spy = vi.spyOn(kelly, 'bettor').mockImplementation((spec, r) => {
      const b = build(spec, r);
      const called: Bettor = { allIn: b.allIn, raises: b.raises, open: (phase) => (opens++, b.open(phase)), raise: (phase, card) => b.raise(phase, card) };
      return called;
    });
    try {
      const { m } = measureGameAllocation();
      expect(opens).toBeGreaterThan(100_000);
      expect(m.gcEvents).toBe(0);
      expect(m.bytes).toBeLessThan(64 * 1024);
    } finally {
      spy.mockRestore();
    }
  });

  it('results are bit-identical for 1 and 2 workers', async () => {
    const e = { kernel: gameKernel.name, params, seed: 21, total: 1200, shardCount: 6 };
    const one = await runExperiment(e, { workers: 1 });
    const two = await runExperiment(e, { workers: 2 });
    expect(Array.from(two)).toEqual(Array.from(one));
    // the sweep kernel too
    const fields = [parseSweepSet('bettingCards.panda.odds=2,8')];
    const sp: SweepParams = { points: sweepPoints(rawRules(), fields).map((p) => ({ values: p.values, rules: p.rules })), players: parsePlayers('kelly,naive:panda,min', 3) };
    const s = { kernel: sweepKernel.name, params: sp, seed: 5, total: 300, shardCount: 4 };
    expect(Array.from(await runExperiment(s, { workers: 2 }))).toEqual(Array.from(await runExperiment(s, { workers: 1 })));
  });
});

describe('wulong sweep', () => {
  it('parses value specs', () => {
    expect(parseSweepSet('bettingCards.panda.odds=1..4').values).toEqual([1, 2, 3, 4]);
    expect(parseSweepSet('bettingCards.panda.odds=1..2:0.25').values).toEqual([1, 1.25, 1.5, 1.75, 2]);
    expect(parseSweepSet('game.startingCash=3000,5000').values).toEqual([3000, 5000]);
    expect(() => parseSweepSet('bettingCards.panda.odds')).toThrow(/expected FIELD=VALUES/);
    expect(() => parseSweepSet('x=4..1')).toThrow(/runs backwards/);
    expect(() => parseSweepSet('x=1..2:0')).toThrow(/step must be positive/);
  });

  it('re-validates the rules at every point and names bad fields', () => {
    const raw = rawRules();
    const pts = sweepPoints(raw, [parseSweepSet('bettingCards.panda.odds=1..3'), parseSweepSet('game.startingCash=4000,6000')]);
    expect(pts).toHaveLength(6);
    expect(pts[5].rules.bettingCards[2].odds).toBe(3);
    expect((pts[5].rules.game as { startingCash: number }).startingCash).toBe(6000);
    expect(() => sweepPoints(raw, [parseSweepSet('bettingCards.unicorn.odds=1..3')])).toThrow(/--set bettingCards.unicorn.odds: no numeric rules field/);
    expect(() => sweepPoints(raw, [parseSweepSet('bettingCards.panda.odds=-1..1')])).toThrow(/bettingCards\[2\]\.odds must be a number in 0\.\.1000 \(got -1\)/);
    expect(() => sweepPoints(raw, [parseSweepSet('game.safes.count=0..1')])).toThrow(/game\.safes\.count must be an integer/);
    expect(() => sweepPoints(raw, [parseSweepSet('dice=1'), parseSweepSet('hotDice=1'), parseSweepSet('chip=1')])).toThrow(/one or two fields/);
  });

  it('every point plays the same stream; odds only move what bets on that card', async () => {
    const ps = parsePlayers('kelly,naive:panda,naive:crane', 3);
    const fields = [parseSweepSet('bettingCards.panda.odds=2,6')];
    const r = await runSweep(sweepPoints(rawRules(), fields), fields, ps, { games: 600, seed: 4, shardCount: 3, workers: 1 });
    expect(r.points).toHaveLength(2);
    const [a, b] = r.points;
    // exact opening EV is linear in the odds: p·odds − (1 − p − void)
    const pa = a.cards[2], pb = b.cards[2];
    expect(pb.exactEvPerChip - pa.exactEvPerChip).toBeCloseTo(4 * pa.exactProbability, 12);
    expect(pa.fairOdds).toBeCloseTo(pb.fairOdds!, 12);
    // the panda bettor does better with better panda odds
    expect(b.winRates[1].p).toBeGreaterThan(a.winRates[1].p);
    // the sweep kernel's point is the plain game kernel run on that stream
    const sp: SweepParams = { points: sweepPoints(rawRules(), fields).map((p) => ({ values: p.values, rules: p.rules })), players: ps };
    const acc = sweepKernel.run(sp, new Rng(8), 50);
    const solo = gameKernel.run({ rules: sp.points[1].rules, players: ps }, new Rng(8), 50);
    expect(Array.from(acc.subarray(acc.length - solo.length))).toEqual(Array.from(solo));
  });
});

describe('wulong game CLI', () => {
  it('runs and prints JSON with stable fields', () => {
    const r = cli('wulong', 'game', '--players', '3', '--games', '300', '--workers', '1', '--seed', '2', '--json', '--quiet');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(Object.keys(j)).toEqual(expect.arrayContaining(['strategies', 'seats', 'games', 'winSpread', 'length', 'endings', 'moneyPerGame', 'cards', 'gamesPerSecond']));
    expect(j.games).toBe(300);
  });

  it('--rules <name|file> and --set field=value: the same game as the library with those rules', async () => {
    const args = ['wulong', 'game', '--players', '3', '--games', '200', '--workers', '1', '--seed', '4', '--json', '--quiet'];
    const byName = JSON.parse(cli(...args, '--rules', 'default').stdout);
    expect(byName.strategies).toEqual(JSON.parse(cli(...args).stdout).strategies);
    // a non-numeric field can be set too; the result is the kernel's on the overridden rules
    const r = cli(...args, '--set', 'game.ties=none', '--set', 'bettingCards.panda.odds=3');
    expect(r.code, r.stderr).toBe(0);
    const rules = loadRules(undefined, ['game.ties=none', 'bettingCards.panda.odds=3']);
    const params = { rules, players: parsePlayers('kelly,fraction:0.1,min', 3), fixedSeats: false };
    // the game command's default: 16 shards
    const acc = await runExperiment({ kernel: gameKernel.name, params, seed: 4, total: 200, shardCount: 16 }, { workers: 1 });
    expect(JSON.parse(r.stdout).cards).toEqual(JSON.parse(JSON.stringify(gameKernel.summarize(params, acc, 200).cards)));
  });

  it.each([
    [['wulong', 'game', '--players', '6', '--games', '10'], /--players must be an integer in 2\.\.5/],
    [['wulong', 'game', '--players', '1', '--games', '10'], /--players must be an integer in 2\.\.5/],
    [['wulong', 'game', '--games', '10', '--strategies', 'lucky'], /unknown betting strategy "lucky"/],
    [['wulong', 'game', '--games', '10', '--set', 'game.startingCash=-5'], /game\.startingCash must be a number/],
    [['wulong', 'game', '--games', '10', '--set', 'bettingCards.panda.odds=2..3'], /takes one value per field/],
    [['wulong', 'game', '--games', '10', '--set', 'game.nope=3'], /--set game\.nope: no rules field by that name/],
    [['wulong', 'game', '--games', '10', '--workers', '2', '--strategies', 'naive:unicorn'], /no betting card "unicorn"/],
    [['wulong', 'sweep', '--set', 'bettingCards.panda.odds=1..2', '--games', '10', '--strategies', 'naive:unicorn'], /no betting card "unicorn"/],
    [['wulong', 'sweep', '--set', 'bettingCards.panda.odds=1..2', '--set', 'game.chip=100,500', '--set', 'dice=4'], /one or two fields/],
    [['wulong', 'sweep', '--set', 'bettingCards.panda.odds=1..2', '--page', 'turn'], /--page must be/],
    [['wulong', 'sweep', '--set', 'bettingCards.unicorn.odds=1..4', '--games', '10'], /--set bettingCards\.unicorn\.odds: no numeric rules field/],
    [['wulong', 'sweep', '--set', 'bettingCards.panda.odds=-2..1', '--games', '10'], /bettingCards\[2\]\.odds must be a number in 0\.\.1000/],
    [['wulong', 'sweep', '--set', 'bettingCards.panda.odds=1..4', '--players', '9'], /--players must be an integer in 2\.\.5/],
  ])('bad input %j → exit 2, one line', (args, message) => {
    const r = cli(...(args as string[]), '--quiet');
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(message as RegExp);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

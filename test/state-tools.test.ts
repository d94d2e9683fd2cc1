/**
 * The tools written once over the game interface (src/play, `oddsmith <game> tournament|balance`):
 * exact where an exact answer exists, duplicate deals that really cancel luck, results that do not
 * depend on workers or sharding, sweeps, and bad input as one line with exit code 2.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { LiarsSolver } from '../src/games/liars-dice/exact-cfr.js';
import { exactMatch, fillBotPolicy, rulesForVariant } from '../src/games/liars-dice/exact-play.js';
import { stateGame as liars } from '../src/games/liars-dice/state.js';
import { loadRules as weilongRules } from '../src/games/weilong/rules.js';
import { stateGame as weilong } from '../src/games/weilong/state.js';
import type { StateGame } from '../src/games/state.js';
import { playMatches, summarizeMatches, type MatchParams } from '../src/play/match.js';
import { createStrategy } from '../src/games/liars-dice/strategies/index.js';
import { expectWithinSE } from './kit/within-se.js';
import { expectUserError, runCli } from './helpers/cli.js';

function run(sg: StateGame<never>, p: MatchParams, seed: number, deals: number) {
  return summarizeMatches(sg, p, playMatches(sg, p, new Rng(seed), deals));
}

describe('tournament over the interface', () => {
  it("Liar's Dice, two deterministic bots on one die each: win rates equal the exact match value within 4 SE", () => {
    const rules = rulesForVariant('seed', 1, 4);
    const solverOf = (spec: { name: string; params: Record<string, number> }) => {
      const bot = createStrategy(spec, { rules, players: 2 });
      const s = new LiarsSolver({ variant: 'seed', dice: [1, 1], sides: 4 });
      fillBotPolicy(s, bot, rules, 0);
      fillBotPolicy(s, bot, rules, 1);
      return s;
    };
    const a = { name: 'threshold', params: { outOfTurnBelow: 0 } }, b = { name: 'conservative', params: { outOfTurnBelow: 0 } };
    const exact = exactMatch(solverOf(a), solverOf(b));
    // each deal is played once with A opening (seat 0) and once with B opening
    const aLosesOpening = (1 - exact.valueAOpens) / 2, aLosesAnswering = (1 + exact.valueBOpens) / 2;
    const expected = 1 - (aLosesOpening + aLosesAnswering) / 2;
    const r = run(liars as StateGame<never>, { game: 'liars-dice', rules, entrants: ['threshold:outOfTurnBelow=0', 'conservative:outOfTurnBelow=0'] }, 3, 40_000);
    expectWithinSE(r.entrants[0].winRate.p, expected, r.entrants[0].dealSe, 4, 'threshold win rate');
    expectWithinSE(r.entrants[1].winRate.p, 1 - expected, r.entrants[1].dealSe, 4, 'conservative win rate');
    // seat 0 opens: its exact win rate, averaged over the two entrants
    expectWithinSE(r.seats[0].winRate.p, (1 - aLosesOpening + aLosesAnswering) / 2, r.seats[0].winRate.se, 4, 'opener win rate');
    expect(r.games).toBe(80_000);
  });

  it('duplicate deals cancel luck: the same deterministic strategy in every seat wins exactly the same share', () => {
    const rules = weilongRules();
    const r = run(weilong as StateGame<never>, { game: 'weilong', rules, entrants: ['adaptive', 'adaptive', 'adaptive'] }, 5, 30);
    // each entrant played each seat of each deal with the same dice and the same decisions
    expect(r.entrants[0].winRate.k).toBeCloseTo(r.entrants[1].winRate.k, 9);
    expect(r.entrants[1].winRate.k).toBeCloseTo(r.entrants[2].winRate.k, 9);
    expect(r.entrants[0].dealSe).toBeLessThan(1e-6);
    // the seats differ (seat advantage is real play, not the rotation)
    expect(new Set(r.seats.map((s) => s.winRate.k)).size).toBeGreaterThan(1);
    expect(r.byEntrantAndSeat[0]).toEqual(r.byEntrantAndSeat[1]);
    expect(r.leadChanges!.n).toBe(90);
  });
});

describe('the <game>.play kernels, one per game that declares the interface', async () => {
  const { playKernels } = await import('../src/play/kernels.js');
  const { runExperiment } = await import('../src/parallel/pool.js');
  const { GAMES } = await import('../src/games/index.js');

  it('there is one for every game with state', () => {
    expect(playKernels.map((k) => k.name).sort()).toEqual(GAMES.filter((g) => g.state).map((g) => `${g.id}.play`).sort());
  });

  for (const k of playKernels) {
    it(`${k.name}: same (seed, shard) → same accumulator, another shard → another; 1 and 2 workers bit-identical`, async () => {
      const { params, count } = k.sample();
      const a = k.run(params, Rng.forShard(11, 3), count), b = k.run(params, Rng.forShard(11, 3), count), c = k.run(params, Rng.forShard(11, 4), count);
      expect(Array.from(b)).toEqual(Array.from(a));
      expect(Array.from(c)).not.toEqual(Array.from(a));
      const e = { kernel: k.name, params, seed: 5, total: count * 2, shardCount: 4 };
      expect(Array.from(await runExperiment(e, { workers: 2 }))).toEqual(Array.from(await runExperiment(e, { workers: 1 })));
    });
  }
});

describe('the commands', () => {
  const strip = (j: Record<string, unknown>) => {
    const { seconds: _s, ...rest } = j;
    return rest;
  };

  it('the same result for 1 and 2 workers, and from two shards merged', () => {
    const args = ['liars', 'duplicate-tournament', '--strategies', 'threshold,bluffer', '--deals', '300', '--shard-count', '2', '--quiet', '--json'];
    const one = runCli([...args, '--workers', '1']), two = runCli([...args, '--workers', '2']);
    expect(one.code, one.stderr).toBe(0);
    expect(strip(JSON.parse(two.stdout))).toEqual(strip(JSON.parse(one.stdout)));
    const dir = mkdtempSync(join(tmpdir(), 'oddsmith-play-'));
    try {
      for (const i of [0, 1]) expect(runCli([...args, '--shard-index', String(i), '--out', join(dir, `p${i}.json`)]).code).toBe(0);
      const merged = runCli(['merge', join(dir, 'p0.json'), join(dir, 'p1.json'), '--json']);
      expect(merged.code, merged.stderr).toBe(0);
      expect(strip(JSON.parse(merged.stdout))).toEqual(strip(JSON.parse(one.stdout)));
      const text = runCli(['merge', join(dir, 'p0.json'), join(dir, 'p1.json')]);
      expect(text.stdout).toContain('By entrant');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a sweep runs one value after another on the same deals; --csv has one row per value', () => {
    const r = runCli(['liars', 'balance', '--strategies', 'threshold', '--deals', '200', '--set', 'dicePerPlayer=1..3', '--csv', '--workers', '1', '--quiet']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0].startsWith('dicePerPlayer,firstSeatWinRate')).toBe(true);
    expect(lines.map((l) => l.split(',')[0])).toEqual(['dicePerPlayer', '1', '2', '3']);
    // more dice, longer rounds
    const len = lines.slice(1).map((l) => Number(l.split(',')[3]));
    expect(len[2]).toBeGreaterThan(len[0]);
  });

  it('every game with the interface has both commands; the game\'s own tournament is left as it was', () => {
    expect(runCli(['weilong', 'tournament', '--help']).stdout).toContain('duplicate tournament');
    expect(runCli(['liars', 'duplicate-tournament', '--help']).stdout).toContain('duplicate tournament');
    expect(runCli(['liars', 'tournament', '--help']).stdout).toContain('--rounds');
    expect(runCli(['liars', 'balance', '--help']).stdout).toContain('--deals');
  });

  it('bad input: one line, exit code 2', () => {
    expectUserError(runCli(['weilong', 'tournament', '--strategies', 'adaptive,nobody', '--deals', '5']), /unknown player "nobody"/);
    expectUserError(runCli(['weilong', 'balance', '--players', '9', '--deals', '5']), /2\.\.5 players/);
    expectUserError(runCli(['liars', 'balance', '--set', 'dicePerPlayer=1..3', '--set', 'sides=4..6']), /one field may be swept/);
    expectUserError(runCli(['liars', 'balance', '--set', 'dicePerPlayer=0..2', '--deals', '5']), /dicePerPlayer/);
    expectUserError(runCli(['liars', 'balance', '--set', 'dicePerPlayer=1..2', '--shard-index', '0', '--out', '/tmp/x.json']), /sweep runs whole/);
    expectUserError(runCli(['weilong', 'tournament', '--strategies', 'adaptive,,element']), /empty name/);
    expectUserError(runCli(['weilong', 'tournament', '--deals', '0']), /--deals/);
  });
});

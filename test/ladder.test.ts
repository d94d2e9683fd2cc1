/**
 * The skill ladder over the game interface (src/play/ladder.ts, `oddsmith <game> ladder`), and the
 * teams of the tools written once (Tichu: a win per team, whole teams rotated): exact where an exact
 * answer exists, ratings that recover known strengths, results that do not depend on workers or
 * sharding, and bad input as one line with exit code 2.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { LiarsSolver } from '../src/games/liars-dice/exact-cfr.js';
import { exactMatch, fillBotPolicy, rulesForVariant } from '../src/games/liars-dice/exact-play.js';
import { stateGame as liars } from '../src/games/liars-dice/state.js';
import { stateGame as weilong } from '../src/games/weilong/state.js';
import { stateGame as tichu } from '../src/games/tichu/state.js';
import { loadRules as tichuRules } from '../src/games/tichu/rules.js';
import type { StateGame } from '../src/games/state.js';
import { ELO_PER_NAT, fitBradleyTerry, pairSeatings, playLadder, summarizeLadder, type LadderParams } from '../src/play/ladder.js';
import { playMatches, seatingOf, summarizeMatches } from '../src/play/match.js';
import { createStrategy } from '../src/games/liars-dice/strategies/index.js';
import { expectWithinSE } from './kit/within-se.js';
import { ROOT, expectUserError, runCli } from './helpers/cli.js';

const L = liars as StateGame<never>;

describe('Bradley–Terry', () => {
  it('recovers the strengths that generated the expected scores', () => {
    const theta = [0, 0.7, -0.4, 1.5];
    const N = theta.length, n = 1000;
    const games = theta.map((_, i) => theta.map((__, j) => (i === j ? 0 : n)));
    const wins = theta.map((a, i) => theta.map((b, j) => (i === j ? 0 : n / (1 + Math.exp(b - a)))));
    const fit = fitBradleyTerry(games, wins);
    for (let i = 0; i < N; i++) expect(fit[i]).toBeCloseTo(theta[i], 8);
    // on the Elo scale, 400 points are odds of 10 to 1
    expect(1 / (1 + Math.pow(10, -400 / 400))).toBeCloseTo(1 / (1 + Math.exp(-400 / ELO_PER_NAT)), 12);
  });
});

describe('the seatings of a pair', () => {
  it('two, four seats: each rung holds every seat once; three seats: six seatings, every seat and the majority equally often', () => {
    for (const P of [2, 4]) {
      const { count, aAt } = pairSeatings(weilong as StateGame<never>, P);
      expect(count).toBe(2);
      for (let s = 0; s < P; s++) expect(aAt[s] + aAt[P + s]).toBe(1);
    }
    const { count, aAt } = pairSeatings(weilong as StateGame<never>, 3);
    expect(count).toBe(6);
    for (let s = 0; s < 3; s++) expect([0, 1, 2, 3, 4, 5].reduce((a, k) => a + aAt[k * 3 + s], 0)).toBe(3);
    const held = [0, 1, 2, 3, 4, 5].map((k) => aAt[k * 3] + aAt[k * 3 + 1] + aAt[k * 3 + 2]);
    expect(held.filter((h) => h === 2).length).toBe(3);
    expect(held.filter((h) => h === 1).length).toBe(3);
  });

  it('with teams, a rung holds a whole team', () => {
    const { count, aAt } = pairSeatings(tichu as StateGame<never>, 4);
    expect(count).toBe(2);
    expect(Array.from(aAt)).toEqual([1, 0, 1, 0, 0, 1, 0, 1]);
  });
});

describe("the ladder against Liar's Dice's exact match values", () => {
  it('two deterministic bots on one die each: the matchup and each self-play first-seat win rate within 4 SE', () => {
    const rules = rulesForVariant('seed', 1, 4);
    const solverOf = (spec: { name: string; params: Record<string, number> }) => {
      const bot = createStrategy(spec, { rules, players: 2 });
      const s = new LiarsSolver({ variant: 'seed', dice: [1, 1], sides: 4 });
      fillBotPolicy(s, bot, rules, 0);
      fillBotPolicy(s, bot, rules, 1);
      return s;
    };
    const a = solverOf({ name: 'threshold', params: { outOfTurnBelow: 0 } }), b = solverOf({ name: 'conservative', params: { outOfTurnBelow: 0 } });
    const ab = exactMatch(a, b);
    // each deal: A opens (seat 0) once and answers once
    const expected = ((1 + ab.valueAOpens) / 2 + (1 - ab.valueBOpens) / 2) / 2;
    const p: LadderParams = { game: 'liars-dice', rules, rungs: ['threshold:outOfTurnBelow=0', 'conservative:outOfTurnBelow=0'], players: 2, replicates: 50 };
    const r = summarizeLadder(L, p, playLadder(L, p, new Rng(3), 20_000));
    expect(r.deals).toBe(20_000);
    const cell = r.matrix[0][1]!;
    expectWithinSE(cell.score, expected, cell.se, 4, 'threshold against conservative');
    expect(r.matrix[1][0]!.score).toBeCloseTo(1 - cell.score, 12);
    // self-play: the opener's exact chance with the same bot on both sides
    for (const [i, s] of [a, b].entries()) {
      const opener = (1 + exactMatch(s, s).valueAOpens) / 2;
      const f = r.findings[0].byRung[i];
      expectWithinSE(f.mean, opener, f.se, 4, `${p.rungs[i]} first seat`);
    }
    // the rating follows the matchup: a score above one half is a rating above the first rung's
    expect(Math.sign(r.ratings[1].elo)).toBe(Math.sign(0.5 - cell.score));
    expect(r.ratings[0].elo).toBe(0);
    expect(r.ratings[1].ci95[0]).toBeLessThan(r.ratings[1].elo);
    expect(r.ratings[1].ci95[1]).toBeGreaterThan(r.ratings[1].elo);
  });
});

describe('teams in the tools written once', () => {
  it('Tichu: two seatings a deal (the teams swap sides), partners share one result, one win per team', () => {
    const rules = tichuRules();
    expect(seatingOf(tichu as StateGame<never>, 4).rotations).toBe(2);
    const p = { game: 'tichu', rules, entrants: ['heuristic', 'random', 'heuristic', 'random'] };
    const r = summarizeMatches(tichu as StateGame<never>, p, playMatches(tichu as StateGame<never>, p, new Rng(2), 4));
    expect(r.games).toBe(8);
    expect(r.teams).toBe(2);
    expect(r.entrants[0].winRate.k).toBe(r.entrants[2].winRate.k);
    expect(r.entrants[0].winRate.k + r.entrants[1].winRate.k).toBeCloseTo(8, 9);
    expect(r.seats[0].advantage).toBeCloseTo(r.seats[0].winRate.p - 0.5, 12);
  });

  it('games without teams keep one rotation per seat', () => {
    expect(seatingOf(weilong as StateGame<never>, 3).rotations).toBe(3);
    expect(seatingOf(weilong as StateGame<never>, 3).units).toBe(3);
  });
});

describe('the command', () => {
  const strip = (j: Record<string, unknown>) => {
    const { seconds: _s, ...rest } = j;
    return rest;
  };

  it('the same result for 1 and 2 workers, and from two shards merged', () => {
    const args = ['dracula', 'ladder', '--players', 'uniform,greedy', '--deals', '40', '--shard-count', '2', '--replicates', '40', '--quiet', '--json'];
    const one = runCli([...args, '--workers', '1']), two = runCli([...args, '--workers', '2']);
    expect(one.code, one.stderr).toBe(0);
    expect(strip(JSON.parse(two.stdout))).toEqual(strip(JSON.parse(one.stdout)));
    const dir = mkdtempSync(join(tmpdir(), 'oddsmith-ladder-'));
    try {
      for (const i of [0, 1]) expect(runCli([...args, '--shard-index', String(i), '--out', join(dir, `p${i}.json`)]).code).toBe(0);
      const merged = runCli(['merge', join(dir, 'p0.json'), join(dir, 'p1.json'), '--json']);
      expect(merged.code, merged.stderr).toBe(0);
      expect(strip(JSON.parse(merged.stdout))).toEqual(strip(JSON.parse(one.stdout)));
      expect(runCli(['merge', join(dir, 'p0.json'), join(dir, 'p1.json')]).stdout).toContain('Matchups');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('every game with the interface has it, a game loaded with --game too', async () => {
    // the games from the registry: the built-ins and a designer's module (the Pig fixture)
    const { allGames, loadGames, loadedGames } = await import('../src/games/registry.js');
    await loadGames([join(ROOT, 'test/fixtures/pig/index.js')]);
    const modules = new Map(loadedGames().map((l) => [l.descriptor.id, fileURLToPath(l.url)]));
    expect(modules.has('pig')).toBe(true);
    for (const g of allGames().filter((d) => d.state)) {
      const args = [...(modules.has(g.id) ? ['--game', modules.get(g.id)!] : []), g.command, 'ladder', '--help'];
      expect(runCli(args).stdout, g.id).toContain('Bradley–Terry');
    }
  });

  it('bad input: one line, exit code 2', () => {
    expectUserError(runCli(['dracula', 'ladder', '--players', 'uniform,nobody', '--deals', '5']), /unknown player "nobody"/);
    expectUserError(runCli(['dracula', 'ladder', '--players', 'greedy', '--deals', '5']), /at least two players/);
    expectUserError(runCli(['dracula', 'ladder', '--players', 'greedy,,search', '--deals', '5']), /empty name/);
    expectUserError(runCli(['dracula', 'ladder', '--seats', '3', '--deals', '5']), /--seats/);
    expectUserError(runCli(['dracula', 'ladder', '--deals', '0']), /--deals/);
    expectUserError(runCli(['liars', 'ladder', '--players', 'uniform,threshold:outOfTurnBelow=x', '--deals', '5']), /outOfTurnBelow/);
    expectUserError(runCli(['liars', 'ladder', '--players', 'uniform,ismcts:iters=0', '--deals', '5']), /iters/);
    expectUserError(runCli(['liars', 'ladder', '--players', 'uniform,ismcts:iters=2.5', '--deals', '5']), /iters/);
  });
});

describe('the report page', () => {
  it('shows the ratings the command prints for the same run, with the three charts', async () => {
    const { readFileSync, existsSync } = await import('node:fs');
    const { toolRunners } = await import('../src/play/tool-runners.js');
    const dir = mkdtempSync(join(tmpdir(), 'oddsmith-ladder-page-'));
    try {
      const runner = await toolRunners()['cant-stop-ladder']();
      await runner({ name: 'cant-stop-ladder', game: 'cant-stop-ladder', deals: 30, seed: 2 }, { reportsDir: dir, workers: 1, quiet: true });
      const html = readFileSync(join(dir, 'cant-stop', 'ladder.html'), 'utf8');
      for (const chart of ['ladder-ratings', 'ladder-matchups', 'ladder-finding-0']) expect(existsSync(join(dir, 'cant-stop', `${chart}.png`)), chart).toBe(true);
      const cli = runCli(['cant-stop', 'ladder', '--deals', '30', '--seed', '2', '--workers', '1', '--quiet', '--json']);
      expect(cli.code, cli.stderr).toBe(0);
      const { ratingRows } = await import('../src/play/ladder-text.js');
      for (const row of ratingRows(JSON.parse(cli.stdout))) expect(html).toContain(`<td>${String(row['95% CI (bootstrap)'])}</td>`);
      expect(html).toContain('npx oddsmith cant-stop ladder --deals 30 --seed 2');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * Can't Stop exact figures: the published roll odds, an independent enumeration of every runner
 * triple's bust chance, and the simulators against the exact optimal turn and optimal solitaire
 * (within 4 standard errors at a fixed seed). Also: the play loop allocates nothing.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { bustRolls, bustTable, columnRolls, parseSums } from '../src/games/cant-stop/exact.js';
import { gamesKernel, optimalTurn, turnKernel, type GamesParams } from '../src/games/cant-stop/kernels.js';
import { loadRules } from '../src/games/cant-stop/rules.js';
import { STRATEGIES } from '../src/games/cant-stop/strategies/index.js';
import { solveSolitaire } from '../src/games/cant-stop/strategies/optimal.js';
import { measureAllocation } from './helpers/alloc.js';
import { expectWithinSE } from './kit/within-se.js';

const rules = loadRules();

/** Bust rolls with runners on `sums`, counted straight from the dice (not through the engine's tables). */
function bustByHand(sums: number[]): number {
  let k = 0;
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++)
      for (let c = 1; c <= 6; c++)
        for (let d = 1; d <= 6; d++) {
          const made = [a + b, c + d, a + c, b + d, a + d, b + c];
          if (!made.some((s) => sums.includes(s))) k++;
        }
  return k;
}

describe("Can't Stop exact odds", () => {
  it('the chance a roll offers each column: the published 13.2%, 23.3%, 35.6%, 44.8%, 56.1%, 64.4%', () => {
    expect(columnRolls()).toEqual([171, 302, 461, 580, 727, 834, 727, 580, 461, 302, 171]);
  });

  it('bust chance of every runner triple equals a direct count; 6,7,8 busts 104/1296 (8.0%, "92% safe"), 2,3,12 busts 56.2%', () => {
    const t = bustTable(3);
    expect(t).toHaveLength(165);
    for (const r of t) expect(r.bustRolls, r.sums.join()).toBe(bustByHand(r.sums));
    expect(t[0].sums).toEqual([6, 7, 8]);
    expect(t[0].bustRolls).toBe(104);
    expect(bustRolls(parseSums('2,3,12', 'x'))).toBe(728);
    expect(t[t.length - 1].bust).toBeCloseTo(0.5617, 4);
  });

  it('the simulated optimal turn agrees with the exact optimal turn (progress, busts, rolls within 4 SE)', () => {
    const exact = optimalTurn(rules).result; // the same solved table the kernel's policy reads
    expect(exact.progress).toBeGreaterThan(0.7);
    expect(exact.progress).toBeLessThan(0.73);
    const n = 4000;
    const p = { rules, player: null };
    const r = turnKernel.summarize(p, turnKernel.run(p, new Rng(2024), n), n);
    expectWithinSE(r.progress.mean, exact.progress, r.progress.se, 4, 'progress per turn');
    expectWithinSE(r.bust.p, exact.bust, Math.sqrt((exact.bust * (1 - exact.bust)) / n), 4, 'bust share');
    expectWithinSE(r.rolls.mean, exact.rolls, r.rolls.se, 4, 'rolls per turn');
    // a heuristic cannot beat the optimum (by more than noise)
    const h = { rules, player: STRATEGIES.parse('rule28') };
    const rh = turnKernel.summarize(h, turnKernel.run(h, new Rng(2024), n), n);
    expect(rh.progress.mean).toBeLessThan(exact.progress + 4 * rh.progress.se);
  });

  it('optimal solitaire on the tiny board: exact expected turns, and the optimal player simulated within 4 SE', () => {
    const tiny = loadRules('tiny');
    const s = solveSolitaire(tiny).result; // the same solved game the optimal player reads
    expect(s.boards).toBe(6912);
    expect(s.turns).toBeGreaterThan(1);
    expect(s.turns).toBeLessThan(1.2);
    const n = 2000;
    const p: GamesParams = { rules: tiny, players: [STRATEGIES.parse('optimal')], rotate: false };
    const r = gamesKernel.summarize(p, gamesKernel.run(p, new Rng(7), n), n);
    expectWithinSE(r.turns.mean, s.turns, r.turns.se, 4, 'solitaire turns');
    // and Rule of 28 takes longer on the same board
    const q: GamesParams = { ...p, players: [STRATEGIES.parse('rule28')] };
    const rq = gamesKernel.summarize(q, gamesKernel.run(q, new Rng(7), n), n);
    expect(rq.turns.mean).toBeGreaterThan(s.turns - 4 * rq.turns.se);
  }, 120_000);

  it('whole games allocate nothing in the play loop (rule28 against random, 2000 games)', () => {
    const p: GamesParams = { rules, players: [STRATEGIES.parse('rule28'), STRATEGIES.parse('random')], rotate: true };
    const rng = new Rng(3);
    const m = measureAllocation(() => {
      gamesKernel.run(p, rng, 2000);
    });
    expect(m.gcEvents).toBe(0);
    expect(m.bytes).toBeLessThan(64 * 1024);
  });
});

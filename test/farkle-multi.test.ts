import { describe, expect, it } from 'vitest';
import { expectWithinSE } from './kit/within-se.js';
import { loadRules } from '../src/games/wulong/turn/rules.js';
import { rulesPath } from '../src/core/paths.js';
import { Rng } from '../src/core/rng.js';
import { firstPlayerWins, solveRace } from '../src/games/wulong/race/exact.js';
import { multiStart, multiTurnPolicy, solveMulti } from '../src/games/wulong/race/multi.js';
import { runCli, expectUserError } from './helpers/cli.js';

const pig = loadRules(rulesPath('farkle', 'pig'));

/**
 * Brute force for P-player Pig: plain value iteration over every (scores, turn total), each
 * player maximizing their own win probability, ties to stopping — no layers, no cycles.
 */
function bruteForcePig(P: number, target: number): number[] {
  const G = target;
  const states = G ** P;
  // V[(state·T + t)·P + k]: value at the decision point with turn total t (T = target)
  const T = target;
  const V = new Float64Array(states * T * P).fill(1 / P);
  const idx = (s: number[]) => s.reduce((a, x) => a * G + x, 0);
  const all: number[][] = [];
  for (let x = 0; x < states; x++) {
    const s: number[] = [];
    for (let k = 0, y = x; k < P; k++, y = Math.floor(y / G)) s.unshift(y % G);
    all.push(s);
  }
  // value vector of the next mover's state with turn total 0, seen from the current mover's seats
  const handOver = (s: number[], bank: number, out: number[]) => {
    const mine = s[0] + bank;
    if (mine >= target) {
      out.fill(0);
      out[0] = 1;
      return;
    }
    const next = [...s.slice(1), mine];
    const base = idx(next) * T * P;
    out[0] = V[base + P - 1];
    for (let k = 1; k < P; k++) out[k] = V[base + k - 1];
  };
  const hold = new Array(P).fill(0), bust = new Array(P).fill(0), roll = new Array(P).fill(0);
  for (let sweep = 0; sweep < 5000; sweep++) {
    let delta = 0;
    for (const s of all) {
      const x = idx(s);
      handOver(s, 0, bust);
      for (let t = 0; t < T; t++) {
        if (s[0] + t >= target) continue;
        roll.fill(0);
        for (let k = 0; k < P; k++) roll[k] += bust[k] / 6;
        for (let face = 2; face <= 6; face++) {
          const nt = t + face;
          if (s[0] + nt >= target) roll[0] += 1 / 6;
          else for (let k = 0; k < P; k++) roll[k] += V[(x * T + nt) * P + k] / 6;
        }
        let use = roll;
        if (t > 0) {
          handOver(s, t, hold);
          if (hold[0] >= roll[0] - 1e-12) use = hold;
        }
        for (let k = 0; k < P; k++) {
          delta = Math.max(delta, Math.abs(use[k] - V[(x * T + t) * P + k]));
          V[(x * T + t) * P + k] = use[k];
        }
      }
    }
    if (delta < 1e-12) break;
  }
  return Array.from(V.subarray(0, P));
}

describe('race for 3+ players', () => {
  it('two players through the P-player solver give the two-player values (Pig to 100: 0.530593; 10000 to 1000)', () => {
    expect(multiStart(solveMulti(pig, { players: 2, target: 100 }))[0]).toBeCloseTo(firstPlayerWins(solveRace(pig, { target: 100 })), 9);
    const t = loadRules(rulesPath('farkle', '10000'));
    expect(multiStart(solveMulti(t, { players: 2, target: 1000 }))[0]).toBeCloseTo(firstPlayerWins(solveRace(t, { target: 1000 })), 9);
  });
  it('3-player Pig to 40: exact, probabilities sum to 1, earlier seats win more', () => {
    const M = solveMulti(pig, { players: 3, target: 40 });
    expect(M.exact).toBe(true);
    const w = multiStart(M);
    expect(w[0] + w[1] + w[2]).toBeCloseTo(1, 9);
    expect(w[0]).toBeGreaterThan(w[1]);
    expect(w[1]).toBeGreaterThan(w[2]);
    // every state's vector sums to 1 too
    for (let x = 0; x < M.G ** 3; x += 97) expect(M.value[3 * x] + M.value[3 * x + 1] + M.value[3 * x + 2]).toBeCloseTo(1, 8);
  });
  it('agrees with brute-force value iteration over (scores, turn total) for small targets (3 players to 8, 4 players to 5)', () => {
    for (const [P, target] of [[3, 8], [4, 5]]) {
      const exact = multiStart(solveMulti(pig, { players: P, target, tolerance: 1e-12 }));
      const brute = bruteForcePig(P, target);
      for (let k = 0; k < P; k++) expect(exact[k]).toBeCloseTo(brute[k], 8);
    }
  });
  it('simulating the solved policy (3-player Pig to 30, 30,000 games, fixed seed) agrees with the exact values within 4 SE', () => {
    const M = solveMulti(pig, { players: 3, target: 30 });
    const exact = multiStart(M);
    const policies = new Map<string, (t: number, n: number) => boolean>();
    const rng = new Rng(2026);
    const games = 30_000;
    const wins = [0, 0, 0];
    for (let g = 0; g < games; g++) {
      const score = [0, 0, 0];
      let mover = 0;
      for (;;) {
        const order = [0, 1, 2].map((k) => score[(mover + k) % 3]);
        const key = order.join(',');
        let pol = policies.get(key);
        if (!pol) policies.set(key, (pol = multiTurnPolicy(M, order)));
        let t = 0;
        for (;;) {
          const face = 1 + rng.below(6);
          if (face === 1) {
            t = -1;
            break;
          }
          t += face;
          if (pol(t, 1)) break;
        }
        if (t > 0) score[mover] += t;
        if (score[mover] >= 30) {
          wins[mover]++;
          break;
        }
        mover = (mover + 1) % 3;
      }
    }
    for (let k = 0; k < 3; k++) {
      const p = wins[k] / games, se = Math.sqrt((exact[k] * (1 - exact[k])) / games);
      expectWithinSE(p, exact[k], se);
    }
  });
  it('a coarser banked-score grid is flagged as approximate and stays near the exact values', () => {
    const exact = multiStart(solveMulti(pig, { players: 3, target: 40 }));
    const M = solveMulti(pig, { players: 3, target: 40, cell: 2 });
    expect(M.exact).toBe(false);
    expect(M.approximation).toMatch(/2-point grid/);
    const w = multiStart(M);
    expect(w[0] + w[1] + w[2]).toBeCloseTo(1, 9);
    expect(Math.abs(w[0] - exact[0])).toBeLessThan(0.01);
  });
  it('CLI: --players 3 prints each seat and says what is exact; rules with cross-turn state are refused', () => {
    const r = runCli(['wulong', 'race', '--rules', 'rules/farkle/pig.json', '--target', '30', '--players', '3', '--json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.seatWins).toHaveLength(3);
    expect(j.exact).toBe(true);
    expectUserError(runCli(['wulong', 'race', '--rules', 'rules/farkle/zilch.json', '--target', '1000', '--players', '3']), /2 players only/);
    expectUserError(runCli(['wulong', 'race', '--rules', 'rules/farkle/10000.json', '--target', '2000', '--players', '3', '--cell', '70']), /multiple of the score step 50/);
    expectUserError(runCli(['wulong', 'race', '--rules', 'rules/farkle/pig.json', '--target', '30', '--players', '3', '--simple']), /2 players/);
  });
});

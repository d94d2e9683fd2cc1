/**
 * pcfr+last: predictive CFR+ with averages weighted t⁵ whose checkpoints keep each player's better of its
 * average and its last iterate. The choice is a strategy like any other, so it is checked the way
 * the average is: the profile read back through the solver's strategy source has exactly the
 * exploitability chooseProfile reported, threads change nothing, and the published fractions lie in
 * the best responses' brackets at small targets.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LiarsSolver, SCHEDULES, solve } from '../src/games/liars-dice/exact-cfr.js';
import { loadIntoSolver, solverSource } from '../src/games/liars-dice/strategy-file.js';
import { simplestFraction } from '../src/games/liars-dice/bench.js';

const digest = (s: LiarsSolver) => createHash('sha256').update(new Uint8Array(s.reg.buffer)).update(new Uint8Array(s.avg.buffer)).digest('hex');

/** The solver's solved strategy copied into a fresh solver's averages (every history). */
function copyOf(s: LiarsSolver): LiarsSolver {
  const fresh = new LiarsSolver(s.config);
  loadIntoSolver(solverSource(s), fresh, Array.from({ length: 2 ** s.B }, (_, m) => m));
  return fresh;
}

describe('liars dice solver: pcfr+last', () => {
  it('is pcfr+ with averages weighted t⁵ and the last-iterate choice', () => {
    expect(SCHEDULES['pcfr+last']).toEqual({ ...SCHEDULES['pcfr+'], gamma: 5, lastIterate: true });
  });

  it('refuses float32 stores for more iterations than its averages fit in', () => {
    expect(() => solve({ variant: 'plain', dice: [1, 1], sides: 3, target: 1e-9, maxIterations: 1e7, algorithm: 'pcfr+last', precision: 'float32' })).toThrow(/--max-iterations 10000000 with --precision float32 and --algorithm pcfr\+last: averages weighted t\^5 overflow float32 past \d+ iterations/);
  });

  it('chooseProfile: the chosen strategies, read back, have the exploitability and value it reports', () => {
    // plain 1v2 with 4 faces: the last iterate is an equilibrium long before the average is near one
    const s = new LiarsSolver({ variant: 'plain', dice: [1, 2], sides: 4 }, { algorithm: 'pcfr+last' });
    s.iterate(150);
    const avg = s.exploitability(0), cur = s.exploitability(3);
    const chosen = s.chooseProfile();
    expect(s.currentPlayers).not.toBe(0);
    expect(chosen.exploitability).toBeLessThanOrEqual(Math.min(avg.exploitability, cur.exploitability) + 1e-15);
    expect(chosen.exploitability).toBeLessThan(avg.exploitability / 100);
    const copy = copyOf(s);
    const e = copy.exploitability();
    expect(e.br0).toBeCloseTo(chosen.br0, 12);
    expect(e.br1).toBeCloseTo(chosen.br1, 12);
    expect(copy.value0()).toBeCloseTo(s.value0(), 12);
    // the published value, −1/8, to rounding
    expect(Math.abs(s.value0() + 1 / 8)).toBeLessThan(1e-12);
  });

  it('a player whose average is better keeps it: each seat is chosen on its own', () => {
    const s = new LiarsSolver({ variant: 'plain', dice: [2, 1], sides: 3 }, { algorithm: 'pcfr+last' });
    s.iterate(40);
    const chosen = s.chooseProfile();
    const br0 = [s.exploitability(0).br0, s.exploitability(2).br0], br1 = [s.exploitability(0).br1, s.exploitability(1).br1];
    expect(chosen.br0).toBe(Math.min(...br0));
    expect(chosen.br1).toBe(Math.min(...br1));
    expect(s.currentPlayers).toBe((br1[1] < br1[0] ? 1 : 0) | (br0[1] < br0[0] ? 2 : 0));
    expect(copyOf(s).exploitability().exploitability).toBeCloseTo(chosen.exploitability, 12);
  });

  it('stores, choice and exploitability bit-identical for 1, 2 and 3 threads', () => {
    const runs = [1, 2, 3].map((threads) => {
      const s = new LiarsSolver({ variant: 'seed', dice: [2, 1], sides: 3 }, { algorithm: 'pcfr+last' });
      s.useThreads(threads);
      s.iterate(25);
      const c = s.chooseProfile();
      const r = { digest: digest(s), c, current: s.currentPlayers, e: s.exploitability().exploitability, v: s.value0(), cur: s.exploitability(3).exploitability };
      s.close();
      return r;
    });
    expect(runs[1]).toEqual(runs[0]);
    expect(runs[2]).toEqual(runs[0]);
  });

  // snyd's fractions (no wild face = plain) in brackets far narrower than the cfr+ tests' targets
  for (const [d0, d1, sides, value, target] of [[2, 1, 4, 345 / 1696, 1e-6], [1, 2, 4, -1 / 8, 1e-9], [2, 1, 3, 1 / 9, 1e-9], [1, 2, 5, -27 / 125, 1e-7]] as const) {
    it(`${d0}v${d1} dice, ${sides} faces, to exploitability ${target}: ${value.toFixed(8)} lies in the bracket`, () => {
      const { result: r } = solve({ variant: 'plain', dice: [d0, d1], sides, target, maxIterations: 20_000, algorithm: 'pcfr+last' });
      expect(r.converged).toBe(true);
      expect(-r.br1).toBeLessThanOrEqual(value + 1e-12);
      expect(r.br0).toBeGreaterThanOrEqual(value - 1e-12);
    });
  }
});

describe('simplestFraction (the bench names the fraction in a bracket)', () => {
  it('finds published fractions in brackets narrower than 1/q², and 0 or integers where they fit', () => {
    for (const [p, q] of [[2128, 8375], [-27, 125], [-22, 81], [345, 1696], [-7, 258], [1, 9]]) {
      const w = 0.4 / (q * q);
      expect(simplestFraction(p / q - w * 0.3, p / q + w * 0.7)).toEqual([p, q]);
    }
    expect(simplestFraction(-0.1, 0.2)).toEqual([0, 1]);
    expect(simplestFraction(1.5, 2.5)).toEqual([2, 1]);
    expect(simplestFraction(0.26, 0.27)).toEqual([4, 15]);
    expect(() => simplestFraction(1, 0)).toThrow(RangeError);
  });
});

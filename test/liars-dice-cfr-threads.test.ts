import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LiarsSolver, solve, storeBytes, type Algorithm, type Precision } from '../src/games/liars-dice/exact-cfr.js';

const digest = (s: LiarsSolver) => createHash('sha256').update(new Uint8Array(s.reg.buffer)).update(new Uint8Array(s.avg.buffer)).digest('hex');

describe('liars dice solver: threads, algorithms, float32 stores', () => {
  for (const [algorithm, precision] of [['cfr+', 'float64'], ['dcfr', 'float64'], ['pcfr+', 'float32']] as [Algorithm, Precision][]) {
    it(`${algorithm} ${precision}: stores and exploitability bit-identical for 1, 2 and 3 threads`, () => {
      const runs = [1, 2, 3].map((threads) => {
        const s = new LiarsSolver({ variant: 'seed', dice: [2, 1], sides: 3 }, { algorithm, precision });
        s.useThreads(threads);
        s.iterate(12);
        s.close();
        return { digest: digest(s), e: s.exploitability().exploitability, v: s.value0() };
      });
      expect(runs[1]).toEqual(runs[0]);
      expect(runs[2]).toEqual(runs[0]);
    });
  }

  it('with threads, cfr+ in float64 computes exactly the single-threaded stores', () => {
    const a = new LiarsSolver({ variant: 'openspiel', dice: [1, 2], sides: 3 });
    a.iterate(15);
    const b = new LiarsSolver({ variant: 'openspiel', dice: [1, 2], sides: 3 });
    b.useThreads(2);
    b.iterate(15);
    b.close();
    expect(digest(b)).toBe(digest(a));
  });

  it('dcfr and pcfr+ reach the value cfr+ reaches, within the exploitabilities', () => {
    const r = (algorithm: Algorithm) => solve({ variant: 'plain', dice: [1, 1], sides: 4, target: 1e-6, maxIterations: 20_000, algorithm }).result;
    const base = r('cfr+');
    for (const algorithm of ['dcfr', 'pcfr+'] as Algorithm[]) {
      const x = r(algorithm);
      expect(x.converged).toBe(true);
      expect(Math.abs(x.value0 - base.value0)).toBeLessThanOrEqual(2 * (x.exploitability + base.exploitability));
    }
  });

  it('float32 stores give the float64 values to float32 precision', () => {
    const f = (precision: Precision) => {
      const s = new LiarsSolver({ variant: 'seed', dice: [1, 2], sides: 3 }, { algorithm: 'dcfr', precision });
      s.iterate(200);
      return { v: s.value0(), e: s.exploitability().exploitability };
    };
    const a = f('float64'), b = f('float32');
    expect(Math.abs(a.v - b.v)).toBeLessThan(1e-5);
    expect(Math.abs(a.e - b.e)).toBeLessThan(1e-5);
  });

  it('sizes: more than 18 bids need float32, at most 24; storeBytes is what the solver allocates', () => {
    expect(() => new LiarsSolver({ variant: 'seed', dice: [2, 2], sides: 6 })).toThrow(/24 possible bids; the exact solver handles at most 20 .* with --precision float64, 24 with --precision float32/);
    const s = new LiarsSolver({ variant: 'seed', dice: [2, 1], sides: 3 }, { algorithm: 'pcfr+', precision: 'float32' });
    expect(storeBytes(s.config, { algorithm: 'pcfr+', precision: 'float32' })).toBe(3 * s.reg.byteLength);
    expect(storeBytes({ variant: 'seed', dice: [2, 2], sides: 6 }, { precision: 'float32', algorithm: 'dcfr' })).toBe(2 * 4 * 21 * (2 ** 25 - 2));
  });
});

import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { meanEstimate, proportion, choose, fractionText } from '../src/core/stats.js';
import { mergeAccumulators, shardSize } from '../src/parallel/shards.js';
import { parseIntArg } from '../src/core/validate.js';
import { getPath, setPath } from '../src/core/rules.js';
import { measureAllocation } from './helpers/alloc.js';

describe('rng', () => {
  it('is deterministic per seed and differs across seeds and shards', () => {
    const a = new Rng(42), b = new Rng(42), c = new Rng(43);
    const xs = Array.from({ length: 5 }, () => a.nextU32());
    expect(Array.from({ length: 5 }, () => b.nextU32())).toEqual(xs);
    expect(Array.from({ length: 5 }, () => c.nextU32())).not.toEqual(xs);
    expect(Rng.forShard(42, 1).nextU32()).not.toBe(Rng.forShard(42, 0).nextU32());
    expect(Rng.forShard(42, 3).nextU32()).toBe(Rng.forShard(42, 3).nextU32());
  });

  it('jump is the reference xoshiro128** jump (matches stepping a jumped copy)', () => {
    // jump(a) then n steps == n steps then jump (jump commutes with next): checks linearity is kept.
    const a = new Rng(7), b = new Rng(7);
    a.jump();
    for (let i = 0; i < 10; i++) a.nextU32();
    for (let i = 0; i < 10; i++) b.nextU32();
    b.jump();
    expect(Array.from(a.s)).toEqual(Array.from(b.s));
  });

  it('below(n) is uniform: chi-square over 6^5 faces buckets stays in range', () => {
    const r = new Rng(1);
    const n = 7776, draws = 7776 * 50, counts = new Float64Array(n);
    for (let i = 0; i < draws; i++) counts[r.below(n)]++;
    let chi = 0;
    for (const c of counts) chi += (c - 50) ** 2 / 50;
    // df = 7775: mean 7775, sd ≈ 124.7; 5 sd either side
    expect(chi).toBeGreaterThan(7775 - 5 * 125);
    expect(chi).toBeLessThan(7775 + 5 * 125);
  });

  it('draws without allocating', () => {
    const r = new Rng(3);
    let x = 0;
    const loop = () => {
      for (let i = 0; i < 1_000_000; i++) x ^= r.below(7776);
    };
    const m = measureAllocation(loop);
    expect(m.gcEvents).toBe(0);
    expect(m.bytes).toBeLessThan(64 * 1024);
    expect(x).toBeGreaterThanOrEqual(0);
  });
});

describe('stats', () => {
  it('mean, standard error and interval', () => {
    const e = meanEstimate(4, 10, 30); // 1,2,3,4
    expect(e.mean).toBe(2.5);
    expect(e.sd).toBeCloseTo(Math.sqrt(5 / 3), 12);
    expect(e.se).toBeCloseTo(Math.sqrt(5 / 3) / 2, 12);
    expect(e.ci95[0]).toBeCloseTo(2.5 - 1.959964 * e.se, 5);
  });
  it('Wilson interval matches a textbook value', () => {
    // 81 of 263: Wilson 95% interval (0.2553, 0.3662) (Newcombe 1998 example style check)
    const p = proportion(81, 263);
    expect(p.ci95[0]).toBeCloseTo(0.2553, 3);
    expect(p.ci95[1]).toBeCloseTo(0.3662, 3);
  });
  it('exact helpers', () => {
    expect(choose(10, 3)).toBe(120);
    expect(fractionText(6n, 8n)).toBe('3/4');
  });
});

describe('shards', () => {
  it('split the total exactly and merge in order', () => {
    let sum = 0;
    for (let i = 0; i < 7; i++) sum += shardSize(100, 7, i);
    expect(sum).toBe(100);
    expect(Array.from(mergeAccumulators([Float64Array.of(1, 2), Float64Array.of(3, 4)]))).toEqual([4, 6]);
  });
});

describe('validate', () => {
  it('parses integers strictly', () => {
    expect(parseIntArg('1e6', '--trials', 1)).toBe(1_000_000);
    expect(() => parseIntArg('abc', '--trials', 1)).toThrow(/--trials must be an integer/);
    expect(() => parseIntArg('0', '--trials', 1)).toThrow(/1\.\./);
  });
  it('sets dotted paths by index or id', () => {
    const r = { cards: [{ id: 'panda', odds: 2 }] };
    expect(getPath(setPath(r, 'cards.panda.odds', '3'), 'cards.0.odds')).toBe(3);
    expect(() => setPath(r, 'cards.panda.nope', '3')).toThrow(/no rules field by that name/);
  });
});

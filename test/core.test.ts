import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { meanEstimate, proportion, choose, fractionText } from '../src/core/stats.js';
import { mergeAccumulators, shardSize } from '../src/parallel/shards.js';
import { parseIntArg } from '../src/core/validate.js';
import { TEXT_WIDTH, fitText, textTable } from '../src/core/format.js';
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
    // the smallest and largest draw (they also keep the loop from being optimized away)
    let lo = 7776, hi = -1;
    const loop = () => {
      for (let i = 0; i < 1_000_000; i++) {
        const v = r.below(7776);
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
    };
    const m = measureAllocation(loop);
    expect(m.gcEvents).toBe(0);
    expect(m.bytes).toBeLessThan(64 * 1024);
    // millions of draws reach both ends of 0..7775 and never leave it
    expect(lo).toBe(0);
    expect(hi).toBe(7775);
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

describe('text width (issue 15: text fits 100 columns)', () => {
  const row = (k: string, n: number) => Object.fromEntries([['name', k], ...Array.from({ length: n }, (_, i) => [`column ${i}`, `${'v'.repeat(10)}${i}`])]);

  it('a table that fits is one block, key column left and figures right-aligned', () => {
    expect(textTable([{ a: 'x', b: 1 }, { a: 'long', b: 123 }])).toBe('a     b\nx       1\nlong  123');
  });

  it('a wider table splits into column blocks that repeat the key columns and keep every cell', () => {
    const rows = [row('first', 12), row('second', 12)];
    const text = textTable(rows);
    const blocks = text.split('\n\n');
    expect(blocks.length).toBeGreaterThan(1);
    for (const line of text.split('\n')) expect([...line].length).toBeLessThanOrEqual(TEXT_WIDTH);
    for (const b of blocks) expect(b.split('\n').map((l) => l.split(/\s+/)[0])).toEqual(['name', 'first', 'second']);
    for (let i = 0; i < 12; i++) expect(text).toContain(`column ${i}`);
    expect(text.match(/v{10}\d+/g)!.length).toBe(24);
    // two key columns stay together in every block
    const two = textTable(rows.map((r) => ({ seat: 1, ...r })), { keys: 2 });
    for (const b of two.split('\n\n')) expect(b.split('\n')[1]).toMatch(/^1 +first /);
  });

  it('header: false prints the rows only, aligned the same', () => {
    expect(textTable([{ a: 'x', b: 1 }, { a: 'yy', b: 22 }], { header: false })).toBe('x    1\nyy  22');
  });

  it('fitText wraps a long line at its separators with a hanging indent, and leaves short lines alone', () => {
    const parts = Array.from({ length: 8 }, (_, i) => `figure ${i} is ${i * 11}.5% [${i}.1, ${i}.9]`);
    const line = parts.join(' · ');
    const out = fitText(`short\n${line}`).split('\n');
    expect(out[0]).toBe('short');
    expect(out.length).toBeGreaterThan(2);
    for (const l of out) expect([...l].length).toBeLessThanOrEqual(TEXT_WIDTH);
    for (const l of out.slice(2)) expect(l.startsWith('  ')).toBe(true);
    // nothing lost or reordered, and no interval split across lines
    expect(out.slice(1).map((l) => l.trim()).join(' ')).toBe(line);
    for (const l of out.slice(1)) expect(l.split('[').length).toBe(l.split(']').length);
    // an indented line keeps its indent plus two
    expect(fitText(`    ${'word '.repeat(30).trim()}`).split('\n')[1]).toMatch(/^ {6}word/);
  });
});

import { describe, expect, it } from 'vitest';
import { expectWithinSE } from './kit/within-se.js';
import { Rng } from '../src/core/rng.js';
import { applySets } from '../src/core/rules.js';
import { Deal, DEAL } from '../src/games/sichuan-mahjong/engine.js';
import { dealKernel, swapStartKernel, type DealParams, type SwapStartParams } from '../src/games/sichuan-mahjong/kernels.js';
import { loadRules, validateRules, type SichuanRules } from '../src/games/sichuan-mahjong/rules.js';
import { startingHandDistribution } from '../src/games/sichuan-mahjong/exact-starting-hands.js';
import type { MahjongStrategy, TableView } from '../src/games/sichuan-mahjong/strategy.js';
import { countsOf, parseTileList } from '../src/games/sichuan-mahjong/tiles.js';
import { getStrategy } from '../src/games/sichuan-mahjong/strategies/index.js';
import { weakestThree } from '../src/games/sichuan-mahjong/strategies/greedy.js';
import { runExperiment } from '../src/parallel/pool.js';
import { measureAllocation } from './helpers/alloc.js';

const base = loadRules('default');
const withSwap = (direction: string): SichuanRules => loadRules('default', ['swapThree.enabled=true', `swapThree.direction=${direction}`]);

/** Wraps a strategy and records the three tiles each seat passes. */
function recording(inner: MahjongStrategy, log: Uint8Array): MahjongStrategy {
  return { ...inner, chooseSwap: (t: TableView, seat: number, out: Uint8Array) => { inner.chooseSwap(t, seat, out); for (let i = 0; i < 3; i++) log[seat * 3 + i] = out[i]; } };
}

describe('sichuan-mahjong swap three', () => {
  it('is off by default; the rules field is validated and reachable by --set', () => {
    expect(base.swapThree).toEqual({ enabled: false, direction: 'dice' });
    expect(withSwap('across').swapThree).toEqual({ enabled: true, direction: 'across' });
    expect(() => loadRules('default', ['swapThree.direction=left'])).toThrow(/swapThree.direction must be one of dice, clockwise, counter-clockwise, across/);
    expect(() => validateRules(applySets(JSON.parse(JSON.stringify({ ...base, swapThree: { enabled: true } })), []))).toThrow(/swapThree.direction/);
  });

  it('each seat passes three tiles of one suit that it holds (every strategy, 8,000 hands)', () => {
    const rng = new Rng(4);
    const out = new Uint8Array(3);
    let bad = 0, checked = 0;
    for (const name of ['greedy', 'value', 'advisor', 'random']) {
      const s = getStrategy(name);
      const deal = new Deal(base, [s, s, s, s], rng);
      for (let i = 0; i < 500; i++) {
        deal.startHands(new Float64Array(DEAL.length), 0);
        for (let seat = 0; seat < 4; seat++) {
          const h = deal.hands[seat];
          const copy = Uint8Array.from(h);
          s.chooseSwap(deal, seat, out);
          const suit = (out[0] / 9) | 0;
          const need = new Uint8Array(27);
          for (const k of out) { if (((k / 9) | 0) !== suit) bad++; need[k]++; }
          for (let k = 0; k < 27; k++) if (need[k] > h[k] || h[k] !== copy[k]) bad++; // held; the hand left as it was
          checked++;
        }
      }
    }
    expect(checked).toBe(8000);
    expect(bad).toBe(0);
  });

  it('weakestThree passes the shortest suit with three or more tiles, its loosest tiles first', () => {
    const out = new Uint8Array(3);
    // p has 3 tiles (1p 5p 9p), s has 2: s is too short, p is passed whole
    weakestThree(countsOf(parseTileList('1234567899m159p12s', 'h')).subarray(0), out);
    expect(Array.from(out).sort((a, b) => a - b)).toEqual([9, 13, 17]);
    // p has 4 tiles 2p3p4p9p: the isolated 9p goes, and two of the run
    weakestThree(countsOf(parseTileList('123456789m2349p1s', 'h')), out);
    expect(Array.from(out)).toContain(17);
  });

  for (const [direction, shift] of [['clockwise', 1], ['counter-clockwise', 3], ['across', 2]] as const) {
    it(`${direction}: seat s's three go to seat s + ${shift} (mod 4); every tile held exactly once`, () => {
      const rules = withSwap(direction);
      const log = new Uint8Array(12);
      const strategies = ['greedy', 'value', 'random', 'advisor'].map((n) => recording(getStrategy(n), log));
      const deal = new Deal(rules, strategies, new Rng(9));
      for (let i = 0; i < 200; i++) {
        deal.startHands(new Float64Array(DEAL.length), i & 3);
        const before = deal.hands.map((h) => Uint8Array.from(h));
        deal.swapThree();
        expect(deal.lastSwapShift).toBe(shift);
        for (let s = 0; s < 4; s++) {
          const want = Uint8Array.from(before[s]);
          for (let j = 0; j < 3; j++) want[log[s * 3 + j]]--;
          const from = (s - shift + 4) & 3;
          for (let j = 0; j < 3; j++) want[log[from * 3 + j]]++;
          expect(Array.from(deal.hands[s])).toEqual(Array.from(want));
          expect(deal.hands[s].reduce((a, b) => a + b, 0)).toBe(s === 0 ? 14 : 13);
        }
        expect(deal.tilesConserved()).toBe(true);
      }
    });
  }

  it('dice: two dice, total mod 3 → each direction 12 of 36; about a third each in 3,000 deals (within 4 SE)', () => {
    const deal = new Deal(withSwap('dice'), [0, 1, 2, 3].map(() => getStrategy('greedy')), new Rng(12));
    const seen = [0, 0, 0, 0];
    for (let i = 0; i < 3000; i++) {
      deal.startHands(new Float64Array(DEAL.length), 0);
      deal.swapThree();
      seen[deal.lastSwapShift]++;
      expect(deal.tilesConserved()).toBe(true);
    }
    expect(seen[0]).toBe(0);
    const se = Math.sqrt(3000 * (1 / 3) * (2 / 3));
    for (const s of [1, 2, 3]) expectWithinSE(seen[s], 1000, se);
  });

  it('whole deals with the swap: zero sum, every tile accounted for, no allocation', () => {
    const deal = new Deal(withSwap('dice'), ['greedy', 'value', 'random', 'greedy'].map(getStrategy), new Rng(3));
    const acc = new Float64Array(DEAL.length);
    for (let i = 0; i < 300; i++) {
      deal.play(acc, i & 3);
      expect(deal.score.reduce((a, b) => a + b, 0)).toBe(0);
      expect(deal.tilesConserved()).toBe(true);
    }
    const m = measureAllocation(() => { for (let i = 0; i < 200; i++) deal.play(acc, i & 3); });
    expect(m.gcEvents).toBe(0);
  });

  it('is bit-identical for 1 and 2 workers (deals and swapped starting hands)', async () => {
    const params: DealParams = { rules: withSwap('dice'), strategies: ['greedy', 'value', 'random', 'greedy'], rotate: true };
    const e = { kernel: dealKernel.name, params, seed: 11, total: 64, shardCount: 4 };
    expect(Array.from(await runExperiment(e, { workers: 2 }))).toEqual(Array.from(await runExperiment(e, { workers: 1 })));
    const sp: SwapStartParams = { rules: withSwap('dice'), strategies: ['greedy', 'greedy', 'random', 'value'] };
    const f = { kernel: swapStartKernel.name, params: sp, seed: 5, total: 400, shardCount: 4 };
    expect(Array.from(await runExperiment(f, { workers: 2 }))).toEqual(Array.from(await runExperiment(f, { workers: 1 })));
  });

  it('swapped starting hands: the sampled hands before the swap agree with the exact distribution within 4 SE', () => {
    const sp: SwapStartParams = { rules: withSwap('dice'), strategies: ['greedy', 'greedy', 'greedy', 'greedy'] };
    const n = 4000;
    const r = swapStartKernel.summarize(sp, swapStartKernel.run(sp, new Rng(21), n), n);
    const exact = startingHandDistribution(13);
    for (const d of exact.shanten) {
      const got = r.shanten13.find((x) => x.value === d.value)?.before.p ?? 0;
      const se = Math.sqrt(d.probability * (1 - d.probability) / (3 * n));
      expectWithinSE(got, d.probability, se + 1e-9 / 4);
    }
    // passing the suit to be voided and receiving three of another brings hands closer to ready
    expect(r.mean13.change.ci95[1]).toBeLessThan(0);
    const total = r.shanten13.reduce((a, x) => a + x.after.p, 0);
    expect(total).toBeCloseTo(1, 12);
  });
});

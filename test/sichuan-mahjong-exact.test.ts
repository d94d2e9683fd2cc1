import { describe, expect, it } from 'vitest';
import { expectWithinSE } from './kit/within-se.js';
import { Rng } from '../src/core/rng.js';
import { readyHandWaits, startingHandDistribution } from '../src/games/sichuan-mahjong/exact-starting-hands.js';
import { randomHand } from '../src/games/sichuan-mahjong/tiles.js';
import { sevenPairsShanten, shanten, standardShanten } from '../src/games/sichuan-mahjong/shanten.js';

describe('sichuan-mahjong exact starting-hand distribution', () => {
  for (const tiles of [13, 14]) {
    it(`${tiles} tiles: counts add up to C(108, ${tiles}) and sampling agrees within 4 SE`, () => {
      const r = startingHandDistribution(tiles);
      for (const list of [r.shanten, r.shantenStandard, r.shantenSevenPairs, r.fewestSuitTiles]) {
        expect(list.reduce((a, x) => a + BigInt(x.count), 0n).toString()).toBe(r.deals);
      }
      const rng = new Rng(1000 + tiles);
      const N = 40_000;
      const wall = new Uint8Array(108);
      const hits = new Map<string, number>();
      const bump = (k: string) => hits.set(k, (hits.get(k) ?? 0) + 1);
      for (let i = 0; i < N; i++) {
        const c = randomHand(rng, tiles, wall);
        let best = 99, std = 99, sp = 99, few = 99;
        for (let v = 0; v < 3; v++) {
          best = Math.min(best, shanten(c, 0, v));
          std = Math.min(std, standardShanten(c, 0, v));
          sp = Math.min(sp, sevenPairsShanten(c, v));
          let n = 0;
          for (let q = 0; q < 9; q++) n += c[v * 9 + q];
          few = Math.min(few, n);
        }
        bump(`b${best}`); bump(`s${std}`); bump(`p${sp}`); bump(`f${few}`);
      }
      const check = (prefix: string, list: { value: number; probability: number }[]) => {
        for (const d of list) {
          const p = d.probability;
          const se = Math.sqrt((p * (1 - p)) / N);
          const est = (hits.get(`${prefix}${d.value}`) ?? 0) / N;
          expectWithinSE(est, p, se + 1 / N / 4);
        }
      };
      check('b', r.shanten);
      check('s', r.shantenStandard);
      check('p', r.shantenSevenPairs);
      check('f', r.fewestSuitTiles);
    });
  }

  it('ready starting hands counted from complete hands minus a tile equal the shanten-0 count (two exact methods agree)', () => {
    const w = readyHandWaits();
    const s0 = startingHandDistribution(13).shanten.find((d) => d.value === 0)!;
    expect(w.readyDeals).toBe(s0.count);
    expect(w.waits.reduce((a, x) => a + BigInt(x.deals), 0n).toString()).toBe(w.readyDeals);
    // nine gates style hands wait on all nine kinds of their suit
    expect(w.waits[w.waits.length - 1].kinds).toBe(9);
  });
});

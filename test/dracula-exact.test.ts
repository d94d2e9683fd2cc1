import { describe, expect, test } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { loadRules } from '../src/games/dracula/rules.js';
import { parseCard, parseRanking, strength } from '../src/games/dracula/cards.js';
import { cardOdds, freshTable, rowOdds, unseenOf } from '../src/games/dracula/exact.js';

const rules = loadRules();
const C = (t: string) => parseCard(t, rules);

describe('single district', () => {
  test('fresh deck: a trump 1 beats the 24 non-trumps of 31; the lowest suit\'s 8 beats 21 of 31; a trump 8 beats all', () => {
    const t = freshTable(rules);
    expect(t[0].trump).toBeCloseTo(24 / 31, 12);
    expect(t[7].byPosition[0]).toBeCloseTo(21 / 31, 12);
    expect(t[7].trump).toBe(1);
    expect(t[0].byPosition[0]).toBe(0);
    // the middle suit's 1 beats only the lowest suit's 1
    expect(t[0].byPosition[1]).toBeCloseTo(1 / 31, 12);
  });
  test('5R, trump Y, seen 6R 7R 1Y: beats 1–4 of R, G, B = 12 of the 28 unseen', () => {
    const rank = parseRanking('R,G,B,Y', rules);
    const o = cardOdds(rules, rank, C('5R'), unseenOf(rules, [C('5R'), C('6R'), C('7R'), C('1Y')]));
    expect([o.wins, o.outOf, o.fraction]).toEqual([12, 28, '3/7']);
    // ties on value go to the higher suit: 5G beats 5R
    const g = cardOdds(rules, rank, C('5G'), unseenOf(rules, [C('5G')]));
    expect(g.wins).toBe(4 * 3 + 1); // 1–4 of R, G, B, and 5R
    expect(cardOdds(rules, rank, C('5R'), [], C('5G')).p).toBe(0);
  });
});

describe('a whole row', () => {
  const small = loadRules(undefined, ['suits=2', 'values=3', 'districts=2']);
  test('small deck by hand (R < G trump): 3R and 1R against unknown cards, 2G seen', () => {
    // cards 1R 2R 3R 1G 2G 3G; mine 3R, 1R; seen 2G → unseen 2R, 1G, 3G
    const S = (t: string) => parseCard(t, small);
    const rank = parseRanking('R,G', small);
    const r = rowOdds(small, rank, [S('3R'), S('1R')], [-1, -1], [S('2G')]);
    // 3R beats 2R only (1/3); 1R beats nothing (0); ordered deals 3 × 2 = 6
    expect(r.deals).toBe(6);
    expect(r.districts.map((d) => d.fraction)).toEqual(['1/3', '0/1']);
    expect(r.expected).toBeCloseTo(1 / 3, 12);
    expect(r.distributionFractions).toEqual(['2/3', '1/3', '0/1']);
  });
  test('matches a Monte Carlo of random deals within 4 standard errors', () => {
    const rank = parseRanking('G,B,R,Y', rules);
    const mine = ['5R', '8Y', '1G', '3B', '6R'].map(C), opp = [-1, C('7G'), -1, -1, -1], seen = [C('2Y'), C('4B')];
    const r = rowOdds(rules, rank, mine, opp, seen);
    const unseen = unseenOf(rules, [...mine, C('7G'), ...seen]);
    const rng = new Rng(12), n = 200_000, counts = new Float64Array(6), pool = Int8Array.from(unseen);
    let sum = 0, sumSq = 0;
    for (let i = 0; i < n; i++) {
      // a partial Fisher–Yates: the first four of a shuffle go to the unknown districts 0, 2, 3, 4
      for (let j = 0; j < 4; j++) {
        const k = j + rng.below(pool.length - j);
        const t = pool[j]; pool[j] = pool[k]; pool[k] = t;
      }
      const o = [pool[0], C('7G'), pool[1], pool[2], pool[3]];
      let won = 0;
      for (let d = 0; d < 5; d++) if (strength(mine[d], 8, rank, 4) > strength(o[d], 8, rank, 4)) won++;
      counts[won]++;
      sum += won;
      sumSq += won * won;
    }
    const mean = sum / n, se = Math.sqrt((sumSq / n - mean * mean) / n);
    expect(Math.abs(mean - r.expected)).toBeLessThan(4 * se);
    for (let k = 0; k <= 5; k++) {
      const p = r.distribution[k], seK = Math.sqrt(Math.max(p * (1 - p), 1e-12) / n);
      expect(Math.abs(counts[k] / n - p)).toBeLessThan(4 * seK + 1e-12);
    }
  });
});

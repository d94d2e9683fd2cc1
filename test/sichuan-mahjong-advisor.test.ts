import { describe, expect, it } from 'vitest';
import { expectWithinSE } from './kit/within-se.js';
import { Rng } from '../src/core/rng.js';
import { advise, Advisor, DEFAULT_DRAWS, type Objective } from '../src/games/sichuan-mahjong/exact-advisor.js';
import { parsePosition } from '../src/games/sichuan-mahjong/hand.js';
import { loadRules } from '../src/games/sichuan-mahjong/rules.js';
import { KINDS, kindName, parseTileList } from '../src/games/sichuan-mahjong/tiles.js';

const rules = loadRules('default');

/** Monte Carlo of the advisor's own model: solitaire draws, the model's keep-or-throw policy and discards. */
function simulateModel(hand: string, voidLetter: string, discard: string, N: number, objective: Objective, trials: number, seed: number) {
  const pos = parsePosition({ hand, void: voidLetter });
  const adv = new Advisor(pos, rules, objective, N);
  const h0 = Uint8Array.from(pos.counts);
  h0[parseTileList(discard, 'discard')[0]]--;
  const exact = adv.evaluate(h0, 0);
  const rng = new Rng(seed);
  const h = new Uint8Array(KINDS);
  let ready = 0, win = 0, pts = 0, pts2 = 0;
  for (let t = 0; t < trials; t++) {
    h.set(h0);
    let D = adv.dist(h);
    let isReady = D === 1, won = 0;
    for (let step = 1; step <= N; step++) {
      let W = 0;
      for (let k = 0; k < KINDS; k++) W += adv.live(h, k);
      let r = rng.below(W), k = 0;
      for (; k < KINDS; k++) { const l = adv.live(h, k); if (r < l) break; r -= l; }
      if (D === 1) {
        h[k]++;
        const p = adv.winPoints(h);
        h[k]--;
        if (p > 0) { won = p; break; }
        continue;
      }
      const j = adv.choose(h, k, N - step);
      if (j >= 0) { h[k]++; h[j]--; D--; if (D === 1) isReady = true; }
    }
    if (isReady) ready++;
    if (won) { win++; pts += won; pts2 += won * won; }
  }
  const mean = (x: number) => x / trials;
  const se = (p: number) => Math.sqrt(p * (1 - p) / trials);
  const pm = mean(pts), pse = Math.sqrt((mean(pts2) - pm * pm) / trials);
  return { exact: { ready: exact.ready[N], win: exact.win[N], points: exact.points[N] }, mc: { ready: mean(ready), win: mean(win), points: pm }, se: { ready: se(mean(ready)), win: se(mean(win)), points: pse } };
}

describe('sichuan-mahjong discard advisor', () => {
  it('a ready hand: P(win within N) = 1 − (1 − q)^N with q the live winning tiles over the live tiles', () => {
    // 11123456789m35p after discarding 1p waits on 4p: 4 live of 108 − 14 = 94
    const r = advise({ hand: '11123456789m135p', void: 's' }, rules, { draws: 10, objective: 'win' });
    const d = r.discards.find((x) => x.discard === '1p')!;
    expect(d.shanten).toBe(0);
    expect(d.improvingTiles).toBe(4);
    expect(d.pReady).toBe(1);
    expect(d.pWin).toBeCloseTo(1 - (1 - 4 / 94) ** 10, 12);
    expect(DEFAULT_DRAWS).toBe(13);
  });

  for (const [hand, v, discard, N, objective] of [
    ['11123456789m135p', 's', '9m', 13, 'points'],
    ['11468m11234688p2s', 's', '2s', 13, 'points'],
    ['11468m11234688p2s', 's', '2s', 8, 'win'],
    ['335689m23689p468s', 's', '4s', 13, 'points'], // 3 from ready
  ] as const) {
    it(`${hand} void ${v}, discard ${discard}, ${N} draws, ${objective}: exact equals a Monte Carlo of the same model within 4 SE`, () => {
      const r = simulateModel(hand, v, discard, N, objective, 20_000, 11);
      for (const q of ['ready', 'win', 'points'] as const) {
        expectWithinSE(r.mc[q], r.exact[q], r.se[q] + 1e-12 / 4);
      }
      expect(r.exact.win).toBeGreaterThan(0.01);
    });
  }

  it('probabilities never exceed 1 and P(win) ≤ P(ready), melds and void forms included', () => {
    let checked = 0;
    for (const [hand, melds, v, draws] of [
      ['11123456789m135p', undefined, 's', 13], ['11468m11234688p2s', undefined, 's', 20], ['1123456789m1357p', undefined, 's', 30],
      ['11223m456p789p', ['pung 5p'], 's', 13], ['2233m4456p', ['pung 9p', 'kong 1m'], 's', 13], ['11223344556677m', undefined, 'p', 13],
    ] as const) {
      for (const objective of ['win', 'points'] as const) {
        const r = advise({ hand, melds: melds as readonly string[] | undefined, void: v }, rules, { draws, objective });
        for (const d of r.discards) {
          expect(d.pReady).toBeLessThanOrEqual(1);
          expect(d.pWin).toBeLessThanOrEqual(d.pReady + 1e-12);
          expect(d.pWin).toBeGreaterThanOrEqual(0);
          expect(d.expectedPoints).toBeGreaterThanOrEqual(0);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(40);
  });

  it('the win objective maximises P(win); the points objective maximises expected points', () => {
    const a = advise({ hand: '11468m11234688p2s', void: 's' }, rules, { draws: 13, objective: 'win' });
    const b = advise({ hand: '11468m11234688p2s', void: 's' }, rules, { draws: 13, objective: 'points' });
    for (const d of a.discards) expect(a.discards[0].pWin).toBeGreaterThanOrEqual(d.pWin);
    for (const d of b.discards) expect(b.discards[0].expectedPoints).toBeGreaterThanOrEqual(d.expectedPoints);
    // the same discard's P(win) under the win objective is at least its P(win) under the points objective
    for (const d of a.discards) expect(d.pWin).toBeGreaterThanOrEqual(b.discards.find((x) => x.discard === d.discard)!.pWin - 1e-12);
    expect(kindName(0)).toBe('1m');
  });
});

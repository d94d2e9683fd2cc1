import { describe, expect, it } from 'vitest';
import { expectWithinSE } from './kit/within-se.js';
import { spawnSync } from 'node:child_process';
import { Rng } from '../src/core/rng.js';
import { loadRules } from '../src/games/sichuan-mahjong/rules.js';
import { Deal, DEAL } from '../src/games/sichuan-mahjong/engine.js';
import { dealKernel, oddsKernel, ODDS, playWalls, prepareWalls, type DealParams } from '../src/games/sichuan-mahjong/kernels.js';
import { exactReadyOdds, type OddsParams } from '../src/games/sichuan-mahjong/exact-ready-odds.js';
import { parsePosition } from '../src/games/sichuan-mahjong/hand.js';
import { parseTileList } from '../src/games/sichuan-mahjong/tiles.js';
import { getStrategy } from '../src/games/sichuan-mahjong/strategies/index.js';
import { runExperiment } from '../src/parallel/pool.js';
import { measureAllocation } from './helpers/alloc.js';

/**
 * The least of three measurements: a late JIT tier-up puts its compiled code on the heap and can
 * show up as a few hundred KB once; allocation in the loop itself would show up every time.
 */
function leastAllocation(fn: () => void, warmup: () => void): { bytes: number; gcEvents: number } {
  let best = { bytes: Infinity, gcEvents: Infinity };
  for (let i = 0; i < 3; i++) {
    const m = measureAllocation(fn, warmup);
    if (m.bytes < best.bytes) best = m;
  }
  return best;
}

const rules = loadRules('default');
const A = DEAL.offset;

describe('sichuan-mahjong full deal', () => {
  it('every deal sums to zero and never duplicates or loses a tile (1,200 deals, all strategies)', () => {
    const mixes = [['greedy', 'value', 'random', 'greedy'], ['random', 'random', 'random', 'random'], ['value', 'value', 'greedy', 'random']];
    let robbed = 0, multi = 0, kongs = 0, exhausted = 0, three = 0;
    for (const [m, mix] of mixes.entries()) {
      const deal = new Deal(rules, mix.map(getStrategy), new Rng(100 + m));
      const acc = new Float64Array(DEAL.length);
      for (let i = 0; i < 400; i++) {
        deal.play(acc, i & 3);
        expect(deal.score.reduce((a, b) => a + b, 0)).toBe(0);
        expect(deal.tilesConserved()).toBe(true);
      }
      expect(acc[A.zeroSumViolations]).toBe(0);
      expect(acc[A.conservationViolations]).toBe(0);
      robbed += acc[A.robbed]; multi += acc[A.multiWinDiscards]; kongs += acc[A.kongsExposed] + acc[A.kongsAdded] + acc[A.kongsConcealed];
      exhausted += acc[A.exhausted]; three += acc[A.winnersHist + 3];
    }
    // the rare branches were exercised
    expect(multi).toBeGreaterThan(0);
    expect(kongs).toBeGreaterThan(50);
    expect(exhausted).toBeGreaterThan(0);
    expect(three).toBeGreaterThan(0);
    // robbing an added kong is rare (about 2 in 1,000 deals of this mix): play on until it happens,
    // still checking every deal
    const deal = new Deal(rules, mixes[0].map(getStrategy), new Rng(7));
    const acc = new Float64Array(DEAL.length);
    for (let i = 0; i < 5000 && robbed === 0; i++) {
      deal.play(acc, i & 3);
      expect(deal.score.reduce((a, b) => a + b, 0)).toBe(0);
      expect(deal.tilesConserved()).toBe(true);
      robbed += acc[A.robbed];
    }
    expect(robbed).toBeGreaterThan(0);
  });

  it('end of the wall: kong refunds, flower pig pays every non-pig player (winners too), not-ready players pay the ready-hand check', () => {
    const deal = new Deal(rules, ['greedy', 'greedy', 'greedy', 'greedy'].map(getStrategy), new Rng(5));
    const set = (seat: number, hand: string) => { deal.hands[seat].fill(0); for (const t of parseTileList(hand, 'h')) deal.hands[seat][t]++; };
    deal.voids.fill(2);
    deal.won[0] = 1;
    set(0, '11m');
    set(1, '123m456m789m123p1s'); // holds a void tile: flower pig
    set(2, '1112345678999m'); // ready, best wait 8 points
    set(3, '147m258m369m147p9p'); // not ready
    // seat 3 earned 2 from each of the others with a kong earlier
    for (const q of [0, 1, 2]) { deal.kongIncome[3 * 4 + q] = 2; deal.score[q] = -2; }
    deal.score[3] = 6;
    deal.settleExhaustion();
    expect(Array.from(deal.score)).toEqual([32, -96, 40, 24]);
  });

  it('is bit-identical for 1 and 2 workers', async () => {
    const params: DealParams = { rules, strategies: ['greedy', 'value', 'random', 'greedy'], rotate: true };
    const e = { kernel: dealKernel.name, params, seed: 11, total: 64, shardCount: 4 };
    const a = await runExperiment(e, { workers: 1 });
    const b = await runExperiment(e, { workers: 2 });
    expect(Array.from(b)).toEqual(Array.from(a));
  });

  it('the kernel builds its engine once per thread: every run equals a fresh engine\'s deals, bit for bit', () => {
    const params: DealParams = { rules, strategies: ['random', 'value', 'greedy', 'random'], rotate: true };
    const fresh = new Deal(rules, params.strategies.map((n) => getStrategy(n)), Rng.forShard(3, 1));
    const want = new Float64Array(DEAL.length);
    for (let i = 0; i < 30; i++) fresh.play(want, i & 3);
    const first = dealKernel.run(params, Rng.forShard(3, 1), 30);
    dealKernel.run(params, Rng.forShard(4, 0), 17); // leaves the cached engine in another deal's state
    dealKernel.run({ ...params, rotate: false }, Rng.forShard(5, 0), 9);
    const again = dealKernel.run(params, Rng.forShard(3, 1), 30);
    expect(Array.from(first)).toEqual(Array.from(want));
    expect(Array.from(again)).toEqual(Array.from(want));
  });

  it('plays whole deals without allocating', () => {
    const deal = new Deal(rules, ['greedy', 'value', 'random', 'greedy'].map(getStrategy), new Rng(9));
    const acc = new Float64Array(DEAL.length);
    // a long warm-up: rare branches (robbing, several winners, kongs at the end of the wall) must
    // have been optimized before measuring, or their first deopts show up as heap growth
    const m = leastAllocation(() => { for (let i = 0; i < 600; i++) deal.play(acc, i & 3); }, () => { for (let i = 0; i < 600; i++) deal.play(acc, i & 3); });
    expect(m.gcEvents).toBe(0);
    expect(m.bytes).toBeLessThan(64 * 1024);
  });
});

describe('sichuan-mahjong odds', () => {
  it('the kernel prepares the walls once per thread: every run equals a fresh preparation, bit for bit', () => {
    const pos = parsePosition({ hand: '1123456789m1245p', void: 's' });
    const p: OddsParams = { rules, hand: Array.from(pos.counts), meldKinds: [], meldSizes: [], voidSuit: 2, live: Array.from(pos.live), tilesLeft: 30, opponents: 3 };
    const want = new Float64Array(ODDS.length);
    playWalls(prepareWalls(p), Rng.forShard(8, 2), 500, want);
    const first = oddsKernel.run(p, Rng.forShard(8, 2), 500);
    oddsKernel.run(p, Rng.forShard(9, 0), 123); // reshuffles the cached pool
    const again = oddsKernel.run(p, Rng.forShard(8, 2), 500);
    expect(Array.from(first)).toEqual(Array.from(want));
    expect(Array.from(again)).toEqual(Array.from(want));
  });

  for (const [hand, extra, left, opp] of [['1112345678999m', {}, 40, 3], ['1123m456789p', { melds: ['pung 5p'] }, 21, 2], ['123m456m789p1199p', { seen: '9p' }, 12, 1]] as const) {
    it(`Monte Carlo agrees with the exact ready-hand answer within 4 SE: ${hand}`, () => {
      const pos = parsePosition({ hand, void: 's', ...extra });
      const p: OddsParams = { rules, hand: Array.from(pos.counts), meldKinds: Array.from(pos.meldKinds), meldSizes: Array.from(pos.meldSizes), voidSuit: pos.voidSuit, live: Array.from(pos.live), tilesLeft: left, opponents: opp };
      const ex = exactReadyOdds(p)!;
      expect(ex).not.toBeNull();
      const n = 60_000;
      const r = oddsKernel.summarize(p, oddsKernel.run(p, new Rng(77), n), n);
      expectWithinSE(r.winRate.p, ex.winRate, Math.max(r.winRate.se, 1 / n));
      expectWithinSE(r.selfDrawRate.p, ex.selfDrawRate, Math.max(r.selfDrawRate.se, 1 / n));
      expectWithinSE(r.points.mean, ex.points, r.points.se + 1e-12 / 4);
    });
  }
});

/** A stacked wall: the four hands (13 each, the dealer's 14th last), then the rest in kind order. */
function stackedWall(hands: string[], dealer14: string, next: string[] = []): number[] {
  const counts = new Array(27).fill(4);
  const take = (s: string) => parseTileList(s, 'wall').map((t) => { counts[t]--; if (counts[t] < 0) throw new Error(`too many ${t}`); return t; });
  const wall = [...hands.flatMap((h) => { const t = take(h); if (t.length !== 13) throw new Error(`hand ${h} has ${t.length}`); return t; }), ...take(dealer14), ...next.flatMap(take)];
  for (let k = 0; k < 27; k++) for (let c = 0; c < counts[k]; c++) wall.push(k);
  return wall;
}

describe('sichuan-mahjong stacked deals (payments in play)', () => {
  const greedy = getStrategy('greedy');
  it('the dealer self-draws at the start: every opponent pays points + 1', () => {
    const one = structuredClone(rules); one.winnersToEnd = 1;
    const deal = new Deal(one, [greedy, greedy, greedy, greedy], new Rng(1));
    const acc = new Float64Array(DEAL.length);
    deal.play(acc, 0, stackedWall(['123m456m789m234p5p', '1m5m9m1p5p9p2m6m2p6p7s8s9s', '111s222s333s444s5s', '666s777s888s999s5s'], '5p'));
    expect(Array.from(deal.score)).toEqual([6, -2, -2, -2]);
    expect(acc[A.selfDraws]).toBe(1);
  });

  it('two players win on one discard: the discarder pays each', () => {
    const two = structuredClone(rules); two.winnersToEnd = 2;
    const deal = new Deal(two, [greedy, greedy, greedy, greedy], new Rng(1));
    const acc = new Float64Array(DEAL.length);
    // dealer: void s (one s tile, 4s), must throw it; seat 1 (void p) waits 1s/4s, seat 2 (void m) waits 4s
    deal.play(acc, 0, stackedWall(['234m678m234p678p5m', '123m456m789m11s23s', '123p456p789p11s35s', '1m5m9m1p5p9p2m6m2p6p7s8s9s'], '4s'));
    expect(Array.from(deal.voids)).toEqual([2, 1, 0, 2]);
    expect(acc[A.multiWinDiscards]).toBe(1);
    expect(Array.from(deal.score)).toEqual([-2, 1, 1, 0]);
    expect(Array.from(deal.winOrder)).toEqual([0, 1, 2, 0]);
  });

  it('an exposed kong from a discard collects 2 from the discarder at once', () => {
    let seen: number[] | null = null;
    const spy = { ...greedy, chooseDiscard: (t: Parameters<typeof greedy.chooseDiscard>[0], seat: number) => { if (seat === 1 && !seen) seen = Array.from(deal2.score); return greedy.chooseDiscard(t, seat); } };
    const deal2 = new Deal(rules, [greedy, spy, greedy, greedy], new Rng(1));
    const acc = new Float64Array(DEAL.length);
    // dealer: void s with one 9s; seat 1 (void p) holds 999s and claims the kong
    deal2.play(acc, 0, stackedWall(['234m678m234p678p5m', '999s123m456m78m11s', '123p456p789p11s35s', '1m5m9m1p5p9p2m6m2p6p7s8s2s'], '9s'));
    expect(acc[A.kongsExposed]).toBeGreaterThanOrEqual(1);
    expect(seen).toEqual([-2, 2, 0, 0]);
    expect(deal2.meldTypes[4]).toBe(1);
    expect(acc[A.zeroSumViolations]).toBe(0);
  });
});

describe('sichuan-mahjong odds kernel', () => {
  it('simulates walls without allocating (compiled kernel in plain node, as workers run it)', () => {
    // The workers run the compiled file, so that is what is measured, in plain node: the wall loop
    // only (prepareWalls builds the valuer and tables once per shard), the first clean of up to six
    // rounds of 50,000 walls after a 50,000-wall warm-up; a not-ready hand, so greedy discards run too.
    const code = `
      import v8 from 'node:v8';
      import { prepareWalls, playWalls } from './dist/src/games/sichuan-mahjong/kernels.js';
      import { parsePosition } from './dist/src/games/sichuan-mahjong/hand.js';
      import { loadRules } from './dist/src/games/sichuan-mahjong/rules.js';
      import { Rng } from './dist/src/core/rng.js';
      const pos = parsePosition({ hand: '1123456789m1245p', void: 's' });
      const p = { rules: loadRules('default'), hand: Array.from(pos.counts), meldKinds: [], meldSizes: [], voidSuit: 2, live: Array.from(pos.live), tilesLeft: 40, opponents: 3 };
      const w = prepareWalls(p);
      const rng = new Rng(4);
      const acc = new Float64Array(5);
      playWalls(w, rng, 50000, acc);
      let best = { bytes: Infinity, gcEvents: Infinity };
      for (let i = 0; i < 6 && (best.gcEvents > 0 || best.bytes >= 65536); i++) {
        if (i > 0) playWalls(w, rng, 20000, acc); // more warm-up: optimized code may still be compiling
        globalThis.gc();
        const g = new v8.GCProfiler(); g.start();
        const before = process.memoryUsage().heapUsed;
        playWalls(w, rng, 50000, acc);
        const m = { bytes: process.memoryUsage().heapUsed - before, gcEvents: g.stop().statistics.length };
        if (m.gcEvents < best.gcEvents || (m.gcEvents === best.gcEvents && m.bytes < best.bytes)) best = m;
      }
      console.log(JSON.stringify(best));`;
    const r = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', code], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    const m = JSON.parse(r.stdout) as { bytes: number; gcEvents: number };
    expect(m.gcEvents).toBe(0);
    expect(m.bytes).toBeLessThan(64 * 1024);
  });
});

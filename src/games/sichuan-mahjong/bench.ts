import { Rng } from '../../core/rng.js';
import { buildSuitTables, suitTables } from './tables.js';
import { isWinningHand, shanten, standardDistance } from './shanten.js';
import { Valuer } from './value.js';
import { loadRules } from './rules.js';
import { dealKernel, type DealParams } from './kernels.js';
import { randomHand } from './tiles.js';

/** Random ready 13-tile hands without the void suit s (2): complete two-suit hands minus one tile. */
function readyHands(rng: Rng, count: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  while (out.length < count) {
    const c = new Uint8Array(27);
    let ok = true;
    c[rng.below(18)] += 2;
    for (let s = 0; s < 4; s++) {
      if (rng.below(3) === 0) { const k = rng.below(18); c[k] += 3; if (c[k] > 4) ok = false; }
      else { const k = rng.below(2) * 9 + rng.below(7); for (let d = 0; d < 3; d++) if (++c[k + d] > 4) ok = false; }
    }
    if (!ok) continue;
    let r = rng.below(14);
    for (let k = 0; k < 27; k++) { if (r < c[k]) { c[k]--; break; } r -= c[k]; }
    out.push(c);
  }
  return out;
}

export async function bench(log: (line: string) => void): Promise<void> {
  const t = buildSuitTables();
  log(`tables: 3 per-suit arrays over 5^9 = 1,953,125 indices, ${(t.bytes / 2 ** 20).toFixed(1)} MiB, built in ${t.buildMs.toFixed(0)} ms`);
  suitTables();
  const rng = new Rng(1);
  const wall = new Uint8Array(108);
  const hands = Array.from({ length: 100_000 }, () => randomHand(rng, 14, wall));
  let sink = 0;
  const N = 5_000_000;
  /** best of three timed rounds (the machine is shared; the best round is the least disturbed) */
  const rate = (fn: () => void, n: number): number => {
    let best = 0;
    for (let round = 0; round < 3; round++) {
      const t0 = performance.now();
      fn();
      const r = n / ((performance.now() - t0) / 1000);
      if (r > best) best = r;
    }
    return best;
  };
  for (let i = 0; i < 500_000; i++) sink += shanten(hands[i % 100_000], 0, i % 3);
  let r = rate(() => { for (let i = 0; i < N; i++) sink += shanten(hands[i % 100_000], 0, i % 3); }, N);
  log(`shanten (standard + seven pairs, declared void), random 14-tile hands: ${(r / 1e6).toFixed(2)} M/s (target ≥ 5 M/s; best of 3 × 5M)`);
  r = rate(() => { for (let i = 0; i < N; i++) sink += standardDistance(hands[i % 100_000], 4, i % 3); }, N);
  log(`standard shanten only (two suits after the void): ${(r / 1e6).toFixed(2)} M/s`);
  r = rate(() => { for (let i = 0; i < N; i++) sink += standardDistance(hands[i % 100_000], 4, -1); }, N);
  log(`standard shanten, no void (three lookups + convolution): ${(r / 1e6).toFixed(2)} M/s`);
  let t0 = 0, s = 0;

  const rules = loadRules('default');
  const valuer = new Valuer(rules);
  const ready = readyHands(rng, 20_000);
  const empty = new Uint8Array(4);
  const waitsOf = (h: Uint8Array): number => {
    let best = 0;
    for (let k = 0; k < 18; k++) {
      if (h[k] >= 4) continue;
      h[k]++;
      if (isWinningHand(h, 0, 2)) {
        const p = valuer.evaluate(h, empty, empty, 0, 2, 0);
        if (p > best) best = p;
      }
      h[k]--;
    }
    return best;
  };
  for (let i = 0; i < 20_000; i++) sink += waitsOf(ready[i]);
  const W = 500_000;
  r = rate(() => { for (let i = 0; i < W; i++) sink += waitsOf(ready[i % 20_000]); }, W);
  log(`waits with values (every winning tile valued, ready-hand-check value), random ready 13-tile hands: ${(r / 1e3).toFixed(0)} k/s`);

  const params: DealParams = { rules, strategies: ['greedy', 'value', 'random', 'greedy'], rotate: true };
  dealKernel.run(params, new Rng(2), 50);
  for (const mix of [['greedy', 'value', 'random', 'greedy'], ['greedy', 'greedy', 'greedy', 'greedy'], ['random', 'random', 'random', 'random']]) {
    const p = { ...params, strategies: mix };
    const D = mix[0] === 'random' ? 4000 : 1500;
    t0 = performance.now();
    dealKernel.run(p, new Rng(3), D);
    s = (performance.now() - t0) / 1000;
    log(`full deals, one thread, ${mix.join(',')}: ${(D / s).toFixed(0)} deals/s`);
  }
  const mem = process.memoryUsage();
  log(`memory now: heap ${(mem.heapUsed / 2 ** 20).toFixed(0)} MiB, array buffers ${(mem.arrayBuffers / 2 ** 20).toFixed(0)} MiB (two table sets were built here)`);
  if (sink === 42) log('');
}

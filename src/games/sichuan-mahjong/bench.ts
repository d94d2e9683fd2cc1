import { Rng } from '../../core/rng.js';
import { buildSuitTables, suitTables } from './tables.js';
import { isWinningHand, shanten, standardDistance } from './shanten.js';
import { standardDistance as tableStandardDistance } from './shanten-tables.js';
import { Valuer } from './value.js';
import { loadRules } from './rules.js';
import { dealKernel, type DealParams } from './kernels.js';
import { advise, DEFAULT_DRAWS } from './exact-advisor.js';
import { buildSuitKeys, keyShanten, keyStandardDistance, suitKeys } from './suit-keys.js';
import { advisorDecision } from './strategies/index.js';
import type { TableView } from './strategy.js';
import { countsOf, parseTileList, randomHand } from './tiles.js';
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** 10^6 random 14-tile hands from the 108-tile wall (seed 13), 27 counts each, one flat array. */
export function benchHands(n = 1_000_000): Uint8Array {
  const rng = new Rng(13);
  const wall = new Uint8Array(108), h = new Uint8Array(27);
  const flat = new Uint8Array(n * 27);
  for (let i = 0; i < n; i++) flat.set(randomHand(rng, 14, wall, h), i * 27);
  return flat;
}

/** A peer program (built outside the repo) that reads the same hands file: 'name hands/s=… checksum=…'. */
function runPeer(bin: string, args: string[]): { rate: number; checksum: number } | string {
  try {
    const out = execFileSync(bin, args, { encoding: 'utf8', timeout: 300_000 });
    const m = /hands\/s=(\d+) checksum=(\d+)/.exec(out);
    return m ? { rate: Number(m[1]), checksum: Number(m[2]) } : `unreadable output: ${out.trim()}`;
  } catch (e) {
    return `failed: ${(e as Error).message.split('\n')[0]}`;
  }
}

/**
 * Our standard form against the peers on one input: the hands file this bench writes, read by a
 * small C++ driver per peer (ODDSMITH_NYANTEN_BIN, ODDSMITH_SHANTEN_NUMBER_BIN, or the fixed paths
 * /tmp/peers/{nyanten,shanten-number}-driver). The checksum Σ (shanten + 1)·(i mod 1000 + 1) must agree.
 */
function sideBySide(log: (line: string) => void): void {
  const t = buildSuitKeys();
  log(`suit keys: ${t.K} suit classes, ${t.K2} two-suit classes, ${(t.bytes / 2 ** 20).toFixed(2)} MiB, built from the patterns in ${t.buildMs.toFixed(0)} ms`);
  log(`suit keys loaded from the shipped file (suit-keys.data.ts) in a fresh process: ${coldLoad()} (target < 100 ms)`);
  suitKeys();
  const N = 1_000_000;
  const flat = benchHands(N);
  const file = join(tmpdir(), 'oddsmith-sichuan-hands.bin');
  writeFileSync(file, flat);
  const pass = (fn: () => number): { rate: number; checksum: number } => {
    const t0 = performance.now();
    const checksum = fn();
    return { rate: N / ((performance.now() - t0) / 1000), checksum };
  };
  const standard = (): number => { let s = 0; for (let i = 0; i < N; i++) s += keyStandardDistance(flat, i * 27, 4, -1) * ((i % 1000) + 1); return s; };
  const withSeven = (): number => { let s = 0; for (let i = 0; i < N; i++) s += (keyShanten(flat, i * 27, 0, -1) + 1) * ((i % 1000) + 1); return s; };
  const voids = (): number => { let s = 0; for (let i = 0; i < N; i++) s += (keyShanten(flat, i * 27, 0, i % 3) + 1) * ((i % 1000) + 1); return s; };
  const h = new Uint8Array(27);
  const previous = (): number => { let s = 0; for (let i = 0; i < N; i++) { for (let k = 0; k < 27; k++) h[k] = flat[i * 27 + k]; s += tableStandardDistance(h, 4, -1) * ((i % 1000) + 1); } return s; };
  const peers: [string, string, string[]][] = [
    ['nyanten', process.env.ODDSMITH_NYANTEN_BIN ?? '/tmp/peers/nyanten-driver', [file]],
    ['shanten-number', process.env.ODDSMITH_SHANTEN_NUMBER_BIN ?? '/tmp/peers/shanten-number-driver',
      [file, process.env.ODDSMITH_SHANTEN_NUMBER_TABLES ?? '/tmp/peers/shanten-number/build']],
  ];
  const present = peers.filter(([, bin]) => existsSync(bin));
  // The machine is shared: rounds alternate ours and each peer, and each keeps its best round, so
  // a burst of load elsewhere does not land on one side only.
  const best = { std: { rate: 0, checksum: 0 }, seven: { rate: 0, checksum: 0 }, void: { rate: 0, checksum: 0 }, prev: { rate: 0, checksum: 0 } };
  const peerBest = new Map<string, { rate: number; checksum: number } | string>();
  const keep = (slot: { rate: number; checksum: number }, r: { rate: number; checksum: number }): void => { if (r.rate > slot.rate) { slot.rate = r.rate; slot.checksum = r.checksum; } };
  for (let round = 0; round < 3; round++) {
    keep(best.std, pass(standard));
    for (const [name, bin, args] of present) {
      const p = runPeer(bin, args);
      const was = peerBest.get(name);
      if (typeof p === 'string') { if (was === undefined) peerBest.set(name, p); } else if (was === undefined || typeof was === 'string' || p.rate > was.rate) peerBest.set(name, p);
      keep(best.std, pass(standard));
    }
    keep(best.seven, pass(withSeven));
    keep(best.void, pass(voids));
    if (round === 0) keep(best.prev, pass(previous));
  }
  const M = (r: number): string => `${(r / 1e6).toFixed(2)} M hands/s`;
  log(`shanten side by side: ${N.toLocaleString('en-US')} random 14-tile hands (108-tile wall, seed 13), one thread, hands file ${file}`);
  log(`  ours, standard form, three suits: ${M(best.std.rate)} (checksum ${best.std.checksum}); the previous 33.5 MiB tables: ${M(best.prev.rate)} (checksum ${best.prev.checksum})`);
  log(`  ours, standard + seven pairs (four alike = two pairs): ${M(best.seven.rate)}; with a declared void, both forms: ${M(best.void.rate)}`);
  for (const [name, bin] of peers) {
    const p = peerBest.get(name);
    if (p === undefined) { log(`  ${name}: no driver at ${bin} (set ODDSMITH_${name.replace('-', '_').toUpperCase()}_BIN); our figure alone`); continue; }
    if (typeof p === 'string') { log(`  ${name}: ${p}`); continue; }
    const same = p.checksum === best.std.checksum ? 'checksums equal' : `CHECKSUM DIFFERS (${p.checksum})`;
    log(`  ${name} (C++ -O3, standard form): ${M(p.rate)}; ours / ${name} = ${(best.std.rate / p.rate).toFixed(2)}× standard, ${(best.seven.rate / p.rate).toFixed(2)}× with seven pairs, ${(best.void.rate / p.rate).toFixed(2)}× void forms; ${same}`);
  }
}

/** Import + decode of the shipped keys in a new Node process (a cold start, as a worker thread sees it). */
function coldLoad(): string {
  const url = new URL('./suit-keys.js', import.meta.url).href;
  const script = `const t0 = performance.now(); const m = await import(${JSON.stringify(url)}); const t = m.suitKeys(); console.log((performance.now() - t0).toFixed(1) + ' ' + t.buildMs.toFixed(1));`;
  try {
    let best: [number, number] = [Infinity, Infinity];
    for (let i = 0; i < 3; i++) {
      const [all, dec] = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }).trim().split(' ').map(Number);
      if (all < best[0]) best = [all, dec];
    }
    return `${best[0].toFixed(1)} ms with the module import, ${best[1].toFixed(1)} ms to decode (best of 3)`;
  } catch (e) {
    return `failed: ${(e as Error).message.split('\n')[0]}`;
  }
}

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

/** The advisor's answer time by distance from ready (the best discard's shanten), median of 5 after a warm-up. */
function advisorTimes(log: (line: string) => void): void {
  const rules = loadRules('default');
  const cases: [string, string][] = [['1', '11123456789m135p'], ['2', '11468m11234688p2s'], ['3', '335689m23689p468s'], ['4 (lower bound)', '24567m4555p26789s']];
  for (const [label, hand] of cases) {
    const times: number[] = [];
    let states = 0;
    for (let i = 0; i < 6; i++) {
      const r = advise({ hand, void: 's' }, rules, { draws: DEFAULT_DRAWS, objective: 'points' });
      if (i > 0) times.push(r.seconds * 1000);
      states = r.states;
    }
    times.sort((a, b) => a - b);
    log(`discard advisor, ${label} from ready (${hand}, void s, ${DEFAULT_DRAWS} draws, every discard): ${times[2].toFixed(1)} ms median, ${states} states`);
  }
  // the advisor strategy's decision on the same hands (lowest-shanten discards only; beyond 2 from ready it is greedy's)
  const z = new Uint8Array(27);
  const strategyCases: [string, string][] = [['ready after the discard', '11123456789m135p'], ['1 from ready', '222378m24456789p'], ['2 from ready', '13469m123345578p'], ['3 from ready', '145578m12566899p']];
  for (const [label, hand] of strategyCases) {
    const view: TableView = {
      hands: [countsOf(parseTileList(hand, 'hand')), z, z, z], meldKinds: new Uint8Array(16), meldSizes: new Uint8Array(16), nMelds: new Int8Array(4),
      voids: Int8Array.from([2, 0, 0, 0]), visible: new Uint8Array(27), won: new Uint8Array(4), seatDiscards: new Uint8Array(4 * 27), lastDiscard: new Int8Array(4).fill(-1), ownDraws: new Int32Array(4), wallLeft: () => DEFAULT_DRAWS * 4, rng: new Rng(1), rules,
    };
    const times: number[] = [];
    let exact = false;
    for (let i = 0; i < 6; i++) {
      const t0 = performance.now();
      exact = advisorDecision(view, 0).exact;
      if (i > 0) times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    log(`advisor strategy, one decision, ${label} (${hand}, void s, ${DEFAULT_DRAWS} draws): ${times[2].toFixed(2)} ms median (${exact ? 'exact expected points' : 'greedy fallback'})`);
  }
}

export async function bench(log: (line: string) => void): Promise<void> {
  sideBySide(log);
  advisorTimes(log);
  const t = buildSuitTables();
  log(`per-suit tables (exact starting hands only): 3 arrays over 5^9 = 1,953,125 indices, ${(t.bytes / 2 ** 20).toFixed(1)} MiB, built in ${t.buildMs.toFixed(0)} ms`);
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
  log(`shanten.ts (suit classes), standard + seven pairs, declared void, random 14-tile hands: ${(r / 1e6).toFixed(2)} M/s (target ≥ 5 M/s; best of 3 × 5M)`);
  r = rate(() => { for (let i = 0; i < N; i++) sink += standardDistance(hands[i % 100_000], 4, i % 3); }, N);
  log(`standard shanten only (two suits after the void): ${(r / 1e6).toFixed(2)} M/s`);
  r = rate(() => { for (let i = 0; i < N; i++) sink += standardDistance(hands[i % 100_000], 4, -1); }, N);
  log(`standard shanten, no void: ${(r / 1e6).toFixed(2)} M/s`);
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
  for (const mix of [['greedy', 'value', 'random', 'greedy'], ['greedy', 'greedy', 'greedy', 'greedy'], ['random', 'random', 'random', 'random'], ['advisor', 'greedy', 'greedy', 'greedy'], ['defender', 'greedy', 'greedy', 'greedy']]) {
    const p = { ...params, strategies: mix };
    const D = mix[0] === 'random' ? 4000 : mix[0] === 'advisor' || mix[0] === 'defender' ? 200 : 1500;
    t0 = performance.now();
    dealKernel.run(p, new Rng(3), D);
    s = (performance.now() - t0) / 1000;
    log(`full deals, one thread, ${mix.join(',')}: ${(D / s).toFixed(0)} deals/s`);
  }
  const mem = process.memoryUsage();
  log(`memory now: heap ${(mem.heapUsed / 2 ** 20).toFixed(0)} MiB, array buffers ${(mem.arrayBuffers / 2 ** 20).toFixed(0)} MiB (two table sets were built here)`);
  if (sink === 42) log('');
}

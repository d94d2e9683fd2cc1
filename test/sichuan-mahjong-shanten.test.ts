import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
// the reference: the per-suit tables the suit classes replaced
import { flushDistance, isStandardWin, sevenPairsDistance, shanten, standardDistance } from '../src/games/sichuan-mahjong/shanten-tables.js';
import * as S from '../src/games/sichuan-mahjong/shanten.js';
import { readFileSync } from 'node:fs';
import { buildSuitKeys, IncrementalShanten, suitKeysDataModule, keySevenPairsDistance, keyShanten, keyStandardDistance, suitKeys } from '../src/games/sichuan-mahjong/suit-keys.js';
import { countsOf, parseTileList, randomHand } from '../src/games/sichuan-mahjong/tiles.js';
import { measureAllocation } from './helpers/alloc.js';

const hand = (s: string): Uint8Array => countsOf(parseTileList(s, 'hand'));

/** A random hand near completion: `sets` sets + a pair, respecting four copies, then `swaps` tiles replaced at random. */
function nearComplete(rng: Rng, sets: number, swaps: number, c: Uint8Array): void {
  for (;;) {
    c.fill(0);
    let ok = true;
    const pk = rng.below(27);
    c[pk] += 2;
    for (let s = 0; s < sets; s++) {
      if (rng.below(3) === 0) { const k = rng.below(27); c[k] += 3; if (c[k] > 4) ok = false; }
      else { const k = rng.below(3) * 9 + rng.below(7); for (let d = 0; d < 3; d++) if (++c[k + d] > 4) ok = false; }
    }
    if (!ok) continue;
    for (let i = 0; i < swaps; i++) {
      let r = rng.below(3 * sets + 2);
      for (let k = 0; k < 27; k++) { if (r < c[k]) { c[k]--; break; } r -= c[k]; }
      let k: number;
      do k = rng.below(27); while (c[k] >= 4);
      c[k]++;
    }
    return;
  }
}

describe('sichuan-mahjong suit-class shanten (suit-keys.ts)', () => {
  it('is small: 126 suit classes, 180 two-suit classes, under 8 MiB', () => {
    const t = suitKeys();
    expect(t.K).toBe(126);
    expect(t.K2).toBe(180);
    expect(t.KEY.length).toBe(405_350); // nine counts ≤ 4 with at most 14 tiles
    expect(t.bytes).toBeLessThan(8 * 2 ** 20);
    expect(t.source).toBe('shipped');
  });

  it('the shipped generated file (suit-keys.data.ts) equals a fresh build, table by table and as text', () => {
    const t = suitKeys(), u = buildSuitKeys();
    expect(u.source).toBe('built');
    for (const name of ['LOPOS', 'HIBASE', 'KEY', 'PAIR', 'DIST2', 'DIST3', 'SPLO', 'SPHI', 'LOSUM', 'HISUM', 'CLS'] as const) {
      const a = t[name], b = u[name];
      expect(a.length, name).toBe(b.length);
      expect(Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength)), name).toBe(true);
    }
    expect([t.K, t.K2]).toEqual([u.K, u.K2]);
    // the file itself is what the generator writes today (regenerate: node dist/src/games/sichuan-mahjong/suit-keys-gen.js)
    const shipped = readFileSync(new URL('../src/games/sichuan-mahjong/suit-keys.data.ts', import.meta.url), 'utf8');
    expect(shipped === suitKeysDataModule(u)).toBe(true);
  });

  it('known hands, including four identical tiles as two pairs', () => {
    expect(keyShanten(hand('1112345678999m'), 0, 0, 1)).toBe(0);
    expect(keyStandardDistance(hand('11123456789999m'), 0, 4, 1)).toBe(0);
    expect(keyShanten(hand('11223344556677m'), 0, 0, 2)).toBe(-1);
    expect(keySevenPairsDistance(hand('11112222333344m'), 0, 2)).toBe(0);
    expect(keyShanten(hand('11112222333344m'), 0, 0, 2)).toBe(-1);
    expect(keyShanten(hand('1111m123p456p789p'), 0, 0, 2)).toBe(1);
  });

  it('equals the per-suit tables of shanten.ts on 10^6 random and near-complete hands, every form', () => {
    const rng = new Rng(2026);
    const wall = new Uint8Array(108), c = new Uint8Array(27);
    const inc = new IncrementalShanten();
    let mismatches = 0, checked = 0, readyOrBetter = 0;
    const sizes = [14, 13, 14, 11, 8, 5, 2];
    for (let i = 0; i < 1_000_000; i++) {
      let melds: number;
      if (i % 5 === 4) {
        // near-complete hands reach the low shanten values random hands rarely show
        melds = rng.below(5);
        nearComplete(rng, 4 - melds, rng.below(3), c);
      } else {
        const n = sizes[i % 7];
        melds = Math.floor((14 - n) / 3);
        randomHand(rng, n, wall, c);
      }
      const v = (i % 4) - 1;
      const sets = 4 - melds;
      const want = shanten(c, melds, v);
      if (want <= 0) readyOrBetter++;
      inc.set(c);
      if (keyShanten(c, 0, melds, v) !== want) mismatches++;
      if (inc.shanten(melds, v) !== want) mismatches++;
      if (keyStandardDistance(c, 0, sets, v) !== standardDistance(c, sets, v)) mismatches++;
      if (keyStandardDistance(c, 0, sets, -1) !== standardDistance(c, sets, -1)) mismatches++;
      if (keySevenPairsDistance(c, 0, v) !== sevenPairsDistance(c, v)) mismatches++;
      // shanten.ts (what the engine and strategies call) runs on the suit classes: same answers
      if (S.shanten(c, melds, v) !== want) mismatches++;
      if (S.isStandardWin(c) !== isStandardWin(c)) mismatches++;
      if (S.flushDistance(c, i % 3, sets) !== flushDistance(c, i % 3, sets)) mismatches++;
      inc.set(c);
      if (inc.suitDistance(i % 3, sets * 2 + 1) !== flushDistance(c, i % 3, sets) || inc.sevenPairsDistance(v) !== sevenPairsDistance(c, v)) mismatches++;
      checked++;
    }
    expect(checked).toBe(1_000_000);
    expect(readyOrBetter).toBeGreaterThan(50_000);
    expect(mismatches).toBe(0);
  });

  it('incremental form: tiles in and out one at a time agree with a fresh computation', () => {
    const rng = new Rng(7);
    const wall = new Uint8Array(108), c = new Uint8Array(27);
    randomHand(rng, 13, wall, c);
    const inc = new IncrementalShanten().set(c);
    let mismatches = 0;
    for (let step = 0; step < 200_000; step++) {
      // draw a tile (if the hand has 13) or discard one (if 14)
      const total = c.reduce((a, b) => a + b, 0);
      if (total === 13) {
        let k: number;
        do k = rng.below(27); while (c[k] >= 4);
        c[k]++; inc.add(k);
      } else {
        let r = rng.below(total), k = 0;
        for (; k < 27; k++) { if (r < c[k]) break; r -= c[k]; }
        c[k]--; inc.remove(k);
      }
      const v = (step % 4) - 1;
      if (inc.shanten(0, v) !== shanten(c, 0, v)) mismatches++;
    }
    expect(mismatches).toBe(0);
  });

  it('allocates nothing per lookup', () => {
    const c = hand('123456789m12345p');
    const inc = new IncrementalShanten().set(c);
    let sink = 0;
    const m = measureAllocation(() => {
      for (let i = 0; i < 100_000; i++) {
        sink += keyShanten(c, 0, 0, i % 3) + inc.shanten(0, -1);
        inc.add(4); inc.remove(4);
      }
    });
    expect(sink).not.toBe(0);
    expect(m.gcEvents).toBe(0);
    expect(m.bytes).toBeLessThan(64 * 1024);
  });
});

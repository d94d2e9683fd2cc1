import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { ROW, suitTables, SUIT_INDICES } from '../src/games/sichuan-mahjong/tables.js';
import { isStandardWin, isWinningHand, sevenPairsDistance, shanten, standardDistance } from '../src/games/sichuan-mahjong/shanten.js';
import { countsOf, parseTileList, randomHand } from '../src/games/sichuan-mahjong/tiles.js';
import { refDistance, refIsWin, refSevenPairsDistance } from './sichuan-mahjong-reference.js';
import { measureAllocation } from './helpers/alloc.js';

const hand = (s: string) => countsOf(parseTileList(s, 'hand'));

/** A random complete hand: `sets` random sets + a pair, respecting four copies. */
function randomComplete(rng: Rng, sets: number): Uint8Array {
  for (;;) {
    const c = new Uint8Array(27);
    let ok = true;
    const p = rng.below(27);
    c[p] += 2;
    for (let s = 0; s < sets; s++) {
      if (rng.below(2)) { const k = rng.below(27); c[k] += 3; if (c[k] > 4) ok = false; }
      else { const suit = rng.below(3), r = rng.below(7), k = suit * 9 + r; c[k]++; c[k + 1]++; c[k + 2]++; if (c[k] > 4 || c[k + 1] > 4 || c[k + 2] > 4) ok = false; }
    }
    if (ok) return c;
  }
}

describe('sichuan-mahjong per-suit tables', () => {
  it('have 5^9 entries, stay under 64 MB and mark the empty suit complete', () => {
    const t = suitTables();
    expect(t.total.length).toBe(SUIT_INDICES);
    expect(t.distance.length).toBe(SUIT_INDICES * ROW);
    expect(t.bytes).toBeLessThan(64 * 1024 * 1024);
    expect(t.complete[0]).toBe(1);
  });

  it('shanten of known hands', () => {
    expect(shanten(hand('1112345678999m'), 0, 1) + 1).toBe(1); // 13 tiles: nine gates, ready
    expect(standardDistance(hand('11123456789999m'), 4, 1)).toBe(0); // complete 14
    expect(shanten(hand('11223344556677m'), 0, 2)).toBe(-1); // seven pairs / complete
    expect(sevenPairsDistance(hand('11112222333344m'), 2)).toBe(0); // four identical tiles = two pairs
    expect(shanten(hand('1111m123p456p789p'), 0, 2)).toBe(1); // tanki on a fifth 1m is impossible
    expect(shanten(hand('123m456p78p11p1s'), 1, 2)).toBe(0); // 11 tiles, one set declared: discard the void 1s and it is ready
  });

  it('standard distance equals the recursive reference on 100,000 random hands (13/14 tiles, 0–2 sets declared, all voids)', () => {
    const rng = new Rng(20240401);
    const wall = new Uint8Array(108);
    let mismatches = 0;
    for (let i = 0; i < 100_000; i++) {
      const melds = i % 5 === 0 ? 1 : i % 11 === 0 ? 2 : 0;
      const n = 13 - 3 * melds + (i & 1);
      const c = randomHand(rng, n, wall);
      const v = (i % 4) - 1;
      const got = standardDistance(c, 4 - melds, v);
      const want = refDistance(c, 4 - melds, v);
      if (got !== want) mismatches++;
      if (melds === 0) {
        if (sevenPairsDistance(c, v) !== refSevenPairsDistance(c, v)) mismatches++;
      }
    }
    expect(mismatches).toBe(0);
  });

  it('winning-shape check equals recursive decomposition on 100,000 random and constructed hands', () => {
    const rng = new Rng(7);
    const wall = new Uint8Array(108);
    let mismatches = 0, wins = 0;
    for (let i = 0; i < 100_000; i++) {
      let c: Uint8Array;
      if (i % 3 === 0) c = randomHand(rng, 14, wall);
      else {
        c = randomComplete(rng, 4);
        if (i % 3 === 2) {
          // disturb: move one tile to a random kind with room
          const from = rng.below(27), to = rng.below(27);
          if (c[from] > 0 && c[to] < 4) { c[from]--; c[to]++; }
        }
      }
      const got = isStandardWin(c);
      if (got) wins++;
      if (got !== refIsWin(c)) mismatches++;
      // shanten −1 exactly when complete (standard reading, no void)
      if ((standardDistance(c, 4, -1) === 0) !== got) mismatches++;
    }
    expect(mismatches).toBe(0);
    expect(wins).toBeGreaterThan(30_000);
  });

  it('void-suit tiles spoil a win; seven pairs only without declared sets', () => {
    expect(isWinningHand(hand('11223344556677m'), 0, 1)).toBe(true);
    expect(isWinningHand(hand('11223344556677m'), 0, 0)).toBe(false);
    expect(isWinningHand(hand('11m22m33m44p55p66p77p'), 0, 2)).toBe(true);
    expect(isWinningHand(hand('1122m'), 3, 2)).toBe(false);
    expect(isWinningHand(hand('11m'), 4, 2)).toBe(true);
  });

  it('evaluates 10^6 shanten without allocating', () => {
    const rng = new Rng(3);
    const wall = new Uint8Array(108);
    const hands = new Uint8Array(1000 * 27);
    for (let i = 0; i < 1000; i++) hands.set(randomHand(rng, 14, wall), i * 27);
    const h = new Uint8Array(27);
    let x = 0;
    const loop = () => {
      for (let i = 0; i < 1_000_000; i++) {
        const o = (i % 1000) * 27;
        for (let k = 0; k < 27; k++) h[k] = hands[o + k];
        x += shanten(h, 0, i % 3);
      }
    };
    const m = measureAllocation(loop);
    expect(m.gcEvents).toBe(0);
    expect(m.bytes).toBeLessThan(64 * 1024);
    expect(x).toBeGreaterThan(0);
  });
});

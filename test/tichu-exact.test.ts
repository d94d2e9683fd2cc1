import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { chooseBig } from '../src/core/stats.js';
import { handOdds, tableFourOfAKind } from '../src/games/tichu/exact.js';
import { parseCards, DRAGON, PHOENIX, MAHJONG, DOG } from '../src/games/tichu/cards.js';
import { fillMasks, hasFourOfAKind, hasStraightFlush } from '../src/games/tichu/hand.js';

/** Monte Carlo of dealt hands: fraction of hands with each event, against the exact figure. */
function sampleEvents(size: number, given: number[], n: number, seed: number): Record<string, number> {
  const rng = new Rng(seed);
  const rest = Array.from({ length: 56 }, (_, i) => i).filter((c) => !given.includes(c));
  const hand = new Int32Array(size);
  const mask = new Uint8Array(13);
  const counts: Record<string, number> = {};
  const add = (k: string) => { counts[k] = (counts[k] ?? 0) + 1; };
  for (let t = 0; t < n; t++) {
    for (let i = 0; i < given.length; i++) hand[i] = given[i];
    const need = size - given.length;
    for (let i = 0; i < need; i++) {
      const j = i + rng.below(rest.length - i);
      const x = rest[i]; rest[i] = rest[j]; rest[j] = x;
      hand[given.length + i] = rest[i];
    }
    fillMasks(hand, 0, size, mask);
    const fk = hasFourOfAKind(mask), sf = hasStraightFlush(mask, 5);
    if (fk || sf) add('anyBomb');
    if (fk) add('fourOfAKind');
    if (sf) add('straightFlush');
    let aces = 0, power = 0;
    for (let i = 0; i < size; i++) {
      const c = hand[i];
      if (c === DRAGON) add('dragon');
      if (c === PHOENIX) add('phoenix');
      if (c === MAHJONG) add('mahjong');
      if (c === DOG) add('dog');
      if (c < 52 && (c >> 2) === 12) aces++;
      if (c === DRAGON || c === PHOENIX || (c < 52 && (c >> 2) === 12)) power++;
    }
    add(`aces${aces}`);
    if (power >= 2) add('twoPlusPower');
  }
  return counts;
}

function checkAgainstSample(size: number, given: number[], n: number, seed: number) {
  const exact = handOdds(size, given);
  const counts = sampleEvents(size, given, n, seed);
  for (const l of exact.lines) {
    const p = l.probability;
    const est = (counts[l.event] ?? 0) / n;
    const se = Math.sqrt(Math.max(p * (1 - p), 1e-12) / n);
    expect(Math.abs(est - p), `${size} cards ${l.event}: exact ${p}, sampled ${est}`).toBeLessThanOrEqual(4 * se + 1e-12);
  }
}

describe('tichu exact deal odds', () => {
  it('hand-checkable counts', () => {
    const r8 = handOdds(8);
    const by = Object.fromEntries(r8.lines.map((l) => [l.event, l]));
    expect(by.anyBomb.total).toBe(chooseBig(56, 8).toString());
    // four of a kind in 8 cards: 13 ranks × C(52,4) other cards, minus hands with two fours counted twice
    expect(BigInt(by.fourOfAKind.count)).toBe(13n * chooseBig(52, 4) - chooseBig(13, 2));
    // straight flush of 5 in 8 cards: count runs directly by inclusion–exclusion on the lowest start
    expect(by.dragon.fraction).toBe('1/7');
    expect(by.aces4.count).toBe(chooseBig(52, 4).toString());
    // two or more of 6 power cards = all − none − exactly one
    expect(BigInt(by.twoPlusPower.count)).toBe(chooseBig(56, 8) - chooseBig(50, 8) - 6n * chooseBig(50, 7));
    const r14 = handOdds(14);
    const b14 = Object.fromEntries(r14.lines.map((l) => [l.event, l]));
    expect(b14.phoenix.fraction).toBe('1/4');
    // union bound and inclusion: P(any) ≤ P(4K) + P(SF), P(any) ≥ max
    for (const b of [by, b14]) {
      expect(b.anyBomb.probability).toBeLessThanOrEqual(b.fourOfAKind.probability + b.straightFlush.probability);
      expect(b.anyBomb.probability).toBeGreaterThanOrEqual(Math.max(b.fourOfAKind.probability, b.straightFlush.probability));
    }
    // aces distribution sums to one
    const s = r14.lines.filter((l) => l.event.startsWith('aces')).reduce((a, l) => a + BigInt(l.count), 0n);
    expect(s.toString()).toBe(b14.anyBomb.total);
  });

  it('a straight flush in 5 cards: exactly 4 suits × 9 runs', () => {
    const r = handOdds(5);
    const sf = r.lines.find((l) => l.event === 'straightFlush')!;
    expect(sf.count).toBe('36');
  });

  it('8- and 14-card odds agree with dealt hands within 4 SE', () => {
    checkAgainstSample(8, [], 300_000, 81);
    checkAgainstSample(14, [], 200_000, 82);
  });

  it('conditional odds given 8 cards agree with sampled completions within 4 SE', () => {
    const given = parseCards('2j 3j 4j 5j Ks Kp Kr Dr');
    const r = handOdds(14, given);
    expect(r.lines[0].total).toBe(chooseBig(48, 6).toString());
    const by = Object.fromEntries(r.lines.map((l) => [l.event, l]));
    expect(by.dragon.fraction).toBe('1/1');
    expect(by.phoenix.fraction).toBe('1/8');
    // 6j or Kj completes a bomb directly: P ≥ 1 − P(neither)
    expect(by.anyBomb.probability).toBeGreaterThan(1 - Number(chooseBig(46, 6)) / Number(chooseBig(48, 6)) - 1e-12);
    checkAgainstSample(14, given, 200_000, 83);
    checkAgainstSample(14, parseCards('Aj As Ap Ph 7s 8s 9s Ts'), 200_000, 84);
  });

  it('table-level four of a kind: exact, and agrees with dealt tables', () => {
    const t = tableFourOfAKind();
    const rng = new Rng(85);
    const deck = new Int32Array(56).map((_, i) => i);
    const mask = new Uint8Array(13);
    let hits = 0;
    const n = 100_000;
    for (let k = 0; k < n; k++) {
      for (let i = 55; i > 0; i--) { const j = rng.below(i + 1); const x = deck[i]; deck[i] = deck[j]; deck[j] = x; }
      let any = false;
      for (let p = 0; p < 4 && !any; p++) { fillMasks(deck, p * 14, p * 14 + 14, mask); any = hasFourOfAKind(mask); }
      if (any) hits++;
    }
    const p = t.probability, se = Math.sqrt(p * (1 - p) / n);
    expect(Math.abs(hits / n - p)).toBeLessThanOrEqual(4 * se);
  });
});

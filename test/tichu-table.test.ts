import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { tableFourOfAKind } from '../src/games/tichu/exact.js';
import { tableBombOdds, TICHU_DECK, type TableDeck } from '../src/games/tichu/exact-table.js';
import { fillMasks, hasFourOfAKind, hasStraightFlush } from '../src/games/tichu/hand.js';

/**
 * Brute force on a small deck: every deal enumerated card by card (each card to a player with room left,
 * or to the undealt rest), each hand checked for a bomb directly. Returns P(some player holds a bomb).
 */
function bruteForce(d: TableDeck): { p: number; deals: number } {
  const suited = d.ranks * d.suits, cards = suited + d.specials;
  const rest = cards - d.players * d.handSize;
  const owner = new Int8Array(cards);
  const room = new Array<number>(d.players + 1).fill(d.handSize);
  room[d.players] = rest;
  let deals = 0, bombs = 0;
  const hasBomb = (p: number) => {
    for (let r = 0; r < d.ranks; r++) {
      let all = true;
      for (let s = 0; s < d.suits; s++) if (owner[r * d.suits + s] !== p) all = false;
      if (all) return true;
    }
    if (d.minStraightFlush > 0) {
      for (let s = 0; s < d.suits; s++) {
        let run = 0;
        for (let r = 0; r < d.ranks; r++) {
          run = owner[r * d.suits + s] === p ? run + 1 : 0;
          if (run >= d.minStraightFlush) return true;
        }
      }
    }
    return false;
  };
  const deal = (c: number) => {
    if (c === cards) {
      deals++;
      for (let p = 0; p < d.players; p++) if (hasBomb(p)) { bombs++; break; }
      return;
    }
    for (let p = 0; p <= d.players; p++) {
      if (room[p] === 0) continue;
      room[p]--; owner[c] = p;
      deal(c + 1);
      room[p]++;
    }
  };
  deal(0);
  return { p: bombs / deals, deals };
}

/** Monte Carlo of dealt tables of the real deck: a deal has a bomb when some hand of 14 holds one. */
function sampleTables(n: number, seed: number, L: number): number {
  const rng = new Rng(seed);
  const deck = new Int32Array(56).map((_, i) => i);
  const mask = new Uint8Array(13);
  let hits = 0;
  for (let k = 0; k < n; k++) {
    for (let i = 55; i > 0; i--) { const j = rng.below(i + 1); const x = deck[i]; deck[i] = deck[j]; deck[j] = x; }
    for (let p = 0; p < 4; p++) {
      fillMasks(deck, p * 14, p * 14 + 14, mask);
      if (hasFourOfAKind(mask) || hasStraightFlush(mask, L)) { hits++; break; }
    }
  }
  return hits / n;
}

describe('tichu table-level bomb odds (exact combinatorics)', () => {
  it('four of a kind only: equals the exact BigInt count to 12 digits', () => {
    const fk = tableBombOdds({ ...TICHU_DECK, minStraightFlush: 0 });
    const exact = tableFourOfAKind();
    expect(fk.deals).toBe(exact.total);
    expect(Math.abs(fk.probability - exact.probability) / exact.probability).toBeLessThan(1e-11);
  });

  it('agrees with every deal of small decks enumerated (all dealt, with specials, with an undealt rest)', () => {
    const decks: TableDeck[] = [
      // 4 players, 2 suits: a "four of a kind" is a pair of one rank; straight flushes of 3
      { players: 4, handSize: 3, ranks: 6, suits: 2, specials: 0, minStraightFlush: 3 },
      { players: 4, handSize: 3, ranks: 5, suits: 2, specials: 2, minStraightFlush: 3 },
      // 3 players, 4 suits, everything dealt
      { players: 3, handSize: 4, ranks: 3, suits: 4, specials: 0, minStraightFlush: 3 },
      // 2 players of 4 from 18 cards, 10 undealt (the Fourier modulus must exceed the rest)
      { players: 2, handSize: 4, ranks: 4, suits: 4, specials: 2, minStraightFlush: 3 },
      // straight flushes off: four of a kind only
      { players: 3, handSize: 4, ranks: 3, suits: 4, specials: 0, minStraightFlush: 0 },
    ];
    for (const d of decks) {
      const bf = bruteForce(d);
      const ex = tableBombOdds(d);
      expect(ex.deals, JSON.stringify(d)).toBe(String(bf.deals));
      expect(Math.abs(ex.probability - bf.p), JSON.stringify(d)).toBeLessThan(1e-12);
      expect(bf.p).toBeGreaterThan(0);
    }
  });

  it('the real deck: exact figure within 4 SE of 10^5 dealt tables, for L = 5 and L = 6', () => {
    for (const [L, seed] of [[5, 91], [6, 92]] as const) {
      const ex = tableBombOdds({ ...TICHU_DECK, minStraightFlush: L });
      const n = 100_000;
      const est = sampleTables(n, seed, L);
      const se = Math.sqrt((ex.probability * (1 - ex.probability)) / n);
      expect(Math.abs(est - ex.probability), `L=${L}: exact ${ex.probability}, sampled ${est}`).toBeLessThanOrEqual(4 * se);
    }
  });

  it('rejects a deck that cannot deal the hands', () => {
    expect(() => tableBombOdds({ ...TICHU_DECK, handSize: 15 })).toThrow(/cannot deal/);
  });
});

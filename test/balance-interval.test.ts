import { describe, expect, it } from 'vitest';
import { proportion } from '../src/core/stats.js';
import { Rng } from '../src/core/rng.js';
import { dealClusteredMean, dealClusteredProportion, isMirror } from '../src/play/balance-interval.js';

/** Per-deal win shares of one seat, as playMatches sums them: wins, Σ share². */
function sums(shares: readonly number[], R: number) {
  return { wins: shares.reduce((a, x) => a + x * R, 0), games: shares.length * R, deals: shares.length, sq: shares.reduce((a, x) => a + x * x, 0) };
}

describe('seat intervals clustered by deal (mirror matches)', () => {
  it('a game replayed in every rotation counts once per deal: the Wilson interval over deals, not games', () => {
    // 100 deals, 3 rotations each the same game: seat wins 34 deals
    const shares = Array.from({ length: 100 }, (_, d) => (d < 34 ? 1 : 0));
    const s = sums(shares, 3);
    const c = dealClusteredProportion(s.wins, s.games, s.deals, s.sq);
    expect(c.p).toBeCloseTo(0.34, 12);
    expect(c.n).toBe(300);
    // the effective sample is the deals (less one: the sample variance); the interval over games is too narrow
    const overDeals = proportion(34 * 99 / 100, 99).ci95, overGames = proportion(102, 300).ci95;
    expect(c.ci95[0]).toBeCloseTo(overDeals[0], 9);
    expect(c.ci95[1]).toBeCloseTo(overDeals[1], 9);
    expect(c.ci95[1] - c.ci95[0]).toBeGreaterThan(1.6 * (overGames[1] - overGames[0]));
  });

  it('independent rotations give back about the Wilson interval over games', () => {
    const rng = new Rng(5), R = 4, D = 4000;
    const shares = Array.from({ length: D }, () => {
      let w = 0;
      for (let r = 0; r < R; r++) if (rng.nextFloat() < 0.3) w++;
      return w / R;
    });
    const s = sums(shares, R);
    const c = dealClusteredProportion(s.wins, s.games, s.deals, s.sq), g = proportion(s.wins, s.games);
    expect(c.ci95[1] - c.ci95[0]).toBeLessThanOrEqual(g.ci95[1] - g.ci95[0] + 1e-12);
    expect(c.ci95[1] - c.ci95[0]).toBeGreaterThan(0.95 * (g.ci95[1] - g.ci95[0]));
  });

  it('a rate of 0 shows no spread: one game per deal; the same share in every deal: the games', () => {
    expect(dealClusteredProportion(0, 50, 25, 0).ci95).toEqual(proportion(0, 25).ci95);
    const half = sums(Array.from({ length: 10 }, () => 0.5), 2);
    expect(dealClusteredProportion(half.wins, half.games, half.deals, half.sq).ci95).toEqual(proportion(10, 20).ci95);
  });

  it('means per game: the spread of the deal means when rotations repeat, never below the one over games', () => {
    // 50 deals of 2 identical games of length 100 or 120
    const lengths = Array.from({ length: 50 }, (_, d) => (d % 2 ? 100 : 120));
    const sum = lengths.reduce((a, x) => a + 2 * x, 0), sumSq = lengths.reduce((a, x) => a + 2 * x * x, 0), dealSq = lengths.reduce((a, x) => a + x * x, 0);
    const m = dealClusteredMean(100, sum, sumSq, 50, dealSq);
    expect(m.mean).toBe(110);
    // the sample sd of the 50 deal means, over √50
    expect(m.se).toBeCloseTo(Math.sqrt((50 * 100) / 49 / 50), 9);
    expect(m.sd).toBeCloseTo(Math.sqrt((100 * 100) / 99), 9);
  });

  it('a mirror match is the same player in every seat', () => {
    expect(isMirror(['heuristic', 'heuristic', 'heuristic'])).toBe(true);
    expect(isMirror(['heuristic', 'random'])).toBe(false);
    expect(isMirror(['heuristic'])).toBe(false);
  });
});

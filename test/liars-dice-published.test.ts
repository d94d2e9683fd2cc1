/**
 * The solver against published exact values. snyd (github.com/thomasahle/snyd, README; linear
 * programs solved by Glop, values as fractions) solves the two-player end game with no wild face —
 * our `plain` variant: bids ordered by count then face 1 < … < sides, a call challenges the last
 * bid, +1/−1 for the opener. Its 1v1, 2v1 (the opener has two dice) and 1v2 tables are checked here
 * at every size up to five faces; six faces are in `npm run bench -- liars-frontier`. OpenSpiel's
 * 1v1 value −7/258 is checked in liars-dice-cfr.test.ts.
 *
 * The check is a certificate, not a tolerance: the best responses to the CFR+ average bound the
 * game's value, −br1 ≤ v ≤ br0, so the published fraction must lie in that bracket, whose width
 * (NashConv) the target keeps small.
 */
import { describe, expect, it } from 'vitest';
import { solve } from '../src/games/liars-dice/exact-cfr.js';

/** [opener's dice, other's dice, sides, snyd's value (normal rules), target exploitability] */
export const SNYD_NORMAL: [number, number, number, number, number][] = [
  [1, 1, 2, 0, 1e-5], [1, 1, 3, -1 / 9, 1e-5], [1, 1, 4, -1 / 8, 1e-5], [1, 1, 5, -3 / 25, 1e-5],
  [2, 1, 2, 1 / 4, 1e-5], [2, 1, 3, 1 / 9, 1e-5], [2, 1, 4, 345 / 1696, 1e-4], [2, 1, 5, 2128 / 8375, 1e-3],
  [1, 2, 2, 0, 1e-5], [1, 2, 3, -1 / 27, 1e-5], [1, 2, 4, -1 / 8, 1e-4], [1, 2, 5, -27 / 125, 1e-3],
];

describe('published values: snyd (no wild face = plain)', () => {
  for (const [d0, d1, sides, value, target] of SNYD_NORMAL) {
    it(`${d0}v${d1} dice, ${sides} faces: ${value.toFixed(6)} lies between the best responses' bounds`, () => {
      const { result: r } = solve({ variant: 'plain', dice: [d0, d1], sides, target, maxIterations: 100_000 });
      expect(r.exploitability).toBeLessThanOrEqual(target);
      expect(-r.br1).toBeLessThanOrEqual(value + 1e-12);
      expect(r.br0).toBeGreaterThanOrEqual(value - 1e-12);
      expect(Math.abs(r.value0 - value)).toBeLessThanOrEqual(r.nashConv);
    });
  }
});

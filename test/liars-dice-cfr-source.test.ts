import { describe, expect, it } from 'vitest';
import { LiarsSolver, enumerateHands } from '../src/games/liars-dice/exact-cfr.js';
import { equilibriumSource } from '../src/games/liars-dice/exact-cfr-source.js';

describe('liars dice: EquilibriumSource over the solver', () => {
  const solver = new LiarsSolver({ variant: 'seed', dice: [1, 2], sides: 3 });
  solver.iterate(30);
  const src = equilibriumSource(solver);

  it('bids, actions and the player to move', () => {
    expect(src.bids).toEqual(['1x2', '1x3', '1x1', '2x2', '2x3', '2x1', '3x2', '3x3', '3x1']);
    expect(src.actionsAt([])).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(src.actionsAt([2, 7])).toEqual([-1, 8]);
    expect(src.actionsAt([8])).toEqual([-1]);
  });

  it('probabilities are the average strategy of the hand that moves, summing to 1', () => {
    const out = new Float64Array(10), ref = new Float64Array(10);
    const hands1 = enumerateHands(2, 3).hands.length;
    for (const [history, mask, p] of [[[], 0, 0], [[1], 2, 1], [[1, 4], 18, 0]] as const) {
      const H = p === 0 ? 3 : hands1;
      for (let h = 0; h < H; h++) {
        src.probabilitiesAt(history, h, out);
        const n = solver.averageAt(mask, history.length ? history[history.length - 1] : -1, history.length, h, ref);
        expect(n).toBe(src.actionsAt(history).length);
        expect([...out.subarray(0, n)]).toEqual([...ref.subarray(0, n)]);
        expect(out.subarray(0, n).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
      }
    }
  });

  it('a history that is not increasing, a hand out of range or a short buffer is refused', () => {
    const out = new Float64Array(10);
    expect(() => src.probabilitiesAt([3, 2], 0, out)).toThrow(/increasing bid ranks in 0..8/);
    expect(() => src.actionsAt([9])).toThrow(/increasing bid ranks/);
    expect(() => src.probabilitiesAt([1], 6, out)).toThrow(/hand index must be in 0..5/);
    expect(() => src.probabilitiesAt([], 0, new Float64Array(3))).toThrow(/out has 3 entries, the history has 9 actions/);
  });
});

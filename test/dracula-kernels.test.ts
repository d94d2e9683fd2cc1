import { describe, expect, test } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { loadRules } from '../src/games/dracula/rules.js';
import { gamesKernel } from '../src/games/dracula/kernels.js';
import { STRATEGIES } from '../src/games/dracula/strategies/index.js';

describe('districts won by card value: non-trump and trump apart', () => {
  test('a trump 8 always wins, a non-trump 1 almost never, a trump 1 mostly; every resolved district counted once a role', () => {
    const params = { rules: loadRules(), dracula: STRATEGIES.parse('greedy'), helsing: STRATEGIES.parse('greedy'), swapFirst: false };
    const acc = gamesKernel.run(params, new Rng(3), 400);
    const r = gamesKernel.summarize(params, acc, 400);
    const eight = r.byValue[7], one = r.byValue[0];
    // a trump 8 loses to nothing: exactly 1, whoever holds it
    expect(eight.trump.dracula.k).toBe(eight.trump.dracula.n);
    expect(eight.trump.helsing.k).toBe(eight.trump.helsing.n);
    expect(eight.trump.dracula.n).toBeGreaterThan(0);
    // a non-trump 1 beats only a non-trump 1 of a lower suit; a trump 1 beats every non-trump card
    expect(one.nonTrump.dracula.p).toBeLessThan(0.05);
    expect(one.trump.dracula.p).toBeGreaterThan(0.4);
    // the split covers every district: held counts of both kinds add up to the same total for each role
    const held = (role: 'dracula' | 'helsing') => r.byValue.reduce((s, b) => s + b.nonTrump[role].n + b.trump[role].n, 0);
    expect(held('dracula')).toBe(held('helsing'));
    expect(r.allValues.trump.dracula.n + r.allValues.nonTrump.dracula.n).toBe(held('dracula'));
    // each district is won by exactly one role
    const won = r.byValue.reduce((s, b) => s + b.nonTrump.dracula.k + b.trump.dracula.k + b.nonTrump.helsing.k + b.trump.helsing.k, 0);
    expect(won).toBe(held('dracula'));
  });
});

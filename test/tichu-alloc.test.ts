import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { Engine } from '../src/games/tichu/engine.js';
import { loadRules } from '../src/games/tichu/rules.js';
import { callKernel, gamesKernel } from '../src/games/tichu/kernels.js';
import { createStrategy, parseStrategySpec } from '../src/games/tichu/strategies/index.js';
import { measureAllocation } from './helpers/alloc.js';

const rules = loadRules();

describe('tichu play loop allocates nothing', () => {
  it.each([['heuristic'], ['random'], ['search:4']])('%s: many rounds without heap growth or GC', (spec) => {
    const rng = new Rng(9);
    const e = new Engine(rules, [0, 1, 2, 3].map(() => createStrategy(parseStrategySpec(spec), rules, rng)), rng);
    const n = spec.startsWith('search') ? 30 : 4_000;
    const m = measureAllocation(() => { for (let i = 0; i < n; i++) e.playRound(); });
    expect(m.gcEvents).toBe(0);
    expect(m.bytes).toBeLessThan(64 * 1024);
  });

  it('the games and call kernels over a real shard size', () => {
    const params = { rules, strategies: ['heuristic', 'random', 'heuristic', 'random'] };
    const rng = Rng.forShard(1, 0);
    const m = measureAllocation(() => { gamesKernel.run(params, rng, 100); });
    expect(m.gcEvents).toBe(0);
    expect(m.bytes).toBeLessThan(64 * 1024);
    const cp = { rules, strategies: ['heuristic', 'heuristic', 'heuristic', 'heuristic'], hand: [55, 54, 51, 50, 49, 48, 47, 46], call: 'grand' as const };
    const m2 = measureAllocation(() => { callKernel.run(cp, rng, 1000); });
    expect(m2.gcEvents).toBe(0);
    expect(m2.bytes).toBeLessThan(64 * 1024);
  });
});

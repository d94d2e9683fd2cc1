import { expect, test } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { measureAllocation } from './helpers/alloc.js';
import { loadRules } from '../src/games/dracula/rules.js';
import { gamesKernel } from '../src/games/dracula/kernels.js';
import { STRATEGIES } from '../src/games/dracula/strategies/index.js';

test.each([['random', 'random'], ['greedy', 'greedy'], ['greedy', 'random'], ['search:n=2,k=2', 'greedy']])('%s vs %s allocates nothing per game', (a, b) => {
  const params = { rules: loadRules(), dracula: STRATEGIES.parse(a), helsing: STRATEGIES.parse(b), swapFirst: true };
  const rng = new Rng(3);
  const n = a.startsWith('search') ? 20 : 500;
  const m = measureAllocation(() => void gamesKernel.run(params, rng, n));
  console.log(a, b, m);
  expect(m.gcEvents).toBe(0);
  expect(m.bytes).toBeLessThan(64 * 1024);
}, 120_000);

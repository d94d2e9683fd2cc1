// Dracula figures for `npm run bench -- dracula`: measured and printed, never asserted.
import { Rng } from '../../core/rng.js';
import { best, f, poolScaling } from '../../bench/timing.js';
import { STRATEGIES } from './strategies/index.js';
import { gamesKernel, type GamesParams } from './kernels.js';
import { loadRules } from './rules.js';
import { rowOdds } from './exact.js';
import { parseRanking } from './cards.js';

export async function bench(log: (line: string) => void): Promise<void> {
  const rules = loadRules();
  const pairs: [string, string, number][] = [
    ['random', 'random', 40_000],
    ['greedy', 'random', 6_000],
    ['greedy', 'greedy', 4_000],
    ['search', 'greedy', 100],
  ];
  for (const [d, h, games] of pairs) {
    const p: GamesParams = { rules, dracula: STRATEGIES.parse(d), helsing: STRATEGIES.parse(h), swapFirst: false };
    gamesKernel.run(p, new Rng(7), Math.max(10, games / 10)); // warm-up
    const r = best(3, () => gamesKernel.run(p, new Rng(1), games));
    log(`whole games, Dracula ${d} vs Van Helsing ${h} (1 thread): ${f(games / (r.ms / 1000))} games/s`);
  }
  for (const [d, h, total] of [['greedy', 'greedy', 8_000], ['random', 'random', 80_000]] as const) {
    const e = { kernel: gamesKernel.name, params: { rules, dracula: STRATEGIES.parse(d), helsing: STRATEGIES.parse(h), swapFirst: false }, seed: 1, total, shardCount: 32 };
    const { oneMs, twoMs, same } = await poolScaling(e);
    log(`parallel, ${d} vs ${h} (${f(total)} games, 32 shards): 1 worker ${f(total / (oneMs / 1000))} games/s, 2 workers ${f(total / (twoMs / 1000))} games/s → ${(oneMs / twoMs).toFixed(2)}×; bit-identical: ${same}`);
  }
  const rank = parseRanking('R,G,B,Y', rules);
  const row = best(3, () => rowOdds(rules, rank, [4, 15, 16, 27, 31], [-1, -1, -1, -1, -1], []));
  log(`exact row odds, 5 unknown opponent cards (${f(row.value.deals)} ordered deals): ${f(row.ms, 1)} ms`);
}

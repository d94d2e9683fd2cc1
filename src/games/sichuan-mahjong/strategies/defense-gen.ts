/**
 * Writes defense-model.data.ts (beside this file) from a fresh fit of the defending player's counts
 * (DEFENSE_FIT: four greedy players, seats rotated):
 *   npm run build && node dist/src/games/sichuan-mahjong/strategies/defense-gen.js
 * Run it after any change to the model's cells or to greedy; the defender test fails until the
 * shipped file matches.
 */
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { writeFileAtomic } from '../../../core/files.js';
import { defenseDataModule, fitDefenseCounts } from './defense-fit.js';
import { loadRules } from '../rules.js';

/** What the shipped counts come from. */
export const DEFENSE_FIT = { strategies: ['greedy', 'greedy', 'greedy', 'greedy'], deals: 4000, seed: 2201 };

function dataFilePath(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  // run from the build (dist/src/games/sichuan-mahjong/strategies): write the source file
  const dir = here.includes(join('dist', 'src')) ? join(here, '..', '..', '..', '..', '..', 'src', 'games', 'sichuan-mahjong', 'strategies') : here;
  return join(dir, 'defense-model.data.ts');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const t0 = performance.now();
  const c = fitDefenseCounts(loadRules(), DEFENSE_FIT.strategies, DEFENSE_FIT.deals, DEFENSE_FIT.seed);
  const path = dataFilePath();
  writeFileAtomic(path, defenseDataModule(c));
  process.stdout.write(`wrote ${path}: ${DEFENSE_FIT.deals} deals in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
}

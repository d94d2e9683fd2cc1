/**
 * Writes src/games/sichuan-mahjong/suit-keys.data.ts from a fresh `buildSuitKeys()`:
 *   npm run build && node dist/src/games/sichuan-mahjong/suit-keys-gen.js
 * Run it after any change to the builder; the shanten test fails until the shipped file matches.
 */
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { writeFileAtomic } from '../../core/files.js';
import { buildSuitKeys, suitKeysDataModule } from './suit-keys.js';

/** The source path of the data file (this module runs from dist/src/games/sichuan-mahjong/). */
export function dataFilePath(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const root = here.includes(`${join('dist', 'src')}`) ? join(here, '..', '..', '..', '..') : join(here, '..', '..', '..');
  return join(root, 'src', 'games', 'sichuan-mahjong', 'suit-keys.data.ts');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const t = buildSuitKeys();
  const path = dataFilePath();
  writeFileAtomic(path, suitKeysDataModule(t));
  process.stdout.write(`wrote ${path}: ${t.K} suit classes, ${t.K2} two-suit classes, built in ${t.buildMs.toFixed(0)} ms\n`);
}

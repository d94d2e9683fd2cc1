import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** The package's root folder, from sources (src/core) or compiled code (dist/src/core). */
export function packageRoot(): string {
  const here = fileURLToPath(import.meta.url);
  return fileURLToPath(new URL(here.includes('/dist/') ? '../../../' : '../../', import.meta.url));
}

/** A shipped rules file: rules/<game>/<name>.json. */
export function rulesPath(game: string, name = 'default'): string {
  return join(packageRoot(), 'rules', game, `${name}.json`);
}

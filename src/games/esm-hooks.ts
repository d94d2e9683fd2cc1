/**
 * Module hooks (node:module register) that load a game's files as ES modules whatever the nearest
 * package.json says: `npm init -y` writes "type": "commonjs", and a designer's `my-game/index.js`
 * with `import … from 'oddsmith'` should run as written — and so should the files it imports from
 * its folder (`./state.js`). Only `.js` files under the game's folder, outside node_modules, that
 * are written with import/export are loaded so; any other file loads as Node decides.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const folders: string[] = [];

export function initialize(data: { folders: readonly string[] }): void {
  folders.push(...data.folders);
}

type LoadContext = { format?: string | null };
type NextLoad = (url: string, context: LoadContext) => Promise<unknown>;

function writtenAsModule(url: string): boolean {
  if (!url.endsWith('.js') || url.includes('/node_modules/') || !folders.some((f) => url.startsWith(f))) return false;
  try {
    return /^\s*(import|export)\b/m.test(readFileSync(fileURLToPath(url), 'utf8'));
  } catch {
    return false;
  }
}

export async function load(url: string, context: LoadContext, nextLoad: NextLoad): Promise<unknown> {
  return nextLoad(url, writtenAsModule(url) ? { ...context, format: 'module' } : context);
}

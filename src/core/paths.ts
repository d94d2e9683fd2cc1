import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

/** The package's root folder, from sources (src/core) or compiled code (dist/src/core). */
export function packageRoot(): string {
  const here = fileURLToPath(import.meta.url);
  return fileURLToPath(new URL(here.includes('/dist/') ? '../../../' : '../../', import.meta.url));
}

/** A shipped rules file: rules/<game>/<name>.json. */
export function rulesPath(game: string, name = 'default'): string {
  return join(packageRoot(), 'rules', game, `${name}.json`);
}

/** Preset folders a game reads besides its own, named folder/name: the Farkle family plays on Wulong's turn model. */
export const PRESET_FAMILIES: Readonly<Record<string, readonly string[]>> = { wulong: ['farkle'] };

/** The shipped presets `--rules` can name for a game: "default", "farkle/10000", … */
export function presetNames(game: string): string[] {
  const inFolder = (folder: string, prefix: string) => {
    try {
      return readdirSync(join(packageRoot(), 'rules', folder)).filter((f) => f.endsWith('.json')).map((f) => prefix + f.slice(0, -'.json'.length)).sort();
    } catch {
      return [];
    }
  };
  return [...inFolder(game, ''), ...(PRESET_FAMILIES[game] ?? []).flatMap((f) => inFolder(f, `${f}/`))];
}

/** The "type" of the package.json nearest to a file ("commonjs" where none says). */
function packageType(file: string): string {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        const type = (JSON.parse(readFileSync(pkg, 'utf8')) as { type?: unknown }).type;
        return typeof type === 'string' ? type : 'commonjs';
      } catch {
        return 'commonjs';
      }
    }
    if (dirname(dir) === dir) return 'commonjs';
  }
}

/**
 * Whether a file is written with import/export in a package whose package.json says (or defaults
 * to) CommonJS, the folder `npm init -y` makes: Node would not load it as it is written, the game
 * loaders' module hooks do.
 */
export function esmSyntaxInCommonJs(file: string): boolean {
  return packageType(file) !== 'module' && /^\s*(import|export)\b/m.test(readFileSync(file, 'utf8'));
}

/**
 * Lists of games kept outside src/games/index.ts must not drift from it: the library exports every
 * game, and the package description names every game.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as library from '../src/index.js';
import { GAMES } from '../src/games/index.js';
import { ROOT } from './helpers/cli.js';

/** "sichuan-mahjong" → "sichuanMahjong": a game's namespace in the library */
const namespaceOf = (id: string) => id.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

describe('every list of games follows src/games/index.ts', () => {
  it('the library exports every game as a namespace, and nothing that is not a game as one', () => {
    const exported = library as unknown as Record<string, unknown>;
    for (const g of GAMES) {
      const ns = exported[namespaceOf(g.id)];
      expect(ns, `src/index.ts does not export ${namespaceOf(g.id)} (game ${g.id})`).toBeTypeOf('object');
      expect(Object.keys(ns as object).length, g.id).toBeGreaterThan(0);
    }
    expect(library.GAMES.map((g) => g.id)).toEqual(GAMES.map((g) => g.id));
  });

  it('package.json describes every game by its title', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { description: string };
    for (const g of GAMES) expect(pkg.description, g.title).toContain(g.title);
  });
});

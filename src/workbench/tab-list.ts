/**
 * The workbench's tab bar from the registry of games (run at report time, in Node): each game's own
 * view where the workbench has one (views.ts), else the generic tab of a game loaded from a module
 * (its module is then bundled into the page), in the registry's order; the trainer last.
 */
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UserError } from '../core/errors.js';
import type { GameDescriptor } from '../games/types.js';
import { VIEWS, type WorkbenchTab } from './views.js';

/**
 * `modules`: the module file (absolute) of each game loaded from one (by id). A built-in without a view gets
 * no tab: its code is not a module the page can bundle whole.
 */
export function workbenchTabs(games: readonly GameDescriptor[], modules: ReadonlyMap<string, string>): WorkbenchTab[] {
  const taken = new Set(VIEWS.map((v) => v.tab));
  const out: WorkbenchTab[] = [];
  for (const g of games) {
    const view = VIEWS.find((v) => v.game === g.id);
    if (view) out.push(view);
    else if (g.state && modules.has(g.id)) {
      const tab = taken.has(g.id) ? `${g.id}-game` : g.id;
      taken.add(tab);
      const file = modules.get(g.id)!;
      const shown = relative(process.cwd(), file).split('\\').join('/');
      out.push({ tab, label: g.title, game: g.id, module: /^\.\.?\//.test(shown) ? shown : `./${shown}`, file });
    }
  }
  return [...out, ...VIEWS.filter((v) => v.game === undefined)];
}

/**
 * The tabs of the games in the registry: the built-ins, the modules loaded so far, and the modules
 * the experiment specs name (`"module"`, relative to the spec), also when their pages came from
 * the cache and nothing loaded them.
 */
export async function registryTabs(experiments: readonly { file: string; spec: Record<string, unknown> }[] = []): Promise<WorkbenchTab[]> {
  const { allGames, loadedGames, loadGames } = await import('../games/registry.js');
  for (const e of experiments) {
    if (typeof e.spec.module !== 'string') continue;
    try {
      await loadGames([e.spec.module], dirname(resolve(e.file)));
    } catch (err) {
      // a spec that was not run this time (--only) may name a module that does not load: no tab, no page
      if (!(err instanceof UserError)) throw err;
    }
  }
  // a boardgame.io game (`bgio:`) is loaded through Node's module hooks: no tab bundles it
  const bundled = loadedGames().filter((g) => !g.url.startsWith('bgio:'));
  return workbenchTabs(allGames(), new Map(bundled.map((g) => [g.definition.id, g.url.startsWith('file:') ? fileURLToPath(g.url) : g.url])));
}

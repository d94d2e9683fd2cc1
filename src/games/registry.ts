/**
 * The one registry of games: game modules, each loaded the same way — the built-in list below,
 * `--game <path|package>` on the command line, `ODDSMITH_GAMES` (a comma list). A module's default
 * export is its game: a definition (src/games/define.ts), which becomes a descriptor, or for a
 * built-in its descriptor itself (src/games/types.ts), so every tool written over descriptors (the
 * CLI, the tools over the interface, the report runners) sees every game alike. The built-ins load
 * when this module does, in the main thread and in each worker; worker threads then load the same
 * outside modules (setupWorker) before they run a shard, so outside games run on any number of
 * workers with the same result.
 */
import { existsSync, statSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { UserError } from '../core/errors.js';
import { showPath } from '../core/files.js';
import { esmSyntaxInCommonJs } from '../core/paths.js';
import { loadSchemaRules } from '../core/rules.js';
import { defaults } from '../core/schema.js';
import { setWorkerSetup } from '../parallel/registry.js';
import { definitionStateGame } from '../play/player-registry.js';
import { checkDefinition, definitionSchema, type GameDefinition } from './define.js';
import type { GameDescriptor } from './types.js';

/** A game loaded from a module. */
export interface LoadedGame {
  /** the module's URL (what worker threads import) */
  url: string;
  definition: GameDefinition<never>;
  descriptor: GameDescriptor;
}

/**
 * The built-in games, one line each, in the order of `oddsmith --help`: modules whose default export
 * is the game (the descriptor), relative to this file. Adding a built-in game is one line here.
 */
export const BUILT_IN_GAMES: readonly string[] = [
  './wulong/descriptor.js',
  './liars-dice/descriptor.js',
  './sichuan-mahjong/descriptor.js',
  './weilong/descriptor.js',
  './tichu/descriptor.js',
  './dracula/descriptor.js',
  './cant-stop/descriptor.js',
];

/** Names of root commands a game's id may not take. */
const ROOT_COMMANDS = ['merge', 'report', 'diff', 'check-game', 'help'];

const loaded: LoadedGame[] = [];

/**
 * The URL of a game module named by a path (relative to `cwd`), a file: URL, or a package name
 * (resolved from `cwd`'s node_modules).
 */
export function moduleUrlOf(spec: string, cwd = process.cwd()): string {
  // a boardgame.io Game (src/bgio): `bgio:` then the module
  if (spec.startsWith('bgio:')) return `bgio:${moduleUrlOf(spec.slice('bgio:'.length), cwd)}`;
  if (spec.startsWith('file:')) return spec;
  const isPath = spec.startsWith('.') || spec.startsWith('/') || /^[A-Za-z]:[\\/]/.test(spec) || /\.(m?js|cjs)$/.test(spec);
  if (isPath) {
    let path = resolve(cwd, spec);
    if (!existsSync(path)) throw new UserError(`no such file`);
    if (statSync(path).isDirectory()) {
      path = join(path, 'index.js');
      if (!existsSync(path)) throw new UserError(`is a folder without index.js`);
    }
    return pathToFileURL(path).href;
  }
  try {
    return pathToFileURL(createRequire(join(cwd, 'package.json')).resolve(spec)).href;
  } catch {
    try {
      return import.meta.resolve(spec);
    } catch {
      throw new UserError(`no such file, and no package by that name is installed here`);
    }
  }
}

/**
 * A `.js` game module written with import/export in a package whose package.json says (or defaults
 * to) CommonJS — the folder `npm init -y` makes — is loaded as an ES module all the same, and so are
 * the files of its folder it imports: the files a designer writes run as written.
 */
function loadAsEsm(url: string): void {
  if (!url.startsWith('file:') || !url.endsWith('.js')) return;
  const file = fileURLToPath(url);
  if (!esmSyntaxInCommonJs(file)) return;
  const here = import.meta.url;
  const hooks = here.endsWith('.ts') ? new URL('../../dist/src/games/esm-hooks.js', here) : new URL('./esm-hooks.js', here);
  // the folder: the files the module imports from it (`./state.js`) are written the same way
  register(hooks, { data: { folders: [new URL('./', url).href] } });
}

/** The first line of an error's message. */
const firstLine = (e: unknown): string => String((e as Error)?.message ?? e).split('\n')[0].slice(0, 300);

/**
 * The one place a game argument (a `--game` value, an ODDSMITH_GAMES item, a built-in line) becomes
 * its module's URL and default export; a new kind of argument (a prefix) is one branch here.
 * Problems are one UserError naming the module: not found, does not load, no default export.
 */
async function importGame(spec: string, cwd: string): Promise<{ url: string; definition: unknown }> {
  const name = moduleName(spec);
  let url: string;
  try {
    url = moduleUrlOf(spec, cwd);
  } catch (e) {
    throw new UserError(`game module ${name}: ${firstLine(e)}`);
  }
  if (url.startsWith('bgio:')) return (await import('../bgio/adapter.js')).loadBoardgameIo(name, url);
  let module: Record<string, unknown>;
  try {
    loadAsEsm(url);
    module = (await import(url)) as Record<string, unknown>;
  } catch (e) {
    // defineGame's own check, run as the module loads, already names the part
    if ((e as Error)?.name === 'GameDefinitionError') throw new UserError(`game module ${name}: ${firstLine(e)}`);
    throw new UserError(`game module ${name} does not load: ${(e as Error)?.name ?? 'Error'}: ${firstLine(e)}`);
  }
  const definition = module.default;
  if (definition === undefined) throw new UserError(`game module ${name} has no default export (write \`export default defineGame({ … })\`)`);
  return { url, definition };
}

/** A game argument as messages name it. */
const moduleName = (spec: string): string => (spec.startsWith('file:') ? spec : showPath(spec));

/**
 * Import a game module and check its default export; nothing is registered. Every problem is one
 * UserError naming the module: it does not load, has no default export, or breaks defineGame's checks.
 */
export async function loadGameModule(spec: string, cwd = process.cwd()): Promise<{ url: string; definition: GameDefinition<never> }> {
  const { url, definition } = await importGame(spec, cwd);
  try {
    checkDefinition(definition);
  } catch (e) {
    throw new UserError(`game module ${moduleName(spec)}: ${firstLine(e)}`);
  }
  return { url, definition: definition as unknown as GameDefinition<never> };
}

/**
 * A built-in game's module: its default export is the descriptor the game's folder writes (the
 * full interface: kernels, experiments, its own command group, benches), checked for the parts
 * every tool reads.
 */
async function loadBuiltIn(line: string): Promise<GameDescriptor> {
  // run from the sources (the tests), a built-in's compiled module is its TypeScript file
  const spec = import.meta.url.endsWith('.ts') ? line.replace(/\.js$/, '.ts') : line;
  const d = (await importGame(spec, dirname(fileURLToPath(import.meta.url)))).definition as Partial<GameDescriptor>;
  const missing = (['id', 'command', 'title', 'summary', 'rules', 'kernels', 'experiments', 'cli', 'benches'] as const).filter((k) => d?.[k] === undefined);
  if (missing.length) throw new Error(`built-in game module ${line}: its default export lacks ${missing.join(', ')}`);
  return d as GameDescriptor;
}

/** The built-in games, loaded from their modules (in the main thread and in every worker). */
export const GAMES: readonly GameDescriptor[] = await Promise.all(BUILT_IN_GAMES.map(loadBuiltIn));

/** The descriptor of a game definition: what the rest of the program reads. */
export function descriptorOf(def: GameDefinition<never>): GameDescriptor {
  const schema = definitionSchema(def);
  const presets = (def.rules.presets ?? {}) as Record<string, unknown>;
  const rules = { loadRules: (nameOrPath?: string, sets?: readonly string[]) => loadSchemaRules(schema, presets, nameOrPath, sets), DEFAULT_RULES: defaults(schema), schema };
  const sg = definitionStateGame(def);
  const summary = def.summary ?? def.title;
  return {
    id: def.id,
    command: def.id,
    title: def.title,
    summary,
    rules: async () => rules,
    kernels: async () => [],
    experiments: {},
    cli: async () => (program) => {
      program.command(def.id).description(summary);
    },
    benches: {},
    state: async () => sg,
    ...(def.ladder ? { ladder: { rungs: def.ladder.rungs } } : {}),
    presets: Object.keys(presets),
    examples: { group: ['balance --deals 200', 'tournament --deals 200', 'ladder --deals 50', 'fields'] },
  };
}

/**
 * Load game modules into the registry (a module already loaded is skipped). An id that a built-in
 * game, a root command or another loaded module already has is refused, naming the module.
 */
export async function loadGames(specs: readonly string[], cwd = process.cwd()): Promise<readonly LoadedGame[]> {
  const added: LoadedGame[] = [];
  for (const spec of specs) {
    const { url, definition } = await loadGameModule(spec, cwd);
    if (loaded.some((g) => g.url === url)) continue;
    const name = showPath(spec);
    const id = definition.id;
    if (GAMES.some((g) => g.id === id || g.command === id)) throw new UserError(`game module ${name}: the id ${JSON.stringify(id)} is a built-in game's (choose another id)`);
    if (ROOT_COMMANDS.includes(id)) throw new UserError(`game module ${name}: the id ${JSON.stringify(id)} is an oddsmith command (choose another id)`);
    const other = loaded.find((g) => g.definition.id === id);
    if (other) throw new UserError(`game module ${name}: the id ${JSON.stringify(id)} is already taken by ${other.url}`);
    // help examples name the module as it was given (a path as typed, relative to where it was typed)
    const shown = /\s/.test(spec) ? JSON.stringify(spec) : spec;
    const game = { url, definition, descriptor: { ...descriptorOf(definition), invoke: `--game ${shown} ${id}` } };
    loaded.push(game);
    added.push(game);
  }
  // worker threads load the same modules before their first shard
  if (added.length) setWorkerSetup(import.meta.url, loaded.map((g) => g.url));
  return added;
}

/** Worker threads: rebuild the registry from the main thread's module URLs. */
export async function setupWorker(urls: readonly string[]): Promise<void> {
  await loadGames(urls);
}

/** The game module specs of the environment: ODDSMITH_GAMES, a comma list. */
export function gamesFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.ODDSMITH_GAMES ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');
}

/** Every game: the built-ins, then the loaded modules in the order loaded. */
export function allGames(): readonly GameDescriptor[] {
  return loaded.length ? [...GAMES, ...loaded.map((g) => g.descriptor)] : GAMES;
}

/** The games loaded from modules. */
export function loadedGames(): readonly LoadedGame[] {
  return loaded;
}

/** A game by id, or undefined. */
export function gameById(id: string): GameDescriptor | undefined {
  return allGames().find((g) => g.id === id);
}

/** The game whose kernels carry this name's prefix ("wulong.turn" → wulong). */
export function gameOfKernel(kernel: string): GameDescriptor | undefined {
  const id = kernel.split('.')[0];
  return allGames().find((g) => g.id === id);
}

/** Every experiment runner by the `game` field of experiment files. */
export function experimentRunners(): Record<string, GameDescriptor['experiments'][string]> {
  return Object.assign({}, ...allGames().map((g) => g.experiments));
}

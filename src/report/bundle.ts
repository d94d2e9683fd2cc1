/**
 * The scripts report pages run in the browser, bundled with esbuild when reports are written:
 * reports/assets/charts.js (vega, vega-lite, vega-embed: every chart drawn live, offline, no CDN)
 * and reports/workbench/workbench.js (the workbench page, src/workbench/main.ts). esbuild is given
 * file paths, not imports, so src/report still imports no game. Output is deterministic for the
 * same sources and esbuild version (no source maps, no timestamps), so regenerated reports stay
 * byte-identical.
 */
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { packageRoot } from '../core/paths.js';
import { UserError } from '../core/errors.js';

interface EsbuildResult { outputFiles: { text: string }[] }
interface Esbuild { buildSync(o: Record<string, unknown>): EsbuildResult }

function esbuild(): Esbuild {
  try {
    return createRequire(import.meta.url)('esbuild') as Esbuild;
  } catch {
    throw new UserError('writing reports needs esbuild to bundle the page scripts: run `npm ci`');
  }
}

/** Node built-ins the game modules import for their CLI paths (rules files); never called in a page. */
const NODE_BUILTINS = ['fs', 'path', 'url', 'os', 'module', 'child_process', 'crypto', 'worker_threads', 'process', 'util', 'events', 'stream', 'fs/promises', 'readline', 'perf_hooks', 'v8', 'zlib', 'assert'];

/** esbuild's aliases, as paths relative to the package (a checkout's sources or their compiled modules). */
function aliases(): Record<string, string> {
  const stub = local(source('src/report/node-stub.cjs'));
  return {
    ...Object.fromEntries(NODE_BUILTINS.flatMap((m) => [[`node:${m}`, stub], [m, stub]])),
    // a game module bundled for its generic tab imports the public API as 'oddsmith'
    oddsmith: local(source('src/workbench/generic-api.ts')),
  };
}

const local = (path: string): string => './' + relative(packageRoot(), path).split('\\').join('/');

function bundle(entry: string, define: Record<string, string> = {}, inject: string[] = []): string {
  const r = esbuild().buildSync({
    entryPoints: [entry],
    inject,
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    define,
    platform: 'browser',
    target: 'es2022',
    legalComments: 'none',
    charset: 'utf8',
    alias: aliases(),
    absWorkingDir: packageRoot(),
    logLevel: 'silent',
  });
  return r.outputFiles[0].text;
}

/**
 * A file the page scripts are bundled from: in a checkout, the TypeScript source; in an installed
 * package, which ships no sources, the module compiled from it under dist/.
 */
function source(rel: string): string {
  const p = join(packageRoot(), rel);
  if (existsSync(p)) return p;
  const compiled = join(packageRoot(), 'dist', rel.replace(/\.ts$/, '.js'));
  if (existsSync(compiled)) return compiled;
  throw new UserError(`cannot bundle ${rel}: the package's files are missing`);
}

/** reports/assets/charts.js: defines window.oddsmithCharts.embed and draws every [data-vl] figure. */
export function chartsBundle(): string {
  return bundle(source('src/report/charts-entry.ts'));
}

/**
 * One tab of the workbench's bar (src/workbench/views.ts): `file` is set for a game module
 * bundled into the page for its generic tab.
 */
export interface BundledTab { tab: string; label: string; game?: string; module?: string; file?: string }

/**
 * reports/workbench/workbench.js. `tabs`: the tab bar, derived from the registry of games at report
 * time (src/workbench/tab-list.ts); absent, the workbench's own views. The modules of the generic
 * tabs are bundled into the page and into its balance worker, registered before either starts.
 */
export function workbenchBundle(tabs?: readonly BundledTab[]): string {
  // every shipped rules file, as presets: path → JSON (sorted, so the bundle is the same each run)
  const presets: Record<string, unknown> = {};
  const root = join(packageRoot(), 'rules');
  for (const game of readdirSync(root).sort())
    for (const f of readdirSync(join(root, game)).sort())
      if (f.endsWith('.json')) presets[`rules/${game}/${f}`] = JSON.parse(readFileSync(join(root, game, f), 'utf8'));
  const modules = (tabs ?? []).filter((t) => t.file !== undefined);
  const shown = tabs === undefined ? null : tabs.map(({ file: _file, ...t }) => t);
  const tmp = modules.length ? mkdtempSync(join(tmpdir(), 'oddsmith-workbench-')) : null;
  try {
    const inject: string[] = [];
    if (tmp) {
      // the registration runs before the page's (and the worker's) first line
      const reg = join(tmp, 'register-games.js');
      const lines = modules.map((t, i) => `import g${i} from ${JSON.stringify(t.file)};`);
      writeFileSync(reg, `import { registerWorkbenchGames } from ${JSON.stringify(source('src/workbench/generic-games.ts'))};\n${lines.join('\n')}\nregisterWorkbenchGames([${modules.map((_, i) => `g${i}`).join(', ')}]);\n`);
      inject.push(reg);
    }
    // the worker's script travels inside the page's (a page opened from file:// cannot load a second
    // script into a worker): the page starts it from a Blob
    const worker = bundle(source('src/workbench/worker.ts'));
    const generic = tmp ? bundle(source('src/workbench/generic-worker.ts'), {}, inject) : '';
    return bundle(source('src/workbench/main.ts'), { __PRESETS__: JSON.stringify(presets), __WORKER_SOURCE__: JSON.stringify(worker), __GENERIC_WORKER_SOURCE__: JSON.stringify(generic), __WORKBENCH_TABS__: JSON.stringify(shown) }, inject);
  } finally {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  }
}

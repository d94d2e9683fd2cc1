/**
 * The report cache: an experiment's written files, kept under a hash of everything that determines
 * them, so that `npm start` with nothing changed copies them back instead of recomputing.
 *
 * The key is deliberately coarse and safe: the spec as run; every file of the code that can run
 * (the game's own source folders, any other game folder they import, the shared folders core,
 * parallel, report and play, the top-level files of games/ and of strategies/ (the generic players), the fonts,
 * package-lock.json for the charting libraries); and the rules files, which are known only after a
 * run: every file the run read through core/rules plus every `.json` file the spec names. An entry
 * is served only when all of them hash as they did. Docs, tests and other games are not inputs.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PageInfo } from './page.js';
import { NAME } from './experiment.js';

/** The folder of the code that is running: src (sources, under vitest) or dist/src (compiled). */
export function codeRoot(): string {
  return dirname(dirname(fileURLToPath(import.meta.url)));
}

/** Every file under `dir` (sorted; source maps and type declarations left out for code); none when it does not exist. */
function filesUnder(dir: string, recursive = true, code = true): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      const s = statSync(p);
      if (s.isDirectory()) {
        if (recursive) walk(p);
      } else if (!code || (!name.endsWith('.map') && !name.endsWith('.d.ts'))) out.push(p);
    }
  };
  walk(dir);
  return out;
}

const IMPORT = /(?:from\s+|import\s*\(\s*)'(\.{1,2}\/[^']+)'/g;

/**
 * The files whose code an experiment of `game` (a folder of games/) can run, under `root` (src or
 * dist/src; `pkg` is the package root for assets/ and the lock file). A game's strategies live in
 * its folder; the top-level strategies/ holds the game-independent players, which any game runs.
 */
export function codeFiles(root: string, game: string, pkg = resolve(root, root.endsWith(`${sep}dist${sep}src`) ? '../..' : '..')): string[] {
  // a game loaded from a module outside the package: the files beside its module (not its node_modules)
  const strategies = root.endsWith(`${sep}dist${sep}src`) ? join(root, '..', 'strategies') : join(pkg, 'strategies');
  if (isAbsolute(game)) return [...filesUnder(game, false), ...['core', 'parallel', 'report', 'play', 'games'].flatMap((d) => filesUnder(join(root, d), d !== 'games')), ...filesUnder(strategies, false), ...[join(pkg, 'package-lock.json')].filter((f) => existsSync(f))];
  const games = join(root, 'games');
  const gameDirs = new Set([join(games, game)]);
  // another game's folder a game imports (rare) is an input too
  for (const f of filesUnder(join(games, game))) {
    for (const m of readFileSync(f, 'utf8').matchAll(IMPORT)) {
      const target = resolve(dirname(f), m[1]);
      const rel = relative(games, target).split(sep);
      if (rel.length > 1 && rel[0] !== '..') gameDirs.add(join(games, rel[0]));
    }
  }
  return [
    ...[...gameDirs].sort().flatMap((d) => filesUnder(d)),
    ...filesUnder(games, false),
    // src/play: the tools over the game interface (the ladder pages) run through it, and the
    // generic players (top-level strategies/) with it
    ...['core', 'parallel', 'report', 'play'].flatMap((d) => filesUnder(join(root, d))),
    ...filesUnder(strategies, false),
    ...filesUnder(join(pkg, 'assets')),
    ...[join(pkg, 'package-lock.json')].filter((f) => existsSync(f)),
  ];
}

function hashFiles(files: readonly string[], base: string): string {
  const h = createHash('sha256');
  for (const f of files) {
    h.update(relative(base, f)).update('\0');
    h.update(existsSync(f) ? readFileSync(f) : 'missing').update('\0');
  }
  return h.digest('hex');
}

/** JSON with sorted keys: the same spec gives the same text whatever the order of its fields. */
function stableJson(x: unknown): string {
  if (Array.isArray(x)) return `[${x.map(stableJson).join(',')}]`;
  if (x && typeof x === 'object') return `{${Object.keys(x).sort().map((k) => `${JSON.stringify(k)}:${stableJson((x as Record<string, unknown>)[k])}`).join(',')}}`;
  return JSON.stringify(x);
}

/** The `.json` files a spec names (any string field, at any depth), resolved as the runners do. */
export function specFiles(spec: unknown, pkg: string): string[] {
  const out = new Set<string>();
  const visit = (x: unknown) => {
    if (typeof x === 'string' && x.endsWith('.json')) out.add(isAbsolute(x) ? x : join(pkg, x));
    else if (Array.isArray(x)) x.forEach(visit);
    else if (x && typeof x === 'object') Object.values(x).forEach(visit);
  };
  visit(spec);
  return [...out].sort();
}

/** What a cached result was computed from, besides its key. */
interface Meta {
  name: string;
  pages: PageInfo[];
  /** rules files read, with the hash each had */
  rules: Record<string, string>;
  /** the run's wall and CPU seconds */
  seconds: number;
  cpuSeconds: number;
  /** each file the run wrote (relative to files/) with its hash: checked before the entry is served */
  digest: Record<string, string>;
}

export interface CachedResult {
  pages: PageInfo[];
  /** the folder whose files (paths relative to the reports folder) the run wrote */
  files: string;
  cpuSeconds: number;
}

const fileHash = (f: string) => createHash('sha256').update(existsSync(f) ? readFileSync(f) : 'missing').digest('hex');

/**
 * One experiment's place in the cache folder: `<cache>/<name>/<key>-<rules hash>/` holds meta.json
 * and files/ (what the run wrote, laid out as in the reports folder).
 */
export class ExperimentCache {
  readonly key: string;
  private readonly dir: string;

  constructor(cacheDir: string, private readonly name: string, spec: Record<string, unknown>, code: readonly string[], private readonly pkg: string) {
    // the name comes from a spec (a file a pull request can change): never a path out of the cache
    if (!NAME.test(name)) throw new Error(`experiment name ${JSON.stringify(name)} is not a name`);
    this.dir = join(cacheDir, name);
    this.key = createHash('sha256').update(stableJson(spec)).update('\0').update(hashFiles(code, pkg)).update('\0').update(stableJson(specFiles(spec, pkg).map((f) => [relative(pkg, f), fileHash(f)]))).digest('hex').slice(0, 24);
  }

  /**
   * Why the last lookup found an entry for these inputs but could not serve it (its files are not
   * what the run wrote), or null. The entry is then recomputed and replaced.
   */
  problem: string | null = null;

  /** The stored result whose key, rules files and files' digest still match, or null. */
  lookup(): CachedResult | null {
    this.problem = null;
    if (!existsSync(this.dir)) return null;
    for (const entry of readdirSync(this.dir).filter((d) => d.startsWith(`${this.key}-`) && !d.endsWith('.tmp'))) {
      let meta: Meta;
      try {
        meta = JSON.parse(readFileSync(join(this.dir, entry, 'meta.json'), 'utf8')) as Meta;
        if (!meta || typeof meta.rules !== 'object' || !Array.isArray(meta.pages)) throw new Error('not an entry');
      } catch {
        this.problem = 'its meta.json is unreadable';
        continue;
      }
      if (!Object.entries(meta.rules).every(([f, h]) => fileHash(resolve(this.pkg, f)) === h)) continue;
      const files = join(this.dir, entry, 'files');
      const damage = ExperimentCache.damage(files, meta.digest);
      if (damage) {
        this.problem = damage;
        continue;
      }
      return { pages: meta.pages, files, cpuSeconds: meta.cpuSeconds };
    }
    return null;
  }

  /** What is wrong with a stored files folder against its digest, or null when it is what the run wrote. */
  private static damage(files: string, digest: Record<string, string> | undefined): string | null {
    if (!digest || typeof digest !== 'object') return 'it has no digest of its files';
    if (!existsSync(files) || !statSync(files).isDirectory()) return 'its files folder missing';
    const found = ExperimentCache.written(files);
    const extra = found.find((f) => !Object.hasOwn(digest, f));
    if (extra !== undefined) return `${extra} added`;
    for (const [f, h] of Object.entries(digest)) {
      if (!found.includes(f)) return `${f} missing`;
      if (fileHash(join(files, f)) !== h) return `${f} changed`;
    }
    return null;
  }

  /**
   * Keep what a run wrote (`files`, paths relative to the reports folder `from`) and the rules it
   * read. Called once the reports folder is committed: a failed run leaves the cache as it was.
   */
  store(from: string, files: readonly string[], pages: PageInfo[], rulesRead: readonly string[], seconds: number, cpuSeconds: number): void {
    const rules = Object.fromEntries([...new Set(rulesRead)].sort().map((f) => [relative(this.pkg, f), fileHash(f)]));
    const entry = join(this.dir, `${this.key}-${createHash('sha256').update(stableJson(rules)).digest('hex').slice(0, 12)}`);
    // one entry per experiment, the last result: the cache stays the size of one reports folder
    rmSync(this.dir, { recursive: true, force: true });
    const tmp = `${entry}.tmp`;
    try {
      for (const f of files) {
        mkdirSync(dirname(join(tmp, 'files', f)), { recursive: true });
        copyFileSync(join(from, f), join(tmp, 'files', f));
      }
      const digest = Object.fromEntries(files.map((f) => [f, fileHash(join(tmp, 'files', f))]));
      const meta: Meta = { name: this.name, pages, rules, seconds, cpuSeconds, digest };
      writeFileSync(join(tmp, 'meta.json'), JSON.stringify(meta, null, 1) + '\n');
      // renamed last: a lookup never sees a half-written entry under its real name
      renameSync(tmp, entry);
    } catch (e) {
      rmSync(this.dir, { recursive: true, force: true });
      throw e;
    }
  }

  /** The files under a folder, relative to it (what a run wrote). */
  static written(dir: string): string[] {
    return filesUnder(dir, true, false).map((f) => relative(dir, f));
  }
}

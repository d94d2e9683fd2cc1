/**
 * `oddsmith report` (`npm start`): run the experiments into a staged copy of the reports folder,
 * each into a folder of its own so that what it wrote can be cached and copied back, with one
 * progress line per experiment and an estimate of the time left.
 */
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { reason, showPath, stageFolder } from '../core/files.js';
import { UserError } from '../core/errors.js';
import { takeRulesFilesRead } from '../core/rules.js';
import { packageRoot } from '../core/paths.js';
import { LOG_EVERY_MS } from '../core/progress.js';
import { ExperimentCache, codeFiles, codeRoot } from './cache.js';
import type { ExperimentFile, ExperimentRunner } from './experiment.js';
import { readManifest, setAssumptionsPages, writeIndex, type PageInfo } from './page.js';
import type { BundledTab } from './bundle.js';

export interface RunOptions {
  out: string;
  workers: number;
  quiet: boolean;
  /** the cache folder, or null to compute everything (CI's byte-identical check) */
  cacheDir: string | null;
  /** the experiments to run, in index order, and all of them (for the index) */
  run: readonly ExperimentFile[];
  all: readonly ExperimentFile[];
  runners: Record<string, () => Promise<ExperimentRunner>>;
  /** the games/ folder of each runner name ("wulong-race" → "wulong") */
  folderOf: Record<string, string>;
  /** the workbench's tab bar, from the registry of games once the experiments ran (src/workbench/tab-list.ts) */
  workbenchTabs?: () => Promise<readonly BundledTab[]>;
  /** where progress goes (stderr) */
  log: (line: string) => void;
  /** each game's page with its assumptions table and its command group (from the descriptors) */
  assumptionsPages?: Readonly<Record<string, { page: string; command: string }>>;
}

/** "42 s", "3 min 05 s". */
export function duration(seconds: number): string {
  const s = Math.round(seconds);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

const cpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

export interface RunSummary {
  pages: number;
  computed: string[];
  cached: string[];
  seconds: number;
  cpuSeconds: number;
}

/** Copy a folder's files into the staged reports folder; a failure is the reports folder's, named as such. */
function copyInto(from: string, to: string, out: string): void {
  try {
    cpSync(from, to, { recursive: true });
  } catch (e) {
    throw new UserError(`cannot write reports folder ${showPath(out)}: ${reason(e)}`);
  }
}

/**
 * Every page records its headline figures, or `oddsmith diff` is blind to it: a page without any is
 * a bug of its experiment's runner (exit 1), caught when the reports are generated.
 */
export function checkFigures(dir: string, experiment: string, page: PageInfo): void {
  const file = join(dir, page.path.replace(/\.html$/, '.findings.json'));
  let figures: unknown;
  try {
    figures = (JSON.parse(readFileSync(file, 'utf8')) as { figures?: unknown }).figures;
  } catch (e) {
    throw new Error(`${experiment}: page ${page.path} wrote no readable figures file (${reason(e)})`);
  }
  if (!Array.isArray(figures) || figures.length === 0) throw new Error(`${experiment}: page ${page.path} records no headline figures, so \`oddsmith diff\` cannot see it (give writePage its figures)`);
}

export async function runReports(o: RunOptions): Promise<RunSummary> {
  const pkg = packageRoot();
  const stage = stageFolder(o.out, 'reports folder');
  const t0 = Date.now();
  const cpu0 = cpuSeconds();
  const summary: RunSummary = { pages: 0, computed: [], cached: [], seconds: 0, cpuSeconds: 0 };
  setAssumptionsPages(o.assumptionsPages ?? {});
  const pending: { tag: string; cache: ExperimentCache; files: string[]; pages: PageInfo[]; rulesRead: string[]; seconds: number; cpu: number }[] = [];
  try {
    // reports/manifest.json remembers each experiment's pages, so a partial run keeps the full index
    const manifest = readManifest(stage.dir);
    // the estimate: each experiment's expected CPU seconds (2-core machine), scaled by the wall time
    // the computed ones took here so far; before any, as if the cores the kernels use were idle
    let expectedDone = 0;
    let wallDone = 0;
    // the cache is looked up first, so that the estimate counts only what will be computed
    const caches = o.run.map((e) => (o.cacheDir === null ? null : new ExperimentCache(o.cacheDir, e.name, e.spec, codeFiles(codeRoot(), typeof e.spec.module === 'string' ? dirname(resolve(dirname(e.file), e.spec.module)) : (o.folderOf[e.game] ?? e.game), pkg), pkg)));
    const hits = caches.map((c) => c?.lookup() ?? null);
    const left = (i: number) => {
      const rest = o.run.slice(i).reduce((t, e, j) => t + (hits[i + j] ? 0 : e.expectedSeconds), 0);
      return rest * (expectedDone > 0 ? wallDone / expectedDone : 1 / Math.max(1, Math.min(o.workers, 2)));
    };
    for (const [i, e] of o.run.entries()) {
      const tag = `[${i + 1}/${o.run.length}] ${e.name}`;
      const cache = caches[i];
      const hit = hits[i];
      if (hit) {
        copyInto(hit.files, stage.dir, o.out);
        manifest[e.name] = hit.pages;
        summary.cached.push(e.name);
        if (!o.quiet) o.log(`${tag}: unchanged inputs, reused from the cache`);
        continue;
      }
      // a damaged entry is said even with --quiet: the cache was not what it claimed to be
      if (cache?.problem) o.log(`${tag}: cache entry not used (${cache.problem}); recomputing`);
      if (!o.quiet) o.log(`${tag}: running${e.expectedSeconds ? ` (about ${duration(left(i) - left(i + 1))}; ${duration(left(i))} left in all)` : ''}`);
      const dir = join(stage.dir, '.experiment.tmp');
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir);
      const t = Date.now();
      const c = cpuSeconds();
      takeRulesFilesRead();
      const run = await o.runners[e.game]();
      // modules that load every game's shipped rules when first imported (the ladder's kernels) are
      // not reading them for this experiment: of those reads only its own game's rules are inputs
      const ownRules = join(pkg, 'rules', o.folderOf[e.game] ?? e.game) + sep;
      const loadRead = takeRulesFilesRead().filter((f) => f.startsWith(ownRules));
      // in a CI log (stderr not a terminal) a line every 30 s while an experiment runs: the job is alive
      const alive = o.quiet || process.stderr.isTTY ? undefined : setInterval(() => o.log(`${tag}: still running (${duration((Date.now() - t) / 1000)})`), LOG_EVERY_MS);
      alive?.unref();
      try {
        manifest[e.name] = await run(e.spec, { reportsDir: dir, workers: o.workers, quiet: o.quiet, specFile: e.file });
      } finally {
        clearInterval(alive);
      }
      const seconds = (Date.now() - t) / 1000;
      const cpu = cpuSeconds() - c;
      const rulesRead = [...loadRead, ...takeRulesFilesRead()];
      for (const p of manifest[e.name]) checkFigures(dir, e.name, p);
      if (e.expectedSeconds) {
        expectedDone += e.expectedSeconds;
        wallDone += seconds;
      }
      if (cache) pending.push({ tag, cache, files: ExperimentCache.written(dir), pages: manifest[e.name], rulesRead, seconds, cpu });
      copyInto(dir, stage.dir, o.out);
      rmSync(dir, { recursive: true, force: true });
      summary.computed.push(e.name);
      if (!o.quiet) o.log(`${tag}: done in ${seconds.toFixed(1)} s (CPU ${cpu.toFixed(1)} s)`);
    }
    const pages: PageInfo[] = o.all.flatMap((e) => manifest[e.name] ?? []);
    writeIndex(stage.dir, pages, Object.fromEntries(o.all.filter((e) => manifest[e.name]).map((e) => [e.name, manifest[e.name]])), o.workbenchTabs ? await o.workbenchTabs() : undefined);
    stage.commit();
    summary.pages = pages.length;
  } catch (err) {
    stage.abort();
    throw err;
  }
  // cached from the committed folder: a failed run leaves the cache as it was
  for (const p of pending) {
    try {
      p.cache.store(o.out, p.files, p.pages, p.rulesRead, p.seconds, p.cpu);
    } catch (err) {
      // the cache only saves time: a full disk or a read-only folder must not fail the run
      o.log(`${p.tag}: not cached (${reason(err)})`);
    }
  }
  summary.seconds = (Date.now() - t0) / 1000;
  summary.cpuSeconds = cpuSeconds() - cpu0;
  return summary;
}

/** The lines that end a run: what was written, from where, and how to open it. */
export function whereToOpen(out: string, s: RunSummary): string {
  const index = resolve(out, 'index.html');
  const how = s.cached.length ? `${s.computed.length} computed, ${s.cached.length} reused from the cache` : `${s.computed.length} computed`;
  return [
    `wrote ${join(out, 'index.html')} (${s.pages} pages; ${how}) in ${duration(s.seconds)}, CPU ${duration(s.cpuSeconds)}`,
    `open it in a browser (from the disk, nothing is fetched): ${pathToFileURL(index).href}`,
  ].join('\n');
}

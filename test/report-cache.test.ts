import { describe, expect, it } from 'vitest';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { ExperimentCache, codeFiles } from '../src/report/cache.js';
import { listExperiments } from '../src/report/experiment.js';
import { ROOT, runCli } from './helpers/cli.js';

/** A package in miniature: two games' code, the shared folders, rules, docs. */
function fakePackage(): string {
  const pkg = mkdtempSync(join(tmpdir(), 'oddsmith-cache-pkg-'));
  const files: Record<string, string> = {
    'src/games/g/kernel.ts': "import { x } from '../../core/rng.js';\nexport const k = x;\n",
    'src/games/g/report.ts': "export const r = await import('./kernel.js');\n",
    'src/games/other/engine.ts': 'export const o = 1;\n',
    'src/games/index.ts': 'export const GAMES = [];\n',
    'src/core/rng.ts': 'export const x = 1;\n',
    'src/report/page.ts': 'export const p = 1;\n',
    'src/parallel/pool.ts': 'export const q = 1;\n',
    'src/cli/main.ts': 'export const m = 1;\n',
    'docs/g.md': '# G\n',
    'rules/g/default.json': '{"a": 1}\n',
    'rules/g/variant.json': '{"a": 2}\n',
    'package-lock.json': '{}\n',
  };
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(dirname(join(pkg, f)), { recursive: true });
    writeFileSync(join(pkg, f), text);
  }
  return pkg;
}

describe('report cache', () => {
  const spec = { name: 'e', game: 'g', games: 100, rules: 'rules/g/variant.json' };
  /** Store a result computed from spec `s` that read rules/g/default.json; whether a fresh lookup still finds it after `change`. */
  function servedAfter(change: (pkg: string) => void, s: Record<string, unknown> = spec): boolean {
    const pkg = fakePackage();
    const cacheDir = join(pkg, '.oddsmith-cache');
    const out = join(pkg, 'out');
    mkdirSync(join(out, 'g'), { recursive: true });
    writeFileSync(join(out, 'g', 'page.html'), 'page');
    new ExperimentCache(cacheDir, 'e', spec, codeFiles(join(pkg, 'src'), 'g', pkg), pkg).store(out, ['g/page.html'], [{ path: 'g/page.html', title: 't', summary: 's' }], [join(pkg, 'rules/g/default.json')], 1, 1);
    change(pkg);
    const hit = new ExperimentCache(cacheDir, 'e', s, codeFiles(join(pkg, 'src'), 'g', pkg), pkg).lookup();
    if (hit) expect(readFileSync(join(hit.files, 'g', 'page.html'), 'utf8')).toBe('page');
    return hit !== null;
  }

  it('serves a result whose inputs are unchanged, also when docs, the CLI or another game change', () => {
    expect(servedAfter(() => {})).toBe(true);
    expect(servedAfter((pkg) => appendFileSync(join(pkg, 'docs/g.md'), 'more\n'))).toBe(true);
    expect(servedAfter((pkg) => appendFileSync(join(pkg, 'src/games/other/engine.ts'), '// x\n'))).toBe(true);
    expect(servedAfter((pkg) => appendFileSync(join(pkg, 'src/cli/main.ts'), '// x\n'))).toBe(true);
    // the same spec with its fields in another order is the same spec
    expect(servedAfter(() => {}, { rules: 'rules/g/variant.json', games: 100, game: 'g', name: 'e' })).toBe(true);
  });

  it('never serves a stale result: a rules field, a kernel file, shared code, a spec', () => {
    // a rules file the run read (through core/rules)
    expect(servedAfter((pkg) => writeFileSync(join(pkg, 'rules/g/default.json'), '{"a": 3}\n'))).toBe(false);
    // a rules file the spec names
    expect(servedAfter((pkg) => writeFileSync(join(pkg, 'rules/g/variant.json'), '{"a": 4}\n'))).toBe(false);
    expect(servedAfter((pkg) => appendFileSync(join(pkg, 'src/games/g/kernel.ts'), '// x\n'))).toBe(false);
    expect(servedAfter((pkg) => appendFileSync(join(pkg, 'src/core/rng.ts'), '// x\n'))).toBe(false);
    expect(servedAfter((pkg) => writeFileSync(join(pkg, 'src/games/g/new-strategy.ts'), 'export {};\n'))).toBe(false);
    expect(servedAfter((pkg) => appendFileSync(join(pkg, 'package-lock.json'), '\n'))).toBe(false);
    expect(servedAfter(() => {}, { ...spec, games: 101 })).toBe(false);
  });

  it('a game that imports another game\'s code has that folder among its inputs', () => {
    const pkg = fakePackage();
    const before = codeFiles(join(pkg, 'src'), 'g', pkg).map((f) => relative(pkg, f));
    expect(before).not.toContain('src/games/other/engine.ts');
    expect(before).not.toContain('docs/g.md');
    writeFileSync(join(pkg, 'src/games/g/uses.ts'), "export { o } from '../other/engine.js';\n");
    expect(codeFiles(join(pkg, 'src'), 'g', pkg).map((f) => relative(pkg, f))).toContain('src/games/other/engine.ts');
  });

  it('`full` blocks hold the full sizes: laid over the spec only with --full', () => {
    const dir = mkdtempSync(join(tmpdir(), 'oddsmith-exp-'));
    writeFileSync(join(dir, 'a.json'), JSON.stringify({ name: 'a', game: 'g', expectedSeconds: 3, simulate: { trials: 10, seed: 1 }, full: { simulate: { trials: 1000 } } }));
    const [quick] = listExperiments(dir, ['g']);
    const [full] = listExperiments(dir, ['g'], true);
    expect(quick.spec).toEqual({ name: 'a', game: 'g', simulate: { trials: 10, seed: 1 } });
    expect(full.spec).toEqual({ name: 'a', game: 'g', simulate: { trials: 1000, seed: 1 } });
    expect(quick.expectedSeconds).toBe(3);
  });

  it('oddsmith report: a second run reuses the result, a rules change recomputes it, --no-cache computes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'oddsmith-cache-run-'));
    const rules = join(dir, 'wulong.json');
    writeFileSync(rules, readFileSync(join(ROOT, 'rules/wulong/default.json')));
    mkdirSync(join(dir, 'exp'));
    // Wulong's runners read `rules` relative to the package
    writeFileSync(join(dir, 'exp', 'turn.json'), JSON.stringify({ name: 'turn', game: 'wulong', rules: relative(ROOT, rules), thresholds: [300, 350], simulate: { trials: 2000, seed: 1, shardCount: 2 } }));
    const run = (...extra: string[]) => runCli(['report', '--experiments', join(dir, 'exp'), '--out', join(dir, 'reports'), '--workers', '1', ...extra]);
    const first = run();
    expect(first.code).toBe(0);
    expect(first.stderr).toMatch(/\[1\/1\] turn: done in/);
    expect(first.stderr).toContain(`open it in a browser (from the disk, nothing is fetched): file://${join(dir, 'reports', 'index.html')}`);
    const page = readFileSync(join(dir, 'reports', 'wulong', 'turn.html'), 'utf8');
    const second = run();
    expect(second.stderr).toMatch(/\[1\/1\] turn: unchanged inputs, reused from the cache/);
    expect(second.stderr).toMatch(/0 computed, 1 reused from the cache/);
    expect(readFileSync(join(dir, 'reports', 'wulong', 'turn.html'), 'utf8')).toBe(page);
    const r = JSON.parse(readFileSync(rules, 'utf8')) as { bettingCards: { odds: number }[] };
    r.bettingCards[0].odds = 3;
    writeFileSync(rules, JSON.stringify(r));
    expect(run().stderr).toMatch(/\[1\/1\] turn: done in/);
    expect(run().stderr).toMatch(/reused from the cache/);
    // a run that fails (here: a bad spec after a good one) leaves neither reports nor cache entries
    writeFileSync(join(dir, 'exp', 'zbad.json'), JSON.stringify({ name: 'zbad', game: 'wulong', thresholds: [1] }));
    const cache = join(dir, '.oddsmith-cache');
    rmSync(cache, { recursive: true, force: true });
    const bad = run('--quiet');
    expect(bad.code).toBe(2);
    expect(existsSync(cache)).toBe(false);
    rmSync(join(dir, 'exp', 'zbad.json'));
    const none = run('--no-cache', '--quiet');
    expect(none.code).toBe(0);
    expect(none.stderr.trim()).toBe(`open it in a browser (from the disk, nothing is fetched): file://${join(dir, 'reports', 'index.html')}`);
  }, 120_000);
});

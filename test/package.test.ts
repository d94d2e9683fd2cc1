/**
 * The package a designer installs: `npm pack` ships only what users need (compiled code and its
 * types, the shipped rules, the docs; no sources, tests or reports), and in an empty project
 * (`npm init -y`, which says "type": "commonjs", then `npm i ./oddsmith-x.y.z.tgz`) a game module
 * written against `oddsmith` runs: `npx oddsmith --game ./my-game/index.js my-game balance`.
 * Needs the dependencies from the npm registry (or its cache); run after a build.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/cli.js';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

describe('the packed package', () => {
  const dir = mkdtempSync(join(tmpdir(), 'oddsmith-pack-'));
  // the build is the test run's (npm test builds first): pack it as it is
  execFileSync(npm, ['pack', '--ignore-scripts', '--pack-destination', dir], { cwd: ROOT, stdio: 'pipe' });
  const tarball = readdirSync(dir).find((f) => /^oddsmith-.*\.tgz$/.test(f))!;
  const files = execFileSync('tar', ['tzf', join(dir, tarball)], { encoding: 'utf8' }).trim().split('\n').map((f) => f.replace(/^package\//, ''));

  it('holds the compiled code, its types, the rules and docs; no sources, tests, reports or source maps', () => {
    for (const f of ['package.json', 'README.md', 'dist/src/index.js', 'dist/src/index.d.ts', 'dist/src/cli/main.js', 'dist/src/parallel/worker.js', 'rules/wulong/default.json']) expect(files, f).toContain(f);
    const stray = files.filter((f) => /^(src|test|reports|experiments|dist\/test)\//.test(f) || f.endsWith('.map') || f.endsWith('.ts') && !f.endsWith('.d.ts'));
    expect(stray).toEqual([]);
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, { types: string; default: string }> };
    expect(files).toContain(pkg.exports['.'].types.replace(/^\.\//, ''));
    expect(files).toContain(pkg.exports['.'].default.replace(/^\.\//, ''));
  });

  it('installs into an empty project, where `npx oddsmith --game ./my-game/index.js my-game balance` runs', () => {
    const project = join(dir, 'project');
    mkdirSync(join(project, 'my-game'), { recursive: true });
    execFileSync(npm, ['init', '-y'], { cwd: project, stdio: 'pipe' });
    execFileSync(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', join(dir, tarball)], { cwd: project, stdio: 'pipe', timeout: 240_000 });
    // the Pig fixture under the name the folder gives it, as a designer would write it
    writeFileSync(join(project, 'my-game/index.js'), readFileSync(join(ROOT, 'test/fixtures/pig/index.js'), 'utf8').replace("id: 'pig'", "id: 'my-game'"));
    const npx = (...args: string[]) => spawnSync(process.platform === 'win32' ? 'npx.cmd' : 'npx', ['--no-install', 'oddsmith', ...args], { cwd: project, encoding: 'utf8', timeout: 120_000 });
    const r = npx('--game', './my-game/index.js', 'my-game', 'balance', '--deals', '100');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^my-game balance: 2 × hold, 100 deals × 2 seatings = 200 games\n/);
    const check = npx('check-game', './my-game/index.js', '--playouts', '2');
    expect(check.status).toBe(0);
    expect(check.stdout).toMatch(/^my-game: the contract holds/);
    // the library's entry point and its types, as the module imports them
    const lib = spawnSync(process.execPath, ['--input-type=module', '-e', "import('oddsmith').then((m) => console.log(typeof m.defineGame, typeof m.Rng, m.CHANCE))"], { cwd: project, encoding: 'utf8' });
    expect(lib.stdout).toBe('function function -1\n');
  }, 300_000);
});

/**
 * The package a designer installs: `npm pack` ships only what users need (compiled code and its
 * types, the shipped rules, the docs; no sources, tests or reports), and in an empty project
 * (`npm init -y`, which says "type": "commonjs", then `npm i ./oddsmith-x.y.z.tgz`) a game module
 * written against `oddsmith` runs: `npx oddsmith --game ./my-game/index.js my-game balance`; the
 * three example games, copied there, run every generic tool and write their report page and
 * workbench tab; a boardgame.io game file runs through `bgio:`. Needs the dependencies from the npm
 * registry (or its cache); run after a build.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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

  it('holds the compiled code, its types, the rules, docs and what report pages need; no sources, tests, reports or source maps', () => {
    for (const f of ['package.json', 'README.md', 'dist/src/index.js', 'dist/src/index.d.ts', 'dist/src/cli/main.js', 'dist/src/parallel/worker.js', 'rules/wulong/default.json', 'assets/fonts/DejaVuSans.ttf']) expect(files, f).toContain(f);
    // of src/, only the two files the page bundles take as they are (the workbench page, the stub of Node's modules)
    const stray = files.filter((f) => /^(src|test|reports|experiments|dist\/test)\//.test(f) && !['src/workbench/index.html', 'src/report/node-stub.cjs'].includes(f) || f.endsWith('.map') || f.endsWith('.ts') && !f.endsWith('.d.ts'));
    expect(stray).toEqual([]);
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, { types: string; default: string }> };
    expect(files).toContain(pkg.exports['.'].types.replace(/^\.\//, ''));
    expect(files).toContain(pkg.exports['.'].default.replace(/^\.\//, ''));
  });

  // one empty project (`npm init -y`), the tarball installed into it, shared by the tests below
  const project = join(dir, 'project');
  let installed = false;
  const install = () => {
    if (installed) return;
    mkdirSync(project, { recursive: true });
    execFileSync(npm, ['init', '-y'], { cwd: project, stdio: 'pipe' });
    execFileSync(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', join(dir, tarball)], { cwd: project, stdio: 'pipe', timeout: 240_000 });
    installed = true;
  };
  const npx = (...args: string[]) => spawnSync(process.platform === 'win32' ? 'npx.cmd' : 'npx', ['--no-install', 'oddsmith', ...args], { cwd: project, encoding: 'utf8', timeout: 120_000 });
  /** Runs, expecting success with nothing on stderr; returns stdout. */
  const ok = (...args: string[]): string => {
    const r = npx(...args);
    expect(r.stderr, args.join(' ')).toBe('');
    expect(r.status, args.join(' ')).toBe(0);
    return r.stdout;
  };

  it('installs into an empty project, where `npx oddsmith --game ./my-game/index.js my-game balance` runs', () => {
    install();
    mkdirSync(join(project, 'my-game'), { recursive: true });
    // the Pig fixture under the name the folder gives it, as a designer would write it
    writeFileSync(join(project, 'my-game/index.js'), readFileSync(join(ROOT, 'test/fixtures/pig/index.js'), 'utf8').replace("id: 'pig'", "id: 'my-game'"));
    expect(ok('--game', './my-game/index.js', 'my-game', 'balance', '--deals', '100')).toMatch(/^my-game balance: 2 × hold, 100 deals × 2 seatings = 200 games\n/);
    expect(ok('check-game', './my-game/index.js', '--playouts', '2')).toMatch(/^my-game: the contract holds/);
    // the library's entry point and its types, as the module imports them
    const lib = spawnSync(process.execPath, ['--input-type=module', '-e', "import('oddsmith').then((m) => console.log(typeof m.defineGame, typeof m.Rng, m.CHANCE))"], { cwd: project, encoding: 'utf8' });
    expect(lib.stdout).toBe('function function -1\n');
  }, 300_000);

  // the acceptance run: the three example games, copied to a folder outside the repository
  // (several files each, importing each other, in a CommonJS project), run every generic tool from
  // the installed package; small samples, one worker (what is checked is that they run)
  for (const id of ['knucklebones', 'zombie-dice', 'no-thanks']) {
    it(`${id}, copied outside the repository: tournament, balance, ladder, assumptions, check-game`, () => {
      install();
      cpSync(join(ROOT, 'examples', id), join(project, id), { recursive: true });
      const game = ['--game', `./${id}/index.js`, id];
      expect(ok(...game, 'tournament', '--deals', '10', '--workers', '1')).toMatch(new RegExp(`^${id} tournament: \\d+ players, 10 deals`));
      expect(ok(...game, 'balance', '--deals', '10', '--workers', '1')).toMatch(new RegExp(`^${id} balance: .*, 10 deals`));
      expect(ok(...game, 'ladder', '--deals', '2', '--workers', '1')).toMatch(new RegExp(`^${id} ladder: \\d+ rungs`));
      expect(ok(...game, 'assumptions', '--deals', '10', '--workers', '1')).toMatch(/the assumed rules, re-measured from the rules schema/);
      expect(ok('check-game', `./${id}/index.js`, '--playouts', '2')).toMatch(new RegExp(`^${id}: the contract holds`));
    }, 300_000);
  }

  // issue 39's acceptance: a boardgame.io game file, copied outside the repository, through the
  // installed package (boardgame.io is the designer's own dependency: an optional peer of ours)
  it('a boardgame.io game copied outside the repository: balance and check-game through bgio:', () => {
    install();
    execFileSync(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', 'boardgame.io@0.50.2'], { cwd: project, stdio: 'pipe', timeout: 240_000 });
    cpSync(join(ROOT, 'examples/boardgame-io/tic-tac-toe.js'), join(project, 'ttt/tic-tac-toe.js'));
    expect(ok('--game', 'bgio:./ttt/tic-tac-toe.js', 'tic-tac-toe', 'balance', '--deals', '50', '--workers', '1')).toMatch(/^tic-tac-toe balance: .*50 deals/);
    expect(ok('check-game', 'bgio:./ttt/tic-tac-toe.js', '--playouts', '2')).toMatch(/^tic-tac-toe: the contract holds/);
  }, 300_000);

  it("writes an example's report page and its workbench tab (the page scripts bundled from the installed package)", () => {
    install();
    cpSync(join(ROOT, 'examples', 'knucklebones'), join(project, 'knucklebones'), { recursive: true, force: true });
    mkdirSync(join(project, 'experiments'), { recursive: true });
    const spec = { name: 'knucklebones-page', game: 'game-page', module: '../knucklebones/index.js', deals: 20, seed: 1, ladder: { deals: 2 }, assumptions: { deals: 10 } };
    writeFileSync(join(project, 'experiments', 'knucklebones-page.json'), JSON.stringify(spec));
    const r = npx('report', '--experiments', 'experiments', '--out', 'reports', '--workers', '1', '--quiet');
    expect(r.status, r.stderr).toBe(0);
    const page = readFileSync(join(project, 'reports/knucklebones/game.html'), 'utf8');
    expect(page).toMatch(/<h1>Knucklebones/);
    expect(readFileSync(join(project, 'reports/knucklebones/game-balance.png')).subarray(1, 4).toString()).toBe('PNG');
    expect(readFileSync(join(project, 'reports/assets/charts.js'), 'utf8').length).toBeGreaterThan(100_000);
    expect(readFileSync(join(project, 'reports/workbench/index.html'), 'utf8')).toMatch(/<script src="workbench\.js"/);
    // the tab in the bar, and the game's own module bundled into the page
    const workbench = readFileSync(join(project, 'reports/workbench/workbench.js'), 'utf8');
    expect(workbench).toContain('{tab:"knucklebones",label:"Knucklebones",game:"knucklebones",module:"./knucklebones/index.js"}');
    expect(workbench).toMatch(/id:"knucklebones",title:"Knucklebones"/);
  }, 300_000);
});

/**
 * The public game API (src/games/define.ts, src/games/registry.ts): defineGame's checks, loading
 * game modules by path, and every generic command for a game that gives only the required parts
 * (the Pig fixture, a plain-JS module written against `oddsmith` only).
 */
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defineGame, GameDefinitionError } from '../src/index.js';
import { allGames, BUILT_IN_GAMES, gameById, loadGameModule, loadGames } from '../src/games/registry.js';
import { GAMES } from '../src/games/index.js';
import { expectUserError, ROOT, runCli } from './helpers/cli.js';

const PIG = join(ROOT, 'test/fixtures/pig/index.js');
const state = { seats: () => ({ min: 2, max: 2, default: 2 }), newGame: () => ({}) as never };
const minimal = { id: 'tiny', title: 'Tiny', rules: { fields: {} }, state };

/** A folder with game modules written from text (each importing oddsmith from this repository). */
function modules(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'oddsmith-api-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text.replaceAll('ODDSMITH', JSON.stringify(join(ROOT, 'dist/src/index.js'))));
  }
  return dir;
}

describe('defineGame checks the definition and names what is wrong', () => {
  it('returns a valid definition as it is', () => {
    const g = defineGame(minimal);
    expect(g.id).toBe('tiny');
    expect(g).toBe(minimal);
  });

  const cases: [string, object, RegExp][] = [
    ['an id that is no command name', { ...minimal, id: 'My Game' }, /id must match/],
    ['no title', { ...minimal, title: '' }, /defineGame\(tiny\): title must be a non-empty string/],
    ['no rules', { ...minimal, rules: undefined }, /rules is required/],
    ['no state', { ...minimal, state: undefined }, /state is required/],
    ['no newGame', { ...minimal, state: { seats: state.seats } }, /state\.newGame must be a function/],
    ['a misspelt part', { ...minimal, player: {} }, /unknown part "player"/],
    ['a field without a kind', { ...minimal, rules: { fields: { target: { help: 'x' } } } }, /rules\.fields\.target\.kind must be one of/],
    ['a number field without a range', { ...minimal, rules: { fields: { target: { kind: 'integer', help: 'x' } } } }, /a integer field needs min and max/],
    ['a player taking a generic name', { ...minimal, players: { uniform: { summary: 'x', create: () => ({}) } } }, /every game already has uniform/],
    ['a player without create', { ...minimal, players: { greedy: { summary: 'x' } } }, /players\.greedy\.create must be a function/],
    ['a finding of an unknown kind', { ...minimal, findings: [{ name: 'x', kind: 'share', measure: () => 0 }] }, /findings\[0\]\.kind must be 'rate' or 'value'/],
  ];
  for (const [what, def, message] of cases) {
    it(what, () => {
      expect(() => defineGame(def as never)).toThrow(GameDefinitionError);
      expect(() => defineGame(def as never)).toThrow(message);
    });
  }
});

describe('the registry loads game modules', () => {
  it('the built-ins come first, then the modules loaded; ids are found', async () => {
    await loadGames([PIG]);
    await loadGames([PIG]); // loading again is a no-op
    expect(allGames().map((g) => g.id)).toEqual([...GAMES.map((g) => g.id), 'pig']);
    const pig = gameById('pig')!;
    expect(pig.command).toBe('pig');
    const rules = (await pig.rules()).loadRules() as { target: number };
    expect(rules).toEqual({ target: 100, faces: 6, maxTurns: 1000 });
    expect((await pig.rules()).loadRules('quick', ['faces=4'])).toEqual({ target: 30, faces: 4, maxTurns: 1000 });
    await expect(pig.rules().then((r) => r.loadRules(undefined, ['target=5']))).rejects.toThrow(/rules\.target must be/);
  });

  it('refuses, naming the module: no file, does not load, no default export, bad definition, a taken id', async () => {
    const dir = modules({
      'broken.js': 'export default {',
      'nodefault.js': 'export const game = 1;\n',
      'bad.js': `import { defineGame } from ODDSMITH;\nexport default defineGame({ id: 'bad', title: 'Bad', rules: { fields: {} }, state: {} });\n`,
      'plain.js': 'export default { id: "plain", title: "Plain" };\n',
      'clash.js': `import { defineGame } from ODDSMITH;\nexport default defineGame({ id: 'wulong', title: 'W', rules: { fields: {} }, state: { seats: () => ({ min: 2, max: 2, default: 2 }), newGame: () => null } });\n`,
    });
    await expect(loadGameModule('./missing.js', dir)).rejects.toThrow(/game module "\.\/missing\.js": no such file/);
    await expect(loadGameModule('./broken.js', dir)).rejects.toThrow(/game module "\.\/broken\.js" does not load: \w*Error: /);
    await expect(loadGameModule('./nodefault.js', dir)).rejects.toThrow(/nodefault\.js" has no default export/);
    await expect(loadGameModule('./bad.js', dir)).rejects.toThrow(/bad\.js": defineGame\(bad\): state\.seats must be a function/);
    await expect(loadGameModule('./plain.js', dir)).rejects.toThrow(/plain\.js": defineGame\(plain\): rules is required/);
    await expect(loadGames(['./clash.js'], dir)).rejects.toThrow(/clash\.js": the id "wulong" is a built-in game's/);
  });

  it('on the command line, each is one line naming the file, exit 2, by --game and by ODDSMITH_GAMES', () => {
    const dir = modules({
      'broken.js': 'export default {',
      'nodefault.js': 'export const game = 1;\n',
      'bad.js': `import { defineGame } from ODDSMITH;\nexport default defineGame({ id: 'bad', title: 'Bad', rules: { fields: {} }, state: {} });\n`,
      'clash.js': `import { defineGame } from ODDSMITH;\nexport default defineGame({ id: 'tichu', title: 'T', rules: { fields: {} }, state: { seats: () => ({ min: 2, max: 2, default: 2 }), newGame: () => null } });\n`,
    });
    const cases: [string, RegExp][] = [
      ['broken.js', /^oddsmith: game module ".*broken\.js" does not load: SyntaxError: /],
      ['nodefault.js', /^oddsmith: game module ".*nodefault\.js" has no default export/],
      ['bad.js', /^oddsmith: game module ".*bad\.js": defineGame\(bad\): state\.seats must be a function/],
      ['clash.js', /^oddsmith: game module ".*clash\.js": the id "tichu" is a built-in game's/],
    ];
    for (const [file, line] of cases) {
      expectUserError(runCli(['--game', join(dir, file), 'tichu', 'fields']), line);
      expectUserError(runCli(['tichu', 'fields'], { env: { ODDSMITH_GAMES: join(dir, file) } }), line);
    }
  });

  it('the built-ins load through the same loader: one line each in the built-in list, a module whose default export is the game', async () => {
    expect(BUILT_IN_GAMES).toHaveLength(GAMES.length);
    for (const [i, line] of BUILT_IN_GAMES.entries()) {
      const module = (await import(new URL(line.replace(/\.js$/, '.ts'), new URL('../src/games/registry.ts', import.meta.url)).href)) as { default: unknown };
      expect(module.default, line).toBe(GAMES[i]);
    }
    expect(allGames().slice(0, GAMES.length)).toEqual(GAMES);
  });
});

describe('a game module gets every generic command (Pig: only the required parts and a player)', () => {
  const pig = (...args: string[]) => runCli(['--game', 'test/fixtures/pig/index.js', 'pig', ...args]);

  it('balance, with a --set sweep, a preset and a rules file', () => {
    const r = pig('balance', '--deals', '50', '--workers', '1');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^pig balance: 2 × hold, 50 deals × 2 seatings = 100 games/);
    const sweep = pig('balance', '--deals', '40', '--workers', '1', '--set', 'target=20..40:10');
    expect(sweep.code).toBe(0);
    expect(sweep.stdout).toMatch(/^target .*\n20 .*\n30 .*\n40 /m);
    const dir = modules({ 'rules.json': '{ "target": 30 }' });
    const file = pig('balance', '--deals', '40', '--workers', '1', '--json', '--rules', join(dir, 'rules.json'));
    const preset = pig('balance', '--deals', '40', '--workers', '1', '--json', '--rules', 'quick');
    expect(file.code).toBe(0);
    expect(JSON.parse(file.stdout).entrants).toEqual(JSON.parse(preset.stdout).entrants);
    expectUserError(pig('balance', '--rules', 'nope'), /^oddsmith: cannot read rules file "nope": pig has no preset by that name \(presets: default, quick\)/);
    expectUserError(pig('balance', '--set', 'target=5'), /target must be .*10.*1000/);
    expectUserError(pig('balance', '--strategies', 'hold:x=1'), /player hold has no parameter "x" \(parameters: at\)/);
    expectUserError(pig('balance', '--strategies', 'hold:at=0'), /at must be/);
  });

  it('tournament, ladder (uniform, its players, ismcts) and fields', () => {
    const t = pig('tournament', '--strategies', 'hold,hold:at=10', '--deals', '30', '--workers', '1');
    expect(t.code).toBe(0);
    expect(t.stdout).toMatch(/hold:at=10/);
    const l = pig('ladder', '--deals', '6', '--workers', '1');
    expect(l.code).toBe(0);
    expect(l.stdout).toMatch(/pig ladder: 3 rungs/);
    expect(l.stdout).toMatch(/ismcts:iters=100/);
    expect(l.stdout).toMatch(/first player wins/);
    const f = pig('fields');
    expect(f.stdout).toMatch(/^maxTurns +integer +10\.\.100000 · turns · default 1000\n.*\n +assumed: no table plays on for ever/m);
  });

  it('ODDSMITH_GAMES loads the same module; a bad one is one line naming it, exit 2', () => {
    const r = runCli(['pig', 'balance', '--deals', '20', '--workers', '1'], { env: { ODDSMITH_GAMES: 'test/fixtures/pig/index.js' } });
    expect(r.code).toBe(0);
    expectUserError(runCli(['--game', './nowhere.js', 'pig', 'balance']), /^oddsmith: game module "\.\/nowhere\.js": no such file$/);
    expectUserError(runCli(['--game']), /--game needs a game module/);
    expectUserError(runCli(['pig', 'balance', '--game', 'test/fixtures/pig/index.js']), /^oddsmith: --game goes before the command: npx oddsmith --game <module> pig balance …/);
  });

  it('any worker count, and shards merged, give the same result bit for bit', () => {
    const strip = (s: string) => JSON.stringify({ ...JSON.parse(s), seconds: 0 });
    const one = pig('balance', '--deals', '60', '--shard-count', '4', '--workers', '1', '--json');
    const two = pig('balance', '--deals', '60', '--shard-count', '4', '--workers', '2', '--json');
    expect(one.code).toBe(0);
    expect(strip(two.stdout)).toBe(strip(one.stdout));
    const dir = modules({});
    for (let i = 0; i < 4; i++) expect(pig('balance', '--deals', '60', '--shard-count', '4', '--shard-index', String(i), '--out', join(dir, `p${i}.json`)).code).toBe(0);
    const parts = [0, 1, 2, 3].map((i) => join(dir, `p${i}.json`));
    const merged = runCli(['--game', 'test/fixtures/pig/index.js', 'merge', ...parts, '--json']);
    expect(merged.code).toBe(0);
    expect(strip(merged.stdout)).toBe(strip(one.stdout));
    // the parts name the module: merge loads it without --game
    const bare = runCli(['merge', ...parts, '--json']);
    expect(bare.code).toBe(0);
    expect(strip(bare.stdout)).toBe(strip(one.stdout));
    const ladder1 = pig('ladder', '--deals', '8', '--players', 'uniform,hold', '--workers', '1', '--json');
    const ladder2 = pig('ladder', '--deals', '8', '--players', 'uniform,hold', '--workers', '2', '--json');
    expect(strip(ladder2.stdout)).toBe(strip(ladder1.stdout));
  });
});

describe('check-game: the contract on a module, one line per failure naming the method and a seed', () => {
  /** Pig with one change, as a module next to the others (importing oddsmith from this repository). */
  const pigText = readFileSync(PIG, 'utf8').replace("from 'oddsmith'", 'from ODDSMITH');
  const dir = modules({
    'clone.js': pigText.replace('banked: [...this.banked]', 'banked: this.banked'),
    'random.js': pigText.replace('rng.below(this.rules.faces)', 'Math.floor(Math.random() * this.rules.faces)'),
    'order.js': pigText.replace('    out[0] = HOLD;', '    out[0] = 2;'),
    'returns.js': pigText.replace('1 / winners : 0', '1 : 0.5'),
    'player.js': pigText.replace('? HOLD : ROLL;', '? 7 : ROLL;'),
    'throws.js': pigText.replace('    if (action === ROLL) this.rolling = true;', '    if (this.turnTotal > 25) throw new RangeError("turn too long");\n    if (action === ROLL) this.rolling = true;'),
    'nodefault.js': 'export const game = 1;\n',
  });
  const check = (file: string, ...args: string[]) => runCli(['check-game', join(dir, file), '--playouts', '4', ...args]);

  it('a sound game passes (exit 0)', () => {
    const r = runCli(['check-game', 'test/fixtures/pig/index.js', '--playouts', '3']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^pig: the contract holds: \d+ playouts, [\d,]+ decisions, 2, 3 players\nplayers checked: hold, ismcts:iters=10\n$/);
  });

  const broken: [string, RegExp][] = [
    ['clone.js', /^pig: clone: seed 1, 2 players: move \d+ .*playing on a clone changed the original/m],
    ['random.js', /^pig: replay: seed 1, 2 players: two playouts from the same seed differ/m],
    ['order.js', /^pig: legalActions: seed 1, 2 players: .*actions not ascending or repeated \(2, 1\)/m],
    ['returns.js', /^pig: returns: seed \d+, 2 players: at the end: returns \[.*\] sum to 1\.5/m],
    ['player.js', /^pig: players\.hold: seed 1, 2 players: .*chose 7, not one of the legal actions 0, 1/m],
    ['throws.js', /^pig: applyAction: seed \d+, 2 players: move \d+ .*seat \d plays 1: threw RangeError: turn too long/m],
  ];
  for (const [file, line] of broken) {
    it(`finds ${file.replace('.js', '')} (exit 1)`, () => {
      const r = check(file);
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(line);
      expect(r.stdout).toMatch(/^pig: \d+ checks? failed \(one at a time: npx oddsmith check-game .* --seed \d+ --debug\)$/m);
      expect(r.stderr).toBe('');
    });
  }

  it('--seed reproduces one failure; --debug adds the stack', () => {
    const r = check('throws.js', '--seed', '4', '--debug');
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/seed 4, 2 players/);
    expect(r.stderr).toMatch(/^applyAction: RangeError: turn too long\n\s+at PigState\.applyAction/);
  });

  it('a module that cannot be used is one line, exit 2', () => {
    expectUserError(check('nodefault.js'), /^oddsmith: game module ".*nodefault\.js" has no default export/);
    expectUserError(runCli(['check-game', './nowhere.js']), /^oddsmith: game module "\.\/nowhere\.js": no such file$/);
  });

  it('a game that throws during play: one line with the deal seed and the move, exit 1; the stack only with --debug', () => {
    const args = ['--game', join(dir, 'throws.js'), 'pig', 'balance', '--strategies', 'uniform', '--deals', '100', '--workers', '2'];
    const r = runCli(args);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^oddsmith: pig threw during play: deal seed \d+, move \d+, seat \d playing 1 \(roll\): RangeError: turn too long\n$/);
    // the first failing shard in shard order: the same line for any worker count
    expect(runCli([...args.slice(0, -1), '1']).stderr).toBe(r.stderr);
    const d = runCli(['--debug', ...args]);
    expect(d.code).toBe(1);
    expect(d.stderr).toMatch(/^oddsmith: pig threw during play: .*\nRangeError: turn too long\n\s+at PigState\.applyAction/);
  });
});

describe("a game module's players are entries of the one strategy registry", () => {
  const act = () => 0;
  const players = {
    hold: { summary: 'holds at `at`', params: { at: { kind: 'integer' as const, min: 1, max: 9, default: 3, help: 'points' } }, create: (_r: unknown, p: Readonly<Record<string, unknown>>) => ({ act, at: p.at }) },
    still: { summary: 'never moves', create: () => ({ act }) },
    broken: { summary: 'makes nothing', create: () => null as never },
  };

  it('parses, checks with the rules schema, lists and makes them through StrategyRegistry', async () => {
    const { playerRegistry } = await import('../src/play/player-registry.js');
    const { StrategyRegistry } = await import('../src/play/strategy-registry.js');
    const reg = playerRegistry('pig', players);
    expect(reg).toBeInstanceOf(StrategyRegistry);
    expect(reg.names).toEqual(['hold', 'still', 'broken']);
    expect(reg.usage().split('\n')).toEqual(['hold:at=3  holds at `at`', 'still  never moves', 'broken  makes nothing']);
    expect(reg.parse('hold')).toEqual({ name: 'hold', params: { at: 3 } });
    expect(reg.create(reg.parse('hold:at=7'), undefined, 0, 2)).toMatchObject({ at: 7 });
  });

  it('refuses a bad spec with the messages the designer guide shows', async () => {
    const lib = await import('../src/index.js');
    const make = (spec: string) => () => lib.playerFromRegistry('pig', players, undefined, spec, 0, 2);
    expect(make('nope')).toThrow(/^pig: unknown player "nope" \(its players: hold, still, broken\)$/);
    expect(make('hold:5')).toThrow(/^pig: player hold takes parameters as name=number \(got "5"\)$/);
    expect(make('hold:x=1')).toThrow(/^pig: player hold has no parameter "x" \(parameters: at\)$/);
    expect(make('still:x=1')).toThrow(/^pig: player still has no parameter "x" \(it takes none\)$/);
    expect(make('hold:at=10')).toThrow(/^player hold\.at must be an integer in 1\.\.9 \(got 10\)$/);
    expect(make('broken')).toThrow(/^pig: players\.broken\.create returned no player/);
    expect(make('hold')()).toMatchObject({ at: 3 });
  });
});

describe('the library: runners and helpers exported from the package root', () => {
  it('runBalance and runLadder give what the commands print with --json', async () => {
    const lib = await import('../src/index.js');
    const strip = (r: unknown) => JSON.stringify({ ...(r as object), seconds: 0, perSecond: 0 });
    const balance = await lib.runBalance(PIG, 'hold', { deals: 40, shardCount: 8 });
    const cli = runCli(['--game', 'test/fixtures/pig/index.js', 'pig', 'balance', '--deals', '40', '--shard-count', '8', '--workers', '1', '--json']);
    expect(strip(balance)).toBe(strip(JSON.parse(cli.stdout)));
    const ladder = await lib.runLadder('pig', ['uniform', 'hold'], { deals: 6, shardCount: 4 });
    const cliLadder = runCli(['--game', 'test/fixtures/pig/index.js', 'pig', 'ladder', '--players', 'uniform,hold', '--deals', '6', '--shard-count', '4', '--workers', '1', '--json']);
    expect(strip(ladder)).toBe(strip(JSON.parse(cliLadder.stdout)));
    expect(lib.applySets({ a: { b: 1 } }, ['a.b=2'])).toEqual({ a: { b: 2 } });
    expect(lib.playerParams('pig', 'hold', { summary: '', params: { at: { kind: 'integer', min: 1, max: 9, default: 3, help: '' } }, create: () => null as never }, {})).toEqual({ at: 3 });
  }, 120_000);
});

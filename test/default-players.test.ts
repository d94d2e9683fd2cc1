/**
 * The analyses that play positions out use, by default, the strongest player their game's ladder
 * rates (issue 44), and name it with its rating: every declaration is checked here against the
 * committed ladder (reports/<game>/ladder-ratings.csv), so a ladder that reorders its players, or
 * moves a rating, fails until the default and its quoted rating follow.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { LadderDefault } from '../src/core/default-player.js';
import { defaultPlayerNote } from '../src/core/default-player.js';
import { CALL_DEFAULT } from '../src/games/tichu/cli.js';
import { GAMES_DEFAULT as DRACULA_DEFAULT } from '../src/games/dracula/cli.js';
import { COMPARE_DEFAULT } from '../src/games/sichuan-mahjong/cli.js';
import { GAMES_DEFAULT as WEILONG_DEFAULT } from '../src/games/weilong/cli.js';
import { runCli } from './helpers/cli.js';

interface Rated { player: string; elo: number; low: number; high: number }

/** The committed ladder's ratings, strongest first (the file's order). */
function ladder(game: string): Rated[] {
  const lines = readFileSync(new URL(`../reports/${game}/ladder-ratings.csv`, import.meta.url), 'utf8').trim().split('\n').slice(1);
  // the player is quoted where its spec has commas (`"3 ismcts:iters=500,prior=10",568,464,689`)
  return lines.map((l) => {
    const m = /^"?(?:\d+ )?(.*?)"?,(-?\d+),(-?\d+),(-?\d+)$/.exec(l);
    if (!m) throw new Error(`reports/${game}/ladder-ratings.csv: not a rating row: ${l}`);
    return { player: m[1], elo: Number(m[2]), low: Number(m[3]), high: Number(m[4]) };
  }).sort((a, b) => b.elo - a.elo);
}

const declared: [string, LadderDefault][] = [
  ['tichu grand / call / calls / simulate', CALL_DEFAULT],
  ['dracula simulate / sweep', DRACULA_DEFAULT],
  ['mahjong compare', COMPARE_DEFAULT],
  ['weilong simulate', WEILONG_DEFAULT],
];

describe('default players are the ladder\'s strongest, with its rating', () => {
  for (const [where, d] of declared) {
    it(`${where}: ${d.spec}`, () => {
      const rated = ladder(d.game);
      const row = (spec: string) => rated.find((r) => r.player === spec);
      expect(row(d.spec), `${d.spec} on the ${d.game} ladder`).toEqual({ player: d.spec, elo: d.elo, low: d.low, high: d.high });
      // the ladder's strongest: the default itself, or the one it names with the reason it is not used
      const top = rated[0];
      const strongest = d.strongest ?? { spec: d.spec, elo: d.elo, low: d.low, high: d.high };
      expect(strongest.spec, `the ${d.game} ladder's strongest`).toBe(top.player);
      expect([strongest.elo, strongest.low, strongest.high]).toEqual([top.elo, top.low, top.high]);
      for (const line of defaultPlayerNote(d).split('\n')) expect(line.length).toBeLessThanOrEqual(100);
    });
  }
});

describe('the note is printed when the default plays, and only then', () => {
  it('dracula sweep: with the default, and not with --dracula/--helsing or --json', () => {
    const args = ['dracula', 'sweep', '--set', 'health=10,12', '--games', '20', '--quiet', '--workers', '1'];
    const plain = runCli(args);
    expect(plain.code, plain.stderr).toBe(0);
    // on stderr: stdout stays what a merge of the run's parts prints
    expect(plain.stderr.trim()).toBe(defaultPlayerNote(DRACULA_DEFAULT, '--dracula, --helsing'));
    expect(plain.stdout).not.toContain('players: ');
    const chosen = runCli([...args, '--dracula', 'greedy', '--helsing', 'greedy']);
    expect(chosen.stderr).not.toContain('players: ');
    const json = runCli([...args, '--json']);
    expect(() => JSON.parse(json.stdout)).not.toThrow();
    expect(json.stderr).not.toContain('players: ');
  }, 60_000);

  it('tichu calls and simulate: the ladder\'s strongest by default, named; --strategies keeps the others', () => {
    for (const args of [['tichu', 'calls', '--deals', '1'], ['tichu', 'simulate', '--games', '1', '--set', 'targetScore=100']]) {
      const plain = runCli([...args, '--quiet', '--workers', '1']);
      expect(plain.code, plain.stderr).toBe(0);
      expect(plain.stderr.trim()).toBe(defaultPlayerNote(CALL_DEFAULT));
      expect(plain.stdout).toMatch(new RegExp(`${CALL_DEFAULT.spec}(, | \\+ )${CALL_DEFAULT.spec}`));
      const chosen = runCli([...args, '--strategies', 'heuristic', '--quiet', '--workers', '1']);
      expect(chosen.stderr).not.toContain('players: ');
      expect(chosen.stdout).toMatch(/heuristic(, | \+ )heuristic/);
    }
  }, 120_000);
});

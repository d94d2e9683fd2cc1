/**
 * The games of examples/ (each written against the public API only, `import … from 'oddsmith'`):
 * every one is found by its folder, loads through the registry as `--game` loads it, type-checks
 * under `tsc --checkJs`, passes check-game, and keeps — at every seat count, deeper than
 * check-game looks — the behaviour contract of the game interface (playouts end, legal
 * actions only, determinize keeps the seat's information key, clones are independent, a replay is
 * the same game bit for bit), and each of its own players beats the uniformly random player in a
 * seeded tournament whose interval excludes the fair share.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { gameById, loadGames } from '../src/games/registry.js';
import { CHANCE, MAX_ACTIONS, TERMINAL, type GameState, type StateGame, type StatePlayer } from '../src/games/state.js';
import { playMatches, summarizeMatches } from '../src/play/match.js';
import { makePlayer } from '../src/play/players.js';
import { checkContract, contractLines } from '../src/play/contract.js';
import { ROOT } from './helpers/cli.js';

const EXAMPLES = join(ROOT, 'examples');
const ids = readdirSync(EXAMPLES, { withFileTypes: true })
  .filter((e) => e.isDirectory() && existsSync(join(EXAMPLES, e.name, 'index.js')))
  .map((e) => e.name)
  .sort();

/** Players too slow for a whole-game contract run of every seat count (they are played once below). */
const SLOW_PLAYERS = new Set(['expectimax']);

beforeAll(async () => {
  await loadGames(ids.map((id) => join(EXAMPLES, id, 'index.js')));
});

/** One seeded playout with checks at every step; uniform actions, or the given players. */
function playout(sg: StateGame<never>, rules: never, players: number, seed: number, deep: boolean, seatPlayers?: StatePlayer[]): { steps: string[]; returns: number[] } {
  const rng = new Rng(seed), moves = new Rng(seed + 1e6);
  const state = sg.newGame(rules, players);
  const actions = new Int32Array(MAX_ACTIONS);
  const steps: string[] = [];
  expect(state.players).toBe(players);
  for (let step = 0; ; step++) {
    expect(step, `${sg.id}: no end after 100000 steps: ${state}`).toBeLessThan(100_000);
    const who = state.currentPlayer();
    expect(state.isTerminal()).toBe(who === TERMINAL);
    if (who === TERMINAL) break;
    if (who === CHANCE) {
      state.applyChance(rng);
      steps.push('c');
      continue;
    }
    expect(who >= 0 && who < players).toBe(true);
    const n = state.legalActions(actions);
    expect(n).toBeGreaterThan(0);
    for (let i = 1; i < n; i++) expect(actions[i]).toBeGreaterThan(actions[i - 1]);
    if (deep) checkDecision(state, actions, n, rng, players);
    const a = seatPlayers ? seatPlayers[who].act(state, moves) : actions[moves.below(n)];
    expect(Array.from(actions.subarray(0, n)), `${sg.id}: ${state.actionText(a)} is not legal in ${state}`).toContain(a);
    steps.push(`${who}:${a}`);
    state.applyAction(a);
  }
  const out = new Float64Array(players);
  state.returns(out);
  // returns as the game declares them: shares of the win, or points in the declared range
  const outcome = sg.outcome?.(rules, players) ?? { kind: 'win-lose' };
  if (outcome.kind === 'points') for (const v of out) expect(v >= outcome.min && v <= outcome.max).toBe(true);
  else {
    for (const v of out) expect(v >= 0 && v <= 1).toBe(true);
    expect(out.reduce((x, y) => x + y, 0)).toBeCloseTo(1, 12);
  }
  return { steps, returns: Array.from(out) };
}

/** Every legal action applies; determinize keeps each seat's key; a clone moved on leaves the original alone. */
function checkDecision(state: GameState, actions: Int32Array, n: number, rng: Rng, players: number): void {
  for (let i = 0; i < n; i++) {
    const c = state.clone();
    c.applyAction(actions[i]);
    expect(typeof state.actionText(actions[i])).toBe('string');
  }
  const before = state.toString();
  const keys = Array.from({ length: players }, (_, s) => state.informationKey(s));
  for (let s = 0; s < players; s++) {
    const d = state.determinize(s, rng);
    expect(d.informationKey(s)).toBe(keys[s]);
    expect(d.currentPlayer()).toBe(state.currentPlayer());
  }
  const c = state.clone();
  c.applyAction(actions[0]);
  expect(state.toString()).toBe(before);
  for (let s = 0; s < players; s++) expect(state.informationKey(s)).toBe(keys[s]);
}

it('examples/ holds the three games of the tutorial and its own', () => {
  expect(ids).toEqual(expect.arrayContaining(['knucklebones', 'no-thanks', 'zombie-dice']));
});

it('every example type-checks under tsc --checkJs (examples/tsconfig.json), importing only oddsmith', () => {
  const r = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(EXAMPLES, 'tsconfig.json')], { encoding: 'utf8' });
  expect(r.stdout + r.stderr).toBe('');
  expect(r.status).toBe(0);
});

for (const id of ids) {
  describe(id, () => {
    let sg: StateGame<never>;
    let rules: never;
    beforeAll(async () => {
      const g = gameById(id)!;
      expect(g, `${id} is registered under its folder's name`).toBeDefined();
      sg = (await g.state!()) as StateGame<never>;
      rules = (await g.rules()).loadRules() as never;
    });

    it('check-game finds nothing wrong (the contract as `oddsmith check-game` checks it)', async () => {
      const report = await checkContract(gameById(id)!);
      expect(contractLines(report)).toEqual([]);
      expect(report.decisions).toBeGreaterThan(0);
    });

    it('random playouts end and keep the contract at every seat count', () => {
      const seats = sg.seats(rules);
      for (let players = seats.min; players <= seats.max; players++) {
        for (let seed = 1; seed <= 3; seed++) playout(sg, rules, players, seed, seed === 1);
      }
    });

    it('a replay from the same seed is the same game; another seed another game', () => {
      const P = sg.seats(rules).default;
      for (let seed = 1; seed <= 3; seed++) expect(playout(sg, rules, P, seed, false)).toEqual(playout(sg, rules, P, seed, false));
      const games = new Set([1, 2, 3, 4].map((seed) => playout(sg, rules, P, seed, false).steps.join(' ')));
      expect(games.size).toBeGreaterThan(1);
    });

    it('its own players play legal moves, whole games', () => {
      const P = sg.seats(rules).default;
      for (const name of sg.playerNames) {
        const players = Array.from({ length: P }, (_, s) => makePlayer(sg, rules, name, s, P));
        for (let seed = 1; seed <= (SLOW_PLAYERS.has(name) ? 1 : 4); seed++) playout(sg, rules, P, seed, false, players);
      }
    });

    it('its first own player beats uniform players (seeded tournament, 95% interval above the fair share)', (t) => {
      const P = sg.seats(rules).default;
      const best = sg.playerNames.find((n) => !SLOW_PLAYERS.has(n));
      // a game for the exact tools alone (Kuhn poker) may declare no players of its own
      if (best === undefined) return t.skip();
      const p = { game: id, rules, entrants: [best, ...Array.from({ length: P - 1 }, () => 'uniform')] };
      const result = summarizeMatches(sg, p, playMatches(sg, p, new Rng(38), 100));
      expect(result.entrants[0].winRate.ci95[0], `${id}: ${best} wins ${result.entrants[0].winRate.p}`).toBeGreaterThan(1 / P);
    });
  });
}

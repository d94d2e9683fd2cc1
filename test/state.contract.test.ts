/**
 * The behaviour contract of the game interface (src/games/state.ts), over every game in the registry
 * whose descriptor declares `state` (the built-ins and the Pig fixture, a game module) — a new game
 * is checked as soon as it declares it. The checks themselves are src/play/contract.ts, the same
 * code `oddsmith check-game` runs: seeded random playouts end; only legal actions are offered
 * (ascending, no duplicates) and each one applies; returns are what the game declares (win/lose: in
 * [0, 1], summing to 1; points: in range); a determinization keeps the seat's information key; a
 * clone is independent; a replay from the same seed is the same game, bit for bit; the game's own
 * players play legal moves only; its rules' defaults are valid. Here too: different seeds give
 * different games, and names are sane.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { allGames, loadGames } from '../src/games/registry.js';
import { CHANCE, MAX_ACTIONS, TERMINAL, type StateGame } from '../src/games/state.js';
import { checkContract, contractLines } from '../src/play/contract.js';
import { ROOT } from './helpers/cli.js';

await loadGames([join(ROOT, 'test/fixtures/pig/index.js')]);
const withState = allGames().filter((g) => g.state);

/** The actions of one seeded uniform playout (chance draws and moves from one stream). */
function steps(sg: StateGame<never>, rules: never, players: number, seed: number): string {
  const rng = new Rng(seed), state = sg.newGame(rules, players), actions = new Int32Array(MAX_ACTIONS), out: string[] = [];
  for (let who = state.currentPlayer(); who !== TERMINAL; who = state.currentPlayer()) {
    if (who === CHANCE) state.applyChance(rng);
    else {
      const a = actions[rng.below(state.legalActions(actions))];
      out.push(`${who}:${a}`);
      state.applyAction(a);
    }
  }
  return out.join(' ');
}

describe('the game interface: every game that declares it behaves', () => {
  it('at least one game declares the interface (Liar\'s Dice does)', () => {
    expect(withState.map((g) => g.id)).toContain('liars-dice');
  });

  for (const g of withState) {
    describe(g.id, async () => {
      const sg = (await g.state!()) as StateGame<never>;
      const rules = (await g.rules()).loadRules() as never;
      const seats = sg.seats(rules);

      it('names itself as its descriptor does; seats are sane', () => {
        expect(sg.id).toBe(g.id);
        expect(seats.min).toBeGreaterThanOrEqual(1);
        expect(seats.min).toBeLessThanOrEqual(seats.default);
        expect(seats.default).toBeLessThanOrEqual(seats.max);
        expect(sg.playerNames.length).toBeGreaterThan(0);
        // "uniform" is the tools' random player (src/play): a game's own player may not take the name
        expect(sg.playerNames).not.toContain('uniform');
        if (sg.roles) expect(sg.roles.length).toBe(seats.default);
      });

      it('keeps the contract (src/play/contract.ts): playouts, legal actions, returns, determinize, clone, replay, its players', async () => {
        const report = await checkContract(g, { playouts: 6, search: false });
        expect(contractLines(report)).toEqual([]);
        expect(report.playersChecked.length).toBeGreaterThan(0);
      });

      it('different seeds give different games (the seed reaches the game)', () => {
        const games = new Set(Array.from({ length: 6 }, (_, i) => steps(sg, rules, seats.default, 100 + i)));
        expect(games.size).toBeGreaterThan(1);
      });

      it('an unknown player name is a UserError', () => {
        expect(() => sg.player(rules, 'no-such-player', 0, seats.default)).toThrow(/no-such-player/);
      });
    });
  }
});

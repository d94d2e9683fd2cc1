/**
 * The regret-matching search player (strategies/mccfr.ts): offered and legal in every game,
 * deterministic for a seed, stronger than random, and — where its exact exploitability can be
 * measured (Liar's Dice, `liars exploit`) — less exploitable with more iterations, and at its first
 * decision (where the search's information set is the whole game) close to the equilibrium.
 */
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain-JS example game (typed by its JSDoc for tsc --checkJs, not here)
import { KuhnState } from '../examples/kuhn-poker/state.js';
import { Rng } from '../src/core/rng.js';
import { GAMES } from '../src/games/index.js';
import { CHANCE, type GameState, type StateGame } from '../src/games/state.js';
import { statePlayerExploitability } from '../src/games/liars-dice/exact-search.js';
import { MCCFR, parseMccfrSpec } from '../strategies/mccfr.js';
import { playMatches, summarizeMatches, type MatchParams } from '../src/play/match.js';
import { makePlayer, playerNames } from '../src/play/players.js';
import { playOut, trace } from './kit/playout.js';
import { gameOf } from './helpers/games.js';
import { expectUserError, runCli } from './helpers/cli.js';

describe('mccfr is offered in every game', () => {
  it('every game lists it among the players every game has', async () => {
    for (const g of GAMES.filter((x) => x.state)) {
      const sg = (await g.state!()) as StateGame<never>;
      expect(playerNames(sg), g.id).toContain(MCCFR);
      expect(sg.playerNames, g.id).not.toContain(MCCFR);
    }
  });

  for (const g of GAMES.filter((x) => x.state)) {
    it(`${g.id}: only legal moves at a tiny budget (every seat searching, uniform playouts; seat 0 with the heuristic)`, async () => {
      const { sg, rules, P } = await gameOf(g.id);
      const all = Array.from({ length: P }, (_, s) => makePlayer(sg, rules, 'mccfr:iters=3,rollout=uniform', s, P));
      expect(playOut(sg.newGame(rules, P), all, new Rng(2))).toBeGreaterThan(0);
      const one = Array.from({ length: P }, (_, s) => makePlayer(sg, rules, s === 0 ? 'mccfr:iters=3,rollout=heuristic' : 'uniform', s, P));
      expect(playOut(sg.newGame(rules, P), one, new Rng(3))).toBeGreaterThan(0);
    }, 30_000);
  }
});

describe('mccfr is deterministic', () => {
  it('the same seed replays the same game; a player reused for another game carries nothing over', async () => {
    for (const id of ['liars-dice', 'dracula']) {
      const { sg, rules, P } = await gameOf(id);
      const fresh = () => Array.from({ length: P }, (_, s) => makePlayer(sg, rules, 'mccfr:iters=15', s, P));
      const a = trace(sg, rules, fresh(), 7);
      expect(trace(sg, rules, fresh(), 7), id).toEqual(a);
      const players = fresh();
      trace(sg, rules, players, 8);
      expect(trace(sg, rules, players, 7), id).toEqual(a);
    }
  });
});

describe('mccfr plays well', () => {
  it("Liar's Dice: beats uniform clearly (duplicate deals, fixed seed)", async () => {
    const { sg, rules } = await gameOf('liars-dice');
    const p: MatchParams = { game: sg.id, rules, entrants: ['mccfr:iters=50,rollout=uniform', 'uniform'] };
    const r = summarizeMatches(sg, p, playMatches(sg, p, new Rng(5), 100));
    expect(r.entrants[0].winRate.ci95[0], `win rate ${r.entrants[0].winRate.p}`).toBeGreaterThan(0.5);
  }, 30_000);

  it("Liar's Dice 1 v 1, three faces, exactly: more iterations are less exploitable, and far below uniform play", async () => {
    const { sg } = await gameOf('liars-dice');
    const ex = (spec: string) => statePlayerExploitability('seed', 1, 3, (seat, rules) => makePlayer(sg, rules as never, spec, seat, 2), 4, 1).exploitability;
    const uniform = ex('uniform'), low = ex('mccfr:iters=20'), high = ex('mccfr:iters=2000');
    expect(high).toBeLessThan(low);
    expect(high).toBeLessThan(uniform / 3);
  }, 60_000);
});

describe('mccfr searches from the start where the game gives the path here', () => {
  it("Liar's Dice and Kuhn poker: replaying pathFromStart reaches a state every seat sees as the present", async () => {
    const { sg, rules } = await gameOf('liars-dice');
    // two dice each: few enough rolls for chanceOutcomes to list (the shipped five are not)
    const small = { ...(rules as object), dicePerPlayer: 2 } as never;
    const games: [string, () => GameState][] = [['liars-dice', () => sg.newGame(small, 2)], ['kuhn-poker', () => new KuhnState() as GameState]];
    const outcomes = new Int32Array(4096), probabilities = new Float64Array(4096), actions = new Int32Array(4096);
    for (const [id, make] of games) {
      for (let seed = 1; seed <= 20; seed++) {
        const rng = new Rng(seed), s = make();
        while (!s.isTerminal()) {
          if (s.currentPlayer() === CHANCE) s.applyChance(rng);
          else s.applyAction(actions[rng.below(s.legalActions(actions))]);
          const { start, steps } = s.pathFromStart!();
          const r = start.clone();
          for (const step of steps) {
            if (r.currentPlayer() === CHANCE) {
              const n = r.chanceOutcomes!(outcomes, probabilities);
              expect(Array.from(outcomes.subarray(0, n)), id).toContain(step);
              r.applyChanceOutcome!(step);
            } else r.applyAction(step);
          }
          for (let seat = 0; seat < 2; seat++) expect(r.informationKey(seat), `${id} seed ${seed}`).toBe(s.informationKey(seat));
        }
      }
    }
  });

  it('Kuhn poker, exactly: close to the equilibrium at 1,000 iterations, closer at 4,000', async () => {
    const r = (n: number) => runCli(['--game', './examples/kuhn-poker/index.js', 'kuhn-poker', 'exploit', '--strategy', `mccfr:iters=${n},rollout=uniform,purify=0,start=1`, '--seeds', '64']);
    const exploitability = (out: { stdout: string }) => Number(/exploitability: ([\d.e-]+)/.exec(out.stdout)![1]);
    const low = exploitability(r(1000)), high = exploitability(r(4000));
    // uniform play: 0.458; the information-set search without the path: 0.077 at 1,000
    expect(low).toBeLessThan(0.06);
    expect(high).toBeLessThan(low);
  }, 120_000);
});

describe('mccfr specs', () => {
  it('defaults, named and numbered rollouts, the main parameter', () => {
    expect(parseMccfrSpec('mccfr')).toEqual({ iters: 1000, explore: 0.6, rollout: 1, purify: 0.5, start: 0, target: 0.5 });
    expect(parseMccfrSpec('mccfr:50')).toEqual({ iters: 50, explore: 0.6, rollout: 1, purify: 0.5, start: 0, target: 0.5 });
    expect(parseMccfrSpec('mccfr:iters=50,explore=0.3,rollout=uniform,start=1,target=0.9')).toEqual({ iters: 50, explore: 0.3, rollout: 0, purify: 0.5, start: 1, target: 0.9 });
  });

  it('bad parameters: one line, exit code 2', () => {
    expectUserError(runCli(['liars', 'exploit', '--strategy', 'mccfr:explore=2']), /explore/);
    expectUserError(runCli(['liars', 'exploit', '--strategy', 'mccfr:rollout=greedy']), /rollout must be one of/);
    expectUserError(runCli(['liars', 'exploit', '--strategy', 'mccfr:iters=5', '--budgets', '10']), /not both/);
  });
});

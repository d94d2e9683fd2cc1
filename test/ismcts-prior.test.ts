/**
 * ismcts guided by the rollout player (`prior=W`, `follow=1`, `belief=K`, `widen=K`): off by default
 * (the plain search, move for move), the player's move first, deterministic for a seed and for
 * any worker count.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { CHANCE, type StatePlayer } from '../src/games/state.js';
import { parseIsmctsSpec } from '../strategies/ismcts.js';
import { makePlayer } from '../src/play/players.js';
import { trace } from './kit/playout.js';
import { gameOf } from './helpers/games.js';
import { expectUserError, runCli, sameForWorkers } from './helpers/cli.js';

describe('ismcts prior', () => {
  it('parses; prior=0 is the default and the plain search, move for move', async () => {
    expect(parseIsmctsSpec('ismcts:iters=400,rollout=conservative,prior=2')).toStrictEqual({ iters: 400, c: 0.7, rollout: 1, rolloutName: 'conservative', prior: 2, follow: 0, belief: 0, widen: 0 });
    expect(parseIsmctsSpec('ismcts').prior).toBe(0);
    for (const id of ['liars-dice', 'dracula']) {
      const { sg, rules, P } = await gameOf(id);
      const game = (spec: string, seed: number) => trace(sg, rules, Array.from({ length: P }, (_, s) => makePlayer(sg, rules, s === 0 ? spec : 'uniform', s, P)), seed);
      expect(game('ismcts:iters=30,prior=0,follow=0,widen=0', 4), id).toEqual(game('ismcts:iters=30', 4));
      const guided = game('ismcts:iters=30,prior=1', 4);
      expect(game('ismcts:iters=30,prior=1', 4), id).toEqual(guided);
      expect(guided, id).not.toEqual(game('ismcts:iters=30', 4));
      expect(game('ismcts:iters=30,follow=1', 4), id).not.toEqual(game('ismcts:iters=30', 4));
      // a share of the moves followed: a different search on some of a few games
      const games = (spec: string) => [4, 5, 6].map((seed) => game(spec, seed));
      expect(games('ismcts:iters=30,follow=0.5'), id).not.toEqual(games('ismcts:iters=30,follow=1'));
      expect(game('ismcts:iters=30,widen=1,rollout=uniform', 4), id).not.toEqual(game('ismcts:iters=30,rollout=uniform', 4));
      // belief reads the path from the start: Liar's Dice gives it, Dracula does not (then one draw)
      const versus = (spec: string) => trace(sg, rules, Array.from({ length: P }, (_, s) => makePlayer(sg, rules, s === 0 ? spec : sg.playerNames[1], s, P)), 4);
      if (id === 'liars-dice') expect(versus('ismcts:iters=30,belief=4'), id).not.toEqual(versus('ismcts:iters=30'));
      else expect(versus('ismcts:iters=30,belief=4'), id).toEqual(versus('ismcts:iters=30'));
    }
  });

  it("with one iteration it plays the rollout player's move (asked first, with the same draws)", async () => {
    const { sg, rules, P } = await gameOf('liars-dice');
    const search = makePlayer(sg, rules, 'ismcts:iters=1,rollout=conservative,prior=1', 0, P);
    const reference = makePlayer(sg, rules, 'conservative', 0, P);
    const others: StatePlayer[] = Array.from({ length: P }, (_, s) => makePlayer(sg, rules, 'threshold', s, P));
    const rng = new Rng(11);
    let asked = 0;
    for (let g = 0; g < 3; g++) {
      const s = sg.newGame(rules, P);
      for (let k = 0; !s.isTerminal(); k++) {
        const p = s.currentPlayer();
        if (p === CHANCE) s.applyChance(rng);
        else if (p === 0) {
          const a = search.act(s, new Rng(1000 + k)), b = reference.act(s, new Rng(1000 + k));
          expect(a).toBe(b);
          asked++;
          s.applyAction(a);
        } else s.applyAction(others[p].act(s, rng));
      }
    }
    expect(asked).toBeGreaterThan(20);
  });

  it('the same result for 1 and 2 workers', () => {
    const args = ['liars', 'duplicate-tournament', '--strategies', 'ismcts:iters=20,rollout=conservative,prior=2,follow=1,belief=3,threshold', '--deals', '12', '--shard-count', '4', '--quiet', '--json'];
    sameForWorkers(args);
  });

  it('needs a player to follow: with uniform rollouts, one line, exit code 2', () => {
    expectUserError(runCli(['liars', 'duplicate-tournament', '--strategies', 'ismcts:iters=5,rollout=uniform,prior=1,threshold', '--deals', '1']), /prior, follow and belief need a player's rollouts/);
    expectUserError(runCli(['dracula', 'tournament', '--strategies', 'ismcts:iters=5,prior=-1,greedy', '--deals', '1']), /prior must be a number in 0\.\.100/);
  });
});

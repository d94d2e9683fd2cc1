/**
 * The search players' shared spec (strategies/search-spec.ts): `rollout=<name>` takes uniform,
 * heuristic or any of the game's players, in `ismcts`, `mccfr` and `escfr` alike; a name the
 * game lacks is one line naming the allowed ones.
 */
import { describe, expect, it } from 'vitest';
import { UserError } from '../src/core/errors.js';
import { parseIsmctsSpec } from '../strategies/ismcts.js';
import { parseMccfrSpec } from '../strategies/mccfr.js';
import { parseEscfrSpec } from '../strategies/escfr.js';
import { makePlayer } from '../src/play/players.js';
import { trace } from './kit/playout.js';
import { gameOf } from './helpers/games.js';
import { expectUserError, runCli } from './helpers/cli.js';

describe('rollout=<player> in the search specs', () => {
  it('parses to the player rollouts (1) with the name, in all three players; the old forms are unchanged', () => {
    expect(parseIsmctsSpec('ismcts:iters=400,rollout=conservative')).toStrictEqual({ iters: 400, c: 0.7, rollout: 1, rolloutName: 'conservative', prior: 0, follow: 0, belief: 0, widen: 0 });
    expect(parseIsmctsSpec('ismcts:rollout=uniform')).toStrictEqual({ iters: 1000, c: 0.7, rollout: 0, prior: 0, follow: 0, belief: 0, widen: 0 });
    expect(parseIsmctsSpec('ismcts:rollout=heuristic')).toStrictEqual({ iters: 1000, c: 0.7, rollout: 1, prior: 0, follow: 0, belief: 0, widen: 0 });
    expect(parseIsmctsSpec('ismcts:rollout=1')).toStrictEqual({ iters: 1000, c: 0.7, rollout: 1, prior: 0, follow: 0, belief: 0, widen: 0 });
    expect(parseMccfrSpec('mccfr:rollout=greedy,iters=9')).toStrictEqual({ iters: 9, explore: 0.6, rollout: 1, rolloutName: 'greedy', purify: 0.5, start: 0, target: 0.5 });
    expect(parseEscfrSpec('escfr:iters=30,rollout=expert').rolloutName).toBe('expert');
    expect(parseEscfrSpec('escfr:iters=30,rollout=uniform')).not.toHaveProperty('rolloutName');
  });

  it("rolls out with the named player: in Liar's Dice rollout=threshold is rollout=heuristic move for move, conservative another game", async () => {
    const { sg, rules, P } = await gameOf('liars-dice');
    const game = (spec: string) => trace(sg, rules, Array.from({ length: P }, (_, s) => makePlayer(sg, rules, s === 0 ? spec : 'conservative', s, P)), 5);
    const heuristic = game('ismcts:iters=40,rollout=heuristic');
    expect(game('ismcts:iters=40,rollout=threshold')).toEqual(heuristic);
    expect(game('ismcts:iters=40,rollout=conservative')).not.toEqual(heuristic);
    expect(game('mccfr:iters=40,rollout=threshold')).toEqual(game('mccfr:iters=40'));
  });

  it('a name the game lacks is a UserError naming the allowed ones, when the player is made', async () => {
    const { sg, rules, P } = await gameOf('liars-dice');
    for (const name of ['ismcts', 'mccfr', 'escfr']) {
      const make = () => makePlayer(sg, rules, `${name}:iters=5,rollout=greedy`, 0, P);
      expect(make, name).toThrow(UserError);
      expect(make, name).toThrow(`liars-dice: ${name} rollout must be one of uniform, heuristic, ${sg.playerNames.join(', ')} (got "greedy")`);
    }
  });

  it('on the command line: one line, exit code 2', () => {
    expectUserError(runCli(['liars', 'ladder', '--players', 'uniform,ismcts:iters=5,rollout=greedy', '--deals', '1', '--quiet']), /ismcts rollout must be one of uniform, heuristic, .*conservative.* \(got "greedy"\)/);
    expectUserError(runCli(['dracula', 'tournament', '--strategies', 'mccfr:iters=5,rollout=conservative,greedy', '--deals', '1']), /mccfr rollout must be one of uniform, heuristic, .*greedy/);
    expectUserError(runCli(['dracula', 'tournament', '--strategies', 'escfr:iters=5,rollout=nobody,greedy', '--deals', '1']), /escfr rollout must be one of/);
  });
});

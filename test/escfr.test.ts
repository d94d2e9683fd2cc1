/**
 * The external-sampling CFR search player (strategies/escfr.ts): offered and legal in every game,
 * deterministic for a seed, and — where its exact exploitability can be measured (Kuhn poker's
 * generic `exploit`, Liar's Dice's `liars exploit`) — less exploitable with more iterations.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { GAMES } from '../src/games/index.js';
import { statePlayerExploitability } from '../src/games/liars-dice/exact-search.js';
import { ESCFR, parseEscfrSpec } from '../strategies/escfr.js';
import { makePlayer, playerNames } from '../src/play/players.js';
import { playOut, trace } from './kit/playout.js';
import { gameOf } from './helpers/games.js';
import { expectUserError, runCli } from './helpers/cli.js';

describe('escfr is offered in every game', () => {
  for (const g of GAMES.filter((x) => x.state)) {
    it(`${g.id}: listed, and only legal moves at a tiny budget`, async () => {
      const { sg, rules, P } = await gameOf(g.id);
      expect(playerNames(sg)).toContain(ESCFR);
      const one = Array.from({ length: P }, (_, s) => makePlayer(sg, rules, s === 0 ? 'escfr:iters=2' : 'uniform', s, P));
      expect(playOut(sg.newGame(rules, P), one, new Rng(3))).toBeGreaterThan(0);
    }, 30_000);
  }

  it("Liar's Dice at the shipped rules (rolls too many to list): it plays as mccfr does", async () => {
    const { sg, rules } = await gameOf('liars-dice');
    const a = trace(sg, rules, [makePlayer(sg, rules, 'escfr:iters=20', 0, 2), makePlayer(sg, rules, 'uniform', 1, 2)], 4);
    const b = trace(sg, rules, [makePlayer(sg, rules, 'mccfr:iters=20', 0, 2), makePlayer(sg, rules, 'uniform', 1, 2)], 4);
    expect(a).toEqual(b);
  }, 30_000);
});

describe('escfr is deterministic', () => {
  it('the same seed replays the same game; a player reused for another game carries nothing over', async () => {
    const { sg, rules } = await gameOf('liars-dice');
    const small = { ...(rules as object), dicePerPlayer: 1, sides: 4 } as never;
    const fresh = () => [0, 1].map((s) => makePlayer(sg, small, 'escfr:iters=30', s, 2));
    const a = trace(sg, small, fresh(), 7);
    expect(trace(sg, small, fresh(), 7)).toEqual(a);
    const players = fresh();
    trace(sg, small, players, 8);
    expect(trace(sg, small, players, 7)).toEqual(a);
  }, 30_000);
});

describe('escfr approaches equilibrium play with its budget', () => {
  it('Kuhn poker, exactly (its frequencies over 256 seeds): within 0.01 of the equilibrium at 10,000 iterations', () => {
    const r = (n: number) => runCli(['--game', './examples/kuhn-poker/index.js', 'kuhn-poker', 'exploit', '--strategy', `escfr:iters=${n}`, '--seeds', '256']);
    const exploitability = (out: { stdout: string }) => Number(/exploitability: ([\d.e-]+)/.exec(out.stdout)![1]);
    // uniform play: 0.458; 100 iterations 0.025, 1,000 0.013 (the frequencies' own noise is near 0.01)
    const low = exploitability(r(100)), high = exploitability(r(10_000));
    expect(high).toBeLessThan(low);
    expect(high).toBeLessThan(0.01);
  }, 600_000); // about 20 s of CPU on a quiet machine

  it("Liar's Dice 1 v 1, three faces, exactly: more iterations are less exploitable, and far below uniform play", async () => {
    const { sg } = await gameOf('liars-dice');
    const ex = (spec: string) => statePlayerExploitability('seed', 1, 3, (seat, rules) => makePlayer(sg, rules as never, spec, seat, 2), 4, 1).exploitability;
    const uniform = ex('uniform'), low = ex('escfr:iters=10'), high = ex('escfr:iters=1000');
    expect(high).toBeLessThan(low);
    expect(high).toBeLessThan(uniform / 10);
  }, 60_000);
});

describe('escfr specs', () => {
  it('defaults and the main parameter', () => {
    expect(parseEscfrSpec('escfr')).toEqual({ iters: 1000, target: 0.5, weight: 2, stratify: 2, linear: 1, plus: 0, prune: 1, purify: 0, rollout: 1 });
    expect(parseEscfrSpec('escfr:iters=50,target=0.2,rollout=uniform')).toEqual({ iters: 50, target: 0.2, weight: 2, stratify: 2, linear: 1, plus: 0, prune: 1, purify: 0, rollout: 0 });
  });

  it('bad parameters: one line, exit code 2', () => {
    expectUserError(runCli(['liars', 'exploit', '--strategy', 'escfr:target=1']), /target/);
    expectUserError(runCli(['liars', 'exploit', '--strategy', 'escfr:iters=5', '--budgets', '10']), /not both/);
  });
});

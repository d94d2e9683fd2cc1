/**
 * Exact strength of any interface player in the two-player solver's game (exact-search.ts): the
 * restricted state is the solver's game, a deterministic bot measured through the interface gets
 * the same exploitability as through its own table (exact-play.ts), and `liars exploit` takes the
 * search player at several budgets, through the exploit question.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { MAX_ACTIONS } from '../src/games/state.js';
import { botExploitability, rulesForVariant } from '../src/games/liars-dice/exact-play.js';
import { SolverGameState, solverGameAt, statePlayerExploitability } from '../src/games/liars-dice/exact-search.js';
import { stateGame } from '../src/games/liars-dice/state.js';
import { exploit, type PlayerExploitResult } from '../src/games/liars-dice/questions.js';
import { makePlayer as makeAnyPlayer } from '../src/play/players.js';
import { createStrategy } from '../src/games/liars-dice/strategies/index.js';
import { expectUserError, runCli } from './helpers/cli.js';

describe("the solver's game through the interface", () => {
  it('a call challenges the last bid only, the direction is not asked, clones stay in the game', () => {
    const rules = rulesForVariant('seed', 1, 4);
    const s = solverGameAt(rules, 0, [3], 0b101);
    const out = new Int32Array(MAX_ACTIONS);
    expect(s.currentPlayer()).toBe(0);
    expect(s.round.numBids).toBe(2);
    expect(Array.from(out.subarray(0, s.legalActions(out)))).toEqual([0, 3]);
    expect(s.clone()).toBeInstanceOf(SolverGameState);
    expect(s.determinize(0, new Rng(2))).toBeInstanceOf(SolverGameState);
    const opened = solverGameAt(rules, 0, [3], 0);
    opened.applyAction(4);
    expect(opened.currentPlayer()).toBe(1);
    expect(Array.from(out.subarray(0, opened.legalActions(out)))).toEqual([0, 2]);
  });

  for (const [name, sides] of [['threshold', 4], ['conservative', 3]] as const) {
    it(`${name} measured through the interface has the exploitability of its own exact table (${sides} sides)`, () => {
      const rules = rulesForVariant('seed', 1, sides);
      const spec = { name, params: { outOfTurnBelow: 0 } };
      const direct = botExploitability('seed', 1, sides, createStrategy(spec, { rules, players: 2 }));
      const via = statePlayerExploitability('seed', 1, sides, (seat, r) => stateGame.player(r, `${name}:outOfTurnBelow=0`, seat, 2), 1, 1);
      expect(via.exploitability).toBeCloseTo(direct.exploitability, 12);
      expect(via.selfValue0).toBeCloseTo(direct.selfValue0, 12);
      expect(via.infosets).toBeGreaterThan(0);
    });
  }
});

describe('liars exploit with a player of every game', () => {
  it('ismcts at two budgets beside CFR+; uniform at one seed and over seeds', () => {
    const r = runCli(['liars', 'exploit', '--strategy', 'ismcts:rollout=uniform', '--budgets', '20,5', '--sides', '3', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout) as { rows: { iterations: number; exploitability: number; cfrExploitability: number }[] };
    expect(j.rows.map((x) => x.iterations)).toEqual([5, 20]);
    for (const row of j.rows) {
      expect(row.exploitability).toBeGreaterThanOrEqual(0);
      expect(row.exploitability).toBeLessThanOrEqual(1);
      expect(row.cfrExploitability).toBeLessThan(row.exploitability + 1e-12);
    }
    const u = JSON.parse(runCli(['liars', 'exploit', '--strategy', 'uniform', '--sides', '3', '--seeds', '20', '--json']).stdout) as { rows: { exploitability: number }[] };
    expect(u.rows[0].exploitability).toBeGreaterThan(0.3);
  });

  it('the command asks the exploit question: its --json is the answer, run times aside', () => {
    const makePlayer = (spec: string, seat: 0 | 1, rules: unknown) => makeAnyPlayer(stateGame as never, rules as never, spec, seat, 2);
    const asked = exploit.answer({ player: 'ismcts:rollout=uniform', variant: 'seed', dice: 1, sides: 3, budgets: [5, 20], seeds: 2, seed: 4, makePlayer });
    const r = runCli(['liars', 'exploit', '--strategy', 'ismcts:rollout=uniform', '--budgets', '20,5', '--sides', '3', '--seeds', '2', '--seed', '4', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const untimed = (x: PlayerExploitResult) => ({ ...x, rows: x.rows.map(({ seconds: _s, cfrSeconds: _c, ...row }) => row) });
    expect(untimed(JSON.parse(r.stdout) as PlayerExploitResult)).toEqual(untimed(asked));
    expect(exploit.text(asked)).toContain('its frequencies over 2 seeds (seed 4); CFR+ after as many iterations');
  });

  it('bad input: one line, exit code 2', () => {
    expectUserError(runCli(['liars', 'exploit', '--strategy', 'ismcts:iters=5', '--budgets', '10']), /not both/);
    expectUserError(runCli(['liars', 'exploit', '--strategy', 'ismcts', '--budgets', '0']), /--budgets/);
    expectUserError(runCli(['liars', 'exploit', '--strategy', 'uniform', '--budgets', '10']), /only for a search player/);
    expectUserError(runCli(['liars', 'exploit', '--strategy', 'threshold:outOfTurnBelow=0', '--budgets', '10']), /only for a search player/);
    expectUserError(runCli(['liars', 'exploit', '--strategy', 'ismcts:c=-1']), /c must be a number/);
  });
});

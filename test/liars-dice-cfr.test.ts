import { describe, expect, it } from 'vitest';
import { expectWithinSE } from './kit/within-se.js';
import { LiarsSolver, enumerateHands, solve, type Variant } from '../src/games/liars-dice/exact-cfr.js';
import { botExploitability, exactMatch, fillBotPolicy, rulesForVariant } from '../src/games/liars-dice/exact-play.js';
import { Tournament, summarizeTournament, type TournamentParams } from '../src/games/liars-dice/kernels.js';
import { createStrategy } from '../src/games/liars-dice/strategies/index.js';
import { Rng } from '../src/core/rng.js';

/** Ordered dice tuples of d dice (each with chance 1/sides^d) — independent of the solver's sorted hands. */
function tuples(d: number, s: number): number[][] {
  if (d === 0) return [[]];
  return tuples(d - 1, s).flatMap((t) => Array.from({ length: s }, (_, f) => [...t, f + 1]));
}

/** A naive reference: the game written out move by move, with both players uniform (a fresh solver's average). */
function naive(variant: Variant, dice: [number, number], S: number) {
  const B = (dice[0] + dice[1]) * S;
  const face = (b: number) => (variant === 'seed' ? ((b % S) === S - 1 ? 1 : (b % S) + 2) : (b % S) + 1);
  const count = (b: number) => Math.floor(b / S) + 1;
  const matches = (hand: number[], f: number, wild: boolean) => hand.filter((x) => x === f || (variant === 'seed' && wild && f !== 1 && x === 1) || (variant === 'openspiel' && f !== S && x === S)).length;
  const T = [tuples(dice[0], S), tuples(dice[1], S)];
  const w = [1 / S ** dice[0], 1 / S ** dice[1]];
  const actions = (seq: number[]) => {
    const top = seq.length ? seq[seq.length - 1] : -1;
    const a: number[] = seq.length ? [-1] : [];
    for (let b = top + 1; b < B; b++) a.push(b);
    return a;
  };
  /** payoff to player i when the player to move after seq calls */
  const payoff = (i: number, seq: number[], hi: number[], ho: number[]) => {
    const top = seq[seq.length - 1], f = face(top);
    const wild = !seq.some((b) => face(b) === 1);
    const isTrue = matches(hi, f, wild) + matches(ho, f, wild) >= count(top);
    const caller = seq.length % 2;
    const winner = isTrue ? 1 - caller : caller;
    return winner === i ? 1 : -1;
  };
  /** value for player i holding hi, opponent's reach over tuples given; best: i maximises, else uniform */
  const f = (i: number, hi: number[], seq: number[], reach: number[], best: boolean): number => {
    const acts = actions(seq), p = seq.length % 2, u = 1 / acts.length;
    const vals = acts.map((a) => {
      const r = p === i ? reach : reach.map((x) => x * u);
      if (a < 0) return T[1 - i].reduce((s, ho, k) => s + r[k] * payoff(i, seq, hi, ho), 0);
      return f(i, hi, [...seq, a], r, best);
    });
    if (p !== i) return vals.reduce((s, v) => s + v, 0);
    return best ? Math.max(...vals) : vals.reduce((s, v) => s + v * u, 0);
  };
  const root = (i: number, best: boolean) => T[i].reduce((s, hi) => s + w[i] * f(i, hi, [], T[1 - i].map(() => w[1 - i]), best), 0);
  return { value0: root(0, false), br0: root(0, true), br1: root(1, true) };
}

describe('liars dice: CFR+ solver', () => {
  it('hands and their chance weights', () => {
    const h = enumerateHands(2, 6);
    expect(h.hands).toHaveLength(21);
    expect(h.weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 14);
    expect(h.weights[h.hands.findIndex((x) => x.join() === '1,2')]).toBeCloseTo(2 / 36, 15);
  });

  for (const [variant, dice, sides] of [['openspiel', [1, 1], 2], ['seed', [1, 1], 3], ['seed', [1, 2], 2], ['plain', [2, 1], 2], ['openspiel', [1, 2], 2]] as const) {
    it(`${variant} ${dice.join(',')} dice ${sides} sides: values and best responses equal a naive move-by-move evaluation`, () => {
      const s = new LiarsSolver({ variant, dice: [dice[0], dice[1]], sides });
      const ref = naive(variant, [dice[0], dice[1]], sides);
      expect(s.value0()).toBeCloseTo(ref.value0, 12);
      const e = s.exploitability();
      expect(e.br0).toBeCloseTo(ref.br0, 12);
      expect(e.br1).toBeCloseTo(ref.br1, 12);
    });
  }

  it('exploitability falls towards 0 and the average profile is a near-equilibrium (seed, 1 die each, 3 sides)', () => {
    const { result } = solve({ variant: 'seed', dice: [1, 1], sides: 3, target: 1e-6, maxIterations: 5000 });
    expect(result.converged).toBe(true);
    const c = result.convergence;
    expect(c[c.length - 1].exploitability).toBeLessThan(c[0].exploitability / 1000);
    // value within the exploitability bracket: br1 ≥ −value0 and br0 ≥ value0
    expect(result.br0).toBeGreaterThanOrEqual(result.value0 - 1e-12);
    expect(result.br1).toBeGreaterThanOrEqual(-result.value0 - 1e-12);
  });

  it('reproduces OpenSpiel liars_dice (1 die each, 6 sides): value −7/258 within 1e-4, exploitability ≤ 1e-4', () => {
    const { result } = solve({ variant: 'openspiel', dice: [1, 1], sides: 6, target: 1e-4, maxIterations: 5000 });
    expect(result.exploitability).toBeLessThanOrEqual(1e-4);
    expect(Math.abs(result.value0 - -7 / 258)).toBeLessThanOrEqual(1e-4);
  });

  it('bots exactly: the tournament simulator matches the exact match value (equilibrium vs threshold, ≤ 4 SE)', () => {
    const rules = rulesForVariant('seed', 1, 4);
    const ctx = { rules, players: 2 };
    const eq = solve({ variant: 'seed', dice: [1, 1], sides: 4, target: 1e-3, maxIterations: 3000 }).solver;
    const botSolver = new LiarsSolver({ variant: 'seed', dice: [1, 1], sides: 4 });
    const bot = createStrategy({ name: 'threshold', params: { outOfTurnBelow: 0 } }, ctx);
    fillBotPolicy(botSolver, bot, rules, 0);
    fillBotPolicy(botSolver, bot, rules, 1);
    const exact = exactMatch(eq, botSolver);
    const params: TournamentParams = { rules, strategies: [{ name: 'equilibrium', params: {} }, { name: 'threshold', params: { outOfTurnBelow: 0 } }] };
    const t = new Tournament(params);
    const acc = new Float64Array(t.lay.size);
    t.playRounds(new Rng(4), 200_000, acc);
    const m = summarizeTournament(params, acc).seats[0].penaltiesPerRound;
    expectWithinSE(m.mean, exact.penaltiesA, m.se);
    // a best response gains at least the equilibrium value against the bot, from either seat
    const ex = botExploitability('seed', 1, 4, bot);
    expect(ex.brAsOpener).toBeGreaterThanOrEqual(exact.valueAOpens - 1e-3);
    expect(ex.exploitability).toBeGreaterThan(0);
    // a bot that draws random numbers has no exact policy table
    expect(() => botExploitability('seed', 1, 4, createStrategy({ name: 'random', params: {} }, ctx))).toThrow(/random numbers/);
  });
});

describe('solve: one exploitability traversal per checkpoint', () => {
  it('computes exploitability exactly once per convergence point (none thrown away)', () => {
    const proto = LiarsSolver.prototype as unknown as { exploitability: () => unknown };
    const orig = proto.exploitability;
    let calls = 0;
    proto.exploitability = function (this: unknown) {
      calls++;
      return orig.call(this);
    };
    try {
      const { result } = solve({ variant: 'seed', dice: [1, 1], sides: 3, target: 1e-3, maxIterations: 2000 });
      expect(result.convergence.length).toBeGreaterThan(3);
      expect(calls).toBe(result.convergence.length);
    } finally {
      proto.exploitability = orig;
    }
  });
});

/**
 * The rules of the example games, checked move by move (examples/*\/state.js), and Zombie Dice's
 * exact one-turn expectimax against sampled turns (4 standard errors, fixed seeds) on a cup small
 * enough to solve in a test.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { CHANCE } from '../src/games/state.js';
// @ts-expect-error -- a plain JS module (typed by JSDoc, checked by examples/tsconfig.json)
import { KnucklebonesState, columnScore } from '../examples/knucklebones/state.js';
// @ts-expect-error -- a plain JS module (typed by JSDoc, checked by examples/tsconfig.json)
import { NoThanksState, PASS, TAKE, startingChips, takeCost } from '../examples/no-thanks/state.js';
// @ts-expect-error -- a plain JS module (typed by JSDoc, checked by examples/tsconfig.json)
import { ZombieDiceState, ROLL, STOP, BRAIN, FOOTSTEPS, SHOTGUN } from '../examples/zombie-dice/state.js';
// @ts-expect-error -- a plain JS module (typed by JSDoc, checked by examples/tsconfig.json)
import { oneTurnSolver, stopTable } from '../examples/zombie-dice/analysis.js';

describe('Knucklebones', () => {
  const rules = { columns: 3, rows: 3, faces: 6, ties: 'shared' as const };

  it('a column scores each face times its count squared: 4 4 1 is 33, 5 5 5 is 45', () => {
    const counts = new Int8Array(6);
    counts[3] = 2; counts[0] = 1;
    expect(columnScore(counts, 0, 6)).toBe(4 * 4 + 1);
    counts.fill(0); counts[4] = 3;
    expect(columnScore(counts, 0, 6)).toBe(45);
  });

  it('placing a die knocks out the opponent\'s dice of that face in that column', () => {
    const s = new KnucklebonesState(rules);
    const play = (face: number, column: number) => {
      expect(s.currentPlayer()).toBe(CHANCE);
      s.applyChanceOutcome(face);
      s.applyAction(column);
    };
    play(3, 0); // seat 0: a 3 in column 1
    play(5, 1); // seat 1
    play(3, 0); // seat 0: 3 3 → 12
    expect(s.total(0)).toBe(12);
    play(3, 0); // seat 1 places a 3 in column 1: both of seat 0's 3s go
    expect(s.total(0)).toBe(0);
    expect(s.columnText(1, 0)).toBe('3');
    expect(s.total(1)).toBe(8);
  });

  it('the game ends when the mover fills its grid; a tie is shared or goes to the second player', () => {
    for (const ties of ['shared', 'second-player'] as const) {
      const s = new KnucklebonesState({ columns: 1, rows: 1, faces: 6, ties });
      s.applyChanceOutcome(4);
      s.applyAction(0);
      expect(s.isTerminal()).toBe(true);
      const out = new Float64Array(2);
      s.returns(out);
      expect(Array.from(out)).toEqual([1, 0]);
      const t = new KnucklebonesState({ columns: 2, rows: 1, faces: 6, ties });
      for (const [face, col] of [[1, 0], [3, 0], [2, 1]]) {
        t.applyChanceOutcome(face);
        t.applyAction(col);
      }
      // seat 0 fills its grid with 1 + 2, seat 1 holds a 3
      expect(t.isTerminal()).toBe(true);
      t.returns(out);
      expect(t.total(0)).toBe(t.total(1));
      expect(Array.from(out)).toEqual(ties === 'shared' ? [0.5, 0.5] : [0, 1]);
    }
  });
});

describe('No Thanks!', () => {
  const rules = { lowest: 3, highest: 35, removed: 9, chips: 11, chipsAt6: 9, chipsAt7: 7, runs: true, ties: 'shared' as const };

  it('chips by table size; 24 cards come up; a run scores its lowest card; chips count off', () => {
    expect([3, 4, 5, 6, 7].map((p) => startingChips(rules, p))).toEqual([11, 11, 11, 9, 7]);
    const s = new NoThanksState(rules, 3);
    s.applyChance(new Rng(5));
    let taken = 0;
    while (!s.isTerminal()) {
      s.applyAction(TAKE);
      taken++;
    }
    expect(taken).toBe(24);
    // seat 0 took every card: each run by its lowest, less its 11 chips
    const cards = Array.from(s.deck.subarray(0, 24) as Int8Array).sort((a, b) => a - b);
    const expected = cards.filter((c, i) => i === 0 || cards[i - 1] !== c - 1).reduce((a, b) => a + b, 0) - 11;
    expect(s.score(0)).toBe(expected);
  });

  it('passing pays a chip to the pot; taking collects it, and the taker moves again; no chips: must take', () => {
    const s = new NoThanksState({ ...rules, chips: 1 }, 3);
    s.applyChance(new Rng(1));
    const card = s.card();
    s.applyAction(PASS);
    s.applyAction(PASS);
    expect(s.pot).toBe(2);
    const out = new Int32Array(2);
    expect(s.legalActions(out)).toBe(2);
    expect(takeCost(s)).toBe(card - 2 - (s.owner[card + 1] === 2 ? card + 1 : 0));
    s.applyAction(TAKE);
    expect(s.toMove).toBe(2);
    expect(s.chips[2]).toBe(3);
    expect(s.owner[card]).toBe(2);
    s.applyAction(PASS);
    s.applyAction(PASS);
    expect(s.legalActions(out)).toBe(1);
    expect(out[0]).toBe(TAKE);
  });

  it('determinize reshuffles only the cards not yet seen', () => {
    const s = new NoThanksState(rules, 4);
    s.applyChance(new Rng(2));
    for (let i = 0; i < 10; i++) s.applyAction(i % 3 === 0 ? TAKE : PASS);
    const d = s.determinize(1, new Rng(3)) as NoThanksState;
    expect(Array.from(d.deck.subarray(0, s.turned))).toEqual(Array.from(s.deck.subarray(0, s.turned)));
    expect(Array.from(d.deck.subarray(s.turned)).sort()).toEqual(Array.from(s.deck.subarray(s.turned)).sort());
    expect(Array.from(d.deck)).not.toEqual(Array.from(s.deck));
    expect(d.informationKey(1)).toBe(s.informationKey(1));
  });
});

describe('Zombie Dice', () => {
  const rules = { green: 6, yellow: 4, red: 3, hand: 3, shotguns: 3, target: 13, tieBreakRounds: 1 };
  // small enough to solve in a test: 7 dice
  const small = { ...rules, green: 3, yellow: 2, red: 2 };

  it('a turn draws three dice, rolls them one by one; three shotguns bank nothing', () => {
    const s = new ZombieDiceState(rules, 2);
    for (const colour of [2, 2, 2]) s.applyChanceOutcome(colour);
    expect(s.cup[2]).toBe(0);
    s.applyChanceOutcome(BRAIN);
    s.applyChanceOutcome(SHOTGUN);
    s.applyChanceOutcome(FOOTSTEPS);
    expect(s.currentPlayer()).toBe(0);
    expect(s.inHand()).toBe(1);
    s.applyAction(ROLL); // the footsteps die is rolled again with two new ones
    for (const colour of [1, 1]) s.applyChanceOutcome(colour);
    s.applyChanceOutcome(SHOTGUN);
    s.applyChanceOutcome(SHOTGUN);
    s.applyChanceOutcome(BRAIN);
    expect(s.banked[0]).toBe(0);
    expect(s.busts).toBe(1);
    expect(s.toMove).toBe(1);
  });

  it('the target makes the round the last; a tie at the top plays a tie-break round', () => {
    const s = new ZombieDiceState({ ...rules, target: 1 }, 3);
    const brainTurn = () => {
      for (const c of [0, 0, 0]) s.applyChanceOutcome(c);
      for (const f of [BRAIN, FOOTSTEPS, FOOTSTEPS]) s.applyChanceOutcome(f);
      s.applyAction(STOP);
    };
    brainTurn(); // seat 0 reaches the target: seats 1 and 2 still play
    expect(s.isTerminal()).toBe(false);
    brainTurn();
    for (const c of [0, 0, 0]) s.applyChanceOutcome(c);
    for (const f of [SHOTGUN, SHOTGUN, SHOTGUN]) s.applyChanceOutcome(f);
    // seats 0 and 1 tie on 1: a tie-break round for the two of them
    expect(s.isTerminal()).toBe(false);
    expect(Array.from(s.active)).toEqual([1, 1, 0]);
    brainTurn();
    brainTurn();
    expect(s.isTerminal()).toBe(true); // the tie stands after the one tie-break round
    const out = new Float64Array(3);
    s.returns(out);
    expect(Array.from(out)).toEqual([0.5, 0.5, 0]);
  });

  it('an empty cup takes back the brains, which stay counted', () => {
    const s = new ZombieDiceState({ ...rules, green: 3, yellow: 0, red: 0 }, 2);
    for (const c of [0, 0, 0]) s.applyChanceOutcome(c);
    for (const f of [BRAIN, BRAIN, FOOTSTEPS]) s.applyChanceOutcome(f);
    s.applyAction(ROLL);
    expect(s.inHand()).toBe(2);
    expect(s.cup[0]).toBe(2); // the cup was empty: both brains went back in
    expect(s.currentPlayer()).toBe(CHANCE);
  });

  /** Play one turn from the start with the solver's choices; what it banks. */
  function sampledTurn(solver: ReturnType<typeof oneTurnSolver>, r: typeof rules, rng: Rng, visits?: Map<string, number>): number {
    const s = new ZombieDiceState({ ...r, target: 1e9 }, 2);
    while (s.turns === 0) {
      if (s.currentPlayer() === CHANCE) s.applyChance(rng);
      else {
        const cell = `${Math.min(s.shotguns(), 2)},${Math.min(s.inHand(), 12)}`;
        visits?.set(cell, (visits.get(cell) ?? 0) + 1);
        s.applyAction(solver.rollsOn(s) ? ROLL : STOP);
      }
    }
    return s.lastBanked;
  }

  it('exact: the expectimax turn banks what sampled turns of its policy bank (4 standard errors)', () => {
    const solver = oneTurnSolver(small);
    const exact = solver.value(new ZombieDiceState(small, 2));
    const rng = new Rng(38), n = 40_000;
    let sum = 0, sum2 = 0;
    for (let i = 0; i < n; i++) {
      const b = sampledTurn(solver, small, rng);
      sum += b;
      sum2 += b * b;
    }
    const mean = sum / n, se = Math.sqrt((sum2 / n - mean * mean) / n);
    expect(Math.abs(mean - exact)).toBeLessThan(4 * se);
    // stopping at once, or always rolling, banks less than the best stopping
    expect(exact).toBeGreaterThan(1.5);
  });

  it('exact: the stop table\'s reach of each (shotguns, brains) cell matches sampled turns', () => {
    const table = stopTable(small);
    const solver = oneTurnSolver(small);
    const rng = new Rng(7), n = 20_000, visits = new Map<string, number>();
    for (let i = 0; i < n; i++) sampledTurn(solver, small, rng, visits);
    for (const row of table) {
      const seen = (visits.get(`${row.shotguns},${row.brains}`) ?? 0) / n;
      // visits per turn: a count, bounded by a few per turn; a Poisson-like se from its own mean
      const se = Math.sqrt(Math.max(row.reach, 1 / n) / n);
      expect(Math.abs(seen - row.reach), `cell ${row.shotguns},${row.brains}`).toBeLessThan(4 * se + 1e-9);
    }
    // every turn ends with one stop or three shotguns: the stops' reach is at most one turn
    const stops = (table as { reach: number; rollOn: number }[]).reduce((a, r) => a + r.reach * (1 - r.rollOn), 0);
    expect(stops).toBeGreaterThan(0.5);
    expect(stops).toBeLessThan(1);
  });

  it('the solver\'s brains cap changes its value by under 1e-3 (14 against 20)', () => {
    const a = oneTurnSolver(small, 14).value(new ZombieDiceState(small, 2));
    const b = oneTurnSolver(small, 20).value(new ZombieDiceState(small, 2));
    expect(Math.abs(a - b)).toBeLessThan(1e-3);
  });
});

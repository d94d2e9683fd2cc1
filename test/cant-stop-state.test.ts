/**
 * Can't Stop: the rules of the engine on scripted rolls, and the game interface (state.ts) playing
 * the same game as the engine's play loop from the same seed, move for move.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { CHANCE, MAX_ACTIONS, TERMINAL } from '../src/games/state.js';
import { CantStopEngine, DRAW, MAX_MOVES, moveText, ROLL, STOP, type CantStopPlayer } from '../src/games/cant-stop/engine.js';
import { loadRules, type CantStopRules } from '../src/games/cant-stop/rules.js';
import { CantStopState, stateGame } from '../src/games/cant-stop/state.js';
import { ROLL_CLASSES, ROLLS } from '../src/games/cant-stop/tables.js';
import { STRATEGIES } from '../src/games/cant-stop/strategies/index.js';

const rules = loadRules();
/** The roll index of four dice (d0..d3, 1..6). */
const roll = (d: number[]) => d.reduce((r, x, i) => r + (x - 1) * 6 ** i, 0);
const moves = (e: CantStopEngine, dice: number[]) => {
  const out = new Int32Array(MAX_MOVES);
  const n = e.legalMoves(roll(dice), out);
  return Array.from(out.subarray(0, n)).map(moveText);
};
const col = (sum: number) => sum - 2;

describe("Can't Stop engine rules", () => {
  it('offers each pairing, both sums together, and busts when no runner column is made', () => {
    const e = new CantStopEngine(rules, 2);
    // 1-5-4-6 (the rulebook's example): 6+10, 5+11, 7+9
    expect(moves(e, [1, 5, 4, 6])).toEqual(['5+11', '6+10', '7+9']);
    e.applyMove(col(6) * 12 + col(10));
    e.applyMove(col(8) * 12 + 11);
    expect(e.runnersUsed).toBe(3);
    // runners on 6, 8, 10: the rulebook's 2-4-5-5 can only move the 6 (with 10) — here 6+10 or nothing else
    expect(moves(e, [2, 4, 5, 5])).toEqual(['6+10']);
    // 1-1-1-1 makes only 2s: a bust with three runners elsewhere
    expect(moves(e, [1, 1, 1, 1])).toEqual([]);
  });

  it('with one runner left and two new sums, either one alone (the rulebook: 5 and 9)', () => {
    const e = new CantStopEngine(rules, 2);
    e.applyMove(col(3) * 12 + col(6));
    // 2-4-3-5: 6+8 (6 moves, 8 new), 5+9 (one of them), 7+7 (two up in 7)
    expect(moves(e, [2, 4, 3, 5])).toEqual(['5', '6+8', '7+7', '9']);
    e.applyMove(col(7) * 12 + col(7));
    expect(e.runner[col(7)]).toBe(2);
  });

  it('mustUseBoth=false offers each sum alone as well', () => {
    const e = new CantStopEngine({ ...rules, mustUseBoth: false }, 2);
    expect(moves(e, [1, 5, 4, 6])).toEqual(['5+11', '5', '6+10', '6', '7+9', '7', '9', '10', '11']);
  });

  it('stopping keeps the progress and claims a column at its top; claimed columns are closed to all', () => {
    const e = new CantStopEngine(rules, 2);
    e.marker[1 * 11 + col(2)] = 2; // seat 1 has a marker in column 2
    e.applyMove(col(2) * 12 + col(2)); // 1-1-1-1: two steps up column 2
    e.applyMove(col(2) * 12 + 11);
    expect(e.runner[col(2)]).toBe(3);
    e.stop();
    expect(e.claimedBy[col(2)]).toBe(0);
    expect(e.claims[0]).toBe(1);
    expect(e.marker[1 * 11 + col(2)]).toBe(0);
    expect(e.seat).toBe(1);
    expect(moves(e, [1, 1, 1, 1])).toEqual([]);
  });

  it('a runner at its top cannot move; a busted turn keeps only the markers', () => {
    const e = new CantStopEngine(rules, 2);
    e.applyMove(col(2) * 12 + col(2));
    e.applyMove(col(2) * 12 + 11);
    expect(moves(e, [1, 1, 1, 1])).toEqual([]);
    e.bust();
    expect(e.marker[col(2)]).toBe(0);
    expect(e.runner[col(2)]).toBe(0);
    expect(e.turns).toBe(1);
  });

  it('skipOccupied (variant A) jumps over other players\' markers', () => {
    const e = new CantStopEngine({ ...rules, skipOccupied: true }, 2);
    e.marker[1 * 11 + col(7)] = 1;
    e.applyMove(col(7) * 12 + 11);
    expect(e.runner[col(7)]).toBe(2);
  });

  it('the game ends when a stop gives the columns to win, or as a draw at the turn limit', () => {
    const e = new CantStopEngine({ ...rules, columnsToWin: 1 }, 2);
    e.applyMove(col(2) * 12 + col(2));
    e.applyMove(col(2) * 12 + 11);
    e.stop();
    expect(e.over).toBe(true);
    expect(e.winner).toBe(0);
    const d = new CantStopEngine({ ...rules, turnLimit: 3 }, 2);
    const never: CantStopPlayer = { chooseMove: () => 0, rollAgain: () => true };
    expect(d.playGame([never, never], new Rng(1), new Int32Array(MAX_MOVES))).toBe(DRAW);
    expect(d.turns).toBe(3);
  });
});

/** The engine's play loop, recording every roll and action. */
class Traced extends CantStopEngine {
  trace: number[] = [];
  protected override onRoll(r: number): void {
    this.trace.push(-1 - r);
  }
  protected override onAction(code: number): void {
    this.trace.push(code);
  }
}

/** The same game through the interface: chance from the rng, each seat's StatePlayer. */
function playState(r: CantStopRules, specs: string[], seed: number): { trace: number[]; winner: number; returns: number[] } {
  const s = stateGame.newGame(r, specs.length) as CantStopState;
  const players = specs.map((x, i) => stateGame.player(r, x, i));
  const rng = new Rng(seed);
  const trace: number[] = [];
  const buf = new Int32Array(MAX_ACTIONS);
  while (!s.isTerminal()) {
    const cur = s.currentPlayer();
    if (cur === CHANCE) {
      s.applyChance(rng);
      trace.push(-1 - s.engine.roll);
      continue;
    }
    const a = players[cur].act(s, rng);
    const n = s.legalActions(buf);
    expect(Array.from(buf.subarray(0, n))).toContain(a);
    trace.push(a);
    s.applyAction(a);
  }
  expect(s.currentPlayer()).toBe(TERMINAL);
  const out = new Float64Array(specs.length);
  s.returns(out);
  return { trace, winner: s.engine.winner, returns: Array.from(out) };
}

describe("Can't Stop through the game interface", () => {
  it.each([
    [['rule28', 'random'], 1],
    [['random', 'random', 'random'], 2],
    [['rule28', 'rule28:stop=20', 'random', 'rule28'], 3],
    [['random:roll=0.8', 'rule28'], 4],
  ] as const)('plays the same game as the engine loop, move for move (%j, seed %i)', (specs, seed) => {
    for (const r of [rules, { ...rules, mustUseBoth: false, skipOccupied: true }]) {
      const e = new Traced(r, specs.length);
      const ps = specs.map((x) => STRATEGIES.create(STRATEGIES.parse(x), r));
      const w = e.playGame(ps, new Rng(seed), new Int32Array(MAX_MOVES));
      const viaState = playState(r, [...specs], seed);
      expect(viaState.trace).toEqual(e.trace);
      expect(viaState.winner).toBe(w);
      expect(viaState.returns.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
      expect(viaState.returns[w]).toBe(1);
      expect(e.trace.filter((x) => x === STOP).length).toBeGreaterThan(0);
      expect(e.trace.filter((x) => x === ROLL).length).toBeGreaterThan(0);
    }
  });

  it('chance outcomes: the 126 sorted rolls, weights summing to 1296; applying one gives its legal moves', () => {
    const s = stateGame.newGame(rules, 2) as CantStopState;
    const o = new Int32Array(MAX_ACTIONS), p = new Float64Array(MAX_ACTIONS);
    const n = s.chanceOutcomes(o, p);
    expect(n).toBe(126);
    expect(ROLL_CLASSES.weight.reduce((a, b) => a + b, 0)).toBe(ROLLS);
    expect(p.subarray(0, n).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    const t = s.clone();
    t.applyChanceOutcome(o[0]);
    expect(t.currentPlayer()).toBe(0);
    expect(s.currentPlayer()).toBe(CHANCE);
    expect(t.informationKey(1)).toBe(t.determinize(1, new Rng(1)).informationKey(1));
    expect(t.toString()).toMatch(/seat 0 to move after 1-1-1-1/);
  });
});

describe("Can't Stop interface playouts", () => {
  it('allocate nothing per step once the state exists (players through the interface, 200 games)', async () => {
    const { measureAllocation } = await import('./helpers/alloc.js');
    // seat 1 reads the legal actions through the interface, as the framework's uniform player does
    const buf = new Int32Array(MAX_ACTIONS);
    const uniform = { act: (s: CantStopState, r: Rng) => buf[r.below(s.legalActions(buf))] };
    const players = [stateGame.player(rules, 'rule28', 0), uniform];
    const states = Array.from({ length: 200 }, () => stateGame.newGame(rules, 2));
    const fresh = () => states.map((s) => (s as CantStopState).clone());
    const rng = new Rng(9);
    let batch = fresh();
    const m = measureAllocation(
      () => {
        for (const s of batch) {
          while (!s.isTerminal()) {
            const cur = s.currentPlayer();
            if (cur === CHANCE) s.applyChance(rng);
            else s.applyAction(players[cur].act(s as CantStopState, rng));
          }
        }
      },
      () => {
        batch = fresh();
        for (const s of fresh()) {
          while (!s.isTerminal()) {
            const cur = s.currentPlayer();
            if (cur === CHANCE) s.applyChance(rng);
            else s.applyAction(players[cur].act(s as CantStopState, rng));
          }
        }
      },
    );
    expect(m.gcEvents).toBe(0);
    expect(m.bytes).toBeLessThan(64 * 1024);
  });
});

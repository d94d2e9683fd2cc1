/**
 * Liar's Dice through the game interface plays the engine's game: from the same seed, the same
 * dice, the same bids by the same seats, the same calls and penalties, the same next opener, and
 * the generator left in the same state after every round (so every draw was the same draw).
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { loadRules, type LiarsRules } from '../src/games/liars-dice/rules.js';
import { Tournament } from '../src/games/liars-dice/kernels.js';
import { LiarsState } from '../src/games/liars-dice/round-state.js';
import { stateGame } from '../src/games/liars-dice/state.js';
import { parseStrategyList } from '../src/games/liars-dice/strategies/index.js';
import { CHANCE, type StatePlayer } from '../src/games/state.js';

function roundRecord(r: LiarsState['round']) {
  return {
    dice: Array.from(r.dice),
    bids: Array.from(r.ranks.subarray(0, r.numBids)),
    bidders: Array.from(r.bidders.subarray(0, r.numBids)),
    direction: r.direction,
    caller: r.caller,
    inTurn: r.callerInTurn,
    challenged: r.challenged,
    penalties: Array.from(r.penalties),
    next: r.nextOpener,
  };
}

function compare(rules: LiarsRules, strategies: string, rounds: number, seed: number): { decisions: number; multi: number; outOfTurn: number } {
  const specs = parseStrategyList(strategies);
  const n = specs.length;
  const kernel = new Tournament({ rules, strategies: specs });
  const acc = new Float64Array(kernel.lay.size);
  const players: StatePlayer[] = specs.map((_, s) => stateGame.player(rules, strategies.split(',')[s], s, n));
  const a = new Rng(seed), b = new Rng(seed);
  let opener = 0, decisions = 0, multi = 0, outOfTurn = 0;
  for (let k = 0; k < rounds; k++) {
    kernel.playRounds(a, 1, acc);
    const expected = roundRecord(kernel.round);
    const state = new LiarsState(rules, n, opener);
    while (!state.isTerminal()) {
      if (state.currentPlayer() === CHANCE) state.applyChance(b);
      else {
        state.applyAction(players[state.currentPlayer()].act(state, b));
        decisions++;
      }
    }
    expect(roundRecord(state.round), `round ${k} (seed ${seed}, ${strategies})`).toEqual(expected);
    expect(Array.from(b.s), `generator after round ${k}`).toEqual(Array.from(a.s));
    opener = state.round.nextOpener;
    if (state.round.challenged > 1) multi++;
    if (!state.round.callerInTurn) outOfTurn++;
    expect(opener).toBe(kernel.opener);
  }
  return { decisions, multi, outOfTurn };
}

describe("Liar's Dice: the interface and the engine play the same game", () => {
  const rules = loadRules();
  it('the shipped rules (out-of-turn and multiple calls), four strategies, 300 rounds', () => {
    const r = compare(rules, 'threshold,conservative,bluffer,random', 300, 7);
    expect(r.decisions).toBeGreaterThan(300 * 4);
    // the paths of a call with several marked bids and of an out-of-turn call were taken
    expect(r.multi).toBeGreaterThan(0);
    expect(r.outOfTurn).toBeGreaterThan(0);
  });
  it('two and three seats, other seeds', () => {
    compare(rules, 'threshold,random', 300, 11);
    compare(rules, 'bluffer,conservative,threshold', 200, 12);
  });
  it('variants: no out-of-turn calls, single calls, 1s low, first loser opens', () => {
    compare(loadRules(undefined, ['outOfTurnCalls=false', 'multipleCalls=false']), 'threshold,conservative,random', 200, 3);
    compare(loadRules(undefined, ['onesRankHighest=false', 'wildOnes=false', 'nextOpener=firstLoser']), 'bluffer,threshold,random,random', 200, 4);
  });
  it('the equilibrium player too, on a table its solver fits', () => {
    compare(loadRules(undefined, ['dicePerPlayer=1']), 'equilibrium,random', 300, 5);
  });
});

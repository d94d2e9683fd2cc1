/**
 * Weilong through the game interface plays the kernel's game: from the same generator, the same seed
 * words, the same deals and dice, the same decisions (the engine's own trace, line for line) and the
 * same totals and win shares, game after game — and the kernel's accumulator agrees with the sums.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { loadRules, type WeilongRules } from '../src/games/weilong/rules.js';
import { WeilongGame } from '../src/games/weilong/engine.js';
import { gamesLayout, playGames, type GamesParams } from '../src/games/weilong/kernels.js';
import { WeilongState, stateGame } from '../src/games/weilong/state.js';
import { getStrategy } from '../src/games/weilong/strategies/index.js';
import { CHANCE } from '../src/games/state.js';

function compare(rules: WeilongRules, strategies: string[], games: number, seed: number, viaClones = false): { decisions: number; kinds: Set<number> } {
  const n = strategies.length;
  // the kernel: fixed seats, no ability-worth replays
  const params: GamesParams = { rules, strategies, rotate: false, abilityWorth: false };
  const { layout } = gamesLayout(params);
  const acc = new Float64Array(layout.length);
  playGames(params, new Rng(seed), games, acc);
  // the engine alone with the same seed words, tracing, for the line-by-line check
  const engine = new WeilongGame(rules);
  engine.setPlayers(strategies.map(getStrategy));
  const seeds = new Rng(seed);
  const players = strategies.map((s, i) => stateGame.player(rules, s, i, n));
  const rng = new Rng(seed);
  const wins = new Float64Array(n), points = new Float64Array(n), out = new Float64Array(n);
  let decisions = 0;
  const kinds = new Set<number>();
  for (let g = 0; g < games; g++) {
    let state = new WeilongState(rules, n);
    state.recordTrace();
    while (!state.isTerminal()) {
      // a clone copies the engine onto a fresh one: what it copies must be whole
      if (viaClones) {
        const c = state.clone();
        // the tie-break clock too, which only a tie at the end would show
        expect(Array.from(c.engine.lastFirst)).toEqual(Array.from(state.engine.lastFirst));
        expect(c.engine.clock).toBe(state.engine.clock);
        expect(c.toString()).toBe(state.toString());
        state = c;
      }
      if (state.currentPlayer() === CHANCE) state.applyChance(rng);
      else {
        kinds.add(state.questionKind());
        state.applyAction(players[state.currentPlayer()].act(state, rng));
        decisions++;
      }
    }
    engine.trace = [];
    engine.playGame(seeds.nextU32(), seeds.nextU32());
    expect(state.traceLines(), `game ${g}`).toEqual(engine.trace);
    state.returns(out);
    expect(Array.from(out)).toEqual(Array.from(engine.winShare.subarray(0, n)));
    for (let s = 0; s < n; s++) {
      wins[s] += out[s];
      points[s] += engine.score[s];
    }
  }
  expect(Array.from(rng.s)).toEqual(Array.from(seeds.s));
  const L = layout.offset;
  expect(Array.from(acc.subarray(L.seatWin, L.seatWin + n))).toEqual(Array.from(wins));
  expect(Array.from(acc.subarray(L.seatPts, L.seatPts + n))).toEqual(Array.from(points));
  return { decisions, kinds };
}

describe('Weilong: the interface and the kernel play the same game', () => {
  it('four strategies at four seats, 25 games: every kind of question is asked', () => {
    const r = compare(loadRules(), ['adaptive', 'element', 'dragon', 'noability'], 25, 3);
    expect(r.decisions).toBeGreaterThan(25 * 50);
    // collect, re-roll, change, return, trade, keep rolling
    expect([...r.kinds].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });
  it('played through a clone at every step (each on a fresh engine), 8 games', () => {
    compare(loadRules(), ['adaptive', 'element', 'dragon', 'noability'], 8, 7, true);
  });
  it('two, three and five seats; other rules (per-six changes, trade 6s kept out, no voluntary stop)', () => {
    compare(loadRules(), ['adaptive', 'dragon'], 10, 4);
    compare(loadRules(undefined, ['secondSonChanges=per-six', 'fifthSonCollectsTradeSixes=false']), ['adaptive', 'element', 'adaptive'], 10, 5);
    compare(loadRules(undefined, ['voluntaryStop=false', 'tieBreak=shared']), ['adaptive', 'element', 'dragon', 'noability', 'adaptive'], 8, 6);
  });
});

import { describe, expect, test } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { loadRules, type TichuRules } from '../src/games/tichu/rules.js';
import { Engine } from '../src/games/tichu/engine.js';
import { CHANCE, MAX_ACTIONS, TERMINAL } from '../src/games/state.js';
import { GRAND, PASS, PLAY, TichuState, stateGame } from '../src/games/tichu/state.js';
import { createStrategy, parseStrategySpec } from '../src/games/tichu/strategies/index.js';
import { descriptor } from '../src/games/tichu/descriptor.js';

/** The engine alone: one round with strategies sharing the engine's generator, as the kernels run it. */
function engineRound(rules: TichuRules, specs: string[], seed: number) {
  const rng = new Rng(seed);
  const e = new Engine(rules, specs.map((s) => createStrategy(parseStrategySpec(s), rules, rng)), rng);
  const log: string[] = [];
  e.trace = (p, cards, from, n) => { log.push(`${p}: ${Array.from(cards.subarray(from, from + n)).join(' ')}`); };
  e.playRound();
  return { log, calls: Array.from(e.calls), passed: Array.from(e.passedCards), points: Array.from(e.roundPoints), out: Array.from(e.outOrder.subarray(0, e.nOut)), rngAfter: Array.from(rng.s) };
}

/** The same round through the interface: one generator for the shuffle and the players' draws. */
function stateRound(rules: TichuRules, specs: string[], seed: number) {
  const rng = new Rng(seed);
  const players = specs.map((s, seat) => stateGame.player(rules, s, seat, 4));
  const s = stateGame.newGame(rules, 4) as TichuState;
  s.recordPlays();
  const out = new Int32Array(MAX_ACTIONS);
  let decisions = 0;
  while (!s.isTerminal()) {
    if (s.currentPlayer() === CHANCE) { s.applyChance(rng); continue; }
    const a = players[s.currentPlayer()].act(s, rng);
    const n = s.legalActions(out);
    expect(Array.from(out.subarray(0, n)), `${s}: ${a}`).toContain(a);
    s.applyAction(a);
    decisions++;
  }
  const e = s.engine;
  return {
    state: s, decisions,
    result: { log: s.playLog(), calls: Array.from(e.calls), passed: Array.from(e.passedCards), points: Array.from(e.roundPoints), out: Array.from(e.outOrder.subarray(0, e.nOut)), rngAfter: Array.from(rng.s) },
  };
}

describe('Tichu through the game interface (src/games/state.ts)', () => {
  const cases: [string, string[], string[]][] = [
    ['default rules, heuristic vs random', [], ['heuristic', 'random:call=0.3,bomb=0.5', 'heuristic', 'random']],
    ['Tichu worth 50, search in seat 0', ['calls.tichu=50'], ['search:budget=3', 'heuristic:grand=5,tichu=5', 'random:call=0.2', 'heuristic:callerBomb=1']],
    ['no out-of-turn bombs, Tichu only before passing, Grand Tichu all at once, no wish binding the lead', ['assumptions.outOfTurnBombs=false', 'assumptions.tichuUntilFirstCard=false', 'assumptions.grandTichuInSeatOrder=false', 'assumptions.wishBindsLead=false'], ['random:call=0.3,bomb=1', 'random:bomb=1', 'heuristic', 'random']],
    ['no passing, straight flushes from 4', ['passing=false', 'minStraightFlush=4'], ['random:bomb=1', 'heuristic', 'random:bomb=1', 'heuristic']],
  ];
  test.each(cases)('move for move the engine\'s round: %s', (_name, sets, specs) => {
    const rules = loadRules(undefined, sets);
    let plays = 0;
    for (let seed = 1; seed <= (specs[0].startsWith('search') ? 4 : 25); seed++) {
      const e = engineRound(rules, specs, seed);
      const s = stateRound(rules, specs, seed);
      // the same deal, calls, passes, plays card for card, points, and the same draws from the generator
      expect(s.result, `seed ${seed}`).toEqual(e);
      expect(s.state.currentPlayer()).toBe(TERMINAL);
      const ret = new Float64Array(4);
      s.state.returns(ret);
      expect(Array.from(ret)).toEqual([e.points[0], e.points[1], e.points[0], e.points[1]]);
      plays += e.log.length;
    }
    expect(plays).toBeGreaterThan(20);
  });

  test('determinize before the first lead: the seat keeps its cards, the others are dealt anew, nothing it saw changes', () => {
    const rules = loadRules();
    const s = stateGame.newGame(rules, 4) as TichuState;
    const rng = new Rng(7);
    s.applyChance(rng);
    expect(s.questionKind()).toBe(GRAND);
    const out = new Int32Array(MAX_ACTIONS);
    let changed = 0, afterExchange = 0;
    // through the Grand Tichu questions, the six more cards and the Tichu questions, up to the passes
    for (let step = 0; s.questionKind() !== PLAY && step < 20; step++) {
      const seat = s.currentPlayer();
      for (let k = 0; k < 10; k++) {
        const d = s.determinize(seat, rng);
        expect(d.informationKey(seat)).toBe(s.informationKey(seat));
        expect(d.handOf(seat)).toEqual(s.handOf(seat));
        if (d.handOf((seat + 1) & 3).join() !== s.handOf((seat + 1) & 3).join()) {
          changed++;
          if (s.engine.passedCards[9] >= 0) afterExchange++;
        }
        expect(d.currentPlayer()).toBe(seat);
      }
      s.legalActions(out);
      s.applyAction(s.questionKind() === PASS ? out[step] : 0);
    }
    expect(changed).toBeGreaterThan(50);
    // the Tichu questions after the passing too (what seat received stays in the key)
    expect(afterExchange).toBeGreaterThan(20);
  });

  test('determinize in the play: what seat saw is kept, the hidden cards are redealt (nearly always)', () => {
    const rules = loadRules();
    const out = new Int32Array(MAX_ACTIONS);
    let tries = 0, redealt = 0, later = 0;
    for (let seed = 1; seed <= 4; seed++) {
      const rng = new Rng(seed);
      const s = stateGame.newGame(rules, 4) as TichuState;
      const players = ['heuristic', 'random:bomb=1', 'heuristic', 'random:call=0.2,bomb=1'].map((p, seat) => stateGame.player(rules, p, seat, 4));
      while (!s.isTerminal()) {
        if (s.currentPlayer() === CHANCE) { s.applyChance(rng); continue; }
        if (s.engine.plays > 0) {
          for (let seat = 0; seat < 4; seat++) {
            const d = s.determinize(seat, rng);
            expect(d.informationKey(seat), `${s}`).toBe(s.informationKey(seat));
            expect(d.currentPlayer()).toBe(s.currentPlayer());
            expect(d.handOf(seat)).toEqual(s.handOf(seat));
            tries++;
            const others = [1, 2, 3].map((k) => (seat + k) & 3);
            const hidden = others.reduce((n, q) => n + s.engine.nCards[q], 0);
            if (hidden > 3 && others.some((q) => d.handOf(q).join() !== s.handOf(q).join())) redealt++;
            // the redealt round plays on: its own actions apply
            if (tries % 7 === 0 && !d.isTerminal()) {
              const n = d.legalActions(out);
              d.applyAction(out[n - 1]);
              later++;
            }
          }
        }
        s.applyAction(players[s.currentPlayer()].act(s, rng));
      }
    }
    expect(later).toBeGreaterThan(10);
    // a copy (nothing redealt) only where a hand of few cards leaves little to redeal, or 64 draws fail
    expect(redealt / tries).toBeGreaterThan(0.9);
  });

  test('the descriptor declares the interface and the tournament and balance examples', async () => {
    expect(await descriptor.state!()).toBe(stateGame);
    expect(descriptor.examples.tournament?.length).toBeGreaterThan(0);
    expect(descriptor.examples.balance?.length).toBeGreaterThan(0);
    expect(() => stateGame.newGame(loadRules(), 3)).toThrow(/4 players/);
  });
});

import { describe, expect, test } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { loadRules, type DraculaRules } from '../src/games/dracula/rules.js';
import { DraculaGame } from '../src/games/dracula/engine.js';
import { CHANCE, MAX_ACTIONS, TERMINAL } from '../src/games/state.js';
import { ACTION_CALL, ACTION_DRAW, DraculaState, stateGame } from '../src/games/dracula/state.js';
import type { DraculaPlayer } from '../src/games/dracula/strategy.js';
import { STRATEGIES } from '../src/games/dracula/strategies/index.js';
import { descriptor } from '../src/games/dracula/descriptor.js';

/** Wraps an engine player and records every decision: [seat, action] (calls as ACTION_CALL/DRAW). */
class Recording implements DraculaPlayer {
  constructor(readonly inner: DraculaPlayer, readonly seat: number, readonly log: [number, number][]) {}
  callEnd(v: Parameters<DraculaPlayer['callEnd']>[0], rng: Rng): boolean {
    const c = this.inner.callEnd(v, rng);
    this.log.push([this.seat, c ? ACTION_CALL : ACTION_DRAW]);
    return c;
  }
  turn(v: Parameters<DraculaPlayer['turn']>[0], drawn: number, rng: Rng): number {
    const a = this.inner.turn(v, drawn, rng);
    this.log.push([this.seat, a]);
    return a;
  }
}

function engineGame(rules: DraculaRules, d: string, h: string, deckSeed: number, playerSeed: number) {
  const log: [number, number][] = [];
  const g = new DraculaGame(rules, [new Recording(STRATEGIES.create(STRATEGIES.parse(d), rules), 0, log), new Recording(STRATEGIES.create(STRATEGIES.parse(h), rules), 1, log)], new Rng(deckSeed), new Rng(playerSeed));
  const w = g.playGame();
  return { w, log, health: g.health, vampires: Array.from(g.vampires), round: g.round };
}

describe('Dracula through the game interface (src/games/state.ts)', () => {
  const cases: [string, string[], string, string][] = [
    ['default rules, greedy vs random', [], 'greedy', 'random'],
    ['random vs random, re-ranked every round, vane alternating, Van Helsing first', ['rankingEachRound=true', 'weathervane=alternate', 'firstPlayer=helsing'], 'random', 'random'],
    ['no last turn, health 4', ['lastTurnAfterCall=false', 'health=4'], 'greedy', 'greedy'],
  ];
  test.each(cases)('move for move the engine\'s game: %s', (_name, sets, d, h) => {
    const rules = loadRules(undefined, sets);
    const out = new Int32Array(MAX_ACTIONS), ret = new Float64Array(2);
    for (let i = 0; i < 40; i++) {
      const e = engineGame(rules, d, h, 100 + i, 200 + i);
      // the same decisions replayed through the interface, each checked legal and by the right seat
      const s = stateGame.newGame(rules, 2) as DraculaState;
      const deck = new Rng(100 + i);
      let k = 0;
      while (!s.isTerminal()) {
        if (s.currentPlayer() === CHANCE) {
          s.applyChance(deck);
          continue;
        }
        const [seat, action] = e.log[k++];
        expect(s.currentPlayer()).toBe(seat);
        const n = s.legalActions(out);
        expect(Array.from(out.subarray(0, n))).toContain(action);
        s.applyAction(action);
      }
      expect(k).toBe(e.log.length);
      expect(s.currentPlayer()).toBe(TERMINAL);
      expect(s.outcome).toBe(e.w);
      expect([s.g.health, Array.from(s.g.vampires), s.g.round]).toEqual([e.health, e.vampires, e.round]);
      // and the registry's players over the interface, on the same streams, play the same game
      const t = stateGame.newGame(rules, 2) as DraculaState;
      const players = [stateGame.player(rules, d, 0), stateGame.player(rules, h, 1)];
      const deck2 = new Rng(100 + i), prng = new Rng(200 + i);
      let moves = 0;
      while (!t.isTerminal()) {
        if (t.currentPlayer() === CHANCE) t.applyChance(deck2);
        else {
          expect(players[t.currentPlayer()].act(t, prng)).toBe(e.log[moves++][1]);
          t.applyAction(e.log[moves - 1][1]);
        }
      }
      t.returns(ret);
      expect(ret[0] + ret[1]).toBe(1);
      expect(ret[0]).toBe(e.w === 2 ? 0 : 1);
    }
  });

  test('clone, determinize and the information key', () => {
    const rules = loadRules();
    const s = stateGame.newGame(rules, 2) as DraculaState;
    s.applyChance(new Rng(5));
    const out = new Int32Array(MAX_ACTIONS);
    const n = s.legalActions(out);
    expect(n).toBeGreaterThan(1);
    const c = s.clone() as DraculaState;
    c.applyAction(out[0]);
    expect(s.toString()).not.toBe(c.toString());
    // a determinization keeps what the seat to move knows, and changes the rest (some of the time)
    const seat = s.currentPlayer();
    let differs = 0;
    for (let i = 0; i < 20; i++) {
      const dz = s.determinize(seat, new Rng(i + 1)) as DraculaState;
      expect(dz.informationKey(seat)).toBe(s.informationKey(seat));
      if (dz.informationKey(1 - seat) !== s.informationKey(1 - seat)) differs++;
    }
    expect(differs).toBeGreaterThan(10);
    expect(s.actionText(out[0])).toMatch(/discard|keep/);
    expect(() => stateGame.newGame(rules, 3)).toThrow(/played by 2/);
  });

  test('the descriptor declares it', async () => {
    expect((await descriptor.state!()).id).toBe('dracula');
  });
});

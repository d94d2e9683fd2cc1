import { describe, expect, test } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { loadRules } from '../src/games/dracula/rules.js';
import { DraculaGame } from '../src/games/dracula/engine.js';
import type { DraculaPlayer, DraculaView } from '../src/games/dracula/strategy.js';
import { STRATEGIES } from '../src/games/dracula/strategies/index.js';

const rules = loadRules();

/** Checks, at every decision, that the view holds exactly what its player may see. */
class Spy implements DraculaPlayer {
  game!: DraculaGame;
  leaks = 0;
  decisions = 0;
  constructor(readonly inner: DraculaPlayer) {}
  check(v: DraculaView, drawn: number): void {
    const g = this.game, D = g.D, p = v.role, q = 1 - p;
    this.decisions++;
    const may = new Uint8Array(g.N);
    for (let d = 0; d < D; d++) {
      may[g.hand[p * D + d]] = 1;
      if (v.hand[d] !== g.hand[p * D + d]) this.leaks++;
      const knows = g.known[p * D + d] === 1;
      if (knows ? v.opp[d] !== g.hand[q * D + d] : v.opp[d] !== -1) this.leaks++;
      if (knows) may[g.hand[q * D + d]] = 1;
      if (v.myKnown[d] !== g.known[q * D + d]) this.leaks++;
    }
    for (let i = 0; i < g.discardCount; i++) may[g.discard[i]] = 1;
    if ((g.topKnown >> p) & 1) may[g.deck[g.deckPos]] = 1;
    else if (v.top !== -1) this.leaks++;
    for (let c = 0; c < g.N; c++) if (v.seen[c] && !may[c]) this.leaks++;
    // the drawn card is handed over separately and is the top of the deck
    if (drawn >= 0 && drawn !== g.deck[g.deckPos]) this.leaks++;
  }
  callEnd(v: DraculaView, rng: Rng): boolean {
    this.check(v, -1);
    return this.inner.callEnd(v, rng);
  }
  turn(v: DraculaView, drawn: number, rng: Rng): number {
    this.check(v, drawn);
    return this.inner.turn(v, drawn, rng);
  }
}

describe('strategies', () => {
  test('specs: defaults filled in, a bare number sets the first parameter, bad ones named', () => {
    expect(STRATEGIES.label(STRATEGIES.parse('search'))).toBe('search:n=8,k=3,call=0.6');
    expect(STRATEGIES.parse('greedy:0.7').params.call).toBe(0.7);
    expect(() => STRATEGIES.parse('search:m=3')).toThrow(/unknown parameter m \(parameters: n, k, call\)/);
    expect(() => STRATEGIES.parse('random:call=2')).toThrow(/call must be a number in 0\.\.1/);
  });

  test.each([['random', 'greedy', 2000], ['greedy', 'random', 2000], ['search:n=2,k=2', 'greedy', 20]])('%s vs %s: each view holds only its player\'s information', (a, b, games) => {
    const s0 = new Spy(STRATEGIES.create(STRATEGIES.parse(a), rules)), s1 = new Spy(STRATEGIES.create(STRATEGIES.parse(b), rules));
    const g = new DraculaGame(rules, [s0, s1], new Rng(3), new Rng(4));
    s0.game = s1.game = g;
    for (let i = 0; i < games; i++) g.playGame();
    expect(s0.decisions).toBeGreaterThan(games);
    expect(s0.leaks + s1.leaks).toBe(0);
  }, 120_000);

  test('greedy beats random in both roles on the same deals', () => {
    const play = (d: string, h: string) => {
      const g = new DraculaGame(rules, [STRATEGIES.create(STRATEGIES.parse(d), rules), STRATEGIES.create(STRATEGIES.parse(h), rules)], new Rng(11), new Rng(12));
      let dw = 0;
      for (let i = 0; i < 1000; i++) if (g.playGame() !== 2) dw++;
      return dw / 1000;
    };
    const rr = play('random', 'random');
    expect(play('greedy', 'random')).toBeGreaterThan(rr + 0.2);
    expect(play('random', 'greedy')).toBeLessThan(rr - 0.2);
  }, 120_000);
});

describe('greedy: expected districts from the order of strength equal the count over every unseen card', () => {
  test('every ranking of the four suits, views from real games', async () => {
    const { GreedyPlayer } = await import('../src/games/dracula/strategies/greedy.js');
    const { strength } = await import('../src/games/dracula/cards.js');
    const perms: number[][] = [];
    const permute = (a: number[], k: number): void => {
      if (k === a.length) perms.push([...a]);
      for (let i = k; i < a.length; i++) {
        [a[k], a[i]] = [a[i], a[k]];
        permute(a, k + 1);
        [a[k], a[i]] = [a[i], a[k]];
      }
    };
    permute([0, 1, 2, 3], 0);
    const probe = new GreedyPlayer(rules, 0.6);
    let views = 0, bad = 0;
    // a player that, at each decision, checks the fast expectation against the brute-force count
    const checker: DraculaPlayer = {
      callEnd: () => false,
      turn(v, drawn, rng) {
        views++;
        probe.prepare(v, drawn);
        const unseen = Array.from({ length: 32 }, (_, c) => c).filter((c) => !v.seen[c] && c !== drawn);
        const W = Math.max(unseen.length, 1);
        const brute = (rank: ArrayLike<number>) => {
          let e = 0;
          for (let d = 0; d < 5; d++) {
            const sc = strength(v.hand[d], 8, rank, 4), o = v.opp[d];
            e += o >= 0 ? (sc > strength(o, 8, rank, 4) ? W : 0) : unseen.filter((u) => strength(u, 8, rank, 4) < sc).length;
          }
          return e;
        };
        if (probe.current(v) !== brute(v.rankOf)) bad++;
        for (const p of perms) if (probe.expectedUnder(v, Int8Array.from(p)) !== brute(p)) bad++;
        return STRATEGIES.create(STRATEGIES.parse('random'), rules).turn(v, drawn, rng);
      },
    };
    const g = new DraculaGame(rules, [checker, STRATEGIES.create(STRATEGIES.parse('greedy'), rules)], new Rng(9), new Rng(10));
    for (let i = 0; i < 20; i++) g.playGame();
    expect(views).toBeGreaterThan(100);
    expect(bad).toBe(0);
  });
});

import { describe, expect, test } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { loadRules, validateRules, type DraculaRules } from '../src/games/dracula/rules.js';
import { DraculaGame, END_CALLED, END_CARD, END_DECK, WIN_DISTRICT, WIN_HEALTH, WIN_ROUNDS } from '../src/games/dracula/engine.js';
import { parseCard, strength } from '../src/games/dracula/cards.js';
import { encodeAction, type DraculaPlayer, type DraculaView } from '../src/games/dracula/strategy.js';
import { STRATEGIES } from '../src/games/dracula/strategies/index.js';

const rules = loadRules();
const C = (t: string) => parseCard(t, rules);

/** A player that plays queued actions and calls when told; records what it saw. */
class Scripted implements DraculaPlayer {
  actions: number[] = [];
  calls: boolean[] = [];
  seen: { opp: number[]; top: number; myKnown: number[] }[] = [];
  callEnd(): boolean {
    return this.calls.shift() ?? false;
  }
  turn(v: DraculaView): number {
    this.seen.push({ opp: Array.from(v.opp), top: v.top, myKnown: Array.from(v.myKnown) });
    const a = this.actions.shift();
    if (a === undefined) throw new Error('script ran out');
    return a;
  }
}

/** A game with fixed hands, deck (top first), ranking lowest→trump and a discard pile. */
function setup(r: DraculaRules, dracula: string[], helsing: string[], deckTop: string[], ranking = 'R,G,B,Y', discard: string[] = [], rightToLeft = 0) {
  const a = new Scripted(), b = new Scripted();
  const g = new DraculaGame(r, [a, b], new Rng(1), new Rng(2));
  g.newGame();
  g.dealRound();
  g.rightToLeft = rightToLeft;
  const D = r.districts, N = r.suits * r.values;
  const used = new Set<number>();
  dracula.forEach((c, d) => { g.hand[d] = C(c); used.add(C(c)); });
  helsing.forEach((c, d) => { g.hand[D + d] = C(c); used.add(C(c)); });
  discard.forEach((c, i) => { g.discard[i] = C(c); used.add(C(c)); });
  g.discardCount = discard.length;
  const top = deckTop.map(C);
  top.forEach((c) => used.add(c));
  const rest = Array.from({ length: N }, (_, i) => i).filter((c) => !used.has(c));
  const deck = [...top, ...rest];
  g.deckPos = N - deck.length;
  deck.forEach((c, i) => (g.deck[g.deckPos + i] = c));
  ranking.split(',').forEach((s, i) => {
    const suit = 'RGBY'.indexOf(s);
    g.rankOf[suit] = i;
    g.suitAt[i] = suit;
  });
  return { g, a, b };
}


describe('rules', () => {
  test('default rules: 4 suits × 8, 5 districts × 4 humans, 12 health, 5 rounds, Dracula first', () => {
    expect(rules).toMatchObject({ suits: 4, values: 8, districts: 5, humansPerDistrict: 4, health: 12, rounds: 5, firstPlayer: 'dracula', callEndMinDiscard: 6, endRoundMinDiscard: 6 });
    expect(rules.effects[7]).toBe('endRound');
    expect(rules.effects[4]).toBe('extraTurn');
  });
  test('validation names the field and the range', () => {
    expect(() => loadRules(undefined, ['health=0'])).toThrow(/health must be an integer in 1\.\.1000 \(got 0\)/);
    expect(() => loadRules(undefined, ['effects.2=fly'])).toThrow(/effects\.2 must be one of/);
    expect(() => loadRules(undefined, ['firstPlayer=nobody'])).toThrow(/firstPlayer must be one of dracula, helsing, alternate/);
    expect(() => loadRules(undefined, ['districts=8', 'values=2'])).toThrow(/districts must be at most 3/);
    expect(() => validateRules({ ...rules, extra: 1 }, 'x')).toThrow(/unknown field "extra"/);
  });
});

describe('district resolution (the rules text, End of the Round)', () => {
  // ranking R < G < B < Y: Y is trump
  test('a trump beats any non-trump; two trumps: higher value; non-trumps: higher value; tie: higher suit', () => {
    const { g } = setup(rules, ['1Y', '3Y', '8G', '5B', '6R'], ['8R', '7Y', '2G', '5G', '6B'], []);
    const won: boolean[] = [];
    g.onDistrict = (_d, _a, _b, w) => void won.push(w);
    expect(g.resolve()).toBe(-1);
    expect(won).toEqual([true, false, true, true, false]);
    expect(Array.from(g.vampires)).toEqual([1, 0, 1, 1, 0]);
    expect(g.health).toBe(10);
  });
  test('the game ends the moment a district has 4 vampires, before later districts', () => {
    const { g } = setup(rules, ['8Y', '1R', '1G', '1B', '2R'], ['1Y', '8R', '8G', '8B', '7R'], []);
    g.vampires[0] = 3;
    g.health = 1;
    // district 0: Dracula's 4th vampire, so Van Helsing's win in district 1 never happens
    expect(g.resolve()).toBe(WIN_DISTRICT);
    expect(g.health).toBe(1);
  });
  test('Dracula at 0 health ends the game at once', () => {
    const { g } = setup(rules, ['1R', '8Y', '1G', '1B', '2R'], ['8R', '1Y', '8G', '8B', '7R'], []);
    g.health = 1;
    g.vampires[1] = 3;
    expect(g.resolve()).toBe(WIN_HEALTH);
    expect(g.vampires[1]).toBe(3);
  });
});

describe('the ranking track: a strict order, one token per place, the rightmost alone on trump', () => {
  test('equal values always decided by the track; a 7 swaps two tokens and the track stays a strict order', () => {
    // R < G < B < Y: 5B beats 5G; Dracula discards a 7 making G trump, so Y takes G's place: R < Y < B < G
    const { g, a } = setup(rules, ['5B', '1R', '1G', '2R', '2G'], ['5G', '3R', '3G', '4R', '4G'], ['7R'], 'R,G,B,Y', ['1B', '1Y', '2B', '2Y', '3B', '3Y']);
    const won: boolean[] = [];
    g.onDistrict = (_d, _x, _y, w) => void won.push(w);
    a.actions.push(encodeAction(0, 1));
    g.turn(0, false);
    expect(Array.from(g.suitAt)).toEqual([0, 3, 2, 1]);
    expect([...g.rankOf].sort()).toEqual([0, 1, 2, 3]);
    // district 1: 5B against 5G, G now trump: Van Helsing wins it
    g.resolve();
    expect(won[0]).toBe(false);
    // every pair of distinct cards is ordered under the new track (no two tokens share a place)
    const str = new Set(Array.from({ length: 32 }, (_, c) => strength(c, 8, g.rankOf, 4)));
    expect(str.size).toBe(32);
  });
});

describe('the weathervane: districts resolved in the direction it points', () => {
  // Dracula at 1 health with three vampires in district 5 loses district 1 and wins district 5
  const dr = ['1R', '8Y', '1G', '1B', '8G'], vh = ['8R', '1Y', '8B', '7R', '2G'];
  test('left to right Van Helsing wins (district 1 first); right to left Dracula wins (district 5 first)', () => {
    const ltr = setup(rules, dr, vh, [], 'R,G,B,Y', [], 0).g;
    ltr.health = 1;
    ltr.vampires[4] = 3;
    expect(ltr.resolve()).toBe(WIN_HEALTH);
    expect(ltr.vampires[4]).toBe(3);
    const rtl = setup(rules, dr, vh, [], 'R,G,B,Y', [], 1).g;
    rtl.health = 1;
    rtl.vampires[4] = 3;
    const order: number[] = [];
    rtl.onDistrict = (d) => void order.push(d);
    expect(rtl.resolve()).toBe(WIN_DISTRICT);
    expect(rtl.health).toBe(1);
    expect(order).toEqual([4]);
  });
  test('each setting: fixed directions, alternate turns every round, random draws it; the deal is the same under all', () => {
    const dealsAndVanes = (vane: string) => {
      const r = loadRules(undefined, [`weathervane=${vane}`]);
      const g = new DraculaGame(r, [new Scripted(), new Scripted()], new Rng(11), new Rng(2));
      g.newGame();
      const out: { hand: number[]; rtl: number }[] = [];
      for (let round = 0; round < 400; round++) {
        g.round = round;
        g.dealRound();
        g.fillView(0, false, false);
        expect(g.views[0].rightToLeft).toBe(g.rightToLeft);
        out.push({ hand: Array.from(g.hand), rtl: g.rightToLeft });
      }
      return out;
    };
    const random = dealsAndVanes('random'), ltr = dealsAndVanes('leftToRight'), rtl = dealsAndVanes('rightToLeft'), alt = dealsAndVanes('alternate');
    expect(ltr.map((x) => x.hand)).toEqual(random.map((x) => x.hand));
    expect(rtl.map((x) => x.hand)).toEqual(random.map((x) => x.hand));
    expect(ltr.every((x) => x.rtl === 0)).toBe(true);
    expect(rtl.every((x) => x.rtl === 1)).toBe(true);
    expect(alt.map((x) => x.rtl).slice(0, 4)).toEqual([0, 1, 0, 1]);
    // a fair coin: 400 rounds, 4 standard errors = 40
    const right = random.filter((x) => x.rtl === 1).length;
    expect(Math.abs(right - 200)).toBeLessThan(40);
    expect(() => loadRules(undefined, ['weathervane=north'])).toThrow(/weathervane must be one of random, leftToRight, rightToLeft, alternate/);
  });
});

describe('card effects', () => {
  const dr = ['3R', '4G', '5B', '6Y', '7R'], vh = ['3G', '4B', '5Y', '6R', '7G'];
  test('keep the drawn card: it takes the district, the old card is discarded and its effect happens (1: reveal own)', () => {
    const { g, a } = setup(rules, ['1R', ...dr.slice(1)], vh, ['2R']);
    a.actions.push(encodeAction(1, 3)); // keep 2R in district 0, discard 1R, reveal district 3
    g.fillView(0, false, false);
    expect(g.apply(0, g.deck[g.deckPos], a.turn(g.views[0]))).toBe(0);
    expect(g.hand[0]).toBe(C('2R'));
    expect(g.discard[g.discardCount - 1]).toBe(C('1R'));
    expect(g.known[5 + 3]).toBe(1); // Van Helsing knows Dracula's district 3
    expect(g.known[5 + 0]).toBe(0);
  });
  test('2 reveals the top card to both; an illegal effect choice is refused', () => {
    const { g, a, b } = setup(rules, dr, vh, ['2G', '8B']);
    a.actions.push(encodeAction(0, 0));
    g.turn(0, false);
    expect(g.topKnown).toBe(3);
    b.actions.push(encodeAction(2, 0)); // Van Helsing keeps 8B in district 1 and discards 4B: swapOwn 0 ↔ 0 is not a swap
    expect(() => g.turn(1, false)).toThrow(/illegal swapOwn/);
  });
  test('2 then keep: the opponent knows the kept card; 4 swaps two own cards and their known flags', () => {
    const { g, a, b } = setup(rules, dr, ['3G', '4B', '5Y', '6R', '7G'], ['2G', '8B']);
    a.actions.push(encodeAction(0, 0));
    g.turn(0, false);
    b.actions.push(encodeAction(2, 1 * 8 + 4)); // keep 8B in district 1, discard 4B: swap own 1 ↔ 4
    g.turn(1, false);
    expect(b.seen[0].top).toBe(C('8B'));
    expect(g.hand[5 + 1]).toBe(C('7G'));
    expect(g.hand[5 + 4]).toBe(C('8B'));
    expect(g.known[0 * 5 + 4]).toBe(1); // Dracula saw 8B on top; it moved to district 4
    expect(g.known[0 * 5 + 1]).toBe(0);
  });
  test('3 reveals an opponent card; 6 swaps with the opponent in one district and both know both', () => {
    const { g, a } = setup(rules, dr, vh, ['3B', '6G']);
    a.actions.push(encodeAction(0, 2)); // discard 3B: reveal Van Helsing's district 2
    g.turn(0, false);
    expect(g.known[2]).toBe(1);
    expect(a.seen.length).toBe(1);
    const { g: g2, a: a2 } = setup(rules, dr, vh, ['6G']);
    a2.actions.push(encodeAction(0, 4)); // discard 6G: swap district 4
    g2.turn(0, false);
    expect(g2.hand[4]).toBe(C('7G'));
    expect(g2.hand[5 + 4]).toBe(C('7R'));
    expect(g2.known[4]).toBe(1);
    expect(g2.known[5 + 4]).toBe(1);
  });
  test('7 swaps the trump token with another suit token', () => {
    const { g, a } = setup(rules, dr, vh, ['7B']);
    a.actions.push(encodeAction(0, 0)); // make R trump: R takes Y's place, Y goes to R's
    g.turn(0, false);
    expect(Array.from(g.suitAt)).toEqual([3, 1, 2, 0]);
    expect(g.rankOf[0]).toBe(3);
    const { g: g2, a: a2 } = setup(rules, dr, vh, ['7B']);
    a2.actions.push(encodeAction(0, 3)); // Y is already trump: illegal
    expect(() => g2.turn(0, false)).toThrow(/illegal moveTrump/);
  });
  test('5 gives another turn; 8 ends the round at once only with ≥ 6 in the discard pile', () => {
    const { g, a } = setup(rules, dr, vh, ['5G', '1B', '8G', '2B']);
    a.actions.push(encodeAction(0, 0), encodeAction(0, 0)); // 5G: extra turn; then 1B (reveal own district 0)
    const b = g.players[1] as Scripted;
    b.actions.push(encodeAction(0, 0)); // Van Helsing draws 8G with 2 in the pile: may not discard it
    expect(() => g.playRound(0)).toThrow(/endRound card/);
    expect(g.discardCount).toBe(2);
    const six = ['1G', '2R', '3Y', '4R', '4Y', '5R'];
    const { g: g3, a: a3 } = setup(rules, ['3R', '4G', '5B', '6Y', '7Y'], ['3G', '4B', '5Y', '6R', '7G'], ['8G'], 'R,G,B,Y', six);
    a3.actions.push(encodeAction(0, 0));
    expect(g3.playRound(0)).toBe(END_CARD);
    expect(g3.roundTurns).toBe(1);
  });
  test('calling the end (≥ 6 discarded) gives the opponent one last turn; the deck running out ends the round', () => {
    const six = ['1G', '2R', '3Y', '4R', '4Y', '5R'];
    const { g, a, b } = setup(rules, dr, vh, ['1B', '2Y'], 'R,G,B,Y', six);
    a.calls.push(true);
    b.actions.push(encodeAction(0, 0));
    expect(g.playRound(0)).toBe(END_CALLED);
    expect(g.roundTurns).toBe(1);
    expect(a.seen.length).toBe(0);
    expect(b.seen.length).toBe(1);
    // with fewer than 6 discarded nobody is even asked
    const { g: g2 } = setup(rules, dr, vh, [], 'R,G,B,Y', []);
    g2.players = [STRATEGIES.create(STRATEGIES.parse('random:call=1'), rules), STRATEGIES.create(STRATEGIES.parse('random:call=1'), rules)];
    g2.deckPos = g2.N - 1;
    expect(g2.playRound(0)).toBe(END_DECK);
  });
});

/** The engine with every card accounted for after every action. */
class Checked extends DraculaGame {
  readonly mark: Uint8Array;
  bad = 0;
  constructor(r: DraculaRules, players: [DraculaPlayer, DraculaPlayer], seed: number) {
    super(r, players, new Rng(seed), new Rng(seed + 1));
    this.mark = new Uint8Array(this.N);
  }
  override apply(p: number, drawn: number, action: number): number {
    const t = super.apply(p, drawn, action);
    this.check();
    return t;
  }
  check(): void {
    const m = this.mark;
    m.fill(0);
    for (let i = this.deckPos; i < this.N; i++) m[this.deck[i]]++;
    for (let i = 0; i < 2 * this.D; i++) m[this.hand[i]]++;
    for (let i = 0; i < this.discardCount; i++) m[this.discard[i]]++;
    for (let c = 0; c < this.N; c++) if (m[c] !== 1) this.bad++;
    if (this.deckPos - 2 * this.D !== this.discardCount) this.bad++;
  }
  override onRoundEnd(): void {
    if (this.roundTurns > this.N - 2 * this.D) this.bad++;
  }
}

describe('invariants over many random games', () => {
  const cases: [string, string[], string, string, number][] = [
    ['default, random vs random', [], 'random', 'random', 100_000],
    ['default, greedy vs random', [], 'greedy', 'random', 3000],
    ['alternate first player, health 3, 2 humans', ['firstPlayer=alternate', 'health=3', 'humansPerDistrict=2'], 'random', 'greedy', 3000],
    ['small deck 3 × 4, 2 districts, no last turn', ['suits=3', 'values=4', 'districts=2', 'lastTurnAfterCall=false', 'effects.0=endRound', 'effects.1=endRound', 'effects.2=endRound', 'effects.3=endRound'], 'random', 'random', 20_000],
  ];
  test.each(cases)('%s', (_name, sets, s0, s1, games) => {
    const base = loadRules();
    const rr = sets.length ? loadRules(undefined, sets) : base;
    const g = new Checked(rr, [STRATEGIES.create(STRATEGIES.parse(s0), rr), STRATEGIES.create(STRATEGIES.parse(s1), rr)], 7);
    const wins = [0, 0, 0];
    for (let i = 0; i < games; i++) {
      const w = g.playGame();
      wins[w]++;
      // counted, not asserted per game: 10^5 expect() calls would dominate the run time
      let maxV = 0, minV = 1e9;
      for (const v of g.vampires) [maxV, minV] = [Math.max(maxV, v), Math.min(minV, v)];
      if (g.health < 0 || g.health > rr.health || minV < 0 || maxV > rr.humansPerDistrict) g.bad++;
      if ((w === WIN_HEALTH) !== (g.health === 0)) g.bad++;
      if ((w === WIN_DISTRICT) !== (maxV === rr.humansPerDistrict)) g.bad++;
      if (w === WIN_ROUNDS ? g.round !== rr.rounds - 1 : g.round >= rr.rounds) g.bad++;
    }
    expect(g.bad).toBe(0);
    expect(wins[0] + wins[1] + wins[2]).toBe(games);
  }, 300_000);
});

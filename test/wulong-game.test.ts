import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectWithinSE } from './kit/within-se.js';
import { Rng } from '../src/core/rng.js';
import { loadRules, type WulongRules } from '../src/games/wulong/turn/rules.js';
import { TurnAnalysis, bettingCards } from '../src/games/wulong/turn/exact.js';
import { validateGameRules, safeLimit, minimumBetFor } from '../src/games/wulong/game/rules.js';
import { WulongGame, type GameParams } from '../src/games/wulong/game/engine.js';
import { END, gameLayout, cardAt, moneyAt, slotAt, type MoneyName } from '../src/games/wulong/game/layout.js';
import { policyTablesFor } from '../src/games/wulong/game/policy-tables.js';
import { gameKernel, summarizeGame } from '../src/games/wulong/game/kernels.js';
import { bettorFor, bettors, parsePlayers, parsePlayer, splitPlayers } from '../src/games/wulong/strategies/index.js';
import { PlannedBettor, type Bettor } from '../src/games/wulong/game/strategy.js';
import { parsePolicy } from '../src/games/wulong/strategies/index.js';

/** A stream that returns scripted draws (ordered-roll indices), for scripted turns. */
class Script extends Rng {
  constructor(private readonly xs: number[]) {
    super(1);
  }
  override below(_n: number): number {
    const x = this.xs.shift();
    if (x === undefined) throw new Error('script ran out of rolls');
    return x;
  }
}

/** Ordered-roll index of five faces (D,T,3,4,5,6 = 0..5), one base-6 digit per die. */
const roll = (...faces: number[]) => faces.reduce((a, f, i) => a + f * 6 ** i, 0);
const TIGER_STRAIGHT = roll(1, 2, 3, 4, 5);
const TWO_DRAGONS = roll(0, 0, 2, 3, 5); // D D 3 4 6: two dragons score, the rest do not
const BUST = roll(2, 2, 3, 3, 5); // 3 3 4 4 6
const WULONG = roll(0, 0, 0, 0, 0);

const base = loadRules();
function rulesWith(game: Record<string, unknown>): WulongRules {
  return { ...base, game: { ...(base.game ?? {}), ...game } };
}
const money = (g: WulongGame, name: MoneyName) => g.acc[moneyAt(g.L, name)];

describe('wulong game rules', () => {
  it('the default file holds the rulebook values and the assumptions', () => {
    const g = validateGameRules(base);
    expect(g.startingCash).toBe(5000);
    expect(g.endFortune).toBe(60000);
    expect(g.safes.count).toBe(4);
    expect(safeLimit(g, 3)).toBe(15000);
    expect(safeLimit(g, 4)).toBe(20000); // assumed 5,000 × players
    expect(safeLimit(g, 2)).toBe(10000);
    expect(g.safes.allInSides).toEqual(Array(4).fill({ limit: 1000, odds: 10 }));
  });

  it('minimum bet by fortune follows the table', () => {
    const g = validateGameRules(base);
    expect([0, 500, 9500, 10000, 19500, 20000, 30000, 40000, 50000, 90000].map((f) => minimumBetFor(g, f))).toEqual([500, 500, 500, 1000, 1000, 2000, 3000, 4000, 5000, 5000]);
  });

  it('bad fields are named', () => {
    expect(() => validateGameRules(rulesWith({ startingCash: -1 }))).toThrow(/game\.startingCash must be a number in 0\.\./);
    expect(() => validateGameRules(rulesWith({ bogus: 1 }))).toThrow(/game: unknown field "bogus"/);
    expect(() => validateGameRules(rulesWith({ minimumBet: [{ fortune: 0, bet: 500 }, { fortune: 0, bet: 1000 }] }))).toThrow(/minimumBet\[1\]\.fortune must be larger/);
    expect(() => validateGameRules(rulesWith({ safes: { count: 3, allInSides: [{ limit: 1000, odds: 10 }] } }))).toThrow(/allInSides must have 3 entries/);
    expect(() => validateGameRules(rulesWith({ safes: { limitByPlayers: { 7: 1000 } } }))).toThrow(/limitByPlayers has key "7"/);
    expect(() => validateGameRules(rulesWith({ instantWin: 'maybe' }))).toThrow(/game\.instantWin must be one of wins-game, scores/);
  });

  it('player strings parse; per-dice commas survive the list', () => {
    expect(splitPlayers('kelly,naive:panda@per-dice:2000,2000,4000,min')).toEqual(['kelly', 'naive:panda@per-dice:2000,2000,4000', 'min']);
    expect(parsePlayer('kelly:0.5@threshold:3000').label).toBe('kelly:0.5@threshold:3000');
    expect(parsePlayers('kelly,naive', 4).map((p) => p.label)).toEqual(['kelly:1@optimal', 'naive:crane@optimal', 'kelly:1@optimal', 'naive:crane@optimal']);
    expect(() => parsePlayer('lucky')).toThrow(/unknown betting strategy "lucky"/);
    expect(() => parsePlayer('fraction:2')).toThrow(/fraction:F with a number in \(0, 1\]/);
    expect(() => new WulongGame({ rules: base, players: parsePlayers('naive:unicorn', 3) }, bettorFor)).toThrow(/no betting card "unicorn"/);
    // one spec syntax: the one parameter by value or by name
    expect(parsePlayer('kelly:k=0.5@threshold:total=3000')).toEqual(parsePlayer('kelly:0.5@threshold:3000'));
    expect(parsePlayer('fraction:f=0.2').label).toBe('fraction:0.2@optimal');
    expect(() => parsePlayer('kelly:size=0.5')).toThrow(/its parameter is k/);
  });
});

describe('the rulebook\'s worked example (Feng, Mr. Wu, Lei Lei)', () => {
  // Seat 0 Feng (active), seat 1 Mr. Wu, seat 2 Lei Lei: 3 players, safe limit 15,000.
  it('bets, the raise, settlement and the safe closing with a surplus of 500', () => {
    const g = new WulongGame({ rules: base, players: parsePlayers('naive', 3), fixedSeats: true }, bettorFor);
    g.newGame(0);
    g.fortune.set([10000, 12000, 25000]);
    g.safes[0] = 14000; // "The safe already contains 14,000 of previous turns"
    expect(g.safeLimit).toBe(15000);
    expect(g.minimumBet(g.fortune[2])).toBe(2000); // "Lei Lei's fortune exceeds 20,000, hence … a minimum bet of 2,000"
    const tiger = 0, panda = 2;
    g.placeBet(1, tiger, 1500, false); // Mr. Wu: Revenge of the Tiger, 1,500
    g.placeBet(2, panda, 2000, false); // Lei Lei: Path of the Panda, 2,000
    g.raise(2, 500); // second phase: Mr. Wu passes, Lei Lei raises by 500
    g.endTurn(0, 7000); // tiger straight 5,000 + two dragons 2,000; Feng stops
    expect(g.fortune[0]).toBe(17000); // Feng collects 7,000 from the bank
    expect(g.fortune[1]).toBe(10500); // Mr. Wu's 1,500 is lost
    expect(g.fortune[2]).toBe(25000 - 2500 + 2500 + 5000); // 2,500 × 2 = 5,000 won, the 2,500 stake stays hers
    expect(money(g, 'cardWinnings')).toBe(5000);
    // the safe reached 15,500: 15,000 back to the bank, 500 onto the next safe, card flipped to its all-in side
    expect(g.topSafe).toBe(1);
    expect(Array.from(g.safes)).toEqual([0, 500, 0, 0]);
    expect(money(g, 'safesToBank')).toBe(15000);
    expect(money(g, 'stakesToSafes')).toBe(1500);
    expect(money(g, 'safesClosed')).toBe(1);
    expect([g.allInLimit, g.allInOdds]).toEqual([1000, 10]);
    expect(g.checkEnd()).toBe(END.none);
  });

  it('Feng\'s turn, roll by roll: tiger straight (hot dice), then two dragons and a stop at 7,000', () => {
    const g = new WulongGame({ rules: base, players: parsePlayers('naive:tiger,naive:tiger,naive:panda', 3), fixedSeats: true }, bettorFor);
    g.newGame(0);
    const end = g.playTurn(new Script([TIGER_STRAIGHT, TWO_DRAGONS]), 0);
    expect(end).toBe(END.none);
    expect(g.acc[g.L.offset.rolls]).toBe(2); // two rolls, so two betting phases (initial + one later)
    expect(g.acc[g.L.offset.phases]).toBe(2);
    expect(g.fortune[0]).toBe(5000 + 7000);
    expect(g.fortune[1]).toBe(4500); // tiger card at the 500 minimum: lost
    expect(g.fortune[2]).toBe(5000 + 1000); // panda card: 500 × 2 won
  });
});

describe('wulong game: the three endings and the options', () => {
  it('a Wulong wins at once; its bets are not settled', () => {
    const g = new WulongGame({ rules: base, players: parsePlayers('naive', 3), fixedSeats: true }, bettorFor);
    g.newGame(0);
    g.fortune.set([1000, 50000, 50000]);
    const end = g.playTurn(new Script([WULONG]), 0);
    expect(end).toBe(END.instantWin);
    g.finishGame(end);
    expect(g.instantWinner).toBe(0);
    expect(g.acc[g.L.offset.seat + 0]).toBe(1); // the poorest player wins by the Wulong
    expect(Array.from(g.fortune)).toEqual([1000, 50000, 50000]); // stakes returned
    expect(money(g, 'voidedStakes')).toBe(2 * 5000);
  });

  it('with instantWin.betsSettled the Wulong roll settles the bets (top band) before the game ends', () => {
    const rules: WulongRules = { ...base, instantWin: { ...base.instantWin!, betsSettled: true } };
    const g = new WulongGame({ rules, players: parsePlayers('naive:dragon,naive:dragon,naive:crane', 3), fixedSeats: true }, bettorFor);
    g.newGame(0);
    expect(g.playTurn(new Script([WULONG]), 0)).toBe(END.instantWin);
    expect(g.fortune[1]).toBe(5000 + 4 * 500); // Rise of the Dragon wins at 1:4
    expect(g.fortune[2]).toBe(4500); // the crane loses
    expect(money(g, 'voidedStakes')).toBe(0);
  });

  it('with instantWin "scores" the Wulong only scores and the game goes on', () => {
    const rules = rulesWith({ instantWin: 'scores', endFortune: 1e6 });
    const g = new WulongGame({ rules, players: parsePlayers('naive', 3), fixedSeats: true }, bettorFor);
    g.newGame(0);
    expect(g.playTurn(new Script([WULONG]), 0)).toBe(END.none);
    expect(g.fortune[0]).toBe(5000 + 60000);
  });

  it('a fortune of 60,000 at the end of a turn ends the game; the largest fortune wins', () => {
    const g = new WulongGame({ rules: base, players: parsePlayers('naive', 3), fixedSeats: true }, bettorFor);
    g.newGame(0);
    g.fortune.set([53000, 40000, 5000]);
    const end = g.playTurn(new Script([TIGER_STRAIGHT, TWO_DRAGONS]), 0);
    expect(end).toBe(END.fortune);
    expect(g.fortune[0]).toBe(60000);
    g.finishGame(end);
    expect(g.acc[g.L.offset.seat + 0]).toBe(1);
    expect(g.acc[g.L.offset.end + END.fortune - 1]).toBe(1);
  });

  it('the last safe closing ends the game', () => {
    const g = new WulongGame({ rules: base, players: parsePlayers('naive', 3), fixedSeats: true }, bettorFor);
    g.newGame(0);
    g.topSafe = 3;
    g.safes[3] = 14500;
    const end = g.playTurn(new Script([BUST]), 0); // both crane bets (500 each) lose
    expect(end).toBe(END.safes);
    expect(money(g, 'surplusToBank')).toBe(500);
    expect(g.topSafe).toBe(4);
  });

  it('a safe limit from limitByPlayers, and the closed safe\'s all-in side becomes the all-in card', () => {
    const rules = rulesWith({ safes: { count: 2, limitByPlayers: { 3: 1000 }, limitPerPlayer: 5000, allInSides: [{ limit: 2000, odds: 6 }, { limit: 3000, odds: 5 }] } });
    const g = new WulongGame({ rules, players: parsePlayers('naive', 3), fixedSeats: true }, bettorFor);
    g.newGame(0);
    expect(g.safeLimit).toBe(1000);
    g.playTurn(new Script([BUST]), 0); // 1,000 of stakes: the first safe closes
    expect([g.topSafe, g.allInLimit, g.allInOdds]).toEqual([1, 2000, 6]);
  });

  it('all-in: a small fortune under the all-in limit goes all-in at the all-in odds when it pays', () => {
    const g = new WulongGame({ rules: base, players: parsePlayers('kelly', 3), fixedSeats: true }, bettorFor);
    g.newGame(0);
    g.fortune.set([5000, 1000, 1500]);
    g.playTurn(new Script([TIGER_STRAIGHT, TWO_DRAGONS]), 0);
    // seat 1 (1,000 ≤ limit) went all-in on the best all-in card; 7,000 is a panda score
    expect(g.acc[slotAt(g.L, 1, 'allIns')]).toBe(1); // one all-in
    expect(g.acc[slotAt(g.L, 2, 'allIns')]).toBe(0); // 1,500 > limit: no all-in
  });

  it('the turn limit stops a game', () => {
    const g = new WulongGame({ rules: rulesWith({ maxTurns: 1 }), players: parsePlayers('naive', 2), fixedSeats: true }, bettorFor);
    g.newGame(0);
    expect(g.playTurn(new Script([BUST]), 0)).toBe(END.turnLimit);
  });
});

describe('wulong game: money, exact tables, simulation', () => {
  const params: GameParams = { rules: base, players: parsePlayers('kelly,fraction:0.2,min,naive:dragon', 4) };

  it('money is conserved: fortunes = cash + scores + winnings − stakes lost; safes hold what they got', () => {
    const g = new WulongGame(params, bettorFor);
    const acc = new Float64Array(g.L.length);
    g.playGames(new Rng(5), 300, acc);
    const L = g.L;
    const m = (n: MoneyName) => acc[moneyAt(L, n)];
    let fortunes = 0;
    for (let s = 0; s < 4; s++) fortunes += acc[slotAt(L, s, 'fortune')];
    expect(fortunes).toBeCloseTo(300 * 4 * 5000 + m('scoresPaid') + m('cardWinnings') + m('allInWinnings') - m('stakesToSafes'), 3);
    expect(m('stakesToSafes')).toBeCloseTo(m('safesToBank') + m('surplusToBank') + m('leftOnSafes'), 3);
    expect(acc[L.offset.games]).toBe(300);
    let wins = 0;
    for (let s = 0; s < 4; s++) wins += acc[L.offset.seat + s];
    const E = L.offset.end;
    const ended = acc[E + END.instantWin - 1] + acc[E + END.fortune - 1] + acc[E + END.safes - 1] + acc[E + END.turnLimit - 1];
    expect(ended).toBe(300);
    expect(wins).toBeCloseTo(300, 9); // split ties still add to one win per game
  });

  it('conditional card tables are the turn analyzer\'s distribution at every state', () => {
    const pol = policyTablesFor(base, parsePolicy('optimal'));
    const a = new TurnAnalysis(base, parsePolicy('optimal'));
    const S = 6, C = 4;
    for (const [t, n] of [[0, 5], [5, 5], [5, 3], [14, 2], [20, 4]]) {
      const cards = bettingCards(base, a.distribution(t * a.unit, n), a.unit);
      for (let c = 0; c < C; c++) expect(pol.winP[(t * S + n) * C + c]).toBe(cards[c].probability);
    }
  });

  it('roll occupancy sums to the exact expected rolls per turn', () => {
    const pol = policyTablesFor(base, parsePolicy('optimal'));
    const total = pol.occupancy.reduce((a, b) => a + b, 0);
    expect(total).toBeCloseTo(new TurnAnalysis(base).distribution().rolls, 12);
  });

  it('the whole min betting plan (opening bet + raises) earns its exact value per bet (within 4 SE)', () => {
    // constant 500 minimum bet, no all-in, safes and fortunes that never end the game: 3,000-turn games
    const rules: WulongRules = {
      ...base,
      allIn: { limit: 0, odds: 10 },
      game: { ...base.game, startingCash: 1e7, minimumBet: [{ fortune: 0, bet: 500 }], safes: { count: 4, limitByPlayers: { 3: 1e8 }, limitPerPlayer: 5000, allInSides: Array(4).fill({ limit: 0, odds: 10 }) }, endFortune: 1e8, maxTurns: 3000 },
    };
    const g = new WulongGame({ rules, players: parsePlayers('min,naive:tiger,naive:tiger', 3), fixedSeats: true }, bettorFor);
    const acc = new Float64Array(g.L.length);
    g.playGames(new Rng(1), 30, acc);
    const crane = 1;
    const bets = acc[cardAt(g.L, crane, 'bets')], mean = acc[cardAt(g.L, crane, 'net')] / bets, se = Math.sqrt(acc[cardAt(g.L, crane, 'netSq')] / bets - mean * mean) / Math.sqrt(bets);
    const pol = g.policies[0], p = pol.winP[5 * 4 + crane];
    const exact = 500 * (p - (1 - p - pol.voidP[5]) + g.raiseValue[crane]);
    expect(bets).toBeGreaterThan(30000);
    expectWithinSE(mean, exact, se);
  });

  it('lookahead opens on the panda at odds 1:6, where the opening EV alone still favours the crane', () => {
    const rules: WulongRules = { ...base, bettingCards: base.bettingCards.map((c) => (c.id === 'panda' ? { ...c, odds: 6 } : c)) };
    const p: GameParams = { rules, players: parsePlayers('lookahead,min,naive:tiger', 3), fixedSeats: true };
    const g = new WulongGame(p, bettorFor);
    const acc = new Float64Array(g.L.length);
    g.playGames(new Rng(2), 20, acc);
    const r = summarizeGame(p, acc);
    expect(g.raiseValue[2] - 0.11).toBeGreaterThan(g.raiseValue[1] + 0.023); // panda's plan beats the crane's
    const pandaBets = r.cards[2].bets, craneBets = r.cards[1].bets;
    expect(pandaBets).toBeGreaterThan(0); // the lookahead player
    expect(craneBets).toBeGreaterThan(0); // the min player
    // every panda bet is the lookahead player's, and it opens on the panda in at least 95% of its
    // bets (with this stream, 258 of 259)
    expect(pandaBets / 20).toBeLessThanOrEqual(r.strategies[0].perGame.bets + 1e-9);
    expect(pandaBets / 20).toBeGreaterThan(0.95 * r.strategies[0].perGame.bets);
  });

  it('simulated opening-bet win rates match the exact card probabilities (within 4 SE)', () => {
    // naive players bet once per turn at the opening, on a fixed card: its wins are the band frequency
    const p: GameParams = { rules: base, players: parsePlayers('naive:crane,naive:tiger,naive:dragon', 3) };
    const r = gameKernel.summarize(p, gameKernel.run(p, new Rng(11), 3000), 3000);
    const exact = bettingCards(base, new TurnAnalysis(base).distribution(), 500);
    const voided = new TurnAnalysis(base).distribution().instantWin;
    for (const id of ['crane', 'tiger', 'dragon']) {
      const c = r.cards.find((x) => x.card === id)!;
      const q = exact.find((x) => x.card === id)!.probability / (1 - voided);
      const se = Math.sqrt((q * (1 - q)) / c.bets);
      expect(c.bets).toBeGreaterThan(10000);
      expectWithinSE(c.winRate!, q, se);
    }
  });

  it('a game run is a pure function of the stream; the summary is complete', () => {
    const a = gameKernel.run(params, new Rng(3), 200), b = gameKernel.run(params, new Rng(3), 200);
    expect(Array.from(a)).toEqual(Array.from(b));
    const r = summarizeGame(params, a);
    expect(r.games).toBe(200);
    expect(r.strategies.map((s) => s.label)).toEqual(['kelly:1@optimal', 'fraction:0.2@optimal', 'min@optimal', 'naive:dragon@optimal']);
    expect(r.strategies.reduce((s, x) => s + x.win.p, 0)).toBeCloseTo(1, 9);
    expect(r.length.turnsMean).toBeGreaterThan(3);
    expect(gameLayout(4, 4).length).toBe(a.length);
  });
});

describe('wulong game: planned bettors', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Every registered strategy's bettor hidden behind an object of another shape, which the engine calls for each decision. */
  function callEveryBettor(): { opens: number; raises: number } {
    const calls = { opens: 0, raises: 0 };
    for (const strategy of bettors.all) {
      const build = strategy.bettor.bind(strategy);
      vi.spyOn(strategy, 'bettor').mockImplementation((spec, rules) => {
        const b = build(spec, rules);
        const called: Bettor = {
          allIn: b.allIn,
          raises: b.raises,
          open: (phase) => (calls.opens++, b.open(phase)),
          raise: (phase, card) => (calls.raises++, b.raise(phase, card)),
        };
        return called;
      });
    }
    return calls;
  }

  // the engine makes a PlannedBettor's decisions in its own loop; its open() and raise() must agree bit for bit
  const tables: [string, GameParams][] = [
    ['the default line-up', { rules: base, players: parsePlayers('kelly,fraction:0.1,min,naive', 4) }],
    ['lookahead, a fixed card and a read', { rules: loadRules(undefined, ['betting.readAccuracy=0.5']), players: parsePlayers('lookahead,kelly:0.5,fraction:0.3,naive:dragon', 4) }],
    ['short stacks: all-in bets, sitting out', { rules: loadRules(undefined, ['allIn.limit=3000', 'allIn.odds=5', 'game.startingCash=3000', 'game.shortStack=sit-out', 'game.chip=100']), players: parsePlayers('kelly:3,fraction:0.5,min', 3) }],
    ['five players, other turn policies', { rules: base, players: parsePlayers('min@threshold:2500,lookahead@per-dice:2000,3000,kelly:2@keep-all:1500,fraction:0.05,naive:tiger', 5) }],
  ];
  for (const [name, params] of tables) {
    it(`the engine's own loop decides as PlannedBettor.open and .raise, bit for bit: ${name}`, () => {
      const run = () => {
        const g = new WulongGame(params, bettorFor);
        const acc = new Float64Array(g.L.length);
        g.playGames(new Rng(17), 400, acc);
        return Array.from(acc);
      };
      const openSpy = vi.spyOn(PlannedBettor.prototype, 'open');
      const fast = run();
      expect(openSpy).not.toHaveBeenCalled();
      const calls = callEveryBettor();
      const called = run();
      expect(calls.opens).toBeGreaterThan(1000);
      expect(openSpy).toHaveBeenCalledTimes(calls.opens);
      expect(called).toEqual(fast);
    });
  }

  it('the short-stack table reaches the all-in branch, and raises', () => {
    const g = new WulongGame(tables[2][1], bettorFor);
    const a = new Float64Array(g.L.length);
    g.playGames(new Rng(17), 400, a);
    let allIns = 0, raises = 0;
    for (let s = 0; s < 3; s++) {
      allIns += a[slotAt(g.L, s, 'allIns')];
      raises += a[slotAt(g.L, s, 'raises')];
    }
    expect(allIns).toBeGreaterThan(100);
    expect(raises).toBeGreaterThan(1000);
  });
});

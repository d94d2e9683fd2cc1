import { describe, expect, it } from 'vitest';
import { expectWithinSE } from './kit/within-se.js';
import { Rng } from '../src/core/rng.js';
import { DEFAULT_RULES, bidRank, validateRules, type LiarsRules } from '../src/games/liars-dice/rules.js';
import { atLeastTable, bidOdds, binomialAtLeast, checkHigher, exactText, parseBid, parseDice } from '../src/games/liars-dice/exact.js';
import { checkBids } from '../src/games/liars-dice/check.js';
import { Round, tailTable } from '../src/games/liars-dice/engine.js';
import { Tournament, summarizeTournament, tournamentKernel, type TournamentParams } from '../src/games/liars-dice/kernels.js';
import { runExperiment } from '../src/parallel/pool.js';
import { solverFor } from '../src/games/liars-dice/strategies/equilibrium.js';
import { measureAllocation } from './helpers/alloc.js';
import { Scripted } from './helpers/liars-scripted.js';

const R = DEFAULT_RULES;

describe('liars dice: exact bid odds', () => {
  it('8x2 with 2,2,4,1,6 at a four-player table matches the hand computation', () => {
    // own 2s: 2,2 plus the wild 1 = 3; need 5 more among 15 unknown dice, each 1/3 (a 2 or a 1).
    // P(X ≤ 4) numerators over 3^15: C(15,x)·2^(15−x) = 32768, 245760, 860160, 1863680, 2795520 → 5797888.
    const r = bidOdds(R, 4, [2, 2, 4, 1, 6], { count: 8, face: 2 }, false);
    expect(r.unknownDice).toBe(15);
    expect(r.ownMatching).toBe(3);
    expect(r.fraction).toBe(`${14348907 - 5797888}/14348907`);
    expect(r.probability).toBeCloseTo(8551019 / 14348907, 15);
    expect(r.expectedCountFraction).toBe('8/1'); // 3 + 15/3
  });

  it('--ones-bid turns the wilds off; a bid on 1s never counts wilds', () => {
    const r = bidOdds(R, 4, [2, 2, 4, 1, 6], { count: 8, face: 2 }, true);
    expect(r.wild).toBe(false);
    expect(r.ownMatching).toBe(2);
    expect(r.perDie).toBe('1/6');
    // P(Bin(15,1/6) ≥ 6) by direct summation of the pmf
    let p = 0;
    for (let x = 6; x <= 15; x++) p += choose(15, x) * (1 / 6) ** x * (5 / 6) ** (15 - x);
    expect(r.probability).toBeCloseTo(p, 14);
    const ones = bidOdds(R, 4, [2, 2, 4, 1, 6], { count: 3, face: 1 }, false);
    expect(ones.ownMatching).toBe(1);
    expect(ones.wild).toBe(false);
  });

  it('safest bids: highest count still ≥ 50% and ≥ 1/3', () => {
    const r = bidOdds(R, 4, [2, 2, 4, 1, 6], { count: 8, face: 2 }, false);
    const two = r.safestBids.find((s) => s.face === 2)!;
    expect(two.atLeast50).toBe(8); // P(8) = 0.596, P(9) = 0.382
    expect(two.atLeast33).toBe(9);
    for (const s of r.safestBids) {
      expect(bidOdds(R, 4, [2, 2, 4, 1, 6], { count: s.atLeast50, face: s.face }, false).probability).toBeGreaterThanOrEqual(0.5);
      if (s.atLeast50 < 20) expect(bidOdds(R, 4, [2, 2, 4, 1, 6], { count: s.atLeast50 + 1, face: s.face }, false).probability).toBeLessThan(0.5);
    }
  });

  it('table: P(at least k) for wild and non-wild faces', () => {
    const t = atLeastTable(5, 6);
    expect(t).toHaveLength(6);
    expect(t[0].wildFraction).toBe('1/1');
    expect(t[1].wildFraction).toBe('211/243'); // 1 − (2/3)^5
    expect(t[1].nonWildFraction).toBe('4651/7776'); // 1 − (5/6)^5
    expect(t[5].wildFraction).toBe('1/243');
    expect(exactText(binomialAtLeast(3, 1, 6, 2))).toBe('2/27'); // (15 + 1)/216
  });

  it('tail table (floats for strategies) agrees with the exact tails', () => {
    const t = tailTable(20, 6), w = 22;
    for (const a of [1, 2]) for (const u of [0, 7, 20]) for (let k = 0; k <= u; k++) {
      const e = binomialAtLeast(u, a, 6, k);
      expect(t[((a - 1) * 21 + u) * w + k]).toBeCloseTo(Number(e.num) / Number(e.den), 12);
    }
  });

  it('rolled tables agree with the exact binomial (|estimate − exact| ≤ 4 SE)', () => {
    const round = new Round(R, 4);
    const rng = new Rng(11);
    const n = 200_000;
    let hits = 0;
    for (let i = 0; i < n; i++) {
      round.roll(rng);
      round.onesBid = false;
      if (round.tableCount(2) >= 8) hits++;
    }
    const e = binomialAtLeast(20, 2, 6, 8), p = Number(e.num) / Number(e.den);
    const se = Math.sqrt((p * (1 - p)) / n);
    expectWithinSE(hits / n, p, se);
  });

  it('parses bids and dice, and rejects bad ones', () => {
    expect(parseBid('8x2', R, 20)).toEqual({ count: 8, face: 2 });
    expect(() => parseBid('0x2', R, 20)).toThrow(/count must be in 1\.\.20/);
    expect(() => parseBid('8x7', R, 20)).toThrow(/face must be in 1\.\.6/);
    expect(() => parseBid('21x2', R, 20)).toThrow(/1\.\.20/);
    expect(() => parseDice('1,2,3,4,5,6', R)).toThrow(/only 5/);
    expect(() => checkHigher(R, { count: 8, face: 2 }, { count: 7, face: 6 })).toThrow(/not higher/);
    expect(() => checkHigher(R, { count: 8, face: 1 }, { count: 8, face: 6 })).toThrow(/not higher/); // 1 ranks above 6
    expect(() => checkHigher(R, { count: 8, face: 6 }, { count: 8, face: 1 })).not.toThrow();
    expect(() => validateRules({ dicePerPlayer: 0 })).toThrow(/dicePerPlayer must be an integer in 1\.\.20/);
    expect(() => validateRules({ wildones: true })).toThrow(/wildones/);
  });
});

function choose(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

const TABLE = [
  [2, 2, 1, 6, 5],
  [2, 2, 3, 3, 5],
  [2, 2, 3, 1, 5],
  [3, 1, 5, 5, 6],
]; // six 2s, four 3s, three 1s, five 5s, two 6s

describe('liars dice: round engine', () => {
  it('the rules page worked example: an out-of-turn call on two bids, both bidders drink', () => {
    const r = new Round(R, 4);
    r.setDice(TABLE);
    expect([1, 2, 3, 4, 5, 6].map((f) => r.totals[f])).toEqual([3, 6, 4, 0, 5, 2]);
    // seat 0 opens 8x2 and goes clockwise; seat 1 bids 9x4, seat 2 bids 11x6; while seat 3 thinks,
    // seat 0 calls both of them liars.
    const players = [
      new Scripted([[8, 2]], { afterBids: 3, inTurn: false, targets: [1, 2] }),
      new Scripted([[9, 4]], null),
      new Scripted([[11, 6]], null),
      new Scripted([], null),
    ];
    const next = r.play(players, 0, new Rng(1));
    expect(r.tableCount(4)).toBe(3); // 0 fours + 3 wild 1s < 9
    expect(r.tableCount(6)).toBe(5); // 2 sixes + 3 wild 1s < 11
    expect(Array.from(r.penalties)).toEqual([0, 1, 1, 0]);
    expect(r.callsOutOfTurn[0]).toBe(2);
    expect(r.callsOutOfTurnRight[0]).toBe(2);
    expect(r.callsInTurn[0]).toBe(0);
    expect(next).toBe(2); // the last resolved loser opens the next round
    expect(checkBids(R, TABLE.flat(), [{ count: 9, face: 4 }, { count: 11, face: 6 }], false).bids.map((b) => [b.counted, b.true])).toEqual([[3, false], [5, false]]);
  });

  it('a caller who challenges two true bids drinks twice; firstLoser option', () => {
    const rules: LiarsRules = { ...R, nextOpener: 'firstLoser' };
    const r = new Round(rules, 4);
    r.setDice(TABLE);
    const players = [
      new Scripted([[5, 2]], null),
      new Scripted([[6, 2]], null), // 6 + 3 wild = 9 ≥ 6: true
      new Scripted([[7, 5]], null), // 5 + 3 = 8 ≥ 7: true
      new Scripted([], { afterBids: 3, inTurn: true, targets: [1, 2] }),
    ];
    const next = r.play(players, 0, new Rng(1));
    expect(Array.from(r.penalties)).toEqual([0, 0, 0, 2]);
    expect(r.callsInTurn[3]).toBe(2);
    expect(r.callsInTurnRight[3]).toBe(0);
    expect(next).toBe(3);
  });

  it('bidding 1s cancels the wilds for every bid until the round ends', () => {
    const r = new Round(R, 4);
    r.setDice(TABLE);
    const players = [
      new Scripted([[5, 2]], null), // 6 twos: true even without wilds
      new Scripted([[5, 5]], null), // 5 fives: true
      new Scripted([[5, 1]], null), // three 1s: false
      new Scripted([], { afterBids: 3, inTurn: true, targets: [0, 2] }),
    ];
    r.play(players, 0, new Rng(1));
    expect(r.onesBid).toBe(true);
    expect(r.tableCount(4)).toBe(0);
    expect(Array.from(r.penalties)).toEqual([0, 0, 1, 1]);
    // without the cancelling rule the 1s stay wild for other faces
    const r2 = new Round({ ...R, onesBidCancelsWilds: false }, 4);
    r2.setDice(TABLE);
    r2.onesBid = true;
    expect(r2.tableCount(4)).toBe(3);
    const r3 = new Round({ ...R, wildOnes: false }, 4);
    r3.setDice(TABLE);
    expect(r3.tableCount(4)).toBe(0);
  });

  it('the opener chooses the direction; 1 ranks above 6; only the latest mark counts without multipleCalls', () => {
    const r = new Round({ ...R, multipleCalls: false }, 4);
    r.setDice(TABLE);
    expect(bidRank(R, 8, 1)).toBeGreaterThan(bidRank(R, 8, 6));
    expect(bidRank({ ...R, onesRankHighest: false }, 8, 1)).toBeLessThan(bidRank({ ...R, onesRankHighest: false }, 8, 2));
    const players = [
      new Scripted([[3, 6]], null, -1), // counter-clockwise: seat 3 is next
      new Scripted([], { afterBids: 3, inTurn: true, targets: [0, 2] }),
      new Scripted([[4, 4]], null),
      new Scripted([[3, 1]], null), // 1 above 6: a legal raise on the same count
    ];
    r.play(players, 0, new Rng(1));
    expect(Array.from(r.bidders.subarray(0, r.numBids))).toEqual([0, 3, 2]);
    // seat 1 marks bids 0 and 2; only bid 2 counts: 4x4 with the 1s no longer wild (3x1 was bid) is false
    expect(r.challenged).toBe(1);
    expect(Array.from(r.penalties)).toEqual([0, 0, 1, 0]);
  });

  it('at the top bid the player to move must call', () => {
    const rules = { ...R, dicePerPlayer: 1 };
    const r = new Round(rules, 2);
    r.setDice([[1], [1]]);
    const players = [new Scripted([[2, 1]], null), new Scripted([], null)];
    r.play(players, 0, new Rng(1));
    expect(r.caller).toBe(1);
    expect(Array.from(r.penalties)).toEqual([0, 1]); // two 1s: the top bid 2x1 was true
  });

  it('rejects illegal bids from a strategy as a bug', () => {
    const r = new Round(R, 2);
    r.setDice([[2, 2, 2, 2, 2], [3, 3, 3, 3, 3]]);
    expect(() => r.play([new Scripted([[8, 2]], null), new Scripted([[7, 6]], null)], 0, new Rng(1))).toThrow(/illegal bid/);
  });
});

const FIELD: TournamentParams = {
  rules: R,
  strategies: [{ name: 'threshold', params: {} }, { name: 'conservative', params: {} }, { name: 'bluffer', params: {} }, { name: 'random', params: {} }],
};

describe('liars dice: tournament', () => {
  it('the round loop allocates nothing', () => {
    const t = new Tournament(FIELD);
    const acc = new Float64Array(t.lay.size);
    const rng = new Rng(5);
    const m = measureAllocation(() => t.playRounds(rng, 150_000, acc), () => t.playRounds(rng, 20_000, acc));
    expect(m.gcEvents).toBe(0);
    expect(m.bytes).toBeLessThan(64 * 1024);
  });

  it('the two-player round loop with the equilibrium bot allocates nothing either', () => {
    const params: TournamentParams = { rules: { ...R, dicePerPlayer: 1 }, strategies: [{ name: 'equilibrium', params: {} }, { name: 'threshold', params: {} }] };
    const t = new Tournament(params);
    const acc = new Float64Array(t.lay.size);
    const rng = new Rng(6);
    const m = measureAllocation(() => t.playRounds(rng, 300_000, acc), () => t.playRounds(rng, 30_000, acc));
    expect(m.gcEvents).toBe(0);
    expect(m.bytes).toBeLessThan(64 * 1024);
  });

  it('is bit-identical for 1 and 2 workers', async () => {
    const e = { kernel: tournamentKernel.name, params: FIELD, seed: 3, total: 20_000, shardCount: 8 };
    const a = await runExperiment(e, { workers: 1 });
    const b = await runExperiment(e, { workers: 2 });
    expect(Array.from(b)).toEqual(Array.from(a));
    const r = summarizeTournament(FIELD, a);
    expect(r.rounds).toBe(20_000);
    // every challenged bid costs exactly one penalty
    expect(r.seats.reduce((s, x) => s + x.penaltiesPerRound.mean, 0)).toBeCloseTo(r.penaltiesPerRound, 12);
    expect(r.strategies.find((s) => s.strategy === 'random')!.penaltiesPerRound.mean).toBeGreaterThan(r.strategies.find((s) => s.strategy === 'threshold')!.penaltiesPerRound.mean);
  });

  it('tournament penalties match an exact enumeration of every deal (deterministic bots, 2 × 2 dice; ≤ 4 SE)', () => {
    // threshold and conservative never draw random numbers, so a round is a function of the deal and
    // the opener: enumerate all 6^4 deals for each opener with the engine, then solve the opener
    // chain (the loser opens): seat 0's long-run penalties per round = b / (1 − a + b), with
    // a = P(seat 0 loses | seat 0 opens), b = P(seat 0 loses | seat 1 opens).
    const rules: LiarsRules = { ...R, dicePerPlayer: 2, outOfTurnCalls: false, multipleCalls: false };
    const params: TournamentParams = { rules, strategies: [{ name: 'threshold', params: { outOfTurnBelow: 0 } }, { name: 'conservative', params: { outOfTurnBelow: 0 } }] };
    const t = new Tournament(params);
    const r = t.round;
    const lose = [0, 0];
    for (let code = 0; code < 6 ** 4; code++) {
      const d = [0, 1, 2, 3].map((k) => (Math.floor(code / 6 ** k) % 6) + 1);
      for (const opener of [0, 1]) {
        r.setDice([[d[0], d[1]], [d[2], d[3]]]);
        r.play(t.players, opener, new Rng(1));
        expect(r.penalties[0] + r.penalties[1]).toBe(1);
        lose[opener] += r.penalties[0] / 6 ** 4;
      }
    }
    const [a, b] = lose;
    const exact = b / (1 - a + b);
    const acc = new Float64Array(t.lay.size);
    t.opener = 0;
    t.playRounds(new Rng(21), 300_000, acc);
    const m = summarizeTournament(params, acc).seats[0].penaltiesPerRound;
    expectWithinSE(m.mean, exact, m.se);
  });

  it('equilibrium self-play matches the solver: the opener loses (1 − value)/2 of rounds (≤ 4 SE)', () => {
    const rules: LiarsRules = { ...R, dicePerPlayer: 1 };
    const solver = solverFor(rules, 2, 0.001, 3000);
    const v0 = solver.value0();
    const params: TournamentParams = { rules, strategies: [{ name: 'equilibrium', params: {} }, { name: 'equilibrium', params: {} }] };
    const t = new Tournament(params);
    const acc = new Float64Array(t.lay.size);
    t.playRounds(new Rng(9), 200_000, acc);
    const r = summarizeTournament(params, acc);
    const m = r.openerPenaltiesPerRound;
    expectWithinSE(m.mean, (1 - v0) / 2, m.se);
  });
});

import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { Engine } from '../src/games/tichu/engine.js';
import { loadRules } from '../src/games/tichu/rules.js';
import { CALLS_LENGTH, callKernel, summarizeCalls, tallyCallRound, type RoundRecord } from '../src/games/tichu/kernels.js';
import { measureCallGain } from '../src/games/tichu/call-gain.js';
import { parseCards, sortCards } from '../src/games/tichu/cards.js';
import { createStrategy, parseStrategySpec } from '../src/games/tichu/strategies/index.js';
import { expectUserError, runCli } from './helpers/cli.js';
import { measureAllocation } from './helpers/alloc.js';

const rules = loadRules();

function round(o: Partial<RoundRecord>): RoundRecord {
  return {
    calls: [0, 0, 0, 0], outOrder: [0, 1, 2, 3], doubleWin: false,
    bombFirst8: [0, 0, 0, 0], bombFirst14: [0, 0, 0, 0], bombAfterPass: [0, 0, 0, 0], bombsPlayed: 0, ...o,
  };
}

describe('tichu call statistics (tichu calls)', () => {
  it('counts calls, successes, bombs and double wins exactly on fixed rounds', () => {
    const acc = new Float64Array(CALLS_LENGTH);
    // 1: seat 1 calls Tichu with a bomb and goes out first; seat 2 (an opponent of 1) holds a bomb too
    tallyCallRound(round({ calls: [0, 1, 0, 0], outOrder: [1, 0, 2, 3], bombFirst14: [0, 1, 0, 0], bombAfterPass: [0, 1, 1, 0], bombsPlayed: 2 }), 0, acc);
    // 2: seat 0 Grand Tichu, seat 3 Tichu; seat 3 goes out first (double win with seat 1); seat 0 held a bomb in its first 8
    tallyCallRound(round({ calls: [2, 0, 0, 1], outOrder: [3, 1, 0, 2], doubleWin: true, bombFirst8: [1, 0, 0, 0], bombFirst14: [1, 0, 0, 0], bombAfterPass: [1, 0, 0, 0] }), 1, acc);
    // 3: nothing called, no bombs
    tallyCallRound(round({ outOrder: [2, 0, 1, 3] }), 2, acc);
    const s = summarizeCalls(['a', 'b', 'c', 'd'], acc);
    expect(s.deals).toBe(3);
    expect([s.tichu.rate.k, s.tichu.rate.n]).toEqual([2, 12]);
    expect([s.tichu.success.k, s.tichu.success.n]).toEqual([2, 2]);
    expect([s.tichu.bombGivenCall.k, s.tichu.bombGivenCall.n]).toEqual([1, 2]);
    expect([s.tichu.callerBomb.k, s.tichu.callerBomb.n]).toEqual([1, 1]);
    // seat 1's opponents (0, 2): seat 2 held one; seat 3's opponents (0, 2): seat 0 held one
    expect([s.tichu.opponentBomb.k, s.tichu.opponentBomb.n]).toEqual([2, 2]);
    expect([s.grandTichu.rate.k, s.grandTichu.success.k, s.grandTichu.success.n]).toEqual([1, 0, 1]);
    expect([s.grandTichu.callerBomb.k, s.grandTichu.callerBomb.n, s.grandTichu.opponentBomb.n]).toEqual([0, 1, 0]);
    expect([s.bombFirst8.k, s.bombFirst8.n, s.bombFirst14.k, s.bombAfterPassing.k]).toEqual([1, 12, 2, 3]);
    expect([s.roundsBombAfterPassing.k, s.roundsBombAfterPassing.n]).toEqual([2, 3]);
    expect([s.roundsBombPlayed.k, s.bombsPlayedPerRound.mean]).toEqual([1, 2 / 3]);
    expect([s.doubleWinPerTeam.k, s.doubleWinPerTeam.n]).toEqual([1, 6]);
    // by strategy position: position i sat in seat (i + rot) & 3
    // round 1 (rot 0): seat 1 = position 1 called and made; round 2 (rot 1): seat 0 = position 3 (Grand, lost), seat 3 = position 2 (made)
    expect(s.byStrategy.map((b) => b.tichuRate.k)).toEqual([0, 1, 1, 0]);
    expect(s.byStrategy.map((b) => b.grandRate.k)).toEqual([0, 0, 0, 1]);
    expect(s.byStrategy.map((b) => b.tichuSuccess.k)).toEqual([0, 1, 1, 0]);
    // first out: round 1 seat 1 → position 1; round 2 seat 3 → position 2; round 3 (rot 2) seat 2 → position 0
    expect(s.byStrategy.map((b) => b.firstOut.k)).toEqual([1, 1, 1, 0]);
  });

  it('the engine records bombs in the first 8 and the dealt 14 as the hands were', () => {
    const rng = new Rng(5);
    const e = new Engine(rules, [0, 1, 2, 3].map(() => createStrategy(parseStrategySpec('heuristic'), rules, rng)), rng);
    let first8 = 0, first14 = 0, seen = 0;
    for (let i = 0; i < 3000; i++) {
      e.playRound();
      for (let p = 0; p < 4; p++) {
        first8 += e.bombFirst8[p]; first14 += e.bombFirst14[p];
        // a bomb in the first 8 cards is still there with all 14
        if (e.bombFirst8[p]) { seen++; expect(e.bombFirst14[p]).toBe(1); }
      }
    }
    // exact: 0.2978% of 8-card hands and 5.0763% of 14-card hands hold a bomb (tichu odds); 12,000 hands
    const n = 12000, p14 = 49110533273 / 967455327300;
    expect(Math.abs(first14 / n - p14)).toBeLessThan(4 * Math.sqrt(p14 * (1 - p14) / n));
    expect(first8).toBe(seen);
    expect(first8).toBeLessThan(first14);
  });

  it('calls: bad input is one line and exit 2', () => {
    expectUserError(runCli(['tichu', 'calls', '--deals', '0']), /--deals/);
    expectUserError(runCli(['tichu', 'calls', '--strategies', 'expert:tichu=2']), /tichu must be a number in 0\.\.1 \(got 2\)/);
    expectUserError(runCli(['tichu', 'calls', '--strategies', 'expert:budget=0']), /budget must be an integer in 1\.\.100000/);
    expectUserError(runCli(['tichu', 'calls', '--strategies', 'expert,heuristic,random']), /--strategies needs 1, 2 or 4/);
  });

  it('calls prints the statistics beside the real games, the same for 1 and 2 workers', () => {
    const a = runCli(['tichu', 'calls', '--deals', '40', '--strategies', 'heuristic,random', '--seed', '2', '--workers', '1', '--quiet']);
    const b = runCli(['tichu', 'calls', '--deals', '40', '--strategies', 'heuristic,random', '--seed', '2', '--workers', '2', '--quiet']);
    expect(a.code).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout).toContain('bomb in the first 8 cards');
    expect(a.stdout).toMatch(/Tichu success, caller holds a bomb .* 79\.31%/);
    const j = JSON.parse(runCli(['tichu', 'calls', '--deals', '40', '--strategies', 'heuristic,random', '--seed', '2', '--json', '--quiet']).stdout);
    expect(j.deals).toBe(40);
    expect(j.bombFirst8.n).toBe(160);
  });
});

describe('tichu grand / tichu call: the same player with and without the call', () => {
  it('the caller never sees its own call; the others do', () => {
    const e = new Engine(rules, [0, 1, 2, 3].map(() => createStrategy(parseStrategySpec('heuristic'), rules, new Rng(1))), new Rng(1));
    e.calls[0] = 1;
    e.hideOwnCall[0] = 1;
    expect(e.views[0].call(0)).toBe(0);
    expect(e.views[1].call(0)).toBe(1);
    expect(e.views[2].call(0)).toBe(1);
    e.hideOwnCall[0] = 0;
    expect(e.views[0].call(0)).toBe(1);
  });

  it('against players who ignore calls, both branches are the same round: only the score differs', () => {
    // random players never read calls, so with the caller playing alike the two rounds are one
    // round: P(first out) is the same and the gain is exactly ±100 by who went out first
    for (const [call, hand] of [['tichu', [55, 54, 51, 50, 49, 45, 41, 37, 33, 29, 25, 9, 5, 1]], ['grand', [55, 54, 51, 50, 49, 45, 41, 37]]] as const) {
      const params = { rules, strategies: ['heuristic', 'random', 'random', 'random'], hand: [...hand], call };
      const acc = callKernel.run(params, Rng.forShard(4, 0), 300);
      const r = callKernel.summarize(params, acc, 300);
      expect(r.firstOutWithCall.k).toBe(r.firstOutWithoutCall.k);
      const bonus = call === 'grand' ? 200 : 100;
      expect(r.gainFromCalling.mean).toBeCloseTo(bonus * (2 * r.firstOutWithCall.p - 1), 9);
      expect(r.firstOutWithCall.k).toBeGreaterThan(0);
    }
  });

  it('measureCallGain (for the ladder) gives what the command prints', async () => {
    const hand = sortCards(parseCards('Dr Ph Aj As Ap Ar Kp Kr', 8, '--hand'));
    const r = await measureCallGain({ rules, strategies: ['heuristic', 'heuristic', 'heuristic', 'heuristic'], hand, call: 'grand', deals: 48, seed: 3 });
    const j = JSON.parse(runCli(['tichu', 'grand', '--hand', 'Kr Kp Ar Ap As Aj Ph Dr', '--strategies', 'heuristic', '--deals', '48', '--seed', '3', '--json', '--quiet']).stdout);
    expect(r.deals).toBe(48);
    expect(r.gainFromCalling.mean).toBe(j.gainFromCalling.mean);
    expect(r.firstOutWithCall.k).toBe(j.firstOutWithCall.k);
    await expect(measureCallGain({ rules, strategies: ['heuristic'], hand: hand.slice(0, 7), call: 'grand', deals: 4, seed: 1 })).rejects.toThrow(/8 cards/);
  });
});

describe('the expert player', () => {
  it('plays whole rounds with legal plays and allocates nothing in its loop', () => {
    const rng = new Rng(9);
    const e = new Engine(rules, [0, 1, 2, 3].map(() => createStrategy(parseStrategySpec('expert:budget=4,callRollouts=8'), rules, rng)), rng);
    for (let i = 0; i < 3; i++) e.playRound();
    const m = measureAllocation(() => { for (let i = 0; i < 12; i++) e.playRound(); });
    expect(m.gcEvents).toBe(0);
    expect(m.bytes).toBeLessThan(64 * 1024);
  });

  it('gives the same statistics for 1 and 2 workers', () => {
    const run = (w: string) => {
      const j = JSON.parse(runCli(['tichu', 'calls', '--strategies', 'expert:budget=2,callRollouts=4,heuristic', '--deals', '12', '--seed', '5', '--workers', w, '--json', '--quiet']).stdout);
      delete j.run;
      return j;
    };
    expect(run('2')).toEqual(run('1'));
  });

  it('is the same for a seed and calls at all', () => {
    const run = () => {
      const rng = new Rng(21);
      const e = new Engine(rules, [0, 1, 2, 3].map(() => createStrategy(parseStrategySpec('expert:budget=4,callRollouts=8'), rules, rng)), rng);
      const out: number[] = [];
      for (let i = 0; i < 40; i++) { e.playRound(); out.push(e.roundPoints[0], e.roundPoints[1], ...e.calls); }
      return out;
    };
    const a = run();
    expect(run()).toEqual(a);
    const calls = a.filter((_, i) => i % 6 >= 2 && a[i] > 0).length;
    expect(calls).toBeGreaterThan(0);
  });
});

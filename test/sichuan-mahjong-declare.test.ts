/**
 * Issue 16, Sichuan: declaring a win is a strategy decision (self-draw, discard, robbing a kong).
 * Strategies without `declareWin` declare every win (the shipped defaults, so existing figures stay);
 * `value:minFan=K` passes cheap discard wins while a bigger hand is near.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { loadRules } from '../src/games/sichuan-mahjong/rules.js';
import { Deal, DEAL, SLOT } from '../src/games/sichuan-mahjong/engine.js';
import { WIN_DISCARD, WIN_SELF_DRAW, type MahjongStrategy } from '../src/games/sichuan-mahjong/strategy.js';
import { parseTileList } from '../src/games/sichuan-mahjong/tiles.js';
import { getStrategy } from '../src/games/sichuan-mahjong/strategies/index.js';
import { UserError } from '../src/core/errors.js';
import { measureAllocation } from './helpers/alloc.js';

const rules = loadRules('default');
const A = DEAL.offset;
const greedy = getStrategy('greedy');

/** A stacked wall: the four hands (13 each), the dealer's 14th, then the rest in kind order. */
function stackedWall(hands: string[], dealer14: string): number[] {
  const counts = new Array(27).fill(4);
  const take = (s: string) => parseTileList(s, 'wall').map((t) => { counts[t]--; if (counts[t] < 0) throw new Error(`too many ${t}`); return t; });
  const wall = [...hands.flatMap(take), ...take(dealer14)];
  for (let k = 0; k < 27; k++) for (let c = 0; c < counts[k]; c++) wall.push(k);
  return wall;
}

/** greedy that records what it is asked and answers `yes` */
function asking(yes: boolean, log: unknown[][]): MahjongStrategy {
  return { ...greedy, name: yes ? 'greedy-declares' : 'greedy-never', declareWin: (_t, seat, tile, kind, fan) => { log.push([seat, tile, kind, fan]); return yes; } };
}

describe('sichuan-mahjong: declaring a win', () => {
  const dealerWall = stackedWall(['123m456m789m234p5p', '1m5m9m1p5p9p2m6m2p6p7s8s9s', '111s222s333s444s5s', '666s777s888s999s5s'], '5p');

  it('a self-draw is asked about (kind, fan) and can be passed; the play goes on', () => {
    const one = structuredClone(rules); one.winnersToEnd = 1;
    const log: unknown[][] = [];
    const yes = new Deal(one, [asking(true, log), greedy, greedy, greedy], new Rng(1));
    const acc = new Float64Array(DEAL.length);
    yes.play(acc, 0, dealerWall);
    expect(log[0]).toEqual([0, -1, WIN_SELF_DRAW, 0]);
    expect(Array.from(yes.score)).toEqual([6, -2, -2, -2]);
    const noLog: unknown[][] = [];
    const no = new Deal(one, [asking(false, noLog), greedy, greedy, greedy], new Rng(1));
    const acc2 = new Float64Array(DEAL.length);
    no.play(acc2, 0, dealerWall);
    expect(noLog[0]).toEqual([0, -1, WIN_SELF_DRAW, 0]);
    expect(no.winOrder[0]).toBe(0);
    expect(acc2[A.slots + SLOT.offset.declined]).toBeGreaterThanOrEqual(1);
    expect(acc2[A.slots + SLOT.offset.wins]).toBe(0);
    expect(acc2[A.zeroSumViolations]).toBe(0);
    expect(acc2[A.conservationViolations]).toBe(0);
  });

  it('a discard win passed by one of two winners: only the other is paid', () => {
    const two = structuredClone(rules); two.winnersToEnd = 2;
    const wall = stackedWall(['234m678m234p678p5m', '123m456m789m11s23s', '123p456p789p11s35s', '1m5m9m1p5p9p2m6m2p6p7s8s9s'], '4s');
    const both = new Deal(two, [greedy, greedy, greedy, greedy], new Rng(1));
    both.play(new Float64Array(DEAL.length), 0, wall);
    expect(Array.from(both.winOrder)).toEqual([0, 1, 2, 0]);
    const log: unknown[][] = [];
    const d = new Deal(two, [greedy, greedy, asking(false, log), greedy], new Rng(1));
    const acc = new Float64Array(DEAL.length);
    d.play(acc, 0, wall);
    // seat 2 was asked about the dealer's 4s (kind 21) as a discard win, and passed it
    expect(log[0]).toEqual([2, 21, WIN_DISCARD, 0]);
    expect(d.winOrder[1]).toBe(1);
    expect(d.winOrder[2]).toBe(0);
    expect(acc[A.multiWinDiscards]).toBe(0);
  });

  it('a strategy that always declares plays exactly like one without declareWin (existing figures stay)', () => {
    const log: unknown[][] = [];
    const a = new Deal(rules, [greedy, getStrategy('value'), greedy, getStrategy('random')], new Rng(9));
    const b = new Deal(rules, [asking(true, log), getStrategy('value'), greedy, getStrategy('random')], new Rng(9));
    const accA = new Float64Array(DEAL.length), accB = new Float64Array(DEAL.length);
    for (let i = 0; i < 300; i++) { a.play(accA, i & 3); b.play(accB, i & 3); }
    expect(log.length).toBeGreaterThan(0);
    expect(Array.from(accB)).toEqual(Array.from(accA));
  });

  it('declinedWinWaitsForDraw: a player who passed cannot win on a discard before drawing (fewer chances to pass)', () => {
    const count = (wait: boolean) => {
      const r = structuredClone(rules); r.declinedWinWaitsForDraw = wait;
      const never = asking(false, []);
      const d = new Deal(r, [never, greedy, greedy, greedy], new Rng(4));
      const acc = new Float64Array(DEAL.length);
      for (let i = 0; i < 400; i++) d.play(acc, 0);
      return acc[A.slots + SLOT.offset.declined];
    };
    const waits = count(true), free = count(false);
    expect(waits).toBeGreaterThan(0);
    expect(free).toBeGreaterThan(waits);
  });

  it('value:minFan=K is the value-seeking variant: it passes some cheap discard wins, never a self-draw', () => {
    const v = getStrategy('value:minFan=2');
    expect(v.declareWin).toBeTypeOf('function');
    expect(getStrategy('value').declareWin).toBeUndefined();
    expect(getStrategy('value:minFan=3:reach=1:wall=20').name).toBe('value:minFan=3:reach=1:wall=20');
    const log: unknown[][] = [];
    const spy: MahjongStrategy = { ...v, declareWin: (t, seat, tile, kind, fan) => { const y = v.declareWin!(t, seat, tile, kind, fan); log.push([kind, fan, y]); return y; } };
    const d = new Deal(rules, [spy, getStrategy('value'), getStrategy('value'), getStrategy('value')], new Rng(3));
    const acc = new Float64Array(DEAL.length);
    for (let i = 0; i < 1500; i++) d.play(acc, i & 3);
    const passed = log.filter((x) => x[2] === false);
    expect(passed.length).toBeGreaterThan(0);
    for (const [kind, fan] of passed) {
      expect(kind).not.toBe(WIN_SELF_DRAW);
      expect(fan).toBeLessThan(2);
    }
    expect(acc[A.zeroSumViolations]).toBe(0);
  });

  it('deals with a declining player allocate nothing (asking and valuing in the hot loop)', () => {
    const deal = new Deal(rules, ['value:minFan=2', 'value', 'greedy', 'random'].map(getStrategy), new Rng(11));
    const acc = new Float64Array(DEAL.length);
    const m = measureAllocation(() => { for (let i = 0; i < 500; i++) deal.play(acc, i & 3); }, () => { for (let i = 0; i < 800; i++) deal.play(acc, i & 3); });
    expect(acc[A.slots + SLOT.offset.declined] + acc[A.slots + SLOT.length + SLOT.offset.declined]).toBeGreaterThan(0);
    expect(m.gcEvents).toBe(0);
    expect(m.bytes).toBeLessThan(64 * 1024);
  });

  it('bad parameters are named', () => {
    expect(() => getStrategy('value:minFan=0')).toThrow(UserError);
    expect(() => getStrategy('value:minFan=0')).toThrow(/minFan must be an integer in 1\.\.13/);
    expect(() => getStrategy('value:colour=1')).toThrow(/unknown parameter colour/);
    expect(() => getStrategy('greedy:minFan=2')).toThrow(/takes no parameters/);
  });
});

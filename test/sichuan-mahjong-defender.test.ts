import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { Deal, DEAL } from '../src/games/sichuan-mahjong/engine.js';
import { calibrateDefense, defenseDataModule, fitDefenseCounts } from '../src/games/sichuan-mahjong/strategies/defense-fit.js';
import { strategyGain } from '../src/games/sichuan-mahjong/ladder-paired.js';
import { DEFENSE_FIT } from '../src/games/sichuan-mahjong/strategies/defense-gen.js';
import { pairedKernel } from '../src/games/sichuan-mahjong/kernels.js';
import { loadRules } from '../src/games/sichuan-mahjong/rules.js';
import { SichuanMahjongState, strategyPlayer } from '../src/games/sichuan-mahjong/state.js';
import type { TableView } from '../src/games/sichuan-mahjong/strategy.js';
import { countsOf, parseTileList } from '../src/games/sichuan-mahjong/tiles.js';
import { DEFENSE_MODEL, defenderDecision, getStrategy, READY_DRAWS, readyCell, SAFE, STRATEGIES, waitCell } from '../src/games/sichuan-mahjong/strategies/index.js';
import { DEFENSE_COUNTS } from '../src/games/sichuan-mahjong/strategies/defense-model.data.js';
import { measureAllocation } from './helpers/alloc.js';
import { playOut } from './kit/playout.js';
import { readFileSync } from 'node:fs';

const rules = loadRules('default');
const M = 0, P = 1, S = 2;
const kind = (t: string) => parseTileList(t, 'tile')[0];

/**
 * A table seen by seat 0 (holding `hand`, void s): `visible` tiles lying on the table, discards by
 * seat (`discards[o]`), voids of the others, each other seat's draws, `wall` tiles left.
 */
function table(o: { hand: string; visible?: string; discards?: string[]; voids?: number[]; draws?: number; melds?: number[]; wall?: number }): TableView {
  const visible = new Uint8Array(27);
  if (o.visible) for (const k of parseTileList(o.visible, 'visible')) visible[k]++;
  const seatDiscards = new Uint8Array(4 * 27), lastDiscard = new Int8Array(4).fill(-1);
  (o.discards ?? []).forEach((d, s) => { for (const k of d ? parseTileList(d, 'discards') : []) { seatDiscards[s * 27 + k]++; lastDiscard[s] = k; } });
  const z = new Uint8Array(27);
  return {
    hands: [countsOf(parseTileList(o.hand, 'hand')), z, z, z], meldKinds: new Uint8Array(16), meldSizes: new Uint8Array(16), nMelds: Int8Array.from(o.melds ?? [0, 0, 0, 0]),
    voids: Int8Array.from(o.voids ?? [S, M, M, M]), visible, won: new Uint8Array(4), seatDiscards, lastDiscard,
    ownDraws: Int32Array.from([0, o.draws ?? 10, o.draws ?? 10, o.draws ?? 10]), wallLeft: () => o.wall ?? 30, rng: new Rng(1), rules,
  };
}

describe('sichuan-mahjong defender: the danger of a tile', () => {
  it('a tile discarded three times by others, whose fourth copy we hold, is safe when it completes no run', () => {
    // 1p: three on the table and one in hand, so no opponent holds one (no pair, pung or
    // seven-pairs wait on it); 2p and 3p are all gone too, so no run 1p-2p-3p can be waiting
    const t = table({ hand: '1234567m1p22p3p789p', visible: '111p22p333p', discards: ['', '1p2p3p', '1p2p3p', '1p3p'] });
    for (let o = 1; o < 4; o++) {
      expect(waitCell(t, 0, o, kind('1p'))).toBe(SAFE);
      expect(DEFENSE_MODEL.pWait(t, 0, o, kind('1p'))).toBe(0);
    }
    const dealIn = new Float64Array(27), danger = new Float64Array(27);
    DEFENSE_MODEL.dangers(t, 0, dealIn, danger);
    expect(danger[kind('1p')]).toBe(0);
    expect(dealIn[kind('1p')]).toBe(0);
    // 4p is also out three times, but 5p-6p could be waiting on it: not safe
    const u = table({ hand: '1234567m4p22p3p789p', visible: '444p', discards: ['', '4p', '4p', '4p'] });
    expect(waitCell(u, 0, 1, kind('4p'))).not.toBe(SAFE);
    expect(DEFENSE_MODEL.pWait(u, 0, 1, kind('4p'))).toBeGreaterThan(0);
  });

  it('a tile of an opponent\'s declared void suit is safe against that opponent only', () => {
    const t = table({ hand: '1234567m123p789p5s', voids: [S, P, M, M] });
    const k = kind('5p');
    expect(waitCell(t, 0, 1, k)).toBe(SAFE);
    expect(waitCell(t, 0, 2, k)).not.toBe(SAFE);
    const alone = table({ hand: '1234567m123p789p5s', voids: [S, P, P, P] });
    const dealIn = new Float64Array(27), danger = new Float64Array(27);
    DEFENSE_MODEL.dangers(alone, 0, dealIn, danger);
    expect(danger[k]).toBe(0);
    expect(danger[kind('5m')]).toBeGreaterThan(0);
  });

  it('genbutsu is less likely a wait but not safe: the rules model no furiten', () => {
    // the rules file has no furiten field; a player may win on a tile it discarded itself
    expect(Object.keys(rules).some((f) => /furiten/i.test(f))).toBe(false);
    const own = table({ hand: '1234567m1234p789p', discards: ['', '5p', '', ''] });
    const other = table({ hand: '1234567m1234p789p', discards: ['', '', '5p', ''] });
    const k = kind('5p');
    const pOwn = DEFENSE_MODEL.pWait(own, 0, 1, k), pOther = DEFENSE_MODEL.pWait(other, 0, 1, k);
    expect(pOwn).toBeGreaterThan(0);
    expect(pOwn).toBeLessThan(pOther * 0.8);
  });

  it('an opponent ready more often as it draws more, and less while its last discard was in its void suit', () => {
    const t = table({ hand: '1234567m1234p789p', discards: ['', '5p', '3m', ''], voids: [S, S, M, M] });
    const byDraws: number[] = [];
    for (let d = 0; d < READY_DRAWS; d += 4) {
      t.ownDraws[1] = d; t.ownDraws[2] = d;
      byDraws.push(DEFENSE_MODEL.pReady(t, 1));
      // seat 2's last discard (3m) is in its void suit m: it held one, it may hold more
      if (d >= 4) expect(DEFENSE_MODEL.pReady(t, 2)).toBeLessThan(DEFENSE_MODEL.pReady(t, 1));
    }
    for (let i = 1; i < byDraws.length; i++) expect(byDraws[i]).toBeGreaterThan(byDraws[i - 1]);
    expect(byDraws[0]).toBeLessThan(0.01);
    expect(byDraws[byDraws.length - 1]).toBeGreaterThan(0.3);
    expect(readyCell(t, 1)).not.toBe(readyCell(t, 2));
  });

  it('the danger estimate allocates nothing', () => {
    const t = table({ hand: '1234567m1234p789p', discards: ['', '5p9m', '3m', '1p'], voids: [S, S, M, P], draws: 12 });
    const dealIn = new Float64Array(27), danger = new Float64Array(27);
    const loop = () => { for (let i = 0; i < 20000; i++) DEFENSE_MODEL.dangers(t, 0, dealIn, danger); };
    const r = measureAllocation(loop);
    expect(r.gcEvents).toBe(0);
    expect(r.bytes).toBeLessThan(64 * 1024);
  });
});

describe('sichuan-mahjong defender: the estimates against the engine\'s truth', () => {
  it('the shipped counts are a fresh fit', () => {
    const c = fitDefenseCounts(rules, DEFENSE_FIT.strategies, DEFENSE_FIT.deals, DEFENSE_FIT.seed);
    expect(c.source).toEqual(DEFENSE_COUNTS.source);
    const shipped = readFileSync(new URL('../src/games/sichuan-mahjong/strategies/defense-model.data.ts', import.meta.url), 'utf8');
    expect(shipped).toBe(defenseDataModule(c));
  });

  it('readiness is calibrated on other deals of the same players (each bin within 4 SE), and no tile judged safe ever wins', () => {
    const c = calibrateDefense(rules, DEFENSE_MODEL, ['greedy', 'greedy', 'greedy', 'greedy'], 400, 77);
    let cases = 0;
    for (const b of c.readiness) {
      if (b.n < 200) continue;
      cases += b.n;
      const se = Math.sqrt(Math.max(b.predicted * (1 - b.predicted), 1e-4) / b.n);
      expect(Math.abs(b.rate - b.predicted)).toBeLessThan(4 * se + 0.005);
    }
    expect(cases).toBeGreaterThan(30000);
    expect(c.safeButWins).toBe(0);
    expect(c.safeShare).toBeGreaterThan(0.1);
    // the deal-in chance ranks tiles: the riskiest bin deals in far more often than the safest
    const used = c.dealIn.filter((b) => b.n >= 200);
    expect(used[used.length - 1].rate).toBeGreaterThan(10 * used[0].rate);
  });
});

describe('sichuan-mahjong defender as a player', () => {
  it('is registered with its parameters; bad ones are named', () => {
    expect(STRATEGIES.names).toContain('defender');
    expect(getStrategy('defender').name).toBe('defender');
    expect(getStrategy('defender:risk=2').name).toBe('defender:risk=2');
    expect(() => getStrategy('defender:risk=-1')).toThrow(/risk must be a number in 0..100/);
    expect(() => getStrategy('defender:fold=0.5')).toThrow(/fold must be an integer/);
    expect(() => getStrategy('defender:nerve=1')).toThrow(/unknown parameter nerve/);
  });

  it('plays as the advisor while nothing is dangerous, and folds to the safe tile when an opponent is surely ready', () => {
    const p = { risk: 1, far: 1, quiet: 0.08, fold: 0, reach: 8 };
    // nobody has drawn: no danger, the advisor's choice
    const calm = table({ hand: '222378m24456789p', draws: 0 });
    const d0 = defenderDecision(calm, 0, p);
    expect(d0.quiet).toBe(true);
    expect(d0.choice).toBe(d0.advisor);
    // late: three opponents with 20 draws, all void in m: every m tile is safe exactly, no p tile is
    const late = table({ hand: '1234567m8m9m12345p', draws: 20, voids: [S, M, M, M], wall: 4 });
    const d1 = defenderDecision(late, 0, p);
    expect(d1.danger[kind('9m')]).toBe(0);
    expect(d1.danger[kind('3p')]).toBeGreaterThan(0.05);
    expect(d1.quiet).toBe(false);
    const late2 = table({ hand: '1234568m11234589p', draws: 20, voids: [S, P, P, M], wall: 8 });
    const d2 = defenderDecision(late2, 0, { ...p, fold: 1, risk: 100 });
    expect(d2.quiet).toBe(false);
    // with risk 100 and folding allowed it throws the tile with the least danger
    let least = -1;
    for (let k = 0; k < 27; k++) if (late2.hands[0][k] && (least < 0 || d2.danger[k] < d2.danger[least] - 1e-12)) least = k;
    expect(d2.danger[d2.choice]).toBeCloseTo(d2.danger[least], 12);
  });

  it('plays legal deals through the game interface, the engine\'s deal move for move', () => {
    for (let seed = 1; seed <= 4; seed++) {
      const names = ['defender', 'greedy', 'defender:risk=3,fold=1', 'advisor'];
      const deal = new Deal(rules, names.map(getStrategy), new Rng(seed));
      deal.play(new Float64Array(DEAL.length), 0);
      const state = new SichuanMahjongState(rules);
      playOut(state, names.map((n) => strategyPlayer(getStrategy(n))), new Rng(seed));
      expect(Array.from(state.score)).toEqual(Array.from(deal.score));
      expect(Array.from(state.seatDiscards)).toEqual(Array.from(deal.seatDiscards));
      expect(deal.tilesConserved()).toBe(true);
    }
  });

  it('is deterministic: the paired kernel gives the same accumulator twice, and the gain function agrees with it', async () => {
    const p = { rules, strategy: 'defender', baseline: 'greedy' };
    const a = pairedKernel.run(p, new Rng(9), 12), b = pairedKernel.run(p, new Rng(9), 12);
    expect(Array.from(a)).toEqual(Array.from(b));
    const g1 = await strategyGain(rules, 'defender', 'greedy', 32, 4, 1);
    const g2 = await strategyGain(rules, 'defender', 'greedy', 32, 4, 1);
    expect(g1.deals).toBe(32);
    expect(g1.gain.mean).toBe(g2.gain.mean);
    expect(g1.gain.mean).toBeCloseTo(g1.withStrategy.mean - g1.withBaseline.mean, 12);
  });
});

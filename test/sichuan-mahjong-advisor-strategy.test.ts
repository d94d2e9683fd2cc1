import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { Deal, DEAL } from '../src/games/sichuan-mahjong/engine.js';
import { advise } from '../src/games/sichuan-mahjong/exact-advisor.js';
import { pairedKernel } from '../src/games/sichuan-mahjong/kernels.js';
import { loadRules } from '../src/games/sichuan-mahjong/rules.js';
import { shanten } from '../src/games/sichuan-mahjong/shanten.js';
import type { TableView } from '../src/games/sichuan-mahjong/strategy.js';
import { countsOf, kindName, parseTileList } from '../src/games/sichuan-mahjong/tiles.js';
import { ADVISOR_MAX_SHANTEN, advisorDecision, findDisagreements, getStrategy, STRATEGIES } from '../src/games/sichuan-mahjong/strategies/index.js';

const rules = loadRules('default');

/** A table where seat 0 holds `hand` (void s), nothing is visible, and `draws` own draws are left. */
function view(hand: string, draws: number): TableView {
  const z = new Uint8Array(27);
  return {
    hands: [countsOf(parseTileList(hand, 'hand')), z, z, z], meldKinds: new Uint8Array(16), meldSizes: new Uint8Array(16), nMelds: new Int8Array(4),
    voids: Int8Array.from([2, 0, 0, 0]), visible: new Uint8Array(27), won: new Uint8Array(4), seatDiscards: new Uint8Array(4 * 27), lastDiscard: new Int8Array(4).fill(-1), ownDraws: new Int32Array(4), wallLeft: () => draws * 4, rng: new Rng(1), rules,
  };
}

describe('sichuan-mahjong advisor strategy', () => {
  it('is registered', () => {
    expect(STRATEGIES.names).toContain('advisor');
    expect(getStrategy('advisor').name).toBe('advisor');
  });

  it('weighs the lowest-shanten discards with the numbers of `mahjong discard` and takes the most expected points', () => {
    for (const hand of ['222378m24456789p', '12245577899m256p', '11468m11234688p']) {
      const t = view(hand + (hand.length === 15 ? '2m' : ''), 13);
      const d = advisorDecision(t, 0);
      expect(d.exact).toBe(true);
      const r = advise({ hand: hand + (hand.length === 15 ? '2m' : ''), void: 's' }, rules, { draws: 13, objective: 'points' });
      const best = Math.min(...r.discards.map((x) => x.shanten));
      const weighed = r.discards.filter((x) => x.shanten === best);
      for (const x of weighed) {
        const k = parseTileList(x.discard, 'discard')[0];
        expect(d.points[k]).toBeCloseTo(x.expectedPoints, 12);
        expect(d.win[k]).toBeCloseTo(x.pWin, 12);
      }
      // discards that raise the shanten are not weighed
      for (const x of r.discards.filter((y) => y.shanten !== best)) expect(Number.isNaN(d.points[parseTileList(x.discard, 'discard')[0]])).toBe(true);
      const top = Math.max(...weighed.map((x) => x.expectedPoints));
      expect(d.points[d.choice]).toBeCloseTo(top, 12);
    }
  });

  it('falls back to greedy beyond its budget and with no draws left', () => {
    const far = view('1479m2589m147p369p', 13);
    expect(shanten(far.hands[0], 0, 2)).toBeGreaterThan(ADVISOR_MAX_SHANTEN);
    const d = advisorDecision(far, 0);
    expect(d.exact).toBe(false);
    expect(d.choice).toBe(d.greedy);
    const none = advisorDecision(view('222378m24456789p', 0), 0);
    expect(none.exact).toBe(false);
    expect(none.choice).toBe(none.greedy);
  });

  it('disagreement examples: the advisor expects more points than greedy each time', () => {
    const r = findDisagreements(rules, 4, 9, 13);
    expect(r.examples.length).toBe(4);
    for (const e of r.examples) {
      expect(e.advisor.kind).not.toBe(e.greedy.kind);
      expect(e.advisor.points).toBeGreaterThan(e.greedy.points);
      expect(kindName(e.advisor.kind)).toMatch(/^[1-9][mp]$/);
    }
  });

  it('plays whole deals: zero sum, every tile accounted for', () => {
    const deal = new Deal(rules, ['advisor', 'greedy', 'value', 'random'].map(getStrategy), new Rng(5));
    const acc = new Float64Array(DEAL.length);
    for (let i = 0; i < 60; i++) {
      deal.play(acc, i & 3);
      expect(deal.score.reduce((a, b) => a + b, 0)).toBe(0);
      expect(deal.tilesConserved()).toBe(true);
    }
  });

  it('paired kernel: a strategy against itself gains exactly 0 on every wall; against another it differs', () => {
    const same = pairedKernel.summarize({ rules, strategy: 'greedy', baseline: 'greedy' }, pairedKernel.run({ rules, strategy: 'greedy', baseline: 'greedy' }, new Rng(3), 200), 200);
    expect(same.deals).toBe(200);
    expect(same.differ).toBe(0);
    expect(same.gain.mean).toBe(0);
    expect(same.withStrategy.mean).toBe(same.withBaseline.mean);
    const p = { rules, strategy: 'advisor', baseline: 'greedy' };
    const r = pairedKernel.summarize(p, pairedKernel.run(p, new Rng(3), 100), 100);
    expect(r.differ).toBeGreaterThan(0);
    expect(r.gain.mean).toBeCloseTo(r.withStrategy.mean - r.withBaseline.mean, 12);
  });
});

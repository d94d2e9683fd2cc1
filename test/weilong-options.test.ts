/**
 * Issue 16, Weilong: the options the rulebook leaves open (the Fifth Son's triggering 6s, the Second
 * Son's changes per roll or per 6, the penalty number) and the assumptions table that re-measures
 * the main page's findings at each alternative.
 */
import { describe, expect, it } from 'vitest';
import { applySets, loadRules } from '../src/games/weilong/rules.js';
import { TURN_OVER, WeilongGame } from '../src/games/weilong/engine.js';
import type { WeilongStrategy } from '../src/games/weilong/strategy.js';
import { STRATEGIES } from '../src/games/weilong/strategies/index.js';
import { checkAssumptions, probe, withPenalty } from '../src/games/weilong/assumptions.js';
import { assumptionsText } from '../src/report/assumptions.js';

const rules = loadRules();

/** Fifth Son: sets aside the given faces, then trades with card `target`. */
function trader(take: number[], target: number): WeilongStrategy {
  return {
    ...STRATEGIES.element,
    name: 'trader',
    collect(v) {
      for (const f of take) v.take[f]++;
    },
    fifthSonTrade: () => target,
  };
}

function table(r = rules, fifth: WeilongStrategy) {
  const g = new WeilongGame(r);
  g.setPlayers([fifth, STRATEGIES.element]);
  g.dealCards([4, 0]);
  g.roll.fill(0);
  for (const f of [1, 5, 6, 6]) g.roll[f]++;
  g.setCollected(4, [0, 0, 0, 0, 0, 1, 0]);
  return g;
}

describe('weilong: the Fifth Son\'s triggering 6s (fifthSonCollectsTradeSixes)', () => {
  it('by default he may set them aside and hand them over with the card', () => {
    const g = table(rules, trader([6, 6], 0));
    expect(g.resolveRoll(4)).toBe(TURN_OVER);
    // player 0 now holds the First Son; player 1 holds the Fifth Son card and its dice: 5,6,6
    expect(g.holder[4]).toBe(1);
    expect(g.collectedText(4)).toBe('5,6,6');
    expect(g.collectedPips(4)).toBe(17);
  });

  it('with the option false the 6s stay out: collecting them and trading is illegal, the shipped strategies leave them', () => {
    const off = applySets(rules, ['fifthSonCollectsTradeSixes=false']);
    expect(() => table(off, trader([6, 6], 0)).resolveRoll(4)).toThrow(/triggered the trade/);
    expect(() => table(off, trader([6], 0)).resolveRoll(4)).toThrow(/triggered the trade/);
    const ok = table(off, trader([5], 0));
    expect(ok.resolveRoll(4)).toBe(TURN_OVER);
    expect(ok.collectedText(4)).toBe('5,5');
    // adaptive sets aside the whole roll before a worthwhile trade: with the option false, all but the 6s
    const g = new WeilongGame(off);
    g.setPlayers([STRATEGIES.adaptive, STRATEGIES.adaptive]);
    g.dealCards([4, 0]);
    g.setCollected(0, [0, 3, 0, 0, 0, 0, 0]); // the First Son is 3 dice along: worth trading into
    g.roll.fill(0);
    for (const f of [2, 3, 6, 6, 6]) g.roll[f]++;
    expect(g.resolveRoll(4)).toBe(TURN_OVER);
    expect(g.holder[0]).toBe(0);
    expect(g.collectedText(4)).toBe('2,3,6');
    const on = new WeilongGame(rules);
    on.setPlayers([STRATEGIES.adaptive, STRATEGIES.adaptive]);
    on.dealCards([4, 0]);
    on.setCollected(0, [0, 3, 0, 0, 0, 0, 0]);
    on.roll.fill(0);
    for (const f of [2, 3, 6, 6, 6]) on.roll[f]++;
    on.resolveRoll(4);
    expect(on.collectedText(4)).toBe('2,3,6,6,6');
  });

  it('it matters: handing over the 6s saves the Fifth Son holder points (ability worth in points)', async () => {
    const a = await probe(rules, { games: 1500, seed: 5 });
    const b = await probe(applySets(rules, ['fifthSonCollectsTradeSixes=false']), { games: 1500, seed: 5 });
    const fifth = (p: typeof a) => p.sons.abilityWorth!.find((w) => w.son === 5)!.roundPointsChange;
    // the traded-with player carries the 6s: with them the Fifth Son's ability costs its holder fewer points
    expect(fifth(a).estimate).toBeLessThan(fifth(b).estimate);
    const uses = (p: typeof a) => p.sons.bySon[4].abilityUsesPerRound;
    expect(uses(a)).toBeGreaterThan(0);
    expect(uses(b)).toBeGreaterThan(0);
  });
});

describe('weilong: penalty number and Second Son defaults', () => {
  it('the defaults: penalty 5 on every card (Sons 1–5), Second Son one change per roll', () => {
    expect(rules.penalty).toEqual([5, 5, 5, 5, 5]);
    expect(rules.secondSonChanges).toBe('per-roll');
    expect(withPenalty(rules, 10).penalty).toEqual([10, 10, 10, 10, 10]);
  });

  it('the penalty decides whether abilities pay: at 0 the no-ability control ties adaptive, at 5 it falls clearly behind', async () => {
    const at0 = await probe(withPenalty(rules, 0), { games: 3000, seed: 7 });
    const at5 = await probe(rules, { games: 3000, seed: 7 });
    const win = (p: typeof at0, s: string) => p.table.byStrategy.find((x) => x.strategy === s)!.winRate;
    expect(win(at0, 'noability').ci95[1]).toBeGreaterThan(win(at0, 'adaptive').ci95[0]);
    expect(win(at5, 'adaptive').ci95[0]).toBeGreaterThan(win(at5, 'noability').ci95[1]);
  });
});

describe('weilong assumptions table', () => {
  it('lists every assumed field with alternatives, re-measures each finding at each, fits 100 columns', async () => {
    const r = await checkAssumptions({ games: 400, seed: 3 });
    const fields = r.assumptions.map((a) => a.field);
    expect(fields).toEqual(['penalty', 'secondSonChanges', 'fifthSonCollectsTradeSixes', 'thirdSonConvertedThreeContinues', 'voluntaryStop']);
    for (const a of r.assumptions) {
      const checks = r.checks.filter((c) => c.field === a.field);
      expect(checks.length).toBe(4);
      for (const c of checks) expect(c.values.map((v) => v.value)).toEqual([`default (${a.byDefault})`, ...a.alternatives]);
    }
    // voluntaryStop cannot change anything: no shipped strategy stops
    for (const c of r.checks.filter((c) => c.field === 'voluntaryStop')) expect(c.values[1].measured).toBe(c.values[0].measured);
    for (const line of assumptionsText(r).split('\n')) expect(line.length).toBeLessThanOrEqual(100);
  });
});

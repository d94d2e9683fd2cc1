import { describe, expect, it } from 'vitest';
import { loadRules, validateRules, type WeilongRules } from '../src/games/weilong/rules.js';
import { WeilongGame, ROLL_AGAIN, TURN_OVER } from '../src/games/weilong/engine.js';
import type { WeilongStrategy } from '../src/games/weilong/strategy.js';
import { applySets } from '../src/games/weilong/rules.js';
import { STRATEGIES } from '../src/games/weilong/strategies/index.js';
import { UserError } from '../src/core/errors.js';

const rules = loadRules();

interface Plan {
  /** per roll: faces to set aside, and 6s to convert (Third Son) */
  collect?: { take: number[]; convert?: number }[];
  second?: number[];
  fourth?: number[];
  fifth?: number[];
}

/** A strategy that plays the decisions it is given, in order (the rules page's worked example). */
function scripted(plan: Plan): WeilongStrategy {
  const q = { collect: [...(plan.collect ?? [])], second: [...(plan.second ?? [])], fourth: [...(plan.fourth ?? [])], fifth: [...(plan.fifth ?? [])] };
  return {
    name: 'scripted',
    description: 'test script',
    collect(g) {
      const step = q.collect.shift();
      if (!step) throw new Error('script: no collect decision left');
      for (const f of step.take) g.take[f]++;
      g.convert = step.convert ?? 0;
    },
    firstSonReroll: () => true,
    secondSonChange: () => q.second.shift() ?? -1,
    fourthSonReturn: () => q.fourth.shift() ?? -1,
    fifthSonTrade: () => q.fifth.shift() ?? -1,
    keepRolling: () => true,
  };
}

const collected = (g: WeilongGame, c: number) => g.collectedText(c);

describe('weilong rules file', () => {
  it('the shipped rules validate and every assumption is an option', () => {
    expect(rules.rounds).toBe(5);
    expect(rules.penalty).toEqual([5, 5, 5, 5, 5]);
    expect(rules.voluntaryStop).toBe(true);
    expect(rules.secondSonChanges).toBe('per-roll');
    expect(rules.fifthSonCollectsTradeSixes).toBe(true);
    expect(rules.passing['2']).toEqual(['trade', 'draw-new', 'trade', 'shuffle-all']);
    expect(rules.passing['3']).toEqual(['pass-left', 'pass-left', 'shuffle-all', 'pass-left']);
    expect(rules.passing['4']).toEqual(['pass-left', 'pass-left', 'pass-left', 'shuffle-all']);
    expect(rules.passing['5']).toEqual(['pass-left', 'pass-left', 'pass-left', 'pass-left']);
  });

  it('bad fields are named with their range', () => {
    const bad = (patch: Record<string, unknown>, msg: RegExp) => {
      const raw = { ...structuredClone(rules), ...patch };
      expect(() => validateRules(raw)).toThrow(UserError);
      expect(() => validateRules(raw)).toThrow(msg);
    };
    bad({ rounds: 0 }, /rules\.rounds must be an integer in 1\.\.50/);
    bad({ penalty: [0, 0, 0] }, /rules\.penalty must have 5 entries/);
    bad({ penalty: [0, 0, 0, 0, -1] }, /rules\.penalty\.5 must be an integer in 0\.\.100/);
    bad({ abilities: [true, 'yes', true, true, true] }, /rules\.abilities\.2 must be/);
    bad({ secondSonChanges: 'sometimes' }, /rules\.secondSonChanges must be one of per-six, per-roll/);
    bad({ passing: { ...rules.passing, 3: ['trade', 'pass-left', 'pass-left', 'pass-left'] } }, /rules\.passing\.3\.0 must be one of pass-left, draw-new, shuffle-all/);
    bad({ passing: { ...rules.passing, 5: ['pass-left'] } }, /rules\.passing\.5 must have 4 entries/);
    bad({ colour: 'red' }, /unknown field "colour"/);
    expect(() => applySets(rules, ['penalty.9=1'])).toThrow(/no rules field/);
    expect(() => applySets(rules, ['voluntaryStop=maybe'])).toThrow(/true or false/);
    expect(applySets(rules, ['penalty.5=3', 'voluntaryStop=false', 'tieBreak=shared'])).toMatchObject({ penalty: [5, 5, 5, 5, 3], voluntaryStop: false, tieBreak: 'shared' });
    // Sons are numbered 1..5 wherever a person types them: entry 1 is the First Son, 0 and 6 name nothing
    expect(applySets(rules, ['penalty.1=0', 'abilities.5=false'])).toMatchObject({ penalty: [0, 5, 5, 5, 5], abilities: [true, true, true, true, false] });
    for (const bad of ['penalty.0=1', 'penalty.6=1']) expect(() => applySets(rules, [bad])).toThrow(/^--set penalty\.[06]: no rules field by that name \(penalty has entries 1\.\.5\)$/);
    for (const bad of ['abilities.0=false', 'abilities.6=false']) expect(() => applySets(rules, [bad])).toThrow(/abilities has entries 1\.\.5/);
    expect(() => applySets(rules, ['penalty.1=101'])).toThrow(/penalty\.1 must be an integer in 0\.\.100 \(got 101\)/);
  });
});

describe('weilong worked example (the rules page, scripted dice)', () => {
  it('First Son: 1,1,3,4,4 → 1,4,5 → 3,6, the 6 re-rolled to a 1 → 2: four 1s (element strategy)', () => {
    const g = new WeilongGame(rules);
    g.setPlayers([STRATEGIES.element]);
    g.dealCards([0]);
    g.script = Int8Array.from([1, 1, 3, 4, 4, 1, 4, 5, 3, 6, 1, 2]);
    g.trace = [];
    g.startRound(0);
    expect(g.playTurn(0)).toBe(false);
    expect(collected(g, 0)).toBe('1,1,1,1');
    expect(g.scriptPos).toBe(12);
    expect(g.trace).toEqual([
      'First Son rolls 1,1,3,4,4; collects 1,1',
      'First Son rolls 1,4,5; collects 1',
      'First Son rolls 3,6 and re-rolls 1 six',
      'First Son rolls 1,3; collects 1',
      'First Son rolls 2; collects nothing',
    ]);
  });

  it('without the ability the First Son\'s turn ends on 3,6', () => {
    const g = new WeilongGame(rules);
    g.setPlayers([STRATEGIES.element]);
    g.dealCards([0]);
    g.setAbilityMask(0b11110);
    g.script = Int8Array.from([1, 1, 3, 4, 4, 1, 4, 5, 3, 6]);
    g.startRound(0);
    g.playTurn(0);
    expect(collected(g, 0)).toBe('1,1,1');
    expect(g.scriptPos).toBe(10);
  });

  it('the whole example round: Second changes a 2, Third converts a 6, Fourth returns dice, Fifth trades', () => {
    const g = new WeilongGame(rules);
    g.setPlayers([
      scripted({ collect: [{ take: [1, 1] }, { take: [1] }, { take: [1] }, { take: [] }] }),
      scripted({ collect: [{ take: [1, 2, 2, 3] }, { take: [] }], second: [1 * 8 + 4] }),
      scripted({ collect: [{ take: [3], convert: 1 }, { take: [] }] }),
      scripted({ collect: [{ take: [4, 4] }, { take: [4] }, { take: [] }], fourth: [0 * 8 + 1, 1 * 8 + 2, 0 * 8 + 1] }),
      scripted({ collect: [{ take: [5] }], fifth: [0] }),
    ]);
    g.dealCards([0, 1, 2, 3, 4]);
    g.script = Int8Array.from([
      1, 1, 3, 4, 4, 1, 4, 5, 3, 6, 1, 2, // First Son
      1, 2, 2, 3, 3, 6, // Second Son
      2, 3, 5, 6, 6, 1, 4, 5, // Third Son
      1, 4, 4, 6, 6, 3, 4, 6, 2, 5, // Fourth Son
      1, 2, 5, 6, 6, // Fifth Son
    ]);
    g.trace = [];
    g.startRound(0);
    g.playTurn(0);
    expect(collected(g, 0)).toBe('1,1,1,1');
    g.playTurn(1);
    expect(collected(g, 1)).toBe('1,2,3,4'); // "He now needs a 5 to capture the Dragon"
    g.playTurn(2);
    expect(collected(g, 2)).toBe('3,3');
    expect(g.ncol[2]).toBe(2);
    g.playTurn(3);
    expect(collected(g, 3)).toBe('4,4,4');
    expect(collected(g, 0)).toBe('1,1'); // two of the First Son's 1s went back to his Supply
    expect(collected(g, 1)).toBe('1,3,4'); // and the Second Son's 2
    expect(g.supply(0)).toBe(3);
    g.playTurn(4);
    // the Fifth Son's player now holds the First Son card with its two Collected 1s, and moves next
    expect(g.holder[0]).toBe(4);
    expect(g.holder[4]).toBe(0);
    expect(g.cardOf[4]).toBe(0);
    expect(collected(g, 0)).toBe('1,1');
    expect(collected(g, 4)).toBe('5');
    expect(g.scriptPos).toBe(g.script.length);
    expect(g.trace).toContain('Second Son changes a Collected 2 of the Second Son into a 4');
    expect(g.trace).toContain('Third Son rolls 2,3,5,6,6; collects 3; turns 1 6 into collected 3');
    expect(g.trace.filter((l) => l.startsWith('Fourth Son returns'))).toEqual([
      'Fourth Son returns a Collected 1 of the First Son to its Supply',
      'Fourth Son returns a Collected 2 of the Second Son to its Supply',
      'Fourth Son returns a Collected 1 of the First Son to its Supply',
    ]);
    expect(g.trace[g.trace.length - 1]).toBe('Fifth Son trades card and dice with the First Son; turn over');
    // the trader, now the First Son, held the card last (tie break)
    expect(g.lastFirst[4]).toBeGreaterThan(g.lastFirst[0]);
  });
});

describe('weilong engine details', () => {
  function solo(c: number, strat: WeilongStrategy, r: WeilongRules = rules) {
    const g = new WeilongGame(r);
    g.setupSolo(c, strat);
    g.script = new Int8Array(0);
    return g;
  }
  function rollOf(g: WeilongGame, faces: number[]) {
    g.roll.fill(0);
    for (const f of faces) g.roll[f]++;
  }

  it('Second Son: one change per roll (the sheet\'s words, the default), or one per 6 as an option', () => {
    const per6 = new WeilongGame(applySets(rules, ['secondSonChanges=per-six']));
    const perRoll = new WeilongGame(rules);
    for (const g of [per6, perRoll]) {
      g.setPlayers([scripted({ collect: [{ take: [] }], second: [0 * 8 + 6, 0 * 8 + 6] }), STRATEGIES.element]);
      g.dealCards([1, 0]);
      g.setCollected(0, [0, 0, 2, 0, 0, 0, 0]);
      rollOf(g, [1, 3, 6, 6]);
      expect(g.resolveRoll(1)).toBe(TURN_OVER);
    }
    expect(per6.collectedText(0)).toBe('6,6');
    expect(perRoll.collectedText(0)).toBe('2,6');
  });

  it('Third Son: two 6s make one 3; a converted 3 earns a roll only if the option says so', () => {
    const plan = () => scripted({ collect: [{ take: [], convert: 1 }] });
    const g = solo(2, plan());
    rollOf(g, [1, 2, 4, 6, 6]);
    expect(g.maxConvert).toBe(0);
    expect(g.resolveRoll(2)).toBe(TURN_OVER);
    expect(g.collectedText(2)).toBe('3');
    const h = solo(2, plan(), applySets(rules, ['thirdSonConvertedThreeContinues=true']));
    rollOf(h, [1, 2, 4, 6, 6]);
    expect(h.resolveRoll(2)).toBe(ROLL_AGAIN);
    // three 6s still make only one 3
    const k = solo(2, scripted({ collect: [{ take: [], convert: 2 }] }));
    rollOf(k, [1, 6, 6, 6, 2]);
    expect(() => k.resolveRoll(2)).toThrow(/converts 2/);
  });

  it('Fourth Son may return his own die; it is rolled again in the same turn', () => {
    const g = solo(3, scripted({ collect: [{ take: [4] }], fourth: [3 * 8 + 6] }));
    g.setCollected(3, [0, 0, 0, 0, 1, 0, 1]);
    rollOf(g, [4, 6, 2]);
    expect(g.resolveRoll(3)).toBe(ROLL_AGAIN);
    expect(g.collectedText(3)).toBe('4,4');
    expect(g.supply(3)).toBe(3);
  });

  it('the round ends the moment a player has five of the element or a Dragon', () => {
    const g = solo(4, STRATEGIES.dragon);
    g.setCollected(4, [0, 1, 1, 0, 1, 1, 0]);
    rollOf(g, [3]);
    expect(g.resolveRoll(4)).toBe(2);
    expect(g.winnerCard).toBe(4);
    expect(g.endKind).toBe(1);
  });

  it('scoring: non-finishers add their Collected pips and the penalty number', () => {
    const g = new WeilongGame(applySets(rules, ['penalty.3=7'])); // the Third Son's card (index 2)
    g.setPlayers([STRATEGIES.element, STRATEGIES.element, STRATEGIES.element]);
    g.dealCards([0, 2, 4]);
    g.setCollected(0, [0, 5, 0, 0, 0, 0, 0]);
    g.setCollected(2, [0, 0, 0, 2, 0, 0, 1]);
    g.setCollected(4, [0, 1, 0, 0, 0, 1, 0]);
    g.winnerCard = 0;
    g.scoreRound();
    expect(Array.from(g.roundPoints.slice(0, 3))).toEqual([0, 6 + 6 + 7, 6 + 5]);
  });

  it('tie break: the tied player who held the First Son last wins; otherwise shared', () => {
    const g = new WeilongGame(rules);
    g.setPlayers([STRATEGIES.element, STRATEGIES.element, STRATEGIES.element]);
    g.score.set([10, 10, 12]);
    g.lastFirst.set([3, 5, 9]);
    g.decideWinner();
    expect(Array.from(g.winShare.slice(0, 3))).toEqual([0, 1, 0]);
    g.lastFirst.set([0, 0, 9]);
    g.decideWinner();
    expect(Array.from(g.winShare.slice(0, 3))).toEqual([0.5, 0.5, 0]);
    const s = new WeilongGame(applySets(rules, ['tieBreak=shared']));
    s.setPlayers([STRATEGIES.element, STRATEGIES.element]);
    s.score.set([4, 4]);
    s.lastFirst.set([1, 2]);
    s.decideWinner();
    expect(Array.from(s.winShare.slice(0, 2))).toEqual([0.5, 0.5]);
  });

  it('card passing follows the table: pass left, trade, draw new from the undealt cards', () => {
    const g = new WeilongGame(rules);
    g.setPlayers([STRATEGIES.element, STRATEGIES.element, STRATEGIES.element, STRATEGIES.element, STRATEGIES.element]);
    g.dealCards([0, 1, 2, 3, 4]);
    g.passCards(0);
    expect(Array.from(g.cardOf)).toEqual([4, 0, 1, 2, 3]);
    const two = new WeilongGame(rules);
    two.setPlayers([STRATEGIES.element, STRATEGIES.element]);
    two.dealCards([1, 3]);
    two.passCards(0); // trade
    expect(Array.from(two.cardOf.slice(0, 2))).toEqual([3, 1]);
    for (let i = 0; i < 20; i++) {
      two.dealCards([1, 3]);
      two.passCards(1); // draw new: from 0, 2, 4
      const cards = Array.from(two.cardOf.slice(0, 2));
      expect(cards.every((c) => [0, 2, 4].includes(c))).toBe(true);
      expect(cards[0]).not.toBe(cards[1]);
    }
  });

  it('a whole game: 5 rounds, totals add up, the winner has the lowest total', () => {
    const g = new WeilongGame(rules);
    g.setPlayers([STRATEGIES.adaptive, STRATEGIES.element, STRATEGIES.dragon]);
    let rounds = 0, sum = 0;
    g.onRoundEnd = () => {
      rounds++;
      for (let p = 0; p < 3; p++) sum += g.roundPoints[p];
      expect(g.winnerCard === -1 || g.roundPoints[g.holder[g.winnerCard]] === 0).toBe(true);
    };
    g.playGame(123, 456);
    expect(rounds).toBe(5);
    expect(g.score[0] + g.score[1] + g.score[2]).toBe(sum);
    const best = Math.min(g.score[0], g.score[1], g.score[2]);
    for (let p = 0; p < 3; p++) if (g.winShare[p] > 0) expect(g.score[p]).toBe(best);
    expect(g.winShare[0] + g.winShare[1] + g.winShare[2]).toBeCloseTo(1, 12);
    // the same seeds replay the same game
    const h = new WeilongGame(rules);
    h.setPlayers([STRATEGIES.adaptive, STRATEGIES.element, STRATEGIES.dragon]);
    h.playGame(123, 456);
    expect(Array.from(h.score)).toEqual(Array.from(g.score));
  });

  it('abilities on others target the most threatening opponent', () => {
    const g = new WeilongGame(rules);
    const S = STRATEGIES.adaptive;
    g.setPlayers([S, S, S, S]);
    g.dealCards([1, 0, 2, 3]); // player 0 is the Second Son
    // First Son: 1,2 (Dragon progress 2); Third Son: 1,2,4,5 (Dragon progress 4); Fourth Son: 2 (progress 1)
    g.setCollected(0, [0, 1, 1, 0, 0, 0, 0]);
    g.setCollected(2, [0, 1, 1, 0, 1, 1, 0]);
    g.setCollected(3, [0, 0, 1, 0, 0, 0, 0]);
    expect(S.secondSonChange(g.view, 1)).toBe(2 * 8 + 6); // the Third Son's 2 becomes a 6
    // the Fourth Son (player 3) hits the Third Son (4 dice toward a Dragon): his lowest die
    g.dealCards([1, 0, 2, 3]);
    g.setCollected(1, [0, 0, 0, 0, 0, 0, 0]);
    expect(S.fourthSonReturn(g.view, 3)).toBe(2 * 8 + 1);
    // the Fifth Son trades with the most threatening card when it is clearly ahead
    const h = new WeilongGame(rules);
    h.setPlayers([S, S, S]);
    h.dealCards([4, 0, 2]);
    h.setCollected(0, [0, 3, 0, 0, 0, 0, 0]); // First Son: three 1s
    h.setCollected(2, [0, 0, 0, 1, 0, 0, 0]); // Third Son: one 3
    h.roll.fill(0);
    h.roll[6] = 2;
    h.roll[2] = 1;
    h.roll[3] = 1;
    h.roll[4] = 1;
    expect(h.resolveRoll(4)).toBe(TURN_OVER);
    expect(h.holder[0]).toBe(0); // player 0 (was the Fifth Son) now holds the First Son card
    expect(h.holder[4]).toBe(1);
    expect(h.collectedText(4)).toBe('2,3,4,6,6'); // he set aside the whole roll before trading
    expect(h.collectedText(0)).toBe('1,1,1');
  });
});

import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { Engine, K_BOMB4, K_PAIR, K_PASS, K_SINGLE, K_STRAIGHT, K_TRIPLE } from '../src/games/tichu/engine.js';
import { cardId, parseCards, PHOENIX } from '../src/games/tichu/cards.js';
import { loadRules, type TichuRules } from '../src/games/tichu/rules.js';
import { hasStraightFlush } from '../src/games/tichu/hand.js';
import { createStrategy, parseStrategySpec } from '../src/games/tichu/strategies/index.js';
import type { MoveList, TichuStrategy, TichuView } from '../src/games/tichu/strategy.js';

/**
 * Situations from the rules text (shared/seeds/dracula-and-tichu-bga-help.txt) that the engine once
 * got wrong or left without an option (issue 23, Tichu items 5–8), each with its option switched
 * both ways.
 */
type Pick = (v: TichuView, m: MoveList) => number;

class Scripted implements TichuStrategy {
  name = 'scripted';
  picks: Pick[] = [];
  bombPick: Pick = () => -1;
  bombOffers = 0;
  tichuAsked: number[] = [];
  grandSaw: number[][] = [];
  callGrand = false;
  constructor(readonly log: string[] = []) {}
  grandTichu(v: TichuView) {
    this.grandSaw.push([0, 1, 2, 3].map((p) => v.call(p)));
    return this.callGrand;
  }
  tichu(v: TichuView) { this.log.push(`tichu? ${v.seat}`); return false; }
  pass(v: TichuView, out: Int32Array) { let k = 0; for (let c = 0; c < 56 && k < 3; c++) if (v.holds(c)) out[k++] = c; }
  play(v: TichuView, m: MoveList) { this.log.push(`play ${v.seat}`); const f = this.picks.shift(); return f ? f(v, m) : 0; }
  bomb(v: TichuView, m: MoveList) { this.bombOffers++; return this.bombPick(v, m); }
  wish() { return 0; }
  dragonTo(v: TichuView) { return (v.seat + 1) & 3; }
}

function table(rules: TichuRules, hands: string[], lead: number) {
  const log: string[] = [];
  const s = [0, 1, 2, 3].map(() => new Scripted(log));
  const e = new Engine(rules, s, new Rng(1));
  e.setPosition(hands.map((h) => (h ? parseCards(h) : [])), lead);
  return { e, s, log };
}
const turn = (e: Engine) => e.playTurn();
function find(m: MoveList, kind: number, top: number, len: number, phx?: number): number {
  for (let i = 0; i < m.n; i++) if (m.kind(i) === kind && m.top(i) === top && m.len(i) === len && (phx === undefined || m.phx(i) === phx)) return i;
  return -1;
}

describe('tichu as the rules text has it', () => {
  it('item 5: a player who passed may still bomb before the trick is collected (bombsAfterPasses)', () => {
    // seat 0 leads a 3, seat 1 holding 2-2-2-2 passes, seats 2 and 3 pass
    const hands = ['3j 9s', '2j 2s 2p 2r 6j', '4s 5s', '7j 8j'];
    const { e, s } = table(loadRules(), hands, 0);
    s[1].bombPick = () => 0;
    e.choose(0, K_SINGLE, 6, 1, 0, cardId(3, 0));
    e.choose(1, K_PASS, 0, 0, 0, 0); e.choose(2, K_PASS, 0, 0, 0, 0); e.choose(3, K_PASS, 0, 0, 0, 0);
    expect(e.tKind).toBe(K_BOMB4);
    expect(e.tPlayer).toBe(1);
    expect(e.cur).toBe(2); // play goes on after the bomb
    // today's engine (the option off): seat 1 never gets the chance; the trick goes to seat 0
    const off = table(loadRules(undefined, ['assumptions.bombsAfterPasses=false']), hands, 0);
    off.s[1].bombPick = () => 0;
    off.e.choose(0, K_SINGLE, 6, 1, 0, cardId(3, 0));
    off.e.choose(1, K_PASS, 0, 0, 0, 0); off.e.choose(2, K_PASS, 0, 0, 0, 0); off.e.choose(3, K_PASS, 0, 0, 0, 0);
    expect(off.s[1].bombOffers).toBe(0);
    expect(off.e.tKind).toBe(K_PASS);
    expect(off.e.cur).toBe(0);
    expect(off.e.holds(1, cardId(2, 0))).toBe(true);
  });

  it('item 6: a straight never breaks a straight flush when another suit would do', () => {
    // 5j–9j is a bomb; the straight 9–K must be played with 9s
    const { e } = table(loadRules(), ['5j 6j 7j 8j 9j 9s Tp Jr Qp Kr', '2s', '3s', '4s'], 0);
    e.genMoves(0, true, e.moves);
    const i = find(e.moves, K_STRAIGHT, 13, 5);
    expect(i).toBeGreaterThanOrEqual(0);
    e.choose(0, K_STRAIGHT, 13, 5, 0, 0);
    expect(e.holds(0, cardId(9, 0))).toBe(true);
    expect(e.holds(0, cardId(9, 1))).toBe(false);
    expect(e.hasBomb(0)).toBe(true);
    // singles too: the 9 led alone is the 9s
    const t = table(loadRules(), ['5j 6j 7j 8j 9j 9s', '2s', '3s', '4s'], 0);
    t.e.genMoves(0, true, t.e.moves);
    const m = t.e.moves;
    let nine = -1;
    for (let k = 0; k < m.n; k++) if (m.kind(k) === K_SINGLE && m.top(k) === 18) nine = m.aux(k);
    expect(nine).toBe(cardId(9, 1));
    // with no choice (both 9s in straight flushes) the lowest suit is played, as before
    const u = table(loadRules(), ['5j 6j 7j 8j 9j 9s Ts Js Qs Ks', '2s', '3s', '4s'], 0);
    u.e.choose(0, K_SINGLE, 18, 1, 0, u.e.suitFor(0, 9) + cardId(9, 0));
    expect(u.e.holds(0, cardId(9, 0))).toBe(false);
  });

  it('item 6: in 2,000 heuristic rounds no play breaks a straight flush that another choice of suits would keep', () => {
    const rules = loadRules();
    const rng = new Rng(7);
    const h = [0, 1, 2, 3].map(() => createStrategy(parseStrategySpec('heuristic'), rules, rng));
    const e = new Engine(rules, h, rng);
    const before = new Uint8Array(64);
    const held = (p: number, r: number) => before[p * 16 + r];
    const sfWith = (m: Uint8Array) => hasStraightFlush(m, rules.minStraightFlush);
    // in-turn plays go through play(): remember the hand's suit masks just before
    e.strategies = h.map((s) => ({
      name: s.name, grandTichu: (v) => s.grandTichu(v), tichu: (v) => s.tichu(v), pass: (v, o) => s.pass(v, o),
      bomb: (v, m) => s.bomb(v, m), wish: (v) => s.wish(v), dragonTo: (v) => s.dragonTo(v),
      play: (v, m) => { for (let r = 0; r < 16; r++) before[v.seat * 16 + r] = v.suitMask(r); return s.play(v, m); },
    }));
    let breaks = 0, avoidable = 0;
    const mask = new Uint8Array(13);
    e.trace = (p, cards, from, n, kind) => {
      if (kind >= K_BOMB4) return;
      for (let r = 2; r <= 14; r++) mask[r - 2] = held(p, r);
      if (!sfWith(mask)) return;
      for (let r = 2; r <= 14; r++) mask[r - 2] = e.smask[p * 16 + r];
      if (sfWith(mask)) return;
      breaks++;
      const played = new Uint8Array(16);
      for (let i = from; i < from + n; i++) if (cards[i] < 52) played[(cards[i] >> 2) + 2]++;
      const ranks = [...played.keys()].filter((r) => played[r] > 0);
      const bits = (x: number) => (x & 1) + ((x >> 1) & 1) + ((x >> 2) & 1) + ((x >> 3) & 1);
      const keeps = (i: number): boolean => {
        if (i === ranks.length) return sfWith(mask);
        const r = ranks[i], sm = held(p, r);
        for (let sub = sm; sub; sub = (sub - 1) & sm) {
          if (bits(sub) !== played[r]) continue;
          mask[r - 2] = sm & ~sub;
          if (keeps(i + 1)) return true;
        }
        return false;
      };
      for (let r = 2; r <= 14; r++) mask[r - 2] = held(p, r);
      if (keeps(0)) avoidable++;
    };
    for (let i = 0; i < 2000; i++) e.playRound();
    expect(breaks).toBeGreaterThan(20); // the heuristic does break straight flushes, with no other choice of suits
    expect(avoidable).toBe(0);
  });

  it('item 7: the Phoenix fills a pair or a triple of a rank held twice (8 8 Ph: "8 + Ph" keeps an 8)', () => {
    const { e } = table(loadRules(), ['8j 8s Ph 3j', '2s', '3s', '4s'], 0);
    e.genMoves(0, true, e.moves);
    expect(find(e.moves, K_PAIR, 8, 2, 0)).toBeGreaterThanOrEqual(0);
    expect(find(e.moves, K_PAIR, 8, 2, 1)).toBeGreaterThanOrEqual(0);
    expect(find(e.moves, K_TRIPLE, 8, 3, 1)).toBeGreaterThanOrEqual(0);
    e.choose(0, K_PAIR, 8, 2, 1, 0);
    expect(e.holds(0, PHOENIX)).toBe(false);
    expect(e.cnt[0 * 16 + 8]).toBe(1);
    // over a pair of 7s, 8 + Ph follows too
    const f = table(loadRules(), ['7j 7s', '8j 8s Ph', '3s', '4s'], 0);
    f.e.choose(0, K_PAIR, 7, 2, 0, 0);
    f.e.genMoves(1, false, f.e.moves);
    expect(find(f.e.moves, K_PAIR, 8, 2, 1)).toBeGreaterThanOrEqual(0);
  });

  it('item 8: Tichu out of turn before one\'s first card (tichuOutOfTurn); Grand Tichu in seat order or all at once', () => {
    const full = (p: number) => Array.from({ length: 13 }, (_, r) => `${'23456789TJQKA'[r]}${'jspr'[p]}`).join(' ');
    const hands = [`${full(0)} MJ`, `${full(1)} Dg`, `${full(2)} Ph`, `${full(3)} Dr`];
    const on = table(loadRules(), hands, 0);
    turn(on.e);
    // before seat 0's lead every seat still holding 14 cards is asked, seat 0 first
    expect(on.log.slice(0, 5)).toEqual(['tichu? 0', 'tichu? 1', 'tichu? 2', 'tichu? 3', 'play 0']);
    const off = table(loadRules(undefined, ['assumptions.tichuOutOfTurn=false']), hands, 0);
    turn(off.e);
    expect(off.log.slice(0, 2)).toEqual(['tichu? 0', 'play 0']);

    // Grand Tichu: in seat order seat 2 sees seat 1's call; all at once it does not
    for (const [set, seen] of [['true', 2], ['false', 0]] as const) {
      const s = [0, 1, 2, 3].map(() => new Scripted());
      s[1].callGrand = true;
      const e = new Engine(loadRules(undefined, [`assumptions.grandTichuInSeatOrder=${set}`]), s, new Rng(3));
      e.playRound();
      expect(s[2].grandSaw[0][1]).toBe(seen);
      expect(s[0].grandSaw[0][1]).toBe(0);
      expect(e.calls[1]).toBe(2);
    }
  });

  it('item 5: a passed player who declines is asked once, before the collection; the trick then goes to its winner', () => {
    const { e, s } = table(loadRules(), ['3j 9s', '2j 2s 2p 2r 6j', '4s 5s', '7j 8j'], 0);
    e.choose(0, K_SINGLE, 6, 1, 0, cardId(3, 0));
    // after the play, seat 1 is next to act (it may bomb in turn), so it is not asked out of turn
    expect(s[1].bombOffers).toBe(0);
    e.choose(1, K_PASS, 0, 0, 0, 0); e.choose(2, K_PASS, 0, 0, 0, 0); e.choose(3, K_PASS, 0, 0, 0, 0);
    expect(s[1].bombOffers).toBe(1);
    expect(e.tKind).toBe(K_PASS);
    expect(e.cur).toBe(0);
    expect(e.tricks).toBe(1);
  });
});

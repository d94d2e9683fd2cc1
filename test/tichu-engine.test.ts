import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { Engine, K_BOMB4, K_BOMBSF, K_DOG, K_FULL, K_PAIR, K_PAIRRUN, K_PASS, K_SINGLE, K_STRAIGHT, K_TRIPLE } from '../src/games/tichu/engine.js';
import { parseCards, DRAGON, PHOENIX, MAHJONG, DOG, cardText } from '../src/games/tichu/cards.js';
import { loadRules } from '../src/games/tichu/rules.js';
import { hasFourOfAKind, hasStraightFlush } from '../src/games/tichu/hand.js';
import type { MoveList, TichuStrategy, TichuView } from '../src/games/tichu/strategy.js';
import { createStrategy, parseStrategySpec } from '../src/games/tichu/strategies/index.js';

const rules = loadRules();
// (one test flips an assumption on this object and restores it)
type Pick = (v: TichuView, m: MoveList) => number;

/** A scripted player: plays by a chooser (default: pass if possible, else the first move). */
class Scripted implements TichuStrategy {
  name = 'scripted';
  picks: Pick[] = [];
  bombPick: Pick = () => -1;
  wishRank = 0;
  dragonSeat = -1;
  grandTichu() { return false; }
  tichu() { return false; }
  pass(v: TichuView, out: Int32Array) { let k = 0; for (let c = 0; c < 56 && k < 3; c++) if (v.holds(c)) out[k++] = c; }
  play(v: TichuView, m: MoveList) { const f = this.picks.shift(); return f ? f(v, m) : 0; }
  bomb(v: TichuView, m: MoveList) { return this.bombPick(v, m); }
  wish() { return this.wishRank; }
  dragonTo(v: TichuView) { return this.dragonSeat >= 0 ? this.dragonSeat : (v.seat + 1) & 3; }
}

function find(m: MoveList, kind: number, top?: number, len?: number): number {
  for (let i = 0; i < m.n; i++) if (m.kind(i) === kind && (top === undefined || m.top(i) === top) && (len === undefined || m.len(i) === len)) return i;
  throw new Error(`no move kind ${kind} top ${top} len ${len}`);
}
function setup(hands: string[], lead: number) {
  const s = [new Scripted(), new Scripted(), new Scripted(), new Scripted()];
  const e = new Engine(rules, s, new Rng(1));
  e.setPosition(hands.map((h) => (h ? parseCards(h) : [])), lead);
  return { e, s };
}
function moves(e: Engine, p: number, leading: boolean) {
  const m = e.moves;
  e.genMoves(p, leading, m);
  return m;
}

describe('tichu worked situations from the rules text', () => {
  it('Phoenix single: half a rank above the last single, never over the Dragon; led it is 1.5', () => {
    const { e } = setup(['As 3j', 'Ph 2j', 'Dr 4j', '5j 6j'], 0);
    e.choose(0, K_SINGLE, 28, 1, 0, parseCards('As')[0]);
    let m = moves(e, 1, false);
    const ph = find(m, K_SINGLE, 29);
    expect(m.aux(ph)).toBe(PHOENIX);
    e.cur = 2;
    e.tTop = 32; // the Dragon on the table
    m = moves(e, 1, false);
    for (let i = 0; i < m.n; i++) expect(m.aux(i)).not.toBe(PHOENIX);
    // led, the Phoenix is 1.5: a 2 beats it, the Mah Jong could not
    const { e: e2 } = setup(['Ph 9j', '2s MJ', '', ''], 0);
    e2.choose(0, K_SINGLE, 3, 1, 1, PHOENIX);
    const m2 = moves(e2, 1, false);
    expect(find(m2, K_SINGLE, 4)).toBeGreaterThan(0);
    for (let i = 0; i < m2.n; i++) expect(m2.aux(i)).not.toBe(MAHJONG);
  });

  it('the Phoenix is wild in combinations but never in a bomb', () => {
    const { e } = setup(['Ks Kj Kp Ph 9s 9j 7s 8s Tj Jj', '', '', ''], 0);
    const m = moves(e, 0, true);
    expect(find(m, K_TRIPLE, 13)).toBeGreaterThanOrEqual(0);
    expect(find(m, K_FULL, 13)).toBeGreaterThanOrEqual(0);
    // 7 8 9 T J straight needs no Phoenix; 7 8 9 T J Q uses it for the Q, and 6 7 8 9 T J for the 6
    expect(find(m, K_STRAIGHT, 12, 6)).toBeGreaterThanOrEqual(0);
    for (let i = 0; i < m.n; i++) expect(m.kind(i) === K_BOMB4 || m.kind(i) === K_BOMBSF).toBe(false);
  });

  it('the Dog passes the lead to the partner, or to the next active player after an out partner; it cannot be bombed', () => {
    const { e } = setup(['Dg 3j', '2s', '4s', '5s 5j 5p 5r'], 0);
    const i = find(moves(e, 0, true), K_DOG);
    expect(i).toBeGreaterThanOrEqual(0);
    e.choose(0, K_DOG, 0, 1, 0, DOG);
    expect(e.cur).toBe(2);
    expect(e.tKind).toBe(K_PASS);
    const b = e.bombs; e.genBombs(3, b);
    expect(b.n).toBe(0);
    const { e: f } = setup(['Dg 3j', '2s', '', '5s'], 0);
    f.isOut[2] = 1; f.nOut = 1; f.outOrder[0] = 2;
    f.choose(0, K_DOG, 0, 1, 0, DOG);
    expect(f.cur).toBe(3);
  });

  it('the Dragon\'s trick goes to the opponent the strategy names; a bombed Dragon goes to the bomber', () => {
    const { e, s } = setup(['Dr 3j 3s', '2s 9j', '4s 9s', '7j 7s 7p 7r 2j'], 0);
    s[0].dragonSeat = 3;
    e.choose(0, K_SINGLE, 32, 1, 0, DRAGON);
    e.choose(1, K_PASS, 0, 0, 0, 0); e.choose(2, K_PASS, 0, 0, 0, 0); e.choose(3, K_PASS, 0, 0, 0, 0);
    expect(e.trickPoints[3]).toBe(25);
    expect(e.cur).toBe(0);
    const { e: g, s: t } = setup(['Dr 3j 3s', '2s 9j', '4s 9s', '7j 7s 7p 7r 2j'], 0);
    t[3].bombPick = () => 0;
    g.choose(0, K_SINGLE, 32, 1, 0, DRAGON); // seat 3 bombs out of turn (seat 1 is next to act)
    expect(g.tKind).toBe(K_BOMB4);
    expect(g.tPlayer).toBe(3);
    g.choose(0, K_PASS, 0, 0, 0, 0); g.choose(1, K_PASS, 0, 0, 0, 0); g.choose(2, K_PASS, 0, 0, 0, 0);
    expect(g.trickPoints[3]).toBe(25);
  });

  it('bombs: any bomb beats a combination; a straight flush beats four of a kind; longer beats shorter', () => {
    const { e } = setup(['Aj As', '2s 2j 2p 2r', '3p 4p 5p 6p 7p 8p', '9j Tj Jj Qj Kj'], 0);
    e.choose(0, K_PAIR, 14, 2, 0, 0);
    let b = e.bombs; e.genBombs(1, b);
    expect(b.n).toBe(1);
    e.choose(1, K_BOMB4, 2, 4, 0, 0);
    b = e.bombs; e.genBombs(3, b);
    expect(b.n).toBeGreaterThan(0); // the 5-card straight flush beats four 2s
    e.genBombs(2, b);
    expect(find(b, K_BOMBSF, 8, 6)).toBeGreaterThanOrEqual(0);
    e.tKind = K_BOMBSF; e.tTop = 13; e.tLen = 5;
    e.genBombs(2, b);
    // a 6-card straight flush beats a 5-card one whatever the ranks; a 5-card 3–7 does not beat 9–K
    expect(find(b, K_BOMBSF, 8, 6)).toBeGreaterThanOrEqual(0);
    for (let i = 0; i < b.n; i++) expect(b.len(i)).toBe(6);
  });

  it('the wish: a player in turn who holds the wished rank and can play it must', () => {
    const { e, s } = setup(['MJ 4s', '7j 9j', '7s Ks', '2j 3j'], 0);
    s[0].wishRank = 7;
    e.choose(0, K_SINGLE, 2, 1, 0, MAHJONG);
    expect(e.wish).toBe(7);
    // seat 1 (to act) holds a 7: only 7 plays are offered, no pass
    const seen: number[] = [];
    s[1].picks.push((_v, m) => { for (let i = 0; i < m.n; i++) seen.push(m.kind(i) === K_PASS ? -1 : m.top(i)); return 0; });
    e.playTurn();
    expect(seen).toEqual([14]);
    expect(e.wish).toBe(0);
    // a player who cannot play the wished rank over the trick may play anything or pass
    const { e: f, s: t } = setup(['MJ 4s', '2s 8j', '7s Ks', '2j 3j'], 0);
    t[0].wishRank = 7;
    f.choose(0, K_SINGLE, 2, 1, 0, MAHJONG);
    const seen2: number[] = [];
    t[1].picks.push((_v, m) => { for (let i = 0; i < m.n; i++) seen2.push(m.kind(i) === K_PASS ? -1 : m.top(i)); return 0; });
    f.playTurn();
    expect(seen2).toEqual([-1, 4, 16]);
  });

  it('double win: 200 points and no card points; otherwise the last player\'s hand goes to the opponents and tricks to the first out', () => {
    const { e } = setup(['5s', 'Kj 2s', 'Ks', 'Tj 3s'], 0);
    e.choose(0, K_SINGLE, 10, 1, 0, parseCards('5s')[0]); // seat 0 out
    e.choose(1, K_PASS, 0, 0, 0, 0); e.choose(2, K_SINGLE, 26, 1, 0, parseCards('Ks')[0]); // seat 2 out: double win
    expect(e.doubleWin).toBe(true);
    expect(e.roundOver).toBe(true);
    expect([...e.roundPoints]).toEqual([200, 0]);
    const { e: f } = setup(['5s', 'Kj 4s', 'Ks 2s 5j', 'Tj 9s'], 0);
    const c = (t: string) => parseCards(t)[0];
    const pass = (p: number) => f.choose(p, K_PASS, 0, 0, 0, 0);
    f.choose(0, K_SINGLE, 10, 1, 0, c('5s')); // seat 0 out first
    pass(1); f.choose(2, K_SINGLE, 26, 1, 0, c('Ks')); pass(3); pass(1); // 5 + K to seat 2
    expect(f.trickPoints[2]).toBe(15);
    expect(f.cur).toBe(2);
    f.choose(2, K_SINGLE, 4, 1, 0, c('2s')); f.choose(3, K_SINGLE, 18, 1, 0, c('9s')); f.choose(1, K_SINGLE, 26, 1, 0, c('Kj')); pass(2); pass(3);
    expect(f.trickPoints[1]).toBe(10);
    f.choose(1, K_SINGLE, 8, 1, 0, c('4s')); // seat 1 out second (not seat 0's partner)
    expect(f.roundOver).toBe(false);
    f.choose(2, K_SINGLE, 10, 1, 0, c('5j')); // seat 2 out third: seat 3 is last with Tj
    expect(f.roundOver).toBe(true);
    // team 0: seat 2's tricks 15 + the last trick 5, plus seat 3's Tj (10) handed to the opponents
    expect([...f.roundPoints]).toEqual([30, 10]);
    // with the assumption off, the last hand's points are lost
    const g = setup(['5s', 'Kj 4s', 'Ks 2s 5j', 'Tj 9s'], 0).e;
    (g.rules.assumptions as { lastHandToOpponents: boolean }).lastHandToOpponents = false;
    g.choose(0, K_SINGLE, 10, 1, 0, c('5s'));
    g.choose(1, K_PASS, 0, 0, 0, 0); g.choose(2, K_SINGLE, 26, 1, 0, c('Ks')); g.choose(3, K_PASS, 0, 0, 0, 0); g.choose(1, K_PASS, 0, 0, 0, 0);
    g.choose(2, K_SINGLE, 4, 1, 0, c('2s')); g.choose(3, K_SINGLE, 18, 1, 0, c('9s')); g.choose(1, K_SINGLE, 26, 1, 0, c('Kj')); g.choose(2, K_PASS, 0, 0, 0, 0); g.choose(3, K_PASS, 0, 0, 0, 0);
    g.choose(1, K_SINGLE, 8, 1, 0, c('4s')); g.choose(2, K_SINGLE, 10, 1, 0, c('5j'));
    expect([...g.roundPoints]).toEqual([20, 10]);
    (g.rules.assumptions as { lastHandToOpponents: boolean }).lastHandToOpponents = true;
  });

  it('the Mah Jong holder leads; a round of random players ends with all cards accounted for', () => {
    const rng = new Rng(3);
    const strats = [0, 1, 2, 3].map(() => createStrategy(parseStrategySpec('random'), rules, rng));
    const e = new Engine(rules, strats, rng);
    let first = -1;
    e.trace = (p) => { if (first < 0) first = p; };
    e.playRound();
    // the Mah Jong holder after passing made the first play
    expect(first).toBeGreaterThanOrEqual(0);
  });
});

/** Independent check of a played set of cards: does it form the claimed combination? */
function checkCombination(cards: number[], kind: number, top: number, len: number): string | null {
  const ph = cards.includes(PHOENIX) ? 1 : 0;
  const ranks = cards.filter((c) => c < 52).map((c) => (c >> 2) + 2).concat(cards.includes(MAHJONG) ? [1] : []);
  const count = new Map<number, number>();
  for (const r of ranks) count.set(r, (count.get(r) ?? 0) + 1);
  const n = cards.length;
  const bad = (why: string) => `${KIND(kind)} ${cards.map(cardText).join(' ')}: ${why}`;
  const KIND = (k: number) => ['pass', 'single', 'pair', 'pairrun', 'triple', 'full', 'straight', 'dog', 'bomb4', 'bombsf'][k];
  switch (kind) {
    case K_SINGLE: return n === 1 ? null : bad('not one card');
    case K_DOG: return n === 1 && cards[0] === DOG ? null : bad('not the dog');
    case K_PAIR: case K_TRIPLE: {
      const k = kind === K_PAIR ? 2 : 3;
      return n === k && (count.get(top) ?? 0) + ph === k && count.size === 1 && !cards.includes(DRAGON) && !cards.includes(DOG) && !cards.includes(MAHJONG) ? null : bad('not a pair/triple');
    }
    case K_BOMB4: return n === 4 && count.get(top) === 4 ? null : bad('not four of a kind');
    case K_BOMBSF: {
      const suits = new Set(cards.map((c) => (c < 52 ? c & 3 : -1)));
      if (suits.size !== 1 || ph || n !== len || n < 5) return bad('not a flush');
      for (let r = top - len + 1; r <= top; r++) if (count.get(r) !== 1) return bad('not a straight');
      return null;
    }
    case K_STRAIGHT: {
      if (n !== len || n < 5 || cards.includes(DRAGON) || cards.includes(DOG)) return bad('length');
      let missing = 0;
      for (let r = top - len + 1; r <= top; r++) { const c = count.get(r) ?? 0; if (c > 1) return bad('repeat'); if (c === 0) missing++; }
      return missing === ph && (ph === 0 || !(top - len + 1 === 1 && !count.get(1))) ? null : bad('gaps');
    }
    case K_PAIRRUN: {
      if (n !== 2 * len || len < 2) return bad('length');
      let missing = 0;
      for (let r = top - len + 1; r <= top; r++) { const c = count.get(r) ?? 0; if (c > 2 || c === 0) return bad('counts'); missing += 2 - c; }
      return missing === ph && ranks.every((r) => r >= top - len + 1 && r <= top) ? null : bad('gaps');
    }
    case K_FULL: {
      if (n !== 5) return bad('length');
      const vals = [...count.entries()];
      if (vals.length !== 2) return bad('not two ranks');
      const t = count.get(top) ?? 0;
      const other = vals.find(([r]) => r !== top)![1];
      return t + other + ph === 5 && t <= 3 && other <= 2 && t >= 2 ? null : bad('shape');
    }
  }
  return bad('unknown kind');
}

describe('tichu engine invariants over 10^5 random rounds', () => {
  it('every card is played or held exactly once, card points total 100, every play is a legal combination that beats the trick', () => {
    const rng = new Rng(2024);
    const strats = [0, 1, 2, 3].map(() => createStrategy(parseStrategySpec('random:call=0.05,bomb=0.2'), rules, rng));
    const e = new Engine(rules, strats, rng);
    let prevKind = 0, prevTop = 0, prevLen = 0, bad: string | null = null;
    const seen = new Uint8Array(56);
    e.trace = (p, tc, from, n, kind, top, len) => {
      const cards = Array.from(tc.subarray(from, from + n));
      for (const c of cards) { if (seen[c]) bad = `card ${c} played twice`; seen[c] = 1; }
      const why = checkCombination(cards, kind, top, len);
      if (why && !bad) bad = why;
      // legal over the previous top of the same trick (from = 0 means a new trick was led)
      if (from > 0 && !bad) {
        const bombPow = (k: number, t: number, l: number) => (k === K_BOMB4 ? 100 + t : k === K_BOMBSF ? 200 + l * 16 + t : 0);
        const ok = kind >= K_BOMB4 ? bombPow(kind, top, len) > bombPow(prevKind, prevTop, prevLen) : kind === prevKind && len === prevLen && top > prevTop && prevKind < K_BOMB4;
        if (!ok) bad = `${kind}/${top}/${len} does not beat ${prevKind}/${prevTop}/${prevLen}`;
      }
      prevKind = kind; prevTop = top; prevLen = len;
    };
    const N = 100_000;
    let doubleWins = 0;
    for (let i = 0; i < N && !bad; i++) {
      seen.fill(0);
      e.playRound();
      let held = 0;
      for (let c = 0; c < 56; c++) {
        let owners = 0;
        for (let p = 0; p < 4; p++) owners += e.hold[p * 56 + c];
        if (owners + seen[c] !== 1) bad = `round ${i}: card ${c} held ${owners} and played ${seen[c]}`;
        held += owners;
      }
      let callPts = 0;
      for (let p = 0; p < 4; p++) if (e.calls[p]) callPts += (e.outOrder[0] === p ? 1 : -1) * (p & 1 ? -1 : 1) * (e.calls[p] === 2 ? 200 : 100);
      const total = e.roundPoints[0] + e.roundPoints[1];
      const callsTotal = [0, 1, 2, 3].reduce((a, p) => a + (e.calls[p] ? (e.outOrder[0] === p ? 1 : -1) * (e.calls[p] === 2 ? 200 : 100) : 0), 0);
      void callPts;
      if (e.doubleWin) { doubleWins++; if (total - callsTotal !== 200) bad = `double win total ${total}`; }
      else {
        if (total - callsTotal !== 100) bad = `round ${i}: card points ${total - callsTotal}`;
        if (held !== e.nCards.reduce((a, b) => a + b, 0) || e.nOut !== 3) bad = `round ${i}: ${e.nOut} out`;
        let taken = 0;
        for (let c = 0; c < 56; c++) if (e.takenBy[c] >= 0) taken++;
        if (taken !== 56) bad = `round ${i}: ${taken} cards in tricks and the last hand`;
      }
    }
    expect(bad).toBeNull();
    expect(doubleWins).toBeGreaterThan(0);
  }, 120_000);

  it('heuristic and search players finish rounds with legal plays only', () => {
    const rng = new Rng(7);
    const specs = ['search:8', 'heuristic', 'heuristic:tichu=3,grand=3', 'random'];
    const e = new Engine(rules, specs.map((s) => createStrategy(parseStrategySpec(s), rules, rng)), rng);
    for (let i = 0; i < 30; i++) {
      e.playRound();
      expect(e.roundOver).toBe(true);
    }
  });
});

describe('tichu engine: the suit masks behind the bomb checks', () => {
  /** What the masks must say, from the hand itself: the per-rank suit masks scanned as hand.ts does. */
  function checkSeat(e: Engine, p: number, L: number): string | null {
    const mask = new Uint8Array(13);
    let quads = 0;
    for (let r = 2; r <= 14; r++) {
      mask[r - 2] = e.smask[p * 16 + r];
      if (mask[r - 2] === 15) quads++;
      for (let s = 0; s < 4; s++) if (((e.suitRanks[p * 4 + s] >> r) & 1) !== ((mask[r - 2] >> s) & 1)) return `seat ${p} rank ${r} suit ${s}`;
    }
    if (e.quads[p] !== quads) return `seat ${p}: ${e.quads[p]} quads, hand has ${quads}`;
    if (e.hasBomb(p) !== (hasFourOfAKind(mask) || hasStraightFlush(mask, L))) return `seat ${p}: hasBomb ${e.hasBomb(p)}`;
    for (let r = 2; r <= 14; r++) {
      const sm = mask[r - 2];
      if (!sm) continue;
      // the suit a single is played with: the lowest outside every straight flush of the hand, else the lowest
      let want = -1, first = -1;
      for (let s = 0; s < 4 && want < 0; s++) {
        if (!(sm & (1 << s))) continue;
        if (first < 0) first = s;
        let lo = r, hi = r;
        while (lo > 2 && mask[lo - 3] & (1 << s)) lo--;
        while (hi < 14 && mask[hi - 1] & (1 << s)) hi++;
        if (hi - lo + 1 < L) want = s;
      }
      if (e.suitFor(p, r) !== (want < 0 ? first : want)) return `seat ${p} rank ${r}: suit ${e.suitFor(p, r)}`;
    }
    return null;
  }

  for (const L of [3, 5]) {
    it(`agree with the hands after every play, a redeal and a copy (minStraightFlush ${L}, 1,000 rounds)`, () => {
      const r = loadRules(undefined, [`minStraightFlush=${L}`]);
      const rng = new Rng(31 + L);
      const e = new Engine(r, [0, 1, 2, 3].map(() => createStrategy(parseStrategySpec('random:call=0.05,bomb=0.5'), r, rng)), rng);
      const d = new Engine(r, e.strategies, new Rng(1));
      let bad: string | null = null, checks = 0, bombs = 0;
      const check = (x: Engine) => {
        for (let p = 0; p < 4 && !bad; p++) {
          bad = checkSeat(x, p, r.minStraightFlush);
          if (x.hasBomb(p)) bombs++;
        }
        checks++;
      };
      e.trace = () => {
        check(e);
        if (checks % 7 === 0) {
          e.determinizeInto(d, checks & 3, rng);
          check(d);
          d.copyFrom(e);
          check(d);
        }
      };
      for (let i = 0; i < 1000 && !bad; i++) {
        e.playRound();
        check(e);
      }
      expect(bad).toBeNull();
      expect(checks).toBeGreaterThan(20_000);
      expect(bombs).toBeGreaterThan(200);
    });
  }
});

describe('tichu determinization (what a search player may know)', () => {
  it('keeps the seat\'s hand, hand sizes, played cards and its own passes; redeals the rest; copies no other seat\'s passes', () => {
    const rng = new Rng(12);
    const strats = [0, 1, 2, 3].map(() => createStrategy(parseStrategySpec('heuristic'), rules, rng));
    const e = new Engine(rules, strats, rng);
    const d = new Engine(rules, strats, new Rng(1));
    let checked = 0, differs = 0;
    // stop a round part-way: determinize at seat 0's plays (a probe around the heuristic)
    const h = strats[0];
    const probe: TichuStrategy = {
      name: 'probe',
      grandTichu: (v) => h.grandTichu(v), tichu: (v) => h.tichu(v), pass: (v, o) => h.pass(v, o),
      bomb: (v, m) => h.bomb(v, m), wish: (v) => h.wish(v), dragonTo: (v) => h.dragonTo(v),
      play(v, m) {
        if (checked < 50) {
          e.determinizeInto(d, 0, rng);
          for (let c = 0; c < 56; c++) {
            expect(d.holds(0, c)).toBe(e.holds(0, c));
            expect(d.played[c]).toBe(e.played[c]);
          }
          for (let p = 0; p < 4; p++) expect(d.nCards[p]).toBe(e.nCards[p]);
          for (let i = 0; i < 3; i++) {
            const c = e.passedCards[i];
            if (!e.played[c]) expect(d.holds((1 + i) & 3, c)).toBe(true);
          }
          for (let i = 3; i < 12; i++) expect(d.passedCards[i]).toBe(-1);
          for (let p = 1; p < 4; p++) for (let c = 0; c < 56; c++) if (d.holds(p, c) !== e.holds(p, c)) differs++;
          checked++;
        }
        return h.play(v, m);
      },
    };
    strats[0] = probe;
    e.strategies = strats;
    for (let r = 0; r < 20 && checked < 50; r++) e.playRound();
    expect(checked).toBeGreaterThan(10);
    expect(differs).toBeGreaterThan(0);
  });
});

import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { Deal, DEAL } from '../src/games/sichuan-mahjong/engine.js';
import { loadRules, type SichuanRules } from '../src/games/sichuan-mahjong/rules.js';
import { SichuanMahjongState, pointsBound, stateGame, strategyPlayer } from '../src/games/sichuan-mahjong/state.js';
import type { MahjongStrategy, TableView } from '../src/games/sichuan-mahjong/strategy.js';
import { CHANCE, MAX_ACTIONS } from '../src/games/state.js';
import { getStrategy } from '../src/games/sichuan-mahjong/strategies/index.js';
import { playOut } from './kit/playout.js';

const base = loadRules('default');
const swapDice = loadRules('default', ['swapThree.enabled=true', 'swapThree.direction=dice']);
const swapAcross = loadRules('default', ['swapThree.enabled=true', 'swapThree.direction=across']);
const robForAll = loadRules('default', ['robbedKongPays=kong-maker-for-all', 'winnersToEnd=2']);

/** A strategy that writes every question it is asked, with its answer, to `log`. */
function recorded(inner: MahjongStrategy, log: string[]): MahjongStrategy {
  const s: MahjongStrategy = {
    ...inner,
    chooseSwap(t: TableView, seat: number, out: Uint8Array) { inner.chooseSwap(t, seat, out); log.push(`${seat} swap ${out.join(',')}`); },
    chooseVoid(t: TableView, seat: number) { const v = inner.chooseVoid(t, seat); log.push(`${seat} void ${v}`); return v; },
    chooseDiscard(t: TableView, seat: number) { const d = inner.chooseDiscard(t, seat); log.push(`${seat} discard ${d}`); return d; },
    wantPung(t: TableView, seat: number, tile: number) { const a = inner.wantPung(t, seat, tile); log.push(`${seat} pung ${tile}? ${a}`); return a; },
    wantKong(t: TableView, seat: number, tile: number, kind: number) { const a = inner.wantKong(t, seat, tile, kind); log.push(`${seat} kong ${tile}/${kind}? ${a}`); return a; },
  };
  if (inner.declareWin) {
    const declare = inner.declareWin.bind(inner);
    s.declareWin = (t, seat, tile, kind, fan) => { const a = declare(t, seat, tile, kind, fan); log.push(`${seat} win ${tile}/${kind}/${fan}? ${a}`); return a; };
  }
  return s;
}

/** The engine, writing every draw and payment to `log`. */
class LoggedDeal extends Deal {
  events: string[] = [];
  protected override draw(seat: number, replacement: boolean): number {
    this.events.push(`${seat} draws ${this.wall[this.wallPos]}`);
    return super.draw(seat, replacement);
  }
  protected override pay(from: number, to: number, amount: number): void {
    this.events.push(`${from} pays ${to} ${amount}`);
    super.pay(from, to, amount);
  }
}

/** The interface state, writing the same. */
class LoggedState extends SichuanMahjongState {
  events: string[] = [];
  protected override draw(seat: number, replacement: boolean): number {
    this.events.push(`${seat} draws ${this.wall[this.wallPos]}`);
    return super.draw(seat, replacement);
  }
  protected override pay(from: number, to: number, amount: number): void {
    this.events.push(`${from} pays ${to} ${amount}`);
    super.pay(from, to, amount);
  }
}


/** One deal in the engine and one through the interface, same seed: both logs and results. */
function both(rules: SichuanRules, names: readonly string[], seed: number) {
  const engineQuestions: string[] = [], stateQuestions: string[] = [];
  const deal = new LoggedDeal(rules, names.map((n) => recorded(getStrategy(n), engineQuestions)), new Rng(seed));
  const engineAcc = new Float64Array(DEAL.length);
  deal.play(engineAcc, 0);
  const engineNext = deal.rng.nextFloat();

  const state = new LoggedState(rules);
  const rng = new Rng(seed);
  const players = names.map((n) => strategyPlayer(recorded(getStrategy(n), stateQuestions)));
  const moves = playOut(state, players, rng);
  return {
    engine: { questions: engineQuestions, events: deal.events, score: Array.from(deal.score), acc: Array.from(engineAcc), next: engineNext, winOrder: Array.from(deal.winOrder) },
    state: { questions: stateQuestions, events: state.events, score: Array.from(state.score), acc: Array.from(state.statistics()), next: rng.nextFloat(), winOrder: Array.from(state.winOrder) },
    moves,
    deal,
  };
}

const MIXES = [
  ['greedy', 'value', 'random', 'advisor'],
  ['random', 'random', 'random', 'random'],
  ['value:minFan=3', 'greedy', 'value:minFan=2,reach=3', 'random'],
];

describe('sichuan-mahjong through the game interface', () => {
  for (const [label, rules] of [['default rules', base], ['swap three by dice', swapDice], ['swap three across', swapAcross], ['robbed kong pays for all, 2 winners end', robForAll]] as const) {
    it(`plays the engine's deal from the same seed, move for move (${label})`, () => {
      let draws = 0, payments = 0, questions = 0, kongs = 0, exhausted = 0;
      for (const names of MIXES) {
        for (let seed = 1; seed <= 12; seed++) {
          const r = both(rules, names, seed * 7919 + names.length);
          // the same questions asked in the same order with the same answers (discards, claims, kongs, wins)
          expect(r.state.questions).toEqual(r.engine.questions);
          // the same draws and payments, in the same order
          expect(r.state.events).toEqual(r.engine.events);
          expect(r.state.score).toEqual(r.engine.score);
          expect(r.state.winOrder).toEqual(r.engine.winOrder);
          // the same statistics (fan, points, kongs, draws, ready hands) and the random stream left in the same place
          expect(r.state.acc).toEqual(r.engine.acc);
          expect(r.state.next).toBe(r.engine.next);
          draws += r.engine.events.filter((e) => e.includes('draws')).length;
          payments += r.engine.events.filter((e) => e.includes('pays')).length;
          questions += r.engine.questions.length;
          kongs += r.engine.questions.filter((q) => q.includes('kong') && q.endsWith('true')).length;
          if (r.deal.exhausted) exhausted++;
        }
      }
      // the deals compared are real ones: many draws, payments and questions, kongs made, both endings
      expect(draws).toBeGreaterThan(36 * 40);
      expect(payments).toBeGreaterThan(36 * 3);
      expect(questions).toBeGreaterThan(draws);
      expect(kongs).toBeGreaterThan(0);
      expect(exhausted).toBeGreaterThan(0);
      expect(exhausted).toBeLessThan(36);
    });
  }

  it('random legal actions: every deal ends, points sum to zero and stay in range, tiles are conserved', () => {
    const legal = new Int32Array(MAX_ACTIONS);
    const out = new Float64Array(4);
    for (const rules of [base, swapDice]) {
      const rng = new Rng(99);
      for (let g = 0; g < 40; g++) {
        const s = stateGame.newGame(rules, 4) as SichuanMahjongState;
        let steps = 0;
        while (!s.isTerminal()) {
          if (s.currentPlayer() === CHANCE) s.applyChance(rng);
          else {
            const n = s.legalActions(legal);
            expect(n).toBeGreaterThan(0);
            for (let i = 1; i < n; i++) expect(legal[i]).toBeGreaterThan(legal[i - 1]);
            s.applyAction(legal[rng.below(n)]);
          }
          // a passed or offered tile is in nobody's hands until the swap or the offer is settled
          if (s.question === 'turn' || s.isTerminal()) expect(s.tilesConserved()).toBe(true);
          expect(++steps).toBeLessThan(2000);
        }
        s.returns(out);
        expect(out[0] + out[1] + out[2] + out[3]).toBe(0);
        // returns are points, inside the range the game declares
        for (let i = 0; i < 4; i++) expect(Math.abs(out[i])).toBeLessThanOrEqual(pointsBound(rules));
        expect(stateGame.outcome(rules)).toEqual({ kind: 'points', min: -pointsBound(rules), max: pointsBound(rules) });
      }
    }
  });

  it('a determinization keeps what the seat knows and deals the rest again', () => {
    const rng = new Rng(5);
    const players = ['greedy', 'value', 'random', 'advisor'].map((n) => stateGame.player(base, n, 0));
    const legal = new Int32Array(MAX_ACTIONS);
    let changed = 0, checked = 0, clearSeats = 0;
    for (let g = 0; g < 6; g++) {
      const s = stateGame.newGame(swapDice, 4) as SichuanMahjongState;
      let step = 0;
      while (!s.isTerminal()) {
        if (s.currentPlayer() === CHANCE) { s.applyChance(rng); continue; }
        if (step++ % 7 === 0) {
          for (let seat = 0; seat < 4; seat++) {
            const d = s.determinize(seat, rng) as SichuanMahjongState;
            expect(d.informationKey(seat)).toBe(s.informationKey(seat));
            if (s.question === 'turn') expect(d.tilesConserved()).toBe(true);
            expect(Array.from(d.hands[seat])).toEqual(Array.from(s.hands[seat]));
            // the determinized state is legal to go on from: same seat to move, actions available
            expect(d.currentPlayer()).toBe(s.currentPlayer());
            expect(d.legalActions(legal)).toBeGreaterThan(0);
            // a seat the table knows to be clear of its void suit is dealt none (but a tile just drawn)
            for (let q = 0; q < 4; q++) {
              if (q === seat || !s.knownVoidClear(q) || d.won[q]) continue;
              let voidTiles = 0;
              for (let r = 0; r < 9; r++) voidTiles += d.hands[q][d.voids[q] * 9 + r];
              expect(voidTiles).toBeLessThanOrEqual(s.currentPlayer() === q && s.question === 'turn' ? 1 : 0);
              clearSeats++;
            }
            const o = (seat + 1) & 3;
            if (d.toString() !== s.toString() && Array.from(d.hands[o]).join() !== Array.from(s.hands[o]).join()) changed++;
            checked++;
          }
        }
        s.applyAction(players[s.currentPlayer()].act(s, rng));
      }
    }
    expect(checked).toBeGreaterThan(100);
    // hidden tiles really are dealt again (not a copy)
    expect(changed).toBeGreaterThan(checked / 4);
    expect(clearSeats).toBeGreaterThan(checked / 2);
  });

  it('the information key hides other seats\' hands, draws, swaps and passes, and shows the table', () => {
    const rng = new Rng(11);
    const s = stateGame.newGame(swapDice, 4) as SichuanMahjongState;
    const greedy = stateGame.player(swapDice, 'greedy', 0);
    while (s.question !== 'turn' || s.wallLeft() > 40) {
      if (s.currentPlayer() === CHANCE) s.applyChance(rng);
      else s.applyAction(greedy.act(s, rng));
    }
    const k0 = s.informationKey(0), k1 = s.informationKey(1);
    expect(k0).not.toBe(k1);
    expect(k0).toMatch(/^seat 0; dealt /);
    expect(k0).toMatch(/0 swap /);
    expect(k0).toMatch(/1 swaps/);
    expect(k0).toMatch(/0 draws \d[mps]/);
    expect(k0).toMatch(/1 draws;/);
    expect(k0).toMatch(/1 discard \d[mps]/);
    expect(k0).not.toMatch(/1 pass/);
  });

  it('a clone is independent; the interface names its players and refuses other table sizes', () => {
    const rng = new Rng(3);
    const s = stateGame.newGame(base, 4);
    s.applyChance(rng);
    const c = s.clone();
    expect(c.toString()).toBe(s.toString());
    const p = stateGame.player(base, 'random', 0);
    while (!c.isTerminal()) c.applyAction(p.act(c, rng));
    expect(s.toString()).toMatch(/^void seat 0/);
    expect(stateGame.playerNames).toEqual(['greedy', 'value', 'random', 'advisor', 'defender', 'seer']);
    expect(() => stateGame.newGame(base, 3)).toThrow(/a deal has 4 players/);
    expect(() => stateGame.player(base, 'nobody', 0)).toThrow(/unknown strategy/);
    expect(stateGame.seats(base)).toEqual({ min: 4, max: 4, default: 4 });
  });
});

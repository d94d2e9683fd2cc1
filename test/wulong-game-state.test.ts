import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { loadRules, type WulongRules } from '../src/games/wulong/turn/rules.js';
import { WulongGame } from '../src/games/wulong/game/engine.js';
import { END } from '../src/games/wulong/game/layout.js';
import { WulongGameState, stateGame, wulongPlayer } from '../src/games/wulong/game/state.js';
import { CHANCE, MAX_ACTIONS } from '../src/games/state.js';
import { bettorFor, parsePlayers } from '../src/games/wulong/strategies/index.js';
import { playOut } from './kit/playout.js';

const base = loadRules('default');
const withTell = loadRules('default', ['betting.readAccuracy=0.6']);
const sitOut = loadRules('default', ['game.shortStack=sit-out', 'game.instantWin=scores', 'game.ties=none']);

/** A random stream that writes every draw (bound and result) to `log`. */
class RecordingRng extends Rng {
  log: string[] = [];
  override below(n: number): number {
    const r = super.below(n);
    this.log.push(`${n}:${r}`);
    return r;
  }
}

/** Write every bet, raise and end of turn the machine makes to `log` (the engine's own private steps). */
function logMoney(g: WulongGame, log: string[]): void {
  const m = g as unknown as Record<string, (...a: number[]) => unknown> & { num: Float64Array };
  const bet = m.bet.bind(g), raiseBy = m.raiseBy.bind(g), endTurnAt = m.endTurnAt.bind(g);
  m.bet = (seat: number, card: number, allIn: number) => { log.push(`bet ${seat} ${card} ${allIn ? 'all-in' : m.num[2]}`); return bet(seat, card, allIn); };
  m.raiseBy = (seat: number) => { log.push(`raise ${seat} ${m.num[2]}`); return raiseBy(seat); };
  m.endTurnAt = (active: number) => { log.push(`turn ${active} scores ${m.num[2]}`); return endTurnAt(active); };
}


/** One game in the engine (fixed seats) and one through the interface, same seed. */
function both(rules: WulongRules, list: string, P: number, seed: number) {
  const specs = parsePlayers(list, P);
  const engine = new WulongGame({ rules, players: specs, fixedSeats: true }, bettorFor);
  const engineMoney: string[] = [];
  logMoney(engine, engineMoney);
  const er = new RecordingRng(seed);
  const acc = new Float64Array(engine.L.length);
  engine.playGames(er, 1, acc);

  const state = new WulongGameState(rules, P, specs.map((s) => s.policy));
  const stateMoney: string[] = [];
  logMoney(state, stateMoney);
  const sr = new RecordingRng(seed);
  const moves = playOut(state, specs.map((s) => wulongPlayer(rules, s)), sr);
  return { engine, state, engineMoney, stateMoney, engineDraws: er.log, stateDraws: sr.log, acc, moves };
}

describe('wulong full game through the game interface', () => {
  const cases: [string, WulongRules, string, number][] = [
    ['default rules, 5 players', base, 'kelly,fraction:0.1,min,naive,lookahead', 5],
    ['default rules, 2 players, other policies', base, 'kelly:0.5@threshold:3000,lookahead@keep-all:2000', 2],
    ['a tell (readAccuracy 0.6), 3 players', withTell, 'kelly,naive:panda@threshold:2500,lookahead', 3],
    ['short stacks sit out, instant win scores, no split ties, 4 players', sitOut, 'kelly:2,fraction:0.5,min,naive:tiger', 4],
  ];
  for (const [label, rules, list, P] of cases) {
    it(`plays the engine's game from the same seed, move for move (${label})`, () => {
      let draws = 0, bets = 0, raises = 0, allIns = 0, turns = 0;
      const ends = new Set<number>();
      for (let seed = 1; seed <= 6; seed++) {
        const r = both(rules, list, P, seed * 104729);
        // the same dice and reads, drawn in the same order
        expect(r.stateDraws).toEqual(r.engineDraws);
        // the same bets, raises and turn scores, in the same order
        expect(r.stateMoney).toEqual(r.engineMoney);
        expect(Array.from(r.state.fortune)).toEqual(Array.from(r.engine.fortune));
        expect(Array.from(r.state.safes)).toEqual(Array.from(r.engine.safes));
        expect(r.state.turns).toBe(r.engine.turns);
        expect(r.state.endReason).toBe(r.engine.endReason);
        // the same statistics: wins, money routes, cards, rolls, game length
        expect(Array.from(r.state.acc)).toEqual(Array.from(r.acc));
        draws += r.engineDraws.length;
        bets += r.engineMoney.filter((x) => x.startsWith('bet')).length;
        raises += r.engineMoney.filter((x) => x.startsWith('raise')).length;
        allIns += r.engineMoney.filter((x) => x.endsWith('all-in')).length;
        turns += r.engine.turns;
        ends.add(r.engine.endReason);
      }
      // real games: many turns, draws and bets
      expect(turns).toBeGreaterThan(6 * 5);
      expect(draws).toBeGreaterThan(turns);
      expect(bets).toBeGreaterThanOrEqual(turns);
      if (!list.includes('naive') || P > 2) expect(raises + allIns).toBeGreaterThan(0);
      expect(ends.size).toBeGreaterThan(0);
    });
  }

  it('every seat count and random legal actions: games end, fortunes stay whole, returns share one win', () => {
    const legal = new Int32Array(MAX_ACTIONS);
    const out = new Float64Array(5), fort = new Float64Array(5);
    const rng = new Rng(8);
    const rules = loadRules('default', ['game.maxTurns=60']);
    let instant = 0, games = 0;
    for (let P = 2; P <= 5; P++) {
      for (let g = 0; g < 6; g++) {
        const s = stateGame.newGame(rules, P) as WulongGameState;
        while (!s.isTerminal()) {
          if (s.currentPlayer() === CHANCE) s.applyChance(rng);
          else {
            const n = s.legalActions(legal);
            expect(n).toBeGreaterThan(0);
            for (let i = 1; i < n; i++) expect(legal[i]).toBeGreaterThan(legal[i - 1]);
            s.applyAction(legal[rng.below(n)]);
          }
        }
        s.returns(out);
        s.scores(fort);
        let sum = 0;
        for (let i = 0; i < P; i++) sum += out[i];
        expect(sum).toBeCloseTo(1, 12);
        for (let i = 0; i < P; i++) expect(fort[i] >= 0 && Number.isFinite(fort[i])).toBe(true);
        if (s.endReason === END.instantWin) instant++;
        games++;
      }
    }
    expect(games).toBe(24);
    expect(instant).toBeLessThan(games);
  });

  it('a determinization redraws only the roll being bet on, and keeps every seat\'s information', () => {
    const rng = new Rng(21);
    const specs = parsePlayers('kelly,min,lookahead', 3);
    const s = new WulongGameState(withTell, 3, specs.map((p) => p.policy));
    const players = specs.map((p) => wulongPlayer(withTell, p));
    let checked = 0, redrawn = 0;
    while (!s.isTerminal() && checked < 300) {
      if (s.currentPlayer() === CHANCE) { s.applyChance(rng); continue; }
      for (let seat = 0; seat < 3; seat++) {
        const d = s.determinize(seat, rng);
        expect(d.informationKey(seat)).toBe(s.informationKey(seat));
        expect(d.currentPlayer()).toBe(s.currentPlayer());
        if ((d as unknown as { roll: number }).roll !== (s as unknown as { roll: number }).roll) redrawn++;
        checked++;
      }
      s.applyAction(players[s.currentPlayer()].act(s, rng));
    }
    expect(checked).toBeGreaterThan(100);
    expect(redrawn).toBeGreaterThan(0);
    // the roll is hidden from the bettors while they bet, shown once it counts
    const key = s.informationKey(0);
    expect(key).toMatch(/^seat 0; roll \d+; read \d+/);
  });

  it('a clone is independent; players and seats as the interface declares them', () => {
    const rng = new Rng(2);
    const s = stateGame.newGame(base, 3);
    s.applyChance(rng);
    const c = s.clone();
    expect(c.toString()).toBe(s.toString());
    const before = [s.toString(), s.informationKey(0), Array.from((s as WulongGameState).acc).join()];
    const p = stateGame.player(base, 'min', 0);
    const players = [p, p, p];
    playOut(c, players, rng);
    expect(c.isTerminal()).toBe(true);
    expect(s.isTerminal()).toBe(false);
    // the original's table, history and statistics are untouched
    expect([s.toString(), s.informationKey(0), Array.from((s as WulongGameState).acc).join()]).toEqual(before);
    expect(stateGame.seats(base)).toEqual({ min: 2, max: 5, default: 4 });
    expect(stateGame.playerNames).toContain('kelly');
    expect(() => stateGame.newGame(base, 6)).toThrow(/players must be an integer in 2..5/);
    expect(() => stateGame.player(base, 'nobody', 0)).toThrow(/unknown betting strategy/);
  });
});

/**
 * The behaviour contract of the game interface (src/games/state.ts), over every game in GAMES whose
 * descriptor declares `state` — a new game is checked as soon as it declares it. Seeded random
 * playouts must end; only legal actions are offered (ascending, no duplicates) and each one applies;
 * returns are what the game declares (win/lose: in [0, 1], summing to 1; points: in range); a
 * determinization keeps the seat's information key; a clone is independent; a replay from the same
 * seed is the same game, bit for bit; and the game's own players play legal moves only.
 */
import { describe, expect, it } from 'vitest';
import { UserError } from '../src/core/errors.js';
import { Rng } from '../src/core/rng.js';
import { GAMES } from '../src/games/index.js';
import { CHANCE, MAX_ACTIONS, TERMINAL, type GameState, type StateGame, type StatePlayer } from '../src/games/state.js';

const withState = GAMES.filter((g) => g.state);
const PLAYOUTS = 6;
const MAX_STEPS = 200_000;

interface Trace {
  steps: string[];
  returns: number[];
  decisions: number;
}

/** One seeded playout: uniform random actions, or the given players; checks every step on the way. */
function playout(sg: StateGame<never>, rules: never, players: number, seed: number, seatPlayers?: StatePlayer[], deep = false): Trace {
  const rng = new Rng(seed);
  const state = sg.newGame(rules, players);
  const actions = new Int32Array(MAX_ACTIONS);
  const steps: string[] = [];
  let decisions = 0;
  expect(state.players).toBe(players);
  for (let step = 0; ; step++) {
    expect(step, `${sg.id} seed ${seed}: the game did not end within ${MAX_STEPS} steps: ${state}`).toBeLessThan(MAX_STEPS);
    const who = state.currentPlayer();
    expect(state.isTerminal()).toBe(who === TERMINAL);
    if (who === TERMINAL) break;
    if (who === CHANCE) {
      state.applyChance(rng);
      steps.push('chance');
      continue;
    }
    expect(Number.isInteger(who) && who >= 0 && who < players, `${sg.id}: currentPlayer ${who}`).toBe(true);
    const n = state.legalActions(actions);
    expect(n, `${sg.id}: no legal action in ${state}`).toBeGreaterThan(0);
    expect(n).toBeLessThanOrEqual(MAX_ACTIONS);
    for (let i = 1; i < n; i++) expect(actions[i], `${sg.id}: legal actions not ascending / duplicated in ${state}`).toBeGreaterThan(actions[i - 1]);
    if (deep) checkState(state, actions, n, rng, players, sg.id);
    let a: number;
    if (seatPlayers) {
      a = seatPlayers[who].act(state, rng);
      let legal = false;
      for (let i = 0; i < n; i++) if (actions[i] === a) legal = true;
      expect(legal, `${sg.id}: a player chose ${a} (${state.actionText(a)}), not legal in ${state}`).toBe(true);
    } else a = actions[rng.below(n)];
    steps.push(`${who}:${a}`);
    state.applyAction(a);
    decisions++;
  }
  const out = new Float64Array(players);
  state.returns(out);
  checkReturns(sg, rules, players, out);
  return { steps, returns: Array.from(out), decisions };
}

/** At a decision: every legal action applies (up to 12 of them, spread out), determinize and clone behave. */
function checkState(state: GameState, actions: Int32Array, n: number, rng: Rng, players: number, id: string): void {
  const stride = Math.max(1, Math.floor(n / 12));
  for (let i = 0; i < n; i += stride) {
    const c = state.clone();
    expect(() => c.applyAction(actions[i]), `${id}: legal action ${actions[i]} does not apply in ${state}`).not.toThrow();
    expect(typeof state.actionText(actions[i])).toBe('string');
  }
  const before = state.toString();
  const keys = Array.from({ length: players }, (_, s) => state.informationKey(s));
  for (let s = 0; s < players; s++) {
    const d = state.determinize(s, rng);
    expect(d.informationKey(s), `${id}: determinize(${s}) changed what seat ${s} knows`).toBe(keys[s]);
    expect(d.currentPlayer()).toBe(state.currentPlayer());
  }
  // a clone moved on leaves the original as it was
  const c = state.clone();
  c.applyAction(actions[0]);
  expect(state.toString()).toBe(before);
  for (let s = 0; s < players; s++) expect(state.informationKey(s)).toBe(keys[s]);
}

function checkReturns(sg: StateGame<never>, rules: never, players: number, out: Float64Array): void {
  const outcome = sg.outcome?.(rules, players) ?? { kind: 'win-lose' as const };
  for (const v of out) expect(Number.isFinite(v)).toBe(true);
  if (outcome.kind === 'win-lose') {
    for (const v of out) expect(v >= 0 && v <= 1, `${sg.id}: return ${v} outside [0, 1]`).toBe(true);
    expect(out.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  } else {
    for (const v of out) expect(v >= outcome.min && v <= outcome.max, `${sg.id}: return ${v} outside [${outcome.min}, ${outcome.max}]`).toBe(true);
  }
}

describe('the game interface: every game that declares it behaves', () => {
  it('at least one game declares the interface (Liar\'s Dice does)', () => {
    expect(withState.map((g) => g.id)).toContain('liars-dice');
  });

  for (const g of withState) {
    describe(g.id, async () => {
      const sg = (await g.state!()) as StateGame<never>;
      const rules = (await g.rules()).loadRules() as never;
      const seats = sg.seats(rules);
      const tables = [...new Set([seats.min, seats.default, Math.min(seats.max, seats.default + 1)])];

      it('names itself as its descriptor does; seats are sane', () => {
        expect(sg.id).toBe(g.id);
        expect(seats.min).toBeGreaterThanOrEqual(1);
        expect(seats.min).toBeLessThanOrEqual(seats.default);
        expect(seats.default).toBeLessThanOrEqual(seats.max);
        expect(sg.playerNames.length).toBeGreaterThan(0);
        // "uniform" is the tools' random player (src/play): a game's own player may not take the name
        expect(sg.playerNames).not.toContain('uniform');
        if (sg.roles) expect(sg.roles.length).toBe(seats.default);
      });

      it('random playouts end, offer legal actions only, and return what the game declares', () => {
        for (const players of tables) for (let seed = 1; seed <= PLAYOUTS; seed++) playout(sg, rules, players, seed, undefined, seed === 1);
      });

      it('a replay from the same seed is the same game, bit for bit', () => {
        for (let seed = 1; seed <= 4; seed++) {
          const a = playout(sg, rules, seats.default, seed);
          const b = playout(sg, rules, seats.default, seed);
          expect(b.steps).toEqual(a.steps);
          expect(b.returns).toEqual(a.returns);
        }
      });

      it('different seeds give different games (the seed reaches the game)', () => {
        const games = new Set(Array.from({ length: 6 }, (_, i) => playout(sg, rules, seats.default, 100 + i).steps.join(' ')));
        expect(games.size).toBeGreaterThan(1);
      });

      it('each of its players plays legal moves only, whole games', () => {
        let played = 0;
        for (const name of sg.playerNames) {
          let players: StatePlayer[];
          try {
            players = Array.from({ length: seats.default }, (_, s) => sg.player(rules, name, s, seats.default));
          } catch (e) {
            // a player may refuse these rules (an exact solver too small for them), as a user error
            expect(e).toBeInstanceOf(UserError);
            continue;
          }
          for (let seed = 1; seed <= 3; seed++) playout(sg, rules, seats.default, seed, players);
          played++;
        }
        expect(played).toBeGreaterThan(0);
      });

      it('an unknown player name is a UserError', () => {
        expect(() => sg.player(rules, 'no-such-player', 0, seats.default)).toThrow(/no-such-player/);
      });
    });
  }
});

/**
 * Liar's Dice through the one game interface (src/games/state.ts), with its strategies seated: the
 * round itself, decision by decision, is round-state.ts.
 */
import { UserError } from '../../core/errors.js';
import type { Rng } from '../../core/rng.js';
import type { StateGame } from '../state.js';
import { duelPart } from './duel-state.js';
import { CALL_IN, CALL_MARKED, CHALLENGE, DIRECTION, LiarsState, NO_CALL, OPEN, RAISE } from './round-state.js';
import type { Strategy } from './strategy.js';
import type { LiarsRules } from './rules.js';
import { STRATEGIES, createStrategy, parseStrategySpec } from './strategies/index.js';
import { StrategyPlayer } from '../../play/strategy-player.js';

/**
 * A Liar's Dice strategy at a seat of the interface: `make` builds it for a table of n seats
 * (strategies may depend on it) at its first move; `queue` holds the mark actions of a call still
 * to play.
 */
export interface LiarsSeat {
  make: (players: number) => Strategy;
  strategy?: Strategy;
  queue: number[];
  /** the state and step the queue was made for: a search asks players out of turn, in other states */
  queueFor?: LiarsState;
  queueAt?: number;
  /** scratch for the marks of a call asked out of turn */
  savedMarks?: Uint8Array;
}

/**
 * How a Liar's Dice strategy answers the state's question (for src/play/strategy-player.ts): it
 * is asked exactly where the engine asks it, with the same view and the same generator, so it
 * makes the same draws. A call with several marked bids becomes its mark actions and the final
 * call, played one by one.
 */
export function askLiars(seatPlayer: LiarsSeat, s: LiarsState, rng: Rng): number {
  const r = s.round, seat = s.currentPlayer(), phase = s.phase, queue = seatPlayer.queue;
  const strategy = (seatPlayer.strategy ??= seatPlayer.make(s.players));
  if (phase === OPEN || phase === RAISE) return strategy.bid(r, seat, rng);
  if (phase === DIRECTION) return strategy.direction(r, seat, rng) < 0 ? 0 : 1;
  if (queue.length > 0) {
    if (seatPlayer.queueFor === s && seatPlayer.queueAt === s.stepsSinceRoll) {
      seatPlayer.queueAt++;
      return queue.shift()!;
    }
    queue.length = 0;
  }
  // Asked in the middle of a call it did not start in this state (a search asks players out of
  // turn): the next mark of a fresh decision, the state's marks left as they were.
  let marked = -1;
  for (let i = 0; i < r.numBids; i++) if (r.marks[i]) marked = i;
  if (marked >= 0) {
    const saved = (seatPlayer.savedMarks ??= new Uint8Array(r.marks.length));
    saved.set(r.marks);
    let next = -1;
    if (strategy.challenge(r, seat, phase === CALL_IN, rng) > 0) {
      for (let i = marked + 1; i < r.numBids && next < 0; i++) if (r.marks[i] && r.bidders[i] !== seat) next = i;
    }
    r.marks.set(saved);
    return next >= 0 ? CHALLENGE + next : CALL_MARKED;
  }
  const called = strategy.challenge(r, seat, phase === CALL_IN, rng) > 0;
  let latest = -1;
  for (let i = 0; i < r.numBids; i++) {
    if (!r.marks[i]) continue;
    r.marks[i] = 0;
    if (!called || r.bidders[i] === seat) continue;
    if (r.multiple) queue.push(CHALLENGE + i);
    latest = i;
  }
  if (latest < 0) {
    queue.length = 0;
    return NO_CALL;
  }
  if (!r.multiple) return CHALLENGE + latest;
  queue.push(CALL_MARKED);
  seatPlayer.queueFor = s;
  seatPlayer.queueAt = s.stepsSinceRoll + 1;
  return queue.shift()!;
}

export const stateGame: StateGame<LiarsRules> = {
  id: 'liars-dice',
  seats: (rules) => ({ min: rules.minPlayers, max: rules.maxPlayers, default: Math.max(rules.minPlayers, 2) }),
  newGame: (rules, players) => {
    if (!Number.isInteger(players) || players < rules.minPlayers || players > rules.maxPlayers) throw new UserError(`liars-dice: ${rules.minPlayers}..${rules.maxPlayers} players (got ${players})`);
    return new LiarsState(rules, players);
  },
  playerNames: STRATEGIES.names,
  player: (rules, spec, _seat, players) => {
    const parsed = parseStrategySpec(spec);
    const make = (n: number) => createStrategy(parsed, { rules, players: n });
    // built now when the table is known, so that a bad parameter is reported before any game
    const built = players === undefined ? undefined : make(players);
    return new StrategyPlayer<LiarsSeat, LiarsState>({ make: (n) => (built && n === players ? built : make(n)), queue: [] }, askLiars);
  },
  // the solver's two-player game, for the exact tools (`liars equilibrium --part duel`)
  subGames: { duel: duelPart },
};

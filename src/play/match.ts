/**
 * Tournaments and balance figures for any game over the interface (src/games/state.ts): written
 * once, for every game whose descriptor declares `state`.
 *
 * A trial is one deal played P times (P seats): the same chance stream each time, the entrants
 * rotated one seat further each time (entrant i sits in seat (i + r) mod P in rotation r). So every
 * entrant meets the same dice and cards from every seat — duplicate play, in which the luck of the
 * deal cancels — and seat advantage is measured with every entrant in every seat. Players draw from
 * their own stream, separate from chance.
 *
 * A game's result: each seat's share of the win (the seats with the highest return share it), its
 * length in decisions, whether the win was shared, and — where the game keeps a running score —
 * how often the lead changed and the final margin between the first two.
 */
import { Rng } from '../core/rng.js';
import { defineLayout, type Layout } from '../core/accumulator.js';
import { meanEstimate, proportion, type MeanEstimate, type Proportion } from '../core/stats.js';
import { CHANCE, GAME_PLAY_ERROR, type GameState, type StateGame, type StatePlayer } from '../games/state.js';
import { dealClusteredMean, dealClusteredProportion, isMirror } from './balance-interval.js';
import { makePlayer } from './players.js';

/** What a tournament or balance run is: a game, its rules and the entrants (one per seat). */
export interface MatchParams {
  game: string;
  rules: unknown;
  /** player specs, one per seat of the table (repeat a spec to seat it twice) */
  entrants: string[];
}

const TABLE = { deals: 1, games: 1, length: 1, length2: 1, shared: 1, runningGames: 1, leadChanges: 1, leadChanges2: 1, margin: 1, margin2: 1, scoredGames: 1, lengthDeal2: 1, sharedDeal2: 1, leadChangesDeal2: 1, marginDeal2: 1 };
type Slot = keyof typeof TABLE | 'seatWin' | 'entrantWin' | 'entrantDealWin2' | 'entrantScore' | 'entrantScore2' | 'roleWin' | 'seatDealWin2';

export function matchLayout(players: number): Layout<Slot> {
  const P = players;
  return defineLayout<Slot>({ ...TABLE, seatWin: P, entrantWin: P, entrantDealWin2: P, entrantScore: P, entrantScore2: P, roleWin: P * P, seatDealWin2: P });
}

/** Safety net: a game that has not ended after this many steps is a bug in the game. */
export const MAX_STEPS = 10_000_000;

/** A second stream for the players of one rotation of one deal, apart from the deal's chance stream. */
function playerSeed(dealSeed: number, rotation: number): number {
  return dealSeed + 4294967296 * (rotation + 1);
}

/**
 * How the entrants of a table are seated over one deal: `seatOf[r * P + e]` is entrant e's seat in
 * rotation r. Every seat plays for itself: entrant e sits in seat (e + r) mod P, P rotations. With
 * teams (StateGame.teams) whole teams move: entrant e, a member of team t (its seat in rotation 0 is
 * e), takes its place in team (t + r) mod T, T rotations — partners stay partners. `unitOf[s]` is
 * the seat's team (its own seat without teams): one win is counted per unit.
 */
export interface Seating {
  rotations: number;
  units: number;
  seatOf: Int32Array;
  unitOf: Int32Array;
}

export function seatingOf(sg: StateGame<unknown>, P: number): Seating {
  const teams = sg.teams;
  if (!teams) {
    const seatOf = new Int32Array(P * P);
    for (let r = 0; r < P; r++) for (let e = 0; e < P; e++) seatOf[r * P + e] = (e + r) % P;
    return { rotations: P, units: P, seatOf, unitOf: Int32Array.from({ length: P }, (_, s) => s) };
  }
  if (teams.length !== P) throw new Error(`${sg.id}: teams are declared for ${teams.length} seats, the table has ${P}`);
  const T = Math.max(...teams) + 1;
  const members = Array.from({ length: T }, (_, t) => teams.flatMap((u, s) => (u === t ? [s] : [])));
  if (members.some((m) => m.length !== P / T)) throw new Error(`${sg.id}: teams must be equal in size (${teams.join(',')})`);
  const seatOf = new Int32Array(T * P);
  for (let r = 0; r < T; r++) {
    for (let e = 0; e < P; e++) {
      const t = teams[e];
      seatOf[r * P + e] = members[(t + r) % T][members[t].indexOf(e)];
    }
  }
  return { rotations: T, units: T, seatOf, unitOf: Int32Array.from(teams) };
}

/**
 * Each seat's share of the win of a finished game, into `win`: the units (seats, or teams) with the
 * highest return share it (1/k each of k; every member of a winning team gets its team's share).
 * Returns k, how many units share the win.
 */
export function winShares(out: Float64Array, unitOf: Int32Array, units: number, P: number, win: Float64Array): number {
  let best = -Infinity;
  for (let s = 0; s < P; s++) best = Math.max(best, out[s]);
  let tied = 0;
  if (units === P) {
    for (let s = 0; s < P; s++) if (out[s] === best) tied++;
  } else {
    // a team is one unit however many of its seats hold the best return
    for (let u = 0; u < units; u++) {
      for (let s = 0; s < P; s++) {
        if (unitOf[s] === u && out[s] === best) {
          tied++;
          break;
        }
      }
    }
  }
  for (let s = 0; s < P; s++) {
    let top = out[s] === best;
    if (units !== P) for (let q = 0; q < P && !top; q++) top = unitOf[q] === unitOf[s] && out[q] === best;
    win[s] = top ? 1 / tied : 0;
  }
  return tied;
}

/** What the match loop counts in one game: the decisions, and the changes of the sole leader (games with a running score). */
export interface GameTally {
  decisions: number;
  leadChanges: number;
  /** the running scores after each step (P of them) */
  readonly running: Float64Array;
}

/**
 * Play one game to its end: chance draws from the deal's stream (`dealSeed`), the player in
 * `atSeat[seat]` moves for each seat, drawing from the players' stream (`moveSeed`). With a
 * `tally`, its decisions and lead changes are counted into it.
 */
export function playGame<R>(sg: StateGame<R>, rules: R, P: number, dealSeed: number, moveSeed: number, atSeat: readonly StatePlayer[], tally: GameTally | null = null): GameState {
  const chance = new Rng(dealSeed), moves = new Rng(moveSeed);
  const state = sg.newGame(rules, P);
  const running = tally !== null && state.runningScores ? tally.running : null;
  let decisions = 0, leader = -1, changes = 0, step = 0, seat = CHANCE, action = -1;
  try {
    for (; !state.isTerminal(); step++) {
      if (step >= MAX_STEPS) throw new Error(`${sg.id}: a game did not end within ${MAX_STEPS} steps: ${state}`);
      seat = state.currentPlayer();
      action = -1;
      if (seat === CHANCE) state.applyChance(chance);
      else {
        action = atSeat[seat].act(state, moves);
        state.applyAction(action);
        decisions++;
      }
      if (running !== null) {
        state.runningScores!(running);
        const now = soleLeader(running, P);
        if (now >= 0) {
          if (leader >= 0 && now !== leader) changes++;
          leader = now;
        }
      }
    }
  } catch (e) {
    throw gamePlayError(sg, e, dealSeed, step, seat, action, state);
  }
  if (tally) {
    tally.decisions = decisions;
    tally.leadChanges = changes;
  }
  return state;
}


/**
 * A game's exception during play as one line: the game, the deal's seed and the move, then the
 * error; the original stack kept below it (printed with --debug). Our own errors pass unchanged.
 */
function gamePlayError(sg: StateGame<unknown>, e: unknown, dealSeed: number, step: number, seat: number, action: number, state: GameState): unknown {
  const err = e as Error;
  if (typeof err?.message === 'string' && (err.message.startsWith(GAME_PLAY_ERROR) || err.name === 'UserError')) return e;
  let text = '';
  try {
    text = action >= 0 ? ` (${state.actionText(action)})` : '';
  } catch {
    // the game's own text may be what broke
  }
  const where = seat === CHANCE ? 'a chance event' : action >= 0 ? `seat ${seat} playing ${action}${text}` : `seat ${seat} choosing a move`;
  const out = new Error(`${GAME_PLAY_ERROR}${sg.id} threw during play: deal seed ${dealSeed}, move ${step}, ${where}: ${err?.name ?? 'Error'}: ${String(err?.message ?? e).split('\n')[0]}`);
  out.stack = `${out.message}\n${err?.stack ?? ''}`;
  return out;
}

/** Play `count` deals (each in every rotation) into a new accumulator. */
export function playMatches(sg: StateGame<unknown>, p: MatchParams, rng: Rng, count: number): Float64Array {
  const P = p.entrants.length, L = matchLayout(P), o = L.offset;
  const acc = new Float64Array(L.length);
  const rules = p.rules;
  const { rotations: R, units, seatOf, unitOf } = seatingOf(sg, P);
  const entrantAt = new Int32Array(R * P);
  for (let r = 0; r < R; r++) for (let e = 0; e < P; e++) entrantAt[r * P + seatOf[r * P + e]] = e;
  // players by (entrant, seat): a strategy may depend on its seat (roles)
  const players: StatePlayer[] = [];
  for (let e = 0; e < P; e++) for (let s = 0; s < P; s++) players.push(makePlayer(sg, rules, p.entrants[e], s, P));
  const out = new Float64Array(P), dealWin = new Float64Array(P), win = new Float64Array(P), dealSeatWin = new Float64Array(P);
  const atSeat: StatePlayer[] = new Array<StatePlayer>(P), tally: GameTally = { decisions: 0, leadChanges: 0, running: new Float64Array(P) };
  const running = tally.running;
  for (let k = 0; k < count; k++) {
    const dealSeed = rng.nextU32();
    dealWin.fill(0);
    dealSeatWin.fill(0);
    // the deal's means over its rotations (for intervals clustered by deal)
    let dealLength = 0, dealShared = 0, dealChanges = 0, dealMargin = 0;
    for (let r = 0; r < R; r++) {
      for (let s = 0; s < P; s++) atSeat[s] = players[entrantAt[r * P + s] * P + s];
      const state = playGame(sg, rules, P, dealSeed, playerSeed(dealSeed, r), atSeat, tally);
      const decisions = tally.decisions, changes = tally.leadChanges;
      state.returns(out);
      const tied = winShares(out, unitOf, units, P, win);
      acc[o.games]++;
      acc[o.length] += decisions;
      acc[o.length2] += decisions * decisions;
      if (tied > 1) acc[o.shared]++;
      dealLength += decisions / R;
      if (tied > 1) dealShared += 1 / R;
      for (let s = 0; s < P; s++) {
        const w = win[s], e = entrantAt[r * P + s];
        acc[o.seatWin + s] += w;
        acc[o.entrantWin + e] += w;
        acc[o.roleWin + e * P + s] += w;
        dealWin[e] += w / R;
        dealSeatWin[s] += w / R;
      }
      if (state.scores) {
        state.scores(out);
        acc[o.scoredGames]++;
        for (let s = 0; s < P; s++) {
          const e = entrantAt[r * P + s];
          acc[o.entrantScore + e] += out[s];
          acc[o.entrantScore2 + e] += out[s] * out[s];
        }
      }
      if (state.runningScores) {
        state.runningScores(running);
        let first = -Infinity, second = -Infinity;
        for (let s = 0; s < P; s++) {
          const v = running[s];
          if (v > first) {
            second = first;
            first = v;
          } else if (v > second) second = v;
        }
        acc[o.runningGames]++;
        acc[o.leadChanges] += changes;
        acc[o.leadChanges2] += changes * changes;
        acc[o.margin] += first - second;
        acc[o.margin2] += (first - second) * (first - second);
        dealChanges += changes / R;
        dealMargin += (first - second) / R;
      }
    }
    acc[o.deals]++;
    for (let e = 0; e < P; e++) acc[o.entrantDealWin2 + e] += dealWin[e] * dealWin[e];
    for (let s = 0; s < P; s++) acc[o.seatDealWin2 + s] += dealSeatWin[s] * dealSeatWin[s];
    acc[o.lengthDeal2] += dealLength * dealLength;
    acc[o.sharedDeal2] += dealShared * dealShared;
    acc[o.leadChangesDeal2] += dealChanges * dealChanges;
    acc[o.marginDeal2] += dealMargin * dealMargin;
  }
  return acc;
}

/** The one seat strictly ahead, or −1 when the lead is shared. */
function soleLeader(v: Float64Array, P: number): number {
  let best = 0, tied = false;
  for (let s = 1; s < P; s++) {
    if (v[s] > v[best]) {
      best = s;
      tied = false;
    } else if (v[s] === v[best]) tied = true;
  }
  return tied ? -1 : best;
}

export interface EntrantResult {
  entrant: number;
  player: string;
  games: number;
  /** share of games won (shared wins split), Wilson 95% interval over games */
  winRate: Proportion;
  /** standard error of the win rate over deals (duplicate play: the deal, not the game, is the independent unit) */
  dealSe: number;
  /** the game's own score per game (points, money; as the game counts it), when the game has one */
  score: MeanEstimate | null;
}

export interface SeatResult {
  seat: number;
  /** the seat's role, when the game's seats are roles */
  role: string | null;
  games: number;
  /** share of games won; its interval is Wilson over games, or clustered by deal in a mirror match (src/play/balance-interval.ts) */
  winRate: Proportion;
  /** win rate − 1/P (1/teams where the game has teams): what sitting here is worth over a fair share */
  advantage: number;
}

export interface MatchResult {
  game: string;
  rules: string | null;
  players: number;
  /** how many teams, where the game has teams (a win is counted per team; whole teams rotate) */
  teams?: number;
  deals: number;
  games: number;
  entrants: EntrantResult[];
  seats: SeatResult[];
  /** win rate of entrant e in seat s: byRole[e][s] (each pair plays once per deal) */
  byEntrantAndSeat: number[][];
  /** decisions per game */
  length: MeanEstimate;
  /** games whose win was shared (a draw or a tie at the top) */
  sharedWins: Proportion;
  /** changes of the sole leader per game, where the game keeps a running score */
  leadChanges: MeanEstimate | null;
  /** final margin between the first two by running score, where the game keeps one */
  margin: MeanEstimate | null;
}

export function summarizeMatches(sg: StateGame<unknown>, p: MatchParams, acc: Float64Array): MatchResult {
  const P = p.entrants.length, o = matchLayout(P).offset;
  const deals = acc[o.deals], games = acc[o.games];
  const units = sg.teams ? seatingOf(sg, P).units : P;
  const entrants: EntrantResult[] = p.entrants.map((player, e) => {
    const mean = acc[o.entrantWin + e] / games;
    const dealVar = deals > 1 ? Math.max(0, (acc[o.entrantDealWin2 + e] - deals * mean * mean) / (deals - 1)) : NaN;
    const sg2 = acc[o.scoredGames];
    return {
      entrant: e,
      player,
      games,
      winRate: proportion(acc[o.entrantWin + e], games),
      dealSe: Math.sqrt(dealVar / deals),
      score: sg2 > 0 ? meanEstimate(sg2, acc[o.entrantScore + e], acc[o.entrantScore2 + e]) : null,
    };
  });
  // the same player in every seat: the rotations of a deal may be one game replayed, so seats get intervals over deals
  const mirror = isMirror(p.entrants);
  const seats: SeatResult[] = Array.from({ length: P }, (_, s) => {
    const w = mirror ? dealClusteredProportion(acc[o.seatWin + s], games, deals, acc[o.seatDealWin2 + s]) : proportion(acc[o.seatWin + s], games);
    return { seat: s, role: sg.roles?.[s] ?? null, games, winRate: w, advantage: w.p - 1 / units };
  });
  const byEntrantAndSeat = Array.from({ length: P }, (_, e) => Array.from({ length: P }, (_, s) => acc[o.roleWin + e * P + s] / deals));
  const rg = acc[o.runningGames];
  const name = (p.rules as { name?: unknown } | null)?.name;
  return {
    game: p.game,
    rules: typeof name === 'string' ? name : null,
    players: P,
    ...(units < P ? { teams: units } : {}),
    deals,
    games,
    entrants,
    seats,
    byEntrantAndSeat,
    length: mirror ? dealClusteredMean(games, acc[o.length], acc[o.length2], deals, acc[o.lengthDeal2]) : meanEstimate(games, acc[o.length], acc[o.length2]),
    sharedWins: mirror ? dealClusteredProportion(acc[o.shared], games, deals, acc[o.sharedDeal2]) : proportion(acc[o.shared], games),
    leadChanges: rg > 0 ? (mirror ? dealClusteredMean(rg, acc[o.leadChanges], acc[o.leadChanges2], deals, acc[o.leadChangesDeal2]) : meanEstimate(rg, acc[o.leadChanges], acc[o.leadChanges2])) : null,
    margin: rg > 0 ? (mirror ? dealClusteredMean(rg, acc[o.margin], acc[o.margin2], deals, acc[o.marginDeal2]) : meanEstimate(rg, acc[o.margin], acc[o.margin2])) : null,
  };
}

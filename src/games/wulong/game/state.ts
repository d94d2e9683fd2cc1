/**
 * The full Wulong game through the game interface (src/games/state.ts): 2–5 players, each turn's
 * rolls, the passive players' betting phase after every roll (opening bets, raises, all-in bets on
 * the current all-in card), the active player's set-aside and stop decisions, settlement, the
 * safes and the end of the game — as the game engine (engine.ts) plays it. The state is the
 * engine's own machine (it extends WulongGame) and moves money with the engine's methods, so the
 * two agree to the chip; `wulongPlayer` makes the engine's decisions (the engine itself decides
 * each bet, on a one-bettor copy of the table), so a game played through the interface draws the
 * same dice from the same seed (test/wulong-game-state.test.ts plays both).
 *
 * Chance events: each roll of the active player, with the passive players' read of it when the
 * rules give them one (betting.readAccuracy). Seats are seats: the interface does not rotate them
 * (tools that want rotation permute the players), so it matches the engine with fixed seats.
 *
 * Bettors judge a roll by the active player's turn policy, public in this model (docs/wulong.md):
 * the state keeps each seat's policy (`seatPolicies`), the optimal one unless the table is set up with
 * others (`new WulongGameState(rules, players, policies)`).
 */
import { UserError } from '../../../core/errors.js';
import type { Rng } from '../../../core/rng.js';
import { CHANCE, MAX_ACTIONS, TERMINAL, type GameState, type StateGame, type StatePlayer } from '../../state.js';
import type { WulongRules } from '../turn/rules.js';
import { nextDice } from '../turn/exact.js';
import { OPTIMAL, type PolicySpec } from '../turn/strategy.js';
import { tablesFor, type Tables } from '../turn/tables.js';
import { readOdds } from '../turn/tell.js';
import { READ_SCALE, WulongGame } from './engine.js';
import { END } from './layout.js';
import { policyTablesFor, type PolicyTables } from './policy-tables.js';
import { MAX_PLAYERS, MIN_PLAYERS, checkPlayers } from './rules.js';
import type { PlayerSpec } from './strategy.js';
import { bettorFor, bettors, parsePlayer } from '../strategies/index.js';
import { StrategyPlayer } from '../../../play/strategy-player.js';
import { turnPart } from '../turn/state.js';

/** What the game waits for. */
const PH_ROLL = 0, PH_BET = 1, PH_RAISE = 2, PH_KEEP = 3, PH_OVER = 4;

/** Opening bets: PASS (a short stack sitting out), ALL_IN + card, or BET + level·cards + card (levels: betLevels). */
export const PASS = 0, ALL_IN = 1;
/** Raises: NO_RAISE, or RAISE + level (levels: raiseLevels). */
export const NO_RAISE = 0, RAISE = 1;
/** The active player's decision after a scoring roll: set-aside choice i, then roll on (2i) or stop (2i + 1). */
export const KEEP_ROLL = 0, KEEP_STOP = 1;

/** A player of the interface that only fills a seat's table role (the engine needs a spec per slot). */
const SEAT_FILLER: PlayerSpec = { label: 'seat', passive: { name: 'min', strategy: 'min', size: 0 }, policy: OPTIMAL };

export class WulongGameState extends WulongGame implements GameState {
  readonly players: number;
  /** each seat's turn policy, public: what the bettors judge its rolls by */
  readonly seatPolicies: PolicySpec[];
  private readonly tables: Tables;
  /** global class numbering of the rolls: the first class of n dice */
  private readonly classStart: Int32Array;
  private readonly outcomes: Int32Array;
  /** scratch: the stakes or raises open to the seat asked (betLevels, raiseLevels) */
  private levels: Float64Array;
  private phase = PH_ROLL;
  private active = 0;
  /** the turn so far: total index (score / unit), dice to roll, the roll just made (global class), the read of it */
  private total = 0;
  private dice = 0;
  private roll = 0;
  private signal = 0;
  private opening = true;
  private asked = 0;
  /** the history: who acted (a seat, or CHANCE) and what; rolls as −1 − class, reads as −100000 − class */
  private logSeat: number[] = [];
  private logAction: number[] = [];
  /** each action as read when it was made */
  private logText: string[] = [];
  /** how many entries of the log belong to the betting phase in progress (hidden from the other bettors) */
  private phaseStart = 0;

  constructor(rules: WulongRules, players: number, policies?: readonly PolicySpec[]) {
    super({ rules, players: Array.from({ length: checkPlayers(players, 'players') }, () => SEAT_FILLER), fixedSeats: true }, bettorFor);
    this.players = players;
    this.seatPolicies = policies ? [...policies] : Array.from({ length: players }, () => OPTIMAL);
    if (this.seatPolicies.length !== players) throw new Error(`wulong state: ${this.seatPolicies.length} policies for ${players} seats`);
    this.tables = tablesFor(rules);
    const N = this.tables.dice;
    this.classStart = new Int32Array(N + 2);
    this.outcomes = new Int32Array(N + 1);
    for (let n = 1; n <= N; n++) {
      this.classStart[n + 1] = this.classStart[n] + this.tables.classes[n].length;
      this.outcomes[n] = this.tables.outcomes[n];
    }
    // every opening stake is a level: the cards times the levels must fit the action buffer
    const most = this.C * (Math.ceil(this.game.endFortune / this.game.chip) + 3) + this.C + 1;
    if (most > MAX_ACTIONS) {
      throw new UserError(`wulong: the game interface lists every stake, and game.endFortune / game.chip × cards gives ${most} actions (at most ${MAX_ACTIONS})`);
    }
    this.levels = new Float64Array(Math.ceil(this.game.endFortune / this.game.chip) + 4);
    this.dice = N;
    this.turns = 1;
  }

  // ---- the interface ----------------------------------------------------------------------------

  currentPlayer(): number {
    if (this.phase === PH_ROLL) return CHANCE;
    if (this.phase === PH_OVER) return TERMINAL;
    return this.phase === PH_KEEP ? this.active : this.asked;
  }

  isTerminal(): boolean {
    return this.phase === PH_OVER;
  }

  legalActions(out: Int32Array): number {
    let n = 0;
    if (this.phase === PH_BET) {
      const s = this.asked, f = this.fortune[s];
      if (this.sitsOut(s)) out[n++] = PASS;
      if (f <= this.allInLimit) for (let c = 0; c < this.C; c++) out[n++] = ALL_IN + c;
      const L = this.betLevels(s);
      for (let k = 0; k < L; k++) for (let c = 0; c < this.C; c++) out[n++] = ALL_IN + this.C + k * this.C + c;
      return n;
    }
    if (this.phase === PH_RAISE) {
      const L = this.raiseLevels(this.asked);
      out[n++] = NO_RAISE;
      for (let k = 0; k < L; k++) out[n++] = RAISE + k;
      return n;
    }
    if (this.phase !== PH_KEEP) throw new Error(`wulong state: no seat to move (${this.toString()})`);
    const choices = this.choicesOfRoll();
    for (let i = 0; i < choices.length; i++) {
      const nn = nextDice(this.tables, this.dice, choices[i].used);
      const total = (this.total + choices[i].score / this.tables.unit) * this.tables.unit;
      if (nn > 0) out[n++] = 2 * i + KEEP_ROLL;
      if (nn === 0 || total >= this.rules.minimumBank) out[n++] = 2 * i + KEEP_STOP;
    }
    return n;
  }

  applyChance(rng: Rng): void {
    if (this.phase !== PH_ROLL) throw new Error(`wulong state: no roll pending (${this.toString()})`);
    const n = this.dice;
    this.roll = this.classStart[n] + this.tables.classOfRoll[n][rng.below(this.outcomes[n])];
    this.signal = this.roll;
    // the read of the roll, drawn as the engine draws it (readRoll): nothing is drawn without a tell
    const threshold = Math.round(this.readAccuracy * READ_SCALE);
    if (threshold > 0 && rng.below(READ_SCALE) >= threshold) this.signal = this.classStart[n] + this.tables.classOfRoll[n][rng.below(this.outcomes[n])];
    this.remember(CHANCE, -1 - this.roll);
    if (this.readAccuracy > 0) this.remember(CHANCE, -100000 - this.signal);
    this.acc[this.L.offset.rolls]++;
    this.acc[this.L.offset.phases]++;
    this.phaseStart = this.logSeat.length;
    this.asked = -1;
    this.nextBettor();
  }

  applyAction(action: number): void {
    const seat = this.currentPlayer();
    this.remember(seat, action, this.actionText(action));
    if (this.phase === PH_BET) {
      if (action >= ALL_IN + this.C) {
        const x = action - ALL_IN - this.C, k = (x / this.C) | 0, c = x % this.C;
        this.betLevels(seat);
        this.placeBet(seat, c, this.levels[k], false);
      } else if (action >= ALL_IN) this.placeBet(seat, action - ALL_IN, 0, true);
      return this.nextBettor();
    }
    if (this.phase === PH_RAISE) {
      if (action >= RAISE) {
        this.raiseLevels(seat);
        this.raise(seat, this.levels[action - RAISE]);
      }
      return this.nextBettor();
    }
    if (this.phase !== PH_KEEP) throw new Error(`wulong state: no seat to move (${this.toString()})`);
    const ch = this.choicesOfRoll()[action >> 1];
    this.total += ch.score / this.tables.unit;
    this.dice = nextDice(this.tables, this.dice, ch.used);
    if ((action & 1) === KEEP_STOP || this.dice === 0) return this.endTurn$(this.total * this.tables.unit);
    this.opening = false;
    this.phase = PH_ROLL;
  }

  /** Win shares: the instant-win roller, else the largest fortune (equal largest share it, or none win: rules.game.ties). */
  returns(out: Float64Array): void {
    out.fill(0, 0, this.players);
    if (this.endReason === END.instantWin) { out[this.instantWinner] = 1; return; }
    let best = -Infinity, k = 0;
    for (let s = 0; s < this.players; s++) {
      if (this.fortune[s] > best) { best = this.fortune[s]; k = 1; } else if (this.fortune[s] === best) k++;
    }
    if (k > 1 && this.game.ties !== 'split') return;
    for (let s = 0; s < this.players; s++) if (this.fortune[s] === best) out[s] = 1 / k;
  }

  /** each seat's fortune */
  scores(out: Float64Array): void {
    for (let s = 0; s < this.players; s++) out[s] = this.fortune[s];
  }

  /** each seat's fortune so far (stakes on the table not counted until settled) */
  runningScores(out: Float64Array): void {
    this.scores(out);
  }

  /**
   * What `seat` knows: every revealed roll, fortune, bet and safe. Hidden: the roll being bet on
   * (the bettors see only their read of it, when the rules give one) and, until the betting phase
   * is over, the other bettors' choices in it.
   */
  informationKey(seat: number): string {
    const parts = [`seat ${seat}`];
    const betting = this.phase === PH_BET || this.phase === PH_RAISE;
    const hiddenFrom = betting ? this.phaseStart : this.logSeat.length;
    for (let i = 0; i < this.logSeat.length; i++) {
      const who = this.logSeat[i], a = this.logAction[i];
      if (who === CHANCE) {
        if (a <= -100000) parts.push(`read ${-100000 - a}`);
        // the roll is revealed when its betting phase is over
        else if (!(betting && i >= this.phaseStart - (this.readAccuracy > 0 ? 2 : 1))) parts.push(`roll ${-1 - a}`);
        else parts.push('roll ?');
        continue;
      }
      if (i >= hiddenFrom && who !== seat) parts.push(`${who} bets`);
      else parts.push(`${who} ${this.logText[i]}`);
    }
    return parts.join('; ');
  }

  /**
   * The same game with the roll being bet on drawn again from what the bettors know: their read of
   * it is right with probability a (betting.readAccuracy), else it says nothing — so the roll is
   * the read with probability a, else a fresh roll. Nothing else is hidden.
   */
  determinize(_seat: number, rng: Rng): WulongGameState {
    const d = this.clone();
    if (this.phase === PH_BET || this.phase === PH_RAISE) {
      const n = this.dice;
      const threshold = Math.round(this.readAccuracy * READ_SCALE);
      d.roll = threshold > 0 && rng.below(READ_SCALE) < threshold ? this.signal : this.classStart[n] + this.tables.classOfRoll[n][rng.below(this.outcomes[n])];
      d.logAction[this.phaseStart - (this.readAccuracy > 0 ? 2 : 1)] = -1 - d.roll;
    }
    return d;
  }

  clone(): WulongGameState {
    // the engine's copy: a table of its own, the compiled rules shared; then this state's own arrays
    const c = this.copy();
    c.levels = new Float64Array(this.levels.length);
    c.logSeat = this.logSeat.slice();
    c.logAction = this.logAction.slice();
    c.logText = this.logText.slice();
    return c;
  }

  /** The action of the seat to move, as a person would read it ("bet 1500 on crane", "keep 300, roll on"). */
  actionText(action: number): string {
    const seat = this.currentPlayer();
    if (this.phase === PH_KEEP) {
      const ch = this.choicesOfRoll()[action >> 1];
      return `keep ${ch ? ch.score : '?'}, ${(action & 1) === KEEP_STOP ? 'stop' : 'roll on'}`;
    }
    if (this.phase === PH_RAISE) {
      if (action === NO_RAISE) return 'no raise';
      this.raiseLevels(seat);
      return `raise ${this.levels[action - RAISE]}`;
    }
    if (this.phase !== PH_BET) return `action ${action}`;
    if (action === PASS) return 'sit out';
    const card = (c: number) => this.rules.bettingCards[c]?.id ?? `card ${c}`;
    if (action < ALL_IN + this.C) return `all-in on ${card(action - ALL_IN)}`;
    const x = action - ALL_IN - this.C;
    this.betLevels(seat);
    return `bet ${this.levels[(x / this.C) | 0]} on ${card(x % this.C)}`;
  }

  override toString(): string {
    const phase = ['roll', 'bet', 'raise', 'keep', 'over'][this.phase];
    return `turn ${this.turns} · seat ${this.active} active · ${phase} · total ${this.total * this.tables.unit}, ${this.dice} dice · fortunes ${Array.from(this.fortune).join(' ')} · safes ${Array.from(this.safes).join(' ')}`;
  }

  // ---- what the pending question is (for the players) ---------------------------------------------

  /** the seat whose turn it is */
  get activeSeat(): number {
    return this.active;
  }

  /** the turn's total index (score / unit) and the dice being rolled (or, at a keep, just rolled) */
  get turnTotal(): number {
    return this.total;
  }
  get turnDice(): number {
    return this.dice;
  }

  /** the roll just made (global class): public at a keep decision */
  get rollClass(): number {
    return this.phase === PH_KEEP ? this.roll : -1;
  }

  /** the bettors' read of the roll being bet on (global class; without a tell, meaningless and unused) */
  get readClass(): number {
    return this.signal;
  }

  /** opening bets (true) or raises */
  get openingPhase(): boolean {
    return this.opening;
  }

  /** the stake of opening level k for the asked seat (levels ascending), or −1 */
  betLevel(seat: number, k: number): number {
    return k < this.betLevels(seat) ? this.levels[k] : -1;
  }

  /** the action for an opening bet of `stake` on card `c` by the asked seat (the level holding that stake) */
  betAction(seat: number, c: number, stake: number): number {
    const L = this.betLevels(seat);
    return ALL_IN + this.C + nearest(this.levels, L, stake) * this.C + c;
  }

  /** the action for a raise of `amount` by the asked seat */
  raiseAction(seat: number, amount: number): number {
    const L = this.raiseLevels(seat);
    return RAISE + nearest(this.levels, L, amount);
  }

  /** the set-aside choices of the roll just made (the active player's options) */
  choicesOfRoll(): readonly { score: number; used: number }[] {
    const n = this.dice;
    return this.tables.classes[n][this.roll - this.classStart[n]].choices;
  }

  // ---- the steps ----------------------------------------------------------------------------------

  private remember(seat: number, action: number, text = ''): void {
    this.logSeat.push(seat);
    this.logAction.push(action);
    this.logText.push(text);
  }

  /** A short stack that may sit the turn out: below the minimum bet when the rules let him (game.shortStack). */
  private sitsOut(s: number): boolean {
    return this.game.shortStack === 'sit-out' && this.fortune[s] < this.minimumBet(this.fortune[s]);
  }

  /**
   * The opening stakes open to seat s, into this.levels: the minimum bet (all he has, if less), every
   * whole number of chips above it below his fortune, and his whole fortune. Returns how many.
   */
  private betLevels(s: number): number {
    const f = this.fortune[s], mb = this.minimumBet(f), chip = this.game.chip;
    let L = 0;
    this.levels[L++] = mb < f ? mb : f;
    for (let m = Math.floor(mb / chip) + 1; m * chip < f; m++) if (m * chip > mb) this.levels[L++] = m * chip;
    if (f > mb) this.levels[L++] = f;
    return L;
  }

  /** The raises open to seat s, into this.levels: every whole number of chips below his fortune, the minimum bet, his fortune. */
  private raiseLevels(s: number): number {
    const f = this.fortune[s], mb = this.minimumBet(f), chip = this.game.chip;
    let L = 0;
    let mbDone = !(mb > 0 && mb < f);
    for (let m = 1; m * chip < f; m++) {
      const x = m * chip;
      if (!mbDone && mb <= x) {
        if (mb < x) this.levels[L++] = mb;
        mbDone = true;
      }
      this.levels[L++] = x;
    }
    if (!mbDone) this.levels[L++] = mb;
    this.levels[L++] = f;
    return L;
  }

  /** The next passive seat with a decision in this betting phase; when none is left, the roll is revealed. */
  private nextBettor(): void {
    for (let s = this.asked + 1; s < this.players; s++) {
      if (s === this.active) continue;
      const f = this.fortune[s];
      if (f <= 0) continue;
      if (this.opening) {
        // a short stack sitting out with no all-in open has nothing to decide
        if (this.sitsOut(s) && f > this.allInLimit) continue;
        this.asked = s;
        this.phase = PH_BET;
        return;
      }
      if (this.card[s] < 0 || this.allIn[s] === 1) continue;
      this.asked = s;
      this.phase = PH_RAISE;
      return;
    }
    this.reveal();
  }

  /** The betting phase is over: the roll counts (a bust, an instant win, or the active player's choice). */
  private reveal(): void {
    const k = this.tables.classes[this.dice][this.roll - this.classStart[this.dice]];
    if (k.bust) return this.endTurn$(0);
    if (k.instantWin) {
      const score = this.total * this.tables.unit + (this.rules.instantWin?.value ?? 0);
      return this.gameGoesOn(this.instantWinWith(this.active, score));
    }
    this.phase = PH_KEEP;
  }

  /** The turn ends with `score`: pay, settle, close safes, then the next turn or the end. */
  private endTurn$(score: number): void {
    this.endTurn(this.active, score);
    this.gameGoesOn(this.checkEnd());
  }

  private gameGoesOn(end: number): void {
    if (end !== END.none) {
      this.finishGame(end);
      this.phase = PH_OVER;
      return;
    }
    this.active = this.active + 1 === this.players ? 0 : this.active + 1;
    this.turns++;
    this.total = 0;
    this.dice = this.tables.dice;
    this.opening = true;
    this.phase = PH_ROLL;
  }
}

/** Index of the level nearest `x` among the first L (they are ascending). */
function nearest(levels: Float64Array, L: number, x: number): number {
  let best = 0;
  for (let k = 1; k < L; k++) if (Math.abs(levels[k] - x) < Math.abs(levels[best] - x)) best = k;
  return best;
}

/**
 * A Wulong player (`betting[@policy]`, as `wulong game --strategies`) at a seat of the interface:
 * it rolls by its turn policy's tables and bets as the engine bets for it — the engine itself
 * decides, on a copy of the table with this bettor and the active player only.
 */
export function wulongPlayer(rules: WulongRules, spec: PlayerSpec): StatePlayer {
  const own = policyTablesFor(rules, spec.policy);
  const oracles = new Map<string, { m: WulongGame; pol: PolicyTables }>();
  const oracle = (policy: PolicySpec) => {
    const key = JSON.stringify([policy.stop, policy.choice]);
    let o = oracles.get(key);
    if (!o) {
      // seat 0 the bettor, seat 1 the active player (whose policy a lookahead bettor values)
      const m = new WulongGame({ rules, players: [spec, { ...spec, policy }], fixedSeats: true }, bettorFor);
      o = { m, pol: policyTablesFor(rules, policy) };
      oracles.set(key, o);
    }
    return o;
  };
  return new StrategyPlayer({ own, S: own.sim.dice + 1, oracle }, askWulong);
}

/** A Wulong player's tables: its own turn policy's, and the betting oracle for an active player's policy. */
interface WulongSeat {
  own: PolicyTables;
  S: number;
  oracle: (policy: PolicySpec) => { m: WulongGame; pol: PolicyTables };
}

/** How a Wulong player answers the state's question (for src/play/strategy-player.ts). */
function askWulong(p: WulongSeat, st: WulongGameState): number {
  const seat = st.currentPlayer();
  const active = st.activeSeat;
  if (seat === active) return keep(st, p.own, p.S);
  const { m, pol } = p.oracle(st.seatPolicies[active]);
  const t = st.turnTotal, n = st.turnDice;
  if (t > pol.sim.cap) return st.openingPhase ? st.betAction(seat, 0, 0) : NO_RAISE;
  m.newGame(0);
  m.fortune[0] = st.fortune[seat];
  m.fortune[1] = 0;
  m.setAllInCard(st.allInLimit, st.allInOdds);
  readOdds(pol, t, n, st.readClass, m.readAccuracy, m.odds);
  if (st.openingPhase) {
    m.initialBets(1);
    if (m.card[0] < 0) return PASS;
    if (m.allIn[0] === 1) return ALL_IN + m.card[0];
    return st.betAction(seat, m.card[0], m.stake[0]);
  }
  m.card[0] = st.card[seat];
  m.stake[0] = st.stake[seat];
  m.betOdds[0] = st.betOdds[seat];
  m.raises(1);
  const amount = m.stake[0] - st.stake[seat];
  return amount > 0 ? st.raiseAction(seat, amount) : NO_RAISE;
}

/** The active player's set-aside and stop, by its policy's tables (as the engine's playTurn). */
function keep(st: WulongGameState, own: PolicyTables, S: number): number {
  const T = own.sim, t = st.turnTotal, n = st.turnDice, g = st.rollClass;
  const choices = st.choicesOfRoll();
  const unit = T.unit;
  if (t > T.cap) {
    let best = 0;
    for (let i = 1; i < choices.length; i++) if (choices[i].score > choices[best].score) best = i;
    return 2 * best + KEEP_STOP;
  }
  const j = t * T.classTotal + g;
  const nt = T.nextTotal[j], nn = T.nextDice[j];
  let i = 0;
  const tables = tablesFor(st.rules);
  while (i < choices.length - 1 && !(t + choices[i].score / unit === nt && nextDice(tables, n, choices[i].used) === nn)) i++;
  const stop = nn === 0 || nt > T.cap || T.stop[nt * S + nn] === 1;
  return 2 * i + (stop ? KEEP_STOP : KEEP_ROLL);
}

/** The full Wulong game as the tools written once over the interface see it. */
export const stateGame: StateGame<WulongRules> = {
  id: 'wulong',
  seats: () => ({ min: MIN_PLAYERS, max: MAX_PLAYERS, default: 4 }),
  newGame: (rules, players) => new WulongGameState(rules, players),
  // a player is `betting[@policy]`: a betting strategy, and the turn policy it rolls by (default optimal)
  playerNames: bettors.names,
  player: (rules, spec) => wulongPlayer(rules, parsePlayer(spec)),
  // one turn against chance, for the exact tools (`wulong optimal --part turn`)
  subGames: { turn: turnPart },
};

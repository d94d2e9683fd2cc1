/**
 * Dracula vs Van Helsing through the one game interface (src/games/state.ts). The state wraps the
 * engine (its arrays, apply, resolve, fillView) and unrolls the engine's round loop into steps:
 * a chance step per round (the ranking shuffle at the start, a re-ranking if the rules ask, the
 * weathervane coin and the deal — the same draws in the same order as DraculaGame), a call-or-draw
 * decision when calling is allowed, and the turn action (keep × 64 + effect choice, as the
 * engine's players return it). The same deck seed and the same player stream play the same game as
 * the kernel, move for move (test/dracula-state.test.ts).
 */
import { Rng } from '../../core/rng.js';
import { UserError } from '../../core/errors.js';
import { CHANCE, TERMINAL, type GameState, type StateGame } from '../state.js';
import { STRATEGIES } from './strategies/index.js';
import { StrategyPlayer } from '../../play/strategy-player.js';
import { cardText, SUIT_LETTERS } from './cards.js';
import { DraculaGame, T_END, T_EXTRA, WIN_HEALTH } from './engine.js';
import { keepLegal, legalArgs } from './legal.js';
import type { DraculaRules } from './rules.js';
import { actionArg, actionKeep, encodeAction, type DraculaPlayer, type DraculaView } from './strategy.js';

/** The call-or-draw decision's two actions (above every turn action, keep ≤ 8 → < 576). */
export const ACTION_CALL = 1000, ACTION_DRAW = 1001;

/** What the seat to move decides. */
const PH_CHANCE = 0, PH_CALL = 1, PH_TURN = 2, PH_OVER = 3;

/** Never asked: the state drives the engine itself. */
const IDLE: DraculaPlayer = {
  callEnd: () => false,
  turn: () => 0,
};

export class DraculaState implements GameState {
  readonly players = 2;
  readonly g: DraculaGame;
  phase = PH_CHANCE;
  /** the seat to move (in PH_CALL and PH_TURN) */
  seat = 0;
  /** the turn in progress is a last turn after a call */
  last = false;
  /** WIN_ code once over */
  outcome = -1;
  private readonly args = new Int32Array(64);

  constructor(readonly rules: DraculaRules) {
    this.g = new DraculaGame(rules, [IDLE, IDLE], new Rng(1), new Rng(2));
    this.g.round = 0;
  }

  currentPlayer(): number {
    return this.phase === PH_CHANCE ? CHANCE : this.phase === PH_OVER ? TERMINAL : this.seat;
  }

  isTerminal(): boolean {
    return this.phase === PH_OVER;
  }

  /** The view of the seat to move, as the engine gives it to its players. */
  view(): DraculaView {
    this.g.fillView(this.seat, this.last, this.phase === PH_CALL);
    return this.g.views[this.seat];
  }

  legalActions(out: Int32Array): number {
    if (this.phase === PH_CALL) {
      out[0] = ACTION_CALL;
      out[1] = ACTION_DRAW;
      return 2;
    }
    if (this.phase !== PH_TURN) return 0;
    const v = this.view(), drawn = this.g.deck[this.g.deckPos], fx = this.g.fx;
    let n = 0;
    for (let keep = 0; keep <= this.g.D; keep++) {
      if (!keepLegal(v, fx, drawn, keep)) continue;
      const m = legalArgs(v, fx, drawn, keep, this.args);
      // legalArgs lists ascending arguments, and the keep is the high part of the code
      for (let i = 0; i < m; i++) out[n++] = encodeAction(keep, this.args[i]);
    }
    return n;
  }

  applyAction(action: number): void {
    const g = this.g;
    if (this.phase === PH_CALL) {
      if (action === ACTION_CALL) {
        if (g.rules.lastTurnAfterCall) this.lastTurn(1 - this.seat);
        else this.endRound();
      } else if (action === ACTION_DRAW) this.phase = PH_TURN;
      else throw new Error(`illegal action ${action}: call (${ACTION_CALL}) or draw (${ACTION_DRAW})`);
      return;
    }
    if (this.phase !== PH_TURN) throw new Error(`no action to take: ${this.toString()}`);
    const p = this.seat;
    g.fillView(p, this.last, false);
    const t = g.apply(p, g.deck[g.deckPos], action);
    if (this.last) {
      if (t === T_EXTRA && g.rules.extraTurnOnLastTurn) this.lastTurn(p);
      else this.endRound();
    } else if (t === T_END) this.endRound();
    else this.turnStart(t === T_EXTRA ? p : 1 - p);
  }

  /** The start of a turn of seat p (not a last turn): as DraculaGame.playRound. */
  private turnStart(p: number): void {
    const g = this.g;
    this.seat = p;
    this.last = false;
    if (g.deckPos >= g.N) this.endRound();
    else this.phase = g.discardCount >= g.rules.callEndMinDiscard ? PH_CALL : PH_TURN;
  }

  /** A last turn of seat q after a call: as DraculaGame.lastTurns. */
  private lastTurn(q: number): void {
    this.seat = q;
    this.last = true;
    if (this.g.deckPos >= this.g.N) this.endRound();
    else this.phase = PH_TURN;
  }

  /** Resolve the districts; the game ends, or the next round waits for its deal. */
  private endRound(): void {
    const g = this.g;
    const w = g.resolve();
    if (w >= 0 || g.round === g.rules.rounds - 1) {
      this.outcome = w >= 0 ? w : 1; // 1 = WIN_ROUNDS
      this.phase = PH_OVER;
      return;
    }
    g.round++;
    this.phase = PH_CHANCE;
  }

  /** The round's deal, with the draws of DraculaGame.playGame in its order. */
  applyChance(rng: Rng): void {
    if (this.phase !== PH_CHANCE) throw new Error(`no chance event pending: ${this.toString()}`);
    const g = this.g, saved = g.deckRng;
    g.deckRng = rng;
    if (g.round === 0) g.newGame();
    else if (g.rules.rankingEachRound) g.shuffleRanking();
    g.dealRound();
    g.deckRng = saved;
    this.turnStart(g.firstPlayer(g.round));
  }

  returns(out: Float64Array): void {
    const dracula = this.outcome === WIN_HEALTH ? 0 : 1;
    out[0] = this.phase === PH_OVER ? dracula : 0;
    out[1] = this.phase === PH_OVER ? 1 - dracula : 0;
  }

  informationKey(seat: number): string {
    const g = this.g;
    const v = g.views[seat];
    g.fillView(seat, this.last, this.phase === PH_CALL);
    const drawn = this.phase === PH_TURN && this.seat === seat ? g.deck[g.deckPos] : -1;
    return [this.phase, this.seat, this.last ? 1 : 0, v.round, v.rightToLeft, v.health, v.deckLeft, Array.from(v.vampires).join(','), Array.from(v.rankOf).join(','), Array.from(v.hand).join(','), Array.from(v.opp).join(','), Array.from(v.myKnown).join(','), Array.from(v.discard.subarray(0, v.discardCount)).join(','), v.top, drawn].join('|');
  }

  determinize(seat: number, rng: Rng): GameState {
    const c = this.clone() as DraculaState, g = c.g, D = g.D, q = 1 - seat;
    if (this.phase === PH_CHANCE || this.phase === PH_OVER) return c;
    // the cards `seat` cannot place: the opponent's unknown districts and the deck below what it saw
    const keepTop = ((g.topKnown >> seat) & 1) || (this.phase === PH_TURN && this.seat === seat) ? 1 : 0;
    const pool: number[] = [];
    for (let d = 0; d < D; d++) if (!g.known[seat * D + d]) pool.push(g.hand[q * D + d]);
    for (let i = g.deckPos + keepTop; i < g.N; i++) pool.push(g.deck[i]);
    for (let i = pool.length - 1; i > 0; i--) {
      const j = rng.below(i + 1);
      [pool[i], pool[j]] = [pool[j], pool[i]];
    }
    let k = 0;
    for (let d = 0; d < D; d++) if (!g.known[seat * D + d]) g.hand[q * D + d] = pool[k++];
    for (let i = g.deckPos + keepTop; i < g.N; i++) g.deck[i] = pool[k++];
    return c;
  }

  clone(): GameState {
    const c = new DraculaState(this.rules), a = this.g, b = c.g;
    b.deck.set(a.deck);
    b.hand.set(a.hand);
    b.known.set(a.known);
    b.discard.set(a.discard);
    b.rankOf.set(a.rankOf);
    b.suitAt.set(a.suitAt);
    b.vampires.set(a.vampires);
    b.deckPos = a.deckPos;
    b.topKnown = a.topKnown;
    b.discardCount = a.discardCount;
    b.health = a.health;
    b.round = a.round;
    b.roundTurns = a.roundTurns;
    b.rightToLeft = a.rightToLeft;
    b.firstFlip = a.firstFlip;
    c.phase = this.phase;
    c.seat = this.seat;
    c.last = this.last;
    c.outcome = this.outcome;
    return c;
  }

  actionText(action: number): string {
    if (action === ACTION_CALL) return 'call the end';
    if (action === ACTION_DRAW) return 'draw';
    const keep = actionKeep(action), arg = actionArg(action), V = this.g.V;
    const drawn = this.phase === PH_TURN ? this.g.deck[this.g.deckPos] : -1;
    const what = keep === 0 ? `discard the drawn ${drawn >= 0 ? cardText(drawn, V) : 'card'}` : `keep the drawn card in district ${keep}, discard ${cardText(this.g.hand[this.seat * this.g.D + keep - 1], V)}`;
    return `${what} (choice ${arg})`;
  }

  toString(): string {
    const g = this.g, V = g.V, D = g.D;
    const row = (p: number) => Array.from(g.hand.subarray(p * D, p * D + D), (c) => cardText(c, V)).join(' ');
    const track = Array.from(g.suitAt, (s) => SUIT_LETTERS[s]).join('<');
    const who = ['chance', 'Dracula', 'Van Helsing'];
    return `round ${g.round + 1}, ${this.phase === PH_OVER ? `over (${this.outcome === WIN_HEALTH ? 'Van Helsing' : 'Dracula'} wins)` : `${this.phase === PH_CHANCE ? who[0] : who[this.seat + 1]} to ${this.phase === PH_CALL ? 'call or draw' : 'move'}${this.last ? ' (last turn)' : ''}`}; health ${g.health}, vampires ${Array.from(g.vampires).join(',')}; Dracula ${row(0)} · Van Helsing ${row(1)}; track ${track}; ${g.discardCount} discarded, ${g.N - g.deckPos} in the deck`;
  }
}

/** How a Dracula strategy answers the state's question (for src/play/strategy-player.ts). */
export function askDracula(player: DraculaPlayer, s: DraculaState, rng: Rng): number {
  const v = s.view();
  if (s.phase === PH_CALL) return player.callEnd(v, rng) ? ACTION_CALL : ACTION_DRAW;
  return player.turn(v, s.g.deck[s.g.deckPos], rng);
}

export const stateGame: StateGame<DraculaRules> = {
  id: 'dracula',
  seats: () => ({ min: 2, max: 2, default: 2 }),
  newGame(rules, players) {
    if (players !== 2) throw new UserError(`Dracula vs Van Helsing is played by 2 (got ${players})`);
    return new DraculaState(rules);
  },
  playerNames: STRATEGIES.names,
  player: (rules, spec) => new StrategyPlayer(STRATEGIES.create(STRATEGIES.parse(spec), rules), askDracula),
  roles: ['Dracula', 'Van Helsing'],
};

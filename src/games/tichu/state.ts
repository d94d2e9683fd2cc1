/**
 * Tichu through the one game interface (src/games/state.ts): one round (deal 8, Grand Tichu, deal 6,
 * Tichu, passing, tricks, scoring), stepped by the rules engine itself (engine.ts `advance` and its
 * `answer*` methods), so the interface cannot drift from the engine: the same code plays both. A
 * round, not a whole game: a round is the unit every Tichu figure is counted in; returns are the
 * round's points of each seat's team.
 *
 * No running score (runningScores): partners always share it, so a lead between seats would never
 * change; the generic tools count the round's points (returns, scores) instead.
 *
 * Chance: the shuffle, drawn from the caller's generator exactly as the engine's kernels draw it
 * (55 draws, `rng.below(i + 1)` for i = 55 … 1).
 *
 * Decisions and their actions:
 * - Grand Tichu (after 8 cards), Tichu (whenever the engine offers it): 0 = no, 1 = call;
 * - passing: i·196 + j·14 + k, indices into the seat's hand sorted by card id, of the cards to the
 *   left opponent, the partner and the right opponent (distinct);
 * - a play in turn: the index into the engine's move list (pass first when passing is allowed);
 * - a bomb out of turn: 0 = none, 1 + i = bomb i of the engine's bomb list;
 * - the wish after the Mah Jong: 0 = none, else the rank 2 … 14;
 * - the Dragon's trick: the opponent seat it goes to.
 */
import { UserError } from '../../core/errors.js';
import { Rng } from '../../core/rng.js';
import { CHANCE, TERMINAL, type GameState, type Outcome, type StateGame } from '../state.js';
import { cardText } from './cards.js';
import { Engine, KIND_NAMES, K_PASS, Q_BOMB, Q_DRAGON, Q_GRAND, Q_PASS, Q_PLAY, Q_TICHU, Q_WISH, ROUND_OVER, type MoveBuffer } from './engine.js';
import type { TichuRules } from './rules.js';
import type { TichuStrategy } from './strategy.js';
import { STRATEGIES, createStrategy, parseStrategySpec } from './strategies/index.js';
import { StrategyPlayer } from '../../play/strategy-player.js';

export const GRAND = Q_GRAND, TICHU = Q_TICHU, PASS = Q_PASS, PLAY = Q_PLAY, BOMB = Q_BOMB, WISH = Q_WISH, DRAGON_GIFT = Q_DRAGON;
const QUESTION_NAMES = ['Grand Tichu?', 'Tichu?', 'pass 3 cards', 'play', 'bomb out of turn?', 'wish', 'give the Dragon trick'];
/** redeals in the play tried for one that asks the same question (a bomb question needs a bomb) */
const REDEAL_TRIES = 64;

/** moves an interface state's lists start with (a search makes a state an iteration: small lists, grown when a hand needs more) */
const STATE_MOVES = 64;
/** the passes of a 14-card hand as actions (i·196 + j·14 + k, distinct places), ascending */
const PASSES_OF_14 = passActions(14);

function passActions(h: number): Int32Array {
  const out: number[] = [];
  for (let i = 0; i < h; i++) for (let j = 0; j < h; j++) for (let k = 0; k < h; k++) {
    if (i !== j && i !== k && j !== k) out.push(i * 196 + j * 14 + k);
  }
  return Int32Array.from(out);
}

/** the redeal's shuffled cards (scratch: a redeal runs to its end before another starts) */
const REDEAL_POOL = new Int32Array(56);

/** the interface's engines never draw from their own generator (one shared, never advanced) */
const UNUSED_RNG = new Rng(1);

export class TichuState implements GameState {
  readonly players = 4;
  /** the round; at a decision it stands as when it asked */
  readonly engine: Engine;
  private dealt = false;
  private decisions = 0;
  /** every play as "seat: cards", once recordPlays() was called */
  private log: string[] | null = null;

  constructor(readonly rules: TichuRules) {
    // the engine's own generator is never drawn from here: chance comes from applyChance's
    this.engine = new Engine(rules, [], UNUSED_RNG, STATE_MOVES);
  }

  /** seat's cards now, by card id */
  handOf(seat: number): number[] {
    const h: number[] = [];
    for (let c = 0; c < 56; c++) if (this.engine.holds(seat, c)) h.push(c);
    return h;
  }

  /** Keep the engine's own account of the round from here: every play as "seat: cards" (playLog). */
  recordPlays(): void {
    const log: string[] = this.log = [];
    this.engine.trace = (p, cards, from, n) => { log.push(`${p}: ${Array.from(cards.subarray(from, from + n)).join(' ')}`); };
  }

  /** the plays recorded since recordPlays() (tests compare them with the engine playing alone) */
  playLog(): string[] {
    return this.log ?? [];
  }

  private get over(): boolean {
    return this.dealt && this.engine.question === ROUND_OVER;
  }

  currentPlayer(): number {
    if (!this.dealt) return CHANCE;
    if (this.over) return TERMINAL;
    return this.engine.questionSeat;
  }

  /** what is asked now: GRAND, TICHU, PASS, PLAY, BOMB, WISH or DRAGON_GIFT (−1 at chance or the end) */
  questionKind(): number {
    return this.dealt ? this.engine.question : -1;
  }

  legalActions(out: Int32Array): number {
    if (!this.dealt || this.over) throw new Error('tichu: no legal actions at chance or the end');
    const e = this.engine, seat = e.questionSeat;
    let n = 0;
    switch (e.question) {
      case GRAND: case TICHU:
        out[0] = 0; out[1] = 1;
        return 2;
      case PASS: {
        const h = e.nCards[seat];
        const all = h === 14 ? PASSES_OF_14 : passActions(h);
        out.set(all);
        return all.length;
      }
      case PLAY:
        for (let i = 0; i < e.moves.n; i++) out[i] = i;
        return e.moves.n;
      case BOMB:
        for (let i = 0; i <= e.bombs.n; i++) out[i] = i;
        return e.bombs.n + 1;
      case WISH:
        out[n++] = 0;
        for (let r = 2; r <= 14; r++) out[n++] = r;
        return n;
      case DRAGON_GIFT: {
        const a = (seat + 1) & 3, b = (seat + 3) & 3;
        out[0] = Math.min(a, b); out[1] = Math.max(a, b);
        return 2;
      }
      default:
        throw new Error(`tichu: unknown question ${e.question}`);
    }
  }

  /** the card at place i of seat's hand sorted by card id */
  private cardAt(seat: number, i: number): number {
    const e = this.engine;
    for (let c = 0; c < 56; c++) if (e.holds(seat, c) && i-- === 0) return c;
    throw new Error(`tichu: seat ${seat} holds no card at place ${i}`);
  }

  applyAction(action: number): void {
    if (!this.dealt || this.over) throw new Error('tichu: applyAction at chance or the end');
    const e = this.engine;
    switch (e.question) {
      case GRAND: e.answerGrand(action === 1); break;
      case TICHU: e.answerTichu(action === 1); break;
      case PASS: {
        const seat = e.questionSeat;
        e.answerPass(this.cardAt(seat, Math.floor(action / 196)), this.cardAt(seat, Math.floor(action / 14) % 14), this.cardAt(seat, action % 14));
        break;
      }
      case PLAY: e.answerPlay(action); break;
      case BOMB: e.answerBomb(action - 1); break;
      case WISH: e.answerWish(action); break;
      default: e.answerDragon(action);
    }
    this.decisions++;
    e.advance();
  }

  applyChance(rng: Rng): void {
    if (this.dealt) throw new Error('tichu: the only chance event is the shuffle');
    this.engine.startRound(rng);
    this.dealt = true;
    this.engine.advance();
  }

  isTerminal(): boolean {
    return this.over;
  }

  /** each seat's team's round points */
  returns(out: Float64Array): void {
    for (let p = 0; p < 4; p++) out[p] = this.engine.roundPoints[p & 1];
  }

  scores(out: Float64Array): void {
    this.returns(out);
  }

  /**
   * seat's hand, the cards it passed and got (from whom), and the public round as it stands: hand
   * sizes, calls, who took which cards, the trick on the table, the wish, who is out and who has
   * played, the question. (The order of the tricks already taken is not in it.)
   */
  informationKey(seat: number): string {
    if (!this.dealt) return 'before the deal';
    const e = this.engine;
    const own = this.handOf(seat).join('.');
    const passed = Array.from(e.passedCards.subarray(seat * 3, seat * 3 + 3)).join('.');
    // what seat received (from whom) once the cards have changed hands
    const exchanged = e.passedCards[seat * 3] >= 0 && (this.over || e.question !== PASS);
    let received = '';
    if (exchanged) for (let q = 0; q < 4; q++) if (q !== seat) received += `${e.passedCards[q * 3 + ((seat - q + 3) & 3)]}.`;
    const pub = [
      Array.from(e.nCards).join('.'), Array.from(e.calls).join('.'), Array.from(e.takenBy).join('.'),
      Array.from(e.trickCards.subarray(0, e.trickN)).join('.'),
      `${e.tKind}.${e.tTop}.${e.tLen}.${e.tPlayer}.${e.passes}.${e.wish}`,
      Array.from(e.outOrder.subarray(0, e.nOut)).join('.'), Array.from(e.hasPlayed).join(''),
      this.over ? 'over' : `${e.question}@${e.questionSeat}`,
    ];
    return `${own}|${passed}|${received}|${pub.join('|')}`;
  }

  /**
   * The hidden cards dealt anew, consistently with what `seat` knows, the round standing at the same
   * question.
   * - Before the exchange (the calls and the passes): the deck's places seat has not been dealt are
   *   dealt anew (its own 8 or 14 stay); the passes already chosen keep their places in the hands.
   * - From the exchange on: the engine's own determinization (engine.ts `determinizeInto`: hand
   *   sizes, cards played, the cards seat passed stay with their receivers), with what seat got
   *   from whom, and the question's moves made again from the new hands. A redeal that leaves the
   *   asked seat no bomb to be asked about is drawn again, up to 64 times; then a copy, which keeps
   *   the hidden cards as they are.
   */
  determinize(seat: number, rng: Rng): TichuState {
    if (!this.dealt || this.over) return this.clone();
    const e = this.engine;
    if (e.beforeExchange()) return this.redealBeforeExchange(seat, rng);
    for (let attempt = 0; attempt < REDEAL_TRIES; attempt++) {
      const d = new TichuState(this.rules), de = d.engine;
      d.dealt = true;
      d.decisions = this.decisions;
      e.determinizeInto(de, seat, rng);
      de.copyStepFrom(e);
      // the cards passed to seat are known to it
      for (let q = 0; q < 4; q++) if (q !== seat) {
        const i = q * 3 + ((seat - q + 3) & 3);
        de.passedCards[i] = e.passedCards[i];
      }
      if (de.refreshQuestion()) return d;
    }
    return this.clone();
  }

  /**
   * Before the exchange every seat holds the deck's places dealt to it so far: the places seat has
   * not seen are dealt anew, and a pass another seat already chose keeps its places in that hand.
   */
  private redealBeforeExchange(seat: number, rng: Rng): TichuState {
    const d = this.clone(), e = d.engine, deck = e.deck;
    const dealt = e.nCards[seat];
    const pool = REDEAL_POOL;
    let n = 0;
    for (let i = 0; i < 56; i++) if (!(i >= seat * 14 && i < seat * 14 + dealt)) pool[n++] = deck[i];
    for (let i = n - 1; i > 0; i--) {
      const j = rng.below(i + 1);
      const x = pool[i]; pool[i] = pool[j]; pool[j] = x;
    }
    for (let i = 0, k = 0; i < 56; i++) if (!(i >= seat * 14 && i < seat * 14 + dealt)) deck[i] = pool[k++];
    e.handsFromDeck(dealt);
    // a chosen pass keeps its places in the hand sorted by card id
    for (let q = 0; q < 4; q++) {
      if (q === seat || e.passedCards[q * 3] < 0) continue;
      for (let i = 0; i < 3; i++) e.passedCards[q * 3 + i] = d.cardAt(q, this.placeOf(q, e.passedCards[q * 3 + i]));
    }
    return d;
  }

  /** the place of card c in seat's hand sorted by card id */
  private placeOf(seat: number, c: number): number {
    let i = 0;
    for (let x = 0; x < c; x++) if (this.engine.holds(seat, x)) i++;
    return i;
  }

  clone(): TichuState {
    const c = new TichuState(this.rules);
    c.dealt = this.dealt;
    c.decisions = this.decisions;
    c.engine.copyFrom(this.engine);
    if (this.log) {
      c.recordPlays();
      c.log!.push(...this.log);
    }
    return c;
  }

  /** a move of the engine's list as a person would read it */
  private moveText(m: MoveBuffer, i: number): string {
    const k = m.kind(i);
    if (k === K_PASS) return 'pass';
    if (k === 1) return `play ${cardText(m.aux(i))}`;
    const phx = m.phx(i) ? ' with the Phoenix' : '';
    return `play ${KIND_NAMES[k]} to ${m.top(i)}${m.len(i) > 1 && k !== 2 && k !== 4 ? ` (${m.len(i)})` : ''}${phx}`;
  }

  actionText(action: number): string {
    if (!this.dealt || this.over) return `action ${action}`;
    const e = this.engine;
    switch (e.question) {
      case GRAND: return action ? 'call Grand Tichu' : 'no Grand Tichu';
      case TICHU: return action ? 'call Tichu' : 'no Tichu';
      case PASS: {
        const h = this.handOf(e.questionSeat);
        return `pass ${cardText(h[Math.floor(action / 196)])} left, ${cardText(h[Math.floor(action / 14) % 14])} partner, ${cardText(h[action % 14])} right`;
      }
      case PLAY: return action < e.moves.n ? this.moveText(e.moves, action) : `move ${action}`;
      case BOMB: return action === 0 ? 'no bomb' : action <= e.bombs.n ? `bomb: ${this.moveText(e.bombs, action - 1)}` : `bomb ${action}`;
      case WISH: return action ? `wish for rank ${action}` : 'no wish';
      case DRAGON_GIFT: return `the Dragon trick to seat ${action}`;
      default: return `action ${action}`;
    }
  }

  toString(): string {
    if (!this.dealt) return 'tichu round, before the deal';
    const e = this.engine;
    const pts = `${e.roundPoints[0]}:${e.roundPoints[1]}`;
    if (this.over) return `tichu round over after ${e.plays} plays, round points ${pts}`;
    return `tichu round decision ${this.decisions}: seat ${e.questionSeat} ${QUESTION_NAMES[e.question]}, cards ${Array.from(e.nCards).join('/')}, calls ${Array.from(e.calls).join('')}, ${e.plays} plays`;
  }
}

/** A Tichu strategy at a seat of the interface: its generator and its pass buffer, its own. */
export interface TichuSeat {
  strategy: TichuStrategy;
  own: Rng;
  passBuf: Int32Array;
}

/**
 * How a Tichu strategy answers the state's question (for src/play/strategy-player.ts), on the
 * seat's own view, as the engine left it. The strategy draws from a generator of its own that is
 * set to the caller's stream before each question and handed back after, so a player draws exactly
 * what it would draw sharing the engine's generator (as the kernels run it).
 */
export function askTichu(p: TichuSeat, s: TichuState, rng: Rng): number {
  const e = s.engine, strategy = p.strategy;
  const seat = s.currentPlayer(), v = e.views[seat];
  p.own.s.set(rng.s);
  let a: number;
  switch (s.questionKind()) {
    case GRAND: a = strategy.grandTichu(v) ? 1 : 0; break;
    case TICHU: a = strategy.tichu(v) ? 1 : 0; break;
    case PASS: {
      strategy.pass(v, p.passBuf);
      const h = s.handOf(seat);
      a = h.indexOf(p.passBuf[0]) * 196 + h.indexOf(p.passBuf[1]) * 14 + h.indexOf(p.passBuf[2]);
      break;
    }
    case PLAY: a = strategy.play(v, e.moves); break;
    case BOMB: a = strategy.bomb(v, e.bombs) + 1; break;
    case WISH: a = strategy.wish(v); break;
    case DRAGON_GIFT: a = strategy.dragonTo(v); break;
    default: throw new Error('tichu: a player asked at chance or the end');
  }
  rng.s.set(p.own.s);
  return a;
}

/** the range of a team's round points under these rules (card points, a double win, the calls) */
function pointsRange(rules: TichuRules): { min: number; max: number } {
  const p = rules.cardPoints, counts = [4, 4, 4, 1, 1];
  const values = [p.five, p.ten, p.king, p.dragon, p.phoenix];
  let plus = 0, minus = 0;
  values.forEach((v, i) => { if (v > 0) plus += v * counts[i]; else minus += v * counts[i]; });
  const call = Math.max(rules.calls.tichu, rules.calls.grandTichu);
  return { min: minus - 2 * call, max: Math.max(plus, rules.doubleWin) + call };
}

/**
 * The share of one round's calls of a kind (1 Tichu, 2 Grand Tichu) that were made — the caller went
 * out first; NaN in a round without such a call. (Averaged over rounds with a call: a round with two
 * calls counts once.)
 */
function callsMade(state: GameState, kind: number): number {
  const e = (state as TichuState).engine;
  let calls = 0, made = 0;
  for (let p = 0; p < 4; p++) {
    if (e.calls[p] !== kind) continue;
    calls++;
    if (e.nOut > 0 && e.outOrder[0] === p) made++;
  }
  return calls ? made / calls : NaN;
}

/** The share of seats that called (kind 1 Tichu, 2 Grand Tichu) in one round. */
function callRate(state: GameState, kind: number): number {
  const e = (state as TichuState).engine;
  let calls = 0;
  for (let p = 0; p < 4; p++) if (e.calls[p] === kind) calls++;
  return calls / 4;
}

export const stateGame: StateGame<TichuRules> = {
  id: 'tichu',
  seats: () => ({ min: 4, max: 4, default: 4 }),
  newGame: (rules, players) => {
    if (players !== 4) throw new UserError(`tichu: 4 players (got ${players})`);
    return new TichuState(rules);
  },
  playerNames: STRATEGIES.names,
  player: (rules, spec) => {
    const own = new Rng(1);
    return new StrategyPlayer({ strategy: createStrategy(parseStrategySpec(spec), rules, own), own, passBuf: new Int32Array(3) }, askTichu);
  },
  outcome: (rules): Outcome => ({ kind: 'points', ...pointsRange(rules) }),
  teams: [0, 1, 0, 1],
  // people make 73.4% of their Tichu calls at a call rate of 13.9% a seat (issue 22)
  findings: [
    { name: 'Tichu called', kind: 'rate', measure: (state) => callRate(state, 1) },
    { name: 'Tichu calls made', kind: 'rate', measure: (state) => callsMade(state, 1) },
    { name: 'Grand Tichu called', kind: 'rate', measure: (state) => callRate(state, 2) },
    { name: 'Grand Tichu made', kind: 'rate', measure: (state) => callsMade(state, 2) },
  ],
};

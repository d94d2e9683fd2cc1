/**
 * Tichu through the one game interface (src/games/state.ts): one round (deal 8, Grand Tichu, deal 6,
 * Tichu, passing, tricks, scoring), played by the rules engine itself (engine.ts `playRound`). A
 * round, not a whole game: every decision replays the round from its deal (below), and a round is
 * the unit every Tichu figure is counted in; returns are the round's points of each seat's team.
 *
 * The engine asks its strategies synchronously, deep inside a trick (bombs out of turn, the last
 * chance to bomb before a trick is taken, the wish, the Dragon gift); here every question becomes a
 * decision of the interface by replaying the round with the decisions made so far and stopping at
 * the first question not yet answered (as src/games/weilong/state.ts does), so the interface cannot
 * drift from the engine: the same code plays both. Cost: the replay starts at the deal only before
 * the play; in the play it resumes at the start of the current turn (the engine there is kept), and
 * a play question is answered where the engine stopped (engine.ts `choose`), so a step costs about
 * one turn of the engine and clone one turn's replay, not the round so far.
 *
 * No running score (runningScores): partners always share it, so a lead between seats would never
 * change; the generic tools count the round's points (returns, scores) instead.
 *
 * Chance: the shuffle, drawn from the caller's generator exactly as the engine draws it (55 draws,
 * `rng.below(i + 1)` for i = 55 … 1), kept as those draws so that a replay deals the same cards.
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
import { CHANCE, TERMINAL, type GameState, type Outcome, type StateGame, type StatePlayer } from '../state.js';
import { cardText } from './cards.js';
import { Engine, KIND_NAMES, K_PASS, type MoveBuffer } from './engine.js';
import type { TichuRules } from './rules.js';
import type { TichuStrategy } from './strategy.js';
import { REGISTRY, createStrategy, parseStrategySpec } from '../../../strategies/tichu/index.js';

export const GRAND = 0, TICHU = 1, PASS = 2, PLAY = 3, BOMB = 4, WISH = 5, DRAGON_GIFT = 6;
const QUESTION_NAMES = ['Grand Tichu?', 'Tichu?', 'pass 3 cards', 'play', 'bomb out of turn?', 'wish', 'give the Dragon trick'];
const DRAWS = 55;

/** Thrown out of the engine at the first question without an answer (one object: nothing to build). */
const UNANSWERED = { unanswered: true };

/** A generator that serves the round's recorded shuffle draws to the engine. */
class ShuffleTape extends Rng {
  readonly draws = new Int32Array(DRAWS);
  pos = 0;
  override below(n: number): number {
    if (this.pos >= DRAWS) throw new Error('tichu: the engine drew more than one shuffle in a round');
    const v = this.draws[this.pos++];
    if (v < 0 || v >= n) throw new Error(`tichu: shuffle draw ${v} out of range ${n}`);
    return v;
  }
}

/** The deck order the engine deals from for these shuffle draws (engine.ts `shuffle`, no fixed cards). */
function deckOf(draws: Int32Array): Int32Array {
  const d = new Int32Array(56);
  for (let i = 0; i < 56; i++) d[i] = i;
  for (let i = 55, k = 0; i > 0; i--, k++) {
    const j = draws[k];
    const x = d[i]; d[i] = d[j]; d[j] = x;
  }
  return d;
}

/** The shuffle draws that deal `deck` (the inverse of deckOf). */
function drawsOf(deck: Int32Array): Int32Array {
  const d = new Int32Array(56), at = new Int32Array(56), draws = new Int32Array(DRAWS);
  for (let i = 0; i < 56; i++) { d[i] = i; at[i] = i; }
  for (let i = 55, k = 0; i > 0; i--, k++) {
    const j = at[deck[i]];
    draws[k] = j;
    const x = d[i]; d[i] = d[j]; d[j] = x;
    at[d[i]] = i; at[d[j]] = j;
  }
  return draws;
}

const NO_CARDS: readonly number[] = [];

/** The question a replay stopped at. */
interface Question {
  kind: number;
  seat: number;
  /** PASS: the seat's hand by card id */
  hand: readonly number[];
}

/** A decision as the replay met it: who was asked what, the action, and the move it played (PLAY, BOMB). */
interface Answered {
  kind: number;
  seat: number;
  action: number;
  /** kind, top, len, phx, aux of the move played (engine.ts MoveBuffer), or null */
  move: number[] | null;
}

/**
 * An answer as the replay met it, one record of the state's answer log: kind, seat, action, then
 * kind, top, len, phx, aux of the move played (PLAY, BOMB; kind −1 when none).
 */
const ANSWER_STRIDE = 8;

/** Thrown out of the engine when a determinization's past cannot be replayed on its redeal. */
const UNREPLAYABLE = { unreplayable: true };

export class TichuState implements GameState {
  readonly players = 4;
  /** the engine the round is replayed on; at a decision it stands as when it asked */
  readonly engine: Engine;
  private readonly tape = new ShuffleTape(1);
  private dealt = false;
  private readonly decisions: number[] = [];
  private pos = 0;
  private question: Question | null = null;
  private over = false;
  /** every answer of the last replay, in order (ANSWER_STRIDE records); where the current turn began in it, and the round there */
  private answered = new Int32Array(ANSWER_STRIDE * 64);
  private answeredN = 0;
  private turnAnswered = -1;
  private readonly turnStart: Engine;
  /** where the replay's answers stood when the current turn began (a replay resumes there) */
  private turnPos = 0;
  private turnPastPos = 0;
  private turnReached = false;
  /** the hands redealt by determinize (scratch, kept for the next redeal) */
  private redealt: Engine | null = null;
  /** the question object, reused by every question of this state */
  private readonly asked: Question = { kind: 0, seat: 0, hand: [] };
  /** answers the engine's question kind of seat and logs the answer (the strategies' one way in) */
  private readonly record: (kind: number, seat: number) => number;
  /**
   * A determinization in the play: the round at the start of a turn with the hands redealt (instead
   * of the deal), the answers since then as moves (replayed on the new hands), and the question they
   * lead to; bomb offers the redeal adds on the way are declined (nobody bombed there).
   */
  private base: Engine | null = null;
  private past: Answered[] = [];
  private pastPos = 0;
  private target: { kind: number; seat: number } | null = null;
  private reached = false;

  constructor(readonly rules: TichuRules) {
    const answer = this.record = (kind: number, seat: number): number => {
      const a = this.answer(kind, seat);
      if ((this.answeredN + 1) * ANSWER_STRIDE > this.answered.length) {
        const grown = new Int32Array(this.answered.length * 2);
        grown.set(this.answered);
        this.answered = grown;
      }
      const r = this.answered, o = this.answeredN++ * ANSWER_STRIDE;
      r[o] = kind; r[o + 1] = seat; r[o + 2] = a; r[o + 3] = -1;
      if ((kind === PLAY || kind === BOMB) && (kind === PLAY || a > 0)) {
        const m = kind === PLAY ? this.engine.moves : this.engine.bombs, i = kind === PLAY ? a : a - 1;
        r[o + 3] = m.kind(i); r[o + 4] = m.top(i); r[o + 5] = m.len(i); r[o + 6] = m.phx(i); r[o + 7] = m.aux(i);
      }
      return a;
    };
    const asker = (seat: number): TichuStrategy => ({
      name: 'interface',
      grandTichu: () => answer(GRAND, seat) === 1,
      tichu: () => answer(TICHU, seat) === 1,
      pass: (_v, out) => {
        const hand = this.handOf(seat);
        const a = answer(PASS, seat);
        out[0] = hand[Math.floor(a / 196)];
        out[1] = hand[Math.floor(a / 14) % 14];
        out[2] = hand[a % 14];
      },
      play: () => answer(PLAY, seat),
      bomb: () => answer(BOMB, seat) - 1,
      wish: () => answer(WISH, seat),
      dragonTo: () => answer(DRAGON_GIFT, seat),
    });
    this.engine = new Engine(rules, [0, 1, 2, 3].map(asker), this.tape);
    this.turnStart = new Engine(rules, [], this.tape);
    this.engine.onTurn = () => {
      this.turnAnswered = this.answeredN;
      this.turnPos = this.pos;
      this.turnPastPos = this.pastPos;
      this.turnReached = this.reached;
      this.turnStart.copyFrom(this.engine);
    };
  }

  /** The answer to the engine's question: from a determinization's past, from the decisions, or none yet. */
  private answer(kind: number, seat: number): number {
    if (this.base) {
      if (this.pastPos < this.past.length) {
        const d = this.past[this.pastPos];
        if (d.kind === kind && d.seat === seat) {
          this.pastPos++;
          return d.move ? this.moveIndex(kind, d.move) : d.action;
        }
        if (kind === BOMB) return 0;
        throw UNREPLAYABLE;
      }
      if (!this.reached) {
        if (kind === this.target!.kind && seat === this.target!.seat) this.reached = true;
        else if (kind === BOMB) return 0;
        else throw UNREPLAYABLE;
      }
    }
    if (this.pos < this.decisions.length) return this.decisions[this.pos++];
    const q = this.asked;
    q.kind = kind;
    q.seat = seat;
    q.hand = kind === PASS ? this.handOf(seat) : NO_CARDS;
    this.question = q;
    throw UNANSWERED;
  }

  /** The action of this move in the engine's list now (added to it if the redeal's list lacks it). */
  private moveIndex(kind: number, mv: number[]): number {
    const m: MoveBuffer = kind === PLAY ? this.engine.moves : this.engine.bombs;
    let i = 0;
    while (i < m.n && !(m.kind(i) === mv[0] && m.top(i) === mv[1] && m.len(i) === mv[2] && m.phx(i) === mv[3] && m.aux(i) === mv[4])) i++;
    if (i === m.n) m.push(mv[0], mv[1], mv[2], mv[3], mv[4]);
    return kind === PLAY ? i : i + 1;
  }

  /** seat's cards now, by card id */
  handOf(seat: number): number[] {
    const h: number[] = [];
    for (let c = 0; c < 56; c++) if (this.engine.holds(seat, c)) h.push(c);
    return h;
  }

  /**
   * Replay the round with the decisions so far, up to the next question or the end (false: a past
   * that does not replay). `fromTurn`: resume at the start of the last turn reached (the engine as
   * it stood there, the answers consumed by then) instead of the deal — the same play, since the
   * engine draws nothing after the shuffle and the answers before the turn are unchanged; this keeps
   * a step of the play one turn of work instead of the whole round so far.
   */
  private replay(fromTurn = false): boolean {
    const resume = fromTurn && this.turnAnswered >= 0;
    if (resume) {
      this.pos = this.turnPos;
      this.pastPos = this.turnPastPos;
      this.reached = this.turnReached;
      this.answeredN = this.turnAnswered;
    } else {
      this.pos = 0;
      this.pastPos = 0;
      this.reached = false;
      this.answeredN = 0;
      this.turnAnswered = -1;
    }
    this.tape.pos = resume ? DRAWS : 0;
    this.question = null;
    this.over = false;
    try {
      if (resume) {
        this.engine.copyFrom(this.turnStart);
        this.engine.playOut();
      } else if (this.base) {
        this.engine.copyFrom(this.base);
        this.engine.playOut();
      } else this.engine.playRound();
      this.over = true;
    } catch (err) {
      if (err === UNREPLAYABLE) return false;
      if (err !== UNANSWERED) throw err;
    }
    return true;
  }

  /**
   * At a play question the engine stands where it asked (the question was thrown from its turn()
   * at the strategy's play): take the answer and play on from there, as turn() does after its
   * strategy's play, instead of replaying the turn.
   */
  private playOn(seat: number): void {
    this.question = null;
    try {
      const i = this.record(PLAY, seat), m = this.engine.moves;
      if (i < 0 || i >= m.n) throw new Error(`tichu: move ${i} of ${m.n}`);
      this.engine.choose(seat, m.kind(i), m.top(i), m.len(i), m.phx(i), m.aux(i));
      this.engine.playOut();
      this.over = true;
    } catch (err) {
      if (err !== UNANSWERED) throw err;
    }
  }

  /**
   * The engine's own account of the round so far: every play as "seat: cards" (tests compare it
   * with the engine playing alone, through its trace hook).
   */
  playLog(): string[] {
    const lines: string[] = [];
    if (!this.dealt) return lines;
    this.engine.trace = (p, cards, from, n) => { lines.push(`${p}: ${Array.from(cards.subarray(from, from + n)).join(' ')}`); };
    try {
      this.replay();
    } finally {
      this.engine.trace = null;
    }
    return lines;
  }

  currentPlayer(): number {
    if (!this.dealt) return CHANCE;
    if (this.over) return TERMINAL;
    return this.question!.seat;
  }

  /** what is asked now: GRAND, TICHU, PASS, PLAY, BOMB, WISH or DRAGON_GIFT (−1 at chance or the end) */
  questionKind(): number {
    return this.over ? -1 : (this.question?.kind ?? -1);
  }

  legalActions(out: Int32Array): number {
    const q = this.question;
    if (!q || this.over) throw new Error('tichu: no legal actions at chance or the end');
    const e = this.engine;
    let n = 0;
    switch (q.kind) {
      case GRAND: case TICHU:
        out[0] = 0; out[1] = 1;
        return 2;
      case PASS: {
        const h = q.hand.length;
        for (let i = 0; i < h; i++) for (let j = 0; j < h; j++) for (let k = 0; k < h; k++) {
          if (i !== j && i !== k && j !== k) out[n++] = i * 196 + j * 14 + k;
        }
        return n;
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
        const a = (q.seat + 1) & 3, b = (q.seat + 3) & 3;
        out[0] = Math.min(a, b); out[1] = Math.max(a, b);
        return 2;
      }
      default:
        throw new Error(`tichu: unknown question ${q.kind}`);
    }
  }

  applyAction(action: number): void {
    if (!this.question || this.over) throw new Error('tichu: applyAction at chance or the end');
    this.decisions.push(action);
    if (this.question.kind === PLAY) this.playOn(this.question.seat);
    else this.replay(true);
  }

  applyChance(rng: Rng): void {
    if (this.dealt) throw new Error('tichu: the only chance event is the shuffle');
    // as the engine shuffles (engine.ts `shuffle`): below(i + 1) for i = 55 … 1
    for (let i = 55, k = 0; i > 0; i--, k++) this.tape.draws[k] = rng.below(i + 1);
    this.dealt = true;
    this.replay();
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
    const exchanged = e.passedCards[seat * 3] >= 0 && (this.over || this.question!.kind !== PASS);
    let received = '';
    if (exchanged) for (let q = 0; q < 4; q++) if (q !== seat) received += `${e.passedCards[q * 3 + ((seat - q + 3) & 3)]}.`;
    const pub = [
      Array.from(e.nCards).join('.'), Array.from(e.calls).join('.'), Array.from(e.takenBy).join('.'),
      Array.from(e.trickCards.subarray(0, e.trickN)).join('.'),
      `${e.tKind}.${e.tTop}.${e.tLen}.${e.tPlayer}.${e.passes}.${e.wish}`,
      Array.from(e.outOrder.subarray(0, e.nOut)).join('.'), Array.from(e.hasPlayed).join(''),
      this.over ? 'over' : `${this.question!.kind}@${this.question!.seat}`,
    ];
    return `${own}|${passed}|${received}|${pub.join('|')}`;
  }

  /**
   * The hidden cards dealt anew, consistently with what `seat` knows.
   * - Before the first lead (the calls and the passes): the cards seat has not been dealt are dealt
   *   anew (its own 8 or 14 stay where they were in the deck); the decisions so far (calls; passes, as
   *   places in a hand) are kept, but for the passes to seat, rewritten to give it what it got.
   * - In the play: the hands now are redealt by the engine's own determinization (engine.ts
   *   `determinizeInto`: hand sizes, cards played, the cards seat passed stay with their receivers),
   *   the cards played since the turn began are given back to their players, and the turn is replayed
   *   on those hands to the same question. A redeal that does not replay to what seat saw (a suit
   *   the engine picks differently, a question not asked) is drawn again, up to 64 times.
   * - A redeal in the play drawn 64 times in vain: a copy, which keeps the hidden cards as they are.
   */
  determinize(seat: number, rng: Rng): TichuState {
    if (!this.dealt || this.over) return this.clone();
    const e = this.engine;
    if (!this.base && e.plays === 0 && this.turnAnswered < 0) return this.redealBeforePlay(seat, rng);
    if (this.turnAnswered >= 0) {
      const key = this.informationKey(seat);
      for (let attempt = 0; attempt < 64; attempt++) {
        const d = this.redealInPlay(seat, rng);
        if (d && d.currentPlayer() === this.currentPlayer() && d.questionKind() === this.questionKind() && d.informationKey(seat) === key) return d;
      }
    }
    return this.clone();
  }

  /**
   * Before the first lead: the deck dealt anew but for the cards seat was dealt; after the passing,
   * each other seat is dealt the card it passed to seat, and its passes are rewritten to give it
   * (the other two of its passes: two of its other cards at random).
   */
  private redealBeforePlay(seat: number, rng: Rng): TichuState {
    const d = this.clone();
    const e = this.engine;
    const exchanged = e.passedCards[9] >= 0;
    const seen = exchanged ? 14 : e.nCards[seat];
    const deck = deckOf(this.tape.draws);
    const keep = new Uint8Array(56), given = new Int32Array(4).fill(-1), givenAt = new Int32Array(4).fill(-1);
    for (let k = 0; k < seen; k++) keep[seat * 14 + k] = 1;
    const known = new Uint8Array(56);
    if (exchanged) {
      for (let q = 0; q < 4; q++) {
        if (q === seat) continue;
        given[q] = e.passedCards[q * 3 + ((seat - q + 3) & 3)];
        givenAt[q] = q * 14 + rng.below(14);
        keep[givenAt[q]] = 1;
        known[given[q]] = 1;
      }
    }
    const pool: number[] = [];
    for (let i = 0; i < 56; i++) if (!(i >= seat * 14 && i < seat * 14 + seen) && !known[deck[i]]) pool.push(deck[i]);
    for (let i = pool.length - 1; i > 0; i--) {
      const j = rng.below(i + 1);
      const x = pool[i]; pool[i] = pool[j]; pool[j] = x;
    }
    for (let q = 0; q < 4; q++) if (givenAt[q] >= 0) deck[givenAt[q]] = given[q];
    for (let i = 0, k = 0; i < 56; i++) if (!keep[i]) deck[i] = pool[k++];
    d.tape.draws.set(drawsOf(deck));
    if (exchanged) {
      // each other seat's pass: the card seat got from it where seat got it, two others at random
      for (let k = 0; k < this.answeredN; k++) {
        const q = this.answered[k * ANSWER_STRIDE + 1];
        if (this.answered[k * ANSWER_STRIDE] !== PASS || q === seat) continue;
        const hand = Array.from(deck.subarray(q * 14, q * 14 + 14)).sort((x, y) => x - y);
        const to = (seat - q + 3) & 3, slots = [-1, -1, -1];
        slots[to] = hand.indexOf(given[q]);
        for (let i = 0; i < 3; i++) {
          while (slots[i] < 0) {
            const c = rng.below(14);
            if (!slots.includes(c)) slots[i] = c;
          }
        }
        d.decisions[k] = slots[0] * 196 + slots[1] * 14 + slots[2];
      }
    }
    d.replay();
    return d;
  }

  /** One redeal in the play (see determinize); null when its past does not replay. */
  private redealInPlay(seat: number, rng: Rng): TichuState | null {
    const e = this.engine, t = this.turnStart;
    const now = this.redealt ??= new Engine(this.rules, [], this.tape);
    e.determinizeInto(now, seat, rng);
    const hands: number[][] = [[], [], [], []];
    for (let q = 0; q < 4; q++) for (let c = 0; c < 56; c++) if (now.holds(q, c) || (t.holds(q, c) && e.played[c])) hands[q].push(c);
    const base = new Engine(this.rules, [], this.tape);
    base.copyFrom(t);
    base.replaceHands(hands);
    // what seat cannot know: the passes between the others, the hidden statistics
    for (let q = 0; q < 4; q++) for (let i = 0; i < 3; i++) if (q !== seat && ((q + 1 + i) & 3) !== seat) base.passedCards[q * 3 + i] = -1;
    base.bombAfterPass.fill(0);
    const d = new TichuState(this.rules);
    d.dealt = true;
    d.base = base;
    d.past = [];
    for (let k = this.turnAnswered; k < this.answeredN; k++) {
      const r = this.answered, o = k * ANSWER_STRIDE;
      if (r[o] === BOMB && r[o + 2] === 0) continue;
      const move = r[o + 3] >= 0 ? [r[o + 3], r[o + 4], r[o + 5], r[o + 6], r[o + 7]] : null;
      d.past.push({ kind: r[o], seat: r[o + 1], action: r[o + 2], move });
    }
    d.target = { kind: this.question!.kind, seat: this.question!.seat };
    return d.replay() ? d : null;
  }

  clone(): TichuState {
    const c = new TichuState(this.rules);
    c.tape.draws.set(this.tape.draws);
    c.dealt = this.dealt;
    c.decisions.push(...this.decisions);
    if (this.base) {
      // shared: a replay only copies from it
      c.base = this.base;
      c.past = this.past;
      c.target = this.target;
    }
    if (this.turnAnswered >= 0) {
      // resume where this state's last turn began: the answers before it and the round there
      if (c.answered.length < this.answered.length) c.answered = new Int32Array(this.answered.length);
      c.answered.set(this.answered.subarray(0, this.turnAnswered * ANSWER_STRIDE));
      c.turnAnswered = this.turnAnswered;
      c.turnPos = this.turnPos;
      c.turnPastPos = this.turnPastPos;
      c.turnReached = this.turnReached;
      c.turnStart.copyFrom(this.turnStart);
    }
    if (this.dealt) c.replay(true);
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
    const q = this.question;
    if (!q || this.over) return `action ${action}`;
    switch (q.kind) {
      case GRAND: return action ? 'call Grand Tichu' : 'no Grand Tichu';
      case TICHU: return action ? 'call Tichu' : 'no Tichu';
      case PASS: {
        const h = q.hand;
        return `pass ${cardText(h[Math.floor(action / 196)])} left, ${cardText(h[Math.floor(action / 14) % 14])} partner, ${cardText(h[action % 14])} right`;
      }
      case PLAY: return action < this.engine.moves.n ? this.moveText(this.engine.moves, action) : `move ${action}`;
      case BOMB: return action === 0 ? 'no bomb' : action <= this.engine.bombs.n ? `bomb: ${this.moveText(this.engine.bombs, action - 1)}` : `bomb ${action}`;
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
    const q = this.question!;
    return `tichu round decision ${this.decisions.length}: seat ${q.seat} ${QUESTION_NAMES[q.kind]}, cards ${Array.from(e.nCards).join('/')}, calls ${Array.from(e.calls).join('')}, ${e.plays} plays`;
  }
}

/**
 * A strategy of strategies/tichu playing through the interface: asked the engine's question on the
 * seat's own view, as the engine left it. The strategy draws from a generator of its own that is
 * set to the caller's stream before each question and handed back after, so a player draws exactly
 * what it would draw sharing the engine's generator (as the kernels run it).
 */
export class TichuStrategyPlayer implements StatePlayer {
  private readonly passBuf = new Int32Array(3);
  constructor(readonly strategy: TichuStrategy, private readonly own: Rng) {}

  act(state: GameState, rng: Rng): number {
    const s = state as TichuState, e = s.engine;
    const seat = s.currentPlayer(), v = e.views[seat];
    this.own.s.set(rng.s);
    let a: number;
    switch (s.questionKind()) {
      case GRAND: a = this.strategy.grandTichu(v) ? 1 : 0; break;
      case TICHU: a = this.strategy.tichu(v) ? 1 : 0; break;
      case PASS: {
        this.strategy.pass(v, this.passBuf);
        const h = s.handOf(seat);
        a = h.indexOf(this.passBuf[0]) * 196 + h.indexOf(this.passBuf[1]) * 14 + h.indexOf(this.passBuf[2]);
        break;
      }
      case PLAY: a = this.strategy.play(v, e.moves); break;
      case BOMB: a = this.strategy.bomb(v, e.bombs) + 1; break;
      case WISH: a = this.strategy.wish(v); break;
      case DRAGON_GIFT: a = this.strategy.dragonTo(v); break;
      default: throw new Error('tichu: a player asked at chance or the end');
    }
    rng.s.set(this.own.s);
    return a;
  }
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
  playerNames: REGISTRY.names,
  player: (rules, spec) => {
    const own = new Rng(1);
    return new TichuStrategyPlayer(createStrategy(parseStrategySpec(spec), rules, own), own);
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

import { Rng } from '../../core/rng.js';
import { cardPointTable, DOG, DRAGON, MAHJONG, PHOENIX } from './cards.js';
import { handStrengthQuarters } from './hand.js';
import type { TichuRules } from './rules.js';
import type { DeterminizeTarget, MoveList, TichuStrategy, TichuView } from './strategy.js';

/**
 * The Tichu engine: one round (deal 8, Grand Tichu, deal 6, Tichu, passing, tricks, scoring) as a
 * state machine that stops at each question (`advance`, `answer*`), and whole games to the target.
 * All state lives in typed arrays sized once; the play loop allocates nothing (move lists and views
 * are preallocated, strategies are called with indices).
 *
 * Combinations are (kind, top, len, phx, aux):
 * - single: top = 2 × value (Mah Jong 2, rank r → 2r, Dragon 32, Phoenix = top it beats + 1, led 3),
 *   aux = card id;
 * - pair / triple: top = rank, len = 2 / 3, phx = 1 if the Phoenix stands in;
 * - run of pairs: top = highest rank, len = number of pairs, phx = rank the Phoenix completes (0 none);
 * - full house: top = triple rank, aux = pair rank, len = 5, phx = rank the Phoenix completes;
 * - straight: top = highest rank (the Mah Jong is rank 1), len = cards, phx = rank the Phoenix fills;
 * - bombs: four of a kind (top = rank), straight flush (top, len, aux = suit).
 */
export const K_PASS = 0, K_SINGLE = 1, K_PAIR = 2, K_PAIRRUN = 3, K_TRIPLE = 4, K_FULL = 5, K_STRAIGHT = 6, K_DOG = 7, K_BOMB4 = 8, K_BOMBSF = 9;
export const KIND_NAMES = ['pass', 'single', 'pair', 'pair-run', 'triple', 'full-house', 'straight', 'dog', 'four-of-a-kind', 'straight-flush'];
const STRIDE = 5;
const MAX_MOVES = 1024;
export const DRAGON_TOP = 32;

/** The questions the round stops at (`advance`), answered by a seated strategy or the game interface. */
export const Q_GRAND = 0, Q_TICHU = 1, Q_PASS = 2, Q_PLAY = 3, Q_BOMB = 4, Q_WISH = 5, Q_DRAGON = 6;
/** what `advance` returns once the round is over */
export const ROUND_OVER = -1;
// the phases of a round, in order (where `advance` goes on from); beforeExchange() reads the order
const PH_DEAL8 = 0, PH_GRAND = 1, PH_DEAL6 = 2, PH_TICHU_DEALT = 3, PH_PASS = 4, PH_PASSED = 5, PH_TICHU_PASSED = 6,
  PH_LEAD = 7, PH_TURN = 8, PH_TURN_CALLS = 9, PH_MOVES = 10, PH_PLAYED = 11, PH_INTERRUPTS = 12, PH_LAST_CHANCE = 13,
  PH_END_TRICK = 14, PH_FINISH = 15, PH_OVER = 16;

export class MoveBuffer implements MoveList {
  /** (kind, top, len, phx, aux) per move; a list made small grows as moves are pushed (the kernels' never does) */
  d: Int32Array;
  /** `storage`: where the first `capacity` moves live (a part of a larger buffer), else a list of its own */
  constructor(capacity = MAX_MOVES, storage?: Int32Array) {
    this.d = storage ?? new Int32Array(capacity * STRIDE);
  }
  n = 0;
  kind(i: number): number { return this.d[i * STRIDE]; }
  top(i: number): number { return this.d[i * STRIDE + 1]; }
  len(i: number): number { return this.d[i * STRIDE + 2]; }
  phx(i: number): number { return this.d[i * STRIDE + 3]; }
  aux(i: number): number { return this.d[i * STRIDE + 4]; }
  push(kind: number, top: number, len: number, phx: number, aux: number): void {
    const o = this.n++ * STRIDE;
    if (o + STRIDE > this.d.length) this.grow(o + STRIDE);
    const d = this.d;
    d[o] = kind; d[o + 1] = top; d[o + 2] = len; d[o + 3] = phx; d[o + 4] = aux;
  }
  private grow(size: number): void {
    const d = new Int32Array(Math.max(size, 2 * this.d.length));
    d.set(this.d);
    this.d = d;
  }
  /** the whole list of `src` */
  copyAll(src: MoveBuffer): void {
    this.n = src.n;
    if (src.n * STRIDE > this.d.length) this.grow(src.n * STRIDE);
    this.d.set(src.d.subarray(0, src.n * STRIDE));
  }
  copyFrom(src: MoveBuffer, i: number): void {
    const o = this.n++ * STRIDE, s = i * STRIDE;
    if (o + STRIDE > this.d.length) this.grow(o + STRIDE);
    for (let k = 0; k < STRIDE; k++) this.d[o + k] = src.d[s + k];
  }
  /** number of cards the move plays */
  cards(i: number): number {
    const k = this.kind(i);
    if (k === K_PASS) return 0;
    if (k === K_SINGLE || k === K_DOG) return 1;
    if (k === K_PAIR || k === K_TRIPLE) return this.len(i);
    if (k === K_PAIRRUN) return 2 * this.len(i);
    if (k === K_FULL) return 5;
    if (k === K_BOMB4) return 4;
    return this.len(i);
  }
  isBomb(i: number): boolean { return this.kind(i) >= K_BOMB4; }
}

function bombPower(kind: number, top: number, len: number): number {
  return kind === K_BOMB4 ? 100 + top : kind === K_BOMBSF ? 200 + len * 16 + top : 0;
}

/** Does the combination contain a real (non-Phoenix) card of rank w? */
export function containsRank(kind: number, top: number, len: number, phx: number, aux: number, w: number): boolean {
  switch (kind) {
    case K_SINGLE: return aux < 52 && (aux >> 2) + 2 === w;
    case K_PAIR: case K_TRIPLE: case K_BOMB4: return top === w;
    case K_FULL: return top === w || aux === w;
    case K_PAIRRUN: return w <= top && w > top - len;
    case K_STRAIGHT: return w <= top && w > top - len && phx !== w;
    case K_BOMBSF: return w <= top && w > top - len;
    default: return false;
  }
}

export class Engine implements DeterminizeTarget {
  readonly isEngine = true as const;
  readonly rules: TichuRules;
  readonly rng: Rng;
  readonly points: Int8Array;
  strategies: TichuStrategy[];
  readonly views: SeatView[];

  // hands
  readonly hold: Uint8Array;
  readonly cnt = new Uint8Array(4 * 16);
  readonly smask = new Uint8Array(4 * 16);
  /**
   * The same hands by suit: [p * 4 + s] bit r = seat p holds rank r of suit s; and [p] the ranks
   * seat p holds in all four suits. Bombs are rare, and these answer "any bomb?" in a few operations
   * where a scan of the hand takes ~65 steps (asked for several seats after every play and trick)
   */
  readonly suitRanks = new Uint16Array(4 * 4);
  readonly quads = new Uint8Array(4);
  readonly nCards = new Int32Array(4);
  // public
  readonly played = new Uint8Array(56);
  readonly takenBy = new Int8Array(56);
  readonly trickCards: Int32Array;
  trickN = 0;
  readonly trickPoints = new Int32Array(4);
  readonly calls = new Int8Array(4);
  readonly outOrder = new Int32Array(4);
  nOut = 0;
  readonly isOut = new Uint8Array(4);
  readonly hasPlayed = new Uint8Array(4);
  readonly passedCards = new Int32Array(12);
  tKind = 0; tTop = 0; tLen = 0; tPlayer = -1; passes = 0; cur = 0;
  wish = 0;
  roundOver = false;
  doubleWin = false;
  readonly roundPoints = new Int32Array(2);
  readonly scores = new Int32Array(2);
  // statistics of the last round
  readonly bombAfterPass = new Uint8Array(4);
  /** seat p held a bomb in its first 8 / its dealt 14 cards (before passing) */
  readonly bombFirst8 = new Uint8Array(4);
  readonly bombFirst14 = new Uint8Array(4);
  bombsPlayed = 0;
  /** hand strength (hand.ts, quarter points) of each seat's first 8 and dealt 14 cards (before passing) */
  readonly strength8 = new Int32Array(4);
  readonly strength14 = new Int32Array(4);
  tricks = 0;
  plays = 0;
  // scratch
  readonly deck: Int32Array;
  readonly moves: MoveBuffer;
  readonly bombs: MoveBuffer;
  readonly passBuf = new Int32Array(3);
  readonly grandBuf = new Int8Array(4);
  readonly sfKeep = new Uint8Array(16);
  /** deal control for `grand`/`call`: seat 0 gets these cards first; forced call decisions (−1 = ask the strategy) */
  readonly fixed = new Int32Array(14);
  fixedN = 0;
  readonly forceGrand = new Int8Array(4).fill(-1);
  readonly forceTichu = new Int8Array(4).fill(-1);
  /**
   * 1: seat p's own view reports no call of its own (`tichu grand`/`call`: the caller plays exactly
   * as it would without the call; the call changes only the score and what the others see)
   */
  readonly hideOwnCall = new Uint8Array(4);
  /** test hook: every play (seat, cards, n, kind, top, len); null in production */
  trace: ((p: number, cards: Int32Array, from: number, n: number, kind: number, top: number, len: number) => void) | null = null;

  /** `moveCapacity`: moves the lists hold before they grow (the kernels' never grow: nothing allocated in play) */
  constructor(rules: TichuRules, strategies: TichuStrategy[], rng: Rng, moveCapacity = MAX_MOVES) {
    // the arrays too large to live in the heap's objects share one buffer: an engine is made per
    // determinization in a search, and each separate buffer is a costly allocation of its own
    const moveInts = moveCapacity * STRIDE, slab = new ArrayBuffer(4 * (56 + 56 + 2 * moveInts) + 4 * 56);
    this.trickCards = new Int32Array(slab, 0, 56);
    this.deck = new Int32Array(slab, 4 * 56, 56);
    this.moves = new MoveBuffer(moveCapacity, new Int32Array(slab, 4 * 112, moveInts));
    this.bombs = new MoveBuffer(moveCapacity, new Int32Array(slab, 4 * (112 + moveInts), moveInts));
    this.hold = new Uint8Array(slab, 4 * (112 + 2 * moveInts), 4 * 56);
    this.rules = rules;
    this.rng = rng;
    this.points = cardPointTable(rules.cardPoints);
    this.strategies = strategies;
    this.views = [0, 1, 2, 3].map((s) => new SeatView(this, s));
  }

  // ---------- hands ----------
  private give(p: number, c: number): void {
    this.hold[p * 56 + c] = 1;
    this.nCards[p]++;
    if (c < 52) {
      const r = (c >> 2) + 2;
      this.cnt[p * 16 + r]++;
      this.smask[p * 16 + r] |= 1 << (c & 3);
      this.suitRanks[p * 4 + (c & 3)] |= 1 << r;
      if (this.smask[p * 16 + r] === 15) this.quads[p]++;
    }
  }
  private take(p: number, c: number): void {
    if (!this.hold[p * 56 + c]) throw new Error(`seat ${p} does not hold card ${c}`);
    this.hold[p * 56 + c] = 0;
    this.nCards[p]--;
    if (c < 52) {
      const r = (c >> 2) + 2;
      if (this.smask[p * 16 + r] === 15) this.quads[p]--;
      this.cnt[p * 16 + r]--;
      this.smask[p * 16 + r] &= ~(1 << (c & 3));
      this.suitRanks[p * 4 + (c & 3)] &= ~(1 << r);
    }
  }
  holds(p: number, c: number): boolean { return this.hold[p * 56 + c] === 1; }
  /** does seat p hold a bomb now */
  hasBomb(p: number): boolean {
    return this.quads[p] > 0 || this.flushSuits(p) !== 0;
  }

  /** The suits (bit s) in which seat p holds a straight flush: a run of at least minStraightFlush ranks. */
  private flushSuits(p: number): number {
    const L = this.rules.minStraightFlush;
    let out = 0;
    for (let s = 0; s < 4; s++) {
      const m = this.suitRanks[p * 4 + s];
      // bit r of x: ranks r .. r + L − 1 all held
      let x = m;
      for (let i = 1; i < L && x !== 0; i++) x &= m >> i;
      if (x !== 0) out |= 1 << s;
    }
    return out;
  }

  /** hand strength of seat p in quarter points (hand.ts handStrengthQuarters) */
  seatStrength(p: number): number {
    return handStrengthQuarters(this.cnt, p * 16, this.holds(p, DRAGON), this.holds(p, PHOENIX), this.hasBomb(p));
  }

  // ---------- round ----------
  private resetRound(): void {
    this.hold.fill(0); this.cnt.fill(0); this.smask.fill(0); this.suitRanks.fill(0); this.quads.fill(0); this.nCards.fill(0);
    this.played.fill(0); this.takenBy.fill(-1); this.trickN = 0; this.trickPoints.fill(0);
    this.calls.fill(0); this.passedCards.fill(-1); this.nOut = 0; this.isOut.fill(0); this.hasPlayed.fill(0);
    this.tKind = K_PASS; this.tTop = 0; this.tLen = 0; this.tPlayer = -1; this.passes = 0;
    this.wish = 0; this.roundOver = false; this.doubleWin = false; this.roundPoints.fill(0);
    this.bombAfterPass.fill(0); this.bombsPlayed = 0; this.tricks = 0; this.plays = 0;
    this.asking = false; this.question = ROUND_OVER; this.turns = 0;
  }

  /**
   * A constructed position (worked examples, tests): a fresh round with these hands, no calls,
   * no passing; seat `lead` to lead. Not used by the play loop.
   */
  setPosition(hands: readonly (readonly number[])[], lead: number): void {
    this.resetRound();
    for (let p = 0; p < 4; p++) for (const c of hands[p]) this.give(p, c);
    this.cur = lead;
    this.phase = PH_TURN;
  }

  /** Copy the whole round, the step it is at and the scores of `src` (same rules); strategies and scratch stay. */
  copyFrom(src: Engine): void {
    this.hold.set(src.hold); this.cnt.set(src.cnt); this.smask.set(src.smask); this.suitRanks.set(src.suitRanks); this.quads.set(src.quads); this.nCards.set(src.nCards);
    this.played.set(src.played); this.takenBy.set(src.takenBy); this.trickCards.set(src.trickCards); this.trickN = src.trickN;
    this.trickPoints.set(src.trickPoints); this.calls.set(src.calls); this.outOrder.set(src.outOrder); this.nOut = src.nOut;
    this.isOut.set(src.isOut); this.hasPlayed.set(src.hasPlayed); this.passedCards.set(src.passedCards);
    this.tKind = src.tKind; this.tTop = src.tTop; this.tLen = src.tLen; this.tPlayer = src.tPlayer; this.passes = src.passes; this.cur = src.cur;
    this.wish = src.wish; this.roundOver = src.roundOver; this.doubleWin = src.doubleWin; this.roundPoints.set(src.roundPoints);
    this.scores.set(src.scores); this.bombAfterPass.set(src.bombAfterPass); this.bombsPlayed = src.bombsPlayed;
    this.strength8.set(src.strength8); this.strength14.set(src.strength14); this.tricks = src.tricks; this.plays = src.plays;
    this.bombFirst8.set(src.bombFirst8); this.bombFirst14.set(src.bombFirst14); this.hideOwnCall.set(src.hideOwnCall);
    this.deck.set(src.deck); this.grandBuf.set(src.grandBuf);
    this.copyStepFrom(src);
    this.moves.copyAll(src.moves); this.bombs.copyAll(src.bombs);
  }

  /** Every seat's hand made again from its places in the deck, the first `dealt` of its 14 (a redeal before the exchange). */
  handsFromDeck(dealt: number): void {
    this.hold.fill(0); this.cnt.fill(0); this.smask.fill(0); this.suitRanks.fill(0); this.quads.fill(0); this.nCards.fill(0);
    for (let p = 0; p < 4; p++) for (let i = p * 14; i < p * 14 + dealt; i++) this.give(p, this.deck[i]);
  }

  /** The round's one chance event: shuffle with `rng`; the fixed cards (if any) go to seat 0 first. */
  private shuffle(rng: Rng): void {
    const d = this.deck;
    for (let i = 0; i < 56; i++) d[i] = i;
    // move the fixed cards to the front, in order
    for (let i = 0; i < this.fixedN; i++) {
      const c = this.fixed[i];
      let j = i;
      while (d[j] !== c) j++;
      d[j] = d[i]; d[i] = c;
    }
    for (let i = 55; i > this.fixedN; i--) {
      const j = this.fixedN + rng.below(i - this.fixedN + 1);
      const x = d[i]; d[i] = d[j]; d[j] = x;
    }
  }

  // ---------- the round as a state machine ----------
  //
  // The engine stops at every question a player answers (Q_*): `advance` runs the rules up to the
  // next question (or the round's end), an `answer*` method applies the answer and leaves the engine
  // ready to advance again. The kernels' loop (playOut) asks the seated strategies; the game
  // interface (state.ts) answers with its actions: the same steps either way. The phases, in order:
  // the deal of 8, the Grand Tichu calls, the deal of 6, the Tichu offers, the passing and the
  // exchange, the offers after it, the lead; then the turns of the tricks (the offers before a
  // play, the play, the wish, going out, the bombs out of turn, the last chance to bomb, the trick
  // taken and the Dragon's gift); then the scoring. Every step lives in numeric fields, so stepping
  // allocates nothing, and a copy of the fields is a copy of the round where it stands.

  /** the question waiting for an answer (Q_*), or ROUND_OVER once the round has ended */
  question = ROUND_OVER;
  /** the seat that answers the waiting question */
  questionSeat = 0;
  private asking = false;
  private phase = PH_OVER;
  /** a round of offers or of passes: the seat offset reached, where it ends, the first seat */
  private step = 0;
  private stepEnd = 0;
  private stepBase = 0;
  /** the bombs out of turn after a play: who played last, the seat asked, seats asked since */
  private bombLast = 0;
  private bombSeat = 0;
  private bombAsked = 0;
  private turns = 0;

  /** Copy only where `src` stands in its round: its phase, its question and the loops in progress. */
  copyStepFrom(src: Engine): void {
    this.question = src.question; this.questionSeat = src.questionSeat; this.asking = src.asking; this.phase = src.phase;
    this.step = src.step; this.stepEnd = src.stepEnd; this.stepBase = src.stepBase;
    this.bombLast = src.bombLast; this.bombSeat = src.bombSeat; this.bombAsked = src.bombAsked; this.turns = src.turns;
  }

  /** true until the cards have changed hands (the deals, the calls, the passing): hands are still the deck's places */
  beforeExchange(): boolean {
    return this.phase <= PH_PASS;
  }

  /**
   * The waiting question's list made again from the hands now (after a redeal): the moves of a play,
   * the bombs of a bomb question. False when the asked seat has no bomb left to be asked about.
   */
  refreshQuestion(): boolean {
    if (!this.asking) return true;
    if (this.question === Q_PLAY) {
      const leading = this.tKind === K_PASS;
      this.genMoves(this.cur, leading, this.moves);
      this.applyWish(this.cur, leading, this.moves);
    } else if (this.question === Q_BOMB) {
      this.genBombs(this.questionSeat, this.bombs);
      return this.bombs.n > 0;
    }
    return true;
  }

  private ask(q: number, seat: number): void {
    this.question = q;
    this.questionSeat = seat;
    this.asking = true;
  }

  private answerer(p: number): string {
    const s = this.strategies[p];
    return s === undefined ? `seat ${p}` : `strategy ${s.name}`;
  }

  /** A new round: shuffled with `rng` (the only chance in it); the engine then advances to its first question. */
  startRound(rng: Rng): void {
    this.resetRound();
    this.shuffle(rng);
    this.phase = PH_DEAL8;
  }

  /** One whole round with the seated strategies, from the engine's own generator. */
  playRound(): void {
    this.startRound(this.rng);
    this.playOut();
  }

  /** Continue the round to its end, the seated strategies answering every question. */
  playOut(): void {
    for (let q = this.advance(); q !== ROUND_OVER; q = this.advance()) {
      // the play in turn, most questions, asked directly
      if (q === Q_PLAY) {
        const p = this.questionSeat;
        this.answerPlay(this.strategies[p].play(this.views[p], this.moves));
      } else this.askStrategy(q);
    }
  }

  /** One turn, the seated strategies answering: the offers before it, the play and what follows, up to the next turn. */
  playTurn(): void {
    for (let q = this.advance(); q !== ROUND_OVER; q = this.advance()) {
      this.askStrategy(q);
      if (q === Q_PLAY) break;
    }
    this.playToNextTurn();
  }

  /** Continue, the seated strategies answering, up to the next play in turn (or the end). */
  private playToNextTurn(): void {
    for (let q = this.advance(); q !== ROUND_OVER && q !== Q_PLAY; q = this.advance()) this.askStrategy(q);
  }

  /** The seated strategy of the question's seat answers it. */
  askStrategy(q: number): void {
    const p = this.questionSeat, s = this.strategies[p], v = this.views[p];
    switch (q) {
      case Q_GRAND: this.answerGrand(s.grandTichu(v)); break;
      case Q_TICHU: this.answerTichu(s.tichu(v)); break;
      case Q_PASS:
        s.pass(v, this.passBuf);
        this.answerPass(this.passBuf[0], this.passBuf[1], this.passBuf[2]);
        break;
      case Q_PLAY: this.answerPlay(s.play(v, this.moves)); break;
      case Q_BOMB: this.answerBomb(s.bomb(v, this.bombs)); break;
      case Q_WISH: this.answerWish(s.wish(v)); break;
      default: this.answerDragon(s.dragonTo(v));
    }
  }

  /**
   * Run the rules to the next question and return it (Q_*), or ROUND_OVER. At a question the seat's
   * view is as the seat asked sees it, and a play's (a bomb's) choices are in `moves` (`bombs`).
   */
  advance(): number {
    // each phase is a method of its own: the switch stays small, and each step keeps V8's inlining
    // budget for what it calls (the move generator, the hands)
    for (;;) {
      if (this.asking) return this.question;
      switch (this.phase) {
        case PH_DEAL8: this.dealFirst8(); break;
        case PH_GRAND: this.grandCalls(); break;
        case PH_DEAL6: this.dealLast6(); break;
        case PH_TICHU_DEALT: if (!this.offerNext()) { this.step = 0; this.phase = this.rules.passing ? PH_PASS : PH_PASSED; } break;
        case PH_PASS: this.passing(); break;
        case PH_PASSED: this.afterPassing(); break;
        case PH_TICHU_PASSED: if (!this.offerNext()) this.phase = PH_LEAD; break;
        case PH_LEAD: this.lead(); break;
        case PH_TURN: this.beginTurn(); break;
        case PH_TURN_CALLS: if (!this.offerNext()) this.phase = PH_MOVES; break;
        case PH_MOVES: this.askPlay(); break;
        case PH_PLAYED: this.afterPlay(); break;
        case PH_INTERRUPTS: this.nextInterrupt(); break;
        case PH_LAST_CHANCE: this.nextLastChance(); break;
        case PH_END_TRICK: this.endTrick(); break;
        case PH_FINISH: this.finish(); break;
        default:
          this.question = ROUND_OVER;
          return ROUND_OVER;
      }
    }
  }

  private dealFirst8(): void {
    for (let p = 0; p < 4; p++) for (let k = 0; k < 8; k++) this.give(p, this.deck[p * 14 + k]);
    for (let p = 0; p < 4; p++) { this.strength8[p] = this.seatStrength(p); this.bombFirst8[p] = this.hasBomb(p) ? 1 : 0; }
    this.step = 0;
    this.phase = PH_GRAND;
  }

  private grandCalls(): void {
    if (this.step < 4) {
      const f = this.forceGrand[this.step];
      if (f === -1) this.ask(Q_GRAND, this.step);
      else this.setGrand(this.step, f === 1);
      return;
    }
    // all at once: every seat decided before any call is shown
    if (!this.rules.assumptions.grandTichuInSeatOrder) for (let p = 0; p < 4; p++) this.calls[p] = this.grandBuf[p];
    this.phase = PH_DEAL6;
  }

  private dealLast6(): void {
    for (let p = 0; p < 4; p++) for (let k = 8; k < 14; k++) this.give(p, this.deck[p * 14 + k]);
    for (let p = 0; p < 4; p++) { this.strength14[p] = this.seatStrength(p); this.bombFirst14[p] = this.hasBomb(p) ? 1 : 0; }
    this.beginOffers(0, 4, PH_TICHU_DEALT);
  }

  private passing(): void {
    if (this.step < 4) { this.ask(Q_PASS, this.step); return; }
    this.exchange();
    this.phase = PH_PASSED;
  }

  private afterPassing(): void {
    for (let p = 0; p < 4; p++) this.bombAfterPass[p] = this.hasBomb(p) ? 1 : 0;
    if (this.rules.assumptions.tichuUntilFirstCard) this.beginOffers(0, 4, PH_TICHU_PASSED);
    else this.phase = PH_LEAD;
  }

  private lead(): void {
    let lead = 0;
    for (let p = 0; p < 4; p++) if (this.holds(p, MAHJONG)) lead = p;
    this.cur = lead;
    this.phase = PH_TURN;
  }

  /** seat cur's turn: the offers before its play, then its play (the steps of a turn run on directly, not through advance's switch) */
  private beginTurn(): void {
    if (++this.turns > 100000) throw new Error('round does not end');
    const a = this.rules.assumptions;
    if (a.tichuUntilFirstCard) {
      // out of turn: everyone who has not played yet may call before this play, in seat order from cur
      this.beginOffers(this.cur, a.tichuOutOfTurn ? 4 : 1, PH_TURN_CALLS);
      if (this.offerNext()) return;
    }
    this.askPlay();
  }

  private askPlay(): void {
    this.phase = PH_MOVES;
    const p = this.cur, leading = this.tKind === K_PASS;
    this.genMoves(p, leading, this.moves);
    this.applyWish(p, leading, this.moves);
    this.ask(Q_PLAY, p);
  }

  /** after a play in turn (and its wish): going out, the Dog's lead, or the bombs out of turn */
  private afterPlay(): void {
    const p = this.tPlayer;
    if (this.nCards[p] === 0 && this.goesOut(p)) return;
    if (this.tKind === K_DOG) {
      // the Dog's trick (no points) stays with its player; the lead goes to the partner or the next active after them
      this.collectTrick(p);
      const partner = (p + 2) & 3;
      this.cur = this.isOut[partner] ? this.nextActive(partner) : partner;
      this.beginTurn();
    } else this.beginInterrupts();
  }

  /** every other active player but the next to act, in seat order; a bomb starts the round of offers again */
  private nextInterrupt(): void {
    for (;;) {
      const q = this.bombSeat;
      if (this.bombAsked >= 4 || q === this.bombLast || q === this.nextActive(this.bombLast)) {
        this.cur = this.nextActive(this.tPlayer);
        this.beginTurn();
        return;
      }
      this.genBombs(q, this.bombs);
      if (this.bombs.n > 0) { this.ask(Q_BOMB, q); return; }
      this.bombSeat = this.nextActive(q);
      this.bombAsked++;
    }
  }

  private nextLastChance(): void {
    for (; this.step < 4; this.step++) {
      const q = (this.tPlayer + this.step) & 3;
      this.genBombs(q, this.bombs);
      if (this.bombs.n > 0) { this.ask(Q_BOMB, q); return; }
    }
    this.endTrick();
  }

  private endTrick(): void {
    this.phase = PH_END_TRICK;
    const w = this.tPlayer;
    if (this.tKind === K_SINGLE && this.tTop === DRAGON_TOP) { this.ask(Q_DRAGON, w); return; }
    this.collectTrick(w);
    this.cur = this.isOut[w] ? this.nextActive(w) : w;
    this.beginTurn();
  }

  private finish(): void {
    // the trick in progress goes to its winner as usual (the Dragon's to the opponent its player names)
    if (!this.doubleWin && this.trickN > 0) {
      if (this.tKind === K_SINGLE && this.tTop === DRAGON_TOP) { this.ask(Q_DRAGON, this.tPlayer); return; }
      this.collectTrick(this.tPlayer);
    }
    this.scoreRound();
    this.question = ROUND_OVER;
    this.phase = PH_OVER;
  }

  private beginOffers(first: number, seats: number, phase: number): void {
    this.stepBase = first;
    this.step = 0;
    this.stepEnd = seats;
    this.phase = phase;
  }

  /** Offer Tichu to the next seat of this round of offers that may call (true: asked) */
  private offerNext(): boolean {
    while (this.step < this.stepEnd) {
      const p = (this.stepBase + this.step) & 3;
      if (this.calls[p] !== 0 || this.hasPlayed[p] || this.nCards[p] !== 14) { this.step++; continue; }
      const f = this.forceTichu[p];
      if (f === -1) { this.ask(Q_TICHU, p); return true; }
      if (f === 1) this.calls[p] = 1;
      this.step++;
    }
    return false;
  }

  private setGrand(p: number, yes: boolean): void {
    if (this.rules.assumptions.grandTichuInSeatOrder) { if (yes) this.calls[p] = 2; } else this.grandBuf[p] = yes ? 2 : 0;
    this.step++;
  }

  answerGrand(yes: boolean): void {
    this.asking = false;
    this.setGrand(this.questionSeat, yes);
  }

  answerTichu(yes: boolean): void {
    this.asking = false;
    if (yes) this.calls[this.questionSeat] = 1;
    this.step++;
  }

  /** The asked seat's 3 cards: to the left opponent, the partner, the right opponent (given once all have chosen). */
  answerPass(a: number, b: number, c: number): void {
    const p = this.questionSeat;
    if (a === b || a === c || b === c || !this.holds(p, a) || !this.holds(p, b) || !this.holds(p, c)) {
      throw new Error(`${this.answerer(p)} passed invalid cards ${a} ${b} ${c}`);
    }
    this.asking = false;
    const pc = this.passedCards;
    pc[p * 3] = a; pc[p * 3 + 1] = b; pc[p * 3 + 2] = c;
    this.step++;
  }

  private exchange(): void {
    const pc = this.passedCards;
    for (let p = 0; p < 4; p++) for (let i = 0; i < 3; i++) this.take(p, pc[p * 3 + i]);
    for (let p = 0; p < 4; p++) for (let i = 0; i < 3; i++) this.give((p + 1 + i) & 3, pc[p * 3 + i]);
  }

  /** The play in turn: move i of `moves`. */
  answerPlay(i: number): void {
    const p = this.questionSeat, m = this.moves;
    if (i < 0 || i >= m.n) throw new Error(`${this.answerer(p)} chose move ${i} of ${m.n}`);
    this.applyMove(p, m.kind(i), m.top(i), m.len(i), m.phx(i), m.aux(i));
  }

  /** A bomb out of turn: bomb i of `bombs`, or −1 for none. */
  answerBomb(i: number): void {
    const q = this.questionSeat, b = this.bombs;
    const lastChance = this.phase === PH_LAST_CHANCE;
    if (i < 0) {
      this.asking = false;
      if (lastChance) this.step++;
      else { this.bombSeat = this.nextActive(q); this.bombAsked++; }
      return;
    }
    if (i >= b.n) throw new Error(`${this.answerer(q)} chose bomb ${i} of ${b.n}`);
    this.asking = false;
    this.applyPlay(q, b.kind(i), b.top(i), b.len(i), b.phx(i), b.aux(i));
    if (this.goesOut(q)) return;
    // play goes on from the bomb: the others may bomb it in turn
    this.beginInterrupts();
  }

  /** The wish after the Mah Jong: a rank 2 … 14, or 0 for none. */
  answerWish(w: number): void {
    if (w !== 0 && (w < 2 || w > 14)) throw new Error(`${this.answerer(this.questionSeat)} wished ${w}`);
    this.asking = false;
    this.wish = w;
  }

  /** The trick won with the Dragon goes to this opponent seat. */
  answerDragon(to: number): void {
    const w = this.questionSeat;
    if (this.phase === PH_END_TRICK) {
      if (to !== ((w + 1) & 3) && to !== ((w + 3) & 3)) throw new Error(`${this.answerer(w)} gave the Dragon to seat ${to}`);
      this.collectTrick(to);
      this.cur = this.isOut[w] ? this.nextActive(w) : w;
      this.phase = PH_TURN;
    } else this.collectTrick(to);
    this.asking = false;
  }

  nextActive(p: number): number {
    for (let i = 1; i <= 4; i++) {
      const q = (p + i) & 3;
      if (!this.isOut[q]) return q;
    }
    return p;
  }

  /**
   * Seat p (whose turn it is) makes this move, and the seated strategies answer what follows up to
   * the next play in turn (the wish, bombs out of turn, the Dragon's gift); used by search rollouts.
   */
  choose(p: number, kind: number, top: number, len: number, phx: number, aux: number): void {
    this.applyMove(p, kind, top, len, phx, aux);
    this.playToNextTurn();
  }

  /** Seat p (whose turn it is) makes this move; the engine then advances from it. */
  private applyMove(p: number, kind: number, top: number, len: number, phx: number, aux: number): void {
    this.asking = false;
    if (kind === K_PASS) {
      this.passes++;
      const needed = (4 - this.nOut) - (this.isOut[this.tPlayer] ? 0 : 1);
      const a = this.rules.assumptions;
      if (this.passes < needed) {
        this.cur = this.nextActive(p);
        this.beginTurn();
      } else if (a.outOfTurnBombs && a.bombsAfterPasses) {
        // before the trick is taken, every player still holding cards but its winner may bomb it, in
        // seat order after the winner (the text: "every player given a chance to play bigger bombs
        // before the trick is taken") — also those who passed
        this.step = 1;
        this.phase = PH_LAST_CHANCE;
        this.nextLastChance();
      } else {
        this.endTrick();
      }
      return;
    }
    this.applyPlay(p, kind, top, len, phx, aux);
    this.phase = PH_PLAYED;
    const playedMahjong = (kind === K_SINGLE && aux === MAHJONG) || (kind === K_STRAIGHT && top - len + 1 === 1);
    if (playedMahjong && this.rules.assumptions.wishAllowed) this.ask(Q_WISH, p);
    else this.afterPlay();
  }

  /** Out-of-turn bombs after a play (none in the rules: play goes on). */
  private beginInterrupts(): void {
    if (!this.rules.assumptions.outOfTurnBombs) {
      this.cur = this.nextActive(this.tPlayer);
      this.beginTurn();
      return;
    }
    this.bombLast = this.tPlayer;
    this.bombSeat = this.nextActive(this.nextActive(this.bombLast));
    this.bombAsked = 0;
    this.phase = PH_INTERRUPTS;
    this.nextInterrupt();
  }

  /**
   * The suit seat p plays one card of rank r with: the lowest suit whose card is in no straight
   * flush of the hand, else the lowest (so a straight, pair or single never breaks a straight-flush
   * bomb when another suit would do; a four of a kind cannot be kept by any suit).
   */
  suitFor(p: number, r: number): number {
    return this.suitAmong(p, r, this.flushSuits(p));
  }

  /** suitFor, given the suits of seat p's straight flushes (`flushSuits`) */
  private suitAmong(p: number, r: number, flush: number): number {
    const o = p * 16, sm = this.smask[o + r];
    // no straight flush in the hand (the usual case): the lowest suit
    if (flush === 0) return 31 - Math.clz32(sm & -sm);
    let first = -1;
    for (let s = 0; s < 4; s++) {
      const bit = 1 << s;
      if (!(sm & bit)) continue;
      if (first < 0) first = s;
      if (sm === bit) return s;
      let lo = r, hi = r;
      while (lo > 2 && this.smask[o + lo - 1] & bit) lo--;
      while (hi < 14 && this.smask[o + hi + 1] & bit) hi++;
      if (hi - lo + 1 < this.rules.minStraightFlush) return s;
    }
    return first;
  }

  /** sfKeep[r] = the suits whose rank-r card is in a straight flush of seat p's hand (before a play) */
  private markStraightFlushes(p: number): void {
    const o = p * 16, L = this.rules.minStraightFlush, keep = this.sfKeep, flush = this.flushSuits(p);
    keep.fill(0);
    for (let s = 0; s < 4; s++) {
      const bit = 1 << s;
      if (!(flush & bit)) continue;
      let run = 0;
      for (let r = 2; r <= 15; r++) {
        if (r <= 14 && this.smask[o + r] & bit) { run++; continue; }
        if (run >= L) for (let q = r - run; q < r; q++) keep[q] |= bit;
        run = 0;
      }
    }
  }

  /** Play k cards of rank r: suits outside the straight flushes marked before the play first, lowest first. */
  private removeRank(p: number, r: number, k: number): void {
    if (r === 1) { this.playCard(p, MAHJONG); return; }
    for (; k > 0; k--) {
      const sm = this.smask[p * 16 + r];
      if (!sm) throw new Error(`seat ${p} lacks rank ${r}`);
      const free = sm & ~this.sfKeep[r];
      const m = free ? free : sm;
      this.playCard(p, (r - 2) * 4 + (31 - Math.clz32(m & -m)));
    }
  }
  private playCard(p: number, c: number): void {
    this.take(p, c);
    this.played[c] = 1;
    this.trickCards[this.trickN++] = c;
  }

  private applyPlay(p: number, kind: number, top: number, len: number, phx: number, aux: number): void {
    const from = this.trickN;
    // which suits to keep is decided on the whole hand before any card leaves it
    if (kind !== K_SINGLE && kind !== K_DOG && kind !== K_BOMBSF) this.markStraightFlushes(p);
    switch (kind) {
      case K_SINGLE: this.playCard(p, aux); break;
      case K_DOG: this.playCard(p, DOG); break;
      case K_PAIR: case K_TRIPLE:
        this.removeRank(p, top, len - phx);
        if (phx) this.playCard(p, PHOENIX);
        break;
      case K_BOMB4: this.removeRank(p, top, 4); break;
      case K_FULL:
        this.removeRank(p, top, phx === top ? 2 : 3);
        this.removeRank(p, aux, phx === aux ? 1 : 2);
        if (phx) this.playCard(p, PHOENIX);
        break;
      case K_PAIRRUN:
        for (let r = top - len + 1; r <= top; r++) this.removeRank(p, r, r === phx ? 1 : 2);
        if (phx) this.playCard(p, PHOENIX);
        break;
      case K_STRAIGHT:
        for (let r = top - len + 1; r <= top; r++) if (r !== phx) this.removeRank(p, r, 1);
        if (phx) this.playCard(p, PHOENIX);
        break;
      case K_BOMBSF:
        for (let r = top - len + 1; r <= top; r++) this.playCard(p, (r - 2) * 4 + aux);
        break;
      default: throw new Error(`bad move kind ${kind}`);
    }
    if (this.trace) this.trace(p, this.trickCards, from, this.trickN - from, kind, top, len);
    this.plays++;
    this.hasPlayed[p] = 1;
    if (kind >= K_BOMB4) this.bombsPlayed++;
    if (this.wish && containsRank(kind, top, len, phx, aux, this.wish)) this.wish = 0;
    // the trick's new top (the Phoenix single is half a rank above what it beats; led, 1.5)
    this.tKind = kind; this.tLen = len; this.tPlayer = p; this.passes = 0;
    this.tTop = top;
  }

  private collectTrick(winner: number): void {
    let pts = 0;
    for (let i = 0; i < this.trickN; i++) {
      const c = this.trickCards[i];
      pts += this.points[c];
      this.takenBy[c] = winner;
    }
    this.trickPoints[winner] += pts;
    this.trickN = 0;
    this.tKind = K_PASS; this.tTop = 0; this.tLen = 0; this.passes = 0;
    this.tricks++;
  }

  /** After seat p's play: out if its hand is empty; true when that ends the round (the scoring follows). */
  private goesOut(p: number): boolean {
    if (this.nCards[p] !== 0) return false;
    this.isOut[p] = 1;
    this.outOrder[this.nOut++] = p;
    if (this.nOut === 2 && this.outOrder[0] === ((p + 2) & 3)) this.doubleWin = true;
    else if (this.nOut !== 3) return false;
    this.roundOver = true;
    this.phase = PH_FINISH;
    return true;
  }

  /** The round's points (the trick in progress taken): a double win, or the tricks and the last hand; then the calls. */
  private scoreRound(): void {
    const first = this.outOrder[0];
    const r = this.rules;
    if (this.doubleWin) {
      this.roundPoints[first & 1] += r.doubleWin;
    } else {
      let last = 0;
      for (let p = 0; p < 4; p++) if (!this.isOut[p]) last = p;
      let handPts = 0;
      for (let c = 0; c < 56; c++) if (this.hold[last * 56 + c]) { handPts += this.points[c]; this.takenBy[c] = r.assumptions.lastHandToOpponents ? (last + 1) & 3 : last; }
      if (r.assumptions.lastHandToOpponents) this.roundPoints[(last + 1) & 1] += handPts;
      for (let p = 0; p < 4; p++) {
        const to = p === last && r.assumptions.lastTricksToFirstOut ? first : p;
        this.roundPoints[to & 1] += this.trickPoints[p];
      }
    }
    for (let p = 0; p < 4; p++) {
      if (!this.calls[p]) continue;
      const v = this.calls[p] === 2 ? r.calls.grandTichu : r.calls.tichu;
      this.roundPoints[p & 1] += first === p ? v : -v;
    }
  }

  // ---------- move generation ----------
  /** Every legal play of seat p: a lead (no pass) or a follow (index 0 = pass) including bombs. */
  genMoves(p: number, leading: boolean, m: MoveBuffer): void {
    m.n = 0;
    const h = p * 56;
    const ph = this.hold[h + PHOENIX] === 1 ? 1 : 0;
    const tk = this.tKind, tt = this.tTop, tl = this.tLen;
    // bit r: rank r held at least once, twice, three times (from the four suits' ranks): each kind
    // visits only the ranks it can use, a window of ranks is one mask test
    const s0 = this.suitRanks[p * 4], s1 = this.suitRanks[p * 4 + 1], s2 = this.suitRanks[p * 4 + 2], s3 = this.suitRanks[p * 4 + 3];
    const once = s0 | s1 | s2 | s3;
    const twice = (s0 & s1) | (s0 & s2) | (s0 & s3) | (s1 & s2) | (s1 & s3) | (s2 & s3);
    const thrice = (s0 & s1 & s2) | (s0 & s1 & s3) | (s0 & s2 & s3) | (s1 & s2 & s3);
    // the ranks above the trick's (all when leading)
    const above = leading ? ~0 : ~((2 << tt) - 1);
    // the suits of the hand's straight flushes, once (a single's suit and the bombs ask for them)
    const flush = this.flushSuits(p);
    if (!leading) m.push(K_PASS, 0, 0, 0, 0);
    if (tk < K_BOMB4) {
      if (leading || tk === K_SINGLE) {
        if (leading && this.hold[h + MAHJONG]) m.push(K_SINGLE, 2, 1, 0, MAHJONG);
        // a single of rank r has top 2r: above the trick's top when r > tt / 2
        for (let bits = leading ? once : once & ~((2 << (tt >> 1)) - 1); bits !== 0; bits &= bits - 1) {
          const r = 31 - Math.clz32(bits & -bits);
          m.push(K_SINGLE, 2 * r, 1, 0, (r - 2) * 4 + this.suitAmong(p, r, flush));
        }
        if (ph && (leading || tt < DRAGON_TOP)) m.push(K_SINGLE, leading ? 3 : tt + 1, 1, 1, PHOENIX);
        if (this.hold[h + DRAGON]) m.push(K_SINGLE, DRAGON_TOP, 1, 0, DRAGON);
      }
      if (leading && this.hold[h + DOG]) m.push(K_DOG, 0, 1, 0, DOG);
      if (leading || tk === K_PAIR) {
        for (let bits = (ph ? once : twice) & above; bits !== 0; bits &= bits - 1) {
          const r = 31 - Math.clz32(bits & -bits);
          if (twice & (1 << r)) m.push(K_PAIR, r, 2, 0, 0);
          // the Phoenix may fill in for a rank held twice too (8 8 Ph: "8 + Ph" keeps an 8)
          if (ph) m.push(K_PAIR, r, 2, 1, 0);
        }
      }
      if (leading || tk === K_TRIPLE) {
        for (let bits = (ph ? twice : thrice) & above; bits !== 0; bits &= bits - 1) {
          const r = 31 - Math.clz32(bits & -bits);
          if (thrice & (1 << r)) m.push(K_TRIPLE, r, 3, 0, 0);
          if (ph) m.push(K_TRIPLE, r, 3, 1, 0);
        }
      }
      if (leading || tk === K_FULL) {
        for (let tb = (ph ? twice : thrice) & above; tb !== 0; tb &= tb - 1) {
          const t = 31 - Math.clz32(tb & -tb), tPh = thrice & (1 << t) ? 0 : 1;
          // the pair: a rank held twice, or (the triple real) once with the Phoenix
          for (let qb = (tPh || !ph ? twice : once) & ~(1 << t); qb !== 0; qb &= qb - 1) {
            const q = 31 - Math.clz32(qb & -qb);
            if (twice & (1 << q)) m.push(K_FULL, t, 5, tPh ? t : 0, q);
            else m.push(K_FULL, t, 5, q, q);
          }
        }
      }
      if (leading || tk === K_PAIRRUN) {
        const minK = this.rules.minPairRun;
        for (let k = leading ? minK : tl; k <= (leading ? 7 : tl); k++) {
          for (let top = k + 1; top <= 14; top++) {
            if (!leading && top <= tt) continue;
            const window = ((1 << k) - 1) << (top - k + 1);
            if ((window & once) !== window) continue;
            // ranks held only once: none, or one the Phoenix completes
            const single = window & ~twice;
            if (single === 0) m.push(K_PAIRRUN, top, k, 0, 0);
            else if ((single & (single - 1)) === 0 && ph) m.push(K_PAIRRUN, top, k, 31 - Math.clz32(single), 0);
          }
        }
      }
      if (leading || tk === K_STRAIGHT) {
        // the Mah Jong is rank 1 of a straight; the Phoenix fills one gap above it
        const held = this.hold[h + MAHJONG] ? once | 2 : once;
        for (let L = leading ? this.rules.minStraight : tl; L <= (leading ? 14 : tl); L++) {
          for (let top = L; top <= 14; top++) {
            if (!leading && top <= tt) continue;
            const missing = (((1 << L) - 1) << (top - L + 1)) & ~held;
            if (missing === 0) m.push(K_STRAIGHT, top, L, 0, 0);
            else if (ph && (missing & (missing - 1)) === 0 && missing !== 2) m.push(K_STRAIGHT, top, L, 31 - Math.clz32(missing), 0);
          }
        }
      }
    }
    // most hands hold no bomb: the call is skipped (a step saved on every play)
    if (this.quads[p] > 0 || flush !== 0) this.pushBombs(p, m, leading, flush);
  }

  /** the bombs of seat p (its straight flushes' suits: `flush`) that beat the trick */
  private pushBombs(p: number, m: MoveBuffer, leading: boolean, flush: number): void {
    const o = p * 16;
    const cur = leading ? 0 : bombPower(this.tKind, this.tTop, this.tLen);
    // most hands hold no bomb: the scans below run only for the four of a kind or suit that is there
    if (this.quads[p] > 0) for (let r = 2; r <= 14; r++) if (this.cnt[o + r] === 4 && 100 + r > cur) m.push(K_BOMB4, r, 4, 0, 0);
    const L = this.rules.minStraightFlush;
    for (let s = 0; s < 4; s++) {
      const bit = 1 << s;
      if (!(flush & bit)) continue;
      let run = 0;
      for (let r = 2; r <= 14; r++) {
        if (this.smask[o + r] & bit) {
          run++;
          // every window ending at r of length L..run
          for (let len = L; len <= run; len++) if (200 + len * 16 + r > cur) m.push(K_BOMBSF, r, len, 0, s);
        } else run = 0;
      }
    }
  }

  /** Bombs seat p could play out of turn on the current trick (none on an empty trick or the Dog). */
  genBombs(p: number, m: MoveBuffer): void {
    m.n = 0;
    if (this.tKind === K_PASS || this.isOut[p]) return;
    const flush = this.flushSuits(p);
    if (this.quads[p] > 0 || flush !== 0) this.pushBombs(p, m, false, flush);
  }

  /** The wish: a player in turn who holds the wished rank and can play it must (keeps only those moves). */
  private applyWish(p: number, leading: boolean, m: MoveBuffer): void {
    const w = this.wish;
    if (!w || this.cnt[p * 16 + w] === 0) return;
    if (leading && !this.rules.assumptions.wishBindsLead) return;
    const bombsBind = this.rules.assumptions.wishBindsBombs;
    let k = 0;
    const d = m.d;
    for (let i = 0; i < m.n; i++) {
      const kind = d[i * STRIDE];
      if (kind === K_PASS || (!bombsBind && kind >= K_BOMB4)) continue;
      if (containsRank(kind, d[i * STRIDE + 1], d[i * STRIDE + 2], d[i * STRIDE + 3], d[i * STRIDE + 4], w)) {
        if (k !== i) for (let j = 0; j < STRIDE; j++) d[k * STRIDE + j] = d[i * STRIDE + j];
        k++;
      }
    }
    if (k > 0) m.n = k;
  }

  // ---------- game ----------
  /** Play rounds until a team reaches the target (and leads); returns rounds played. */
  playGame(onRound?: (e: Engine) => void): number {
    this.scores.fill(0);
    const r = this.rules;
    let rounds = 0;
    while (rounds < r.maxRounds) {
      this.playRound();
      rounds++;
      this.scores[0] += this.roundPoints[0];
      this.scores[1] += this.roundPoints[1];
      if (onRound) onRound(this);
      const a = this.scores[0], b = this.scores[1];
      if ((a >= r.targetScore || b >= r.targetScore) && (a !== b || !r.assumptions.tieAtTargetContinues)) break;
    }
    return rounds;
  }

  /**
   * A determinization for seat `seat` into `dst`, standing at the start of seat `cur`'s turn: the
   * public state and seat's own hand copied, the other hands redealt at random among the other
   * players keeping each hand's size and the cards `seat` passed (while unplayed) with their
   * receivers. Uses only what `seat` may know.
   */
  determinizeInto(dst: Engine, seat: number, rng: Rng): void {
    dst.hold.fill(0); dst.cnt.fill(0); dst.smask.fill(0); dst.suitRanks.fill(0); dst.quads.fill(0); dst.nCards.fill(0);
    dst.played.set(this.played); dst.takenBy.set(this.takenBy);
    dst.trickCards.set(this.trickCards); dst.trickN = this.trickN; dst.trickPoints.set(this.trickPoints);
    dst.calls.set(this.calls); dst.hideOwnCall.set(this.hideOwnCall); dst.outOrder.set(this.outOrder); dst.nOut = this.nOut; dst.isOut.set(this.isOut);
    // only this seat's own passes are known to it; hidden statistics are not copied
    dst.hasPlayed.set(this.hasPlayed); dst.passedCards.fill(-1);
    for (let i = 0; i < 3; i++) dst.passedCards[seat * 3 + i] = this.passedCards[seat * 3 + i];
    dst.tKind = this.tKind; dst.tTop = this.tTop; dst.tLen = this.tLen; dst.tPlayer = this.tPlayer; dst.passes = this.passes; dst.cur = this.cur;
    dst.wish = this.wish; dst.roundOver = this.roundOver; dst.doubleWin = this.doubleWin; dst.roundPoints.set(this.roundPoints);
    dst.scores.set(this.scores); dst.bombAfterPass.fill(0); dst.bombsPlayed = this.bombsPlayed; dst.tricks = this.tricks; dst.plays = this.plays;
    // seat's own hand; the cards seat passed that are still unplayed go back to their receivers
    const pool = dst.deck;
    let n = 0;
    for (let c = 0; c < 56; c++) {
      if (this.hold[seat * 56 + c]) { dst.give(seat, c); continue; }
      if (this.played[c]) continue;
      let known = -1;
      for (let i = 0; i < 3; i++) if (this.passedCards[seat * 3 + i] === c) known = (seat + 1 + i) & 3;
      // an unplayed card this seat passed is still with its receiver (nobody passes twice)
      if (known >= 0) dst.give(known, c);
      else pool[n++] = c;
    }
    for (let i = n - 1; i > 0; i--) {
      const j = rng.below(i + 1);
      const x = pool[i]; pool[i] = pool[j]; pool[j] = x;
    }
    let k = 0;
    for (let q = 0; q < 4; q++) {
      if (q === seat) continue;
      while (dst.nCards[q] < this.nCards[q]) dst.give(q, pool[k++]);
    }
    // the redealt round stands at the start of seat `cur`'s turn (a search plays a move there, or plays on)
    dst.asking = false; dst.question = ROUND_OVER; dst.phase = PH_TURN; dst.turns = 0;
  }
}

/** What one seat may see (strategy.ts TichuView). Strategies get only this. */
export class SeatView implements TichuView {
  readonly #e: Engine;
  readonly seat: number;
  constructor(e: Engine, seat: number) {
    this.#e = e;
    this.seat = seat;
  }
  get partner(): number { return (this.seat + 2) & 3; }
  get rules(): TichuRules { return this.#e.rules; }
  /** own hand */
  holds(c: number): boolean { return this.#e.hold[this.seat * 56 + c] === 1; }
  rankCount(r: number): number { return this.#e.cnt[this.seat * 16 + r]; }
  suitMask(r: number): number { return this.#e.smask[this.seat * 16 + r]; }
  hasBomb(): boolean { return this.#e.hasBomb(this.seat); }
  /** hand-strength score of the current hand in quarter points (hand.ts handStrengthQuarters) */
  strengthQuarters(): number { return this.#e.seatStrength(this.seat); }
  /** public */
  handSize(p: number): number { return this.#e.nCards[p]; }
  isOut(p: number): boolean { return this.#e.isOut[p] === 1; }
  outCount(): number { return this.#e.nOut; }
  firstOut(): number { return this.#e.nOut ? this.#e.outOrder[0] : -1; }
  call(p: number): number { return p === this.seat && this.#e.hideOwnCall[p] ? 0 : this.#e.calls[p]; }
  played(c: number): boolean { return this.#e.played[c] === 1; }
  hasPlayedCard(p: number): boolean { return this.#e.hasPlayed[p] === 1; }
  trickKind(): number { return this.#e.tKind; }
  trickTop(): number { return this.#e.tTop; }
  trickLen(): number { return this.#e.tLen; }
  trickPlayer(): number { return this.#e.tPlayer; }
  trickPointsOnTable(): number {
    let s = 0;
    for (let i = 0; i < this.#e.trickN; i++) s += this.#e.points[this.#e.trickCards[i]];
    return s;
  }
  wish(): number { return this.#e.wish; }
  score(team: number): number { return this.#e.scores[team]; }
  /** the card this seat passed to seat+1+i (i = 0 left, 1 partner, 2 right), after passing */
  passed(i: number): number { return this.#e.passedCards[this.seat * 3 + i]; }
  /** a determinization of the hidden hands into another engine (for search players) */
  determinizeInto(dst: DeterminizeTarget, rng: Rng): void { this.#e.determinizeInto(dst as Engine, this.seat, rng); }
}

import type { Rng } from '../../core/rng.js';
import type { TichuRules } from './rules.js';

/**
 * The strategy contract and what a strategy sees. A strategy sees only its seat's TichuView: its
 * own hand, the cards it passed, and public information (cards played, hand sizes, calls, the
 * trick, the wish, scores). Every method is called in the play loop and must not allocate.
 * (The engine implements these interfaces: engine.ts SeatView and MoveBuffer.)
 */
export interface MoveList {
  /** number of moves */
  readonly n: number;
  /** K_* of engine.ts (K_PASS = 0) */
  kind(i: number): number;
  top(i: number): number;
  len(i: number): number;
  phx(i: number): number;
  aux(i: number): number;
  /** cards the move plays */
  cards(i: number): number;
  isBomb(i: number): boolean;
}

/** An engine a search player may load a determinization into (opaque here: engine.ts Engine). */
export interface DeterminizeTarget {
  readonly isEngine: true;
}

export interface TichuView {
  readonly seat: number;
  readonly partner: number;
  readonly rules: TichuRules;
  // own hand
  holds(c: number): boolean;
  rankCount(r: number): number;
  suitMask(r: number): number;
  hasBomb(): boolean;
  /** hand-strength score of the current hand, in quarter points (hand.ts) */
  strengthQuarters(): number;
  // public
  handSize(p: number): number;
  isOut(p: number): boolean;
  outCount(): number;
  firstOut(): number;
  /** 0 none, 1 Tichu, 2 Grand Tichu */
  call(p: number): number;
  played(c: number): boolean;
  hasPlayedCard(p: number): boolean;
  trickKind(): number;
  trickTop(): number;
  trickLen(): number;
  trickPlayer(): number;
  trickPointsOnTable(): number;
  wish(): number;
  score(team: number): number;
  /** the card this seat passed to seat+1+i (i = 0 left, 1 partner, 2 right), −1 before passing */
  passed(i: number): number;
  /** redeal the hidden cards consistently with what this seat knows, into another engine */
  determinizeInto(dst: DeterminizeTarget, rng: Rng): void;
}

export interface TichuStrategy {
  readonly name: string;
  /** after the first 8 cards */
  grandTichu(v: TichuView): boolean;
  /** before passing, after passing and before each own turn until the first card (if the rules allow) */
  tichu(v: TichuView): boolean;
  /** write 3 distinct own cards: out[0] to the left opponent (seat+1), out[1] to the partner, out[2] to the right opponent */
  pass(v: TichuView, out: Int32Array): void;
  /** in turn: index into `moves` (index 0 is the pass when passing is allowed: moves.kind(0) === K_PASS) */
  play(v: TichuView, moves: MoveList): number;
  /** out of turn: `moves` holds only bombs that beat the trick; −1 plays none */
  bomb(v: TichuView, moves: MoveList): number;
  /** after playing the Mah Jong: a rank 2..14 to wish, or 0 for no wish */
  wish(v: TichuView): number;
  /** the trick just won with the Dragon goes to this opponent seat ((seat+1)%4 or (seat+3)%4) */
  dragonTo(v: TichuView): number;
}

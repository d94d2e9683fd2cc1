import type { MoveList, TichuView } from './engine.js';

/**
 * The strategy contract. A strategy sees only its seat's TichuView: its own hand, the cards it
 * passed, public information (cards played, hand sizes, calls, trick, wish, scores). Every method
 * is called in the play loop and must not allocate.
 */
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

export type { MoveList, TichuView };

/**
 * The strategy contract and the view a strategy gets: only what its player may see. The engine
 * fills one view per player before each decision (typed arrays, no allocation).
 */
import type { ParamSchemas } from '../../core/spec.js';
import type { Rng } from '../../core/rng.js';
import type { DraculaRules } from './rules.js';

export const DRACULA = 0, HELSING = 1;

/**
 * A turn's decision as one integer: keep × 64 + arg. keep 0 discards the drawn card, keep k ≥ 1
 * puts the drawn card in district k − 1 and discards the card that was there. arg is the discarded
 * card's effect choice: revealOwn/revealOpponent → district; swapOwn → a × 8 + b (a < b);
 * swapOpponent → district; moveTrump → the suit that becomes trump; other effects ignore it.
 */
export const encodeAction = (keep: number, arg: number): number => keep * 64 + arg;
export const actionKeep = (a: number): number => a >> 6;
export const actionArg = (a: number): number => a & 63;

export class DraculaView {
  /** 0 Dracula, 1 Van Helsing */
  role = 0;
  /** my card in each district */
  readonly hand: Int8Array;
  /** the opponent's card in each district if I know it, else −1 */
  readonly opp: Int8Array;
  /** 1 where the opponent knows my card */
  readonly myKnown: Uint8Array;
  /** the revealed top card of the deck if I saw it, else −1 */
  top = -1;
  readonly discard: Int8Array;
  discardCount = 0;
  deckLeft = 0;
  /** position of each suit on the ranking track; suits − 1 is trump */
  readonly rankOf: Int8Array;
  trump = 0;
  /** 1 for every card whose place I know (my hand, known opponent cards, discard pile, seen top) */
  readonly seen: Uint8Array;
  /** cards I have not seen: in the deck or the opponent's unknown districts */
  unseenCount = 0;
  readonly vampires: Int8Array;
  health = 0;
  round = 0;
  /** 1 when this round's districts will be resolved right to left (the weathervane is public) */
  rightToLeft = 0;
  /** this is the last turn after the opponent called the end */
  lastTurn = false;
  /** I may call the end of the round now (instead of drawing) */
  canCall = false;
  /** an endRound card may be discarded now */
  canEnd = false;

  constructor(readonly rules: DraculaRules) {
    const D = rules.districts, N = rules.suits * rules.values;
    this.hand = new Int8Array(D);
    this.opp = new Int8Array(D);
    this.myKnown = new Uint8Array(D);
    this.discard = new Int8Array(N);
    this.rankOf = new Int8Array(rules.suits);
    this.seen = new Uint8Array(N);
    this.vampires = new Int8Array(D);
  }
}

/** One player's policy. Both methods must return a legal decision (the engine checks). */
export interface DraculaPlayer {
  /** At the start of a turn when calling is allowed: call the end of the round instead of drawing? */
  callEnd(view: DraculaView, rng: Rng): boolean;
  /**
   * Having drawn `drawn`: the turn's action (encodeAction). The drawn card is not in view.hand; it is
   * in view.seen (and equals view.top) only when it was the revealed top card.
   */
  turn(view: DraculaView, drawn: number, rng: Rng): number;
}

export interface DraculaStrategyDef {
  name: string;
  usage: string;
  /** parameters by name with defaults and ranges (checked by the registry) */
  params: ParamSchemas;
  create(params: Readonly<Record<string, number>>, rules: DraculaRules): DraculaPlayer;
}

/**
 * The Weilong strategy contract and the view a strategy gets. A strategy sees what a player at the
 * table sees — its own roll and Supply, every card's Collected dice (they lie open on the table), who
 * holds which Son card, the game totals, the round — and writes its answers into the view's answer
 * slots. It never sees the engine: not the dice streams, not the other strategies, not the rules
 * engine's mutators. Strategies live in src/games/weilong/strategies/ and are reached through its registry.
 *
 * Cards are indexed 0..4 (First..Fifth Son); a card's element is index + 1. Everything here reads
 * typed arrays shared with the engine (no copies), so asking allocates nothing.
 */

/** Son cards by index (element number = index + 1). */
export const FIRST_SON = 0, SECOND_SON = 1, THIRD_SON = 2, FOURTH_SON = 3, FIFTH_SON = 4;
/** What `complete` says about a Collected set. */
export const NOT_COMPLETE = 0, FIVE_OF_ELEMENT = 1, DRAGON = 2;

export class WeilongView {
  // ---- public table state (shared with the engine, read-only for strategies) ----
  /** Collected counts: card c, face f at c*8+f (f = 1..6) */
  readonly col = new Int8Array(40);
  /** number of Collected dice of card c */
  readonly ncol = new Int8Array(5);
  /** player holding card c, -1 if the card is out of this round */
  readonly holder = new Int8Array(5);
  /** game totals by player */
  readonly score = new Int32Array(5);
  /** players at the table and the round (0-based) */
  players = 0;
  round = 0;

  // ---- the current roll of the player asked ----
  /** the roll, counts by face 1..6 */
  readonly roll = new Int8Array(8);
  /** 6s in the roll */
  sixes = 0;
  /** Third Son: 6s that may be turned into Collected 3s after this roll (a strategy may lower it while planning) */
  maxConvert = 0;
  /** Fifth Son: a trade is allowed after this roll */
  canTrade = false;
  /** Fifth Son: 6s of this roll that must stay uncollected if he trades after it (the 6s that triggered the trade, when the rules say they may not be handed over; else 0) */
  tradeKeepsSixes = 0;

  // ---- answer slots ----
  /** collect(): how many dice of face f to set aside (zeroed before each roll) */
  readonly take = new Int8Array(8);
  /** collect(): Third Son's 6s turned into Collected 3s (0 before each roll) */
  convert = 0;
  /** scratch space a strategy may use between its calls within one roll */
  readonly memo = new Int32Array(8);

  element(c: number): number {
    return c + 1;
  }
  /** dice card c still rolls */
  supply(c: number): number {
    return 5 - this.ncol[c];
  }
  /** pips on card c's Collected dice */
  collectedPips(c: number): number {
    const b = c * 8;
    const col = this.col;
    return col[b + 1] + 2 * col[b + 2] + 3 * col[b + 3] + 4 * col[b + 4] + 5 * col[b + 5] + 6 * col[b + 6];
  }
  /** card c could still complete five of its element with these Collected dice */
  elementOpen(c: number): boolean {
    return this.col[c * 8 + c + 1] === this.ncol[c];
  }
  /** card c could still complete a Dragon with these Collected dice */
  dragonOpen(c: number): boolean {
    const b = c * 8, col = this.col;
    return col[b + 6] === 0 && col[b + 1] <= 1 && col[b + 2] <= 1 && col[b + 3] <= 1 && col[b + 4] <= 1 && col[b + 5] <= 1;
  }
  /** dice toward the nearer open goal (0..4; -1 if neither goal is open) */
  progress(c: number): number {
    let p = -1;
    if (this.elementOpen(c)) p = this.col[c * 8 + c + 1];
    if (this.dragonOpen(c) && this.ncol[c] > p) p = this.ncol[c];
    return p;
  }
  /** NOT_COMPLETE, FIVE_OF_ELEMENT or DRAGON for card c's Collected set */
  complete(c: number): number {
    const b = c * 8, col = this.col;
    if (col[b + c + 1] === 5) return FIVE_OF_ELEMENT;
    if (col[b + 1] === 1 && col[b + 2] === 1 && col[b + 3] === 1 && col[b + 4] === 1 && col[b + 5] === 1) return DRAGON;
    return NOT_COMPLETE;
  }
}

/** A player's policy: every method gets the view and the card it plays (`c`); none may allocate. */
export interface WeilongStrategy {
  readonly name: string;
  readonly description: string;
  /**
   * After a roll (`v.roll` counts by face 1..6, `v.sixes` 6s): fill `v.take[f]` with how many dice
   * of face f to set aside, and `v.convert` (Third Son: 6s turned into collected 3s, ≤ `v.maxConvert`).
   * `v.canTrade` says whether the Fifth Son may trade after this roll. `v.take` is zeroed before.
   */
  collect(v: WeilongView, c: number): void;
  /** First Son: re-roll the 6s now showing in `v.roll`? (asked again for re-rolled 6s) */
  firstSonReroll(v: WeilongView, c: number): boolean;
  /** Second Son, once per allowed change: -1, or target card × 8 + new value (a Collected 2 of that card becomes it) */
  secondSonChange(v: WeilongView, c: number): number;
  /** Fourth Son, once per allowed return: -1, or target card × 8 + face (that Collected die goes back to its Supply) */
  fourthSonReturn(v: WeilongView, c: number): number;
  /** Fifth Son after a trading roll: -1, or the card to trade with */
  fifthSonTrade(v: WeilongView, c: number): number;
  /** Asked only when the rules allow a voluntary stop and the player may roll again. */
  keepRolling(v: WeilongView, c: number): boolean;
}

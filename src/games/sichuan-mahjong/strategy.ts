/**
 * The strategy contract of Sichuan mahjong and the view a strategy gets. The strategies
 * themselves live in src/games/sichuan-mahjong/strategies/ (one file each; index.ts is the registry).
 */
import type { Rng } from '../../core/rng.js';
import type { RegisteredStrategy } from '../../play/strategy-registry.js';
import type { SichuanRules } from './rules.js';

/**
 * What a strategy sees of a deal: its own hand and sets, every public tile, the wall. All typed
 * arrays, shared and updated in place by the engine; strategies must not allocate.
 */
export interface TableView {
  /** concealed counts per seat */
  readonly hands: readonly Uint8Array[];
  /** sets: seat·4 + j */
  readonly meldKinds: Uint8Array;
  readonly meldSizes: Uint8Array;
  readonly nMelds: Int8Array;
  readonly voids: Int8Array;
  /** tiles visible to everyone, per kind: discards on the table and declared sets */
  readonly visible: Uint8Array;
  readonly won: Uint8Array;
  /** every tile each seat has discarded (seat·27 + kind), claimed or won on or not: public */
  readonly seatDiscards: Uint8Array;
  /** each seat's last discard (−1 before its first): public */
  readonly lastDiscard: Int8Array;
  /** each seat's draws so far (wall and replacement tiles): public, everyone sees a seat draw */
  readonly ownDraws: Int32Array;
  wallLeft(): number;
  /** the deal's random stream (for strategies that randomize) */
  readonly rng: Rng;
  /** the rules being played (fan and payments: what a discard is worth) */
  readonly rules: SichuanRules;
}

/** Kinds of kong a strategy is asked about. */
export const KONG_EXPOSED = 0, KONG_ADDED = 1, KONG_CONCEALED = 2;

/** How a win would be made (the `kind` a strategy is asked about in `declareWin`). */
export const WIN_SELF_DRAW = 1, WIN_DISCARD = 2, WIN_ROBBING_KONG = 3;

/**
 * A strategy: small pure decisions. Claims, kongs and declaring a win are the strategy's call;
 * a strategy without `declareWin` declares every win it can (the shipped defaults do).
 */
export interface MahjongStrategy extends RegisteredStrategy {
  readonly name: string;
  readonly description: string;
  /**
   * Swap three (rules.swapThree): the three tiles to pass, all of one suit, written to `out` as
   * kinds (a kind held twice may appear twice). Asked of every seat before any tile moves.
   */
  chooseSwap(t: TableView, seat: number, out: Uint8Array): void;
  /** the void suit (0..2) after the deal (and the swap) */
  chooseVoid(t: TableView, seat: number): number;
  /** the kind to discard from a 14-form hand (must be held; a void-suit tile while any is held) */
  chooseDiscard(t: TableView, seat: number): number;
  /** claim a pung of `tile` discarded by another player */
  wantPung(t: TableView, seat: number, tile: number): boolean;
  /** make a kong of `tile` (KONG_EXPOSED from a discard, KONG_ADDED to a pung, KONG_CONCEALED) */
  wantKong(t: TableView, seat: number, tile: number, kind: number): boolean;
  /**
   * Declare this win? `kind`: WIN_SELF_DRAW (the hand already holds `tile`, the tile just drawn),
   * WIN_DISCARD or WIN_ROBBING_KONG (`tile` is the other player's, not in the hand); `fan`: the
   * winning hand's fan as it would score now, before the `maxFan` cap. Absent: always declare.
   * A declined discard or robbing win bars the seat from winning on any discard until it draws
   * again, if the rules say so (`declinedWinWaitsForDraw`).
   */
  declareWin?(t: TableView, seat: number, tile: number, kind: number, fan: number): boolean;
}

/**
 * The strategy contract of Sichuan mahjong and the view a strategy gets. The strategies
 * themselves live in strategies/sichuan-mahjong/ (one file each; index.ts is the registry).
 */
import type { Rng } from '../../core/rng.js';
import type { RegisteredStrategy } from '../../core/spec.js';
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
  wallLeft(): number;
  /** the deal's random stream (for strategies that randomize) */
  readonly rng: Rng;
  /** the rules being played (fan and payments: what a discard is worth) */
  readonly rules: SichuanRules;
}

/** Kinds of kong a strategy is asked about. */
export const KONG_EXPOSED = 0, KONG_ADDED = 1, KONG_CONCEALED = 2;

/**
 * A strategy: small pure decisions. Winning is always taken (declining a win is never better in
 * this model's scoring); claims and kongs are the strategy's call. Strategies take no parameters:
 * a spec is just the name.
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
}

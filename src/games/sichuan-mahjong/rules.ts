import { loadRulesFile } from '../../core/rules.js';
import { validate, type ObjectField, type RulesSchema } from '../../core/schema.js';

/**
 * The rules file. Every number a designer might change and every item the rules page had to
 * *assume* is a field here:
 * - `fan.*`: fan per pattern (rules page §4); `maxFan`: the cap (points = 2^min(fan, maxFan)).
 * - `selfDrawBonus`: what each opponent pays on top of the base value on a self-draw.
 * - `kongPayments`: exposed kong (from the discarder), added kong (each active opponent),
 *   concealed kong (each active opponent).
 * - `flowerPigPenalty`, `flowerPigPaysWinners` (assumed: "every non-pig player" includes players
 *   who already won), `flowerPigPaysReadyCheck` (assumed false: the page says "other" not-ready
 *   players pay the ready-hand check).
 * - `kongRefundWhenNotReady`: not-ready non-winners give back their kong income at the end of
 *   the wall. `readyCheck`: the ready-hand check is paid at all.
 * - `readyCheckCountsDeadWaits` (assumed true): the check takes every tile that would complete
 *   the hand, even when no live copy is left.
 * - `lastTileIncludesDiscard` (assumed true): "winning on the last tile" also covers a win on
 *   the discard made after the last wall tile was drawn.
 * - `outsideHandInSevenPairs` (assumed false): outside hand is a standard-hand pattern only.
 * - `sevenPairsAllowed`, `winnersToEnd` (3: the deal ends when three players have won).
 * - `rootCounts` (assumed "any-four": every kind held four times, kong or not; "kong-only": only
 *   declared kongs), `robbedKongPays` (assumed "kong-maker": the robbed player pays like a discarder;
 *   "kong-maker-for-all": he pays what every active opponent would pay on a self-draw),
 *   `selfDrawBonusInCap` (assumed false: the bonus is paid on top of the capped value),
 *   `declinedWinWaitsForDraw` (assumed true: a player who passes a discard or robbing win cannot
 *   win on a discard until he draws again).
 * - `swapThree` (换三张, off by default): after the deal each player passes three tiles of one suit,
 *   before the void is declared; `direction` clockwise (to the next seat in turn order),
 *   counter-clockwise (to the previous), across, or `dice` (two dice: total mod 3 = 1 clockwise,
 *   2 counter-clockwise, 0 across — each exactly 12 of 36).
 */
export interface SichuanRules {
  name: string;
  fan: {
    allPungs: number; sevenPairs: number; outsideHand: number; all258Pungs: number; fullFlush: number;
    singleWaitFourSets: number; root: number; kongReplacement: number; robbingKong: number; lastTile: number;
  };
  maxFan: number;
  selfDrawBonus: number;
  kongPayments: { exposed: number; added: number; concealed: number };
  flowerPigPenalty: number;
  flowerPigPaysWinners: boolean;
  flowerPigPaysReadyCheck: boolean;
  kongRefundWhenNotReady: boolean;
  readyCheck: boolean;
  readyCheckCountsDeadWaits: boolean;
  lastTileIncludesDiscard: boolean;
  outsideHandInSevenPairs: boolean;
  sevenPairsAllowed: boolean;
  winnersToEnd: number;
  rootCounts: 'any-four' | 'kong-only';
  robbedKongPays: 'kong-maker' | 'kong-maker-for-all';
  selfDrawBonusInCap: boolean;
  declinedWinWaitsForDraw: boolean;
  swapThree: { enabled: boolean; direction: SwapDirection };
}

export const SWAP_DIRECTIONS = ['dice', 'clockwise', 'counter-clockwise', 'across'] as const;
export type SwapDirection = (typeof SWAP_DIRECTIONS)[number];
const fan = (help: string, def: number) => ({ kind: 'integer', min: 0, max: 10, unit: 'fan', help, default: def }) as const;
const pay = (help: string, def: number) => ({ kind: 'integer', min: 0, max: 100, unit: 'points', help, default: def }) as const;
const flag = (help: string, def: boolean, assumed?: string) => ({ kind: 'boolean', help, default: def, ...(assumed ? { assumed } : {}) }) as const;

/** The rules file, field by field: the one source of validation, defaults, `--set` paths and docs. */
export const schema: RulesSchema = {
  game: 'sichuan-mahjong',
  sep: '.',
  root: {
    kind: 'object',
    help: 'Sichuan mahjong rules',
    fields: {
      name: { kind: 'string', help: 'what the rules are called', default: 'Sichuan bloody battle (xue zhan dao di), as in docs/rules/sichuan-mahjong.md', ifAbsent: 'custom' },
      fan: {
        kind: 'object',
        help: 'fan per pattern',
        fields: {
          allPungs: fan('all four sets are pungs or kongs', 1),
          sevenPairs: fan('14 concealed tiles in seven pairs', 2),
          outsideHand: fan('every set and the pair contain a 1 or a 9', 2),
          all258Pungs: fan('all pungs, every set and the pair of rank 2, 5 or 8 (instead of all pungs)', 3),
          fullFlush: fan('every tile of one suit', 2),
          singleWaitFourSets: fan('four declared sets, waiting on a single tile for the pair', 1),
          root: fan('each kind held four times (a root)', 1),
          kongReplacement: fan('winning on a kong\'s replacement tile', 1),
          robbingKong: fan('winning by robbing an added kong', 1),
          lastTile: fan('winning on the last tile', 1),
        },
      },
      maxFan: { kind: 'integer', min: 0, max: 12, unit: 'fan', help: 'the cap: points = 2^min(fan, maxFan)', default: 5 },
      selfDrawBonus: pay('what each opponent pays on top of the points on a self-draw', 1),
      kongPayments: {
        kind: 'object',
        help: 'kong payments',
        fields: {
          exposed: pay('an exposed kong (from a discard): from the discarder', 2),
          added: pay('an added kong: from each active opponent', 1),
          concealed: pay('a concealed kong: from each active opponent', 2),
        },
      },
      flowerPigPenalty: { kind: 'integer', min: 0, max: 10000, unit: 'points', help: 'a flower pig (still holding the void suit at the end) pays this to every non-pig player', default: 32 },
      flowerPigPaysWinners: flag('the flower pig also pays players who already won', true, '"every non-pig player" includes those who already won'),
      flowerPigPaysReadyCheck: flag('a flower pig also pays the ready-hand check', false, 'the rules say "other" not-ready players pay it'),
      kongRefundWhenNotReady: flag('not-ready non-winners give back their kong income at the end of the wall', true),
      readyCheck: flag('the ready-hand check is paid at the end of the wall', true),
      readyCheckCountsDeadWaits: flag('the check takes every tile that would complete the hand, even with no live copy left', true, 'the rules do not say'),
      lastTileIncludesDiscard: flag('"winning on the last tile" also covers the discard after the last wall tile', true, 'the rules do not say'),
      outsideHandInSevenPairs: flag('outside hand also counts in seven pairs', false, 'outside hand is a standard-hand pattern only'),
      sevenPairsAllowed: flag('seven pairs is a winning hand', true),
      winnersToEnd: { kind: 'integer', min: 1, max: 3, unit: 'players', help: 'the deal ends when this many players have won', default: 3 },
      rootCounts: { kind: 'enum', values: ['any-four', 'kong-only'], help: 'a root is every kind held four times (any-four) or only a declared kong', default: 'any-four', assumed: 'the rules do not say; kong or not' },
      robbedKongPays: { kind: 'enum', values: ['kong-maker', 'kong-maker-for-all'], help: 'the robbed player pays like a discarder, or what every active opponent would pay on a self-draw', default: 'kong-maker', assumed: 'the rules do not say; like a discarder' },
      selfDrawBonusInCap: flag('the self-draw bonus counts inside the cap (false: paid on top of the capped value)', false, 'the cap is on the base value'),
      declinedWinWaitsForDraw: flag('a player who passes a discard or robbing win cannot win on a discard until he draws again', true, 'the rules do not say'),
      swapThree: {
        kind: 'object',
        help: 'swap three (huàn sān zhāng): three tiles of one suit passed after the deal',
        // absent from a rules file: off (the figures of files written before it stay)
        ifAbsent: { enabled: false, direction: 'dice' },
        fields: {
          enabled: flag('after the deal each player passes three tiles of one suit, before the void is declared', false),
          direction: { kind: 'enum', values: SWAP_DIRECTIONS, help: 'where the tiles go (dice: two dice, total mod 3: 1 clockwise, 2 counter-clockwise, 0 across)', default: 'dice' },
        },
      },
    },
  },
};

export const FAN_KEYS = Object.keys((schema.root.fields.fan as ObjectField).fields) as (keyof SichuanRules['fan'])[];

export function validateRules(raw: unknown, where = 'rules'): SichuanRules {
  return validate(schema, raw, where) as SichuanRules;
}

/** Load rules: a shipped preset by name (rules/sichuan-mahjong/<name>.json, default "default") or a file, with `--set field=value` overrides; validated. */
export function loadRules(nameOrPath?: string, sets: readonly string[] = []): SichuanRules {
  return loadRulesFile('sichuan-mahjong', nameOrPath, validateRules, sets);
}

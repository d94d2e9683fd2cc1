import { loadRulesFile } from '../../core/rules.js';
import { boolean, integer, object, onlyKeys, string } from '../../core/validate.js';

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
/** When swapThree is absent from a rules file: off (the figures of files written before it stay). */
const SWAP_OFF = { enabled: false, direction: 'dice' as SwapDirection };

export const FAN_KEYS = ['allPungs', 'sevenPairs', 'outsideHand', 'all258Pungs', 'fullFlush', 'singleWaitFourSets', 'root', 'kongReplacement', 'robbingKong', 'lastTile'] as const;
const TOP_KEYS = ['name', 'fan', 'maxFan', 'selfDrawBonus', 'kongPayments', 'flowerPigPenalty', 'flowerPigPaysWinners', 'flowerPigPaysReadyCheck', 'kongRefundWhenNotReady', 'readyCheck', 'readyCheckCountsDeadWaits', 'lastTileIncludesDiscard', 'outsideHandInSevenPairs', 'sevenPairsAllowed', 'winnersToEnd', 'rootCounts', 'robbedKongPays', 'selfDrawBonusInCap', 'declinedWinWaitsForDraw', 'swapThree'];

export function validateRules(raw: unknown, where = 'rules'): SichuanRules {
  const o = object(raw, where);
  onlyKeys(o, where, TOP_KEYS);
  const f = object(o.fan, `${where}.fan`);
  onlyKeys(f, `${where}.fan`, FAN_KEYS);
  const fan = {} as SichuanRules['fan'];
  for (const k of FAN_KEYS) fan[k] = integer(f[k], `${where}.fan.${k}`, 0, 10);
  const kp = object(o.kongPayments, `${where}.kongPayments`);
  onlyKeys(kp, `${where}.kongPayments`, ['exposed', 'added', 'concealed']);
  return {
    name: o.name === undefined ? 'custom' : string(o.name, `${where}.name`),
    fan,
    maxFan: integer(o.maxFan, `${where}.maxFan`, 0, 12),
    selfDrawBonus: integer(o.selfDrawBonus, `${where}.selfDrawBonus`, 0, 100),
    kongPayments: {
      exposed: integer(kp.exposed, `${where}.kongPayments.exposed`, 0, 100),
      added: integer(kp.added, `${where}.kongPayments.added`, 0, 100),
      concealed: integer(kp.concealed, `${where}.kongPayments.concealed`, 0, 100),
    },
    flowerPigPenalty: integer(o.flowerPigPenalty, `${where}.flowerPigPenalty`, 0, 10000),
    flowerPigPaysWinners: boolean(o.flowerPigPaysWinners, `${where}.flowerPigPaysWinners`),
    flowerPigPaysReadyCheck: boolean(o.flowerPigPaysReadyCheck, `${where}.flowerPigPaysReadyCheck`),
    kongRefundWhenNotReady: boolean(o.kongRefundWhenNotReady, `${where}.kongRefundWhenNotReady`),
    readyCheck: boolean(o.readyCheck, `${where}.readyCheck`),
    readyCheckCountsDeadWaits: boolean(o.readyCheckCountsDeadWaits, `${where}.readyCheckCountsDeadWaits`),
    lastTileIncludesDiscard: boolean(o.lastTileIncludesDiscard, `${where}.lastTileIncludesDiscard`),
    outsideHandInSevenPairs: boolean(o.outsideHandInSevenPairs, `${where}.outsideHandInSevenPairs`),
    sevenPairsAllowed: boolean(o.sevenPairsAllowed, `${where}.sevenPairsAllowed`),
    winnersToEnd: integer(o.winnersToEnd, `${where}.winnersToEnd`, 1, 3),
    rootCounts: string(o.rootCounts, `${where}.rootCounts`, ['any-four', 'kong-only']) as SichuanRules['rootCounts'],
    robbedKongPays: string(o.robbedKongPays, `${where}.robbedKongPays`, ['kong-maker', 'kong-maker-for-all']) as SichuanRules['robbedKongPays'],
    selfDrawBonusInCap: boolean(o.selfDrawBonusInCap, `${where}.selfDrawBonusInCap`),
    declinedWinWaitsForDraw: boolean(o.declinedWinWaitsForDraw, `${where}.declinedWinWaitsForDraw`),
    swapThree: o.swapThree === undefined ? { ...SWAP_OFF } : swapThree(o.swapThree, `${where}.swapThree`),
  };
}

function swapThree(raw: unknown, where: string): SichuanRules['swapThree'] {
  const o = object(raw, where);
  onlyKeys(o, where, ['enabled', 'direction']);
  return {
    enabled: boolean(o.enabled, `${where}.enabled`),
    direction: string(o.direction, `${where}.direction`, SWAP_DIRECTIONS) as SwapDirection,
  };
}

/** Load rules: a shipped preset by name (rules/sichuan-mahjong/<name>.json, default "default") or a file, with `--set field=value` overrides; validated. */
export function loadRules(nameOrPath?: string, sets: readonly string[] = []): SichuanRules {
  return loadRulesFile('sichuan-mahjong', nameOrPath, validateRules, sets);
}

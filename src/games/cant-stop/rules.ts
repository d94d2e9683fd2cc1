/**
 * Can't Stop rules as data. Every number or choice a designer may change is a field of
 * rules/cant-stop/default.json; validation names the bad field and the allowed range. The dice are
 * fixed (four six-sided dice, paired into two sums 2..12): the columns are those sums.
 */
import { loadRulesFile } from '../../core/rules.js';
import { array, boolean, integer, object, onlyKeys, string } from '../../core/validate.js';

/** Columns 2..12: the sums of two six-sided dice. */
export const COLUMNS = 11;
/** The sum a column stands for (column index 0 is the sum 2). */
export const columnSum = (c: number): number => c + 2;
/** The tallest column the engine's small integers allow. */
export const MAX_HEIGHT = 30;

export interface CantStopRules {
  name: string;
  /** spaces in columns 2..12 (the rulebook: 3,5,7,9,11,13,11,9,7,5,3) */
  heights: number[];
  /** neutral markers (runners) a player may place in one turn (the rulebook: 3) */
  runners: number;
  /** columns a player must claim to win (the rulebook: 3; its variant: 4 or 5) */
  columnsToWin: number;
  /** when both sums of the chosen pairing can be placed, both must be (the rulebook: yes) */
  mustUseBoth: boolean;
  /** the rulebook's variant A: a runner skips spaces holding another player's marker */
  skipOccupied: boolean;
  /** assumed: a game still running after this many turns is a draw (only players who never stop reach it) */
  turnLimit: number;
}

export const DEFAULT_RULES: CantStopRules = {
  name: "Can't Stop (Sackson 1980 rulebook)",
  heights: [3, 5, 7, 9, 11, 13, 11, 9, 7, 5, 3],
  runners: 3,
  columnsToWin: 3,
  mustUseBoth: true,
  skipOccupied: false,
  turnLimit: 1000,
};

const KEYS = ['name', 'heights', 'runners', 'columnsToWin', 'mustUseBoth', 'skipOccupied', 'turnLimit'] as const;

export function validateRules(raw: unknown, where: string): CantStopRules {
  const o = object(raw, where);
  onlyKeys(o, where, KEYS);
  const f = (k: string) => `${where}: ${k}`;
  const heights = array(o.heights, f('heights'), COLUMNS, COLUMNS).map((h, i) => integer(h, f(`heights.${i}`), 1, MAX_HEIGHT));
  return {
    name: o.name === undefined ? 'custom' : string(o.name, f('name')),
    heights,
    runners: integer(o.runners, f('runners'), 1, COLUMNS),
    columnsToWin: integer(o.columnsToWin, f('columnsToWin'), 1, COLUMNS),
    mustUseBoth: boolean(o.mustUseBoth, f('mustUseBoth')),
    skipOccupied: boolean(o.skipOccupied, f('skipOccupied')),
    turnLimit: integer(o.turnLimit, f('turnLimit'), 1, 1_000_000),
  };
}

/** Rules from a preset name (rules/cant-stop/<name>.json) or a file path, with `--set` overrides. */
export function loadRules(nameOrPath?: string, sets: readonly string[] = []): CantStopRules {
  return loadRulesFile('cant-stop', nameOrPath, validateRules, sets);
}

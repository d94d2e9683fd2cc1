/**
 * Can't Stop rules as data. Every number or choice a designer may change is a field of
 * rules/cant-stop/default.json; validation names the bad field and the allowed range. The dice are
 * fixed (four six-sided dice, paired into two sums 2..12): the columns are those sums.
 */
import { loadRulesFile } from '../../core/rules.js';
import { defaults, validate, type RulesSchema } from '../../core/schema.js';

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

/** The rules file, field by field: the one source of validation, defaults, `--set` paths and docs. */
export const schema: RulesSchema = {
  game: 'cant-stop',
  sep: ': ',
  root: {
    kind: 'object',
    help: "Can't Stop rules",
    fields: {
      name: { kind: 'string', help: 'what the rules are called', default: "Can't Stop (Sackson 1980 rulebook)", ifAbsent: 'custom' },
      heights: { kind: 'list', of: { kind: 'integer', min: 1, max: MAX_HEIGHT, unit: 'spaces', help: 'height' }, minLength: COLUMNS, maxLength: COLUMNS, help: 'spaces in columns 2..12 (entry 0 is column 2)', headFrom: 2, default: [3, 5, 7, 9, 11, 13, 11, 9, 7, 5, 3] },
      runners: { kind: 'integer', min: 1, max: COLUMNS, unit: 'markers', help: 'neutral markers (runners) a player may place in one turn', default: 3 },
      columnsToWin: { kind: 'integer', min: 1, max: COLUMNS, unit: 'columns', help: 'columns a player must claim to win (the rulebook\'s variant: 4 or 5)', default: 3 },
      mustUseBoth: { kind: 'boolean', help: 'when both sums of the chosen pairing can be placed, both must be', default: true },
      skipOccupied: { kind: 'boolean', help: 'the rulebook\'s variant A: a runner skips spaces holding another player\'s marker', default: false },
      turnLimit: { kind: 'integer', min: 1, max: 1_000_000, unit: 'turns', help: 'a game still running after this many turns is a draw (keeps every simulation finite)', default: 1000, assumed: 'the rulebook has no limit; only players who (nearly) never stop reach it' },
    },
  },
};

/** The shipped rules, rules/cant-stop/default.json (the contract test checks they are equal). */
export const DEFAULT_RULES = defaults(schema) as unknown as CantStopRules;

export function validateRules(raw: unknown, where: string): CantStopRules {
  return validate(schema, raw, where) as CantStopRules;
}

/** Rules from a preset name (rules/cant-stop/<name>.json) or a file path, with `--set` overrides. */
export function loadRules(nameOrPath?: string, sets: readonly string[] = []): CantStopRules {
  return loadRulesFile('cant-stop', nameOrPath, validateRules, sets);
}

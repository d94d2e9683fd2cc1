/**
 * Weilong rules as data. Every number a designer might change, and every item the rules page
 * (`docs/rules/weilong.md`) marks *assumed*, is a field here; `validateRules` names the bad
 * field and the allowed range.
 */
import { UserError } from '../../core/errors.js';
import { applySets as applyRawSets, loadRulesFile } from '../../core/rules.js';
import { oneBasedPaths, validate, type RulesSchema } from '../../core/schema.js';

/** What happens to the Son cards after a round. */
export type PassAction = 'pass-left' | 'trade' | 'draw-new' | 'shuffle-all';
export const PASS_ACTIONS: readonly PassAction[] = ['pass-left', 'trade', 'draw-new', 'shuffle-all'];

export const SON_NAMES = ['First Son (Water)', 'Second Son (Wood)', 'Third Son (Fire)', 'Fourth Son (Earth)', 'Fifth Son (Metal)'] as const;
export const SON_SHORT = ['First', 'Second', 'Third', 'Fourth', 'Fifth'] as const;

export interface WeilongRules {
  /** rounds per game (the sheet: 5) */
  rounds: number;
  /** points added to every non-winner's round score, by Son card (`--set penalty.1` = Son 1 … `penalty.5` = Son 5; index 0..4 in code; the undefined "penalty number"; assumed 5) */
  penalty: number[];
  /** (assumed) the player may stop rolling voluntarily after any roll */
  voluntaryStop: boolean;
  /** which abilities exist at all, Son 1..5 (switching one off is how ability worth is measured) */
  abilities: boolean[];
  /** First Son: a re-rolled 6 may be re-rolled again (the sheet: yes) */
  firstSonRerollAgain: boolean;
  /** Second Son: "per-roll" (the sheet's words: one change if he rolls a 6) or "per-six" (one change per 6 rolled) */
  secondSonChanges: 'per-six' | 'per-roll';
  /** Third Son: 6s needed per converted 3 (the sheet: 2) */
  thirdSonSixesPerThree: number;
  /** (assumed) a 3 converted from 6s counts as rolling the element, earning another roll (default false) */
  thirdSonConvertedThreeContinues: boolean;
  /** Fourth Son: returns per 6 rolled (the sheet: 1) */
  fourthSonReturnsPerSix: number;
  /** Fifth Son: 6s in one roll needed to trade (the sheet: 2; assumed "at least") */
  fifthSonSixesToTrade: number;
  /** (assumed) the Fifth Son may set aside the 6s that triggered his trade and hand them over with the card (default true) */
  fifthSonCollectsTradeSixes: boolean;
  /** card passing after rounds 1..rounds-1, by player count "2".."5" */
  passing: Record<string, PassAction[]>;
  /** (assumed) "draw new cards": draw from the cards not held in the last round ("undealt"), or from all five ("all") */
  drawNewFrom: 'undealt' | 'all';
  /** tie break: the tied player who held the First Son card last wins ("last-first-son"), or the win is shared ("shared") */
  tieBreak: 'last-first-son' | 'shared';
  /** (assumed) safety valve: a round with this many turns and no finisher ends with everyone scoring */
  maxTurnsPerRound: number;
}

const passList = (actions: readonly PassAction[], who: string, def: PassAction[]) => ({ kind: 'list', of: { kind: 'enum', values: actions, help: 'pass action' }, minLength: { ref: 'rounds', add: -1 }, maxLength: { ref: 'rounds', add: -1 }, help: `what happens to the Son cards after rounds 1..rounds-1, ${who}`, default: def }) as const;
const NO_TRADE = PASS_ACTIONS.filter((a) => a !== 'trade');

/** The rules file, field by field: the one source of validation, defaults, `--set` paths and docs. */
export const schema: RulesSchema = {
  game: 'weilong',
  sep: '.',
  root: {
    kind: 'object',
    help: 'Weilong rules',
    requireAll: true,
    fields: {
      rounds: { kind: 'integer', min: 1, max: 50, unit: 'rounds', help: 'rounds per game', default: 5 },
      penalty: { kind: 'list', of: { kind: 'integer', min: 0, max: 100, unit: 'points', help: 'penalty' }, minLength: 5, maxLength: 5, oneBased: true, help: 'points added to every non-winner\'s round score, by Son card 1..5', default: [5, 5, 5, 5, 5], assumed: 'the sheet never prints the "penalty number": 5 on every card, on the scale of the dice points' },
      voluntaryStop: { kind: 'boolean', help: 'the player may stop rolling voluntarily after any roll', default: true, assumed: 'the sheet does not say' },
      abilities: { kind: 'list', of: { kind: 'boolean', help: 'ability' }, minLength: 5, maxLength: 5, oneBased: true, help: 'which Sons\' abilities exist at all, Son 1..5 (switching one off measures its worth)', default: [true, true, true, true, true] },
      firstSonRerollAgain: { kind: 'boolean', help: 'First Son: a re-rolled 6 may be re-rolled again', default: true },
      secondSonChanges: { kind: 'enum', values: ['per-six', 'per-roll'], help: 'Second Son: one change if he rolls a 6 (per-roll, the sheet\'s words) or one per 6 rolled', default: 'per-roll' },
      thirdSonSixesPerThree: { kind: 'integer', min: 1, max: 5, unit: 'dice', help: 'Third Son: 6s needed per converted 3', default: 2 },
      thirdSonConvertedThreeContinues: { kind: 'boolean', help: 'Third Son: a 3 converted from 6s counts as rolling the element, earning another roll', default: false, assumed: 'the sheet does not say' },
      fourthSonReturnsPerSix: { kind: 'integer', min: 0, max: 5, unit: 'dice', help: 'Fourth Son: returns per 6 rolled', default: 1 },
      fifthSonSixesToTrade: { kind: 'integer', min: 1, max: 5, unit: 'dice', help: 'Fifth Son: 6s in one roll needed to trade (at least this many)', default: 2 },
      fifthSonCollectsTradeSixes: { kind: 'boolean', help: 'Fifth Son: sets aside the 6s that triggered his trade and hands them over with the card', default: true, assumed: 'the sheet does not say' },
      passing: {
        kind: 'object',
        help: 'card passing by player count',
        fields: {
          2: passList(PASS_ACTIONS, 'with 2 players', ['trade', 'draw-new', 'trade', 'shuffle-all']),
          3: passList(NO_TRADE, 'with 3 players', ['pass-left', 'pass-left', 'shuffle-all', 'pass-left']),
          4: passList(NO_TRADE, 'with 4 players', ['pass-left', 'pass-left', 'pass-left', 'shuffle-all']),
          5: passList(NO_TRADE, 'with 5 players', ['pass-left', 'pass-left', 'pass-left', 'pass-left']),
        },
      },
      drawNewFrom: { kind: 'enum', values: ['undealt', 'all'], help: '"draw new cards": from the cards not held in the last round, or from all five', default: 'undealt', assumed: 'the sheet does not say which cards' },
      tieBreak: { kind: 'enum', values: ['last-first-son', 'shared'], help: 'equal scores: who held the First Son last wins, or the win is shared', default: 'last-first-son' },
      maxTurnsPerRound: { kind: 'integer', min: 5, max: 100_000, unit: 'turns', help: 'safety valve: a round with this many turns and no finisher ends with everyone scoring', default: 200, assumed: 'the sheet has no limit' },
      $comment: { kind: 'string', optional: true, drop: true, help: 'a comment (ignored)' },
      name: { kind: 'string', optional: true, drop: true, help: 'what the rules are called (ignored)' },
    },
  },
};

/** Per-Son arrays: a person counts the Sons 1..5, so `--set penalty.1` and messages say Son 1 (entry 0). */
export const ONE_BASED = oneBasedPaths(schema);

/** Validate a parsed rules object; throws UserError naming the field. Returns a clean copy. */
export const validateRules = Object.assign((raw: unknown, where = 'rules') => validate(schema, raw, where) as WeilongRules, { oneBased: ONE_BASED });

/**
 * A shipped preset by name (rules/weilong/<name>.json, default "default") or a rules file, with
 * `--set field=value` overrides (e.g. penalty.5=3 for the Fifth Son, passing.3.0=shuffle-all); validated.
 */
export function loadRules(nameOrPath?: string, sets: readonly string[] = []): WeilongRules {
  return loadRulesFile('weilong', nameOrPath, validateRules, sets);
}

/** Rules already loaded, with `field=value` overrides applied and validated again (sweeps, tests). */
export function applySets(rules: WeilongRules, sets: readonly string[]): WeilongRules {
  return validateRules(applyRawSets(rules, sets, ONE_BASED), 'rules with --set');
}

/** Parse a Son argument: 1..5 or a name ("first", "water", "First Son"). */
export function parseSon(text: string, name = '--son'): number {
  const t = text.trim().toLowerCase();
  const names = [['1', 'first', 'water'], ['2', 'second', 'wood'], ['3', 'third', 'fire'], ['4', 'fourth', 'earth'], ['5', 'fifth', 'metal']];
  for (let k = 0; k < 5; k++) if (names[k].includes(t) || t === `${names[k][1]} son`) return k + 1;
  throw new UserError(`${name} must be a Son 1..5 (or first, second, third, fourth, fifth; got ${JSON.stringify(text)})`);
}

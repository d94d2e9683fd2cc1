/**
 * Weilong rules as data. Every number a designer might change, and every item the rules page
 * (`docs/rules/weilong.md`) marks *assumed*, is a field here; `validateRules` names the bad
 * field and the allowed range.
 */
import { UserError } from '../../core/errors.js';
import { applySets as applyRawSets, loadRulesFile } from '../../core/rules.js';
import { array, boolean, integer, object, onlyKeys, string } from '../../core/validate.js';

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

const KEYS = [
  'rounds', 'penalty', 'voluntaryStop', 'abilities', 'firstSonRerollAgain', 'secondSonChanges', 'thirdSonSixesPerThree',
  'thirdSonConvertedThreeContinues', 'fourthSonReturnsPerSix', 'fifthSonSixesToTrade', 'fifthSonCollectsTradeSixes', 'passing', 'drawNewFrom', 'tieBreak', 'maxTurnsPerRound',
];

/** Per-Son arrays: a person counts the Sons 1..5, so `--set penalty.1` and messages say Son 1 (entry 0). */
export const ONE_BASED = ['penalty', 'abilities'] as const;

/** Validate a parsed rules object; throws UserError naming the field. Returns a clean copy. */
export const validateRules = Object.assign(validateRulesRaw, { oneBased: ONE_BASED });

function validateRulesRaw(raw: unknown, where = 'rules'): WeilongRules {
  const o = object(raw, where);
  onlyKeys(o, where, [...KEYS, '$comment', 'name']);
  for (const k of KEYS) if (!(k in o)) throw new UserError(`${where}.${k} is missing`);
  const rounds = integer(o.rounds, `${where}.rounds`, 1, 50);
  const penalty = array(o.penalty, `${where}.penalty`, 5, 5).map((v, i) => integer(v, `${where}.penalty.${i + 1}`, 0, 100));
  const abilities = array(o.abilities, `${where}.abilities`, 5, 5).map((v, i) => boolean(v, `${where}.abilities.${i + 1}`));
  const passingRaw = object(o.passing, `${where}.passing`);
  onlyKeys(passingRaw, `${where}.passing`, ['2', '3', '4', '5']);
  const passing: Record<string, PassAction[]> = {};
  for (const p of ['2', '3', '4', '5']) {
    const list = array(passingRaw[p], `${where}.passing.${p}`, rounds - 1, rounds - 1);
    passing[p] = list.map((v, i) => string(v, `${where}.passing.${p}.${i}`, p === '2' ? PASS_ACTIONS : PASS_ACTIONS.filter((a) => a !== 'trade')) as PassAction);
  }
  return {
    rounds,
    penalty,
    voluntaryStop: boolean(o.voluntaryStop, `${where}.voluntaryStop`),
    abilities,
    firstSonRerollAgain: boolean(o.firstSonRerollAgain, `${where}.firstSonRerollAgain`),
    secondSonChanges: string(o.secondSonChanges, `${where}.secondSonChanges`, ['per-six', 'per-roll']) as 'per-six' | 'per-roll',
    thirdSonSixesPerThree: integer(o.thirdSonSixesPerThree, `${where}.thirdSonSixesPerThree`, 1, 5),
    thirdSonConvertedThreeContinues: boolean(o.thirdSonConvertedThreeContinues, `${where}.thirdSonConvertedThreeContinues`),
    fourthSonReturnsPerSix: integer(o.fourthSonReturnsPerSix, `${where}.fourthSonReturnsPerSix`, 0, 5),
    fifthSonSixesToTrade: integer(o.fifthSonSixesToTrade, `${where}.fifthSonSixesToTrade`, 1, 5),
    fifthSonCollectsTradeSixes: boolean(o.fifthSonCollectsTradeSixes, `${where}.fifthSonCollectsTradeSixes`),
    passing,
    drawNewFrom: string(o.drawNewFrom, `${where}.drawNewFrom`, ['undealt', 'all']) as 'undealt' | 'all',
    tieBreak: string(o.tieBreak, `${where}.tieBreak`, ['last-first-son', 'shared']) as 'last-first-son' | 'shared',
    maxTurnsPerRound: integer(o.maxTurnsPerRound, `${where}.maxTurnsPerRound`, 5, 100_000),
  };
}

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

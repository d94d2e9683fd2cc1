import { loadRulesFile } from '../../core/rules.js';
import { boolean, integer, number, object, onlyKeys, string } from '../../core/validate.js';

/**
 * The Tichu rules file. Every designer-changeable number and every assumption of the rules model
 * (docs/rules/tichu.md names each) is a field. The deck itself (4 suits × 2–A + 4 specials, 8 + 6
 * cards each) is fixed by the card notation and is not a field.
 */
export interface TichuRules {
  name: string;
  calls: { tichu: number; grandTichu: number };
  doubleWin: number;
  cardPoints: { five: number; ten: number; king: number; dragon: number; phoenix: number };
  targetScore: number;
  /** safety cap on a game's rounds (assumed; the text has no limit) */
  maxRounds: number;
  minStraight: number;
  minStraightFlush: number;
  minPairRun: number;
  passing: boolean;
  /** the Phoenix led as a single counts this much (1.5: beats the Mah Jong, loses to a 2) */
  phoenixLeadValue: number;
  assumptions: {
    /** the Mah Jong player may wish a rank 2–A */
    wishAllowed: boolean;
    /** a leader holding the wished rank must lead a combination containing it */
    wishBindsLead: boolean;
    /** a bomb containing the wished rank counts as a legal play that fulfils the wish */
    wishBindsBombs: boolean;
    /** bombs may be played out of turn (after any play, by any player holding cards) */
    outOfTurnBombs: boolean;
    /** with out-of-turn bombs: before a trick is collected, every player still holding cards (also one who passed) may bomb it */
    bombsAfterPasses: boolean;
    /** Tichu may be called until one's first card (otherwise only before passing) */
    tichuUntilFirstCard: boolean;
    /** with tichuUntilFirstCard: a player may call before any play, also out of turn (otherwise only before their own turns) */
    tichuOutOfTurn: boolean;
    /** Grand Tichu calls in seat order, a later seat seeing earlier calls (otherwise all at once, unseen) */
    grandTichuInSeatOrder: boolean;
    /** the last player's hand goes to the opponents (otherwise it is simply discarded) */
    lastHandToOpponents: boolean;
    /** the last player's tricks go to the first player out (otherwise the last player keeps them) */
    lastTricksToFirstOut: boolean;
    /** both teams at or over the target with equal scores: play on (otherwise the game is a tie) */
    tieAtTargetContinues: boolean;
  };
}

const TOP = ['name', 'calls', 'doubleWin', 'cardPoints', 'targetScore', 'maxRounds', 'minStraight', 'minStraightFlush', 'minPairRun', 'passing', 'phoenixLeadValue', 'assumptions'];
export const ASSUMPTION_KEYS = ['wishAllowed', 'wishBindsLead', 'wishBindsBombs', 'outOfTurnBombs', 'bombsAfterPasses', 'tichuUntilFirstCard', 'tichuOutOfTurn', 'grandTichuInSeatOrder', 'lastHandToOpponents', 'lastTricksToFirstOut', 'tieAtTargetContinues'] as const;

export function validateRules(raw: unknown, where = 'rules'): TichuRules {
  const o = object(raw, where);
  onlyKeys(o, where, TOP);
  const c = object(o.calls, `${where}.calls`);
  onlyKeys(c, `${where}.calls`, ['tichu', 'grandTichu']);
  const p = object(o.cardPoints, `${where}.cardPoints`);
  onlyKeys(p, `${where}.cardPoints`, ['five', 'ten', 'king', 'dragon', 'phoenix']);
  const a = object(o.assumptions, `${where}.assumptions`);
  onlyKeys(a, `${where}.assumptions`, ASSUMPTION_KEYS);
  const assumptions = {} as TichuRules['assumptions'];
  for (const k of ASSUMPTION_KEYS) assumptions[k] = boolean(a[k], `${where}.assumptions.${k}`);
  const pt = (k: string) => integer(p[k], `${where}.cardPoints.${k}`, -100, 100);
  return {
    name: o.name === undefined ? 'custom' : string(o.name, `${where}.name`),
    calls: { tichu: integer(c.tichu, `${where}.calls.tichu`, 0, 10000), grandTichu: integer(c.grandTichu, `${where}.calls.grandTichu`, 0, 10000) },
    doubleWin: integer(o.doubleWin, `${where}.doubleWin`, 0, 10000),
    cardPoints: { five: pt('five'), ten: pt('ten'), king: pt('king'), dragon: pt('dragon'), phoenix: pt('phoenix') },
    targetScore: integer(o.targetScore, `${where}.targetScore`, 1, 100000),
    maxRounds: integer(o.maxRounds, `${where}.maxRounds`, 1, 10000),
    minStraight: integer(o.minStraight, `${where}.minStraight`, 3, 14),
    minStraightFlush: integer(o.minStraightFlush, `${where}.minStraightFlush`, 3, 13),
    minPairRun: integer(o.minPairRun, `${where}.minPairRun`, 2, 7),
    passing: boolean(o.passing, `${where}.passing`),
    phoenixLeadValue: number(o.phoenixLeadValue, `${where}.phoenixLeadValue`, 1.5, 1.5),
    assumptions,
  };
}

/** Load rules: a shipped preset name ("default") or a .json path, then `--set field=value`s, then validate. */
export function loadRules(nameOrPath?: string, sets: readonly string[] = []): TichuRules {
  return loadRulesFile('tichu', nameOrPath, validateRules, sets);
}

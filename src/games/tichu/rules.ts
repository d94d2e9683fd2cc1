import { loadRulesFile } from '../../core/rules.js';
import { validate, type ObjectField, type RulesSchema } from '../../core/schema.js';

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

const points = (help: string, def: number) => ({ kind: 'integer', min: -100, max: 100, unit: 'points', help, default: def }) as const;
const option = (help: string, assumed?: string) => ({ kind: 'boolean', help, default: true, ...(assumed ? { assumed } : {}) }) as const;

/** The rules file, field by field: the one source of validation, defaults, `--set` paths and docs. */
export const schema: RulesSchema = {
  game: 'tichu',
  sep: '.',
  root: {
    kind: 'object',
    help: 'Tichu rules',
    fields: {
      name: { kind: 'string', help: 'what the rules are called', default: 'default', ifAbsent: 'custom' },
      calls: {
        kind: 'object',
        help: 'what a call is worth',
        fields: {
          tichu: { kind: 'integer', min: 0, max: 10000, unit: 'points', help: 'a Tichu call: won by a caller who goes out first, else lost', default: 100 },
          grandTichu: { kind: 'integer', min: 0, max: 10000, unit: 'points', help: 'a Grand Tichu call (made on the first 8 cards)', default: 200 },
        },
      },
      doubleWin: { kind: 'integer', min: 0, max: 10000, unit: 'points', help: 'partners first and second out: their team scores this, no card points', default: 200 },
      cardPoints: {
        kind: 'object',
        help: 'the points of the counting cards',
        fields: {
          five: points('each 5', 5),
          ten: points('each 10', 10),
          king: points('each king', 10),
          dragon: points('the Dragon', 25),
          phoenix: points('the Phoenix', -25),
        },
      },
      targetScore: { kind: 'integer', min: 1, max: 100000, unit: 'points', help: 'the game ends when a team has at least this after a round', default: 1000 },
      maxRounds: { kind: 'integer', min: 1, max: 10000, unit: 'rounds', help: 'safety cap on a game\'s rounds (never reached by the bots)', default: 200, assumed: 'the text has no limit' },
      minStraight: { kind: 'integer', min: 3, max: 14, unit: 'cards', help: 'shortest straight', default: 5 },
      minStraightFlush: { kind: 'integer', min: 3, max: 13, unit: 'cards', help: 'shortest straight-flush bomb', default: 5 },
      minPairRun: { kind: 'integer', min: 2, max: 7, unit: 'pairs', help: 'shortest run of adjacent pairs', default: 2 },
      passing: { kind: 'boolean', help: 'each player passes one card to each other player after the deal', default: true },
      phoenixLeadValue: { kind: 'number', min: 1.5, max: 1.5, unit: 'ranks', help: 'the Phoenix led as a single counts this much (beats the Mah Jong, loses to a 2)', default: 1.5 },
      assumptions: {
        kind: 'object',
        help: 'the choices the text leaves open',
        fields: {
          wishAllowed: option('the Mah Jong player may wish a rank 2–A'),
          wishBindsLead: option('a leader holding the wished rank must lead a combination containing it'),
          wishBindsBombs: option('a bomb containing the wished rank counts as fulfilling the wish (so it may be forced)', 'the text says "cannot play it" without excepting bombs'),
          outOfTurnBombs: option('bombs may be played out of turn, after any play, by any player holding cards'),
          bombsAfterPasses: option('before a trick is collected, every player still holding cards (one who passed too) may bomb it'),
          tichuUntilFirstCard: option('Tichu may be called until one\'s first card (false: only before passing)'),
          tichuOutOfTurn: option('with tichuUntilFirstCard: also before other players\' plays (false: only before one\'s own turns)'),
          grandTichuInSeatOrder: option('Grand Tichu calls in seat order, later seats seeing earlier calls (false: all at once)', 'the text says only "once players have decided"'),
          lastHandToOpponents: option('the last player\'s hand goes to the opponents (false: its points are lost)'),
          lastTricksToFirstOut: option('the last player\'s tricks go to the first player out (false: they keep them)'),
          tieAtTargetContinues: option('equal scores at or over the target: play on (false: the game is a tie)', 'the text does not say'),
        },
      },
    },
  },
};

const assumptionsSection = schema.root.fields.assumptions as ObjectField;
export const ASSUMPTION_KEYS = Object.keys(assumptionsSection.fields) as (keyof TichuRules['assumptions'])[];

export function validateRules(raw: unknown, where = 'rules'): TichuRules {
  return validate(schema, raw, where) as TichuRules;
}

/** Load rules: a shipped preset name ("default") or a .json path, then `--set field=value`s, then validate. */
export function loadRules(nameOrPath?: string, sets: readonly string[] = []): TichuRules {
  return loadRulesFile('tichu', nameOrPath, validateRules, sets);
}

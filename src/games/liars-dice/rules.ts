import { loadRulesFile } from '../../core/rules.js';
import { defaults, validate, type Field, type RulesSchema } from '../../core/schema.js';

/**
 * The Liar's Dice rules as data (rules page `docs/rules/liars-dice.md`). Every item the page
 * marks as an option or an assumption is a field here.
 */
export interface LiarsRules {
  name: string;
  /** dice under each cup (page: 5) */
  dicePerPlayer: number;
  /** faces per die (page: 6) */
  sides: number;
  minPlayers: number;
  maxPlayers: number;
  /** 1s count as any face (page: yes) */
  wildOnes: boolean;
  /** the first bid on 1s makes 1s count only as 1s until the round ends (page: yes) */
  onesBidCancelsWilds: boolean;
  /** bid order … < 5 < 6 < 1 (page: yes); false: 1 < 2 < … < 6 */
  onesRankHighest: boolean;
  /** anyone may call liar at any time, not only the player to move (page: yes) */
  outOfTurnCalls: boolean;
  /** a caller may challenge several earlier bids at once (page: yes) */
  multipleCalls: boolean;
  /** who opens the next round when one call produced several losers (page assumes the last resolved) */
  nextOpener: 'lastLoser' | 'firstLoser';
}

/** A field a rules file may leave out: it then takes its default. */
const withDefault = <F extends Field>(f: F): F => ({ ...f, ifAbsent: f.default });

/** The rules file, field by field: the one source of validation, defaults, `--set` paths and docs. */
export const schema: RulesSchema = {
  game: 'liars-dice',
  sep: '.',
  root: {
    kind: 'object',
    help: "Liar's Dice rules",
    fields: {
      // a file that names no rules is "Liar's Dice"
      name: { kind: 'string', help: 'what the rules are called', default: "Liar's Dice (five-dice drinking game, rules page of the project)", ifAbsent: "Liar's Dice" },
      dicePerPlayer: withDefault({ kind: 'integer', min: 1, max: 20, unit: 'dice', help: 'dice under each cup (--dice-per-player overrides it)', default: 5 }),
      sides: withDefault({ kind: 'integer', min: 2, max: 12, unit: 'faces', help: 'faces per die', default: 6 }),
      minPlayers: withDefault({ kind: 'integer', min: 2, max: 10, unit: 'players', help: 'smallest table accepted (the usual table is 2–8)', default: 2 }),
      maxPlayers: withDefault({ kind: 'integer', min: { ref: 'minPlayers' }, max: 10, unit: 'players', help: 'largest table accepted', default: 10 }),
      wildOnes: withDefault({ kind: 'boolean', help: '1s count as any face', default: true }),
      onesBidCancelsWilds: withDefault({ kind: 'boolean', help: 'from the first bid on 1s until the round ends, 1s count only as 1s', default: true }),
      onesRankHighest: withDefault({ kind: 'boolean', help: 'bid order … < 5 < 6 < 1 (false: 1 < 2 < … < 6)', default: true }),
      outOfTurnCalls: withDefault({ kind: 'boolean', help: 'anyone may call liar at any time, not only the player to move', default: true }),
      multipleCalls: withDefault({ kind: 'boolean', help: 'a caller may challenge several earlier bids at once', default: true }),
      nextOpener: withDefault({ kind: 'enum', values: ['lastLoser', 'firstLoser'], help: 'who opens the next round when one call produced several losers', default: 'lastLoser', assumed: 'the rules page does not say; the last loser resolved' }),
    },
  },
};

/** The shipped rules, rules/liars-dice/default.json (the contract test checks they are equal); missing fields take these values. */
export const DEFAULT_RULES = defaults(schema) as unknown as LiarsRules;

export function validateRules(raw: unknown, where = 'rules'): LiarsRules {
  return validate(schema, raw, where) as LiarsRules;
}

/**
 * A shipped preset by name (rules/liars-dice/<name>.json, default "default") or a rules file, with
 * `--set field=value` overrides; validated.
 */
export function loadRules(nameOrPath?: string, sets: readonly string[] = []): LiarsRules {
  return loadRulesFile('liars-dice', nameOrPath, validateRules, sets);
}

/** Bids are ranked integers: rank = (count − 1) · sides + faceRank(face); a higher rank is a higher bid. */
export function faceRank(rules: Pick<LiarsRules, 'sides' | 'onesRankHighest'>, face: number): number {
  if (!rules.onesRankHighest) return face - 1;
  return face === 1 ? rules.sides - 1 : face - 2;
}

export function faceOfRank(rules: Pick<LiarsRules, 'sides' | 'onesRankHighest'>, r: number): number {
  if (!rules.onesRankHighest) return r + 1;
  return r === rules.sides - 1 ? 1 : r + 2;
}

export function bidRank(rules: Pick<LiarsRules, 'sides' | 'onesRankHighest'>, count: number, face: number): number {
  return (count - 1) * rules.sides + faceRank(rules, face);
}

export function bidCount(rules: Pick<LiarsRules, 'sides'>, rank: number): number {
  return Math.floor(rank / rules.sides) + 1;
}

export function bidFace(rules: Pick<LiarsRules, 'sides' | 'onesRankHighest'>, rank: number): number {
  return faceOfRank(rules, rank % rules.sides);
}

export function bidText(rules: Pick<LiarsRules, 'sides' | 'onesRankHighest'>, rank: number): string {
  return `${bidCount(rules, rank)}x${bidFace(rules, rank)}`;
}

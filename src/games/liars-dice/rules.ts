import { loadRulesFile } from '../../core/rules.js';
import { boolean, integer, object, onlyKeys, string } from '../../core/validate.js';

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

const KEYS = ['name', 'dicePerPlayer', 'sides', 'minPlayers', 'maxPlayers', 'wildOnes', 'onesBidCancelsWilds', 'onesRankHighest', 'outOfTurnCalls', 'multipleCalls', 'nextOpener'] as const;

/** The shipped rules, rules/liars-dice/default.json (the contract test checks they are equal); missing fields take these values. */
export const DEFAULT_RULES: LiarsRules = {
  name: "Liar's Dice (five-dice drinking game, rules page of the project)",
  dicePerPlayer: 5,
  sides: 6,
  minPlayers: 2,
  maxPlayers: 10,
  wildOnes: true,
  onesBidCancelsWilds: true,
  onesRankHighest: true,
  outOfTurnCalls: true,
  multipleCalls: true,
  nextOpener: 'lastLoser',
};

/** The name of a rules file that gives none. */
const UNNAMED = "Liar's Dice";

export function validateRules(raw: unknown, where = 'rules'): LiarsRules {
  const o = object(raw, where);
  onlyKeys(o, where, KEYS);
  const d = DEFAULT_RULES;
  const minPlayers = integer(o.minPlayers ?? d.minPlayers, `${where}.minPlayers`, 2, 10);
  const r: LiarsRules = {
    name: o.name === undefined ? UNNAMED : string(o.name, `${where}.name`),
    dicePerPlayer: integer(o.dicePerPlayer ?? d.dicePerPlayer, `${where}.dicePerPlayer`, 1, 20),
    sides: integer(o.sides ?? d.sides, `${where}.sides`, 2, 12),
    minPlayers,
    maxPlayers: integer(o.maxPlayers ?? d.maxPlayers, `${where}.maxPlayers`, minPlayers, 10),
    wildOnes: boolean(o.wildOnes ?? d.wildOnes, `${where}.wildOnes`),
    onesBidCancelsWilds: boolean(o.onesBidCancelsWilds ?? d.onesBidCancelsWilds, `${where}.onesBidCancelsWilds`),
    onesRankHighest: boolean(o.onesRankHighest ?? d.onesRankHighest, `${where}.onesRankHighest`),
    outOfTurnCalls: boolean(o.outOfTurnCalls ?? d.outOfTurnCalls, `${where}.outOfTurnCalls`),
    multipleCalls: boolean(o.multipleCalls ?? d.multipleCalls, `${where}.multipleCalls`),
    nextOpener: string(o.nextOpener ?? d.nextOpener, `${where}.nextOpener`, ['lastLoser', 'firstLoser']) as LiarsRules['nextOpener'],
  };
  return r;
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

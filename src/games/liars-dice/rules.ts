import { readJsonFile } from '../../core/files.js';
import { rulesPath } from '../../core/paths.js';
import { boolean, integer, object, onlyKeys, string } from '../../core/validate.js';

/**
 * The Liar's Dice rules as data (rules page `../shared/rules/liars-dice.md`). Every item the page
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

export function validateRules(raw: unknown, where = 'rules'): LiarsRules {
  const o = object(raw, where);
  onlyKeys(o, where, KEYS);
  const minPlayers = integer(o.minPlayers ?? 2, `${where}.minPlayers`, 2, 10);
  const r: LiarsRules = {
    name: o.name === undefined ? 'Liar\'s Dice' : string(o.name, `${where}.name`),
    dicePerPlayer: integer(o.dicePerPlayer ?? 5, `${where}.dicePerPlayer`, 1, 20),
    sides: integer(o.sides ?? 6, `${where}.sides`, 2, 12),
    minPlayers,
    maxPlayers: integer(o.maxPlayers ?? 10, `${where}.maxPlayers`, minPlayers, 10),
    wildOnes: boolean(o.wildOnes ?? true, `${where}.wildOnes`),
    onesBidCancelsWilds: boolean(o.onesBidCancelsWilds ?? true, `${where}.onesBidCancelsWilds`),
    onesRankHighest: boolean(o.onesRankHighest ?? true, `${where}.onesRankHighest`),
    outOfTurnCalls: boolean(o.outOfTurnCalls ?? true, `${where}.outOfTurnCalls`),
    multipleCalls: boolean(o.multipleCalls ?? true, `${where}.multipleCalls`),
    nextOpener: string(o.nextOpener ?? 'lastLoser', `${where}.nextOpener`, ['lastLoser', 'firstLoser']) as LiarsRules['nextOpener'],
  };
  return r;
}

/** The shipped default rules, or a rules file the user named. */
export function loadRules(file?: string): LiarsRules {
  const path = file ?? rulesPath('liars-dice', 'default');
  return validateRules(readJsonFile(path, 'rules file'), file ?? 'rules/liars-dice/default.json');
}

export const DEFAULT_RULES: LiarsRules = validateRules({});

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

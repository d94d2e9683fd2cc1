import { loadRulesFile } from '../../../core/rules.js';
import { UserError } from '../../../core/errors.js';
import { validate, type Field, type ObjectField, type RulesSchema } from '../../../core/schema.js';

/**
 * A push-your-luck dice game of the Farkle family, as data. Wulong is the default file; the same
 * model holds six-dice Farkle/10000 (per-face n-of-a-kind tables, "each extra die doubles",
 * straights, three pairs, a minimum total to bank).
 */
export interface Face {
  id: string;
  name: string;
  /** value of setting aside k dice of this face as one unit, by k ("1": single, "3": three of a kind…) */
  score: Record<string, number>;
  /** dice beyond the largest listed count: each doubles the value, or they do not form a larger unit */
  beyond?: 'double' | 'none';
}

export interface Straight {
  name: string;
  faces: string[];
  score: number;
}

/**
 * A named multi-set pattern over distinct faces: `counts` [3, 3] is two triplets, [4, 2] four of a
 * kind with a pair, [2, 2, 2] three pairs. Any faces fill it (each part a different face), or only
 * those in `faces` when given.
 */
export interface Pattern {
  name: string;
  counts: number[];
  score: number;
  faces?: string[];
}

/** n of a kind for faces whose own table does not list n: a multiple of the face's three of a kind, or a fixed score. */
export interface OfAKind {
  times?: number;
  score?: number;
}

/** A roll of `dice` dice that scores nothing is worth `score` and every die is rolled again (Zilch's six-dice "no score" roll). */
export interface ScorelessRoll {
  dice: number;
  score: number;
}

export interface BettingCard {
  id: string;
  name: string;
  /** final turn score range, inclusive; max null = no upper bound */
  min: number;
  max: number | null;
  /** a winning stake x pays x × odds (and the stake comes back) */
  odds: number;
}

export interface InstantWin {
  name: string;
  face: string;
  count: number;
  /** worth of the outcome where one number is needed: turn total + value */
  value: number;
  /** whether bets placed on the turn are settled when it happens (the rulebook is silent) */
  betsSettled: boolean;
}

export interface WulongRules {
  name: string;
  dice: number;
  faces: Face[];
  straights: Straight[];
  threePairs: { score: number } | null;
  /** named multi-set patterns (two triplets, four of a kind + pair, four pairs…) */
  patterns?: Pattern[];
  /** n of a kind by multiplier of the triple or fixed score, keyed by n */
  ofAKind?: Record<string, OfAKind>;
  /** scoreless rolls that score anyway (and are rolled again) */
  scoreless?: ScorelessRoll[];
  /** points lost from the banked score on a bust (cross-turn: the race solver applies it; a single turn ends at 0 either way) */
  bustPenalty?: number;
  /** the count-th bust in a row costs `penalty` more and resets the count (cross-turn: race solver only) */
  consecutiveBusts?: { count: number; penalty: number } | null;
  /** a player's first bank must be at least this ("getting on the board"; cross-turn: race solver only) */
  openingMinimum?: number;
  /** lowest banked score a bust penalty can take a player to (≤ 0; absent = 0: scores never go below zero; race solver only) */
  bankFloor?: number;
  /** where the rules come from */
  source?: string;
  hotDice: boolean;
  minimumBank: number;
  instantWin: InstantWin | null;
  bettingCards: BettingCard[];
  allIn: { limit: number; odds: number };
  /** the full game's settings (cash, safes, minimum bets): validated with the file, completed by validateGameRules */
  game?: Record<string, unknown>;
  /**
   * true: a combination in a roll (n of a kind, n ≥ 3, or a straight) is set aside whole or not at
   * all — the literal "all dice involved must be selected"; false (default): part of it may be set
   * aside (three of four 4s as a triple). Absent = false.
   */
  wholeCombinations?: boolean;
  /** what passive players can read: `readAccuracy` a ∈ [0, 1] of the tell (docs/rules/wulong.md); absent = 0 */
  betting?: { readAccuracy: number };
}

const MAX_SCORE = 10_000_000;

const points = (help: string, min = 1) => ({ kind: 'integer', min, max: MAX_SCORE, unit: 'points', help }) as const;
const faceOf = (help: string) => ({ kind: 'valueOf', list: 'faces', key: 'id', help }) as const;
/** keys that count dice: "1" a single, "3" three of a kind… */
const diceCounts = (min: number) => ({ min, max: { ref: 'dice' }, name: 'count', say: 'counts must be whole numbers' }) as const;

/** The full game's players: 2..5 (the rulebook's box). */
export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 5;
const MONEY = 100_000_000;
const money = (help: string, min: number, def: number) => ({ kind: 'number', min, max: MONEY, whole: 'money', unit: 'money', help, default: def, ifAbsent: def }) as const;
const amount = (help: string, min: number) => ({ kind: 'number', min, max: MONEY, whole: 'money', unit: 'money', help }) as const;
const MINIMUM_BET = [0, 10000, 20000, 30000, 40000, 50000].map((fortune, i) => ({ fortune, bet: i === 0 ? 500 : fortune / 10 }));

/**
 * The `game` section: the full game's settings (validated with the file; a missing field takes
 * the rulebook's value). Every number of the rulebook and every assumption of
 * docs/rules/wulong.md that concerns whole games is a field.
 */
export const gameSection: ObjectField = {
  kind: 'object',
  optional: true,
  help: 'the full game',
  fields: {
    startingCash: money('each player\'s cash at the start (4 × 500 + 3 × 1,000)', 0, 5000),
    chip: money('smallest chip: stakes and raises are whole multiples of it', 1, 500),
    minimumBet: {
      kind: 'list',
      minLength: 1,
      maxLength: 50,
      help: 'minimum bet by fortune: the last entry whose fortune ≤ the player\'s applies (the first has fortune 0, then rising)',
      default: MINIMUM_BET,
      ifAbsent: MINIMUM_BET,
      of: { kind: 'object', help: 'a row', fields: { fortune: amount('from this fortune', 0), bet: amount('the minimum bet', 0) } },
    },
    safes: {
      kind: 'object',
      help: 'the safe cards',
      ifAbsent: {},
      fields: {
        count: { kind: 'integer', min: 1, max: 20, unit: 'safes', help: 'safe cards, stacked; the game ends when the last closes', default: 4, ifAbsent: 4 },
        limitByPlayers: { kind: 'map', of: amount('limit', 1), keys: { min: MIN_PLAYERS, max: MAX_PLAYERS, name: 'key', say: 'keys are player counts' }, unit: 'money', help: 'a safe\'s limit by number of players (the rulebook prints only 3 → 15,000)', default: { 3: 15000 }, ifAbsent: { 3: 15000 } },
        limitPerPlayer: { ...money('the limit for player counts not listed: this × players', 1, 5000), assumed: 'the printed 15,000 for 3 players, per player' },
        allInSides: {
          kind: 'list',
          optional: true,
          of: { kind: 'object', help: 'an all-in side', fields: { limit: amount('all-in limit', 0), odds: { kind: 'number', min: 0, max: 1000, help: 'all-in odds' } } },
          minLength: { ref: 'count' },
          maxLength: { ref: 'count' },
          help: 'the all-in side of each safe once closed, one per safe (absent: the all-in card\'s limit and odds)',
          default: [1, 2, 3, 4].map(() => ({ limit: 1000, odds: 10 })),
          assumed: 'not printed: the base card\'s limit 1,000 at 1:10',
        },
      },
    },
    endFortune: money('a fortune at least this large at the end of a turn ends the game', 1, 60000),
    instantWin: { kind: 'enum', values: ['wins-game', 'scores'], help: 'wins-game: the instant win ends the game, its roller wins; scores: it only scores (turn total + instantWin.value)', default: 'wins-game', ifAbsent: 'wins-game' },
    shortStack: { kind: 'enum', values: ['bet-all', 'sit-out'], help: 'a passive player below the minimum bet stakes what he has, or skips the turn', default: 'bet-all', ifAbsent: 'bet-all', assumed: 'the initial bet is compulsory' },
    ties: { kind: 'enum', values: ['split', 'none'], help: 'equal largest fortunes share the win, or nobody wins', default: 'split', ifAbsent: 'split', assumed: 'the rulebook names no tie-break' },
    maxTurns: { kind: 'integer', min: 1, max: 1_000_000, unit: 'turns', help: 'safety stop: a game still running after this many turns ends, largest fortune wins', default: 5000, ifAbsent: 5000 },
    notes: { kind: 'string', optional: true, drop: true, help: 'notes (ignored)' },
  },
};

/** The checks of the `game` section a tree cannot say (`at`: its name, "rules: game"). */
export function checkGameSection(g: { minimumBet: { fortune: number }[] }, at: string): void {
  const m = g.minimumBet;
  if (m[0].fortune !== 0) throw new UserError(`${at}.minimumBet[0].fortune must be 0 (the first entry covers every fortune from 0; got ${m[0].fortune})`);
  for (let i = 1; i < m.length; i++) {
    if (m[i].fortune <= m[i - 1].fortune) throw new UserError(`${at}.minimumBet[${i}].fortune must be larger than minimumBet[${i - 1}].fortune (${m[i - 1].fortune}); got ${m[i].fortune}`);
  }
}

/** A turn's rules file, field by field: the one source of validation, defaults, `--set` paths and docs. */
const fields: Record<string, Field> = {
  name: { kind: 'string', help: 'what the rules are called', default: 'Wulong (rulebook)', ifAbsent: 'unnamed rules' },
  description: { kind: 'string', optional: true, drop: true, help: 'a description (ignored)' },
  dice: { kind: 'integer', min: 1, max: 8, unit: 'dice', help: 'dice rolled at the start of a turn (and again after hot dice)', default: 5 },
  faces: {
    kind: 'list',
    minLength: 2,
    maxLength: 12,
    distinct: { key: 'id', say: 'face ids' },
    help: 'the faces of a die, in rank order (Wulong: Dragon, Tiger, 3…6)',
    assumed: 'the 5s and 6s rows (faces[4].score, faces[5].score): the printed table is cut after the 4s; they follow its pattern, n × 1,000 / 5,000 / 10,000',
    default: [
      { id: 'D', name: 'Dragon', score: { 1: 1000, 2: 2000, 3: 10000, 4: 50000 } },
      { id: 'T', name: 'Tiger', score: { 1: 500, 2: 1000, 3: 2500, 4: 10000, 5: 20000 } },
      { id: '3', name: '3', score: { 3: 3000, 4: 15000, 5: 30000 } },
      { id: '4', name: '4', score: { 3: 4000, 4: 20000, 5: 40000 } },
      { id: '5', name: '5', score: { 3: 5000, 4: 25000, 5: 50000 } },
      { id: '6', name: '6', score: { 3: 6000, 4: 30000, 5: 60000 } },
    ],
    of: {
      kind: 'object',
      help: 'a face',
      fields: {
        id: { kind: 'string', help: 'what rolls and set-asides call the face (D, T, 3…); distinct' },
        name: { kind: 'string', help: 'the face\'s name (absent: its id)', ifAbsentFrom: { ref: 'id' } },
        score: { kind: 'map', of: points(''), keys: diceCounts(1), unit: 'points', help: 'value of setting aside k dice of this face as one unit, by k ("1": a single, "3": three of a kind)' },
        beyond: { kind: 'enum', values: ['double', 'none'], help: 'dice beyond the largest count listed: each doubles the value, or they form no larger unit', ifAbsent: 'none' },
      },
    },
  },
  straights: {
    kind: 'list',
    minLength: 0,
    maxLength: 100,
    ifAbsent: [],
    help: 'straights: these faces, one die each, in one roll',
    assumed: 'which five-dice straight is which (printed as icons only): "a tiger straight scoring 5,000", so D-T-3-4-5 is the Dragon straight at 10,000',
    default: [
      { name: 'Dragon straight', faces: ['D', 'T', '3', '4', '5'], score: 10000 },
      { name: 'Tiger straight', faces: ['T', '3', '4', '5', '6'], score: 5000 },
    ],
    of: {
      kind: 'object',
      help: 'a straight',
      fields: {
        name: { kind: 'string', help: 'the straight\'s name (absent: its faces, D-T-3-4-5)', ifAbsentFrom: { ref: 'faces', join: '-' } },
        faces: { kind: 'list', of: faceOf('a face'), minLength: 1, maxLength: { ref: 'dice' }, help: 'the faces it needs' },
        score: points('its value'),
      },
    },
  },
  threePairs: { kind: 'object', nullable: true, ifAbsent: null, default: null, help: 'three pairs in one roll (null: not a unit; needs 6 dice or more)', fields: { score: points('their value') } },
  hotDice: { kind: 'boolean', help: 'once every die is set aside the player may roll them all again, keeping the total', default: true, ifAbsent: true },
  minimumBank: { ...points('a turn total needed before the player may stop', 0), default: 0, ifAbsent: 0 },
  instantWin: {
    kind: 'object',
    nullable: true,
    ifAbsent: null,
    help: 'a roll that wins the game at once (null: none)',
    fields: {
      name: { kind: 'string', help: 'its name', default: 'Wulong', ifAbsent: 'instant win' },
      face: { ...faceOf('the face'), default: 'D' },
      count: { kind: 'integer', min: 1, max: { ref: 'dice' }, unit: 'dice', help: 'that many dice of the face in one roll', default: 5 },
      value: { ...points('its worth where one number is needed (turn analyses): turn total + this', 0), default: 60000, assumed: 'the end-of-game fortune: it wins as a fortune would' },
      betsSettled: { kind: 'boolean', help: 'bets placed on the turn are settled when it happens', default: false, ifAbsent: false, assumed: 'the rulebook is silent; the game ends at once, so the stakes go back' },
    },
  },
  bettingCards: {
    kind: 'list',
    minLength: 0,
    maxLength: 100,
    ifAbsent: [],
    help: 'the cards passive players bet on (the full game needs 1..8)',
    default: [
      { id: 'tiger', name: 'Revenge of the Tiger', min: 0, max: 0, odds: 1 },
      { id: 'crane', name: 'Dance of the Crane', min: 500, max: 5000, odds: 1 },
      { id: 'panda', name: 'Path of the Panda', min: 5500, max: 10000, odds: 2 },
      { id: 'dragon', name: 'Rise of the Dragon', min: 10500, max: null, odds: 4 },
    ],
    of: {
      kind: 'object',
      help: 'a betting card',
      fields: {
        id: { kind: 'string', help: 'what strategies and --set call the card' },
        name: { kind: 'string', help: 'the card\'s name (absent: its id)', ifAbsentFrom: { ref: 'id' } },
        min: points('the lowest final turn score it wins on', 0),
        max: { ...points('the highest (null: no upper bound)'), min: { ref: 'min' }, nullable: true, ifAbsent: null },
        odds: { kind: 'number', min: 0, max: 1000, help: 'a winning stake x pays x × odds (and the stake comes back)' },
      },
    },
  },
  allIn: {
    kind: 'object',
    ifAbsent: { limit: 0, odds: 1 },
    help: 'the all-in card',
    fields: {
      limit: { ...points('a player whose fortune is at most this may stake it all on his card', 0), default: 1000 },
      odds: { kind: 'number', min: 0, max: 1000, help: 'a winning all-in pays these odds instead of the card\'s', default: 10 },
    },
  },
  game: gameSection,
  notes: { kind: 'string', optional: true, drop: true, help: 'notes (ignored)' },
  patterns: {
    kind: 'list',
    optional: true,
    minLength: 0,
    maxLength: 100,
    help: 'named multi-set patterns over distinct faces: [3, 3] two triplets, [4, 2] four of a kind with a pair',
    of: {
      kind: 'object',
      help: 'a pattern',
      fields: {
        name: { kind: 'string', help: 'its name (absent: its counts, 3+3)', ifAbsentFrom: { ref: 'counts', join: '+' } },
        counts: { kind: 'list', of: { kind: 'integer', min: 1, max: { ref: 'dice' }, unit: 'dice', help: 'a part' }, minLength: 1, maxLength: { ref: 'dice' }, help: 'dice of each part, each part a different face (at most dice in all)' },
        score: points('its value'),
        faces: { kind: 'list', optional: true, of: faceOf('a face'), minLength: { ref: 'counts', length: true }, maxLength: { ref: 'faces', length: true }, help: 'the faces that may fill the parts (absent: any)' },
      },
    },
  },
  ofAKind: {
    kind: 'map',
    optional: true,
    keys: diceCounts(3),
    help: 'n of a kind for faces whose own score table does not list n: exactly one of times or score',
    of: {
      kind: 'object',
      help: 'n of a kind',
      fields: {
        times: { kind: 'number', optional: true, min: 0.01, max: 1000, help: 'a multiple of the face\'s three of a kind' },
        score: { ...points('a fixed score'), optional: true },
      },
    },
  },
  scoreless: {
    kind: 'list',
    optional: true,
    minLength: 0,
    maxLength: 100,
    help: 'a roll of that many dice scoring nothing scores anyway and every die is rolled again (needs hotDice)',
    of: { kind: 'object', help: 'a scoreless roll', fields: { dice: { kind: 'integer', min: 1, max: { ref: 'dice' }, unit: 'dice', help: 'dice rolled' }, score: points('its value') } },
  },
  bustPenalty: { ...points('lost from the banked score on a bust (race solver only)', 0), optional: true },
  consecutiveBusts: {
    kind: 'object',
    optional: true,
    nullable: true,
    help: 'the count-th bust in a row costs penalty more and the count starts again (race solver only)',
    fields: { count: { kind: 'integer', min: 1, max: 10, unit: 'busts', help: 'busts in a row' }, penalty: points('what they cost', 0) },
  },
  openingMinimum: { ...points('a player\'s first bank must be at least this (race solver only)', 0), optional: true },
  bankFloor: { ...points('the lowest banked score a bust penalty can take a player to (absent: 0; race solver only)', -MAX_SCORE), max: 0, optional: true },
  source: { kind: 'string', optional: true, help: 'where the rules come from' },
  wholeCombinations: { kind: 'boolean', optional: true, help: 'a combination in a roll is set aside whole or not at all (absent: false, a part may be)', default: false, assumed: '"all dice involved must be selected" read as: to score a combination, lay aside all its dice' },
  betting: {
    kind: 'object',
    optional: true,
    help: 'what passive players can read',
    fields: { readAccuracy: { kind: 'number', min: 0, max: 1, help: 'accuracy of the read of the active player\'s hidden roll (docs/rules/wulong.md)', default: 0, ifAbsent: 0, assumed: 'no read: a tell is a person, not a rule' } },
  },
};

/** What a tree cannot say: what three pairs, patterns and scoreless rolls need, the game's bet table. */
function check(r: WulongRules & { game?: { minimumBet: { fortune: number }[] } }, where: string): void {
  const p = `${where}: `;
  if (r.threePairs !== null && r.dice < 6) throw new UserError(`${p}threePairs needs at least 6 dice (dice is ${r.dice})`);
  if (r.game) checkGameSection(r.game, `${p}game`);
  for (const [i, pat] of (r.patterns ?? []).entries()) {
    const at = `${p}patterns[${i}]`;
    if (pat.counts.reduce((a, b) => a + b, 0) > r.dice) throw new UserError(`${at}.counts: ${pat.counts.join('+')} dice is more than the ${r.dice} dice rolled`);
    if (pat.counts.length > (pat.faces?.length ?? r.faces.length)) throw new UserError(`${at}.counts needs ${pat.counts.length} different faces`);
  }
  for (const [k, e] of Object.entries(r.ofAKind ?? {})) {
    if ((e.times === undefined) === (e.score === undefined)) throw new UserError(`${p}ofAKind.${k}: give exactly one of times (a multiple of the face's three of a kind) or score`);
  }
  if (r.scoreless?.length && !r.hotDice) throw new UserError(`${p}scoreless needs hotDice: true (the dice are rolled again)`);
}

/** The rules file, field by field (rules/wulong/default.json and the Farkle presets). */
export const schema: RulesSchema = { game: 'wulong', sep: ': ', brackets: true, root: { kind: 'object', help: 'Wulong rules', fields }, check };

/** Validate a parsed rules file; every error names the field and what is allowed. */
export function validateRules(raw: unknown, where = 'rules'): WulongRules {
  return validate(schema, raw, where) as WulongRules;
}

/**
 * Load rules: the rulebook's (rules/wulong/default.json) by default, a shipped preset by name, or
 * a file (`rules/farkle/10000.json`); `sets` are `--set field=value` overrides, applied before
 * validation so errors name the field.
 */
export function loadRules(nameOrPath?: string, sets: readonly string[] = []): WulongRules {
  return loadRulesFile('wulong', nameOrPath, validateRules, sets);
}

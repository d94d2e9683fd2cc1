import { loadRulesFile } from '../../../core/rules.js';
import { UserError } from '../../../core/errors.js';
import * as v from '../../../core/validate.js';

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
  /** the full game's settings (cash, safes, minimum bets); validated by the game engine */
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

/** Validate a parsed rules file; every error names the field and what is allowed. */
export function validateRules(raw: unknown, where = 'rules'): WulongRules {
  const r = v.object(raw, where);
  const p = `${where}: `;
  v.onlyKeys(r, where, ['name', 'description', 'dice', 'faces', 'straights', 'threePairs', 'hotDice', 'minimumBank', 'instantWin', 'bettingCards', 'allIn', 'game', 'notes', 'patterns', 'ofAKind', 'scoreless', 'bustPenalty', 'consecutiveBusts', 'openingMinimum', 'bankFloor', 'source', 'wholeCombinations', 'betting']);
  const dice = v.integer(r.dice, `${p}dice`, 1, 8);
  const rawFaces = v.array(r.faces, `${p}faces`, 2, 12);
  const faces: Face[] = rawFaces.map((f, i) => {
    const at = `${p}faces[${i}]`;
    const o = v.object(f, at);
    v.onlyKeys(o, at, ['id', 'name', 'score', 'beyond']);
    const score = v.object(o.score, `${at}.score`);
    const clean: Record<string, number> = {};
    for (const [k, val] of Object.entries(score)) {
      const count = Number(k);
      if (!Number.isInteger(count) || count < 1 || count > dice) throw new UserError(`${at}.score has count "${k}": counts must be whole numbers 1..${dice}`);
      clean[String(count)] = v.integer(val, `${at}.score.${k}`, 1, MAX_SCORE);
    }
    const id = v.string(o.id, `${at}.id`);
    return { id, name: o.name === undefined ? id : v.string(o.name, `${at}.name`), score: clean, beyond: o.beyond === undefined ? 'none' : (v.string(o.beyond, `${at}.beyond`, ['double', 'none']) as 'double' | 'none') };
  });
  const ids = faces.map((f) => f.id);
  if (new Set(ids).size !== ids.length) throw new UserError(`${p}faces: face ids must be distinct (got ${ids.join(', ')})`);
  const faceId = (x: unknown, at: string) => v.string(x, at, ids);
  const straights: Straight[] = v.array(r.straights ?? [], `${p}straights`).map((s, i) => {
    const at = `${p}straights[${i}]`;
    const o = v.object(s, at);
    v.onlyKeys(o, at, ['name', 'faces', 'score']);
    const fs = v.array(o.faces, `${at}.faces`, 1, dice).map((x, j) => faceId(x, `${at}.faces[${j}]`));
    return { name: o.name === undefined ? fs.join('-') : v.string(o.name, `${at}.name`), faces: fs, score: v.integer(o.score, `${at}.score`, 1, MAX_SCORE) };
  });
  let threePairs: WulongRules['threePairs'] = null;
  if (r.threePairs !== null && r.threePairs !== undefined) {
    const o = v.object(r.threePairs, `${p}threePairs`);
    if (dice < 6) throw new UserError(`${p}threePairs needs at least 6 dice (dice is ${dice})`);
    threePairs = { score: v.integer(o.score, `${p}threePairs.score`, 1, MAX_SCORE) };
  }
  let instantWin: InstantWin | null = null;
  if (r.instantWin !== null && r.instantWin !== undefined) {
    const at = `${p}instantWin`;
    const o = v.object(r.instantWin, at);
    v.onlyKeys(o, at, ['name', 'face', 'count', 'value', 'betsSettled']);
    instantWin = {
      name: o.name === undefined ? 'instant win' : v.string(o.name, `${at}.name`),
      face: faceId(o.face, `${at}.face`),
      count: v.integer(o.count, `${at}.count`, 1, dice),
      value: v.integer(o.value, `${at}.value`, 0, MAX_SCORE),
      betsSettled: o.betsSettled === undefined ? false : v.boolean(o.betsSettled, `${at}.betsSettled`),
    };
  }
  const bettingCards: BettingCard[] = v.array(r.bettingCards ?? [], `${p}bettingCards`).map((c, i) => {
    const at = `${p}bettingCards[${i}]`;
    const o = v.object(c, at);
    v.onlyKeys(o, at, ['id', 'name', 'min', 'max', 'odds']);
    const min = v.integer(o.min, `${at}.min`, 0, MAX_SCORE);
    const max = o.max === null || o.max === undefined ? null : v.integer(o.max, `${at}.max`, min, MAX_SCORE);
    const id = v.string(o.id, `${at}.id`);
    return { id, name: o.name === undefined ? id : v.string(o.name, `${at}.name`), min, max, odds: v.number(o.odds, `${at}.odds`, 0, 1000) };
  });
  const allInRaw = v.object(r.allIn ?? { limit: 0, odds: 1 }, `${p}allIn`);
  v.onlyKeys(allInRaw, `${p}allIn`, ['limit', 'odds']);
  const rules: WulongRules = {
    name: r.name === undefined ? 'unnamed rules' : v.string(r.name, `${p}name`),
    dice,
    faces,
    straights,
    threePairs,
    hotDice: r.hotDice === undefined ? true : v.boolean(r.hotDice, `${p}hotDice`),
    minimumBank: r.minimumBank === undefined ? 0 : v.integer(r.minimumBank, `${p}minimumBank`, 0, MAX_SCORE),
    instantWin,
    bettingCards,
    allIn: { limit: v.integer(allInRaw.limit, `${p}allIn.limit`, 0, MAX_SCORE), odds: v.number(allInRaw.odds, `${p}allIn.odds`, 0, 1000) },
  };
  if (r.game !== undefined) rules.game = v.object(r.game, `${p}game`);
  // Family extensions: written only when present, so existing rules (and every output keyed on them) stay as they were.
  if (r.patterns !== undefined) {
    rules.patterns = v.array(r.patterns, `${p}patterns`).map((x, i) => {
      const at = `${p}patterns[${i}]`;
      const o = v.object(x, at);
      v.onlyKeys(o, at, ['name', 'counts', 'score', 'faces']);
      const counts = v.array(o.counts, `${at}.counts`, 1, dice).map((c, j) => v.integer(c, `${at}.counts[${j}]`, 1, dice));
      if (counts.reduce((a, b) => a + b, 0) > dice) throw new UserError(`${at}.counts: ${counts.join('+')} dice is more than the ${dice} dice rolled`);
      const pat: Pattern = { name: o.name === undefined ? counts.join('+') : v.string(o.name, `${at}.name`), counts, score: v.integer(o.score, `${at}.score`, 1, MAX_SCORE) };
      if (o.faces !== undefined) pat.faces = v.array(o.faces, `${at}.faces`, counts.length, faces.length).map((f, j) => faceId(f, `${at}.faces[${j}]`));
      if (counts.length > (pat.faces?.length ?? faces.length)) throw new UserError(`${at}.counts needs ${counts.length} different faces`);
      return pat;
    });
  }
  if (r.ofAKind !== undefined) {
    const o = v.object(r.ofAKind, `${p}ofAKind`);
    const out: Record<string, OfAKind> = {};
    for (const [k, val] of Object.entries(o)) {
      const n = Number(k);
      const at = `${p}ofAKind.${k}`;
      if (!Number.isInteger(n) || n < 3 || n > dice) throw new UserError(`${p}ofAKind has count "${k}": counts must be whole numbers 3..${dice}`);
      const e = v.object(val, at);
      v.onlyKeys(e, at, ['times', 'score']);
      if ((e.times === undefined) === (e.score === undefined)) throw new UserError(`${at}: give exactly one of times (a multiple of the face's three of a kind) or score`);
      out[String(n)] = e.times !== undefined ? { times: v.number(e.times, `${at}.times`, 0.01, 1000) } : { score: v.integer(e.score, `${at}.score`, 1, MAX_SCORE) };
    }
    rules.ofAKind = out;
  }
  if (r.scoreless !== undefined) {
    rules.scoreless = v.array(r.scoreless, `${p}scoreless`).map((x, i) => {
      const at = `${p}scoreless[${i}]`;
      const o = v.object(x, at);
      v.onlyKeys(o, at, ['dice', 'score']);
      return { dice: v.integer(o.dice, `${at}.dice`, 1, dice), score: v.integer(o.score, `${at}.score`, 1, MAX_SCORE) };
    });
    if (rules.scoreless.length && !rules.hotDice) throw new UserError(`${p}scoreless needs hotDice: true (the dice are rolled again)`);
  }
  if (r.bustPenalty !== undefined) rules.bustPenalty = v.integer(r.bustPenalty, `${p}bustPenalty`, 0, MAX_SCORE);
  if (r.consecutiveBusts !== undefined && r.consecutiveBusts !== null) {
    const at = `${p}consecutiveBusts`;
    const o = v.object(r.consecutiveBusts, at);
    v.onlyKeys(o, at, ['count', 'penalty']);
    rules.consecutiveBusts = { count: v.integer(o.count, `${at}.count`, 1, 10), penalty: v.integer(o.penalty, `${at}.penalty`, 0, MAX_SCORE) };
  }
  if (r.openingMinimum !== undefined) rules.openingMinimum = v.integer(r.openingMinimum, `${p}openingMinimum`, 0, MAX_SCORE);
  if (r.bankFloor !== undefined) rules.bankFloor = v.integer(r.bankFloor, `${p}bankFloor`, -MAX_SCORE, 0);
  if (r.source !== undefined) rules.source = v.string(r.source, `${p}source`);
  if (r.wholeCombinations !== undefined) rules.wholeCombinations = v.boolean(r.wholeCombinations, `${p}wholeCombinations`);
  if (r.betting !== undefined) {
    const o = v.object(r.betting, `${p}betting`);
    v.onlyKeys(o, `${p}betting`, ['readAccuracy']);
    rules.betting = { readAccuracy: o.readAccuracy === undefined ? 0 : v.number(o.readAccuracy, `${p}betting.readAccuracy`, 0, 1) };
  }
  return rules;
}

/**
 * Load rules: the rulebook's (rules/wulong/default.json) by default, a shipped preset by name, or
 * a file (`rules/farkle/10000.json`); `sets` are `--set field=value` overrides, applied before
 * validation so errors name the field.
 */
export function loadRules(nameOrPath?: string, sets: readonly string[] = []): WulongRules {
  return loadRulesFile('wulong', nameOrPath, validateRules, sets);
}

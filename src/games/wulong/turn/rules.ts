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
  hotDice: boolean;
  minimumBank: number;
  instantWin: InstantWin | null;
  bettingCards: BettingCard[];
  allIn: { limit: number; odds: number };
  /** the full game's settings (cash, safes, minimum bets); validated by the game engine */
  game?: Record<string, unknown>;
}

const MAX_SCORE = 10_000_000;

/** Validate a parsed rules file; every error names the field and what is allowed. */
export function validateRules(raw: unknown, where = 'rules'): WulongRules {
  const r = v.object(raw, where);
  const p = `${where}: `;
  v.onlyKeys(r, where, ['name', 'description', 'dice', 'faces', 'straights', 'threePairs', 'hotDice', 'minimumBank', 'instantWin', 'bettingCards', 'allIn', 'game', 'notes']);
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

import { UserError } from '../../../core/errors.js';
import * as v from '../../../core/validate.js';
import type { WulongRules } from '../turn/rules.js';

/**
 * The full game's settings: the `game` object of a Wulong rules file. Every number of the
 * rulebook and every assumption of `docs/rules/wulong.md` lives here so that a designer can change it.
 */
export interface GameRules {
  /** each player's cash at the start (rulebook: 5,000) */
  startingCash: number;
  /** smallest chip: stakes and raises are whole multiples of it (rulebook: 500) */
  chip: number;
  /** minimum bet by fortune: the last entry whose `fortune` ≤ the player's fortune applies */
  minimumBet: { fortune: number; bet: number }[];
  safes: {
    count: number;
    /** a safe's limit by number of players; the rulebook gives only 3 → 15,000 */
    limitByPlayers: Record<string, number>;
    /** limit for player counts not listed: this × players (assumed 5,000) */
    limitPerPlayer: number;
    /** the all-in side of each safe once closed (not printed; assumed the base card's 1,000 at 1:10) */
    allInSides: { limit: number; odds: number }[];
  };
  /** a fortune at least this large at the end of a turn ends the game (rulebook: 60,000) */
  endFortune: number;
  /** 'wins-game': the instant win (Wulong) ends the game, its roller wins; 'scores': it only scores turn total + its value and play goes on */
  instantWin: 'wins-game' | 'scores';
  /** a passive player whose fortune is below the minimum bet: 'bet-all' stakes what he has, 'sit-out' skips the turn (rulebook silent) */
  shortStack: 'bet-all' | 'sit-out';
  /** equal largest fortunes: 'split' shares the win, 'none' counts no winner (rulebook silent) */
  ties: 'split' | 'none';
  /** safety stop: a game still running after this many turns ends, largest fortune wins */
  maxTurns: number;
}

export const DEFAULT_GAME: GameRules = {
  startingCash: 5000,
  chip: 500,
  minimumBet: [
    { fortune: 0, bet: 500 },
    { fortune: 10000, bet: 1000 },
    { fortune: 20000, bet: 2000 },
    { fortune: 30000, bet: 3000 },
    { fortune: 40000, bet: 4000 },
    { fortune: 50000, bet: 5000 },
  ],
  safes: {
    count: 4,
    limitByPlayers: { '3': 15000 },
    limitPerPlayer: 5000,
    allInSides: [
      { limit: 1000, odds: 10 },
      { limit: 1000, odds: 10 },
      { limit: 1000, odds: 10 },
      { limit: 1000, odds: 10 },
    ],
  },
  endFortune: 60000,
  instantWin: 'wins-game',
  shortStack: 'bet-all',
  ties: 'split',
  maxTurns: 5000,
};

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 5;
const MONEY = 100_000_000;

/** A sum of money: a number in range (the message every rules error uses), and a whole one. */
function money(x: unknown, field: string, min: number, max: number): number {
  const n = v.number(x, field, min, max);
  if (!Number.isInteger(n)) throw new UserError(`${field} must be a whole number of money (got ${n})`);
  return n;
}

/** Validate the `game` object of a rules file (missing fields take the rulebook's values); errors name the field. */
export function validateGameRules(rules: WulongRules, where = 'rules'): GameRules {
  const at = `${where}: game`;
  const raw = rules.game === undefined ? {} : v.object(rules.game, at);
  v.onlyKeys(raw, at, ['startingCash', 'chip', 'minimumBet', 'safes', 'endFortune', 'instantWin', 'shortStack', 'ties', 'maxTurns', 'notes']);
  const d = DEFAULT_GAME;
  const chip = raw.chip === undefined ? d.chip : money(raw.chip, `${at}.chip`, 1, MONEY);
  const startingCash = raw.startingCash === undefined ? d.startingCash : money(raw.startingCash, `${at}.startingCash`, 0, MONEY);
  const minimumBet = raw.minimumBet === undefined
    ? d.minimumBet.map((x) => ({ ...x }))
    : v.array(raw.minimumBet, `${at}.minimumBet`, 1, 50).map((e, i) => {
      const f = `${at}.minimumBet[${i}]`;
      const o = v.object(e, f);
      v.onlyKeys(o, f, ['fortune', 'bet']);
      return { fortune: money(o.fortune, `${f}.fortune`, 0, MONEY), bet: money(o.bet, `${f}.bet`, 0, MONEY) };
    });
  if (minimumBet[0].fortune !== 0) throw new UserError(`${at}.minimumBet[0].fortune must be 0 (the first entry covers every fortune from 0; got ${minimumBet[0].fortune})`);
  for (let i = 1; i < minimumBet.length; i++) {
    if (minimumBet[i].fortune <= minimumBet[i - 1].fortune) {
      throw new UserError(`${at}.minimumBet[${i}].fortune must be larger than minimumBet[${i - 1}].fortune (${minimumBet[i - 1].fortune}); got ${minimumBet[i].fortune}`);
    }
  }
  const sr = raw.safes === undefined ? {} : v.object(raw.safes, `${at}.safes`);
  v.onlyKeys(sr, `${at}.safes`, ['count', 'limitByPlayers', 'limitPerPlayer', 'allInSides']);
  const count = sr.count === undefined ? d.safes.count : v.integer(sr.count, `${at}.safes.count`, 1, 20);
  const lbpRaw = sr.limitByPlayers === undefined ? d.safes.limitByPlayers : v.object(sr.limitByPlayers, `${at}.safes.limitByPlayers`);
  const limitByPlayers: Record<string, number> = {};
  for (const [k, val] of Object.entries(lbpRaw)) {
    const n = Number(k);
    if (!Number.isInteger(n) || n < MIN_PLAYERS || n > MAX_PLAYERS) throw new UserError(`${at}.safes.limitByPlayers has key "${k}": keys are player counts ${MIN_PLAYERS}..${MAX_PLAYERS}`);
    limitByPlayers[String(n)] = money(val, `${at}.safes.limitByPlayers.${k}`, 1, MONEY);
  }
  const limitPerPlayer = sr.limitPerPlayer === undefined ? d.safes.limitPerPlayer : money(sr.limitPerPlayer, `${at}.safes.limitPerPlayer`, 1, MONEY);
  const sidesRaw = sr.allInSides === undefined ? Array.from({ length: count }, () => ({ ...rules.allIn })) : v.array(sr.allInSides, `${at}.safes.allInSides`, count, count);
  const allInSides = sidesRaw.map((e, i) => {
    const f = `${at}.safes.allInSides[${i}]`;
    const o = v.object(e, f);
    v.onlyKeys(o, f, ['limit', 'odds']);
    return { limit: money(o.limit, `${f}.limit`, 0, MONEY), odds: v.number(o.odds, `${f}.odds`, 0, 1000) };
  });
  const g: GameRules = {
    startingCash,
    chip,
    minimumBet,
    safes: { count, limitByPlayers, limitPerPlayer, allInSides },
    endFortune: raw.endFortune === undefined ? d.endFortune : money(raw.endFortune, `${at}.endFortune`, 1, MONEY),
    instantWin: raw.instantWin === undefined ? d.instantWin : (v.string(raw.instantWin, `${at}.instantWin`, ['wins-game', 'scores']) as GameRules['instantWin']),
    shortStack: raw.shortStack === undefined ? d.shortStack : (v.string(raw.shortStack, `${at}.shortStack`, ['bet-all', 'sit-out']) as GameRules['shortStack']),
    ties: raw.ties === undefined ? d.ties : (v.string(raw.ties, `${at}.ties`, ['split', 'none']) as GameRules['ties']),
    maxTurns: raw.maxTurns === undefined ? d.maxTurns : v.integer(raw.maxTurns, `${at}.maxTurns`, 1, 1_000_000),
  };
  if (rules.bettingCards.length === 0) throw new UserError(`${where}: bettingCards must have at least one card for the full game`);
  if (rules.bettingCards.length > 8) throw new UserError(`${where}: bettingCards must have at most 8 cards for the full game (got ${rules.bettingCards.length})`);
  return g;
}

/** A player count for the game: whole number 2..5. */
export function checkPlayers(players: number, what = '--players'): number {
  if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS) {
    throw new UserError(`${what} must be an integer in ${MIN_PLAYERS}..${MAX_PLAYERS} (got ${players})`);
  }
  return players;
}

/** A safe's limit for this many players: the listed one, else limitPerPlayer × players. */
export function safeLimit(g: GameRules, players: number): number {
  return g.safes.limitByPlayers[String(players)] ?? g.safes.limitPerPlayer * players;
}

/** The minimum bet for a fortune. */
export function minimumBetFor(g: GameRules, fortune: number): number {
  let bet = g.minimumBet[0].bet;
  for (const e of g.minimumBet) if (fortune >= e.fortune) bet = e.bet;
  return bet;
}

import { UserError } from '../../../core/errors.js';
import { sectionDefaults, validateSection } from '../../../core/schema.js';
import { MAX_PLAYERS, MIN_PLAYERS, checkGameSection, gameSection, schema, type WulongRules } from '../turn/rules.js';

/**
 * The full game's settings: the `game` object of a Wulong rules file, as the rules schema's
 * `gameSection` (turn/rules.ts) describes and validates it. Every number of the rulebook and every
 * assumption of `docs/rules/wulong.md` is a field there so that a designer can change it.
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

/** The rulebook's game: the defaults of the rules schema's `game` section (equal to default.json's, a test checks). */
export const DEFAULT_GAME = sectionDefaults(gameSection) as unknown as GameRules;

export { MIN_PLAYERS, MAX_PLAYERS };

/**
 * The `game` section of the rules, validated by the rules schema (missing fields take the
 * rulebook's values; a section built in code is checked the same way); errors name the field.
 */
export function validateGameRules(rules: WulongRules, where = 'rules'): GameRules {
  const at = `${where}: game`;
  const g = validateSection(schema, gameSection, rules.game ?? {}, at) as unknown as GameRules;
  checkGameSection(g, at);
  // an all-in side not written is the all-in card's (the base card's values)
  g.safes.allInSides ??= Array.from({ length: g.safes.count }, () => ({ ...rules.allIn }));
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

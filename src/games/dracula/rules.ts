/**
 * Dracula vs Van Helsing rules as data. Every number or choice a designer may change is a field of
 * rules/dracula/default.json; validation names the bad field and the allowed range.
 */
import { UserError } from '../../core/errors.js';
import { loadRulesFile } from '../../core/rules.js';
import { array, boolean, integer, object, onlyKeys, string } from '../../core/validate.js';

/** What a discarded card does, by value (index 0 = value 1). */
export const EFFECTS = ['revealOwn', 'revealTop', 'revealOpponent', 'swapOwn', 'extraTurn', 'swapOpponent', 'moveTrump', 'endRound', 'none'] as const;
export type Effect = (typeof EFFECTS)[number];
export const EFFECT_CODE: Record<Effect, number> = Object.fromEntries(EFFECTS.map((e, i) => [e, i])) as Record<Effect, number>;
export const FX_REVEAL_OWN = 0, FX_REVEAL_TOP = 1, FX_REVEAL_OPP = 2, FX_SWAP_OWN = 3, FX_EXTRA = 4, FX_SWAP_OPP = 5, FX_TRUMP = 6, FX_END = 7, FX_NONE = 8;

export const FIRST_PLAYERS = ['dracula', 'helsing', 'alternate'] as const;
export type FirstPlayer = (typeof FIRST_PLAYERS)[number];

/**
 * Which way the weathervane points when the districts are resolved: set at random each round
 * (assumed), always left to right (the order before the vane was modelled), always right to left,
 * or turning every round (left to right in round 1).
 */
export const WEATHERVANES = ['random', 'leftToRight', 'rightToLeft', 'alternate'] as const;
export type Weathervane = (typeof WEATHERVANES)[number];

export interface DraculaRules {
  name: string;
  /** suits in the deck (each a token on the ranking track; the rightmost is trump) */
  suits: number;
  /** values 1..values in each suit */
  values: number;
  /** districts = cards in each hand (card position = district) */
  districts: number;
  /** humans in each district: this many vampires in one district and Dracula wins */
  humansPerDistrict: number;
  /** Dracula's health points (12 assumed: the help text does not say) */
  health: number;
  /** rounds; Dracula wins if he survives them all */
  rounds: number;
  /** who takes the first turn of each round ('alternate': Dracula in round 1, then taking turns) */
  firstPlayer: FirstPlayer;
  /** initial suit ranking: 'random' (the help text) or 'fixed' (suit 0 lowest, last suit trump) */
  ranking: 'random' | 'fixed';
  /** draw a new random ranking at the start of every round (the help text: only at the start of the game) */
  rankingEachRound: boolean;
  /** which way the districts are resolved each round (the help text: "in the direction the weathervane is pointing") */
  weathervane: Weathervane;
  /** the effect of each value when discarded, index 0 = value 1 (entries past `values` are unused, so a smaller deck keeps the list) */
  effects: Effect[];
  /** cards that must be in the discard pile before a player may call the end of the round */
  callEndMinDiscard: number;
  /** cards that must be in the discard pile before an endRound card may be discarded */
  endRoundMinDiscard: number;
  /** after a call, the opponent takes one last turn (the help text) */
  lastTurnAfterCall: boolean;
  /** an extraTurn card discarded during that last turn gives another turn (assumed) */
  extraTurnOnLastTurn: boolean;
  /** the top card revealed by revealTop is seen by both players (assumed) or only by the player who discarded */
  revealTopToBoth: boolean;
}

const KEYS = ['name', 'suits', 'values', 'districts', 'humansPerDistrict', 'health', 'rounds', 'firstPlayer', 'ranking', 'rankingEachRound', 'weathervane', 'effects', 'callEndMinDiscard', 'endRoundMinDiscard', 'lastTurnAfterCall', 'extraTurnOnLastTurn', 'revealTopToBoth'] as const;

/** Largest deck the engine's tables allow (cards are small integers). */
export const MAX_CARDS = 64;

export function validateRules(raw: unknown, where: string): DraculaRules {
  const o = object(raw, where);
  onlyKeys(o, where, KEYS);
  const f = (k: string) => `${where}: ${k}`;
  const suits = integer(o.suits, f('suits'), 2, 8);
  const values = integer(o.values, f('values'), 1, 16);
  const districts = integer(o.districts, f('districts'), 1, 8);
  if (suits * values > MAX_CARDS) throw new UserError(`${f('values')}: suits × values must be at most ${MAX_CARDS} (got ${suits} × ${values})`);
  if (suits * values < 2 * districts + 1) throw new UserError(`${f('districts')}: the deck (suits × values = ${suits * values}) must hold both hands and one card to draw, so districts must be at most ${Math.floor((suits * values - 1) / 2)} (got ${districts})`);
  const effects = array(o.effects, f('effects'), values, 16).map((e, i) => string(e, f(`effects.${i}`), EFFECTS) as Effect);
  return {
    name: o.name === undefined ? 'custom' : string(o.name, f('name')),
    suits,
    values,
    districts,
    humansPerDistrict: integer(o.humansPerDistrict, f('humansPerDistrict'), 1, 100),
    health: integer(o.health, f('health'), 1, 1000),
    rounds: integer(o.rounds, f('rounds'), 1, 100),
    firstPlayer: string(o.firstPlayer, f('firstPlayer'), FIRST_PLAYERS) as FirstPlayer,
    ranking: string(o.ranking, f('ranking'), ['random', 'fixed']) as 'random' | 'fixed',
    rankingEachRound: boolean(o.rankingEachRound, f('rankingEachRound')),
    weathervane: string(o.weathervane, f('weathervane'), WEATHERVANES) as Weathervane,
    effects,
    callEndMinDiscard: integer(o.callEndMinDiscard, f('callEndMinDiscard'), 0, MAX_CARDS),
    endRoundMinDiscard: integer(o.endRoundMinDiscard, f('endRoundMinDiscard'), 0, MAX_CARDS),
    lastTurnAfterCall: boolean(o.lastTurnAfterCall, f('lastTurnAfterCall')),
    extraTurnOnLastTurn: boolean(o.extraTurnOnLastTurn, f('extraTurnOnLastTurn')),
    revealTopToBoth: boolean(o.revealTopToBoth, f('revealTopToBoth')),
  };
}

/** Rules from a preset name (rules/dracula/<name>.json) or a file path, with `--set` overrides. */
export function loadRules(nameOrPath?: string, sets: readonly string[] = []): DraculaRules {
  return loadRulesFile('dracula', nameOrPath, validateRules, sets);
}

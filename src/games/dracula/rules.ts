/**
 * Dracula vs Van Helsing rules as data. Every number or choice a designer may change is a field of
 * rules/dracula/default.json; validation names the bad field and the allowed range.
 */
import { UserError } from '../../core/errors.js';
import { loadRulesFile } from '../../core/rules.js';
import { validate, type RulesSchema } from '../../core/schema.js';

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

/** Largest deck the engine's tables allow (cards are small integers). */
export const MAX_CARDS = 64;

/** The rules file, field by field: the one source of validation, defaults, `--set` paths and docs. */
export const schema: RulesSchema<DraculaRules> = {
  game: 'dracula',
  sep: ': ',
  root: {
    kind: 'object',
    help: 'Dracula vs Van Helsing rules',
    fields: {
      name: { kind: 'string', help: 'what the rules are called', default: 'Dracula vs Van Helsing (BGA help text; health 12 assumed)', ifAbsent: 'custom' },
      suits: { kind: 'integer', min: 2, max: 8, unit: 'suits', help: 'suits in the deck, each a token on the ranking track (the rightmost is trump)', default: 4 },
      values: { kind: 'integer', min: 1, max: 16, unit: 'values', help: 'values 1..values in each suit (suits × values at most 64 cards)', default: 8 },
      districts: { kind: 'integer', min: 1, max: 8, unit: 'cards', help: 'districts = cards in each hand (at most (suits × values − 1) / 2)', default: 5 },
      humansPerDistrict: { kind: 'integer', min: 1, max: 100, unit: 'humans', help: 'this many vampires in one district and Dracula wins', default: 4 },
      health: { kind: 'integer', min: 1, max: 1000, unit: 'health', help: 'Dracula\'s health points; 0 and Van Helsing wins', default: 12, assumed: 'from published reviews; the help text gives no number' },
      rounds: { kind: 'integer', min: 1, max: 100, unit: 'rounds', help: 'Dracula wins if he survives them all', default: 5 },
      firstPlayer: { kind: 'enum', values: FIRST_PLAYERS, help: 'who takes the first turn of each round (alternate: Dracula in round 1, then taking turns)', default: 'dracula' },
      ranking: { kind: 'enum', values: ['random', 'fixed'], help: 'initial suit ranking: random (the help text) or fixed (suit 0 lowest, last suit trump)', default: 'random' },
      rankingEachRound: { kind: 'boolean', help: 'draw a new ranking every round (the help text: only at the start of the game)', default: false },
      weathervane: { kind: 'enum', values: WEATHERVANES, help: 'which way the districts are resolved each round', default: 'random', assumed: 'the text does not say who sets the vane or when: set at random each round, seen by both' },
      effects: { kind: 'list', of: { kind: 'enum', values: EFFECTS, help: 'effect' }, minLength: { ref: 'values' }, maxLength: 16, help: 'the effect of each value when discarded, entry 0 = value 1 (entries past values are unused)', default: ['revealOwn', 'revealTop', 'revealOpponent', 'swapOwn', 'extraTurn', 'swapOpponent', 'moveTrump', 'endRound'] },
      callEndMinDiscard: { kind: 'integer', min: 0, max: MAX_CARDS, unit: 'cards', help: 'cards in the discard pile before a player may call the end of the round', default: 6 },
      endRoundMinDiscard: { kind: 'integer', min: 0, max: MAX_CARDS, unit: 'cards', help: 'cards in the discard pile before an endRound card may be discarded', default: 6 },
      lastTurnAfterCall: { kind: 'boolean', help: 'after a call, the opponent takes one last turn (the help text)', default: true },
      extraTurnOnLastTurn: { kind: 'boolean', help: 'an extraTurn card discarded during that last turn gives another turn', default: true, assumed: 'the help text does not say' },
      revealTopToBoth: { kind: 'boolean', help: 'the top card revealed by revealTop is seen by both players (false: by its discarder only)', default: true, assumed: 'the help text does not say who sees it' },
    },
  },
  // the deck must fit the engine's tables and hold both hands and a card to draw (said before the effects list)
  checkAfter: 'districts',
  check: (r, where) => {
    const f = (k: string) => `${where}: ${k}`;
    const { suits, values, districts } = r;
    if (suits * values > MAX_CARDS) throw new UserError(`${f('values')}: suits × values must be at most ${MAX_CARDS} (got ${suits} × ${values})`);
    if (suits * values < 2 * districts + 1) throw new UserError(`${f('districts')}: the deck (suits × values = ${suits * values}) must hold both hands and one card to draw, so districts must be at most ${Math.floor((suits * values - 1) / 2)} (got ${districts})`);
  },
};

export function validateRules(raw: unknown, where: string): DraculaRules {
  return validate(schema, raw, where) as DraculaRules;
}

/** Rules from a preset name (rules/dracula/<name>.json) or a file path, with `--set` overrides. */
export function loadRules(nameOrPath?: string, sets: readonly string[] = []): DraculaRules {
  return loadRulesFile('dracula', nameOrPath, validateRules, sets);
}

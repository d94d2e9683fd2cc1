/**
 * Dracula vs Van Helsing rules as data. Every number or choice a designer may change is a field of
 * rules/dracula/default.json; validation names the bad field and the allowed range.
 */
import { UserError } from '../../core/errors.js';
import { readJsonFile } from '../../core/files.js';
import { rulesPath } from '../../core/paths.js';
import { array, boolean, integer, object, onlyKeys, string } from '../../core/validate.js';

/** What a discarded card does, by value (index 0 = value 1). */
export const EFFECTS = ['revealOwn', 'revealTop', 'revealOpponent', 'swapOwn', 'extraTurn', 'swapOpponent', 'moveTrump', 'endRound', 'none'] as const;
export type Effect = (typeof EFFECTS)[number];
export const EFFECT_CODE: Record<Effect, number> = Object.fromEntries(EFFECTS.map((e, i) => [e, i])) as Record<Effect, number>;
export const FX_REVEAL_OWN = 0, FX_REVEAL_TOP = 1, FX_REVEAL_OPP = 2, FX_SWAP_OWN = 3, FX_EXTRA = 4, FX_SWAP_OPP = 5, FX_TRUMP = 6, FX_END = 7, FX_NONE = 8;

export const FIRST_PLAYERS = ['dracula', 'helsing', 'alternate'] as const;
export type FirstPlayer = (typeof FIRST_PLAYERS)[number];

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
  /** the effect of each value when discarded, index 0 = value 1 */
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

const KEYS = ['name', 'suits', 'values', 'districts', 'humansPerDistrict', 'health', 'rounds', 'firstPlayer', 'ranking', 'rankingEachRound', 'effects', 'callEndMinDiscard', 'endRoundMinDiscard', 'lastTurnAfterCall', 'extraTurnOnLastTurn', 'revealTopToBoth'] as const;

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
  const effects = array(o.effects, f('effects'), values, values).map((e, i) => string(e, f(`effects.${i}`), EFFECTS) as Effect);
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
    effects,
    callEndMinDiscard: integer(o.callEndMinDiscard, f('callEndMinDiscard'), 0, MAX_CARDS),
    endRoundMinDiscard: integer(o.endRoundMinDiscard, f('endRoundMinDiscard'), 0, MAX_CARDS),
    lastTurnAfterCall: boolean(o.lastTurnAfterCall, f('lastTurnAfterCall')),
    extraTurnOnLastTurn: boolean(o.extraTurnOnLastTurn, f('extraTurnOnLastTurn')),
    revealTopToBoth: boolean(o.revealTopToBoth, f('revealTopToBoth')),
  };
}

/** Set one field from `field=value` text; the field must exist and the value keeps its type. */
function setField(raw: Record<string, unknown>, text: string): void {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new UserError(`--set expects field=value (got ${JSON.stringify(text)})`);
  const path = text.slice(0, eq).trim(), v = text.slice(eq + 1).trim();
  const keys = path.split('.');
  let parent: Record<string, unknown> | unknown[] = raw;
  for (const k of keys.slice(0, -1)) {
    const next = (parent as Record<string, unknown>)[k];
    if (typeof next !== 'object' || next === null) throw new UserError(`--set ${path}: no rules field by that name (fields: ${KEYS.join(', ')})`);
    parent = next as Record<string, unknown>;
  }
  const last = keys[keys.length - 1];
  const cur = (parent as Record<string, unknown>)[last];
  if (cur === undefined || (typeof cur === 'object' && cur !== null)) throw new UserError(`--set ${path}: no rules field by that name (fields: ${KEYS.join(', ')})`);
  let value: unknown = v;
  if (typeof cur === 'number') {
    value = /^[-+]?\d+(\.\d+)?$/.test(v) ? Number(v) : NaN;
    if (!Number.isFinite(value)) throw new UserError(`--set ${path}: expects a number (got ${JSON.stringify(v)})`);
  } else if (typeof cur === 'boolean') {
    if (v !== 'true' && v !== 'false') throw new UserError(`--set ${path}: expects true or false (got ${JSON.stringify(v)})`);
    value = v === 'true';
  }
  (parent as Record<string, unknown>)[last] = value;
}

/** `--set` overrides on raw rules (a deep copy; validation follows). */
export function applyRuleSets(raw: unknown, sets: readonly string[]): unknown {
  const copy = structuredClone(raw) as Record<string, unknown>;
  for (const s of sets) setField(copy, s);
  return copy;
}

/** Rules from a preset name (rules/dracula/<name>.json) or a file path, with `--set` overrides. */
export function loadRules(nameOrPath?: string, sets: readonly string[] = []): DraculaRules {
  let path: string, label: string;
  if (nameOrPath === undefined) [path, label] = [rulesPath('dracula'), 'rules/dracula/default.json'];
  else if (nameOrPath.endsWith('.json') || nameOrPath.includes('/')) [path, label] = [nameOrPath, nameOrPath];
  else {
    if (!/^[\w-]+$/.test(nameOrPath)) throw new UserError(`--rules ${JSON.stringify(nameOrPath)}: expected a preset name or a .json file`);
    [path, label] = [rulesPath('dracula', nameOrPath), `rules/dracula/${nameOrPath}.json`];
  }
  const raw = readJsonFile(path, 'rules file');
  return sets.length ? validateRules(applyRuleSets(raw, sets), `${label} with --set`) : validateRules(raw, label);
}

export const DEFAULT_RULES = (): DraculaRules => loadRules();

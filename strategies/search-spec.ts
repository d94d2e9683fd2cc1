/**
 * The spec syntax the generic search players share (`ismcts`, `mccfr`, `escfr`): the strict
 * numeric parse of src/core/spec.ts, plus `rollout=<word>`. The word is `uniform` (0), `heuristic`
 * (1: the game's first listed player other than `random`) or any of the game's own players with its
 * default parameters (`ismcts:iters=400,rollout=conservative`). The parse does not know the game,
 * so a player's name is checked when the search player is made (`rolloutPlayerName`).
 */
import { UserError } from '../src/core/errors.js';
import { parseSpec, resolveParams, type ParamSchemas } from '../src/core/spec.js';
import type { StateGame } from '../src/games/state.js';

/** The rollout policies every game has, by the number `rollout` takes. */
export const ROLLOUTS = ['uniform', 'heuristic'] as const;

/** The number `rollout` takes for the heuristic: also the one a named player's rollouts carry. */
const HEURISTIC = 1;

/** The parameters of a search spec: the declared ones (defaults filled in), and the rollout player if named. */
export interface SearchSpec {
  params: Record<string, number>;
  /** a game's player named by `rollout=<name>` (then `params.rollout` is 1, a player's rollouts) */
  rolloutName?: string;
}

/** `rollout=<word>` as an item of a spec (after the colon or a comma). */
const ROLLOUT_WORD = /(^|[:,]\s*)rollout\s*=\s*([A-Za-z][\w-]*)\s*(?=,|$)/;

/**
 * A search player's spec (`player`, its declared `schemas`, `main` the parameter `name:value`
 * sets), checked with defaults filled in. `rollout` takes its number, uniform, heuristic, or a
 * name that `rolloutPlayerName` checks against the game's players.
 */
export function parseSearchSpec(text: string, player: string, schemas: ParamSchemas, main = 'iters'): SearchSpec {
  let rolloutName: string | undefined;
  const numeric = text.replace(ROLLOUT_WORD, (_all, lead: string, word: string) => {
    const i = (ROLLOUTS as readonly string[]).indexOf(word);
    if (i < 0) rolloutName = word;
    return `${lead}rollout=${i < 0 ? HEURISTIC : i}`;
  });
  const spec = parseSpec(numeric);
  if (spec.name !== player) throw new Error(`not an ${player} spec: ${text}`);
  const params = resolveParams(spec, schemas, main);
  return rolloutName === undefined ? { params } : { params, rolloutName };
}

/** The game's heuristic for rollouts: its first listed player that is not the random one. */
export function heuristicName<R>(sg: StateGame<R>): string | undefined {
  return sg.playerNames.find((n) => n !== 'random');
}

/**
 * The game's player that rolls out for a search spec's `rollout` (and `rolloutName`), or null for
 * uniform rollouts; a name the game lacks, or `heuristic` in a game without one, is a UserError.
 */
export function rolloutPlayerName<R>(sg: StateGame<R>, player: string, rollout: number, rolloutName?: string): string | null {
  if (rolloutName !== undefined) {
    if (sg.playerNames.includes(rolloutName)) return rolloutName;
    const allowed = [...ROLLOUTS, ...sg.playerNames].join(', ');
    throw new UserError(`${sg.id}: ${player} rollout must be one of ${allowed} (got ${JSON.stringify(rolloutName)})`);
  }
  if (ROLLOUTS[rollout] !== 'heuristic') return null;
  const name = heuristicName(sg);
  if (name === undefined) throw new UserError(`${sg.id}: ${player} rollout=heuristic, but the game has no heuristic player (use rollout=uniform)`);
  return name;
}

/** The words `rollout` takes, for help texts. */
export const ROLLOUT_USAGE = 'rollout=uniform|heuristic|<player>';

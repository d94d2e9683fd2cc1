/**
 * A registry of players with declared parameters, as a game module declares them (src/games/define.ts
 * `players`): name → { summary, params (rules fields), create }. A spec `name` or `name:k=v,…`
 * becomes a player: the spec's numbers over the parameters' defaults, validated by the same schema
 * code as rules files, so a bad value is refused naming the parameter and its range.
 */
import { UserError } from '../core/errors.js';
import { defaults, validate, type Field, type RulesSchema } from '../core/schema.js';
import { parseSpec } from '../core/spec.js';
import type { StateGame, StatePlayer } from '../games/state.js';
import type { GameDefinition } from '../games/define.js';

/** One registered player: how it plays, its parameters, how to make it. */
export interface RegisteredPlayer<R = never> {
  summary: string;
  params?: Readonly<Record<string, Field>>;
  create(rules: R, params: Readonly<Record<string, unknown>>, seat: number, players: number): StatePlayer;
}

export type PlayerRegistry<R = never> = Readonly<Record<string, RegisteredPlayer<R>>>;

/** The parameters of one player, as a schema (validation, defaults). */
function paramsSchema(game: string, name: string, params: Readonly<Record<string, Field>>): RulesSchema {
  return { game, sep: '.', root: { kind: 'object', help: `${name}'s parameters`, fields: params } };
}

/** The parameters a spec gives a registered player: its numbers over the defaults, validated. */
export function playerParams(game: string, name: string, entry: RegisteredPlayer<never>, given: Readonly<Record<string, number>>): Record<string, unknown> {
  const fields = entry.params ?? {};
  for (const k of Object.keys(given)) {
    if (!(k in fields)) throw new UserError(`${game}: player ${name} has no parameter ${JSON.stringify(k)} (${Object.keys(fields).length ? `parameters: ${Object.keys(fields).join(', ')}` : 'it takes none'})`);
  }
  const schema = paramsSchema(game, name, fields);
  return validate(schema, { ...defaults(schema), ...given }, `player ${name}`) as Record<string, unknown>;
}

/** A player for `spec` from a registry; an unknown name or a bad parameter is a UserError. */
export function playerFromRegistry<R>(game: string, registry: PlayerRegistry<R>, rules: R, spec: string, seat: number, players: number): StatePlayer {
  const s = parseSpec(spec);
  const entry = Object.prototype.hasOwnProperty.call(registry, s.name) ? registry[s.name] : undefined;
  if (!entry) throw new UserError(`${game}: unknown player ${JSON.stringify(s.name)} (its players: ${Object.keys(registry).join(', ') || 'none'})`);
  if (s.arg !== undefined) throw new UserError(`${game}: player ${s.name} takes parameters as name=number (got ${JSON.stringify(s.arg)})`);
  const params = playerParams(game, s.name, entry as RegisteredPlayer<never>, s.params);
  const player = entry.create(rules, params, seat, players);
  if (!player || typeof player.act !== 'function') throw new Error(`${game}: players.${s.name}.create returned no player (an object with act(state, rng))`);
  return player;
}

/** One line per registered player: name, parameters with defaults, summary (for help texts). */
export function registryLines(registry: PlayerRegistry<never>): string[] {
  return Object.entries(registry).map(([name, p]) => {
    const ps = Object.entries(p.params ?? {}).map(([k, f]) => `${k}=${JSON.stringify(f.default ?? null)}`);
    return `${name}${ps.length ? `:${ps.join(',')}` : ''}  ${p.summary}`;
  });
}

/** A definition's state and players as the tools see a game (the registry's and the workbench's). */
export function definitionStateGame<R>(def: GameDefinition<R>): StateGame<R> {
  const st = def.state, registry = def.players ?? {};
  return {
    id: def.id,
    seats: (r) => st.seats(r),
    newGame: (r, players) => st.newGame(r, players),
    playerNames: Object.keys(registry),
    player: (r, spec, seat, players) => playerFromRegistry(def.id, registry, r, spec, seat, players ?? st.seats(r).default),
    ...(st.outcome ? { outcome: (r: R, players: number) => st.outcome!(r, players) } : {}),
    ...(st.roles ? { roles: st.roles } : {}),
    ...(st.teams ? { teams: st.teams } : {}),
    ...(def.findings ? { findings: def.findings } : {}),
  };
}

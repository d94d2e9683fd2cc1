/**
 * A game module's players (src/games/define.ts `players`: name → { summary, params (rules fields),
 * create }) as entries of the one strategy registry (src/play/strategy-registry.ts), so a designer's
 * game and a built-in one parse, check, list and make their players the same way. A spec `name` or
 * `name:k=v,…` becomes a player: the spec's numbers over the parameters' defaults, validated by the
 * same schema code as rules files, so a bad value is refused naming the parameter and its range.
 */
import { UserError } from '../core/errors.js';
import { defaults, validate, type Field, type RulesSchema } from '../core/schema.js';
import type { StateGame, StatePlayer } from '../games/state.js';
import type { GameDefinition } from '../games/define.js';
import { StrategyRegistry, type StrategyEntry } from './strategy-registry.js';

/** One registered player: how it plays, its parameters, how to make it. */
export interface RegisteredPlayer<R = never> {
  summary: string;
  params?: Readonly<Record<string, Field>>;
  create(rules: R, params: Readonly<Record<string, unknown>>, seat: number, players: number): StatePlayer;
}

export type PlayerRegistry<R = never> = Readonly<Record<string, RegisteredPlayer<R>>>;

/** A game module's player as a registry entry: made with the rules, its seat and the table's size. */
export interface PlayerEntry<R> extends StrategyEntry {
  create(params: Readonly<Record<string, unknown>>, rules: R, seat: number, players: number): StatePlayer;
}

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

/** One line per player for help texts: name, parameters with defaults, summary. */
function usageLine(name: string, p: RegisteredPlayer<never>): string {
  const ps = Object.entries(p.params ?? {}).map(([k, f]) => `${k}=${JSON.stringify(f.default ?? null)}`);
  return `${name}${ps.length ? `:${ps.join(',')}` : ''}  ${p.summary}`;
}

/** A game module's players as a strategy registry: its parameter check is the rules schema's. */
export function playerRegistry<R>(game: string, players: PlayerRegistry<R>): StrategyRegistry<PlayerEntry<R>> {
  const entries = Object.entries(players).map(([name, p]): PlayerEntry<R> => ({
    name,
    usage: usageLine(name, p as RegisteredPlayer<never>),
    check(spec) {
      if (spec.arg !== undefined) throw new UserError(`${game}: player ${name} takes parameters as name=number (got ${JSON.stringify(spec.arg)})`);
      return playerParams(game, name, p as RegisteredPlayer<never>, spec.params);
    },
    create(params, rules, seat, table) {
      const player = p.create(rules, params, seat, table);
      if (!player || typeof player.act !== 'function') throw new Error(`${game}: players.${name}.create returned no player (an object with act(state, rng))`);
      return player;
    },
  }));
  return new StrategyRegistry(game, entries, {
    usageSeparator: '\n',
    unknown: (name, known) => `${game}: unknown player ${JSON.stringify(name)} (its players: ${known.join(', ') || 'none'})`,
  });
}

/** A player for `spec` from a game module's players; an unknown name or a bad parameter is a UserError. */
export function playerFromRegistry<R>(game: string, registry: PlayerRegistry<R>, rules: R, spec: string, seat: number, players: number): StatePlayer {
  const reg = playerRegistry(game, registry);
  return reg.create(reg.parse(spec), rules, seat, players);
}

/** A definition's state and players as the tools see a game (the registry's and the workbench's). */
export function definitionStateGame<R>(def: GameDefinition<R>): StateGame<R> {
  const st = def.state, registry = playerRegistry(def.id, def.players ?? {});
  return {
    id: def.id,
    seats: (r) => st.seats(r),
    newGame: (r, players) => st.newGame(r, players),
    playerNames: registry.names,
    player: (r, spec, seat, players) => registry.create(registry.parse(spec), r, seat, players ?? st.seats(r).default),
    ...(st.outcome ? { outcome: (r: R, players: number) => st.outcome!(r, players) } : {}),
    ...(st.roles ? { roles: st.roles } : {}),
    ...(st.teams ? { teams: st.teams } : {}),
    ...(def.findings ? { findings: def.findings } : {}),
  };
}

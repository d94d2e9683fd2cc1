/**
 * The files the exact tools write and the players that play them, for any game:
 * `optimal:<file>` (a policy by state key, from `<game> optimal --out`) and `equilibrium:<file>`
 * (action probabilities by information key, from `<game> equilibrium --out`).
 */
import { UserError } from '../core/errors.js';
import { readJsonFile } from '../core/files.js';
import type { Rng } from '../core/rng.js';
import type { GameState, StatePlayer } from '../games/state.js';
import { bestAction } from './optimal.js';

export interface OptimalFile {
  kind: 'optimal';
  game: string;
  part: string | null;
  seat: number;
  value: number;
  /** the best action at every decision state, by key() */
  policy: Record<string, number>;
  /** every state's value, by key() (for states without a key, decided by looking ahead) */
  values: Record<string, number>;
}

export interface EquilibriumFile {
  kind: 'equilibrium';
  game: string;
  part: string | null;
  algorithm: string;
  iterations: number;
  value0: number;
  exploitability: number;
  /** by information key: the actions, then their probabilities (same order) */
  strategy: Record<string, [number[], number[]]>;
}

/** The players of exact-tool files: `optimal:<file>` and `equilibrium:<file>` (a path, no `=`). */
export const FILE_PLAYERS: readonly string[] = ['optimal', 'equilibrium'];

/** A player for `spec` when it names a file of the exact tools, else null (the spec is another player's). */
export function exactFilePlayer(spec: string): StatePlayer | null {
  const colon = spec.indexOf(':');
  if (colon < 0) return null;
  const name = spec.slice(0, colon), path = spec.slice(colon + 1);
  if (!FILE_PLAYERS.includes(name) || path === '' || path.includes('=')) return null;
  const data = readJsonFile(path, `${name} file`) as { kind?: unknown; policy?: Record<string, number>; values?: Record<string, number>; strategy?: Record<string, [number[], number[]]> } | null;
  if (!data || data.kind !== name) throw new UserError(`${path}: not a file of \`${name}\` (its kind is ${JSON.stringify(data?.kind)}); write one with \`oddsmith <game> ${name} --out ${path}\``);
  if (name === 'optimal') {
    const policy = data.policy;
    if (!policy || typeof policy !== 'object') throw new UserError(`${path}: no policy in this optimal file`);
    const values = new Map(Object.entries(data.values ?? {}));
    return {
      act(state: GameState): number {
        const a = bestAction(state, policy, values);
        if (a === undefined) throw new UserError(`${path}: no decision for the state ${JSON.stringify(state.toString())} (the policy was solved for another game, part or rules)`);
        return a;
      },
    };
  }
  const strategy = data.strategy;
  if (!strategy || typeof strategy !== 'object') throw new UserError(`${path}: no strategy in this equilibrium file`);
  const entryAt = (state: GameState) => {
    const entry = strategy[state.informationKey(state.currentPlayer())];
    if (!entry) throw new UserError(`${path}: no strategy for the information set of ${JSON.stringify(state.toString())} (the file was solved for another game, part or rules)`);
    return entry;
  };
  const player: ProbabilisticPlayer = {
    probabilities: (state) => entryAt(state),
    act(state: GameState, rng: Rng): number {
      const [actions, probs] = entryAt(state);
      let x = rng.nextFloat(), last = 0;
      for (let k = 0; k < actions.length; k++) {
        if (probs[k] <= 0) continue;
        if (x < probs[k]) return actions[k];
        x -= probs[k];
        last = k;
      }
      // rounding left x past the sum: the last action with a positive probability
      return actions[last];
    },
  };
  return player;
}

/** A player that can say its action probabilities (measured exactly by `exploit`, no seeds). */
export interface ProbabilisticPlayer extends StatePlayer {
  probabilities(state: GameState): [number[], number[]];
}

export function isProbabilistic(p: StatePlayer): p is ProbabilisticPlayer {
  return typeof (p as Partial<ProbabilisticPlayer>).probabilities === 'function';
}

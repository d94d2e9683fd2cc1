/**
 * One simulation kernel per game that declares the interface, `<game>.play`: tournaments and
 * balance runs over seeded shards, so `--workers`, `--shard-index`/`--out` and `oddsmith merge` work
 * as for every simulation. A worker thread imports this module by URL; it loads the interface of
 * every such game (small modules) before it runs.
 */
import type { Kernel } from '../parallel/kernel.js';
import { registerKernels } from '../parallel/registry.js';
import { GAMES } from '../games/index.js';
import type { StateGame } from '../games/state.js';
import type { LadderPaired } from '../games/types.js';
import { playMatches, summarizeMatches, type MatchParams, type MatchResult } from './match.js';
import { matchText, matchRows, type MatchMode } from './text.js';
import { playLadder, summarizeLadder, type LadderParams, type LadderResult } from './ladder.js';
import { ladderCsvRows, ladderText } from './ladder-text.js';

const interfaces = new Map<string, StateGame<never>>(
  await Promise.all(GAMES.filter((g) => g.state).map(async (g) => [g.id, await g.state!()] as const)),
);
/** each game's shipped rules, for the kernels' small sample runs */
const shipped = new Map<string, unknown>(
  await Promise.all(GAMES.filter((g) => g.state).map(async (g) => [g.id, (await g.rules()).loadRules()] as const)),
);

/** each game's paired ladder findings, where its descriptor declares them */
const pairedFindings = new Map<string, LadderPaired>(
  await Promise.all(GAMES.filter((g) => g.state && g.ladder?.paired).map(async (g) => [g.id, await g.ladder!.paired!()] as const)),
);

/** The game's paired ladder findings (undefined where it declares none). */
export function pairedOf(id: string): LadderPaired | undefined {
  return pairedFindings.get(id);
}

/** The game's interface by id (loaded with this module). */
export function stateGameOf(id: string): StateGame<never> {
  const sg = interfaces.get(id);
  if (!sg) throw new Error(`game ${id} does not declare the state interface`);
  return sg;
}

/** The kernel name of a game's tournaments and balance runs. */
export function playKernelName(id: string): string {
  return `${id}.play`;
}

/** What the command adds to a run that is not a kernel parameter: which figures it prints. */
export interface MatchExtra {
  mode: MatchMode;
}

function kernelFor(id: string): Kernel<MatchParams, MatchResult> {
  return {
    name: playKernelName(id),
    progress: { label: `${id} deals`, unit: 'deals' },
    run: (params, rng, count) => playMatches(stateGameOf(id), params, rng, count),
    summarize: (params, acc) => summarizeMatches(stateGameOf(id), params, acc),
    sample: () => {
      const rules = shipped.get(id), seats = stateGameOf(id).seats(rules as never);
      return { params: { game: id, rules, entrants: Array.from({ length: seats.default }, () => 'uniform') }, count: 3 };
    },
    finish: (params, acc, _count, run, extra) => {
      const mode = (extra as MatchExtra | null)?.mode ?? 'tournament';
      const result = { ...summarizeMatches(stateGameOf(id), params, acc), mode, seed: run.seed, shardCount: run.shardCount, seconds: run.seconds };
      return { result, text: () => matchText(result, mode), csv: () => matchRows(result, mode) };
    },
  };
}

/** The kernel name of a game's ladder. */
export function ladderKernelName(id: string): string {
  return `${id}.ladder`;
}

function ladderKernelFor(id: string): Kernel<LadderParams, LadderResult> {
  return {
    name: ladderKernelName(id),
    progress: { label: `${id} ladder deals`, unit: 'deals' },
    run: (params, rng, count) => playLadder(stateGameOf(id), params, rng, count, pairedOf(id)),
    summarize: (params, acc) => summarizeLadder(stateGameOf(id), params, acc, pairedOf(id)),
    sample: () => {
      const rules = shipped.get(id), seats = stateGameOf(id).seats(rules as never);
      return { params: { game: id, rules, rungs: ['uniform', 'uniform'], players: seats.default, replicates: 20 }, count: 2 };
    },
    finish: (params, acc, _count, run) => {
      const result = { ...summarizeLadder(stateGameOf(id), params, acc, pairedOf(id)), seed: run.seed, shardCount: run.shardCount, seconds: run.seconds };
      return { result, text: () => ladderText(result), csv: () => ladderCsvRows(result) };
    },
  };
}

export const playKernels: readonly Kernel<MatchParams, MatchResult>[] = [...interfaces.keys()].map(kernelFor);
export const ladderKernels: readonly Kernel<LadderParams, LadderResult>[] = [...interfaces.keys()].map(ladderKernelFor);
registerKernels(import.meta.url, [...playKernels, ...ladderKernels] as unknown as readonly Kernel<never, unknown>[]);

/**
 * One simulation kernel per game that declares the interface, `<game>.play`: tournaments and
 * balance runs over seeded shards, so `--workers`, `--shard-index`/`--out` and `oddsmith merge` work
 * as for every simulation. A worker thread imports this module by URL; it loads the interface of
 * every such game (small modules) before it runs.
 */
import type { Kernel } from '../parallel/kernel.js';
import { registerKernels } from '../parallel/registry.js';
import { allGames } from '../games/registry.js';
import type { StateGame } from '../games/state.js';
import type { LadderPaired } from './ladder-paired.js';
import { playMatches, summarizeMatches, type MatchParams, type MatchResult } from './match.js';
import { matchText, matchRows, type MatchMode } from './text.js';
import { playLadder, summarizeLadder, type LadderParams, type LadderResult } from './ladder.js';
import { ladderCsvRows, ladderText } from './ladder-text.js';

const interfaces = new Map<string, StateGame<unknown>>();
/** each game's shipped rules, for the kernels' small sample runs */
const shipped = new Map<string, unknown>();
/** each game's paired ladder findings, where its descriptor declares them */
const pairedFindings = new Map<string, LadderPaired>();

/** The game's paired ladder findings (undefined where it declares none). */
export function pairedOf(id: string): LadderPaired | undefined {
  return pairedFindings.get(id);
}

/** The game's interface by id (loaded with this module). */
export function stateGameOf(id: string): StateGame<unknown> {
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
      const rules = shipped.get(id), seats = stateGameOf(id).seats(rules);
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
      const rules = shipped.get(id), seats = stateGameOf(id).seats(rules);
      return { params: { game: id, rules, rungs: ['uniform', 'uniform'], players: seats.default, replicates: 20 }, count: 2 };
    },
    finish: (params, acc, _count, run) => {
      const result = { ...summarizeLadder(stateGameOf(id), params, acc, pairedOf(id)), seed: run.seed, shardCount: run.shardCount, seconds: run.seconds };
      return { result, text: () => ladderText(result), csv: () => ladderCsvRows(result) };
    },
  };
}

export const playKernels: Kernel<MatchParams, MatchResult>[] = [];
export const ladderKernels: Kernel<LadderParams, LadderResult>[] = [];

/**
 * Register the play and ladder kernels of every game in the registry that declares the interface
 * and has none yet: at import, and again after games are loaded from modules (main thread: before
 * a run; a worker thread loads them before it imports this module).
 */
export async function registerStateKernels(): Promise<void> {
  const fresh = allGames().filter((g) => g.state && !interfaces.has(g.id));
  const loaded = await Promise.all(fresh.map(async (g) => ({ g, sg: await g.state!(), rules: (await g.rules()).loadRules(), paired: g.ladder?.paired ? await g.ladder.paired() : undefined })));
  for (const { g, sg, rules, paired } of loaded) {
    if (interfaces.has(g.id)) continue;
    interfaces.set(g.id, sg);
    shipped.set(g.id, rules);
    if (paired) pairedFindings.set(g.id, paired);
    const play = kernelFor(g.id), ladder = ladderKernelFor(g.id);
    playKernels.push(play);
    ladderKernels.push(ladder);
    registerKernels(import.meta.url, [play, ladder] as unknown as readonly Kernel<never, unknown>[]);
  }
}
await registerStateKernels();

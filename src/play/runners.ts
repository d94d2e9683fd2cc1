/**
 * The tools over the game interface as library calls: a tournament, the balance figures and a
 * ladder of any game in the registry (a built-in by id, or a game module by path, loaded on first
 * use), the same shards, seeds and results as `oddsmith <game> tournament|balance|ladder --json`.
 */
import { UserError } from '../core/errors.js';
import { runExperiment } from '../parallel/pool.js';
import { finishRun } from '../parallel/partial.js';
import { getKernel } from '../parallel/registry.js';
import { gameById, loadGames, loadedGames, moduleUrlOf } from '../games/registry.js';
import type { GameDescriptor } from '../games/types.js';
import { makePlayer } from './players.js';

export interface RunnerOptions {
  /** a preset name or a rules file (default: the game's defaults) */
  rules?: string;
  /** `field=value` changes, as `--set` */
  set?: readonly string[];
  /** deals (default 400; a ladder's 100) */
  deals?: number;
  seed?: number;
  /** worker threads (default 1: in this thread) */
  workers?: number;
  /** shards the run is split into (default 64); the result does not depend on `workers` */
  shardCount?: number;
}

/** A game by id, or a game module by path or package name (loaded into the registry). */
export async function resolveGame(game: string): Promise<GameDescriptor> {
  const known = gameById(game);
  if (known) return known;
  await loadGames([game]);
  const url = moduleUrlOf(game);
  const loaded = loadedGames().find((g) => g.url === url);
  if (!loaded) throw new UserError(`no game ${JSON.stringify(game)}`);
  return loaded.descriptor;
}

/** The kernels module loads every game's interface: imported on first use, not with the library. */
const kernels = () => import('./kernels.js');

async function run(g: GameDescriptor, kernelName: string, params: unknown, total: number, opts: RunnerOptions, extra: unknown): Promise<unknown> {
  await (await kernels()).registerStateKernels();
  const kernel = getKernel(kernelName);
  const seed = opts.seed ?? 1, workers = opts.workers ?? 1;
  const shardCount = Math.min(opts.shardCount ?? 64, Math.max(1, total));
  const t0 = process.hrtime.bigint();
  const acc = await runExperiment({ kernel: kernelName, params, seed, total, shardCount }, { workers });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  return finishRun(kernel, params, acc, total, { seconds, perSecond: total / seconds, workers, seed, shardCount }, extra).result;
}

async function setup(game: string, opts: RunnerOptions) {
  const g = await resolveGame(game);
  if (!g.state) throw new UserError(`${g.id} does not declare the game interface`);
  const sg = await g.state();
  const rules = (await g.rules()).loadRules(opts.rules, opts.set ?? []);
  return { g, sg, rules };
}

/**
 * A duplicate tournament (`mode` 'tournament') or the balance figures ('balance') between
 * `entrants`, one player spec per seat; the result is the command's --json.
 */
export async function runMatches(game: string, entrants: readonly string[], opts: RunnerOptions & { mode?: 'tournament' | 'balance' } = {}): Promise<unknown> {
  const { g, sg, rules } = await setup(game, opts);
  const seats = sg.seats(rules);
  if (entrants.length < seats.min || entrants.length > seats.max) throw new UserError(`${g.id} seats ${seats.min}..${seats.max} players under these rules (got ${entrants.length})`);
  entrants.forEach((s, i) => makePlayer(sg, rules, s, i, entrants.length));
  return run(g, (await kernels()).playKernelName(g.id), { game: g.id, rules, entrants: [...entrants] }, opts.deals ?? 400, opts, { mode: opts.mode ?? 'tournament' });
}

/** The balance figures with `player` at every seat of the game's usual table (or `players` seats). */
export async function runBalance(game: string, player: string, opts: RunnerOptions & { players?: number } = {}): Promise<unknown> {
  const { sg, rules } = await setup(game, opts);
  const n = opts.players ?? sg.seats(rules).default;
  return runMatches(game, Array.from({ length: n }, () => player), { ...opts, mode: 'balance' });
}

/** A skill ladder over `rungs` (weakest first), every pair on the same deals; the command's --json. */
export async function runLadder(game: string, rungs: readonly string[], opts: RunnerOptions & { players?: number; replicates?: number } = {}): Promise<unknown> {
  const { g, sg, rules } = await setup(game, opts);
  const players = opts.players ?? sg.seats(rules).default;
  if (rungs.length < 2) throw new UserError(`a ladder needs at least two players (got ${rungs.length})`);
  for (const spec of rungs) for (let s = 0; s < players; s++) makePlayer(sg, rules, spec, s, players);
  return run(g, (await kernels()).ladderKernelName(g.id), { game: g.id, rules, rungs: [...rungs], players, replicates: opts.replicates ?? 200 }, opts.deals ?? 100, opts, null);
}

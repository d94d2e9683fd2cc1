/// <reference lib="webworker" />
/**
 * The worker of the generic game tabs: a balance run of a bundled outside game (src/play/match.ts,
 * the same code as `oddsmith <game> balance`), shard by shard in the command's shard order, so the
 * page shows the figures growing with a progress count and the last one equals the command's output
 * for the same deals, seed and shard count. A newer request for the same tab replaces a running one
 * (checked between shards). Bundled as text into the page's script (src/report/bundle.ts).
 * A second instance answers the tab's exact requests: the page's exact answers (src/exact/summary.ts,
 * the same budget), with the iterations as progress; a request already replaced when its turn
 * comes is skipped (the tab ends the worker of one under way, at an edit or its Stop button, since
 * a solve runs in one piece). The exact tools recurse
 * a level a step, up to 2,000 steps: where a worker's stack gives out first, the tab solves on the
 * page's own thread, whose stack is deeper, so the answer (or refusal) is the page's.
 */
import { Rng } from '../core/rng.js';
import { gameExactAnswers, type ExactAnswer } from '../exact/summary.js';
import { playMatches, summarizeMatches, type MatchResult } from '../play/match.js';
import { workbenchGame } from './generic-games.js';

export interface BalanceRequest {
  kind?: 'balance';
  id: number;
  /** which tab asked: a newer request of the tab replaces its older one */
  tab: string;
  game: string;
  rules: unknown;
  player: string;
  players: number;
  deals: number;
  seed: number;
  shardCount: number;
}

export type BalanceReply =
  | { id: number; done: number; of: number; result: MatchResult; final: boolean; ms: number }
  | { id: number; error: string };

export interface ExactRequest {
  kind: 'exact';
  id: number;
  tab: string;
  game: string;
  rules: unknown;
  players: number;
  /** ` --rules …` for the commands the answers name */
  rulesOption: string;
}

export type ExactReply =
  | { id: number; progress: { what: string; iterations: number; exploitability: number } }
  | { id: number; answers: ExactAnswer[]; ms: number }
  /** a worker's stack is shorter than Node's (about half here): the tab reruns it on the page's thread */
  | { id: number; stackTooShort: true }
  | { id: number; error: string };

const latest = new Map<string, number>();
const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function balance(r: BalanceRequest): Promise<void> {
  const t0 = performance.now();
  const { sg } = workbenchGame(r.game);
  const params = { game: r.game, rules: r.rules, entrants: Array.from({ length: r.players }, () => r.player) };
  let acc: Float64Array | undefined;
  let done = 0;
  for (let shard = 0; shard < r.shardCount; shard++) {
    const size = Math.floor(r.deals / r.shardCount) + (shard < r.deals % r.shardCount ? 1 : 0);
    const part = playMatches(sg, params, Rng.forShard(r.seed, shard), size);
    // added in shard order from zero, as src/parallel/shards.ts merges them: the same bits
    if (!acc) acc = new Float64Array(part.length);
    for (let i = 0; i < acc.length; i++) acc[i] += part[i];
    done += size;
    const final = shard === r.shardCount - 1;
    postMessage({ id: r.id, done, of: r.deals, result: summarizeMatches(sg, params, acc), final, ms: performance.now() - t0 } satisfies BalanceReply);
    if (final) return;
    await tick();
    if (latest.get(r.tab) !== r.id) return;
  }
}

async function exact(r: ExactRequest): Promise<void> {
  await tick();
  if (latest.get(`${r.tab} exact`) !== r.id) return;
  const t0 = performance.now();
  const { sg } = workbenchGame(r.game);
  const answers = gameExactAnswers(sg, r.rules, r.players, r.game, r.rulesOption, undefined, (what, iterations, exploitability) => postMessage({ id: r.id, progress: { what, iterations, exploitability } } satisfies ExactReply));
  postMessage({ id: r.id, answers, ms: performance.now() - t0 } satisfies ExactReply);
}

addEventListener('message', (e: MessageEvent<BalanceRequest | ExactRequest>) => {
  const r = e.data;
  if (r.kind === 'exact') {
    latest.set(`${r.tab} exact`, r.id);
    exact(r).catch((err: unknown) => postMessage(err instanceof RangeError && /call stack/i.test(err.message) ? { id: r.id, stackTooShort: true } : { id: r.id, error: (err as Error).message } satisfies ExactReply));
    return;
  }
  latest.set(r.tab, r.id);
  balance(r).catch((err: unknown) => postMessage({ id: e.data.id, error: (err as Error).message } satisfies BalanceReply));
});

// `npm run bench -- ladder`: the wall time of a small ladder of every game with the interface, on
// 2 worker threads (its default rungs, a few deals). Printed, never asserted.
import { GAMES } from '../games/index.js';
import { runExperiment } from '../parallel/pool.js';
import { ladderKernelName } from '../play/kernels.js';
import { f, ms } from './timing.js';

const DEALS = 8;

export async function bench(log: (line: string) => void): Promise<void> {
  log(`a ladder of the game's default rungs, ${DEALS} deals (every pair on each in every seating, each rung in self-play and in the game's paired findings), 2 workers`);
  for (const g of GAMES) {
    if (!g.state || !g.ladder) continue;
    const sg = await g.state();
    const rules = (await g.rules()).loadRules(undefined, []);
    const rungs = [...g.ladder.rungs];
    const params = { game: g.id, rules, rungs, players: sg.seats(rules).default, replicates: 200 };
    const t0 = process.hrtime.bigint();
    await runExperiment({ kernel: ladderKernelName(g.id), params, seed: 1, total: DEALS, shardCount: DEALS }, { workers: 2 });
    const t = ms(t0);
    log(`${g.id.padEnd(16)} ${String(rungs.length).padStart(2)} rungs  ${f(t / 1000, 2).padStart(7)} s  (${f(t / DEALS, 0)} ms a deal)`);
  }
}

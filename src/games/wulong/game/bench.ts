// `npm run bench -- wulong-game`: full-game throughput, printed (never asserted).
import { availableParallelism } from 'node:os';
import { Rng } from '../../../core/rng.js';
import { runExperiment } from '../../../parallel/pool.js';
import { loadRules } from '../turn/rules.js';
import { WulongGame, type GameParams } from './engine.js';
import { gameKernel, tellKernel } from './kernels.js';
import { OPTIMAL } from '../turn/strategy.js';
import { bettorFor, parsePlayers } from '../strategies/index.js';

export async function bench(log: (line: string) => void): Promise<void> {
  const rules = loadRules();
  for (const P of [3, 4]) {
    const params: GameParams = { rules, players: parsePlayers('kelly,fraction:0.1,min,naive'.split(',').slice(0, P).join(','), P) };
    let t0 = process.hrtime.bigint();
    const g = new WulongGame(params, bettorFor);
    const compile = Number(process.hrtime.bigint() - t0) / 1e9;
    const acc = new Float64Array(g.L.length);
    const rng = new Rng(1);
    g.playGames(rng, 2000, acc); // warm-up
    acc.fill(0);
    const n = 40000;
    t0 = process.hrtime.bigint();
    g.playGames(rng, n, acc);
    const s = Number(process.hrtime.bigint() - t0) / 1e9;
    const turns = acc[g.L.offset.turns], rolls = acc[g.L.offset.rolls];
    log(`${P} players, one thread: ${Math.round(n / s).toLocaleString('en-US')} games/s (${Math.round(turns / s).toLocaleString('en-US')} turns/s, ${Math.round(rolls / s).toLocaleString('en-US')} rolls with betting phases/s; ${(turns / n).toFixed(1)} turns/game); tables compiled in ${compile.toFixed(2)} s`);
  }
  // the tell: games with a read (one extra draw and a posterior per roll), and the tell kernel's opening bets
  {
    const read = loadRules(undefined, ['betting.readAccuracy=0.5']);
    const g = new WulongGame({ rules: read, players: parsePlayers('kelly,fraction:0.1,min,naive', 4) }, bettorFor);
    const acc = new Float64Array(g.L.length);
    const rng = new Rng(1);
    g.playGames(rng, 2000, acc);
    const n = 40000;
    let t0 = process.hrtime.bigint();
    g.playGames(rng, n, acc);
    let s = Number(process.hrtime.bigint() - t0) / 1e9;
    log(`4 players with a read (betting.readAccuracy 0.5), one thread: ${Math.round(n / s).toLocaleString('en-US')} games/s`);
    const tp = { rules: read, policy: OPTIMAL };
    tellKernel.run(tp, new Rng(2), 100000);
    const m = 2_000_000;
    t0 = process.hrtime.bigint();
    tellKernel.run(tp, new Rng(3), m);
    s = Number(process.hrtime.bigint() - t0) / 1e9;
    log(`tell kernel (opening bet on the posterior best card, turn played out), one thread: ${(m / s / 1e6).toFixed(2)} M turns/s`);
  }
  const params: GameParams = { rules, players: parsePlayers('kelly,fraction:0.1,min,naive', 4) };
  const total = 600000;
  const e = { kernel: gameKernel.name, params, seed: 1, total, shardCount: 64 };
  const times: number[] = [];
  for (const w of [1, availableParallelism()]) {
    const t0 = process.hrtime.bigint();
    await runExperiment(e, { workers: w });
    const s = Number(process.hrtime.bigint() - t0) / 1e9;
    times.push(s);
    log(`4 players, pool of ${w} worker${w > 1 ? 's' : ''}: ${Math.round(total / s).toLocaleString('en-US')} games/s (${total.toLocaleString('en-US')} games, 64 shards, ${s.toFixed(2)} s incl. table compile per worker)`);
  }
  if (times.length === 2 && availableParallelism() > 1) log(`speed-up ${availableParallelism()} workers vs 1: ${(times[0] / times[1]).toFixed(2)}×`);
}

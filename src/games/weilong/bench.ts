// Weilong figures for `npm run bench -- weilong`: measured and printed, never asserted.
import { Rng } from '../../core/rng.js';
import { runExperiment } from '../../parallel/pool.js';
import { loadRules } from './rules.js';
import { gamesLayout, playGames, type GamesParams } from './kernels.js';
import { turnOdds } from './questions.js';
import { best, f, ms } from '../../bench/timing.js';

export async function bench(log: (line: string) => void): Promise<void> {
  const rules = loadRules();
  const tables: [string, GamesParams][] = [
    ['2 players, element', { rules, strategies: ['element', 'element'], rotate: true, abilityWorth: false }],
    ['4 players, mixed', { rules, strategies: ['adaptive', 'element', 'dragon', 'noability'], rotate: true, abilityWorth: false }],
    ['5 players, adaptive', { rules, strategies: ['adaptive', 'adaptive', 'adaptive', 'adaptive', 'adaptive'], rotate: true, abilityWorth: false }],
  ];
  for (const [label, p] of tables) {
    const acc = new Float64Array(gamesLayout(p).size);
    const L = gamesLayout(p).layout.offset;
    playGames(p, new Rng(7), 3000, acc); // warm-up
    const games = 30_000;
    const r = best(3, () => {
      acc.fill(0);
      playGames(p, new Rng(1), games, acc);
      return acc[L.turns];
    });
    log(`whole games, ${label} (1 thread): ${f(games / (r.ms / 1000))} games/s, ${f(r.value / (r.ms / 1000))} turns/s (${f(games)} games, mean ${(r.value / (games * 5)).toFixed(2)} turns per round)`);
  }
  const pw: GamesParams = { rules, strategies: ['adaptive', 'adaptive', 'adaptive', 'adaptive', 'adaptive'], rotate: true, abilityWorth: true };
  const accW = new Float64Array(gamesLayout(pw).size);
  playGames(pw, new Rng(7), 500, accW);
  const w = best(3, () => playGames(pw, new Rng(1), 5000, accW));
  log(`with ability worth (each game replayed once per Son with its ability off), 5 adaptive: ${f(5000 / (w.ms / 1000))} games/s (1 thread)`);

  const e = { kernel: 'weilong.games', params: pw, seed: 1, total: 24_000, shardCount: 32 };
  const t1 = process.hrtime.bigint();
  const a1 = await runExperiment(e, { workers: 1 });
  const oneMs = ms(t1);
  const t2 = process.hrtime.bigint();
  const a2 = await runExperiment(e, { workers: 2 });
  const twoMs = ms(t2);
  const same = Buffer.from(a1.buffer).equals(Buffer.from(a2.buffer));
  log(`parallel (${f(e.total)} games with ability worth, 32 shards): 1 worker ${f(oneMs)} ms, 2 workers ${f(twoMs)} ms → ${(oneMs / twoMs).toFixed(2)}×; bit-identical: ${same}`);

  const odds = best(3, () => [1, 2, 3, 4, 5].map((k) => turnOdds(rules, k, [0, 0, 0, 0, 0, 0, 0], 'adaptive')));
  const states = odds.value.reduce((s, o) => s + o.states, 0);
  log(`exact single-turn odds, all five Sons from an empty Collected set (adaptive): ${f(odds.ms, 1)} ms (${states} Collected states in all)`);
}

import { Rng } from '../../core/rng.js';
import { runExperiment } from '../../parallel/pool.js';
import { f, ms } from '../../bench/timing.js';
import { createStrategy, parseStrategySpec } from './strategies/index.js';
import { Engine } from './engine.js';
import { handOdds, tableFourOfAKind } from './exact.js';
import { tableBombOdds } from './exact-table.js';
import { gamesKernel } from './kernels.js';
import { loadRules } from './rules.js';
import { parseCards } from './cards.js';
import { CHANCE, MAX_ACTIONS } from '../state.js';
import { stateGame } from './state.js';

/** Tichu figures: exact odds time, rounds per second per thread (heuristic, random), 1 vs 2 workers. Measured, never asserted. */
export async function bench(log: (line: string) => void): Promise<void> {
  const rules = loadRules();
  let t0 = process.hrtime.bigint();
  handOdds(8); handOdds(14);
  log(`tichu exact odds, 8 and 14 cards (all events, BigInt fractions): ${f(ms(t0), 1)} ms`);
  t0 = process.hrtime.bigint();
  handOdds(14, parseCards('Aj As Kp Qr 7s 7j Dr MJ'));
  log(`tichu exact odds given 8 cards: ${f(ms(t0), 1)} ms`);
  t0 = process.hrtime.bigint();
  tableFourOfAKind();
  log(`tichu exact table-level four of a kind: ${f(ms(t0), 1)} ms`);
  t0 = process.hrtime.bigint();
  const tb = tableBombOdds();
  log(`tichu exact table-level any bomb (some player of four, 14 cards each): ${f(ms(t0), 1)} ms (${tb.states} states × ${tb.points} Fourier points)`);

  for (const name of ['heuristic', 'random']) {
    const rng = new Rng(1);
    const e = new Engine(rules, [0, 1, 2, 3].map(() => createStrategy(parseStrategySpec(name), rules, rng)), rng);
    for (let i = 0; i < 2000; i++) e.playRound();
    const n = 40_000;
    t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) e.playRound();
    const t = ms(t0);
    log(`tichu round loop, 4 × ${name}, one thread: ${f(n / (t / 1000))} rounds/s`);
  }
  const params = { rules, strategies: ['heuristic', 'heuristic', 'heuristic', 'heuristic'] };
  for (const workers of [1, 2]) {
    t0 = process.hrtime.bigint();
    await runExperiment({ kernel: gamesKernel.name, params, seed: 1, total: 2000, shardCount: 16 }, { workers, alwaysPool: true });
    const t = ms(t0);
    log(`  pool, 2,000 heuristic games (16 shards), --workers ${workers}: ${f(t / 1000, 2)} s = ${f(2000 / (t / 1000))} games/s`);
  }
  {
    const rng = new Rng(2);
    const e = new Engine(rules, ['search:32', 'heuristic', 'search:32', 'heuristic'].map((s) => createStrategy(parseStrategySpec(s), rules, rng)), rng);
    const n = 20;
    t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) e.playRound();
    log(`tichu round loop, search:32 (two seats) + heuristic, one thread: ${f(n / (ms(t0) / 1000), 1)} rounds/s`);
  }
  {
    // the expert in all four seats: its card plays (24 rollouts each) and its call estimates
    const rng = new Rng(3);
    const e = new Engine(rules, [0, 1, 2, 3].map(() => createStrategy(parseStrategySpec('expert'), rules, rng)), rng);
    const n = 20;
    let plays = 0;
    t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) { e.playRound(); plays += e.plays; }
    const s = ms(t0) / 1000;
    log(`tichu round loop, 4 × expert, one thread: ${f(n / s, 1)} rounds/s, ${f(plays / s)} plays/s (call estimates included)`);
  }
  {
    // uniformly random playouts of the game interface (state.ts): the search player's inner loop
    const rng = new Rng(3), actions = new Int32Array(MAX_ACTIONS), n = 300;
    t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) {
      const s = stateGame.newGame(rules, 4);
      while (!s.isTerminal()) {
        if (s.currentPlayer() === CHANCE) s.applyChance(rng);
        else s.applyAction(actions[rng.below(s.legalActions(actions))]);
      }
    }
    log(`tichu interface state, random playouts of a round from the deal, one thread: ${f(n / (ms(t0) / 1000))} playouts/s`);
  }
}

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Rng } from '../../../core/rng.js';
import { loadRules } from './rules.js';
import { compileTables } from './tables.js';
import { solve, TurnAnalysis } from './exact.js';
import { OPTIMAL } from './strategy.js';
import { playTurns, simTablesFor } from './engine.js';
import { naiveTurns } from './naive.js';
import { turnKernel } from './kernels.js';
import { best, f, ms, poolScaling } from '../../../bench/timing.js';

export async function bench(log: (line: string) => void): Promise<void> {
  const rules = loadRules();
  const params = { rules, policy: OPTIMAL };
  const T = simTablesFor(params);
  const acc = new Float64Array(T.layout.length);
  const turns = 5_000_000;
  playTurns(T, new Rng(1), 200_000, acc); // warm-up
  acc.fill(0);
  const sim = best(3, () => {
    acc.fill(0);
    playTurns(T, new Rng(1), turns, acc);
    return acc[T.layout.offset.rolls];
  });
  const rolls = sim.value;
  log(`turn simulator (optimal policy, 1 thread): ${f(turns / (sim.ms / 1000))} turns/s, ${f(rolls / (sim.ms / 1000))} rolls/s (${f(turns)} turns, ${f(rolls)} rolls, ${f(sim.ms)} ms)`);

  const rng = new Rng(1);
  const sizes = T.outcomes; // read from memory as the simulator does, so the modulus is not a constant
  const bare = best(3, () => {
    let x = 0;
    for (let i = 0; i < rolls; i++) x ^= rng.below(sizes[5]);
    return x;
  });
  log(`bare loop drawing the same ${f(rolls)} rolls (one bounded draw of 6^5 each): ${f(bare.ms)} ms → simulator / bare loop = ${(sim.ms / bare.ms).toFixed(2)}× (target ≤ 3×)`);

  const naiveTurnsCount = 100_000;
  const sol = solve(compileTables(rules), OPTIMAL);
  const naive = best(1, () => naiveTurns(rules, sol, naiveTurnsCount));
  const naiveRate = naiveTurnsCount / (naive.ms / 1000);
  log(`straightforward implementation (Math.random, arrays per roll, scoring recomputed): ${f(naiveRate)} turns/s (mean ${naive.value.toFixed(0)}) → speed-up ${(turns / (sim.ms / 1000) / naiveRate).toFixed(1)}× (target ≥ 10×)`);

  // long enough (~4 s per worker) that starting the threads does not dominate
  // the kernel by its object, so its module is loaded here (the pool looks kernels up by name)
  const e = { kernel: turnKernel.name, params, seed: 1, total: 200_000_000, shardCount: 64 };
  const { oneMs, twoMs, same } = await poolScaling(e);
  log(`thread pool (${f(e.total)} turns, 64 shards of ~${f(oneMs / 64)} ms): 1 worker ${f(oneMs)} ms, 2 workers ${f(twoMs)} ms → ${(oneMs / twoMs).toFixed(2)}× (target ≥ 1.8×); bit-identical: ${same}`);

  const dp = best(5, () => solve(compileTables(rules), OPTIMAL));
  const dpOnly = best(5, () => solve(dp.value.tables, OPTIMAL));
  log(`exact solver: DP ${dpOnly.ms.toFixed(1)} ms, tables + DP ${dp.ms.toFixed(1)} ms (target: DP < 100 ms)`);
  // what one scoring edit in the workbench solves: new rules (so nothing cached), full result
  let edit = 0;
  const editSolve = () => {
    const r = structuredClone(rules);
    r.faces[1].score['1'] = 600 + 100 * (edit++ % 12); // unit 100: a finer grid than the rulebook's 500; each value new (the tables cache keeps 16)
    return new TurnAnalysis(r).solveResult().expectedTurnScore;
  };
  best(5, editSolve); // warm-up: the page has run a few edits too
  const wb = best(7, editSolve);
  log(`exact solver, one workbench scoring edit (new rules, unit 100: tables + DP + distribution + result): ${wb.ms.toFixed(1)} ms (workbench target: edit to figures < 50 ms)`);

  const cli = fileURLToPath(new URL('../../../cli/main.js', import.meta.url));
  const solveRun = best(5, () => spawnSync(process.execPath, [cli, 'wulong', 'solve'], { stdio: 'ignore' }));
  log(`\`oddsmith wulong solve\`, process start to exit: ${f(solveRun.ms)} ms (best of 5; target < 1000 ms)`);

  const out = mkdtempSync(join(tmpdir(), 'oddsmith-bench-'));
  const t3 = process.hrtime.bigint();
  const r = spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, cli, 'report', '--out', out, '--quiet'], { encoding: 'utf8' });
  const kb = Number(r.stderr.trim().split('\n').pop());
  log(`\`npm start\` (all experiments → reports): ${f(ms(t3) / 1000, 1)} s, peak memory ${Number.isFinite(kb) ? f(kb / 1024) + ' MB' : `unknown (${r.stderr.trim().slice(0, 80)})`} (target < 500 MB)`);
  rmSync(out, { recursive: true, force: true });
}

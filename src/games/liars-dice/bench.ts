import { Rng } from '../../core/rng.js';
import { runExperiment } from '../../parallel/pool.js';
import { loadRules } from './rules.js';
import { bidOdds } from './exact.js';
import { Tournament, tournamentKernel, type TournamentParams } from './kernels.js';
import { solve, storeBytes, type SolveOptions, type Variant } from './exact-cfr.js';
import { f, ms } from '../../bench/timing.js';
import { readStrategyFile, solverSource, writeStrategyFile } from './strategy-file.js';
import { statSync } from 'node:fs';
import { writeFileAtomic } from '../../core/files.js';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';

/** Liar's Dice figures: exact odds time, tournament rounds per second, CFR+ solve times. Measured, never asserted. */
export async function bench(log: (line: string) => void): Promise<void> {
  const rules = loadRules();

  let t0 = process.hrtime.bigint();
  for (let i = 0; i < 20; i++) bidOdds(rules, 4, [2, 2, 4, 1, 6], { count: 8, face: 2 }, false);
  log(`liars odds (4 players, 5 dice, exact BigInt, incl. safest bids for 6 faces): ${f(ms(t0) / 20, 2)} ms per query`);

  const params: TournamentParams = { rules, strategies: ['threshold', 'conservative', 'bluffer', 'random'].map((name) => ({ name, params: {} })) };
  const t = new Tournament(params);
  const acc = new Float64Array(t.lay.size);
  const rng = new Rng(1);
  t.playRounds(rng, 50_000, acc);
  const n = 400_000;
  t0 = process.hrtime.bigint();
  const c0 = process.cpuUsage();
  t.playRounds(rng, n, acc);
  const one = ms(t0);
  const c1 = process.cpuUsage(c0);
  const oneCpu = (c1.user + c1.system) / 1e3;
  log(`tournament round loop, 4 players × 5 dice (threshold, conservative, bluffer, random), one thread: ${f(n / (one / 1000))} rounds/s wall, ${f(n / (oneCpu / 1000))} rounds per CPU-second`);
  for (const workers of [1, 2]) {
    t0 = process.hrtime.bigint();
    await runExperiment({ kernel: tournamentKernel.name, params, seed: 1, total: 1_000_000, shardCount: 32 }, { workers });
    const e = ms(t0);
    log(`  pool, 1,000,000 rounds, 32 shards, --workers ${workers}: ${f(e / 1000, 2)} s = ${f(1_000_000 / (e / 1000))} rounds/s`);
  }

  const cases: SolveOptions[] = [
    { variant: 'openspiel', dice: [1, 1], sides: 6, target: 1e-4, maxIterations: 100_000 },
    { variant: 'openspiel', dice: [1, 1], sides: 6, target: 1e-5, maxIterations: 100_000 },
    { variant: 'seed', dice: [1, 1], sides: 6, target: 1e-4, maxIterations: 100_000 },
    { variant: 'plain', dice: [1, 1], sides: 6, target: 1e-4, maxIterations: 100_000 },
    { variant: 'seed', dice: [2, 2], sides: 3, target: 1e-4, maxIterations: 100_000 },
    { variant: 'seed', dice: [2, 2], sides: 4, target: 1e-3, maxIterations: 100_000 },
  ];
  for (const c of cases) {
    const cpu0 = process.cpuUsage();
    const { result: r } = solve(c);
    const cpu = process.cpuUsage(cpu0);
    const cpuS = (cpu.user + cpu.system) / 1e6;
    const extra = c.variant === 'openspiel' && c.dice[0] === 1 && c.sides === 6 ? ` (−7/258 = ${(-7 / 258).toFixed(6)}, |diff| ${(Math.abs(r.value0 + 7 / 258)).toExponential(1)})` : '';
    log(`CFR+ ${c.variant} ${c.dice.join('v')} dice ${c.sides} sides to exploitability ≤ ${c.target}: ${f(r.seconds, 2)} s wall, ${f(cpuS, 2)} s CPU (one thread), ${r.iterations} iterations (incl. exact exploitability at ${r.convergence.length} checkpoints); value ${r.value0.toFixed(6)}${extra}; exploitability ${r.exploitability.toExponential(2)}`);
  }
}

/**
 * The fraction with the smallest denominator in [lo, hi] (Stern–Brocot descent by continued
 * fractions). Two fractions with denominators ≤ Q differ by at least 1/Q², so when the game's
 * value has a denominator below 1/√(hi − lo) it is this fraction.
 */
export function simplestFraction(lo: number, hi: number): [number, number] {
  if (lo > hi) throw new RangeError(`simplestFraction: empty interval [${lo}, ${hi}]`);
  if (lo <= 0 && hi >= 0) return [0, 1];
  if (hi < 0) {
    const [p, q] = simplestFraction(-hi, -lo);
    return [-p, q];
  }
  const a = Math.floor(lo);
  if (a === lo) return [a, 1];
  if (a + 1 <= hi) return [a + 1, 1];
  // lo and hi in (a, a + 1): x = a + 1/y with y in [1/(hi − a), 1/(lo − a)]
  const [p, q] = simplestFraction(1 / (hi - a), 1 / (lo - a));
  return [a * p + q, p];
}

/** Runs a solve and logs its checkpoints, time, CPU and peak memory. */
function timedSolve(c: SolveOptions, log: (line: string) => void, label: string): ReturnType<typeof solve> {
  const cpu0 = process.cpuUsage();
  const solved = solve(c, (p) => log(`  ${label}: iteration ${p.iteration}, exploitability ${p.exploitability.toExponential(3)}, opener's value ${p.value0.toFixed(8)}, ${f(p.seconds, 1)} s, peak RSS ${f(process.resourceUsage().maxRSS / 1e6, 2)} GB`));
  const r = solved.result, cpu = process.cpuUsage(cpu0);
  const [p, q] = simplestFraction(-r.br1, r.br0);
  log(`${label}: ${r.converged ? 'reached' : 'did NOT reach'} exploitability ≤ ${c.target} — ${r.exploitability.toExponential(3)} after ${r.iterations} iterations; value ${r.value0.toFixed(8)} in [${(-r.br1).toFixed(8)}, ${r.br0.toFixed(8)}] (simplest fraction in it ${p}/${q}, the value if its denominator is below ${f(1 / Math.sqrt(r.nashConv))}); ${f(r.seconds, 1)} s wall, ${f((cpu.user + cpu.system) / 1e6, 1)} s CPU (${c.threads} threads), peak RSS ${f(process.resourceUsage().maxRSS / 1e6, 2)} GB`);
  return solved;
}

/**
 * `npm run bench -- liars-2v2` (and `liars-2v2-openspiel`, `liars-2v2-plain`): 2 dice each and 6
 * sides (24 bids, 2^24 public histories) by DCFR on float32 stores and every core, to exploitability
 * 1e-4 or 60 minutes; its result (as `liars solve --json` prints it) and its strategy (as `--out`
 * writes it) go to the temp folder, and the strategy is read back. Hours of CPU at most; never in CI.
 */
export const bench2v2 = (variant: Variant) => async (log: (line: string) => void): Promise<void> => {
  const threads = availableParallelism();
  const c: SolveOptions = { variant, dice: [2, 2], sides: 6, target: 1e-4, maxIterations: 1e6, maxSeconds: 3600, algorithm: 'dcfr', precision: 'float32', threads, checkpointGrowth: 1.5 };
  log(`${variant} 2v2 dice, 6 sides, DCFR, float32 stores of ${f(storeBytes(c, c) / 1e9, 2)} GB, ${threads} threads, target 1e-4 within 60 min:`);
  // an exploitability checkpoint (three passes) costs as much as several late iterations: ×1.5 apart
  const { solver, result: r } = timedSolve(c, log, `${variant} 2v2 6 sides`);
  // the result as `liars solve --json` prints it (the frontier page's committed 2v2 cells)
  const json = join(tmpdir(), `oddsmith-liars-2v2-${variant}-6.json`);
  writeFileAtomic(json, JSON.stringify(r, null, 2) + '\n');
  log(`result written to ${json}`);
  // the strategy for the equilibrium:file= player, as `liars solve --out` writes it
  const path = join(tmpdir(), `oddsmith-liars-2v2-${variant}-6.gz`);
  let t0 = process.hrtime.bigint();
  const s = writeStrategyFile(path, solverSource(solver), { iterations: r.iterations, target: r.target, value0: r.value0, br0: r.br0, br1: r.br1, exploitability: r.exploitability }, 1e-6, solver);
  log(`strategy written to ${path} in ${f(ms(t0) / 1000, 1)} s: ${f(statSync(path).size / 1e6)} MB, ${f(s.stored.histories)} histories its players reach (of ${f(2 ** solver.B)}); stored (float32, probabilities below 1e-6 dropped): value ${s.stored.value0.toFixed(8)}, exploitability ${s.stored.exploitability.toExponential(3)}; peak RSS ${f(process.resourceUsage().maxRSS / 1e6, 2)} GB`);
  t0 = process.hrtime.bigint();
  const back = readStrategyFile(path);
  log(`read back (checked) in ${f(ms(t0) / 1000, 1)} s: ${f(back.stored.histories)} histories; play it with equilibrium:file=${path}`);
};

/**
 * `npm run bench -- liars-2v1`: 2v1 and 1v2 dice with 6 sides in every variant by pcfr+last (the
 * fastest to small targets measured; docs/liars-dice.md) to exploitability 1e-7, or 2 hours each:
 * hours of CPU; never in CI.
 */
export async function bench2v1(log: (line: string) => void): Promise<void> {
  const threads = availableParallelism();
  for (const variant of ['seed', 'openspiel', 'plain'] as const) {
    for (const dice of [[2, 1], [1, 2]] as [number, number][]) {
      // a pcfr+last checkpoint is five passes (four best responses, the value): ×1.1 apart costs
      // a few per cent and stops at most 10% past the target's iteration
      timedSolve({ variant, dice, sides: 6, target: 1e-7, maxIterations: 1e7, maxSeconds: 2 * 3600, algorithm: 'pcfr+last', precision: 'float64', threads, checkpointGrowth: 1.1 }, log, `${variant} ${dice.join('v')} 6 sides`);
    }
  }
  await Promise.resolve();
}

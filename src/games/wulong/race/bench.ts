import { loadRules } from '../turn/rules.js';
import type { WulongRules } from '../turn/rules.js';
import { rulesPath } from '../../../core/paths.js';
import { firstPlayerWins, solveRaceReference, type RaceOptions, type RaceSolution } from './exact.js';
import { evaluateRace, pointsPolicy } from './exact-evaluate.js';
import { f } from '../../../bench/timing.js';
import { availableParallelism } from 'node:os';
import { LAYERED_THREADS_FROM, solveRaceThreads } from './parallel.js';

/** Busche, "Maximizing Win Probability in the Game of Farkle" (2016): Facebook Farkle, scores down to −2,500. */
const BUSCHE = 0.53487;

interface Run {
  name: string;
  rules: WulongRules;
  target: number;
  /** also time the reference sweeps (before/after) */
  reference?: boolean;
  comparisons?: boolean;
  opts?: Partial<RaceOptions>;
}

async function solveTimed(solver: (rules: WulongRules, opts: RaceOptions) => RaceSolution | Promise<RaceSolution>, run: Run, log: (line: string) => void): Promise<{ R: RaceSolution; ms: number; cpu: number }> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const R = await solver(run.rules, { target: run.target, ...run.opts, onPass: (k, d, p) => log(`  pass ${k}: largest change ${d.toExponential(2)}, P(first wins) ${p.toFixed(8)}`) });
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { R, ms, cpu: (c.user + c.system) / 1e6 };
}

/**
 * Race solve time, turn states per second and memory for Pig to 100, 10000 and Facebook to reduced
 * targets (with the reference sweeps' time alongside, before/after), and the time of the
 * comparisons `wulong race` prints (policy evaluations); rules with penalties on every core.
 * ODDSMITH_BENCH_RACE_FULL=1 adds the full
 * sizes: 10000 to 10,000 and Busche's Facebook game (scores down to −2,500; many minutes), as the
 * preset has it and with five and six of a kind at 3x and 4x the triple, or at 2x.
 */
export async function bench(log: (line: string) => void): Promise<void> {
  const load = (name: string) => loadRules(rulesPath('farkle', name));
  const facebook = load('facebook');
  const runs: Run[] = [
    { name: 'pig', rules: load('pig'), target: 100, reference: true, comparisons: true },
    { name: '10000', rules: load('10000'), target: 1000, comparisons: true },
    { name: '10000', rules: load('10000'), target: 2000, reference: true },
    { name: '10000', rules: load('10000'), target: 4000 },
    { name: 'facebook', rules: facebook, target: 1000, reference: true },
    { name: 'facebook, floor -500', rules: { ...facebook, bankFloor: -500 }, target: 2000 },
  ];
  if (process.env.ODDSMITH_BENCH_RACE_FULL === '1') {
    runs.push({ name: '10000', rules: load('10000'), target: 10000 });
    runs.push({ name: 'facebook, floor -2500 (Busche)', rules: { ...facebook, bankFloor: -2500 }, target: 10000, opts: { tolerance: 1e-8 } });
    // the readings of "four or more of a kind double" the preset does not take: five and six of a
    // kind 3x and 4x the triple (additive), or all 2x (flat)
    const ofAKind = (five: number, six: number) => ({ ...facebook, bankFloor: -2500, ofAKind: { ...facebook.ofAKind, 5: { times: five }, 6: { times: six } } });
    runs.push({ name: 'facebook, 5 and 6 of a kind 3x and 4x, floor -2500 (Busche variant)', rules: ofAKind(3, 4), target: 10000, opts: { tolerance: 1e-8 } });
    runs.push({ name: 'facebook, 5 and 6 of a kind 2x, floor -2500 (Busche variant)', rules: ofAKind(2, 2), target: 10000, opts: { tolerance: 1e-8 } });
  }
  // rules with penalties (and large races without) are split between the cores (same values for any count)
  const threads = availableParallelism();
  for (const run of runs) {
    const { R, ms, cpu } = await solveTimed((rules, opts) => solveRaceThreads(rules, opts, threads), run, log);
    const p = firstPlayerWins(R);
    let line = `race ${run.name} to ${run.target} (score step ${R.unit}, ${f(R.NP)} player states, ${f(R.turnStatesPerSweep)} turn states a pass): P(first wins) ${p.toFixed(6)}, solve ${f(ms)} ms (${f(cpu * 1000)} ms CPU), ${R.layered ? `one pass, ${R.turnStatesPerSweep >= LAYERED_THREADS_FROM ? threads : 1} thread(s)` : `${R.sweeps} passes, ${threads} threads`}, ${f(R.turnSolves)} turns solved, ${f(R.turnStates / (ms / 1000))} turn states/s (${f(R.turnStates / cpu)} a CPU second), peak ${f(process.resourceUsage().maxRSS / 1024)} MB`;
    if (run.name.includes('Busche')) line += `; Busche 0.53487, difference ${(p - BUSCHE).toFixed(6)}`;
    log(line);
    if (run.reference) {
      const ref = await solveTimed(solveRaceReference, { ...run, opts: { ...run.opts } }, () => {});
      log(`  reference sweeps: solve ${f(ref.ms)} ms (${f(ref.cpu * 1000)} ms CPU), ${f(ref.R.turnSolves)} turns solved; P(first wins) ${firstPlayerWins(ref.R).toFixed(6)}`);
    }
    if (run.comparisons) {
      const t1 = performance.now();
      const pts = pointsPolicy(R);
      evaluateRace(R, pts, null);
      evaluateRace(R, pts, pts);
      evaluateRace(R, null, null);
      log(`  comparisons (points vs optimal, points vs points, game length): ${f(performance.now() - t1)} ms`);
    }
  }
}

/**
 * `npm run bench -- wulong-race-facebook`: Busche's game at full size — Facebook Farkle to 10,000,
 * banked scores down to −2,500, five and six of a kind 3× and 4× the triple (the reading that gives
 * his 53.487%) — solved as `wulong race` solves it (tolerance 1e-9, every core): P(first wins)
 * after each pass, wall and CPU time, peak memory. Minutes on two cores, so a bench of its own.
 */
export async function benchFacebook(log: (line: string) => void): Promise<void> {
  const facebook = loadRules(rulesPath('farkle', 'facebook'));
  const rules: WulongRules = { ...facebook, bankFloor: -2500, ofAKind: { ...facebook.ofAKind, 5: { times: 3 }, 6: { times: 4 } } };
  const threads = availableParallelism();
  const run: Run = { name: 'facebook, 5 and 6 of a kind 3x and 4x, floor -2500 (Busche)', rules, target: 10000 };
  const { R, ms, cpu } = await solveTimed((r, opts) => solveRaceThreads(r, opts, threads), run, log);
  const p = firstPlayerWins(R);
  log(`race ${run.name} to ${run.target} (${f(R.turnStatesPerSweep)} turn states a pass): P(first wins) ${p.toFixed(8)} (Busche ${BUSCHE}, difference ${(p - BUSCHE).toFixed(6)}), ${R.sweeps} passes to a largest change of ${R.residual.toExponential(1)}, solve ${f(ms / 1000)} s wall (${f(cpu)} s CPU) on ${threads} threads, ${f(R.turnStates / cpu)} turn states a CPU second, peak ${f(process.resourceUsage().maxRSS / 1024)} MB`);
}

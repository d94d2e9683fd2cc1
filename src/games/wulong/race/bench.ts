import { loadRules } from '../turn/rules.js';
import { rulesPath } from '../../../core/paths.js';
import { firstPlayerWins, solveRace } from './exact.js';
import { evaluateRace, pointsPolicy } from './exact-evaluate.js';
import { f } from '../../../bench/timing.js';

/**
 * Race solve time, states per second and memory for Pig to 100 and 10000 to reduced targets, and
 * the time of the comparisons `wulong race` prints (policy evaluations: points vs optimal, points
 * vs points, game length). ODDSMITH_BENCH_RACE_FULL=1 adds 10000 to 10,000 (minutes).
 */
export async function bench(log: (line: string) => void): Promise<void> {
  const runs: [string, number][] = [['pig', 100], ['10000', 1000], ['10000', 2000], ['10000', 4000]];
  if (process.env.ODDSMITH_BENCH_RACE_FULL === '1') runs.push(['10000', 10000]);
  for (const [name, target] of runs) {
    const rules = loadRules(rulesPath('farkle', name));
    const rss0 = process.memoryUsage().rss;
    const t0 = performance.now();
    const R = solveRace(rules, { target });
    const ms = performance.now() - t0;
    const rss = process.memoryUsage().rss;
    const t1 = performance.now();
    const pts = pointsPolicy(R);
    evaluateRace(R, pts, null);
    evaluateRace(R, pts, pts);
    evaluateRace(R, null, null);
    const cmpMs = performance.now() - t1;
    const pairs = R.NP * R.NP;
    log(`race ${name} to ${target} (score step ${R.unit}, ${f(pairs)} score pairs × cross-turn states, ${R.turn.prob.length} merged roll classes): P(first wins) ${firstPlayerWins(R).toFixed(6)}, solve ${f(ms)} ms, ${f(R.turnSolves)} turns solved, ${f(R.turnStates / (ms / 1000))} turn states/s, comparisons ${f(cmpMs)} ms, rss ${f((rss - rss0) / 2 ** 20)} MB more (${f(rss / 2 ** 20)} MB, peak ${f(process.resourceUsage().maxRSS / 1024)} MB)`);
  }
}

import { loadRules } from '../turn/rules.js';
import { rulesPath } from '../../../core/paths.js';
import { firstPlayerWins, solveRace } from './exact.js';
import { f } from '../../../bench/timing.js';

/** Race solve time, states per second and memory for Pig to 100 and 10000 to a reduced target. */
export async function bench(log: (line: string) => void): Promise<void> {
  for (const [name, target] of [['pig', 100], ['10000', 1000], ['10000', 2000]] as const) {
    const rules = loadRules(rulesPath('farkle', name));
    const rss0 = process.memoryUsage().rss;
    const t0 = performance.now();
    const R = solveRace(rules, { target });
    const ms = performance.now() - t0;
    const rss = process.memoryUsage().rss;
    const pairs = R.NP * R.NP;
    log(`race ${name} to ${target} (score step ${R.unit}, ${f(pairs)} score pairs × cross-turn states, ${R.turn.prob.length} merged roll classes): P(first wins) ${firstPlayerWins(R).toFixed(6)}, ${f(ms)} ms, ${f(R.turnSolves)} turns solved, ${f(R.turnStates / (ms / 1000))} turn states/s, rss ${f((rss - rss0) / 2 ** 20)} MB more (${f(rss / 2 ** 20)} MB)`);
  }
}

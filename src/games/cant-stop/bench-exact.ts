import { solveOptimal } from '../../exact/optimal.js';
import { f } from '../../bench/timing.js';
import { CantStopTurnState } from './state.js';
import { OptimalTurn } from './exact.js';
import { loadRules } from './rules.js';

const cpuS = (t0: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(t0);
  return (d.user + d.system) / 1e6;
};

/**
 * The generic expectimax of the exact tools (src/exact/optimal.ts, over the game interface)
 * against the specialized turn solver, on one turn from the empty board: CPU for the whole solve,
 * one thread. Runs with the Liar's Dice bench of the same name (`npm run bench -- exact-generic`).
 */
export async function bench(log: (line: string) => void): Promise<void> {
  const rules = loadRules();
  let t0 = process.cpuUsage();
  const sol = solveOptimal(new CantStopTurnState(rules));
  const gS = cpuS(t0);
  t0 = process.cpuUsage();
  const turn = new OptimalTurn(rules).result;
  const sS = cpuS(t0);
  log("Expectimax, CPU s for the whole solve, one thread: Can't Stop's turn from the empty board");
  log(`  generic ${f(gS, 2)} s (${sol.states.toLocaleString('en-US')} states), specialized ${f(sS, 2)} s, ratio ${f(gS / sS, 1)}×`);
  log(`  values ${sol.value.toFixed(6)} and ${turn.progress.toFixed(6)}`);
}

/**
 * The exact answers a page shows for a game, within a stated budget: `optimal` for a part (or a
 * whole game) where one seat decides, `equilibrium` where two do, each stopped at a node or state
 * cap and a CPU budget; what does not fit, or lacks the optional parts, is the tools' one line.
 */
import { UserError } from '../core/errors.js';
import type { GameState } from '../games/state.js';
import { TreeCfr, profileValue } from './cfr.js';
import { solveOptimal } from './optimal.js';
import { buildTree } from './tree.js';

/**
 * What a page solves at most: states or tree nodes, and iterations (a count, not a time: a page is
 * the same from run to run), stopping early at the target exploitability.
 */
export const PAGE_BUDGET = { nodes: 1_000_000, iterations: 16_384, target: 1e-5 };

export interface ExactAnswer {
  /** "the whole game", "part turn" */
  what: string;
  /** the command that gives it (after `oddsmith <game>`) */
  command: string;
  tool: 'optimal' | 'equilibrium';
  /** solved: seat 0's (or the decider's) value; else why not */
  value?: number;
  refused?: string;
  states?: number;
  decisions?: number;
  nodes?: number;
  infosets?: number;
  iterations?: number;
  exploitability?: number;
  /** CPU seconds it took (for logs: a page leaves it out, to be the same from run to run) */
  cpuSeconds: number;
}

const cpu = (t0: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(t0);
  return (d.user + d.system) / 1e6;
};

/** One exact answer for a start state with `seats` seats (1: optimal, 2: equilibrium, more: none). */
export function exactAnswer(root: GameState, what: string, command: string, budget = PAGE_BUDGET): ExactAnswer {
  const t0 = process.cpuUsage();
  const tool = root.players === 1 ? 'optimal' : 'equilibrium';
  try {
    if (root.players === 1) {
      const sol = solveOptimal(root, what, budget.nodes);
      return { what, command, tool, value: sol.value, states: sol.states, decisions: sol.decisions, cpuSeconds: cpu(t0) };
    }
    const tree = buildTree(root, { maxNodes: budget.nodes, publicStates: true }, what);
    const cfr = new TreeCfr(tree, 'pcfr+');
    const c = tree.constantSum;
    let e = cfr.choose().exploitability / 2;
    for (let next = 1; e > budget.target && next <= budget.iterations; next *= 2) {
      cfr.iterate(next - cfr.iterations);
      e = cfr.choose().exploitability / 2;
    }
    return { what, command, tool, value: (c + profileValue(tree, cfr.profile())) / 2, nodes: tree.nodes, infosets: tree.infosets, iterations: cfr.iterations, exploitability: e, cpuSeconds: cpu(t0) };
  } catch (err) {
    if (!(err instanceof UserError)) throw err;
    return { what, command, tool, refused: err.message, cpuSeconds: cpu(t0) };
  }
}

/**
 * The exact answers a page shows for a game, within a stated budget: `optimal` for a part (or a
 * whole game) where one seat decides, `equilibrium` where two do, each stopped at a node or state
 * cap and a CPU budget; what does not fit, or lacks the optional parts, is the tools' one line.
 */
import { UserError } from '../core/errors.js';
import { fmtNum } from '../core/format.js';
import type { GameState, StateGame } from '../games/state.js';
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

// CPU seconds under Node, wall seconds in a browser worker (the workbench tab): only for logs
const clock = (): number => (typeof process !== 'undefined' && typeof process.cpuUsage === 'function' ? (({ user, system }) => (user + system) / 1e6)(process.cpuUsage()) : performance.now() / 1e3);

/**
 * One exact answer for a start state with `seats` seats (1: optimal, 2: equilibrium, more: none);
 * `progress` hears the iterations done and the exploitability after each doubling (the workbench
 * tab shows it).
 */
export function exactAnswer(root: GameState, what: string, command: string, budget = PAGE_BUDGET, progress?: (iterations: number, exploitability: number) => void): ExactAnswer {
  const t0 = clock();
  const cpu = (t: number) => clock() - t;
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
      progress?.(cfr.iterations, e);
    }
    return { what, command, tool, value: (c + profileValue(tree, cfr.profile())) / 2, nodes: tree.nodes, infosets: tree.infosets, iterations: cfr.iterations, exploitability: e, cpuSeconds: cpu(t0) };
  } catch (err) {
    if (!(err instanceof UserError)) throw err;
    return { what, command, tool, refused: err.message, cpuSeconds: cpu(t0) };
  }
}

/**
 * The exact answers of a game as its page and its workbench tab show them: the whole game at
 * `seats` seats (one or two) and each part it declares of one or two seats; `rulesOption` is the
 * ` --rules …` the commands carry, if any.
 */
export function gameExactAnswers<R>(sg: StateGame<R>, rules: R, seats: number, id: string, rulesOption = '', budget = PAGE_BUDGET, progress?: (what: string, iterations: number, exploitability: number) => void): ExactAnswer[] {
  const answers: ExactAnswer[] = [];
  const one = (root: GameState, what: string, command: string) => answers.push(exactAnswer(root, what, command, budget, progress && ((i, e) => progress(what, i, e))));
  if (seats <= 2) one(sg.newGame(rules, seats), id, `${seats === 1 ? 'optimal' : 'equilibrium'} --players ${seats}${rulesOption}`);
  for (const [name, part] of Object.entries(sg.subGames ?? {})) {
    if (part.players <= 2) one(part.newGame(rules), `${id} ${name}`, `${part.players === 1 ? 'optimal' : 'equilibrium'} --part ${name}${rulesOption}`);
  }
  return answers;
}

/** "the whole game" or "part turn": what an answer of the game `id` is about, in a sentence. */
export const exactSubject = (a: ExactAnswer, id: string): string => (a.what === id ? 'the whole game' : `part ${a.what.slice(id.length + 1)}`);

/** The refusal line of an answer not solved, as the page and the tab give it (text, not HTML). */
export const exactRefusal = (a: ExactAnswer, id: string, prefix: string): { subject: string; command: string; reason: string } => ({ subject: exactSubject(a, id), command: `${prefix} ${a.command}`, reason: a.refused!.replace(/\.$/, '') });

/** The table row of a solved answer, as the page and the tab show it. */
export function exactRow(a: ExactAnswer, id: string, prefix: string): Record<string, string> {
  return {
    what: exactSubject(a, id),
    tool: a.tool,
    'value (first seat)': a.value === undefined ? '–' : fmtNum(a.value, 6),
    size: a.states !== undefined ? `${a.states.toLocaleString('en-US')} states` : a.nodes !== undefined ? `${a.nodes.toLocaleString('en-US')} nodes, ${a.infosets!.toLocaleString('en-US')} information sets` : '–',
    exploitability: a.exploitability === undefined ? (a.value === undefined ? '–' : 'exact') : a.exploitability === 0 ? '0' : a.exploitability.toExponential(2),
    note: a.iterations !== undefined ? `pcfr+, ${a.iterations.toLocaleString('en-US')} iterations` : '',
    command: `${prefix} ${a.command}`,
  };
}

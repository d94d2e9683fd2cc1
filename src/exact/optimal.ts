/**
 * One decision-maker against chance, exactly: expectimax over the states of any game (or declared
 * part of one) where a single seat decides, memoized by the state's `key()`, chance enumerated by
 * `chanceOutcomes()` with its probabilities. The value is the decider's expected return; the
 * policy is the best action at every decision state (ties: the first legal action).
 */
import { UserError } from '../core/errors.js';
import { CHANCE, MAX_ACTIONS, TERMINAL, type GameState } from '../games/state.js';
import { MAX_PLAY_STEPS, tooLong } from './tree.js';

/** The most states the solver memoizes (each holds a key string and a few numbers). */
export const MAX_OPTIMAL_STATES = 5_000_000;

export interface OptimalDecision {
  /** the best action, as the game numbers it and as read */
  action: number;
  text: string;
  /** the expected return of each legal action (in legalActions order) */
  actions: { action: number; text: string; value: number }[];
  value: number;
}

export interface OptimalSolution {
  /** the seat that decides */
  seat: number;
  /** its expected return from the start under the best policy */
  value: number;
  /** states memoized: decisions, chance events and ends */
  states: number;
  decisions: number;
  /** the value of every state by key, and the best action at each decision state */
  values: Map<string, number>;
  policy: Map<string, OptimalDecision>;
  /** the root's decision when the root has no key (null) */
  rootDecision?: OptimalDecision;
}

/** Check the parts the solver needs; a UserError naming what is missing. */
export function checkOptimalParts(s: GameState, what: string): void {
  if (typeof s.key !== 'function') throw new UserError(`${what}: its states give no key() (a state's identity), so the exact solver cannot memoize them`);
}

/**
 * Solve from `root`. A UserError when two seats decide (then it is a game: see `equilibrium`), a
 * chance event is not enumerated, a state recurs below itself (the solver needs a game that ends),
 * or more than `maxStates` states are met.
 */
export function solveOptimal(root: GameState, what = 'this game', maxStates = MAX_OPTIMAL_STATES, known?: ReadonlyMap<string, number>): OptimalSolution {
  checkOptimalParts(root, what);
  const values = new Map<string, number>(known ?? []);
  const policy = new Map<string, OptimalDecision>();
  /** the decision at the last state without a key (the root, when asked by a player) */
  let unkeyed: OptimalDecision | undefined;
  const ret = new Float64Array(root.players);
  let seat = -1;
  const bufs: { a: Int32Array; p: Float64Array }[] = [];
  const buf = (d: number) => (bufs[d] ??= { a: new Int32Array(MAX_ACTIONS), p: new Float64Array(MAX_ACTIONS) });
  const value = (s: GameState, depth: number): number => {
    if (depth > MAX_PLAY_STEPS) throw tooLong(what, s);
    const key = s.key!();
    if (key !== null) {
      // one lookup: a state being solved holds NaN until its value is known
      const hit = values.get(key);
      if (hit !== undefined) {
        if (hit !== hit) throw new UserError(`${what}: a state recurs below itself (${s.toString()}); the exact solver needs a game whose every play ends`);
        return hit;
      }
      if (values.size >= maxStates) throw new UserError(`${what}: more than ${maxStates.toLocaleString('en-US')} states, more than the exact solver holds`);
      values.set(key, NaN);
    }
    const who = s.currentPlayer();
    let v = 0;
    if (who === TERMINAL) {
      s.returns(ret);
      v = ret[seat < 0 ? 0 : seat];
    } else if (who === CHANCE) {
      if (!s.chanceOutcomes || !s.applyChanceOutcome) throw new UserError(`${what}: its states do not list their chance outcomes (chanceOutcomes), so the exact solver cannot enumerate them`);
      const { a, p } = buf(depth);
      const n = s.chanceOutcomes(a, p);
      if (n <= 0) throw new UserError(`${what}: a chance event is not enumerated (too many outcomes to list) at ${s.toString()}`);
      // the state is the solver's own copy: its last outcome is applied to it, not to a clone
      for (let k = 0; k < n; k++) {
        const c = k < n - 1 ? s.clone() : s;
        c.applyChanceOutcome!(a[k]);
        v += p[k] * value(c, depth + 1);
      }
    } else {
      if (seat < 0) seat = who;
      else if (who !== seat) throw new UserError(`${what}: seats ${seat} and ${who} both decide; \`optimal\` is for one decision-maker against chance (two players: \`equilibrium\`)`);
      // the actions stay in this depth's buffer: the children write deeper ones
      const { a, p: x } = buf(depth);
      const n = s.legalActions(a);
      // a decision is kept where it has a key, or at the root (asked by a player); the texts are
      // read before the state, the solver's own copy, takes its last action in place
      const keep = key !== null || depth === 0;
      const texts = keep ? Array.from(a.subarray(0, n), (act) => s.actionText(act)) : null;
      let best = -Infinity, bestAt = 0;
      for (let k = 0; k < n; k++) {
        const c = k < n - 1 ? s.clone() : s;
        c.applyAction(a[k]);
        const y = value(c, depth + 1);
        x[k] = y;
        if (y > best) { best = y; bestAt = k; }
      }
      v = best;
      if (texts !== null) {
        const actions = texts.map((text, k) => ({ action: a[k], text, value: x[k] }));
        const d = { action: a[bestAt], text: texts[bestAt], actions, value: v };
        if (key !== null) policy.set(key, d);
        else unkeyed = d;
      }
    }
    if (key === null) return v;
    values.set(key, v);
    return v;
  };
  const v = value(root.clone(), 0);
  return { seat: Math.max(seat, 0), value: v, states: values.size, decisions: policy.size, values, policy, rootDecision: unkeyed };
}

/**
 * The decision states first met from the start (with how often each comes first), the likeliest
 * `limit` of them, each with its decision: what `optimal` prints when no state is asked about.
 */
export function firstDecisions(root: GameState, sol: OptimalSolution, limit: number): { key: string; state: string; probability: number; decision: OptimalDecision }[] {
  const out = new Map<string, { key: string; state: string; probability: number; decision: OptimalDecision }>();
  const a = new Int32Array(MAX_ACTIONS), p = new Float64Array(MAX_ACTIONS);
  const walk = (s: GameState, prob: number): void => {
    const who = s.currentPlayer();
    if (who === TERMINAL) return;
    if (who === CHANCE) {
      const n = s.chanceOutcomes!(a, p);
      const outs = Array.from(a.subarray(0, n)), ps = Array.from(p.subarray(0, n));
      for (let k = 0; k < n; k++) {
        const c = s.clone();
        c.applyChanceOutcome!(outs[k]);
        walk(c, prob * ps[k]);
      }
      return;
    }
    const key = s.key!();
    const id = key ?? `~${s.toString()}`;
    const hit = out.get(id);
    if (hit) { hit.probability += prob; return; }
    const decision = key !== null ? sol.policy.get(key) : solveOptimal(s, 'this state', MAX_OPTIMAL_STATES, sol.values).rootDecision;
    if (decision) out.set(id, { key: id, state: s.toString(), probability: prob, decision });
  };
  walk(root.clone(), 1);
  return [...out.values()].sort((x, y) => y.probability - x.probability).slice(0, limit);
}

/** The best action at `state` by a solved policy's values (a lookahead where the state has no key). */
export function bestAction(state: GameState, policy: Readonly<Record<string, number>>, values: ReadonlyMap<string, number>): number | undefined {
  const key = state.key?.();
  if (key === undefined) return undefined;
  if (key !== null) return policy[key];
  return solveOptimal(state, 'this state', MAX_OPTIMAL_STATES, values).rootDecision?.action;
}

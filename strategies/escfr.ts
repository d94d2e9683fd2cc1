/**
 * The generic equilibrium-seeking search player `escfr`: online external-sampling Monte Carlo CFR
 * (Lanctot, Waugh, Zinkevich & Bowling 2009) from the start of the round, over the game interface
 * only, so every game has it beside `ismcts` and `mccfr`.
 *
 * Where the state gives the path that led to it (`pathFromStart`: the last state every seat knew,
 * and the chance outcomes and actions since) and enumerates the chance events on it, one decision
 * solves the round from that start: `iters` iterations, each one external-sampling traversal per
 * seat. A traversal for seat u samples one outcome at every chance event and one action at every
 * other seat's turn, and tries every action at each of u's turns, so it visits every history of u's
 * that the sampled deal and the others' sampled choices allow (in Liar's Dice 1 v 1 with six faces,
 * about 150 states an iteration, where an `ismcts` or `mccfr` iteration plays one game of
 * about ten). The strategy is regret matching's; the regrets weigh iteration t by t (linear CFR,
 * Brown & Sandholm 2019) and the average strategy by t^`weight` (quadratic by default, as DCFR
 * does), so the first, poor strategies fade. Regret matching+ (`plus=1`, CFR+'s regrets floored at
 * zero) is offered but off: under sampling the floor keeps the noise's positive part and biases the
 * strategy (Kuhn poker: 0.028 at 10,000 iterations, against under 0.01 without it). Each history's
 * sampled steps follow a low-discrepancy sequence from a random start (`stratify`), so every deal
 * and every likely reply comes up in proportion from the first visits on (Liar's Dice, six faces:
 * one search's whole strategy after 1,000 iterations is exploitable by 0.24, against 0.35 with
 * independent draws and plain regrets). Because the
 * search starts where the seat's own hidden cards were not yet dealt, it also plays every hand the
 * seat might hold, and the others' strategies there — hence what their choices tell about their
 * hidden cards — are learnt with the rest, not assumed uniform.
 *
 * A share δ (`target`) of the traversals is aimed at the present information set (Lisý, Lanctot &
 * Bowling 2015's targeting): chance and the sampled seats are drawn only among the steps the seat's
 * own view allows, up to its present information set. Every update is weighted by the probability
 * of its path under the strategy over its probability under the mixture of both samplings, so
 * regrets and averages stay unbiased while the present decision is visited far more often.
 *
 * The move played is drawn from the average strategy at the present information set (`purify`
 * optionally drops the actions it plays much less often than its favourite).
 *
 * Elsewhere — no path from the start, or a chance event on it whose outcomes are not listed — it
 * plays as `mccfr` does with the same iterations (outcome sampling from the information set; see
 * mccfr.ts). docs/tools.md gives its cost and its exploitability where it can be measured exactly.
 *
 * Allocation: states are cloned at each of the traversing seat's turns (one per action tried), and
 * information-set keys are strings; the tables are Maps cleared at each decision, so a decision
 * depends only on the state and its random numbers.
 */
import type { Rng } from '../src/core/rng.js';
import type { ParamSchemas } from '../src/core/spec.js';
import { CHANCE, MAX_ACTIONS, TERMINAL, type GameState, type Outcome, type StateGame, type StatePlayer } from '../src/games/state.js';
import { unitReturns } from './ismcts.js';
import { heuristicName, parseSearchSpec, rolloutPlayerName } from './search-spec.js';
import { makeMccfrPlayer } from './mccfr.js';

/** The player's name in specs (`escfr:iters=1000,target=0.5,weight=2`). */
export const ESCFR = 'escfr';

export const ESCFR_PARAMS = {
  iters: { default: 1000, min: 1, max: 10_000_000, integer: true, help: 'iterations per decision (the budget): one traversal per seat each' },
  target: { default: 0.5, min: 0, max: 0.99, help: 'δ: the share of traversals sampled towards the present information set' },
  weight: { default: 2, min: 0, max: 4, help: 'the average strategy weighs iteration t by t^weight (0 plain, 1 linear, 2 quadratic)' },
  stratify: { default: 2, min: 0, max: 2, integer: true, help: 'sampling by a low-discrepancy sequence at each history: 2 every sampled step, 1 chance only, 0 none (independent draws)' },
  linear: { default: 1, min: 0, max: 2, help: 'the regrets weigh iteration t by t^linear (1: linear CFR; 0: plain)' },
  plus: { default: 0, min: 0, max: 1, integer: true, help: '1: regret matching+ (regrets floored at zero, as CFR+: biased under sampling); 0: plain regret matching' },
  prune: { default: 1, min: 0.01, max: 1, help: 'ρ: the probability that a traversal tries an action the strategy never plays (its regret then weighed 1/ρ)' },
  purify: { default: 0, min: 0, max: 1, help: 'actions the average strategy plays less often than this share of its most played one are dropped (sampling noise)' },
  rollout: { default: 1, min: 0, max: 1, integer: true, help: 'where it plays as mccfr (no path from the start): 0 or uniform, 1 or heuristic rollouts (uniform where the game has no heuristic), or a player of the game by name' },
} satisfies ParamSchemas;

export interface EscfrParams {
  iters: number;
  target: number;
  weight: number;
  stratify: number;
  linear: number;
  plus: number;
  prune: number;
  purify: number;
  rollout: number;
  /** the game's player named by `rollout=<name>` (where it plays as mccfr) */
  rolloutName?: string;
}

/** One line for help texts and docs. */
export const ESCFR_USAGE = 'escfr:iters=N,target=D,weight=W — external-sampling CFR+ from the start of the round, N iterations a decision';

/** The parameters of an `escfr` spec, defaults filled in (the shared search syntax, strategies/search-spec.ts). */
export function parseEscfrSpec(text: string): EscfrParams {
  const { params: p, rolloutName } = parseSearchSpec(text, ESCFR, ESCFR_PARAMS);
  const params: EscfrParams = { iters: p.iters, target: p.target, weight: p.weight, stratify: p.stratify, linear: p.linear, plus: p.plus, prune: p.prune, purify: p.purify, rollout: p.rollout };
  if (rolloutName !== undefined) params.rolloutName = rolloutName;
  return params;
}

/** One information set of the search: its legal actions, cumulative regrets and average strategy. */
interface InfoNode {
  actions: Int32Array;
  regret: Float64Array;
  average: Float64Array;
}

/** Where the search aims: the present information set of `seat`, and the seat's view on the way to it. */
interface Target {
  start: GameState;
  seat: number;
  rootKey: string;
  /** the seat's information keys along the path from the start to the present (both included) */
  chain: Set<string>;
}

/** One history of the search's tree (from the start), with what the search needs of it. */
interface History {
  /** the seat to move, CHANCE, or TERMINAL */
  seat: number;
  /** the mover's information set (null at chance and the end) */
  info: InfoNode | null;
  /** chance's probabilities of its outcomes (null elsewhere) */
  probs: Float64Array | null;
  /** the steps from here: the actions, or the chance outcomes */
  steps: Int32Array;
  children: (History | undefined)[];
  /** on the target's path before the present information set: which steps stay on it (else null) */
  mask: Uint8Array | null;
  /** at the end: each seat's return, mapped to [0, 1] and centred (else null) */
  value: Float64Array | null;
  /** at chance: the position of its low-discrepancy sequence */
  visits: number;
}

const EMPTY = new Int32Array(0);
/** the fractional part of the golden ratio: the step of a low-discrepancy sequence in [0, 1) */
const GOLDEN = 0.6180339887498949;

/** Safety net: a traversal deeper than this is a game that does not end (a bug in the game). */
const MAX_DEPTH = 100_000;

export class EscfrPlayer implements StatePlayer {
  private readonly nodes = new Map<string, InfoNode>();
  /** consistentSteps' masks, for one decision */
  private readonly consistent = new Map<string, Uint8Array>();
  private readonly actions = new Int32Array(MAX_ACTIONS);
  private readonly outcomes = new Int32Array(MAX_ACTIONS);
  private readonly probabilities = new Float64Array(MAX_ACTIONS);
  private readonly returns: Float64Array;
  private readonly scale: number;
  private readonly shift: number;
  /** the steps of the present traversal's path from the start (for replay) */
  private pathSteps = new Int32Array(64);
  private readonly policyPool: Float64Array[] = [];
  private readonly valuePool: Float64Array[] = [];
  private readonly triedPool: Float64Array[] = [];
  /** set when the search met a chance event whose outcomes the game does not list */
  private unlisted = false;
  // per traversal: the target, the traversing seat, whether it is targeted, the iteration's averaging weight
  private target!: Target;
  private u = 0;
  private targeted = false;
  private iterWeight = 1;
  private regretWeight = 1;
  private rng!: Rng;

  constructor(
    readonly params: EscfrParams,
    readonly players: number,
    outcome: Outcome,
    /** the player where the search cannot start at the start (mccfr with the same budget) */
    private readonly fallback: () => StatePlayer,
  ) {
    this.returns = new Float64Array(players);
    ({ scale: this.scale, shift: this.shift } = unitReturns(outcome));
  }

  act(state: GameState, rng: Rng): number {
    const seat = state.currentPlayer();
    const n = state.legalActions(this.actions);
    if (n === 1) return this.actions[0];
    const rootKey = state.informationKey(seat);
    const target = this.targetOf(state, seat, rootKey);
    if (target === null) return this.fallback().act(state, rng);
    this.nodes.clear();
    this.target = target;
    this.rng = rng;
    this.unlisted = false;
    const delta = this.params.target;
    const root = this.makeHistory(target.start.clone(), true);
    for (let it = 1; it <= this.params.iters && !this.unlisted; it++) {
      this.iterWeight = it ** this.params.weight;
      this.regretWeight = it ** this.params.linear;
      for (let u = 0; u < this.players; u++) {
        this.u = u;
        this.targeted = rng.nextFloat() < delta;
        this.traverse(root, null, 0, 1, 1, 1);
      }
    }
    // a budget too small to have met the present information set: one more iteration, targeted
    // (a targeted traversal always passes it)
    for (let u = 0; u < this.players && !this.nodes.has(rootKey) && !this.unlisted; u++) {
      this.u = u;
      this.targeted = true;
      this.traverse(root, null, 0, 1, 1, 1);
    }
    // a chance event with no listed outcomes: the tree cannot be kept, so the decision is mccfr's
    if (this.unlisted) return this.fallback().act(state, rng);
    const present = this.nodes.get(rootKey);
    if (present === undefined) throw new Error(`${ESCFR}: the search never reached the present information set: ${state}`);
    return this.draw(present, rng);
  }

  /** An action drawn from the average strategy at `node` (its regret matching where still empty), purified. */
  private draw(node: InfoNode, rng: Rng): number {
    const k = node.actions.length;
    let total = 0;
    for (let i = 0; i < k; i++) total += node.average[i];
    const w = total > 0 ? node.average.slice() : this.regretMatch(node);
    let top = 0;
    for (let i = 0; i < k; i++) if (w[i] > top) top = w[i];
    total = 0;
    for (let i = 0; i < k; i++) {
      if (w[i] < this.params.purify * top) w[i] = 0;
      total += w[i];
    }
    let x = rng.nextFloat() * total;
    for (let i = 0; i < k - 1; i++) {
      x -= w[i];
      if (x < 0) return node.actions[i];
    }
    return node.actions[k - 1];
  }

  /**
   * The search's start and its target: the seat's information keys along the path from the start
   * to the present. Null where the game does not give the path or does not list the outcomes of a
   * chance event on it.
   */
  private targetOf(state: GameState, seat: number, rootKey: string): Target | null {
    const path = state.pathFromStart?.();
    if (path === undefined) return null;
    const d = path.start.clone(), chain = new Set<string>([d.informationKey(seat)]);
    for (const step of path.steps) {
      if (d.currentPlayer() === CHANCE) {
        if (d.applyChanceOutcome === undefined || (d.chanceOutcomes?.(this.outcomes, this.probabilities) ?? 0) === 0) return null;
        d.applyChanceOutcome(step);
      } else d.applyAction(step);
      chain.add(d.informationKey(seat));
    }
    if (d.informationKey(seat) !== rootKey) throw new Error(`${ESCFR}: the path from the start does not lead to the present state: ${state}`);
    this.consistent.clear();
    return { start: path.start, seat, rootKey, chain };
  }

  /**
   * Which of the next steps of `d` (chance outcomes or actions) keep the target seat's view on its path: memoized by what the seat and the mover
   * know, which decides it.
   */
  private consistentSteps(d: GameState, chance: boolean, steps: Int32Array, moverKey: string): Uint8Array {
    const t = this.target, key = `${chance ? 'c' : 'a'}|${moverKey}|${d.informationKey(t.seat)}`;
    let mask = this.consistent.get(key);
    if (mask === undefined) {
      mask = new Uint8Array(steps.length);
      for (let i = 0; i < steps.length; i++) {
        const c = d.clone();
        if (chance) c.applyChanceOutcome!(steps[i]);
        else c.applyAction(steps[i]);
        mask[i] = t.chain.has(c.informationKey(t.seat)) ? 1 : 0;
      }
      this.consistent.set(key, mask);
    }
    return mask;
  }

  private nodeOf(d: GameState, key: string): InfoNode {
    let node = this.nodes.get(key);
    if (node === undefined) {
      const m = d.legalActions(this.actions);
      node = { actions: this.actions.slice(0, m), regret: new Float64Array(m), average: new Float64Array(m) };
      this.nodes.set(key, node);
    } else if (d.legalActions(this.actions) !== node.actions.length) {
      throw new Error(`${ESCFR}: information set ${key} offers different actions in states it cannot tell apart`);
    }
    return node;
  }

  /** Regret matching (+: the regrets are never negative) at `node`, into `out`. */
  private regretMatch(node: InfoNode, out: Float64Array = new Float64Array(node.regret.length)): Float64Array {
    const r = node.regret, k = r.length;
    let sum = 0;
    for (let i = 0; i < k; i++) sum += r[i] > 0 ? r[i] : 0;
    for (let i = 0; i < k; i++) out[i] = sum > 0 ? (r[i] > 0 ? r[i] / sum : 0) : 1 / k;
    return out;
  }

  /** A scratch array of at least k numbers for recursion depth `depth` (its strategy or values). */
  private scratch(pool: Float64Array[], depth: number, k: number): Float64Array {
    while (pool.length <= depth) pool.push(new Float64Array(16));
    if (pool[depth].length < k) pool[depth] = new Float64Array(Math.max(k, 2 * pool[depth].length));
    return pool[depth];
  }

  /**
   * The history of state `s` in the search's tree (a new node: its seat, information set, steps, and
   * on the target's path the steps that stay on it). The game is asked about a history once: later
   * visits follow the tree, and a state is rebuilt (replay) only to add a child.
   */
  private makeHistory(s: GameState, onPath: boolean): History {
    if (s.isTerminal()) {
      s.returns(this.returns);
      const value = new Float64Array(this.players);
      for (let i = 0; i < this.players; i++) value[i] = this.returns[i] * this.scale + this.shift - 0.5;
      return { seat: TERMINAL, info: null, probs: null, steps: EMPTY, children: [], mask: null, value, visits: 0 };
    }
    const p = s.currentPlayer(), t = this.target;
    let info: InfoNode | null = null, probs: Float64Array | null = null, steps: Int32Array, key = 'chance';
    if (p === CHANCE) {
      const k = s.chanceOutcomes?.(this.outcomes, this.probabilities) ?? 0;
      if (k === 0 || s.applyChanceOutcome === undefined) {
        this.unlisted = true;
        return { seat: TERMINAL, info: null, probs: null, steps: EMPTY, children: [], mask: null, value: new Float64Array(this.players), visits: 0 };
      }
      steps = this.outcomes.slice(0, k);
      probs = this.probabilities.slice(0, k);
    } else {
      key = s.informationKey(p);
      info = this.nodeOf(s, key);
      steps = info.actions;
    }
    const mask = onPath && !(p === t.seat && key === t.rootKey) ? this.consistentSteps(s, p === CHANCE, steps, key) : null;
    return { seat: p, info, probs, steps, children: new Array<History | undefined>(steps.length), mask, value: null, visits: this.rng.nextFloat() };
  }

  /** The state at the end of the first `depth` steps of the present traversal's path (replayed from the start). */
  private replay(depth: number): GameState {
    const d = this.target.start.clone();
    for (let i = 0; i < depth; i++) {
      if (d.currentPlayer() === CHANCE) d.applyChanceOutcome!(this.pathSteps[i]);
      else d.applyAction(this.pathSteps[i]);
    }
    return d;
  }

  /**
   * The sampled value to the traversing seat of history `h` (its state `st` where at hand, which is
   * then consumed), its returns centred on 0.5 — an unbiased estimate of its value under the present
   * strategies. `qT` and `qU` are the probabilities of the sampled steps so far under the targeted
   * and the plain sampling (the traversing seat's own steps are all tried, so they are not sampled),
   * `reach` chance's and the other seats' probability of them under the strategies.
   */
  private traverse(h: History, st: GameState | null, depth: number, qT: number, qU: number, reach: number): number {
    if (h.value !== null) return h.value[this.u];
    if (depth >= MAX_DEPTH) throw new Error(`${ESCFR}: a game did not end within ${MAX_DEPTH} steps`);
    if (depth === this.pathSteps.length) {
      const grown = new Int32Array(2 * depth);
      grown.set(this.pathSteps);
      this.pathSteps = grown;
    }
    const delta = this.params.target, k = h.steps.length, mask = h.mask;
    const qMix = delta * qT + (1 - delta) * qU;
    const probs = h.probs ?? this.regretMatch(h.info!, this.scratch(this.policyPool, depth, k));
    if (h.seat === this.u) {
      // every action tried: the regrets take each one's value against the strategy's, weighted by
      // the others' reach over the probability of sampling this history
      const values = this.scratch(this.valuePool, depth, k), tried = this.scratch(this.triedPool, depth, k);
      const rho = this.params.prune;
      let v = 0;
      for (let a = 0; a < k; a++) {
        // an action the strategy never plays is tried with probability ρ, its regret then scaled by 1/ρ
        tried[a] = probs[a] > 0 || rho >= 1 ? 1 : this.rng.nextFloat() < rho ? 1 / rho : 0;
        if (tried[a] === 0) continue;
        let c = h.children[a], cs: GameState | null = null;
        this.pathSteps[depth] = h.steps[a];
        if (c === undefined) {
          st ??= this.replay(depth);
          cs = a === k - 1 ? st : st.clone();
          cs.applyAction(h.steps[a]);
          c = h.children[a] = this.makeHistory(cs, mask !== null && mask[a] === 1);
        }
        values[a] = this.traverse(c, cs, depth + 1, qT, qU, reach);
        v += probs[a] * values[a];
      }
      const w = (this.regretWeight * reach) / qMix, r = h.info!.regret;
      for (let a = 0; a < k; a++) {
        if (tried[a] === 0) continue;
        r[a] += w * tried[a] * (values[a] - v);
        if (this.params.plus && r[a] < 0) r[a] = 0;
      }
      return v;
    }
    if (h.info !== null) {
      // stochastically weighted averaging: this seat's (and chance's) reach over the sampling probability
      const w = (this.iterWeight * reach) / qMix, avg = h.info.average;
      for (let a = 0; a < k; a++) avg[a] += w * probs[a];
    }
    // one step sampled; targeted: among the steps on the path (uniformly if the strategy gives them none)
    let inMass = 1, count = 0;
    if (mask !== null) {
      inMass = 0;
      for (let a = 0; a < k; a++) {
        if (!mask[a]) continue;
        inMass += probs[a];
        count++;
      }
    }
    // chance by a low-discrepancy sequence per history (golden-ratio steps from a random offset): every
    // outcome comes up in proportion from the first visits on, with less noise than independent draws
    const x = this.params.stratify === 2 || (h.seat === CHANCE && this.params.stratify === 1) ? (h.visits = (h.visits + GOLDEN) % 1) : this.rng.nextFloat();
    let a: number, qTa: number;
    if (mask !== null && this.targeted) a = inMass > 0 ? this.pick(probs, k, mask, inMass, x) : this.pickUniform(mask, k, count, x);
    else a = this.pick(probs, k, null, 1, x);
    if (mask === null) qTa = probs[a];
    else if (!mask[a]) qTa = 0;
    else qTa = inMass > 0 ? probs[a] / inMass : 1 / count;
    const qUa = probs[a];
    // the value to u here: the sampled child's, times the strategy's over the sampling's probability
    // of the step given the path so far (1 where both samplings agree)
    const qStep = (delta * qT * qTa + (1 - delta) * qU * qUa) / qMix;
    const pa = probs[a];
    this.pathSteps[depth] = h.steps[a];
    let c = h.children[a];
    if (c === undefined || st !== null) {
      st ??= this.replay(depth);
      if (h.seat === CHANCE) st.applyChanceOutcome!(h.steps[a]);
      else st.applyAction(h.steps[a]);
      c ??= h.children[a] = this.makeHistory(st, mask !== null && mask[a] === 1);
    }
    const child = this.traverse(c, st, depth + 1, qT * qTa, qU * qUa, reach * pa);
    return qStep > 0 ? (pa / qStep) * child : 0;
  }

  /** An index in 0..k−1 drawn from the weights `p` (restricted to `mask`, of total `mass`, when given). */
  private pick(p: Float64Array, k: number, mask: Uint8Array | null, mass: number, x = this.rng.nextFloat()): number {
    x *= mass;
    let last = 0;
    for (let i = 0; i < k; i++) {
      if (mask !== null && !mask[i]) continue;
      if (p[i] <= 0) continue;
      last = i;
      x -= p[i];
      if (x < 0) return i;
    }
    return last;
  }

  /** An index drawn uniformly among the `count` set in `mask`. */
  private pickUniform(mask: Uint8Array, k: number, count: number, x: number): number {
    let j = Math.floor(x * count);
    for (let i = 0; i < k; i++) if (mask[i] && j-- === 0) return i;
    throw new Error(`${ESCFR}: no step keeps the search on its target's path`);
  }
}

/** An `escfr` player for a table of `players` seats in game `sg` under `rules`. */
export function makeEscfrPlayer<R>(sg: StateGame<R>, rules: R, spec: string, players: number): EscfrPlayer {
  const params = parseEscfrSpec(spec);
  // the heuristic's rollouts where the game has one (for games it plays as mccfr), else uniform ones
  if (params.rolloutName !== undefined) rolloutPlayerName(sg, ESCFR, params.rollout, params.rolloutName);
  const rollout = params.rolloutName ?? (heuristicName(sg) === undefined ? 0 : params.rollout);
  const mccfrSpec = `mccfr:iters=${params.iters},rollout=${rollout}`;
  makeMccfrPlayer(sg, rules, mccfrSpec, players); // a bad table is reported now, before any game
  let fallback: StatePlayer | null = null;
  return new EscfrPlayer(params, players, sg.outcome?.(rules, players) ?? { kind: 'win-lose' }, () => (fallback ??= makeMccfrPlayer(sg, rules, mccfrSpec, players)));
}

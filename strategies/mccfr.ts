/**
 * The generic regret-matching search player `mccfr`: online outcome-sampling Monte Carlo CFR
 * (Lanctot, Waugh, Zinkevich & Bowling 2009; played online as in Lisý, Lanctot & Bowling 2015), over
 * the game interface only, so every game has it beside `ismcts`.
 *
 * Where the state gives the path that led to it (`pathFromStart`: the last state every seat knew,
 * and the chance outcomes and actions since) and enumerates its chance events, one decision runs
 * `iters` iterations of online outcome sampling from that start with information-set targeting
 * (Lisý et al.): a share δ (`target`) of the iterations is sampled only through steps the seat's own
 * view allows, up to its present information set, the rest as plain outcome sampling; every update
 * is weighted by the probability of its path under the mixture of both, so the regrets stay
 * unbiased, and the other seats' strategies before the present — hence what their bids tell about
 * their hidden dice — are learnt in the same search. The backup uses baselines (VR-MCCFR; Schmid et
 * al. 2019) and the average strategy is linear (Brown & Sandholm 2019), both for lower variance.
 *
 * Elsewhere it starts at the seat's information set: each iteration draws a full state the seat
 * cannot tell from the real one (`determinize`) — its hidden state drawn uniformly, not weighted by
 * what the others' past choices make likely — and plays it to the end once: regret matching at every
 * information set of the search (keyed by `informationKey`), the updating seat (seats take turns)
 * with ε-exploration, the others on policy; the sampled return, weighted by the inverse of its
 * sampling probability, updates the regrets of the updating seat and the average strategy of the
 * others. Information sets are added one per iteration, as MCTS adds nodes; beyond them the game is
 * played out by the rollout policy (the game's heuristic, or uniform), which the weights treat as
 * part of the strategy.
 *
 * The move played is drawn from the average strategy at the present information set: a mixed
 * strategy, as equilibrium play is, where `ismcts` plays its most visited action. docs/tools.md
 * gives what it costs and how close to equilibrium it gets where that can be measured exactly.
 *
 * Allocation: each iteration allocates its states and the information-set keys of the tree part of
 * its path (strings); the tables are Maps kept across decisions and cleared.
 */
import type { Rng } from '../src/core/rng.js';
import type { ParamSchemas } from '../src/core/spec.js';
import { CHANCE, MAX_ACTIONS, type GameState, type Outcome, type StateGame, type StatePlayer } from '../src/games/state.js';
import { unitReturns } from './ismcts.js';
import { parseSearchSpec, rolloutPlayerName, ROLLOUT_USAGE } from './search-spec.js';

/** The player's name in specs (`mccfr:iters=1000,explore=0.6,rollout=heuristic,purify=0.5`). */
export const MCCFR = 'mccfr';

export const MCCFR_PARAMS = {
  iters: { default: 1000, min: 1, max: 10_000_000, integer: true, help: 'iterations per decision (the budget)' },
  explore: { default: 0.6, min: 0.01, max: 1, help: 'ε: the updating seat\'s share of uniformly random choices' },
  rollout: { default: 1, min: 0, max: 1, integer: true, help: 'rollout policy: 0 or uniform = uniformly random, 1 or heuristic = the game\'s heuristic, or a player of the game by name' },
  purify: { default: 0.5, min: 0, max: 1, help: 'actions the average strategy plays less often than this share of its most played one are dropped (sampling noise)' },
  start: { default: 0, min: 0, max: 1, integer: true, help: '1: search from the start where the game gives the path here (pathFromStart); 0: from the information set' },
  target: { default: 0.5, min: 0, max: 1, help: 'δ: the share of iterations sampled towards the present information set (searching from the start)' },
} satisfies ParamSchemas;

export interface MccfrParams {
  iters: number;
  explore: number;
  /** index into ROLLOUTS (1 too when a player is named) */
  rollout: number;
  /** the game's player named by `rollout=<name>` */
  rolloutName?: string;
  purify: number;
  start: number;
  target: number;
}

/** One line for help texts and docs. */
export const MCCFR_USAGE = `mccfr:iters=N,explore=E,${ROLLOUT_USAGE} — regret-matching search, N iterations a decision`;

/** The parameters of an `mccfr` spec, defaults filled in (the shared search syntax, strategies/search-spec.ts). */
export function parseMccfrSpec(text: string): MccfrParams {
  const { params: p, rolloutName } = parseSearchSpec(text, MCCFR, MCCFR_PARAMS);
  const params: MccfrParams = { iters: p.iters, explore: p.explore, rollout: p.rollout, purify: p.purify, start: p.start, target: p.target };
  if (rolloutName !== undefined) params.rolloutName = rolloutName;
  return params;
}

/** One information set of the search: its legal actions, cumulative regrets and average strategy. */
interface InfoNode {
  actions: Int32Array;
  regret: Float64Array;
  average: Float64Array;
  /** scratch: the current strategy (regret matching), rewritten at each visit */
  policy: Float64Array;
}

/** Where a search from the start aims: the present information set of `seat`, and the path to it. */
interface Target {
  start: GameState;
  seat: number;
  rootKey: string;
  /** the seat's information keys along the path from the start to the present (both included) */
  chain: Set<string>;
}

/** One step of an iteration from the start, for the backup. */
interface Step {
  /** the information set (undefined at chance) */
  node: InfoNode | undefined;
  /** the seat to move, or CHANCE */
  seat: number;
  /** the strategy's (or chance's) probabilities of the actions there */
  probs: Float64Array;
  action: number;
  /** the sampling probability of the action taken, given the path so far */
  q: number;
  /** π₋ᵤ over the sampling probability of the path so far */
  reach: number;
  base: Float64Array;
}

/** How fast a baseline follows the sampled returns (an exponentially weighted mean). */
const BASELINE_RATE = 0.3;

/** Safety net: a playout that has not ended after this many steps is a bug in the game. */
const MAX_STEPS = 10_000_000;

export class MccfrPlayer implements StatePlayer {
  private readonly nodes = new Map<string, InfoNode>();
  private readonly actions = new Int32Array(MAX_ACTIONS);
  private readonly returns: Float64Array;
  private readonly scale: number;
  private readonly shift: number;
  // the path of one iteration: its tree nodes, the seat to move there, the action index taken and its sampling probability
  private pathNode: InfoNode[] = [];
  private pathSeat = new Int32Array(256);
  private pathAction = new Int32Array(256);
  private pathQ = new Float64Array(256);
  private pathW = new Float64Array(256);

  private rolloutPlayers: readonly StatePlayer[] | null = null;
  private readonly outcomes = new Int32Array(MAX_ACTIONS);
  private readonly probabilities = new Float64Array(MAX_ACTIONS);
  private readonly sampling = new Float64Array(MAX_ACTIONS);
  private readonly ones = new Float64Array(MAX_ACTIONS).fill(1);
  /** the steps of one iteration from the start, reused */
  private readonly steps: Step[] = [];
  /** each step's baseline: a running mean of the sampled return after each action, for one decision */
  private readonly baselines = new Map<string, Float64Array>();
  /** consistentSteps' masks, for one decision */
  private readonly consistent = new Map<string, Uint8Array>();

  /**
   * @param makeRollout the rollout policy's players, one a seat, or null for uniform playouts: made
   * anew for every decision, since a game's heuristic may keep state between its moves (Liar's
   * Dice's queues its calls), which a playout cut short by an illegal answer would carry over
   */
  constructor(
    readonly params: MccfrParams,
    readonly players: number,
    outcome: Outcome,
    private readonly makeRollout: (() => StatePlayer[]) | null,
  ) {
    this.returns = new Float64Array(players);
    ({ scale: this.scale, shift: this.shift } = unitReturns(outcome));
  }

  act(state: GameState, rng: Rng): number {
    const seat = state.currentPlayer();
    const n = state.legalActions(this.actions);
    if (n === 1) return this.actions[0];
    this.nodes.clear();
    this.rolloutPlayers = this.makeRollout ? this.makeRollout() : null;
    const rootKey = state.informationKey(seat);
    const target = this.params.start ? this.targetOf(state, seat, rootKey) : null;
    if (target) {
      for (let it = 0; it < this.params.iters; it++) this.iterateFromStart(target, it % this.players, rng.nextFloat() < this.params.target, it + 1, rng);
    } else {
      for (let it = 0; it < this.params.iters; it++) this.iterate(state.determinize(seat, rng), it % this.players, rng);
    }
    const root = this.nodes.get(rootKey);
    if (root === undefined) return this.actions[rng.below(n)];
    // draw from the average strategy (its regret-matching strategy where the average is still
    // empty), purified: actions played far less often than its favourite are mostly sampling noise
    let total = 0;
    for (let i = 0; i < root.average.length; i++) total += root.average[i];
    const weights = total > 0 ? root.average : this.regretMatch(root);
    if (total <= 0) for (let i = 0; i < weights.length; i++) total += weights[i];
    let top = 0;
    for (let i = 0; i < weights.length; i++) if (weights[i] > top) top = weights[i];
    total = 0;
    for (let i = 0; i < weights.length; i++) {
      if (weights[i] < this.params.purify * top) weights[i] = 0;
      total += weights[i];
    }
    let u = rng.nextFloat() * total;
    for (let i = 0; i < weights.length - 1; i++) {
      u -= weights[i];
      if (u < 0) return root.actions[i];
    }
    return root.actions[weights.length - 1];
  }

  /**
   * The search's start and its target, where the game gives the path that led here
   * (`pathFromStart`) and enumerates the chance events on it: the seat's information keys along that
   * path, from the start to the present one. Null where it cannot (then the search starts here).
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
    if (d.informationKey(seat) !== rootKey) throw new Error(`${MCCFR}: the path from the start does not lead to the present state: ${state}`);
    this.consistent.clear();
    this.baselines.clear();
    return { start: path.start, seat, rootKey, chain };
  }

  /**
   * Which of the `m` next steps of `d` (chance outcomes, or the actions in this.actions) keep the
   * target seat's view on the target's path: memoized by what the seat and the mover know, which
   * decides it.
   */
  private consistentSteps(d: GameState, t: Target, chance: boolean, m: number, moverKey: string): Uint8Array {
    const key = `${chance ? 'c' : 'a'}|${moverKey}|${d.informationKey(t.seat)}`;
    let mask = this.consistent.get(key);
    if (mask === undefined) {
      mask = new Uint8Array(m);
      for (let i = 0; i < m; i++) {
        const c = d.clone();
        if (chance) c.applyChanceOutcome!(this.outcomes[i]);
        else c.applyAction(this.actions[i]);
        mask[i] = t.chain.has(c.informationKey(t.seat)) ? 1 : 0;
      }
      this.consistent.set(key, mask);
    }
    return mask;
  }

  /**
   * One iteration of online outcome sampling from the start (Lisý, Lanctot & Bowling 2015, with
   * information-set targeting): played to the end from `t.start`, sampled — when `targeted` — only
   * through steps the target seat's view allows until the present information set, otherwise as
   * outcome sampling does. Every update is weighted by the probability of the sampled path under the
   * mixture of both (δ targeted), so the regrets and averages stay unbiased, and the other seats'
   * strategies before the present — hence what their choices tell about their hidden cards — are
   * learnt with the rest.
   */
  private iterateFromStart(t: Target, u: number, targeted: boolean, iteration: number, rng: Rng): void {
    const d = t.start.clone(), eps = this.params.explore, delta = this.params.target;
    const steps = this.steps;
    let depth = 0, added = false, inTree = true, onPath = true;
    // sampling probabilities of the path so far, targeted (0 once off the target's path) and not
    let qT = 1, qU = 1;
    // π₋ᵤ: the reach of the path under chance and the other seats' strategies
    let piOther = 1;
    for (let step = 0; !d.isTerminal(); step++) {
      if (step >= MAX_STEPS) throw new Error(`${MCCFR}: a game did not end within ${MAX_STEPS} steps: ${d}`);
      const p = d.currentPlayer();
      if (p === CHANCE && !onPath) {
        // sampled as chance plays in both schemes: its probability cancels out of every ratio
        d.applyChance(rng);
        continue;
      }
      if (p !== CHANCE && !inTree) {
        this.playoutStep(d, p, rng);
        continue;
      }
      let node: InfoNode | undefined, probs: Float64Array, k: number, key: string;
      if (p === CHANCE) {
        k = d.chanceOutcomes!(this.outcomes, this.probabilities);
        probs = this.probabilities.slice(0, k);
        key = 'chance';
      } else {
        key = d.informationKey(p);
        node = this.nodes.get(key);
        // on the way to the present every information set is kept (they carry the beliefs); beyond it one a path
        if (node === undefined && (onPath || !added)) {
          const m = d.legalActions(this.actions);
          node = { actions: this.actions.slice(0, m), regret: new Float64Array(m), average: new Float64Array(m), policy: new Float64Array(m) };
          this.nodes.set(key, node);
          if (!onPath) added = true;
        }
        if (node === undefined) {
          inTree = false;
          this.playoutStep(d, p, rng);
          continue;
        }
        probs = this.regretMatch(node);
        k = probs.length;
      }
      const sample = this.sampling;
      for (let i = 0; i < k; i++) sample[i] = p === u ? eps / k + (1 - eps) * probs[i] : probs[i];
      let mask: Uint8Array | null = null, inMass = 1;
      if (onPath) {
        if (p === t.seat && key === t.rootKey) onPath = false; // arrived: from here both schemes sample alike
        else {
          if (p !== CHANCE && d.legalActions(this.actions) !== k) throw new Error(`${MCCFR}: information set ${key} offers different actions in states it cannot tell apart`);
          mask = this.consistentSteps(d, t, p === CHANCE, k, key);
          inMass = 0;
          for (let i = 0; i < k; i++) if (mask[i]) inMass += sample[i];
        }
      }
      const qMix = delta * qT + (1 - delta) * qU;
      let a: number, qTa: number;
      if (mask !== null && inMass === 0) {
        // the others' strategies never take the path here now: the targeted scheme follows it uniformly
        // (the path's reach π₋ᵤ is then 0, so what follows weighs nothing until their strategies change)
        let count = 0;
        for (let i = 0; i < k; i++) count += mask[i];
        a = targeted ? this.drawMasked(this.ones, k, mask, count, rng.nextFloat()) : this.drawMasked(sample, k, null, 1, rng.nextFloat());
        qTa = mask[a] ? 1 / count : 0;
      } else {
        a = this.drawMasked(sample, k, targeted ? mask : null, targeted && mask ? inMass : 1, rng.nextFloat());
        qTa = mask === null ? sample[a] : mask[a] ? sample[a] / inMass : 0;
      }
      if (p !== u && node !== undefined) {
        // stochastically weighted averaging: the others' reach over the sampling probability of the path
        // linear averaging (Brown & Sandholm 2019): iteration t weighs t, so the first, poor strategies fade
        const weight = (iteration * piOther) / qMix;
        for (let i = 0; i < k; i++) node.average[i] += weight * probs[i];
      }
      // the baseline of this step's actions (for u's returns), by the state where the game identifies it
      const stateKey = d.key?.() ?? null;
      const baseKey = `${u}|${stateKey ?? `${p}|${key}`}`;
      let base = this.baselines.get(baseKey);
      if (base === undefined) this.baselines.set(baseKey, (base = new Float64Array(k)));
      // the step's sampling probability given the path so far (a mixture of the two schemes)
      const qStep = (delta * qT * qTa + (1 - delta) * qU * sample[a]) / qMix;
      if (depth === steps.length) steps.push({ node: undefined, seat: 0, probs, action: 0, q: 0, reach: 0, base });
      const rec = steps[depth++];
      rec.node = node;
      rec.seat = p;
      rec.probs = node === undefined ? probs : probs.slice(); // the node's policy is rewritten at its next visit
      rec.action = a;
      rec.q = qStep;
      rec.reach = piOther / qMix;
      rec.base = base;
      qU *= sample[a];
      qT *= qTa;
      if (p !== u) piOther *= probs[a];
      if (mask !== null && !mask[a]) onPath = false;
      if (p === CHANCE) d.applyChanceOutcome!(this.outcomes[a]);
      else d.applyAction(node!.actions[a]);
    }
    d.returns(this.returns);
    // centred, so that a constant in the returns adds no variance
    let v = this.returns[u] * this.scale + this.shift - 0.5;
    // back up with baselines (Schmid et al. 2019, VR-MCCFR): each action's value is its baseline, and
    // for the sampled one the baseline corrected by the sampled return over its sampling probability;
    // u's regrets take these values weighted by the others' reach over the sampling probability
    const est = this.sampling;
    for (let i = depth - 1; i >= 0; i--) {
      const r = steps[i], k = r.probs.length, b = r.base, a = r.action;
      let vh = 0;
      for (let j = 0; j < k; j++) {
        est[j] = j === a ? b[j] + (v - b[j]) / r.q : b[j];
        vh += r.probs[j] * est[j];
      }
      if (r.seat === u) {
        const reg = r.node!.regret;
        for (let j = 0; j < k; j++) reg[j] += r.reach * (est[j] - vh);
      }
      b[a] += BASELINE_RATE * (v - b[a]);
      v = vh;
    }
  }

  /** An index in 0..m−1 drawn from the weights `p`, restricted to `mask` (of total `mass`) when given. */
  private drawMasked(p: Float64Array, m: number, mask: Uint8Array | null, mass: number, x: number): number {
    x *= mass;
    let last = -1;
    for (let i = 0; i < m; i++) {
      if (mask !== null && !mask[i]) continue;
      last = i;
      x -= p[i];
      if (x < 0) return i;
    }
    if (last < 0) throw new Error(`${MCCFR}: no step keeps the search on its target's path`);
    return last;
  }

  /** The regret-matching strategy of `node`, written into its policy. */
  private regretMatch(node: InfoNode): Float64Array {
    const r = node.regret, p = node.policy, k = r.length;
    let sum = 0;
    for (let i = 0; i < k; i++) sum += r[i] > 0 ? r[i] : 0;
    for (let i = 0; i < k; i++) p[i] = sum > 0 ? (r[i] > 0 ? r[i] / sum : 0) : 1 / k;
    return p;
  }

  /** One iteration on the determinized state `d` (played to the end), updating seat `u`'s regrets. */
  private iterate(d: GameState, u: number, rng: Rng): void {
    const eps = this.params.explore;
    let depth = 0, added = false, inTree = true;
    // w: 1 / (the updating seat's sampling probability so far); its own strategy's reach is not needed by OS
    let w = 1;
    for (let step = 0; !d.isTerminal(); step++) {
      if (step >= MAX_STEPS) throw new Error(`${MCCFR}: a game did not end within ${MAX_STEPS} steps: ${d}`);
      const p = d.currentPlayer();
      if (p === CHANCE) {
        d.applyChance(rng);
        continue;
      }
      if (inTree) {
        const key = d.informationKey(p);
        let node = this.nodes.get(key);
        if (node === undefined && !added) {
          const m = d.legalActions(this.actions);
          node = { actions: this.actions.slice(0, m), regret: new Float64Array(m), average: new Float64Array(m), policy: new Float64Array(m) };
          this.nodes.set(key, node);
          added = true;
        }
        if (node !== undefined) {
          const sigma = this.regretMatch(node), k = sigma.length;
          let a: number, q: number;
          if (p === u) {
            // ε-on-policy sampling for the updating seat
            const x = rng.nextFloat();
            if (x < eps) a = rng.below(k);
            else a = this.draw(sigma, (x - eps) / (1 - eps));
            q = eps / k + (1 - eps) * sigma[a];
          } else {
            a = this.draw(sigma, rng.nextFloat());
            q = sigma[a];
            // the others' average strategies, weighted by 1 / the updating seat's sampling probability
            for (let i = 0; i < k; i++) node.average[i] += w * sigma[i];
          }
          this.push(depth++, node, p, a, q, w);
          if (p === u) w /= q;
          d.applyAction(node.actions[a]);
          continue;
        }
        inTree = false;
      }
      this.playoutStep(d, p, rng);
    }
    d.returns(this.returns);
    const value = this.returns[u] * this.scale + this.shift;
    // back up: v is the return times π(z | h) / q(z | h), the strategy's over the sampling's probability of the rest
    let v = value;
    for (let i = depth - 1; i >= 0; i--) {
      if (this.pathSeat[i] !== u) continue; // the others sample on policy: the ratio is 1
      const node = this.pathNode[i], a = this.pathAction[i], q = this.pathQ[i], sigma = node.policy;
      this.regretMatch(node); // its strategy at the visit (regrets changed only deeper on this path, in other nodes)
      const base = (this.pathW[i] * v) / q;
      for (let j = 0; j < sigma.length; j++) node.regret[j] += j === a ? base * (1 - sigma[a]) : -base * sigma[a];
      v = (v * sigma[a]) / q;
    }
  }

  private push(depth: number, node: InfoNode, seat: number, a: number, q: number, w: number): void {
    if (depth === this.pathSeat.length) {
      const grow = <T extends Int32Array | Float64Array>(x: T, make: (n: number) => T): T => {
        const y = make(x.length * 2);
        y.set(x);
        return y;
      };
      this.pathSeat = grow(this.pathSeat, (n) => new Int32Array(n));
      this.pathAction = grow(this.pathAction, (n) => new Int32Array(n));
      this.pathQ = grow(this.pathQ, (n) => new Float64Array(n));
      this.pathW = grow(this.pathW, (n) => new Float64Array(n));
    }
    this.pathNode[depth] = node;
    this.pathSeat[depth] = seat;
    this.pathAction[depth] = a;
    this.pathQ[depth] = q;
    this.pathW[depth] = w;
  }

  /** The index drawn from the distribution `p` with the uniform number `x`. */
  private draw(p: Float64Array, x: number): number {
    for (let i = 0; i < p.length - 1; i++) {
      x -= p[i];
      if (x < 0) return i;
    }
    return p.length - 1;
  }

  /** One move of the playout policy (a heuristic's illegal answer is replaced by a uniform one). */
  private playoutStep(d: GameState, p: number, rng: Rng): void {
    const m = d.legalActions(this.actions);
    if (this.rolloutPlayers) {
      const a = this.rolloutPlayers[p].act(d, rng);
      let legal = false;
      for (let i = 0; i < m && !legal; i++) legal = this.actions[i] === a;
      if (legal) {
        d.applyAction(a);
        return;
      }
    }
    d.applyAction(this.actions[m === 1 ? 0 : rng.below(m)]);
  }
}

/** An `mccfr` player for a table of `players` seats in game `sg` under `rules`. */
export function makeMccfrPlayer<R>(sg: StateGame<R>, rules: R, spec: string, players: number): MccfrPlayer {
  const params = parseMccfrSpec(spec);
  let makeRollout: (() => StatePlayer[]) | null = null;
  const name = rolloutPlayerName(sg, MCCFR, params.rollout, params.rolloutName);
  if (name !== null) {
    makeRollout = () => Array.from({ length: players }, (_, s) => sg.player(rules, name, s, players));
    makeRollout(); // a bad table is reported now, before any game
  }
  return new MccfrPlayer(params, players, sg.outcome?.(rules, players) ?? { kind: 'win-lose' }, makeRollout);
}

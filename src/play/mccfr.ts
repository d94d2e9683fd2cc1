/**
 * The generic regret-matching search player `mccfr`: online outcome-sampling Monte Carlo CFR
 * (Lanctot, Waugh, Zinkevich & Bowling 2009; played online as in Lisý, Lanctot & Bowling 2015), over
 * the game interface only, so every game has it beside `ismcts`.
 *
 * One decision runs `iters` iterations from the seat's information set. Each draws a full state the
 * seat cannot tell from the real one (`determinize`), and plays it to the end once: at every
 * information set of the search (keyed by `informationKey`) the seat to move plays regret matching
 * over its legal actions — the seat whose regrets this iteration updates (seats take turns) with
 * ε-exploration, the others on policy — and the sampled return, weighted by the inverse of its
 * sampling probability, updates the regrets of the updating seat and the average strategy of the
 * others. Information sets are added one per iteration, as MCTS adds nodes; beyond them the game is
 * played out by the rollout policy (the game's heuristic, or uniform), which the weights treat as
 * part of the strategy. The move played is drawn from the average strategy at the root: a mixed
 * strategy, as equilibrium play is, where `ismcts` plays its most visited action.
 *
 * What it does not do: Lisý et al.'s targeting needs the history that led to the information set,
 * which the interface does not give, so the search starts at the information set with the hidden
 * state drawn by `determinize` — not weighted by how likely the other seats' past choices make it.
 * docs/tools.md gives what that costs where it can be measured exactly (Liar's Dice, `liars exploit`).
 *
 * Allocation: each iteration allocates its determinized state and the information-set keys of the
 * tree part of its path (strings); the tables are a Map kept across decisions and cleared.
 */
import { UserError } from '../core/errors.js';
import type { Rng } from '../core/rng.js';
import { parseSpec, resolveParams, type ParamSchemas } from '../core/spec.js';
import { CHANCE, MAX_ACTIONS, type GameState, type Outcome, type StateGame, type StatePlayer } from '../games/state.js';
import { heuristicName, rolloutByNumber, ROLLOUTS, unitReturns } from './ismcts.js';

/** The player's name in specs (`mccfr:iters=1000,explore=0.6,rollout=heuristic,purify=0.5`). */
export const MCCFR = 'mccfr';

export const MCCFR_PARAMS = {
  iters: { default: 1000, min: 1, max: 10_000_000, integer: true, help: 'iterations per decision (the budget)' },
  explore: { default: 0.6, min: 0.01, max: 1, help: 'ε: the updating seat\'s share of uniformly random choices' },
  rollout: { default: 1, min: 0, max: 1, integer: true, help: 'rollout policy: 0 or uniform = uniformly random, 1 or heuristic = the game\'s heuristic' },
  purify: { default: 0.5, min: 0, max: 1, help: 'actions the average strategy plays less often than this share of its most played one are dropped (sampling noise)' },
} satisfies ParamSchemas;

export interface MccfrParams {
  iters: number;
  explore: number;
  /** index into ROLLOUTS */
  rollout: number;
  purify: number;
}

/** One line for help texts and docs. */
export const MCCFR_USAGE = 'mccfr:iters=N,explore=E,rollout=uniform|heuristic — regret-matching search, N iterations a decision';

/** The parameters of an `mccfr` spec, defaults filled in (`rollout` also takes its names). */
export function parseMccfrSpec(text: string): MccfrParams {
  const spec = parseSpec(rolloutByNumber(text, MCCFR));
  if (spec.name !== MCCFR) throw new Error(`not an ${MCCFR} spec: ${text}`);
  const p = resolveParams(spec, MCCFR_PARAMS, 'iters');
  return { iters: p.iters, explore: p.explore, rollout: p.rollout, purify: p.purify };
}

/** One information set of the search: its legal actions, cumulative regrets and average strategy. */
interface InfoNode {
  actions: Int32Array;
  regret: Float64Array;
  average: Float64Array;
  /** scratch: the current strategy (regret matching), rewritten at each visit */
  policy: Float64Array;
}

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
    for (let it = 0; it < this.params.iters; it++) this.iterate(state.determinize(seat, rng), it % this.players, rng);
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
export function makeMccfrPlayer(sg: StateGame<never>, rules: never, spec: string, players: number): MccfrPlayer {
  const params = parseMccfrSpec(spec);
  let makeRollout: (() => StatePlayer[]) | null = null;
  if (ROLLOUTS[params.rollout] === 'heuristic') {
    const name = heuristicName(sg);
    if (name === undefined) throw new UserError(`${sg.id}: ${MCCFR} rollout=heuristic, but the game has no heuristic player (use rollout=uniform)`);
    makeRollout = () => Array.from({ length: players }, (_, s) => sg.player(rules, name, s, players));
    makeRollout(); // a bad table is reported now, before any game
  }
  return new MccfrPlayer(params, players, sg.outcome?.(rules, players) ?? { kind: 'win-lose' }, makeRollout);
}

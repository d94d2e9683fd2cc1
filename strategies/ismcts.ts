/**
 * The generic search player: single-observer information-set MCTS with determinization
 * (SO-ISMCTS; Cowling, Powley & Whitehouse 2012), over the game interface only, so every game has it.
 *
 * One decision runs `iters` iterations. Each draws a full state consistent with what the seat to
 * move knows (`determinize`), descends one tree of action nodes shared by all determinizations,
 * choosing by UCB1 among the children whose action is legal in this determinization (a
 * subset-armed bandit: a child's count of trials is the number of times it was *available*, not
 * its parent's visits), adds one node, plays the rest of the game with the rollout policy, and adds
 * the return to each node on the path from the point of view of the seat that chose it. The most
 * visited action at the root is played.
 *
 * Chance inside the tree: where the state enumerates its chance outcomes (`chanceOutcomes`), the
 * outcome drawn gets its own node, so e.g. every dice roll keeps its own statistics; elsewhere
 * chance is drawn with `applyChance` and the node after it mixes all outcomes (open loop).
 * Returns are win shares in [0, 1]; points games are scaled to [0, 1] by the declared range.
 *
 * Allocation: the tree is a pool of typed arrays kept across decisions (it grows by doubling when a
 * decision needs more nodes, then stays), and the action, outcome and path buffers are made once
 * (the root's by-place lists, once for the widest root).
 * Per iteration only the game allocates: `determinize` returns a new state (the interface allows
 * it), and a rollout with the game's heuristic allocates whatever that player allocates.
 */
import { UserError } from '../src/core/errors.js';
import type { Rng } from '../src/core/rng.js';
import type { ParamSchemas } from '../src/core/spec.js';
import { CHANCE, MAX_ACTIONS, type GameState, type Outcome, type StateGame, type StatePlayer } from '../src/games/state.js';
import { parseSearchSpec, rolloutPlayerName, ROLLOUT_USAGE } from './search-spec.js';

export { heuristicName, ROLLOUTS } from './search-spec.js';

/** The player's name in specs (`ismcts:iters=1000,c=0.7,rollout=heuristic`). */
export const ISMCTS = 'ismcts';

export const ISMCTS_PARAMS = {
  iters: { default: 1000, min: 1, max: 10_000_000, integer: true, help: 'iterations per decision (the budget)' },
  c: { default: 0.7, min: 0, max: 100, help: 'UCB1 exploration constant (returns are in [0, 1])' },
  rollout: { default: 1, min: 0, max: 1, integer: true, help: 'rollout policy: 0 or uniform = uniformly random, 1 or heuristic = the game\'s heuristic, or a player of the game by name' },
  prior: { default: 0, min: 0, max: 100, help: 'W: the rollout player\'s move is tried first at a node and gets W/(1+visits) added to its score (0: off)' },
  follow: { default: 0, min: 0, max: 1, help: 'F: the share of the other seats\' moves in the tree the rollout player makes (1: all, not searched; 0: none)' },
  belief: { default: 0, min: 0, max: 1000, integer: true, help: 'K: each iteration keeps, of K draws, the one whose past the rollout player explains best (0: one draw)' },
  widen: { default: 0, min: 0, max: 100, help: 'K: a node tries a new action only while it has fewer than K·√visits tried (0: every action first)' },
} satisfies ParamSchemas;

export interface IsmctsParams {
  iters: number;
  c: number;
  /** index into ROLLOUTS (1 too when a player is named) */
  rollout: number;
  /** the game's player named by `rollout=<name>` */
  rolloutName?: string;
  /** the bias towards the rollout player's move in the tree (0: none) */
  prior: number;
  /** the share of the other seats' moves in the tree that follow the rollout player (1: all) */
  follow: number;
  /** draws an iteration chooses among by how well the rollout player explains their past (0: one) */
  belief: number;
  /** progressive widening: new actions while fewer than widen·√visits are tried (0: all first) */
  widen: number;
}

/** The map of a game's returns onto [0, 1], r · scale + shift: win shares stay, points by their declared range. */
export function unitReturns(outcome: Outcome): { scale: number; shift: number } {
  if (outcome.kind !== 'points') return { scale: 1, shift: 0 };
  const scale = 1 / (outcome.max - outcome.min);
  return { scale, shift: -outcome.min * scale };
}

/** One line for help texts and docs. */
export const ISMCTS_USAGE = `ismcts:iters=N,c=C,${ROLLOUT_USAGE},prior=W — information-set MCTS, N iterations a decision`;

/**
 * The parameters of an `ismcts` spec, defaults filled in (the shared search syntax,
 * strategies/search-spec.ts: `rollout` also takes uniform, heuristic or a player's name).
 */
export function parseIsmctsSpec(text: string): IsmctsParams {
  const { params: p, rolloutName } = parseSearchSpec(text, ISMCTS, ISMCTS_PARAMS);
  const params: IsmctsParams = { iters: p.iters, c: p.c, rollout: p.rollout, prior: p.prior, follow: p.follow, belief: p.belief, widen: p.widen };
  if (rolloutName !== undefined) params.rolloutName = rolloutName;
  return params;
}

/** The search tree: nodes in parallel typed arrays, children as a list sorted by (action, mover). */
class NodePool {
  size = 0;
  parent = new Int32Array(0);
  firstChild = new Int32Array(0);
  nextSibling = new Int32Array(0);
  action = new Int32Array(0);
  /** the seat that chose the action leading here, or CHANCE for a chance outcome */
  mover = new Int32Array(0);
  visits = new Float64Array(0);
  /** times the node's action was legal when its parent was visited */
  avail = new Float64Array(0);
  /** sum of returns to `mover` over the visits */
  reward = new Float64Array(0);

  constructor(capacity: number) {
    this.grow(capacity);
  }

  private grow(capacity: number): void {
    const i32 = (a: Int32Array) => {
      const b = new Int32Array(capacity);
      b.set(a);
      return b;
    };
    const f64 = (a: Float64Array) => {
      const b = new Float64Array(capacity);
      b.set(a);
      return b;
    };
    this.parent = i32(this.parent);
    this.firstChild = i32(this.firstChild);
    this.nextSibling = i32(this.nextSibling);
    this.action = i32(this.action);
    this.mover = i32(this.mover);
    this.visits = f64(this.visits);
    this.avail = f64(this.avail);
    this.reward = f64(this.reward);
  }

  /** Empty the tree but for its root (node 0). */
  reset(): void {
    this.size = 0;
    this.add(-1, -1, CHANCE, -1);
  }

  /** A new node under `parent`, inserted after `prev` (−1: first) in its sorted child list. */
  add(parent: number, action: number, mover: number, prev: number): number {
    if (this.size === this.action.length) this.grow(this.action.length * 2);
    const n = this.size++;
    this.parent[n] = parent;
    this.firstChild[n] = -1;
    this.action[n] = action;
    this.mover[n] = mover;
    this.visits[n] = 0;
    this.avail[n] = 0;
    this.reward[n] = 0;
    if (parent >= 0) {
      if (prev < 0) {
        this.nextSibling[n] = this.firstChild[parent];
        this.firstChild[parent] = n;
      } else {
        this.nextSibling[n] = this.nextSibling[prev];
        this.nextSibling[prev] = n;
      }
    } else this.nextSibling[n] = -1;
    return n;
  }

  /** The child of `node` for (action, mover), added where it belongs if missing. */
  child(node: number, action: number, mover: number): number {
    let prev = -1;
    for (let c = this.firstChild[node]; c >= 0; c = this.nextSibling[c]) {
      const a = this.action[c];
      if (a > action || (a === action && this.mover[c] > mover)) break;
      if (a === action && this.mover[c] === mover) return c;
      prev = c;
    }
    return this.add(node, action, mover, prev);
  }
}

/**
 * The root's children by the place of their action among the root's legal actions. Every
 * determinization asks the root's seat the same question, so each child is available on every
 * iteration: its availability count is its offset (kept in the tree's `avail`) plus the root's
 * iterations, the untried places are a list, and each child's score has a bound that holds for a
 * while, so an iteration scores the few children that can be best rather than all of them (Tichu's
 * passing question has 2,184). The choices are those of scoring every child: the same scores, ties
 * to the lowest action. A determinization asking another question hands the root back to the
 * general path for the rest of the decision.
 */
class RootChildren {
  /** the root is chosen here (until a determinization asks another question) */
  fast = false;
  private seat = -1;
  private m = 0;
  /** per place: the action, its child node (−1: untried), its score's bound and the bound's horizon */
  actions = new Int32Array(0);
  child = new Int32Array(0);
  private bound = new Float64Array(0);
  private horizon = new Float64Array(0);
  /** the untried places, ascending */
  private untried = new Int32Array(0);
  private nUntried = 0;
  /** iterations through the root so far */
  private iterations = 0;
  /** the place chosen last (its score is taken first: it is usually near the best) */
  private last = -1;

  /** A new decision at `seat` with the m legal `actions`. */
  reset(actions: Int32Array, m: number, seat: number): void {
    if (this.actions.length < m) {
      // sized for the widest root so far, then kept
      const size = Math.max(m, 2 * this.actions.length);
      this.actions = new Int32Array(size);
      this.child = new Int32Array(size);
      this.bound = new Float64Array(size);
      this.horizon = new Float64Array(size);
      this.untried = new Int32Array(size);
    }
    this.fast = true;
    this.seat = seat;
    this.m = m;
    this.actions.set(actions.subarray(0, m));
    this.child.fill(-1, 0, m);
    for (let i = 0; i < m; i++) this.untried[i] = i;
    this.nUntried = m;
    this.iterations = 0;
    this.last = -1;
  }

  /** Does this determinization ask the root's question (the same seat, the same m legal actions)? */
  matches(actions: Int32Array, m: number, seat: number): boolean {
    if (seat !== this.seat || m !== this.m) return false;
    const own = this.actions;
    for (let i = 0; i < m; i++) if (actions[i] !== own[i]) return false;
    return true;
  }

  /** The place of this iteration's action: an untried one (drawn as the general path draws it), else the best score. */
  choose(tree: NodePool, C: number, rng: Rng): number {
    this.iterations++;
    if (this.nUntried > 0) {
      const i = this.nUntried === 1 ? 0 : rng.below(this.nUntried);
      const place = this.untried[i];
      this.untried.copyWithin(i, i + 1, this.nUntried--);
      return place;
    }
    const now = this.iterations, bound = this.bound, horizon = this.horizon;
    let best = this.last, bestScore = best < 0 ? -Infinity : this.score(tree, C, best);
    for (let i = 0; i < this.m; i++) {
      if ((bound[i] < bestScore && now <= horizon[i]) || i === this.last) continue;
      const s = this.score(tree, C, i);
      if (s > bestScore || (s === bestScore && i < best)) {
        bestScore = s;
        best = i;
      }
    }
    // its statistics change with this iteration: scored afresh next time
    bound[best] = Infinity;
    this.last = best;
    return best;
  }

  /**
   * The score of the child at `place` (as the general path computes it) and a new bound on it: its
   * score until its availability count has grown by a sixteenth (ahead of rounding by far).
   */
  private score(tree: NodePool, C: number, place: number): number {
    const k = this.child[place], v = tree.visits[k], mean = tree.reward[k] / v, offset = tree.avail[k];
    const until = this.iterations + 16 + Math.floor((offset + this.iterations) / 16);
    this.horizon[place] = until;
    this.bound[place] = mean + C * Math.sqrt(Math.log(offset + until) / v) + 1e-9;
    return mean + C * Math.sqrt(Math.log(offset + this.iterations) / v);
  }

  /** The child for an untried place: available once, this iteration. */
  expand(tree: NodePool, place: number): number {
    const node = tree.child(0, this.actions[place], this.seat);
    tree.avail[node] = 1 - this.iterations;
    this.child[place] = node;
    this.bound[place] = Infinity;
    return node;
  }

  /** Back to the general path: the children's availability counts written out in full. */
  leave(tree: NodePool): void {
    for (let i = 0; i < this.m; i++) if (this.child[i] >= 0) tree.avail[this.child[i]] += this.iterations;
    this.fast = false;
  }
}

/** Safety net: a rollout that has not ended after this many steps is a bug in the game. */
const MAX_ROLLOUT_STEPS = 10_000_000;

export class IsmctsPlayer implements StatePlayer {
  private readonly tree = new NodePool(1024);
  private readonly actions = new Int32Array(MAX_ACTIONS);
  private readonly available = new Int32Array(MAX_ACTIONS);
  /** the places in `actions` of the available children */
  private readonly availablePlace = new Int32Array(MAX_ACTIONS);
  private readonly root = new RootChildren();
  private readonly outcomes = new Int32Array(MAX_ACTIONS);
  private readonly probabilities = new Float64Array(MAX_ACTIONS);
  private path = new Int32Array(256);
  private readonly returns: Float64Array;
  /** returns → [0, 1]: r · scale + shift */
  private readonly scale: number;
  private readonly shift: number;
  /** the tree policy is guided (`prior` or `widen`): the general path, with the root's too */
  private readonly guided: boolean;
  /** the rollout player's move at the root in this decision (with `prior`) */
  private rootMove = -1;
  /** the guided step's child is new (the iteration's expansion) */
  private added = false;
  /** the seat searching in this decision */
  private seat = -1;

  /**
   * @param rolloutPlayers the rollout policy's player for each seat, or null for uniform rollouts
   * @param priorPlayers the same policy's players again, asked in the tree (with `prior`): players
   *   of their own, since a game's player may keep state between the moves it is asked (e.g. the
   *   rest of a call) and the tree asks it out of sequence
   */
  constructor(
    readonly params: IsmctsParams,
    readonly players: number,
    outcome: Outcome,
    private readonly rolloutPlayers: readonly StatePlayer[] | null,
    private readonly priorPlayers: readonly StatePlayer[] | null = null,
    private readonly beliefPlayers: readonly StatePlayer[] | null = null,
  ) {
    this.returns = new Float64Array(players);
    ({ scale: this.scale, shift: this.shift } = unitReturns(outcome));
    this.guided = params.prior > 0 || params.widen > 0;
    if ((params.prior > 0 || params.follow > 0 || params.belief > 0) && !priorPlayers) throw new UserError(`${ISMCTS}: prior, follow and belief need a player's rollouts (rollout=heuristic or a player's name), not uniform ones`);
  }

  act(state: GameState, rng: Rng): number {
    const seat = state.currentPlayer();
    const n = state.legalActions(this.actions);
    if (n === 1) return this.actions[0];
    const tree = this.tree;
    tree.reset();
    this.root.reset(this.actions, n, seat);
    this.seat = seat;
    if (this.guided) {
      // every determinization asks the root's seat the same question: its policy move is asked once
      this.root.fast = false;
      this.rootMove = this.params.prior > 0 ? this.priorPlayers![seat].act(state, rng) : -1;
    }
    const believe = this.params.belief > 0 && state.pathFromStart !== undefined;
    for (let it = 0; it < this.params.iters; it++) this.iterate(believe ? this.believedDraw(state, seat, rng) : state.determinize(seat, rng), rng);
    // the most visited legal action (ties: the better mean, then the lower action)
    const legal = state.legalActions(this.actions);
    let best = -1;
    for (let c = tree.firstChild[0]; c >= 0; c = tree.nextSibling[c]) {
      if (tree.mover[c] !== seat || !this.isLegal(tree.action[c], legal)) continue;
      if (best < 0 || tree.visits[c] > tree.visits[best] || (tree.visits[c] === tree.visits[best] && tree.reward[c] > tree.reward[best])) best = c;
    }
    return best < 0 ? this.actions[0] : tree.action[best];
  }

  /** Binary search in the first n (ascending) entries of `actions`. */
  private isLegal(a: number, n: number): boolean {
    let lo = 0, hi = n - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1, v = this.actions[mid];
      if (v === a) return true;
      if (v < a) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  }

  /** The first place from `from` on among the first m (ascending) `actions` whose action is ≥ a: a gallop, then a binary search. */
  private lowerBound(a: number, from: number, m: number): number {
    const actions = this.actions;
    let lo = from, hi = from, step = 1;
    while (hi < m && actions[hi] < a) {
      lo = hi + 1;
      hi += step;
      step <<= 1;
    }
    if (hi > m) hi = m;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (actions[mid] < a) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** One iteration on the determinized state `d` (which it plays to the end). */
  private iterate(d: GameState, rng: Rng): void {
    const tree = this.tree, C = this.params.c;
    let node = 0, depth = 0, expanded = false;
    this.path[depth++] = 0;
    while (!d.isTerminal()) {
      const p = d.currentPlayer();
      if (p === CHANCE) {
        const k = d.chanceOutcomes ? d.chanceOutcomes(this.outcomes, this.probabilities) : 0;
        if (k > 0) {
          let u = rng.nextFloat(), i = 0;
          while (i < k - 1 && u >= this.probabilities[i]) u -= this.probabilities[i++];
          const o = this.outcomes[i];
          d.applyChanceOutcome!(o);
          node = tree.child(node, o, CHANCE);
          depth = this.push(node, depth);
        } else d.applyChance(rng);
        continue;
      }
      if (expanded) break;
      const m = d.legalActions(this.actions);
      const follow = this.params.follow;
      if (follow > 0 && p !== this.seat && (follow >= 1 || rng.nextFloat() < follow)) {
        // the other seats play the rollout player's move in this determinization (it sees their
        // hidden cards; a searched node of theirs would average over the searcher's beliefs)
        const move = this.priorPlayers![p].act(d, rng), at = this.lowerBound(move, 0, m);
        const a = at < m && this.actions[at] === move ? move : this.actions[m === 1 ? 0 : rng.below(m)];
        const before = tree.size;
        node = tree.child(node, a, p);
        tree.avail[node]++;
        expanded = tree.size > before;
        d.applyAction(a);
        depth = this.push(node, depth);
        continue;
      }
      if (node === 0 && this.root.fast) {
        const root = this.root;
        if (root.matches(this.actions, m, p)) {
          const place = root.choose(tree, C, rng);
          node = root.child[place];
          if (node < 0) {
            node = root.expand(tree, place);
            expanded = true;
          }
          d.applyAction(root.actions[place]);
          depth = this.push(node, depth);
          continue;
        }
        root.leave(tree);
      }
      // the children of the node available here (sorted by action, as the legal actions are): each
      // looked up in the legal actions from the place of the one before, so a node with few children
      // among many actions costs its children, not its actions
      let nAvail = 0, from = 0;
      for (let c = tree.firstChild[node]; c >= 0; c = tree.nextSibling[c]) {
        if (tree.mover[c] !== p) continue;
        const a = tree.action[c], at = this.lowerBound(a, from, m);
        if (at < m && this.actions[at] === a) {
          ++tree.avail[c];
          this.available[nAvail] = c;
          this.availablePlace[nAvail++] = at;
          from = at + 1;
        } else from = at;
      }
      const untried = m - nAvail;
      if (this.guided) {
        node = this.guidedStep(d, node, p, m, nAvail, rng);
        expanded = this.added;
      } else if (untried > 0) {
        // an untried action is expanded first, drawn uniformly among the untried in ascending order
        let at = untried === 1 ? 0 : rng.below(untried);
        for (let i = 0; i < nAvail && this.availablePlace[i] <= at; i++) at++;
        const a = this.actions[at];
        node = tree.child(node, a, p);
        tree.avail[node]++;
        d.applyAction(a);
        expanded = true;
      } else {
        // the scores only once every action has been tried: a node of many actions computes them
        // once it is full, not on each of its expansions
        let best = -1, bestScore = -Infinity;
        for (let i = 0; i < nAvail; i++) {
          const k = this.available[i], v = tree.visits[k];
          const score = tree.reward[k] / v + C * Math.sqrt(Math.log(tree.avail[k]) / v);
          if (score > bestScore) {
            bestScore = score;
            best = k;
          }
        }
        node = best;
        d.applyAction(tree.action[best]);
      }
      depth = this.push(node, depth);
    }
    this.rollout(d, rng);
    d.returns(this.returns);
    for (let i = 1; i < depth; i++) {
      const v = this.path[i], mover = tree.mover[v];
      tree.visits[v]++;
      if (mover >= 0) tree.reward[v] += this.returns[mover] * this.scale + this.shift;
    }
  }

  /**
   * With `belief=K`: of K states drawn consistent with what `seat` knows, the one whose past the
   * rollout player explains best — the others' moves since the start (pathFromStart) replayed, and
   * counted where the player, seated there with that hand, makes the same move. A plain draw
   * ignores what their moves say about their hands (a bid of fives from one who holds them).
   */
  private believedDraw(state: GameState, seat: number, rng: Rng): GameState {
    let best: GameState | null = null, bestScore = -1;
    for (let k = 0; k < this.params.belief; k++) {
      const d = state.determinize(seat, rng);
      const path = d.pathFromStart!(), r = path.start;
      let score = 0, asked = 0;
      for (const step of path.steps) {
        const p = r.currentPlayer();
        if (p === CHANCE) {
          if (r.applyChanceOutcome === undefined) return d;
          r.applyChanceOutcome(step);
          continue;
        }
        // a past the draw cannot have had (where hidden cards decide what follows): the worst
        if (p < 0 || !this.legalIn(r, step)) {
          score = -1;
          break;
        }
        if (p !== seat) {
          asked++;
          if (this.beliefPlayers![p].act(r, rng) === step) score++;
        }
        r.applyAction(step);
      }
      if (score > bestScore) {
        best = d;
        bestScore = score;
      }
      if (score === asked) break;
    }
    return best!;
  }

  /** Is `a` legal in `s`? (The buffer of the available children: not in use outside an iteration.) */
  private legalIn(s: GameState, a: number): boolean {
    const m = s.legalActions(this.available);
    for (let i = 0; i < m; i++) if (this.available[i] === a) return true;
    return false;
  }

  /**
   * The guided tree policy at a node (`prior`, `widen`): the rollout player's move in this
   * determinization is tried first; then new actions, drawn as the plain policy draws them, while
   * the node has fewer than widen·√visits tried here (all first without `widen`); else UCB1, the
   * player's move with W/(1 + visits) added (progressive bias). Applies the action and returns its
   * child; `added` says whether the child is new.
   */
  private guidedStep(d: GameState, node: number, p: number, m: number, nAvail: number, rng: Rng): number {
    const tree = this.tree, W = this.params.prior, K = this.params.widen, C = this.params.c;
    // the player's move: its place among the legal actions (−1: none, or not legal) and its child
    let moveAt = -1, moveChild = -1;
    if (W > 0) {
      const move = node === 0 ? this.rootMove : this.priorPlayers![p].act(d, rng);
      const at = this.lowerBound(move, 0, m);
      if (at < m && this.actions[at] === move) moveAt = at;
    }
    let visits = 0;
    for (let i = 0; i < nAvail; i++) {
      visits += tree.visits[this.available[i]];
      if (this.availablePlace[i] === moveAt) moveChild = this.available[i];
    }
    this.added = true;
    if (moveAt >= 0 && moveChild < 0) return this.expand(d, node, p, this.actions[moveAt]);
    const untried = m - nAvail;
    if (untried > 0 && (K === 0 || nAvail < Math.max(1, K * Math.sqrt(visits)))) {
      let at = untried === 1 ? 0 : rng.below(untried);
      for (let i = 0; i < nAvail && this.availablePlace[i] <= at; i++) at++;
      return this.expand(d, node, p, this.actions[at]);
    }
    this.added = false;
    let best = -1, bestScore = -Infinity;
    for (let i = 0; i < nAvail; i++) {
      const k = this.available[i], v = tree.visits[k];
      let score = tree.reward[k] / v + C * Math.sqrt(Math.log(tree.avail[k]) / v);
      if (k === moveChild) score += W / (1 + v);
      if (score > bestScore) {
        bestScore = score;
        best = k;
      }
    }
    d.applyAction(tree.action[best]);
    return best;
  }

  /** A new child of `node` for action a by seat p, available once, the action applied. */
  private expand(d: GameState, node: number, p: number, a: number): number {
    const child = this.tree.child(node, a, p);
    this.tree.avail[child]++;
    d.applyAction(a);
    return child;
  }

  private push(node: number, depth: number): number {
    if (depth === this.path.length) {
      const longer = new Int32Array(this.path.length * 2);
      longer.set(this.path);
      this.path = longer;
    }
    this.path[depth] = node;
    return depth + 1;
  }

  /** Play `d` to its end with the rollout policy (a heuristic's illegal answer is replaced by a uniform one). */
  private rollout(d: GameState, rng: Rng): void {
    const heuristic = this.rolloutPlayers;
    for (let step = 0; !d.isTerminal(); step++) {
      if (step >= MAX_ROLLOUT_STEPS) throw new Error(`${ISMCTS}: a rollout did not end within ${MAX_ROLLOUT_STEPS} steps: ${d}`);
      const p = d.currentPlayer();
      if (p === CHANCE) {
        d.applyChance(rng);
        continue;
      }
      if (heuristic) {
        const a = heuristic[p].act(d, rng);
        const m = d.legalActions(this.actions);
        d.applyAction(this.isLegal(a, m) ? a : this.actions[rng.below(m)]);
      } else {
        const m = d.legalActions(this.actions);
        d.applyAction(this.actions[m === 1 ? 0 : rng.below(m)]);
      }
    }
  }
}

/** An `ismcts` player for `seat` of a table of `players` seats in game `sg` under `rules`. */
export function makeIsmctsPlayer<R>(sg: StateGame<R>, rules: R, spec: string, players: number): IsmctsPlayer {
  const params = parseIsmctsSpec(spec);
  const name = rolloutPlayerName(sg, ISMCTS, params.rollout, params.rolloutName);
  const policy = () => (name === null ? null : Array.from({ length: players }, (_, s) => sg.player(rules, name, s, players)));
  return new IsmctsPlayer(params, players, sg.outcome?.(rules, players) ?? { kind: 'win-lose' }, policy(), params.prior > 0 || params.follow > 0 || params.belief > 0 ? policy() : null, params.belief > 0 ? policy() : null);
}

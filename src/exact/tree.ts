/**
 * A two-player zero-sum game's whole tree, read once through the game interface (src/games/state.ts)
 * and laid out flat for the exact tools (CFR, best responses, values): chance enumerated by
 * `chanceOutcomes`, decisions grouped into information sets by `informationKey`.
 *
 * Nodes are numbered so that a node's children are consecutive and come after it: a pass in
 * increasing index visits parents first (reach probabilities), one in decreasing index children
 * first (values). Utilities are seat 0's r0 − r1 (the game's returns), so a win/lose game is played
 * for ±1 as the specialized solvers play it; `constantSum` (r0 + r1, the same at every end) turns
 * them back into the game's own units.
 */
import { UserError } from '../core/errors.js';
import { CHANCE, MAX_ACTIONS, TERMINAL, type GameState } from '../games/state.js';

/** The largest tree the exact tools build: about 60 bytes a node, so 1.2 GB at most. */
export const MAX_TREE_NODES = 20_000_000;

/** node kinds (`GameTree.kind`): the seat to move (0, 1), chance, or the end */
export const NODE_CHANCE = 2, NODE_TERMINAL = 3;

/**
 * The longest play the exact tools follow (steps, chance included): they recurse a step a level,
 * and a game some plays of which never end (Knucklebones' knock-outs) would overflow the stack.
 */
export const MAX_PLAY_STEPS = 2000;

/** The one line for a play longer than MAX_PLAY_STEPS. */
export function tooLong(what: string, s: GameState): UserError {
  return new UserError(`${what}: a play goes on past ${MAX_PLAY_STEPS.toLocaleString('en-US')} steps (at ${s.toString()}); the exact tools need a game whose every play ends within that (some plays of this one may never end)`);
}

export interface GameTree {
  nodes: number;
  /** 0 or 1 (the seat to move), NODE_CHANCE or NODE_TERMINAL */
  kind: Uint8Array;
  /** children: first index and how many (0 at the end) */
  first: Int32Array;
  count: Uint16Array;
  /** the probability of the chance outcome leading to this node (1 for a decision's child) */
  prob: Float64Array;
  /** a decision node's information set; a terminal's utility r0 − r1 sits in `utility` */
  infoset: Int32Array;
  utility: Float64Array;
  /** r0 + r1 at every end */
  constantSum: number;
  infosets: number;
  /** per information set: its seat, its actions' first slot, how many, its key, its nodes */
  infosetSeat: Uint8Array;
  slot: Int32Array;
  actions: Uint16Array;
  keys: string[];
  /** the game's action of each slot, and as read ("bid 2x5") */
  slotAction: Int32Array;
  slotText: string[];
  slots: number;
  /** nodes of information set I: nodeList[nodeStart[I] … nodeStart[I + 1]) */
  nodeStart: Int32Array;
  nodeList: Int32Array;
  /** own decisions of its seat before an information set (best responses decide deepest first) */
  ownDepth: Int32Array;
  /**
   * With `publicStates`: each decision node's public state (−1 at chance and the ends), the
   * common-knowledge classes of the states: two states share one when a chain of states, each
   * indistinguishable from the next to one seat or the other, joins them (in Liar's Dice, a bid
   * history); and each information set's (all its states share one)
   */
  publicState?: Int32Array;
  infosetPublic?: Int32Array;
  publicStates?: number;
}

export interface TreeOptions {
  /** the largest tree built (it stops counting there); default MAX_TREE_NODES */
  maxNodes?: number;
  /** group the decision nodes into public states (GameTree.publicState) */
  publicStates?: boolean;
}

/**
 * Read the whole tree of a two-player game from `root`; a UserError when a chance event is not
 * enumerated, the game is not zero- or constant-sum, an information set's actions differ between
 * its states, or the tree has more than `maxNodes` nodes (it stops counting there).
 */
export function buildTree(root: GameState, maxNodes: number | TreeOptions = MAX_TREE_NODES, what = 'this game', onInfoset?: (I: number, state: GameState) => void): GameTree {
  const options: TreeOptions = typeof maxNodes === 'number' ? { maxNodes } : maxNodes;
  return build(root, options.maxNodes ?? MAX_TREE_NODES, what, onInfoset, options.publicStates === true);
}

function build(root: GameState, maxNodes: number, what: string, onInfoset: ((I: number, state: GameState) => void) | undefined, publicStates: boolean): GameTree {
  if (root.players !== 2) throw new UserError(`${what}: the equilibrium tools are for two players (it seats ${root.players})`);
  const kind: number[] = [], first: number[] = [], count: number[] = [], prob: number[] = [], infoset: number[] = [], utility: number[] = [];
  const index = new Map<string, number>();
  const isSeat: number[] = [], isSlot: number[] = [], isActions: number[] = [], keys: string[] = [], ownDepth: number[] = [];
  const slotAction: number[] = [], slotText: string[] = [];
  const members: number[][] = [];
  const acts = new Int32Array(MAX_ACTIONS), outs = new Int32Array(MAX_ACTIONS), probs = new Float64Array(MAX_ACTIONS);
  const ret = new Float64Array(2);
  let sum = NaN;
  // public states: union-find over decision nodes, joined through either seat's information key
  const parent: number[] = [];
  const firstWithKey = [new Map<string, number>(), new Map<string, number>()];
  const find = (x: number): number => {
    while (parent[x] !== x) { parent[x] = parent[parent[x]]; x = parent[x]; }
    return x;
  };
  const join = (x: number, seat: number, key: string): void => {
    const y = firstWithKey[seat].get(key);
    if (y === undefined) { firstWithKey[seat].set(key, x); return; }
    const a = find(x), b = find(y);
    if (a !== b) parent[a < b ? b : a] = a < b ? a : b;
  };
  const add = (p: number): number => {
    const n = kind.length;
    if (n >= maxNodes) throw new UserError(`${what}: its tree has more than ${maxNodes.toLocaleString('en-US')} nodes, more than the exact tools build (their time and memory grow with it)`);
    kind.push(0); first.push(0); count.push(0); prob.push(p); infoset.push(-1); utility.push(0);
    if (publicStates) parent.push(n);
    return n;
  };
  const visit = (s: GameState, node: number, depth0: number, depth1: number, steps = 0): void => {
    if (steps > MAX_PLAY_STEPS) throw tooLong(what, s);
    const who = s.currentPlayer();
    if (who === TERMINAL) {
      s.returns(ret);
      const c = ret[0] + ret[1];
      if (Number.isNaN(sum)) sum = c;
      else if (Math.abs(c - sum) > 1e-9 * Math.max(1, Math.abs(sum))) throw new UserError(`${what}: not zero-sum (the seats' returns add to ${sum} at one end and ${c} at another: ${s.toString()})`);
      kind[node] = NODE_TERMINAL;
      utility[node] = ret[0] - ret[1];
      return;
    }
    if (who === CHANCE) {
      if (!s.chanceOutcomes || !s.applyChanceOutcome) throw new UserError(`${what}: its states do not list their chance outcomes (chanceOutcomes), so the exact tools cannot enumerate them`);
      const n = s.chanceOutcomes(outs, probs);
      if (n <= 0) throw new UserError(`${what}: a chance event is not enumerated (chanceOutcomes gives ${n} outcomes: too many to list) at ${s.toString()}`);
      const o = Array.from(outs.subarray(0, n)), p = Array.from(probs.subarray(0, n));
      kind[node] = NODE_CHANCE;
      const start = kind.length;
      for (let k = 0; k < n; k++) add(p[k]);
      first[node] = start;
      count[node] = n;
      for (let k = 0; k < n; k++) {
        const c = s.clone();
        c.applyChanceOutcome!(o[k]);
        visit(c, start + k, depth0, depth1, steps + 1);
      }
      return;
    }
    if (who !== 0 && who !== 1) throw new Error(`exact tree: currentPlayer() ${who} at ${s.toString()}`);
    const n = s.legalActions(acts);
    const a0 = Array.from(acts.subarray(0, n));
    const key = s.informationKey(who);
    let I = index.get(key);
    if (I === undefined) {
      I = keys.length;
      index.set(key, I);
      keys.push(key);
      isSeat.push(who);
      isSlot.push(slotAction.length);
      isActions.push(n);
      ownDepth.push(who === 0 ? depth0 : depth1);
      members.push([]);
      for (let a = 0; a < n; a++) { slotAction.push(acts[a]); slotText.push(s.actionText(acts[a])); }
      onInfoset?.(I, s);
    } else {
      if (isSeat[I] !== who || isActions[I] !== n) throw new UserError(`${what}: two states with one information key (${JSON.stringify(key)}) differ in who moves or how many actions they offer`);
      for (let a = 0; a < n; a++) if (slotAction[isSlot[I] + a] !== acts[a]) throw new UserError(`${what}: two states with one information key (${JSON.stringify(key)}) offer different actions`);
    }
    members[I].push(node);
    kind[node] = who;
    if (publicStates) {
      join(node, who, key);
      join(node, 1 - who, s.informationKey(1 - who));
    }
    infoset[node] = I;
    const start = kind.length;
    for (let k = 0; k < n; k++) add(1);
    first[node] = start;
    count[node] = n;
    for (let k = 0; k < n; k++) {
      const c = s.clone();
      c.applyAction(a0[k]);
      visit(c, start + k, depth0 + (who === 0 ? 1 : 0), depth1 + (who === 1 ? 1 : 0), steps + 1);
    }
  };
  visit(root.clone(), add(1), 0, 0);
  let pub: Pick<GameTree, 'publicState' | 'infosetPublic' | 'publicStates'> = {};
  if (publicStates) {
    const publicState = new Int32Array(kind.length).fill(-1), ids = new Map<number, number>();
    for (let x = 0; x < kind.length; x++) {
      if (kind[x] >= NODE_CHANCE) continue;
      const r = find(x);
      let id = ids.get(r);
      if (id === undefined) { id = ids.size; ids.set(r, id); }
      publicState[x] = id;
    }
    const infosetPublic = Int32Array.from(members, (m) => publicState[m[0]]);
    pub = { publicState, infosetPublic, publicStates: ids.size };
  }
  const nodeStart = new Int32Array(keys.length + 1);
  for (let I = 0; I < keys.length; I++) nodeStart[I + 1] = nodeStart[I] + members[I].length;
  return {
    nodes: kind.length,
    kind: Uint8Array.from(kind), first: Int32Array.from(first), count: Uint16Array.from(count), prob: Float64Array.from(prob),
    infoset: Int32Array.from(infoset), utility: Float64Array.from(utility), constantSum: Number.isNaN(sum) ? 0 : sum,
    infosets: keys.length, infosetSeat: Uint8Array.from(isSeat), slot: Int32Array.from(isSlot), actions: Uint16Array.from(isActions), keys,
    slotAction: Int32Array.from(slotAction), slotText, slots: slotAction.length,
    nodeStart, nodeList: Int32Array.from(members.flat()), ownDepth: Int32Array.from(ownDepth), ...pub,
  };
}

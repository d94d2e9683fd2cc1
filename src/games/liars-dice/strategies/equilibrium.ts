/**
 * equilibrium — plays the CFR+ average strategy of `oddsmith liars solve` (two players only, 1–2
 * dice each, the rules' wild-ones and bid order mapped to the solver's `seed` or `plain` variant).
 * It calls only the last bid and only in turn (the solved game has no out-of-turn calls; with two
 * players an out-of-turn call could only target one's opponent's earlier bids). The solve runs
 * once per process for each configuration (`target` exploitability, at most `maxIterations`);
 * `equilibrium:file=PATH` plays a strategy saved by `liars solve --out PATH` instead (read once
 * per thread), which must be for these rules' variant, dice and sides.
 */
import { UserError } from '../../../core/errors.js';
import { Memo } from '../../../core/memo.js';
import type { Rng } from '../../../core/rng.js';
import { resolveParams } from '../../../core/spec.js';
import { showPath } from '../../../core/files.js';
import { CHANCE_SCALE, type RoundView, type Strategy, type StrategyContext, type StrategyInfo } from '../strategy.js';
import { LiarsSolver, MAX_BIDS, solve, type Variant } from '../exact-cfr.js';
import { configLabel, readStrategyFile, solverSource, type MaskSource, type StoredStrategy } from '../strategy-file.js';
import type { LiarsRules } from '../rules.js';

export const info: StrategyInfo = {
  name: 'equilibrium',
  description: 'CFR+ equilibrium policy (2 players, 1–2 dice each)',
  params: {
    target: { default: 0.001, min: 1e-7, max: 1, help: 'stop CFR+ once the exploitability is below this' },
    maxIterations: { default: 3000, min: 1, max: 1e6, integer: true, help: 'stop CFR+ after this many iterations' },
  },
  file: 'a strategy written by liars solve --out',
};

/** one solve per configuration and thread (a solve takes seconds; tournaments rebuild players per shard) */
const solvers = new Memo<LiarsSolver>(16);
/** one read per file and thread */
const files = new Memo<StoredStrategy>(4);

export function variantFor(rules: LiarsRules): Variant | null {
  if (rules.wildOnes && rules.onesBidCancelsWilds && rules.onesRankHighest) return 'seed';
  if (!rules.wildOnes && !rules.onesRankHighest) return 'plain';
  return null;
}

function checkTable(rules: LiarsRules, players: number): Variant {
  const variant = variantFor(rules);
  if (players !== 2) throw new UserError(`strategy equilibrium needs exactly 2 players (got ${players})`);
  if (!variant) throw new UserError('strategy equilibrium needs wild 1s cancelled by a 1s bid with 1 ranked above the top face (seed variant), or no wild ones with natural order (plain)');
  return variant;
}

export function solverFor(rules: LiarsRules, players: number, target: number, maxIterations: number): LiarsSolver {
  const variant = checkTable(rules, players);
  if (rules.dicePerPlayer > 2 || 2 * rules.dicePerPlayer * rules.sides > MAX_BIDS) {
    throw new UserError(`strategy equilibrium needs at most ${MAX_BIDS} possible bids: dicePerPlayer ≤ 2 and 2 × dicePerPlayer × sides ≤ ${MAX_BIDS} (got ${rules.dicePerPlayer} dice, ${rules.sides} sides)`);
  }
  const key = JSON.stringify([variant, rules.dicePerPlayer, rules.sides, target, maxIterations]);
  return solvers.get(key, () => solve({ variant, dice: [rules.dicePerPlayer, rules.dicePerPlayer], sides: rules.sides, target, maxIterations }).solver);
}

/** The saved strategy at `path`, checked against the table it is to play at. */
export function fileFor(path: string, rules: LiarsRules, players: number): StoredStrategy {
  const variant = checkTable(rules, players);
  const s = files.get(path, () => readStrategyFile(path));
  const c = s.config;
  if (c.variant !== variant || c.dice[0] !== rules.dicePerPlayer || c.dice[1] !== rules.dicePerPlayer || c.sides !== rules.sides) {
    throw new UserError(`strategy file ${showPath(path)} is for ${configLabel(c)}; these rules are ${variant}, ${rules.dicePerPlayer} v ${rules.dicePerPlayer} dice, ${rules.sides} sides`);
  }
  return s;
}

/** hands of d dice in the solver's order (sorted faces, lexicographic) */
function sortedHands(d: number, sides: number): number[][] {
  const hands: number[][] = [];
  const rec = (start: number, cur: number[]) => {
    if (cur.length === d) { hands.push([...cur]); return; }
    for (let f = start; f <= sides; f++) { cur.push(f); rec(f, cur); cur.pop(); }
  };
  rec(1, []);
  return hands;
}

class Equilibrium implements Strategy {
  readonly name = 'equilibrium';
  private readonly out: Float64Array;
  /** hand index by count-vector code Σ count(f)·(d+1)^(f−1) */
  private readonly handOf: Int32Array;
  private pending = -1;
  private pendingAt = -1;
  constructor(private readonly source: MaskSource, private readonly d: number, private readonly sides: number) {
    this.out = new Float64Array(source.bids + 1);
    this.handOf = new Int32Array((d + 1) ** sides).fill(-1);
    sortedHands(d, sides).forEach((hand, h) => {
      let code = 0;
      for (const f of hand) code += (d + 1) ** (f - 1);
      this.handOf[code] = h;
    });
  }
  private hand(view: RoundView, me: number): number {
    let code = 0, m = 1;
    for (let f = 1; f <= this.sides; f++) { code += view.ownFace(me, f) * m; m *= this.d + 1; }
    return this.handOf[code];
  }
  /** Sample an action: −1 = liar, else a bid rank. */
  private sample(view: RoundView, me: number, rng: Rng, allowLiar: boolean): number {
    let mask = 0;
    for (let i = 0; i < view.numBids; i++) mask |= 1 << view.rankAt(i);
    const depth = view.numBids, top = view.lastRank();
    const n = this.source.probabilitiesAt(mask, this.hand(view, me), this.out);
    const hasLiar = depth > 0 ? 1 : 0;
    let total = 0;
    for (let a = allowLiar ? 0 : hasLiar; a < n; a++) total += this.out[a];
    let x = (rng.below(CHANCE_SCALE) / CHANCE_SCALE) * total;
    for (let a = allowLiar ? 0 : hasLiar; a < n; a++) {
      x -= this.out[a];
      if (x < 0 || a === n - 1) return hasLiar && a === 0 ? -1 : top + 1 + a - hasLiar;
    }
    return top + 1;
  }
  challenge(view: RoundView, me: number, inTurn: boolean, rng: Rng): number {
    if (!inTurn || view.numBids === 0) return 0;
    const a = this.sample(view, me, rng, true);
    if (a < 0) {
      view.marks[view.numBids - 1] = 1;
      return 1;
    }
    this.pending = a;
    this.pendingAt = view.numBids;
    return 0;
  }
  bid(view: RoundView, me: number, rng: Rng): number {
    const pending = this.pending, at = this.pendingAt;
    this.pendingAt = -1;
    if (at === view.numBids && pending > view.lastRank()) return pending;
    return this.sample(view, me, rng, false);
  }
  direction(): number {
    return 1;
  }
}

/** The source an `equilibrium` spec plays: its own solve, or the file it names. */
export function sourceFor(params: Record<string, number>, ctx: StrategyContext, file?: string): MaskSource {
  if (file !== undefined) return fileFor(file, ctx.rules, ctx.players);
  const p = resolveParams({ name: info.name, params }, info.params);
  return solverSource(solverFor(ctx.rules, ctx.players, p.target, p.maxIterations));
}

export function create(params: Record<string, number>, ctx: StrategyContext, file?: string): Strategy {
  return new Equilibrium(sourceFor(params, ctx, file), ctx.rules.dicePerPlayer, ctx.rules.sides);
}

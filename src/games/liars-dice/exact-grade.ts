/**
 * Grading Liar's Dice decisions against the two-player equilibrium (the solver's game,
 * exact-cfr.ts): `oddsmith liars grade` and the workbench trainer both call `LiarsGrader.grade`,
 * so a decision gets the same grade in both.
 *
 * A decision is the player's dice, the bids so far (the opener's first, then alternating) and
 * what the player did:
 *   {"mine":"4","bids":["1x5","2x2"],"action":"liar"}   call the last bid
 *   {"mine":"4","bids":["1x5"],"action":"2x4"}           raise to 2x4
 * The player is the opener when the number of bids so far is even. Every action's value is exact
 * against the other player's equilibrium strategy: the other's dice weighted by their chance and by
 * the probability that the equilibrium makes its bids so far with them (Bayes), and the rest of the
 * round played by the player as well as possible against it (a best response), as `wulong grade`
 * assumes the rest of the turn is played optimally. The unit is the chance to win the round; the
 * loss is what the choice gives up (best − chosen, never negative).
 */
import { UserError } from '../../core/errors.js';
import { LiarsSolver, solve, type SolverConfig, type Store } from './exact-cfr.js';

export interface LiarsDecision {
  /** the player's dice, comma-separated faces */
  mine: string;
  /** the bids so far, COUNTxFACE, the opener's first */
  bids: string[];
  /** "liar" (call the last bid) or the bid made */
  action: string;
}

export interface ActionGrade {
  /** "liar" or a bid COUNTxFACE */
  action: string;
  /** P(the bid is true) over both players' dice (for liar: the last bid's), the other's given its bids */
  bidTrue: number;
  /** the chance to win the round after this action, then playing on as well as possible */
  pWin: number;
  /** how often the equilibrium itself takes this action here with the same dice */
  equilibrium: number;
  /** bestPWin − pWin */
  loss: number;
}

export interface LiarsGrade {
  seat: 'opener' | 'responder';
  mine: string;
  bids: string[];
  chosen: string;
  best: string;
  chosenPWin: number;
  bestPWin: number;
  /** the chance to win the round given up: bestPWin − chosenPWin (0 for an optimal choice) */
  loss: number;
  optimal: boolean;
  /**
   * false when the equilibrium never makes the other's bids so far, with any dice: they then say
   * nothing about its dice, which are taken at their chance alone
   */
  onPath: boolean;
  why: string;
  /** every action available, best first */
  actions: ActionGrade[];
  /** the other player's dice given its bids: each hand's probability */
  opponent: { hand: string; probability: number }[];
}

/** The exploitability target of the equilibrium graded against (as `liars solve`'s default). */
export const DEFAULT_TARGET = 1e-4;
/**
 * A choice within this chance to win of the best counts as optimal: the equilibrium is solved to
 * an exploitability of 1e-4, so the actions it mixes differ by such amounts, not by choice.
 */
export const OPTIMAL_WITHIN = 5e-4;

const FACE_NAMES = ['', 'one', 'two', 'three', 'four', 'five', 'six'];
const FACE_PLURALS = ['', 'ones', 'twos', 'threes', 'fours', 'fives', 'sixes'];
const pct1 = (x: number) => `${(100 * x).toFixed(1)}%`;

/** An equilibrium of the two-player game and the grading of decisions against it. */
export class LiarsGrader {
  private readonly buf: Float64Array;
  private readonly values: Float64Array;

  /** `solver.avg` holds the equilibrium (solved to `exploitability` in `iterations`). */
  constructor(readonly solver: LiarsSolver, readonly iterations: number, readonly exploitability: number) {
    this.buf = new Float64Array(solver.B + 1);
    this.values = new Float64Array((solver.B + 1) * solver.Hmax);
  }

  /** Solve `config` to `target` exploitability (what `liars solve` does with the same options). */
  static solve(config: SolverConfig, target = DEFAULT_TARGET, maxIterations = 100_000): LiarsGrader {
    const { solver, result } = solve({ ...config, target, maxIterations });
    return new LiarsGrader(solver, result.iterations, result.exploitability);
  }

  /** A grader over an average strategy solved elsewhere (the workbench's worker sends `solver.avg`). */
  static fromAverage(config: SolverConfig, avg: Store, iterations: number, exploitability: number): LiarsGrader {
    const solver = new LiarsSolver(config);
    if (avg.length !== solver.avg.length) throw new Error(`average strategy of ${avg.length} entries, expected ${solver.avg.length}`);
    solver.avg.set(avg);
    return new LiarsGrader(solver, iterations, exploitability);
  }

  get config(): SolverConfig {
    return this.solver.config;
  }

  /** The solver's rank of a bid COUNTxFACE; throws a UserError naming `where`. */
  rankOf(text: string, where: string): number {
    const s = this.solver;
    const m = /^\s*(\d+)\s*[xX×]\s*(\d+)\s*$/.exec(text);
    const total = s.config.dice[0] + s.config.dice[1];
    if (!m) throw new UserError(`${where}: a bid looks like COUNTxFACE, for example 2x4 (got ${JSON.stringify(text)})`);
    const count = Number(m[1]), face = Number(m[2]);
    if (count < 1 || count > total) throw new UserError(`${where}: bid ${text}: the count must be in 1..${total} (the dice on the table)`);
    if (face < 1 || face > s.S) throw new UserError(`${where}: bid ${text}: the face must be in 1..${s.S}`);
    for (let b = 0; b < s.B; b++) if (s.rankCount[b] === count && s.rankFace[b] === face) return b;
    throw new UserError(`${where}: bid ${text} does not exist in the ${s.variant} variant`);
  }

  /** `d` checked: the player's seat and hand, the history (mask, top bid) and the chosen action index. */
  private parse(d: LiarsDecision, where: string): { seat: 0 | 1; hand: number; mask: number; top: number; action: number } {
    const s = this.solver;
    const seat = (d.bids.length % 2) as 0 | 1;
    let mask = 0, top = -1;
    for (const t of d.bids) {
      const b = this.rankOf(t, where);
      if (b <= top) throw new UserError(`${where}: bids must rise: ${t} is not higher than ${s.bidLabel(top)}`);
      mask |= 1 << b;
      top = b;
    }
    const faces = d.mine.split(',').map((x) => x.trim());
    const dice = faces.map(Number);
    const want = s.config.dice[seat];
    if (faces.some((x) => !/^\d+$/.test(x)) || dice.some((f) => f < 1 || f > s.S) || dice.length !== want) {
      throw new UserError(`${where}: mine must be the ${seat === 0 ? 'opener' : 'responder'}'s ${want} ${want === 1 ? 'die' : 'dice'}, faces in 1..${s.S} comma-separated (got ${JSON.stringify(d.mine)})`);
    }
    const hand = s.handIndex(seat, dice);
    let action: number;
    if (d.action === 'liar') {
      if (top < 0) throw new UserError(`${where}: liar with no bid to call: the opener bids first`);
      action = 0;
    } else {
      const b = this.rankOf(d.action, where);
      if (b <= top) throw new UserError(`${where}: the raise ${d.action} is not higher than the last bid ${s.bidLabel(top)}`);
      action = (top >= 0 ? 1 : 0) + b - top - 1;
    }
    return { seat, hand, mask, top, action };
  }

  /**
   * The other player's reach at the history of `bids` (first `bids.length` bids of the ranks in
   * `mask`, in order): each of its hands' chance times the equilibrium's probability of its bids.
   */
  private reach(mask: number, other: 0 | 1): Float64Array {
    const s = this.solver, H = s.H[other];
    const r = Float64Array.from(s.weights[other]);
    let prefix = 0, top = -1, depth = 0;
    for (let b = 0; b < s.B; b++) {
      if (!(mask & (1 << b))) continue;
      if ((depth & 1) === other) {
        const a = (depth > 0 ? 1 : 0) + b - top - 1;
        for (let h = 0; h < H; h++) {
          s.averageAt(prefix, top, depth, h, this.buf);
          r[h] *= this.buf[a];
        }
      }
      prefix |= 1 << b;
      top = b;
      depth++;
    }
    return r;
  }

  /** P(the bid of rank b is true) at history `mask` (which includes b) for `hand` of `seat`, the other's hands weighted by `reach`. */
  private bidTrue(mask: number, b: number, seat: 0 | 1, hand: number, reach: Float64Array, total: number): number {
    const s = this.solver, other = 1 - seat, f = s.rankFace[b], need = s.rankCount[b] - s.matching(seat, mask, f, hand);
    let t = 0;
    for (let h = 0; h < s.H[other]; h++) if (s.matching(other, mask, f, h) >= need) t += reach[h];
    return t / total;
  }

  /** "P(at least 2 fours, 1s wild)" for the bid of rank b at history `mask` (which includes b). */
  private bidQuestion(mask: number, b: number): string {
    const s = this.solver, count = s.rankCount[b], f = s.rankFace[b];
    const name = s.S <= 6 ? (count === 1 ? FACE_NAMES : FACE_PLURALS)[f] : `${count === 1 ? 'face' : 'faces'} ${f}`;
    const wild = s.variant === 'seed' && f !== 1 && (mask & s.onesMask) === 0 ? ', 1s wild' : s.variant === 'openspiel' && f !== s.S ? `, ${s.S}s wild` : '';
    return `P(at least ${count} ${name}${wild})`;
  }

  /** One decision graded against the equilibrium; `where` names it in messages (`line 3`). */
  grade(d: LiarsDecision, where = 'decision'): LiarsGrade {
    const s = this.solver;
    const { seat, hand, mask, top, action } = this.parse(d, where);
    const other = (1 - seat) as 0 | 1;
    let reach = this.reach(mask, other);
    let total = reach.reduce((x, y) => x + y, 0);
    const onPath = total > 0;
    if (!onPath) {
      reach = Float64Array.from(s.weights[other]);
      total = 1;
    }
    const Hi = s.H[seat];
    const nA = s.actionValues(mask, seat, reach, true, this.values);
    const depth = d.bids.length;
    s.averageAt(mask, top, depth, hand, this.buf);
    const hasLiar = top >= 0 ? 1 : 0;
    const rows = Array.from({ length: nA }, (_, a) => {
      const liar = hasLiar === 1 && a === 0;
      const b = liar ? top : top + 1 + a - hasLiar;
      const at = liar ? mask : mask | (1 << b);
      return {
        index: a,
        action: liar ? 'liar' : s.bidLabel(b),
        question: this.bidQuestion(at, b),
        bidTrue: this.bidTrue(at, b, seat, hand, reach, total),
        pWin: (1 + this.values[a * Hi + hand] / total) / 2,
        equilibrium: this.buf[a],
      };
    });
    // best first; ties (within float noise) in the solver's order, liar before the raises
    const ranked = [...rows].sort((x, y) => y.pWin - x.pWin || x.index - y.index);
    const best = ranked[0], chosen = rows[action];
    const loss = Math.max(0, best.pWin - chosen.pWin);
    const optimal = loss <= OPTIMAL_WITHIN;
    const describe = (r: (typeof rows)[number]) =>
      r.action === 'liar'
        ? `liar (${s.bidLabel(top)}: ${r.question} = ${pct1(r.bidTrue)}) wins ${pct1(r.pWin)}`
        : `${r.action} (${r.question} = ${pct1(r.bidTrue)}) wins ${pct1(r.pWin)}`;
    const next = ranked.find((r) => r !== chosen);
    const why = (onPath ? '' : 'the equilibrium never bids this way, so its bids say nothing of its dice; ') +
      (chosen === best ? `best: ${describe(chosen)}${next ? `; next best ${describe(next)}` : ''}`
        : optimal ? `yours ${describe(chosen)}, within the equilibrium's precision of the best, ${describe(best)}`
          : `best: ${describe(best)}; yours: ${describe(chosen)}`);
    return {
      seat: seat === 0 ? 'opener' : 'responder',
      mine: [...s.hands[seat][hand]].join(','),
      bids: d.bids.map((t) => s.bidLabel(this.rankOf(t, where))),
      chosen: chosen.action,
      best: best.action,
      chosenPWin: chosen.pWin,
      bestPWin: best.pWin,
      loss,
      optimal,
      onPath,
      why,
      actions: ranked.map((r) => ({ action: r.action, bidTrue: r.bidTrue, pWin: r.pWin, equilibrium: r.equilibrium, loss: best.pWin - r.pWin })),
      opponent: s.hands[other].map((h, i) => ({ hand: h.join(','), probability: reach[i] / total })),
    };
  }

  /** Whether the last of `bids` holds with the opener's and the responder's dice on the table (1s wild as the variant says). */
  lastBidHolds(bids: readonly string[], opener: readonly number[], responder: readonly number[]): boolean {
    const s = this.solver;
    let mask = 0, top = -1;
    for (const t of bids) {
      top = this.rankOf(t, 'bids');
      mask |= 1 << top;
    }
    if (top < 0) throw new Error('no bid to call');
    const f = s.rankFace[top];
    return s.matching(0, mask, f, s.handIndex(0, opener)) + s.matching(1, mask, f, s.handIndex(1, responder)) >= s.rankCount[top];
  }

  /** The equilibrium's strategy for `dice` of the player to move after `bids`: each action and its probability. */
  strategyAt(bids: readonly string[], dice: readonly number[]): { action: string; probability: number }[] {
    const s = this.solver, seat = bids.length % 2;
    let mask = 0, top = -1;
    for (const t of bids) {
      top = this.rankOf(t, 'bids');
      mask |= 1 << top;
    }
    const h = s.handIndex(seat, dice);
    if (h < 0) throw new Error(`no hand ${dice.join(',')}`);
    const n = s.averageAt(mask, top, bids.length, h, this.buf);
    return Array.from({ length: n }, (_, a) => ({ action: top >= 0 && a === 0 ? 'liar' : s.bidLabel(top + 1 + a - (top >= 0 ? 1 : 0)), probability: this.buf[a] }));
  }
}

/** `x` checked to be a decision object; `where` names it in the message (`line 3`). */
export function parseDecision(x: unknown, where: string): LiarsDecision {
  const example = '{"mine":"4","bids":["1x5"],"action":"liar"}';
  if (x === null || typeof x !== 'object' || Array.isArray(x)) throw new UserError(`${where}: a decision is a JSON object, e.g. ${example}`);
  const o = x as Record<string, unknown>;
  for (const k of Object.keys(o)) if (!['mine', 'bids', 'action'].includes(k)) throw new UserError(`${where}: unknown field "${k}" (fields: mine, bids, action)`);
  if (typeof o.mine !== 'string') throw new UserError(`${where}: mine must be the player's dice as text, e.g. "4" (got ${JSON.stringify(o.mine)})`);
  if (!Array.isArray(o.bids) || o.bids.some((b) => typeof b !== 'string')) throw new UserError(`${where}: bids must be a list of the bids so far as text, e.g. ["1x5","2x2"] (got ${JSON.stringify(o.bids)})`);
  if (typeof o.action !== 'string') throw new UserError(`${where}: action must be "liar" or a bid as text, e.g. "2x4" (got ${JSON.stringify(o.action)})`);
  return { mine: o.mine, bids: o.bids as string[], action: o.action.trim() };
}

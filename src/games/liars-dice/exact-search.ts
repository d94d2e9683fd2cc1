/**
 * Exact strength of any player of the game interface (the search player `ismcts`, `uniform`, a
 * strategy) in the two-player game of the CFR+ solver: its choice at every information set it can
 * reach — with one seed per decision, or its frequencies over several seeds — is written into a
 * solver's average-strategy table, and the solver's exact best response gives its exploitability.
 *
 * The player plays `SolverGameState`, the interface state restricted to the solver's game: a call
 * challenges the last bid only (the round engine also lets a player challenge an earlier bid), and
 * the direction, which means nothing with two seats, is not asked. So what it is measured on is
 * exactly the game it searched.
 */
import { Rng } from '../../core/rng.js';
import type { StatePlayer } from '../state.js';
import { LiarsSolver, type Variant } from './exact-cfr.js';
import { rulesForVariant } from './exact-play.js';
import type { LiarsRules } from './rules.js';
import { CALL_IN, CHALLENGE, DIRECTION, LiarsState, NO_CALL } from './round-state.js';

/** The interface state of the solver's two-player game (see the file comment). */
export class SolverGameState extends LiarsState {
  override legalActions(out: Int32Array): number {
    if (this.phase !== CALL_IN) return super.legalActions(out);
    out[0] = NO_CALL;
    out[1] = CHALLENGE + this.round.numBids - 1;
    return 2;
  }

  override applyAction(action: number): void {
    super.applyAction(action);
    if (this.phase === DIRECTION) {
      super.applyAction(1);
      this.moves.pop(); // not a step of this game: replaying its path plays it again
    }
  }
}

/** The state after the bids of `mask` (ascending, seat 0 opening), `seat` holding `hand`. */
export function solverGameAt(rules: LiarsRules, seat: number, hand: readonly number[], mask: number): SolverGameState {
  const s = new SolverGameState(rules, 2);
  s.applyChance(new Rng(1));
  const other = hand.map(() => 2);
  s.round.setDice(seat === 0 ? [hand, other] : [other, hand]);
  for (let b = 0; mask >> b; b++) {
    if (!((mask >> b) & 1)) continue;
    if (s.phase === CALL_IN) s.applyAction(NO_CALL);
    s.applyAction(b);
  }
  return s;
}

/** A 32-bit mix (murmur3's finalizer). */
function mix32(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/** The seed of one decision's stream: a function of the run's seed and the decision only. */
function decisionSeed(seed: number, key: number): number {
  const lo = mix32((key >>> 0) ^ mix32(seed >>> 0));
  const hi = mix32((Math.floor(key / 4294967296) + 0x9e3779b9) ^ lo ^ mix32(Math.floor(seed / 4294967296)));
  return (hi & 0x1fffff) * 4294967296 + lo;
}

export interface PolicyStats {
  /** information sets of the seat reached under its own choices (history × hand) */
  infosets: number;
  /** decisions asked of the player (a call decision, then a bid where it did not call) */
  decisions: number;
}

/**
 * Write `player`'s choices for `seat` (0 = opener) into `solver.avg`, at every information set the
 * seat reaches under its own choices (elsewhere its reach is 0 and the table is not read): the share
 * of `seeds` decision streams in which it takes each action.
 */
export function fillStatePlayerPolicy(solver: LiarsSolver, player: StatePlayer, rules: LiarsRules, seat: 0 | 1, seeds: number, seed: number): PolicyStats {
  const B = solver.B, Hm = solver.Hmax, H = solver.H[seat], avg = solver.avg;
  const stats: PolicyStats = { infosets: 0, decisions: 0 };
  const rngFor = (mask: number, h: number, j: number, step: number) => new Rng(decisionSeed(seed, (((seat * 2 ** B + mask) * H + h) * seeds + j) * 2 + step));
  solver.hands[seat].forEach((hand, h) => {
    const walk = (mask: number, top: number, depth: number): void => {
      const hasLiar = depth > 0 ? 1 : 0, nA = hasLiar + B - 1 - top;
      if ((depth & 1) !== seat) {
        for (let b = top + 1; b < B; b++) walk(mask | (1 << b), b, depth + 1);
        return;
      }
      stats.infosets++;
      const probs = new Float64Array(nA); // its own: the walk below fills deeper ones
      if (top === B - 1) probs[0] = 1; // the top bid: the call is forced (not asked)
      else {
        const at = solverGameAt(rules, seat, hand, mask);
        if (at.currentPlayer() !== seat) throw new Error(`liars-dice: history ${mask} is not seat ${seat}'s turn: ${at}`);
        for (let j = 0; j < seeds; j++) {
          const s: LiarsState = at.clone();
          if (hasLiar) {
            stats.decisions++;
            if (player.act(s.clone(), rngFor(mask, h, j, 0)) !== NO_CALL) {
              probs[0] += 1 / seeds;
              continue;
            }
            s.applyAction(NO_CALL);
          }
          stats.decisions++;
          const rank = player.act(s, rngFor(mask, h, j, 1));
          probs[hasLiar + rank - top - 1] += 1 / seeds;
        }
      }
      const base = solver.off[mask] * Hm + h;
      for (let a = 0; a < nA; a++) {
        avg[base + a * Hm] = probs[a];
        if (probs[a] > 0 && !(hasLiar && a === 0)) {
          const b = top + 1 + a - hasLiar;
          walk(mask | (1 << b), b, depth + 1);
        }
      }
    };
    walk(0, -1, 0);
  });
  return stats;
}

export interface StatePlayerExactResult extends PolicyStats {
  /** the player against itself: the opener's value (+1 win / −1 loss) */
  selfValue0: number;
  brAsOpener: number;
  brAsResponder: number;
  /** NashConv/2 of (player, player) */
  exploitability: number;
  /** time spent asking the player (both seats) */
  seconds: number;
}

/**
 * Exact exploitability of the players made by `make` (one per seat) in the solver's game of this
 * variant, dice per player and sides.
 */
export function statePlayerExploitability(
  variant: Variant, dice: number, sides: number, make: (seat: 0 | 1, rules: LiarsRules) => StatePlayer, seeds: number, seed: number,
): StatePlayerExactResult {
  const rules = rulesForVariant(variant, dice, sides);
  const solver = new LiarsSolver({ variant, dice: [dice, dice], sides });
  const t0 = process.hrtime.bigint();
  const a = fillStatePlayerPolicy(solver, make(0, rules), rules, 0, seeds, seed);
  const b = fillStatePlayerPolicy(solver, make(1, rules), rules, 1, seeds, seed);
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const e = solver.exploitability();
  return {
    selfValue0: solver.value0(), brAsOpener: e.br0, brAsResponder: e.br1, exploitability: e.exploitability,
    infosets: a.infosets + b.infosets, decisions: a.decisions + b.decisions, seconds,
  };
}

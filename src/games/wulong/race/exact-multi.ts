import { UserError } from '../../../core/errors.js';
import type { WulongRules } from '../turn/rules.js';
import { tablesFor } from '../turn/tables.js';
import { compileTurn, raceUnit, type RaceTurn } from './exact.js';

/*
 * The race for P ≥ 2 players. A state is every banked score in turn order from the player to move
 * (s0 = mover, s1 = next, …); its value is a vector: the probability that each of them wins, each
 * player maximizing their own. The turn is solved exactly at the rules' score step; banked scores
 * live on a grid of `cell` points. When cell equals the score step nothing is approximated. A
 * coarser cell (needed for six-dice rules with 3+ players) splits a bank that falls between grid
 * points between its two neighbours in proportion, so the expected banked score is kept; reaching
 * the target is judged on the exact total before the split.
 *
 * Order: a bank raises the score sum; a bust rotates the scores and keeps it. So the states are
 * solved by score-sum layers from the top; inside a layer the P rotations of a state form a closed
 * cycle under busts. With the decisions fixed the cycle is linear — v_k = a_k + p_k·rot(v_{k+1}) —
 * and is solved exactly; the decisions are then re-taken from the new values (policy iteration)
 * until no value moves by more than the tolerance.
 */

export interface MultiOptions {
  players: number;
  target: number;
  /** banked-score grid in points (a multiple of the score step); default: the score step when the states fit, else the smallest multiple that fits */
  cell?: number;
  /** work budget for choosing the grid (see defaultCell) */
  work?: number;
  tolerance?: number;
}

export interface MultiSolution {
  rules: WulongRules;
  players: number;
  target: number;
  unit: number;
  cell: number;
  /** score cells 0..G−1 per player */
  G: number;
  /** value[state·P + k]: probability that the player k seats after the mover wins */
  value: Float64Array;
  exact: boolean;
  approximation: string | null;
  tolerance: number;
  residual: number;
  /** policy-iteration rounds: most any cycle took */
  rounds: number;
  /** rotation cycles whose decisions did not settle under policy iteration (solved by damped updates) */
  mixed: number;
  turnSolves: number;
  seconds: number;
  turn: RaceTurn;
}

/** Rules with cross-turn state are solved for 2 players only. */
function checkRules(rules: WulongRules, players: number): void {
  const bad: string[] = [];
  if (rules.bustPenalty) bad.push('bustPenalty');
  if (rules.consecutiveBusts) bad.push('consecutiveBusts');
  if (rules.openingMinimum) bad.push('openingMinimum');
  if (bad.length) throw new UserError(`--players ${players}: rules with ${bad.join(', ')} (state that lasts across turns) are solved for 2 players only`);
}

/**
 * The finest grid whose work fits: states (G^P) × average turn length (target / 2 in score steps)
 * × roll outcomes to weigh per turn state must stay under `work` (default 10^9, about a minute unloaded).
 */
export function defaultCell(unit: number, target: number, players: number, turn: RaceTurn, work = 1e9): number {
  const perTurnState = turn.prob.length + turn.chGain.length;
  const turnLen = Math.max(1, target / unit / 2);
  let cell = unit;
  while (Math.ceil(target / cell) ** players * turnLen * perTurnState > work && cell < target) cell += unit;
  return cell;
}

/** State index of scores s[0..P−1] (mover first). */
function index(s: Int32Array, G: number): number {
  let x = 0;
  for (let k = 0; k < s.length; k++) x = x * G + s[k];
  return x;
}

/**
 * Decisions that leave the mover indifferent can still matter to the others (3+ players), and a
 * tie decided by rounding noise makes the iteration flip between them. Differences below TIE
 * count as ties, broken toward stopping and toward the first set-aside listed.
 */
const TIE = 1e-12;

class Work {
  /** per (t, n): current value vector (P), and its linear form in the bust successor: a (P) and p */
  v: Float64Array;
  a: Float64Array;
  p: Float64Array;
  stop: Uint8Array;
  stopVec: Float64Array;
  stopA: Float64Array;
  constructor(size: number, P: number) {
    this.v = new Float64Array(size * P);
    this.a = new Float64Array(size * P);
    this.p = new Float64Array(size);
    this.stop = new Uint8Array(size);
    this.stopVec = new Float64Array(P);
    this.stopA = new Float64Array(P);
  }
}

/**
 * Solve one turn of the mover at scores s, with the bust successor's value vector `bust` (already
 * rotated to the mover's seat order). Leaves in w the mover's start-of-turn vector (w.v at the
 * first roll) and its linear form a + p·bust; returns nothing. Decisions maximize the mover's own
 * component of the current values.
 */
function turnPass(M: MultiSolution, s: Int32Array, bust: Float64Array, w: Work, out: { a: Float64Array; p: number; v: Float64Array }, tmp: Int32Array): void {
  const { turn, G, players: P, unit, cell, target, value } = M;
  const N = turn.N, S = N + 1;
  const banked = s[0] * cell;
  const tcap = Math.max(Math.ceil((target - banked) / unit), Math.ceil(M.rules.minimumBank / unit));
  const { v, a, p } = w;
  const capIdx = tcap * S;
  for (let n = 0; n <= N; n++) {
    for (let k = 0; k < P; k++) {
      v[(capIdx + n) * P + k] = k === 0 ? 1 : 0;
      a[(capIdx + n) * P + k] = k === 0 ? 1 : 0;
    }
    p[capIdx + n] = 0;
  }
  const sv = w.stopVec;
  const minStop = Math.max(1, Math.ceil(M.rules.minimumBank / unit));
  M.turnSolves++;
  for (let t = tcap - 1; t >= 0; t--) {
    // value of banking t: the next player moves; the mover sits last. Between grid points, split.
    sv.fill(0);
    const exact = banked + t * unit;
    const lo = Math.floor(exact / cell), frac = exact / cell - lo;
    for (let side = 0; side < 2; side++) {
      const q = side === 0 ? 1 - frac : frac;
      if (q === 0) continue;
      // t < tcap: the exact total is below the target, so the bank stays on the board
      const c = Math.min(lo + side, G - 1);
      for (let k = 1; k < P; k++) tmp[k - 1] = s[k];
      tmp[P - 1] = c;
      const base = index(tmp, G) * P;
      // successor's seat k is our seat k+1; our mover is its last seat
      sv[0] += q * value[base + P - 1];
      for (let k = 1; k < P; k++) sv[k] += q * value[base + k - 1];
    }
    const b0 = t * S;
    const canStop = t >= minStop;
    // no dice left (no hot dice): the turn ends with a bank, or a bust below the minimum bank
    for (let k = 0; k < P; k++) {
      v[b0 * P + k] = canStop ? sv[k] : bust[k];
      a[b0 * P + k] = canStop ? sv[k] : 0;
    }
    p[b0] = canStop ? 0 : 1;
    for (let n = 1; n <= N; n++) {
      const at = (b0 + n) * P;
      for (let k = 0; k < P; k++) {
        v[at + k] = 0;
        a[at + k] = 0;
      }
      let pp = 0;
      for (let x = turn.start[n]; x < turn.start[n + 1]; x++) {
        const pr = turn.prob[x];
        const kind = turn.kind[x];
        if (kind === 1) {
          for (let k = 0; k < P; k++) v[at + k] += pr * bust[k];
          pp += pr;
        } else if (kind === 2) {
          v[at] += pr;
          a[at] += pr;
        } else {
          let best = -1, o = capIdx;
          for (let h = turn.chStart[x]; h < turn.chStart[x + 1]; h++) {
            let q = b0 + turn.chOff[h];
            if (q >= capIdx) q = capIdx;
            const val = v[q * P];
            if (val > best + TIE) {
              best = val;
              o = q;
            }
          }
          for (let k = 0; k < P; k++) {
            v[at + k] += pr * v[o * P + k];
            a[at + k] += pr * a[o * P + k];
          }
          pp += pr * p[o];
        }
      }
      p[b0 + n] = pp;
      if (t === 0 && n === N) {
        for (let k = 0; k < P; k++) {
          out.v[k] = v[at + k];
          out.a[k] = a[at + k];
        }
        out.p = pp;
      }
      // stop when banking is at least as good for the mover (the first roll is compulsory: t > 0)
      w.stop[b0 + n] = 0;
      if (canStop && sv[0] >= v[at] - TIE) {
        w.stop[b0 + n] = 1;
        for (let k = 0; k < P; k++) {
          v[at + k] = sv[k];
          a[at + k] = sv[k];
        }
        p[b0 + n] = 0;
      }
    }
  }
}

export function raceTurnFor(rules: WulongRules): { unit: number; turn: RaceTurn } {
  const tables = tablesFor(rules);
  const unit = raceUnit(rules, tables.unit);
  return { unit, turn: compileTurn(tables, unit) };
}

/** Solve the P-player race. */
export function solveMulti(rules: WulongRules, o: MultiOptions): MultiSolution {
  const t0 = performance.now();
  const P = o.players;
  if (!(P >= 2 && P <= 8)) throw new UserError(`--players must be in 2..8 (got ${P})`);
  checkRules(rules, P);
  if (!(o.target > 0)) throw new UserError('--target must be a positive score');
  const { unit, turn } = raceTurnFor(rules);
  const cell = o.cell ?? defaultCell(unit, o.target, P, turn, o.work);
  if (cell % unit !== 0 || cell <= 0) throw new UserError(`--cell ${cell}: must be a positive multiple of the score step ${unit}`);
  const G = Math.ceil(o.target / cell);
  if (G ** P > 50_000_000) throw new UserError(`--cell ${cell}: ${G}^${P} states is too many (at most 50,000,000); use a larger --cell`);
  const exact = cell === unit;
  const value = new Float64Array(G ** P * P).fill(1 / P);
  const M: MultiSolution = {
    rules, players: P, target: o.target, unit, cell, G, value, exact,
    approximation: exact ? null : `banked scores on a ${cell}-point grid (the turn itself exact in steps of ${unit}); a bank between grid points is split between its neighbours in proportion, keeping the expected score`,
    tolerance: o.tolerance ?? 1e-9, residual: 0, rounds: 0, mixed: 0, turnSolves: 0, seconds: 0, turn,
  };
  const tmax = Math.ceil(o.target / unit) + 1;
  const w = new Work((tmax + 1) * (turn.N + 1), P);
  const tmp = new Int32Array(P);
  const cyc = Array.from({ length: P }, () => new Int32Array(P));
  const outs = Array.from({ length: P }, () => ({ a: new Float64Array(P), p: 0, v: new Float64Array(P) }));
  const bust = new Float64Array(P);
  const acc = new Float64Array(P);
  const s = new Int32Array(P);
  const maxSum = P * (G - 1);
  // enumerate states by score sum, from the top
  for (let sum = maxSum; sum >= 0; sum--) {
    const visit = (k: number, left: number): void => {
      if (k === P - 1) {
        if (left >= G) return;
        s[k] = left;
        solveCycle();
        return;
      }
      for (let x = Math.min(G - 1, left); x >= 0; x--) {
        if (left - x > (P - 1 - k) * (G - 1)) break;
        s[k] = x;
        visit(k + 1, left - x);
      }
    };
    const solveCycle = (): void => {
      // handle each rotation cycle once: at its smallest rotation index
      const id = index(s, G);
      for (let r = 0; r < P; r++) for (let k = 0; k < P; k++) cyc[r][k] = s[(k + r) % P];
      let period = P;
      for (let r = 1; r < P; r++) {
        const ir = index(cyc[r], G);
        if (ir < id) return;
        if (ir === id) {
          period = r;
          break;
        }
      }
      // cyc[r] busts into cyc[r+1]; its vector, seen from cyc[r]'s seats, is rot(v_{r+1})
      // policy iteration. With 3+ players the game is not zero-sum: in a few cycles the best
      // decisions keep flipping (no pure stationary equilibrium there). After 20 rounds, damped
      // value updates take over; they settle where the deciding player is indifferent — the
      // mixed decision of an equilibrium (steps shrink, so the last change bounds the distance to
      // it only up to the size of the flip). Such cycles are counted in `mixed`.
      for (let round = 0; round < 2000; round++) {
        let delta = 0;
        if (round >= 20) {
          if (round === 20) M.mixed++;
          // the step halves every 100 rounds, so the iterate closes in on the indifference point
          const lambda = 0.5 ** (1 + Math.floor((round - 20) / 100));
          for (let r = 0; r < period; r++) {
            const nb = index(cyc[(r + 1) % period], G) * P;
            bust[0] = value[nb + P - 1];
            for (let k = 1; k < P; k++) bust[k] = value[nb + k - 1];
            turnPass(M, cyc[r], bust, w, outs[r], tmp);
            const id0 = index(cyc[r], G) * P;
            for (let k = 0; k < P; k++) {
              const x = value[id0 + k] + lambda * (outs[r].v[k] - value[id0 + k]);
              delta = Math.max(delta, Math.abs(x - value[id0 + k]));
              value[id0 + k] = x;
            }
          }
          M.rounds = Math.max(M.rounds, round + 1);
          if (delta < M.tolerance || round === 1999) {
            M.residual = Math.max(M.residual, delta);
            break;
          }
          continue;
        }
        for (let r = 0; r < period; r++) {
          const nb = index(cyc[(r + 1) % period], G) * P;
          bust[0] = value[nb + P - 1];
          for (let k = 1; k < P; k++) bust[k] = value[nb + k - 1];
          turnPass(M, cyc[r], bust, w, outs[r], tmp);
        }
        // v_0 = a_0 + p_0·rot(a_1) + p_0 p_1·rot²(a_2) + … + (Π p)·rot^period(v_0); rot^period is the identity
        // when the period is P, and for a shorter period the state maps to itself after `period` rotations.
        for (let r0 = 0; r0 < period; r0++) {
          acc.fill(0);
          let coef = 1;
          for (let m = 0; m < period; m++) {
            const r = (r0 + m) % period;
            // rot^m: seat k of cyc[r0] is seat k − m (mod P) of cyc[r]
            for (let k = 0; k < P; k++) acc[k] += coef * outs[r].a[(k - m + P * P) % P];
            coef *= outs[r].p;
          }
          const id0 = index(cyc[r0], G) * P;
          // solve x = acc + coef·rot^period(x) for the full vector
          solveRotFixed(acc, coef, period % P, P, bust);
          for (let k = 0; k < P; k++) {
            delta = Math.max(delta, Math.abs(bust[k] - value[id0 + k]));
            value[id0 + k] = bust[k];
          }
        }
        M.rounds = Math.max(M.rounds, round + 1);
        if (delta < M.tolerance) {
          M.residual = Math.max(M.residual, delta);
          break;
        }
      }
    };
    visit(0, sum);
  }
  M.seconds = (performance.now() - t0) / 1000;
  return M;
}

/**
 * Solve x = c + q·rot^m(x), where rot^m(x)[k] = x[(k − m) mod P]: the seats fall into cycles of the
 * rotation; along each, x_k = c_k + q·x_{k−m}, a geometric sum. Writes x into out.
 */
function solveRotFixed(c: Float64Array, q: number, m: number, P: number, out: Float64Array): void {
  if (m === 0) {
    for (let k = 0; k < P; k++) out[k] = c[k] / (1 - q);
    return;
  }
  for (let k = 0; k < P; k++) {
    // x_k = c_k + q c_{k−m} + q² c_{k−2m} + … around the cycle of length L, divided by (1 − q^L)
    let L = 1;
    while (((k - L * m) % P + P) % P !== k) L++;
    let sum = 0, f = 1;
    for (let j = 0; j < L; j++) {
      sum += f * c[(((k - j * m) % P) + P) % P];
      f *= q;
    }
    out[k] = sum / (1 - f);
  }
}

/** Probability that each seat wins from the start (seat 0 moves first). */
export function multiStart(M: MultiSolution): number[] {
  return Array.from(M.value.subarray(0, M.players));
}

/**
 * The solved policy of the mover at banked scores (points, mover first): whether it stops with n
 * dice left at turn total t (points). For simulations and advice; solves the one turn again.
 */
export function multiTurnPolicy(M: MultiSolution, scores: number[]): (total: number, n: number) => boolean {
  const P = M.players, S = M.turn.N + 1;
  const s = Int32Array.from(scores, (x) => Math.min(M.G - 1, Math.floor(x / M.cell)));
  const w = new Work((Math.ceil(M.target / M.unit) + 2) * S, P);
  const bust = new Float64Array(P);
  const tmp = new Int32Array(P);
  for (let k = 0; k < P; k++) tmp[k] = s[(k + 1) % P];
  const nb = index(tmp, M.G) * P;
  bust[0] = M.value[nb + P - 1];
  for (let k = 1; k < P; k++) bust[k] = M.value[nb + k - 1];
  turnPass(M, s, bust, w, { a: new Float64Array(P), p: 0, v: new Float64Array(P) }, new Int32Array(P));
  const stop = w.stop.slice();
  return (total, n) => {
    const t = Math.round(total / M.unit);
    if (s[0] * M.cell + total >= M.target) return true;
    return stop[t * S + n] === 1;
  };
}

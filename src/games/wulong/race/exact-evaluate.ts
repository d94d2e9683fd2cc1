import type { RaceSolution } from './exact.js';
import { bustStateOf, playerState, startState } from './exact.js';

/*
 * Policy evaluation: the win probability and the expected game length when each seat follows a
 * given policy — the game-optimal one solved in a RaceSolution (its decisions are read from the
 * solved values, not re-optimized against the other player), or a fixed rule (stop tables by score
 * band, set-asides chosen once per (turn total, roll)). With every decision fixed the race is a
 * Markov chain: one pass over the same state space, no value iteration over decisions.
 *
 * Within one turn the value is linear in the value of the state a bust hands over:
 *   W = a + p·(1 − W_other(opp, me after bust)),   L = 1 + l + p·L_other(…)
 * (p = probability the turn ends in a bust). Without bust penalties a bust keeps both scores, so
 * (A at me, opp) and (B at opp, me) form a closed 2-cycle inside a score-sum layer: two linear
 * equations, solved exactly. With penalties (or a bust counter) the states are swept instead.
 */

/** A fixed rule a person can follow: per score band, stop from a turn total (table over (t, dice)); set-asides fixed per (t, roll class). */
export interface FixedPolicy {
  name: string;
  /** stop[b][t·S + n] = 1: stop with n dice left at turn total t (race units); t > cap always stops */
  stop: Uint8Array[];
  cap: number;
  /** band index of (my banked score, theirs) in race units */
  bandOf: (i: number, j: number) => number;
  /** choice[b][t·X + x]: index into merged roll class x's choices, for t ≤ Tw */
  choice: Uint8Array[];
  Tw: number;
}

/** Who plays a seat: null = the game-optimal policy of the solution. */
export type SeatPolicy = FixedPolicy | null;

/**
 * Build a fixed policy from stop rules per band. Set-asides maximize the turn's expected final
 * score under that band's own stop rule (a person keeps what scores most in the long run of the
 * turn), except that a set-aside reaching the target is always taken.
 */
export function fixedPolicy(R: RaceSolution, name: string, rulesPerBand: ((t: number, n: number) => boolean)[], bandOf: (i: number, j: number) => number): FixedPolicy {
  const { turn, unit } = R;
  const N = turn.N, S = N + 1, X = turn.prob.length;
  let maxGain = 0;
  for (let h = 0; h < turn.chGain.length; h++) maxGain = Math.max(maxGain, turn.chGain[h]);
  const mb = Math.ceil(R.rules.minimumBank / unit);
  let cap = R.G + Math.max(mb, Math.ceil((R.rules.openingMinimum ?? 0) / unit));
  const Tw = cap + maxGain + 1;
  cap = Tw;
  const stops: Uint8Array[] = [], choices: Uint8Array[] = [];
  for (const rule of rulesPerBand) {
    const stop = new Uint8Array((Tw + 1) * S);
    const choice = new Uint8Array((Tw + 1) * X);
    const W = new Float64Array((Tw + 1) * S);
    for (let t = Tw; t >= 0; t--) {
      W[t * S] = t;
      for (let n = 1; n <= N; n++) {
        let sum = 0;
        for (let x = turn.start[n]; x < turn.start[n + 1]; x++) {
          if (turn.kind[x] === 1) continue;
          if (turn.kind[x] === 2) {
            sum += turn.prob[x] * (Tw + 1);
            continue;
          }
          let best = -1, bi = 0;
          for (let h = turn.chStart[x]; h < turn.chStart[x + 1]; h++) {
            const nt = t + turn.chGain[h], nn = turn.chNext[h];
            const w = nt > Tw || nn === 0 ? nt : W[nt * S + nn];
            if (w > best) [best, bi] = [w, h - turn.chStart[x]];
          }
          choice[t * X + x] = bi;
          sum += turn.prob[x] * best;
        }
        const s = t === Tw || (t >= mb && rule(t, n));
        stop[t * S + n] = s ? 1 : 0;
        W[t * S + n] = s ? t : sum;
      }
    }
    stops.push(stop);
    choices.push(choice);
  }
  return { name, stop: stops, cap, bandOf, choice: choices, Tw };
}

/** Work buffers for one turn (reused: the evaluation allocates nothing per state). */
class Buffers {
  vS: Float64Array;
  aW: Float64Array;
  aL: Float64Array;
  pb: Float64Array;
  out = { a: 0, l: 0, p: 0 };
  constructor(size: number) {
    this.vS = new Float64Array(size);
    this.aW = new Float64Array(size);
    this.aL = new Float64Array(size);
    this.pb = new Float64Array(size);
  }
}

/**
 * One turn of the mover at (me, opp) following `pol`, against the other seat's current evaluation
 * arrays (W: its win probability to move, L: expected remaining turns). Writes into buf.out the
 * coefficients of W = a + p·(1 − W_other(bust)) and L = 1 + l + p·L_other(bust).
 */
function turnPass(R: RaceSolution, pol: SeatPolicy, me: number, opp: number, Wo: Float64Array, Lo: Float64Array, buf: Buffers): void {
  const { turn, G, C, B, NP, rules, unit } = R;
  const N = turn.N, S = N + 1, X = turn.prob.length;
  const b = me % B, i = Math.floor(me / (B * C));
  const j = Math.floor(opp / (B * C));
  const solved = R.value[0];
  const mb = Math.ceil(rules.minimumBank / unit);
  const om = b === 0 && B === 2 ? Math.ceil((rules.openingMinimum ?? 0) / unit) : 0;
  const minStop = Math.max(mb, om);
  const tcap = Math.max(G - i, minStop);
  const capIdx = tcap * S;
  const { vS, aW, aL, pb } = buf;
  const band = pol ? pol.bandOf(i, j) : 0;
  const stopT = pol ? pol.stop[band] : null, choiceT = pol ? pol.choice[band] : null;
  // the solved value of busting, for the optimal player's decisions
  const bustS = pol ? 0 : 1 - solved[opp * NP + bustState(R, me)];
  for (let n = 0; n <= N; n++) {
    vS[capIdx + n] = 1;
    aW[capIdx + n] = 1;
    aL[capIdx + n] = 0;
    pb[capIdx + n] = 0;
  }
  const oBase = opp * NP;
  let a0 = 0, l0 = 0, p0 = 0;
  for (let t = tcap - 1; t >= 0; t--) {
    const canStop = t >= minStop;
    let stopS = 0, stopW = 0, stopL = 0;
    if (canStop) {
      if (i + t >= G) {
        stopS = 1;
        stopW = 1;
        stopL = 0;
      } else {
        const k = oBase + playerState(R, i + t, 0, B - 1);
        stopS = pol ? 0 : 1 - solved[k];
        stopW = 1 - Wo[k];
        stopL = Lo[k];
      }
    }
    const base = t * S;
    vS[base] = canStop ? stopS : bustS;
    aW[base] = canStop ? stopW : 0;
    aL[base] = canStop ? stopL : 0;
    pb[base] = canStop ? 0 : 1;
    for (let n = 1; n <= N; n++) {
      let sS = 0, sW = 0, sL = 0, sP = 0;
      for (let x = turn.start[n]; x < turn.start[n + 1]; x++) {
        const pr = turn.prob[x];
        const kind = turn.kind[x];
        if (kind === 1) {
          sS += pr * bustS;
          sP += pr;
        } else if (kind === 2) {
          sS += pr;
          sW += pr;
        } else {
          let o: number;
          if (pol) {
            // take a set-aside that wins outright, else the rule's fixed choice
            o = -1;
            for (let h = turn.chStart[x]; h < turn.chStart[x + 1]; h++) {
              if (t + turn.chGain[h] >= tcap) {
                o = capIdx;
                break;
              }
            }
            if (o < 0) {
              const h = turn.chStart[x] + choiceT![t * X + x];
              o = base + turn.chOff[h];
            }
          } else {
            let best = -1;
            o = capIdx;
            for (let h = turn.chStart[x]; h < turn.chStart[x + 1]; h++) {
              let q = base + turn.chOff[h];
              if (q >= capIdx) q = capIdx;
              const w = vS[q];
              if (w > best) {
                best = w;
                o = q;
              }
            }
            sS += pr * best;
          }
          sW += pr * aW[o];
          sL += pr * aL[o];
          sP += pr * pb[o];
        }
      }
      if (t === 0 && n === N) {
        a0 = sW;
        l0 = sL;
        p0 = sP;
      }
      const stops = canStop && (pol ? t > pol.cap || stopT![base + n] === 1 : stopS >= sS);
      const k = base + n;
      if (stops) {
        vS[k] = stopS;
        aW[k] = stopW;
        aL[k] = stopL;
        pb[k] = 0;
      } else {
        vS[k] = sS;
        aW[k] = sW;
        aL[k] = sL;
        pb[k] = sP;
      }
    }
  }
  buf.out.a = a0;
  buf.out.l = l0;
  buf.out.p = p0;
}

/** The mover's player state after a bust: penalties paid, bust counted. */
export function bustState(R: RaceSolution, me: number): number {
  return bustStateOf(R, me);
}

export interface Evaluation {
  /** P(A wins) when A moves first against B, and P(B wins) when B moves first against A */
  aFirstWins: number;
  bFirstWins: number;
  /** expected number of turns (both players counted) until someone wins, A first / B first */
  turnsAFirst: number;
  turnsBFirst: number;
  /** W[0][me·NP + opp]: P(A wins) with A to move; W[1]: same for B (the same array when A and B are one policy) */
  W: [Float64Array, Float64Array];
  L: [Float64Array, Float64Array];
  seconds: number;
  /** largest change in the last sweep (0 when solved by 2-cycles) */
  residual: number;
}

/** Evaluate seat policies A and B (null: the solution's optimal policy) by one pass over the race's states. */
export function evaluateRace(R: RaceSolution, A: SeatPolicy, B: SeatPolicy, maxSweeps = 100_000): Evaluation {
  const t0 = performance.now();
  const { NP, G, C, B: nb, turn, rules, unit } = R;
  const same = A === B;
  const WA = new Float64Array(NP * NP), LA = new Float64Array(NP * NP);
  const WB = same ? WA : new Float64Array(NP * NP), LB = same ? LA : new Float64Array(NP * NP);
  const tmax = Math.max(G, Math.ceil(rules.minimumBank / unit), Math.ceil((rules.openingMinimum ?? 0) / unit)) + 1;
  const buf = new Buffers((tmax + 1) * (turn.N + 1));
  const layered = !(rules.bustPenalty ?? 0) && !(rules.consecutiveBusts?.penalty ?? 0);
  let residual = 0;
  if (layered && C === 1) {
    for (let sum = 2 * G - 2; sum >= 0; sum--) {
      for (let i = Math.min(G - 1, sum); i >= 0 && sum - i < G; i--) {
        const j = sum - i;
        if (same && i < j) continue;
        for (let me = (i + 1) * nb - 1; me >= i * nb; me--) {
          for (let opp = (j + 1) * nb - 1; opp >= j * nb; opp--) {
            if (same && i === j && me < opp) continue;
            turnPass(R, A, me, opp, WB, LB, buf);
            const aA = buf.out.a, lA = buf.out.l, pA = buf.out.p;
            if (same && me === opp) {
              WA[me * NP + opp] = (aA + pA) / (1 + pA);
              LA[me * NP + opp] = (1 + lA) / (1 - pA);
              continue;
            }
            turnPass(R, B, opp, me, WA, LA, buf);
            const aB = buf.out.a, lB = buf.out.l, pB = buf.out.p;
            const den = 1 - pA * pB;
            const x = (aA + pA * (1 - aB - pB)) / den;
            WA[me * NP + opp] = x;
            WB[opp * NP + me] = aB + pB * (1 - x);
            const lx = (1 + lA + pA * (1 + lB)) / den;
            LA[me * NP + opp] = lx;
            LB[opp * NP + me] = 1 + lB + pB * lx;
          }
        }
      }
    }
  } else {
    // sweep every state (by layers when scores never fall) until nothing changes by more than the tolerance
    const update = (me: number, opp: number): number => {
      let d = 0;
      for (let r = 0; r < (same ? 1 : 2); r++) {
        const pol = r === 0 ? A : B, W = r === 0 ? WA : WB, L = r === 0 ? LA : LB, Wo = r === 0 ? WB : WA, Lo = r === 0 ? LB : LA;
        turnPass(R, pol, me, opp, Wo, Lo, buf);
        const k = opp * NP + bustState(R, me);
        const w = buf.out.a + buf.out.p * (1 - Wo[k]);
        const l = 1 + buf.out.l + buf.out.p * Lo[k];
        d = Math.max(d, Math.abs(w - W[me * NP + opp]), Math.abs(l - L[me * NP + opp]) * 1e-3);
        W[me * NP + opp] = w;
        L[me * NP + opp] = l;
      }
      return d;
    };
    const sums = layered ? Array.from({ length: 2 * G - 1 }, (_, k) => 2 * G - 2 - k) : [-1];
    for (const sum of sums) {
      for (let k = 0; k < maxSweeps; k++) {
        let delta = 0;
        for (let i = G - 1; i >= 0; i--) {
          const jFrom = sum < 0 ? G - 1 : Math.min(G - 1, sum - i), jTo = sum < 0 ? 0 : jFrom;
          if (jFrom < 0 || jFrom < jTo) continue;
          for (let j = jFrom; j >= jTo; j--)
            for (let me = (i + 1) * C * nb - 1; me >= i * C * nb; me--)
              for (let opp = (j + 1) * C * nb - 1; opp >= j * C * nb; opp--) delta = Math.max(delta, update(me, opp));
        }
        residual = delta;
        if (delta < R.tolerance) break;
      }
    }
  }
  const s = startState(R);
  return {
    aFirstWins: WA[s * NP + s],
    bFirstWins: WB[s * NP + s],
    turnsAFirst: LA[s * NP + s],
    turnsBFirst: LB[s * NP + s],
    W: [WA, WB],
    L: [LA, LB],
    seconds: (performance.now() - t0) / 1000,
    residual,
  };
}

/** The single-turn expected-points policy as a fixed rule (its stop table; beyond its cap it stops). */
export function pointsPolicy(R: RaceSolution): FixedPolicy {
  const S = R.turn.N + 1;
  return fixedPolicy(R, 'points', [(t, n) => t > R.epCap || R.stopEp[t * S + n] === 1], () => 0);
}

/** A simple rule: stop from stopAt[band][n − 1] points with n dice left (bands by score difference). */
export function thresholdPolicy(R: RaceSolution, name: string, stopAt: number[][], bandOf: (i: number, j: number) => number = () => 0): FixedPolicy {
  return fixedPolicy(R, name, stopAt.map((row) => (t: number, n: number) => t * R.unit >= row[Math.min(n, row.length) - 1]), bandOf);
}

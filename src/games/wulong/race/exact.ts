import { UserError } from '../../../core/errors.js';
import type { WulongRules } from '../turn/rules.js';
import { tablesFor, type Tables } from '../turn/tables.js';
import { nextDice, solve } from '../turn/exact.js';
import { OPTIMAL } from '../turn/strategy.js';

/*
 * Play to win: two players race to a target score. The value of a state is the probability that
 * the player to move wins; it is solved by value iteration (Gauss–Seidel sweeps) over
 * (my banked score, opponent's banked score, my cross-turn state, theirs) with the turn's
 * (turn total, dice left) solved inside each sweep by backward induction, as Neller & Presser
 * do for Pig. Cross-turn rules live in the player state: consecutive busts so far (when the
 * rules have a consecutive-bust penalty) and whether the player is on the board (when they have an
 * opening minimum). Banked scores never go below zero.
 */

/** How a player decides to stop: 'optimal' maximizes the win probability; 'points' follows the single-turn expected-points policy (banking at once when that wins). */
export type RacePlay = 'optimal' | 'points' | { stopAt: number[] };

export interface RaceOptions {
  target: number;
  /** value iteration stops when no state's value changed by more than this in a sweep */
  tolerance?: number;
  maxSweeps?: number;
  /** how the first and the second player play (default: both optimal) */
  play?: [RacePlay, RacePlay];
}

/** The turn compiled for the race: per dice count, roll classes as flat typed arrays. */
export interface RaceTurn {
  N: number;
  /** classes of n dice: [start[n], start[n+1]) */
  start: Int32Array;
  prob: Float64Array;
  /** 0 scoring, 1 bust, 2 instant win */
  kind: Uint8Array;
  chStart: Int32Array;
  /** score gained in race units, and dice to roll next (0: the turn ends and is banked) */
  chGain: Int32Array;
  chNext: Int32Array;
  /** chGain·(N+1) + chNext: the offset of the next (turn total, dice) in a turn table, one add in the hot loop */
  chOff: Int32Array;
}

export function compileTurn(tables: Tables, unit: number): RaceTurn {
  const N = tables.dice;
  const start = new Int32Array(N + 2);
  const prob: number[] = [], kind: number[] = [], chStart: number[] = [], chGain: number[] = [], chNext: number[] = [];
  for (let n = 1; n <= N; n++) {
    start[n] = prob.length;
    // rolls with the same outcome (bust, instant win, or the same set-aside choices) are one class here:
    // six dice have 462 roll classes but far fewer distinct choice lists
    const merged = new Map<string, { p: number; kind: number; ch: [number, number][] }>();
    for (const c of tables.classes[n]) {
      const kind = c.bust ? 1 : c.instantWin ? 2 : 0;
      const ch: [number, number][] = kind ? [] : c.choices.map((x) => [x.score / unit, nextDice(tables, n, x.used)]);
      const key = `${kind}|${ch.join(';')}`;
      const m = merged.get(key);
      if (m) m.p += c.weight / tables.outcomes[n];
      else merged.set(key, { p: c.weight / tables.outcomes[n], kind, ch });
    }
    for (const m of merged.values()) {
      prob.push(m.p);
      kind.push(m.kind);
      chStart.push(chGain.length);
      for (const [g, nx] of m.ch) {
        chGain.push(g);
        chNext.push(nx);
      }
    }
  }
  start[N + 1] = prob.length;
  chStart.push(chGain.length);
  const chOff = Int32Array.from(chGain.map((g, h) => g * (N + 1) + chNext[h]));
  return { N, start, prob: Float64Array.from(prob), kind: Uint8Array.from(kind), chStart: Int32Array.from(chStart), chGain: Int32Array.from(chGain), chNext: Int32Array.from(chNext), chOff };
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/** The race's score step: the gcd of every score the rules can add or take away. */
export function raceUnit(rules: WulongRules, turnUnit: number): number {
  let unit = turnUnit;
  for (const x of [rules.bustPenalty ?? 0, rules.consecutiveBusts?.penalty ?? 0, rules.openingMinimum ?? 0, rules.minimumBank]) if (x > 0) unit = gcd(unit, x);
  return unit;
}

export interface RaceSolution {
  rules: WulongRules;
  target: number;
  unit: number;
  /** score cells: banked score index 0..G−1 (G·unit ≥ target wins) */
  G: number;
  /** consecutive-bust counter states and board states per player */
  C: number;
  B: number;
  /** player states: (score, busts, board) → ((s·C + c)·B + b) */
  NP: number;
  play: [RacePlay, RacePlay];
  /** value[k][me·NP + opp]: probability that player k (0 first, 1 second), to move at the start of a turn, wins */
  value: [Float64Array, Float64Array];
  sweeps: number;
  /** largest change of any value in the last sweep (of any score-sum layer when layered) */
  residual: number;
  /** whether the solve went by score-sum layers (no bust penalties): `sweeps` is then the most turn-solve rounds any layer (or, by secant, any pair) took */
  layered: boolean;
  tolerance: number;
  /** turn states (turn total, dice) evaluated per sweep */
  turnStatesPerSweep: number;
  /** work done: turns solved, and (turn total, dice) states evaluated in them */
  turnSolves: number;
  turnStates: number;
  turn: RaceTurn;
  /** the expected-points stop table, for 'points' play: stopEp[t·(N+1) + n] in race units, t ≤ epCap */
  stopEp: Uint8Array;
  epCap: number;
}

/** Player state index. */
export function playerState(r: Pick<RaceSolution, 'C' | 'B'>, score: number, busts: number, board: number): number {
  return (score * r.C + busts) * r.B + board;
}

/** Work buffer for one turn's values, reused across turns so the sweep allocates nothing. */
class TurnBuffer {
  v: Float64Array;
  stop: Uint8Array;
  constructor(size: number) {
    this.v = new Float64Array(size);
    this.stop = new Uint8Array(size);
  }
}

/**
 * Solve one turn of player k at (me, opp): the win probability at each (turn total, dice) by
 * backward induction in the turn total, given the current estimates of the opponent's values.
 * Returns the value of the turn's compulsory first roll.
 */
function turnValue(R: RaceSolution, k: number, me: number, opp: number, buf: TurnBuffer): number {
  const { turn, G, C, B, NP, rules, unit } = R;
  const N = turn.N, S = N + 1;
  const b = me % B, c = Math.floor(me / B) % C, i = Math.floor(me / (B * C));
  const theirs = R.value[1 - k];
  const mb = Math.ceil(rules.minimumBank / unit);
  const om = b === 0 && B === 2 ? Math.ceil((rules.openingMinimum ?? 0) / unit) : 0;
  const minStop = Math.max(mb, om);
  const tcap = Math.max(G - i, minStop);
  // bust: lose the turn, pay the penalties, count the bust
  let ns = i - (rules.bustPenalty ?? 0) / unit;
  let nc = 0;
  if (C > 1) {
    nc = c + 1;
    if (nc === C) {
      ns -= rules.consecutiveBusts!.penalty / unit;
      nc = 0;
    }
  }
  const bustV = 1 - theirs[opp * NP + playerState(R, Math.max(0, ns), nc, b)];
  const play = R.play[k];
  const points = play === 'points';
  // a simple rule: stop once the turn total reaches stopAt[n − 1] with n dice left (or when banking wins)
  const simple = typeof play === 'object' ? play.stopAt : null;
  const v = buf.v, stop = buf.stop;
  R.turnSolves++;
  R.turnStates += tcap * N;
  const capIdx = tcap * S;
  for (let n = 0; n <= N; n++) v[capIdx + n] = 1;
  const { start, kind, prob, chStart, chOff } = turn;
  let first = 0;
  for (let t = tcap - 1; t >= 0; t--) {
    const canStop = t >= minStop;
    const stopV = !canStop ? -1 : i + t >= G ? 1 : 1 - theirs[opp * NP + playerState(R, i + t, 0, B - 1)];
    const base = t * S;
    v[base] = canStop ? stopV : bustV;
    for (let n = 1; n <= N; n++) {
      let sum = 0;
      for (let x = start[n], xe = start[n + 1]; x < xe; x++) {
        const k = kind[x];
        if (k === 1) sum += prob[x] * bustV;
        else if (k === 2) sum += prob[x];
        else {
          let best = -1;
          for (let h = chStart[x], he = chStart[x + 1]; h < he; h++) {
            const q = base + chOff[h];
            // at or past the cap the turn has reached the target: a win, nothing beats it
            if (q >= capIdx) {
              best = 1;
              break;
            }
            const w = v[q];
            if (w > best) best = w;
          }
          sum += prob[x] * best;
        }
      }
      if (t === 0 && n === N) first = sum;
      let stops: boolean;
      if (!canStop) stops = false;
      else if (points) stops = i + t >= G || t > R.epCap || R.stopEp[t * S + n] === 1;
      else if (simple) stops = i + t >= G || t * unit >= simple[Math.min(n, simple.length) - 1];
      else stops = stopV >= sum;
      stop[t * S + n] = stops ? 1 : 0;
      v[t * S + n] = stops ? stopV : sum;
    }
  }
  return first;
}

/** Solve the two-player race by value iteration. */
export function solveRace(rules: WulongRules, opts: RaceOptions): RaceSolution {
  const tables = tablesFor(rules);
  const unit = raceUnit(rules, tables.unit);
  if (!(opts.target > 0)) throw new UserError('--target must be a positive score');
  const G = Math.ceil(opts.target / unit);
  const C = rules.consecutiveBusts ? rules.consecutiveBusts.count : 1;
  const B = (rules.openingMinimum ?? 0) > 0 ? 2 : 1;
  const NP = G * C * B;
  if (NP * NP > 60_000_000) throw new UserError(`--target ${opts.target}: ${NP} player states each (score step ${unit}) is too many for the exact race (at most ${Math.floor(Math.sqrt(60_000_000))})`);
  const play = opts.play ?? ['optimal', 'optimal'];
  const v0 = new Float64Array(NP * NP).fill(0.5);
  const value: [Float64Array, Float64Array] = play[0] === play[1] && typeof play[0] === 'string' ? [v0, v0] : [v0, new Float64Array(NP * NP).fill(0.5)];
  // the expected-points policy, in race units (its unit is a multiple of the race unit)
  const sol = solve(tables, OPTIMAL, opts.target);
  const S = tables.dice + 1, ratio = tables.unit / unit;
  const epCap = sol.cap * ratio;
  const stopEp = new Uint8Array((epCap + 1) * S);
  for (let t = 0; t <= sol.cap; t++) for (let n = 1; n < S; n++) stopEp[t * ratio * S + n] = sol.stop[t * S + n];
  const R: RaceSolution = {
    rules, target: opts.target, unit, G, C, B, NP, play, value, sweeps: 0, residual: Infinity, tolerance: opts.tolerance ?? 1e-9,
    turnStatesPerSweep: 0, turnSolves: 0, turnStates: 0, layered: false, turn: compileTurn(tables, unit), stopEp, epCap,
  };
  const tmax = Math.max(G, Math.ceil(rules.minimumBank / unit), Math.ceil((rules.openingMinimum ?? 0) / unit)) + 1;
  const buf = new TurnBuffer((tmax + 1) * S);
  const maxSweeps = opts.maxSweeps ?? 100_000;
  const roles = value[0] === value[1] ? 1 : 2;
  let states = 0;
  for (let i = 0; i < G; i++) states += Math.max(G - i, 1);
  R.turnStatesPerSweep = states * G * C * C * B * B * tables.dice * roles;
  // One Gauss–Seidel update of every (me, opp) whose scores sum to `sum` (all sums when sum < 0).
  const sweep = (sum: number): number => {
    let delta = 0;
    for (let i = G - 1; i >= 0; i--) {
      const jFrom = sum < 0 ? G - 1 : Math.min(G - 1, sum - i), jTo = sum < 0 ? 0 : jFrom;
      if (jFrom < 0 || jFrom < jTo) continue;
      for (let j = jFrom; j >= jTo; j--) {
        for (let me = (i + 1) * C * B - 1; me >= i * C * B; me--) {
          for (let opp = (j + 1) * C * B - 1; opp >= j * C * B; opp--) {
            for (let r = 0; r < roles; r++) {
              const x = turnValue(R, r, me, opp, buf);
              const arr = value[r];
              const d = Math.abs(x - arr[me * NP + opp]);
              if (d > delta) delta = d;
              arr[me * NP + opp] = x;
            }
          }
        }
      }
    }
    return delta;
  };
  // Without bust penalties a banked score never falls, so a state depends only on states whose
  // scores sum to as much or more (a bust swaps the players, keeping the sum): solve the sums from
  // the highest down, each to the tolerance (Neller & Presser's order for Pig). With penalties
  // scores can fall, and every state is swept until nothing changes by more than the tolerance.
  const layered = !(rules.bustPenalty ?? 0) && !(rules.consecutiveBusts?.penalty ?? 0);
  // Inside a layer (one cross-turn state besides the board), a state's only same-layer dependence is
  // the bust that hands the turn over: x = value(me, opp) → y = value(opp, me) → x again. That cycle is a
  // piecewise-linear fixed point in one number, solved per pair by the secant method in a few turn
  // solves instead of hundreds of plain sweeps.
  if (layered && C === 1) {
    const a0 = value[0], a1 = value[roles - 1], r1 = roles - 1;
    let most = 0, resid = 0;
    const cycle = (me: number, opp: number, x: number): number => {
      a0[me * NP + opp] = x;
      a1[opp * NP + me] = turnValue(R, r1, opp, me, buf);
      return turnValue(R, 0, me, opp, buf);
    };
    for (let sum = 2 * G - 2; sum >= 0; sum--) {
      for (let i = Math.min(G - 1, sum); i >= 0 && sum - i < G; i--) {
        const j = sum - i;
        for (let me = (i + 1) * B - 1; me >= i * B; me--) {
          for (let opp = (j + 1) * B - 1; opp >= j * B; opp--) {
            let a = a0[me * NP + opp], fa = cycle(me, opp, a) - a;
            let b = a + fa, fb = cycle(me, opp, b) - b;
            let k = 2;
            while (Math.abs(fb) >= R.tolerance && k < maxSweeps) {
              const d = fb - fa;
              let c = d === 0 ? b + fb : b - (fb * (b - a)) / d;
              if (!(c >= 0 && c <= 1)) c = b + fb;
              a = b;
              fa = fb;
              b = c;
              fb = cycle(me, opp, b) - b;
              k++;
            }
            // leave the pair consistent: value(me, opp) = F(b), value(opp, me) computed from b
            a0[me * NP + opp] = b + fb;
            most = Math.max(most, k);
            resid = Math.max(resid, Math.abs(fb));
          }
        }
      }
    }
    R.sweeps = most;
    R.residual = resid;
  } else if (layered) {
    for (let sum = 2 * G - 2; sum >= 0; sum--) {
      let k = 0, delta = Infinity;
      while (delta >= R.tolerance && k < maxSweeps) {
        delta = sweep(sum);
        k++;
      }
      R.sweeps = Math.max(R.sweeps, k);
      R.residual = sum === 2 * G - 2 ? delta : Math.max(R.residual === Infinity ? 0 : R.residual, delta);
    }
  } else {
    while (R.sweeps < maxSweeps) {
      const delta = sweep(-1);
      R.sweeps++;
      R.residual = delta;
      if (delta < R.tolerance) break;
    }
  }
  R.layered = layered;
  return R;
}

/** The start state of a player (score 0, no busts, not yet on the board when the rules have an opening minimum). */
export function startState(R: RaceSolution): number {
  return playerState(R, 0, 0, 0);
}

/** Probability that the first player wins from the start. */
export function firstPlayerWins(R: RaceSolution): number {
  const s = startState(R);
  return R.value[0][s * R.NP + s];
}

/**
 * The stop policy of player k at (me, opp): per dice count, the smallest turn total from which
 * it stops (null: it never stops below the target), with the decision at every total.
 */
export function stopPolicy(R: RaceSolution, me: number, opp: number, k = 0): { stopFrom: (number | null)[]; stop: Uint8Array; value: Float64Array; tcap: number } {
  const S = R.turn.N + 1;
  const buf = new TurnBuffer((Math.max(R.G, Math.ceil(R.rules.minimumBank / R.unit), Math.ceil((R.rules.openingMinimum ?? 0) / R.unit)) + 2) * S);
  turnValue(R, k, me, opp, buf);
  const i = Math.floor(me / (R.B * R.C));
  const tcap = Math.max(R.G - i, Math.ceil(R.rules.minimumBank / R.unit), R.B === 2 && me % R.B === 0 ? Math.ceil((R.rules.openingMinimum ?? 0) / R.unit) : 0);
  const stopFrom: (number | null)[] = [];
  for (let n = 1; n <= R.turn.N; n++) {
    let from: number | null = null;
    for (let t = 0; t < tcap; t++) {
      if (buf.stop[t * S + n]) {
        from = t * R.unit;
        break;
      }
    }
    stopFrom.push(from ?? Math.min(tcap * R.unit, R.target));
  }
  return { stopFrom, stop: buf.stop.slice(), value: buf.v.slice(), tcap };
}

/**
 * Expected number of turns (both players' turns counted) until someone wins, under the solved
 * policies: each turn's outcome distribution is pushed forward through the turn with the solved
 * stop and set-aside decisions, then the expected length is found by Gauss–Seidel sweeps to the
 * solution's tolerance (the same iteration as the values, on a linear system).
 */
export function expectedTurns(R: RaceSolution, maxSweeps = 10_000): number {
  const { NP, turn, G, C, B, unit, rules } = R;
  const N = turn.N, S = N + 1;
  // outcome lists per (role, me, opp): next player-state of the mover after the turn (−1: the mover won) and probability
  const outcomes: { next: Int32Array; p: Float64Array }[][] = [[], []];
  const roles = R.value[0] === R.value[1] ? 1 : 2;
  const mass = new Float64Array((Math.max(G, Math.ceil(rules.minimumBank / unit), Math.ceil((rules.openingMinimum ?? 0) / unit)) + 2) * S);
  for (let k = 0; k < roles; k++) {
    for (let me = 0; me < NP; me++) {
      for (let opp = 0; opp < NP; opp++) {
        const pol = stopPolicy(R, me, opp, k);
        const i = Math.floor(me / (B * C)), c = Math.floor(me / B) % C, b = me % B;
        let ns = i - (rules.bustPenalty ?? 0) / unit, nc = 0;
        if (C > 1) {
          nc = c + 1;
          if (nc === C) {
            ns -= rules.consecutiveBusts!.penalty / unit;
            nc = 0;
          }
        }
        const bustState = playerState(R, Math.max(0, ns), nc, b);
        const acc = new Map<number, number>();
        const add = (s: number, p: number) => acc.set(s, (acc.get(s) ?? 0) + p);
        const bank = (t: number, p: number) => add(i + t >= G ? -1 : playerState(R, i + t, 0, B - 1), p);
        mass.fill(0);
        mass[N] = 1;
        for (let t = 0; t < pol.tcap; t++) {
          for (let n = N; n >= 1; n--) {
            const m = mass[t * S + n];
            if (m === 0) continue;
            for (let x = turn.start[n]; x < turn.start[n + 1]; x++) {
              const p = m * turn.prob[x];
              if (turn.kind[x] === 1) add(bustState, p);
              else if (turn.kind[x] === 2) add(-1, p);
              else {
                let best = -1, bt = 0, bn = 0;
                for (let h = turn.chStart[x]; h < turn.chStart[x + 1]; h++) {
                  const nt = Math.min(t + turn.chGain[h], pol.tcap), nn = turn.chNext[h];
                  const w = pol.value[nt * S + nn];
                  if (w > best) [best, bt, bn] = [w, nt, nn];
                }
                if (bt >= pol.tcap) add(-1, p);
                else if (bn === 0 || pol.stop[bt * S + bn]) bank(bt, p);
                else mass[bt * S + bn] += p;
              }
            }
          }
        }
        outcomes[k][me * NP + opp] = { next: Int32Array.from(acc.keys()), p: Float64Array.from(acc.values()) };
      }
    }
  }
  // L[k][me, opp] = 1 + Σ p · L[1−k][opp, next] (0 when the mover won)
  const L = [new Float64Array(NP * NP), roles === 2 ? new Float64Array(NP * NP) : null];
  const Lk = (k: number) => L[roles === 2 ? k : 0]!;
  for (let sweep = 0; sweep < maxSweeps; sweep++) {
    let delta = 0;
    for (let k = 0; k < roles; k++) {
      const mine = Lk(k), theirs = Lk(1 - k);
      for (let me = NP - 1; me >= 0; me--)
        for (let opp = NP - 1; opp >= 0; opp--) {
          const o = outcomes[k][me * NP + opp];
          let x = 1;
          for (let q = 0; q < o.next.length; q++) if (o.next[q] >= 0) x += o.p[q] * theirs[opp * NP + o.next[q]];
          const d = Math.abs(x - mine[me * NP + opp]);
          if (d > delta) delta = d;
          mine[me * NP + opp] = x;
        }
    }
    if (delta < R.tolerance) break;
  }
  const s = playerState(R, 0, 0, 0);
  return Lk(0)[s * NP + s];
}

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
 * opening minimum). Banked scores go no lower than the rules' bankFloor (0 unless set): a score
 * index i stands for the banked score (i − F)·unit, F = −bankFloor/unit cells below zero.
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
  /** called after each pass when penalties make passes necessary (progress for long solves) */
  onPass?: (pass: number, delta: number, firstPlayerWins: number) => void;
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
  for (const x of [rules.bustPenalty ?? 0, rules.consecutiveBusts?.penalty ?? 0, rules.openingMinimum ?? 0, rules.minimumBank, -(rules.bankFloor ?? 0)]) if (x > 0) unit = gcd(unit, x);
  return unit;
}

export interface RaceSolution {
  rules: WulongRules;
  target: number;
  unit: number;
  /** score cells: banked score index 0..G−1 stands for (index − F)·unit; index G reaches the target */
  G: number;
  /** cells below zero (−bankFloor/unit when the rules have bust penalties, else 0) */
  F: number;
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
  /** no bust penalties (no score ever falls): one pass over the score-sum layers solves the race, `sweeps` is then the most turn-solve rounds any layer (or any bust pair) took; otherwise `sweeps` counts the passes (full sweeps in the reference solver) */
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

/** Player state index of a banked score given in score steps (may be negative down to the floor). */
export function scoreState(r: Pick<RaceSolution, 'C' | 'B' | 'F'>, score: number, busts: number, board: number): number {
  return playerState(r, score + r.F, busts, board);
}

/** Player state index from a score cell index (0 = the floor). */
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

export interface Prepared {
  R: RaceSolution;
  roles: number;
  maxSweeps: number;
  /** no bust penalty: banked scores never fall, so score-sum layers can be solved from the top */
  layered: boolean;
}

/** The solution's tables and starting values (0.5 everywhere), shared by both solvers. */
export function prepareRace(rules: WulongRules, opts: RaceOptions, values?: [Float64Array, Float64Array]): Prepared {
  const tables = tablesFor(rules);
  const unit = raceUnit(rules, tables.unit);
  if (!(opts.target > 0)) throw new UserError('--target must be a positive score');
  const layered = !(rules.bustPenalty ?? 0) && !(rules.consecutiveBusts?.penalty ?? 0);
  // without penalties no score ever falls, so a floor below zero is never reached
  const F = layered ? 0 : -(rules.bankFloor ?? 0) / unit;
  const G = Math.ceil(opts.target / unit) + F;
  const C = rules.consecutiveBusts ? rules.consecutiveBusts.count : 1;
  const B = (rules.openingMinimum ?? 0) > 0 ? 2 : 1;
  const NP = G * C * B;
  if (NP * NP > 60_000_000) throw new UserError(`--target ${opts.target}: ${NP} player states each (score step ${unit}${F ? `, floor ${rules.bankFloor}` : ''}) is too many for the exact race (at most ${Math.floor(Math.sqrt(60_000_000))})`);
  const play = opts.play ?? ['optimal', 'optimal'];
  const same = play[0] === play[1] && typeof play[0] === 'string';
  // given tables (shared between threads) are filled by their owner
  const v0 = values ? values[0] : new Float64Array(NP * NP).fill(0.5);
  const value: [Float64Array, Float64Array] = same ? [v0, v0] : [v0, values ? values[1] : new Float64Array(NP * NP).fill(0.5)];
  // the expected-points policy, in race units (its unit is a multiple of the race unit)
  const sol = solve(tables, OPTIMAL, opts.target);
  const S = tables.dice + 1, ratio = tables.unit / unit;
  const epCap = sol.cap * ratio;
  const stopEp = new Uint8Array((epCap + 1) * S);
  for (let t = 0; t <= sol.cap; t++) for (let n = 1; n < S; n++) stopEp[t * ratio * S + n] = sol.stop[t * S + n];
  const R: RaceSolution = {
    rules, target: opts.target, unit, G, F, C, B, NP, play, value, sweeps: 0, residual: Infinity, tolerance: opts.tolerance ?? 1e-9,
    turnStatesPerSweep: 0, turnSolves: 0, turnStates: 0, layered: false, turn: compileTurn(tables, unit), stopEp, epCap,
  };
  const roles = value[0] === value[1] ? 1 : 2;
  // (turn total, dice) states of one sweep, counted as Busche counts game states
  const minStop = Math.ceil(rules.minimumBank / unit);
  let states = 0;
  for (let i = 0; i < G; i++) states += Math.max(G - i, minStop, 1);
  R.turnStatesPerSweep = states * NP * C * B * tables.dice * roles;
  return { R, roles, maxSweeps: opts.maxSweeps ?? 100_000, layered };
}

/**
 * The reference solver: plain Gauss–Seidel sweeps (by score-sum layers, with a secant step per
 * bust cycle, when no penalty lowers a score). Kept to check `solveRace` against on small games.
 */
export function solveRaceReference(rules: WulongRules, opts: RaceOptions): RaceSolution {
  const { R, roles, maxSweeps, layered } = prepareRace(rules, opts);
  const { G, C, B, NP, value } = R;
  const S = R.turn.N + 1;
  const tmax = Math.max(G, Math.ceil(rules.minimumBank / R.unit), Math.ceil((rules.openingMinimum ?? 0) / R.unit)) + 1;
  const buf = new TurnBuffer((tmax + 1) * S);
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

/**
 * The turn for the fast solver: per dice count the bust and instant-win probabilities summed, and
 * only the scoring classes in the loop (no branch on the class kind).
 */
interface LayerTurn {
  N: number;
  pBust: Float64Array;
  pWin: Float64Array;
  /** scoring classes of n dice: [cStart[n], cStart[n+1]) */
  cStart: Int32Array;
  cProb: Float64Array;
  chStart: Int32Array;
  chOff: Int32Array;
  /** largest offset a choice adds: cells above the cap hold a win so the loop needs no cap test */
  maxOff: number;
}

function layerTurn(turn: RaceTurn): LayerTurn {
  const N = turn.N;
  const pBust = new Float64Array(N + 1), pWin = new Float64Array(N + 1), cStart = new Int32Array(N + 2);
  const cProb: number[] = [], chStart: number[] = [], chOff: number[] = [];
  for (let n = 1; n <= N; n++) {
    cStart[n] = cProb.length;
    for (let x = turn.start[n]; x < turn.start[n + 1]; x++) {
      if (turn.kind[x] === 1) pBust[n] += turn.prob[x];
      else if (turn.kind[x] === 2) pWin[n] += turn.prob[x];
      else {
        cProb.push(turn.prob[x]);
        chStart.push(chOff.length);
        for (let h = turn.chStart[x]; h < turn.chStart[x + 1]; h++) chOff.push(turn.chOff[h]);
      }
    }
  }
  cStart[N + 1] = cProb.length;
  chStart.push(chOff.length);
  return { N, pBust, pWin, cStart: Int32Array.from(cStart), cProb: Float64Array.from(cProb), chStart: Int32Array.from(chStart), chOff: Int32Array.from(chOff), maxOff: chOff.reduce((a, b) => Math.max(a, b), 0) };
}

/** One turn's values and their slopes in the bust value, reused across turns (the solve allocates nothing per turn). */
class LayerBuffer {
  v: Float64Array;
  d: Float64Array;
  /** slope of the last turn's first-roll value in the bust value */
  slope = 0;
  constructor(size: number) {
    this.v = new Float64Array(size);
    this.d = new Float64Array(size);
  }
}

/**
 * One turn of the player in role k at (me, opp) with the bust worth `bustV` to the mover: the
 * win probability of the compulsory first roll, by backward induction in the turn total, as
 * `turnValue` does. It also carries each value's slope in bustV (the policy held fixed), which
 * turns the bust cycle's fixed point into a Newton step. `stop0Bust`: stopping at turn total 0
 * hands over the same state a bust does (then it is worth bustV too). Its setup and stop rule stand
 * again in layerTurnPlain and turnValue on purpose: the three are the race solvers' hot loops, each
 * written for the work its callers need.
 */
function layerTurnValue(R: RaceSolution, T: LayerTurn, k: number, me: number, opp: number, bustV: number, stop0Bust: boolean, buf: LayerBuffer): number {
  const { G, C, B, NP, rules, unit } = R;
  const N = T.N, S = N + 1, CB = C * B;
  const b = me % B, i = Math.floor(me / CB);
  const theirs = R.value[1 - k];
  const minStop = Math.max(Math.ceil(rules.minimumBank / unit), b === 0 && B === 2 ? Math.ceil((rules.openingMinimum ?? 0) / unit) : 0);
  const tcap = Math.max(G - i, minStop);
  const play = R.play[k];
  const points = play === 'points';
  const simple = typeof play === 'object' ? play.stopAt : null;
  const v = buf.v, d = buf.d;
  R.turnSolves++;
  R.turnStates += tcap * N;
  const capIdx = tcap * S;
  for (let q = capIdx, qe = capIdx + T.maxOff + S; q < qe; q++) {
    v[q] = 1;
    d[q] = 0;
  }
  const { pBust, pWin, cStart, cProb, chStart, chOff } = T;
  const oBase = opp * NP + B - 1;
  let first = 0, firstD = 0;
  for (let t = tcap - 1; t >= 0; t--) {
    const canStop = t >= minStop;
    let stopV = -1, stopD = 0;
    if (canStop) {
      if (i + t >= G) stopV = 1;
      else if (t === 0 && stop0Bust) {
        stopV = bustV;
        stopD = 1;
      } else stopV = 1 - theirs[oBase + (i + t) * CB];
    }
    const base = t * S;
    v[base] = canStop ? stopV : bustV;
    d[base] = canStop ? stopD : 1;
    for (let n = 1; n <= N; n++) {
      let sum = pWin[n] + pBust[n] * bustV, ds = pBust[n];
      let h = chStart[cStart[n]];
      for (let x = cStart[n], xe = cStart[n + 1]; x < xe; x++) {
        // the best choice, the first of equals, two at a time (as in layerTurnPlain)
        const he = chStart[x + 1];
        let bq = base + chOff[h++];
        let best = v[bq];
        for (; h + 1 < he; h += 2) {
          const qa = base + chOff[h], qb = base + chOff[h + 1];
          const q = v[qa] >= v[qb] ? qa : qb;
          if (v[q] > best) {
            best = v[q];
            bq = q;
          }
        }
        if (h < he) {
          const q = base + chOff[h++];
          if (v[q] > best) {
            best = v[q];
            bq = q;
          }
        }
        sum += cProb[x] * best;
        ds += cProb[x] * d[bq];
      }
      if (t === 0 && n === N) {
        first = sum;
        firstD = ds;
      }
      let stops: boolean;
      if (!canStop) stops = false;
      else if (points) stops = i + t >= G || t > R.epCap || R.stopEp[t * S + n] === 1;
      else if (simple) stops = i + t >= G || t * unit >= simple[Math.min(n, simple.length) - 1];
      else stops = stopV >= sum;
      v[base + n] = stops ? stopV : sum;
      d[base + n] = stops ? stopD : ds;
    }
  }
  buf.slope = firstD;
  return first;
}

/** `layerTurnValue` without the slopes, for the passes that need none (the same loop, less work). */
function layerTurnPlain(R: RaceSolution, T: LayerTurn, k: number, me: number, opp: number, bustV: number, buf: LayerBuffer): number {
  const { G, C, B, NP, rules, unit } = R;
  const N = T.N, S = N + 1, CB = C * B;
  const b = me % B, i = Math.floor(me / CB);
  const theirs = R.value[1 - k];
  const minStop = Math.max(Math.ceil(rules.minimumBank / unit), b === 0 && B === 2 ? Math.ceil((rules.openingMinimum ?? 0) / unit) : 0);
  const tcap = Math.max(G - i, minStop);
  const play = R.play[k];
  const points = play === 'points';
  const simple = typeof play === 'object' ? play.stopAt : null;
  const v = buf.v;
  R.turnSolves++;
  R.turnStates += tcap * N;
  const capIdx = tcap * S;
  for (let q = capIdx, qe = capIdx + T.maxOff + S; q < qe; q++) {
    v[q] = 1;
  }
  const { pBust, pWin, cStart, cProb, chStart, chOff } = T;
  const oBase = opp * NP + B - 1;
  let first = 0;
  for (let t = tcap - 1; t >= 0; t--) {
    const canStop = t >= minStop;
    const stopV = !canStop ? -1 : i + t >= G ? 1 : 1 - theirs[oBase + (i + t) * CB];
    const base = t * S;
    v[base] = canStop ? stopV : bustV;
    for (let n = 1; n <= N; n++) {
      let sum = pWin[n] + pBust[n] * bustV;
      let h = chStart[cStart[n]];
      for (let x = cStart[n], xe = cStart[n + 1]; x < xe; x++) {
        // the best choice: the first, then pairs (the larger of two, then against the best), then
        // the odd one. Unrolled this way the loop runs about 1.5 times as fast as one at a time
        // (fewer compares that depend on the one before); a maximum, so the same values bit for bit.
        // The first two pairs are written out: most classes have at most five choices.
        const he = chStart[x + 1];
        let best = v[base + chOff[h++]];
        if (h + 1 < he) {
          const a = v[base + chOff[h]], b = v[base + chOff[h + 1]];
          const m = a >= b ? a : b;
          if (m > best) best = m;
          h += 2;
          if (h + 1 < he) {
            const a = v[base + chOff[h]], b = v[base + chOff[h + 1]];
            const m = a >= b ? a : b;
            if (m > best) best = m;
            h += 2;
            for (; h + 1 < he; h += 2) {
              const a = v[base + chOff[h]], b = v[base + chOff[h + 1]];
              const m = a >= b ? a : b;
              if (m > best) best = m;
            }
          }
        }
        if (h < he) {
          const w = v[base + chOff[h++]];
          if (w > best) best = w;
        }
        sum += cProb[x] * best;
      }
      if (t === 0 && n === N) first = sum;
      let stops: boolean;
      if (!canStop) stops = false;
      else if (points) stops = i + t >= G || t > R.epCap || R.stopEp[t * S + n] === 1;
      else if (simple) stops = i + t >= G || t * unit >= simple[Math.min(n, simple.length) - 1];
      else stops = stopV >= sum;
      v[base + n] = stops ? stopV : sum;
    }
  }
  return first;
}

/**
 * Solve the two-player race by value iteration, layer by layer.
 *
 * Without bust penalties no banked score falls, so a state depends only on score-sum layers at or
 * above its own, and inside its layer only on its bust partner (a bust hands the same scores to
 * the other player): each pair is a fixed point in two numbers, solved by Newton steps on the
 * turns' slopes in the bust value — exact once the policy stops changing, usually after two turn
 * solves each. Layers go from the highest sum down, one pass.
 *
 * With penalties (or a bust counter) a state's bust raises the bust count (same layer, a higher
 * count, solved before it) or pays the penalty (a lower layer, from the previous pass): inside a
 * layer states go by descending total bust count, each solved once per pass, and passes repeat
 * until no value changes by more than the tolerance. Busts in a row rarely reach the penalty, so
 * few passes are needed.
 */
export function solveRace(rules: WulongRules, opts: RaceOptions): RaceSolution {
  const { R, maxSweeps, layered } = prepareRace(rules, opts);
  const { G, C } = R;
  const ctx = layerContext(R, maxSweeps);
  const tol = R.tolerance;
  R.layered = layered;
  if (layered && C === 1) {
    for (let sum = 2 * G - 2; sum >= 0; sum--) solveLayerPairs(ctx, sum, 0, 1);
    R.sweeps = ctx.rounds;
    R.residual = ctx.residual;
    return R;
  }
  // one Gauss–Seidel update of layer `sum`, by descending total bust count
  const sweepLayer = (sum: number): number => {
    let delta = 0;
    for (let ct = 2 * (C - 1); ct >= 0; ct--) delta = Math.max(delta, solveGroup(ctx, sum, sum, ct, 0, 1));
    return delta;
  };
  if (layered) {
    // a bust counter without a penalty: each layer to the tolerance before the next
    let most = 0, resid = 0;
    for (let sum = 2 * G - 2; sum >= 0; sum--) {
      let k = 0, delta = Infinity;
      while (delta >= tol && k < maxSweeps) {
        delta = sweepLayer(sum);
        k++;
      }
      most = Math.max(most, k);
      resid = Math.max(resid, delta);
    }
    R.sweeps = most;
    R.residual = resid;
    return R;
  }
  if (maxSweeps > 0) penaltyFreeStart(R);
  return penaltyPasses(R, maxSweeps, opts.onPass, (top, bottom, ct) => solveGroup(ctx, top, bottom, ct, 0, 1));
}

/** A bust pair's starting guess from the solved layer above: the mean of (i + 1, j) and (i, j + 1). */
function pairGuess(R: RaceSolution, arr: Float64Array, me: number, opp: number): number {
  const { NP } = R, CB = R.C * R.B;
  let x = 0, n = 0;
  if (me + CB < NP) {
    x += arr[(me + CB) * NP + opp];
    n++;
  }
  if (opp + CB < NP) {
    x += arr[me * NP + opp + CB];
    n++;
  }
  return n ? x / n : 0.5;
}

/**
 * One score-sum layer of the race without penalties or bust counter — every `parts`-th bust pair
 * from `part` on: each pair (me, opp), (opp, me) by Newton steps (see `solveRace`). A pair reads
 * only the layers above and itself, so the pairs of a layer may go to different threads and give
 * the same values. The most turn-solve rounds a pair took and the largest last change go into
 * ctx.rounds and ctx.residual.
 */
export function solveLayerPairs(ctx: LayerContext, sum: number, part: number, parts: number): void {
  const { R, T, buf, roles, maxSweeps } = ctx;
  const { G, B, NP, value } = R;
  const tol = R.tolerance;
  const a0 = value[0], a1 = value[roles - 1], r1 = roles - 1;
  let most = ctx.rounds, resid = ctx.residual, pair = 0;
  for (let i = Math.min(G - 1, sum); i >= 0 && sum - i < G; i--) {
    const j = sum - i;
    for (let me = (i + 1) * B - 1; me >= i * B; me--) {
      for (let opp = (j + 1) * B - 1; opp >= j * B; opp--) {
        // one policy: (me, opp) and (opp, me) are one pair, solved once
        if (roles === 1 && me < opp) continue;
        if (pair++ % parts !== part) continue;
        const self = roles === 1 && me === opp;
        const s0 = me % B === B - 1, s1 = opp % B === B - 1;
        let x = pairGuess(R, a0, me, opp), y = self ? x : pairGuess(R, a1, opp, me);
        let fx = 0, fy = 0, k = 0, r = Infinity;
        while (k < maxSweeps) {
          fx = layerTurnValue(R, T, 0, me, opp, 1 - y, s0, buf);
          const sx = buf.slope;
          if (self) {
            r = Math.abs(fx - x);
            k++;
            if (r < tol) break;
            // x = F(1 − x), F linear with slope sx near x; plain iteration past 20 steps
            x = k < 20 ? (fx + sx * x) / (1 + sx) : fx;
            y = x;
            continue;
          }
          fy = layerTurnValue(R, T, r1, opp, me, 1 - x, s1, buf);
          const sy = buf.slope;
          r = Math.max(Math.abs(fx - x), Math.abs(fy - y));
          k++;
          if (r < tol) break;
          const den = 1 - sx * sy;
          if (k < 20 && den > 1e-12) {
            // x = fx − sx·(y − y0), y = fy − sy·(x − x0): the linear pair solved exactly
            const nx = (fx - sx * (fy - y) - sx * sy * x) / den;
            y = Math.min(1, Math.max(0, fy - sy * (nx - x)));
            x = Math.min(1, Math.max(0, nx));
          } else {
            x = fx;
            y = fy;
          }
        }
        a0[me * NP + opp] = fx;
        if (!self) a1[opp * NP + me] = fy;
        most = Math.max(most, k);
        resid = Math.max(resid, r);
      }
    }
  }
  ctx.rounds = most;
  ctx.residual = resid;
}

/**
 * Starting values for the penalty passes, instead of 0.5 everywhere: the same race without its bust
 * penalties, to a target moved up by the floor so that every score cell keeps its distance to the
 * target, read for every bust count. It is solved in one layered pass, and the passes then only
 * have to add what the penalties change: the 0.5 start is far off below zero and a penalty carries
 * that error up a layer per pass. Used when both play to win (the fixed point is the same from any
 * start; the penalty-free race must have the same score step). Its work is counted in the solution's.
 */
export function penaltyFreeStart(R: RaceSolution): boolean {
  const free = penaltyFreeRace(R);
  return free !== null && startFrom(R, solveRace(free.rules, free.opts));
}

/** The race `penaltyFreeStart` solves for R's starting values, or null when it does not apply. */
export function penaltyFreeRace(R: RaceSolution): { rules: WulongRules; opts: RaceOptions } | null {
  const { rules, unit, F, target } = R;
  if (R.value[0] !== R.value[1] || R.play[0] !== 'optimal') return null;
  const free: WulongRules = { ...rules, bustPenalty: 0, consecutiveBusts: null, bankFloor: 0 };
  if (raceUnit(free, tablesFor(free).unit) !== unit) return null;
  // the same score step and opening minimum: the same score cells and board states as R
  return { rules: free, opts: { target: target + F * unit, tolerance: R.tolerance } };
}

/** R's values from the solved penalty-free race R0 (see `penaltyFreeStart`), its work counted in R's. */
export function startFrom(R: RaceSolution, R0: RaceSolution): boolean {
  const { C, B, NP } = R;
  if (R0.G !== R.G || R0.B !== B) return false;
  const v = R.value[0], v0 = R0.value[0], NP0 = R0.NP;
  for (let me = 0; me < NP; me++) {
    const me0 = Math.floor(me / (C * B)) * B + (me % B);
    for (let opp = 0; opp < NP; opp++) v[me * NP + opp] = v0[me0 * NP0 + Math.floor(opp / (C * B)) * B + (opp % B)];
  }
  R.turnSolves += R0.turnSolves;
  R.turnStates += R0.turnStates;
  return true;
}

/** A solve's working set: the solution, the compiled turn and one turn buffer (one per thread). */
export interface LayerContext {
  R: RaceSolution;
  T: LayerTurn;
  buf: LayerBuffer;
  roles: number;
  /** most turn-solve rounds a bust pair may take (layered solve) */
  maxSweeps: number;
  /** layered solve so far: the most rounds any pair took, the largest last change */
  rounds: number;
  residual: number;
}

export function layerContext(R: RaceSolution, maxSweeps = 100_000): LayerContext {
  const T = layerTurn(R.turn);
  const S = T.N + 1;
  const tmax = Math.max(R.G, Math.ceil(R.rules.minimumBank / R.unit), Math.ceil((R.rules.openingMinimum ?? 0) / R.unit)) + 1;
  return { R, T, buf: new LayerBuffer((tmax + 1) * S + T.maxOff + S), roles: R.value[0] === R.value[1] ? 1 : 2, maxSweeps, rounds: 0, residual: 0 };
}

/**
 * How many score-sum layers one group of the passes may span, reading exactly what the passes
 * layer by layer read. A state reads the opponent's states at its score plus a bank (at least the
 * minimum bank higher: a solved layer when the group is no wider than that), its bust state (the
 * same layer with one bust more: an earlier group of the same span) and, at the third bust, the
 * state the penalty drops it to (a lower layer with the count back at 0, so fewer busts in all:
 * solved after it, both ways). A penalty on every bust can land a layer lower with one bust more,
 * which one layer at a time reads from the previous pass and a wider group would read fresh: one
 * layer then.
 */
export function groupLayers(R: RaceSolution): number {
  if ((R.rules.bustPenalty ?? 0) > 0) return 1;
  return Math.max(1, Math.ceil(R.rules.minimumBank / R.unit));
}

/**
 * With penalties: passes over the score-sum layers from the top, inside each by descending total
 * bust count, until no value changes by more than the tolerance. `runGroup` solves one group
 * (the layers top…bottom, `groupLayers` of them, with one total bust count) and returns its largest
 * change; the group's states depend only on groups solved before it in the pass (or on the previous
 * pass), never on each other, so it may split a group between threads without changing any result,
 * and a group of several layers gives the values of one layer at a time bit for bit, with fewer
 * meetings of the threads.
 */
export function penaltyPasses(R: RaceSolution, maxSweeps: number, onPass: RaceOptions['onPass'], runGroup: (top: number, bottom: number, ct: number) => number): RaceSolution {
  R.sweeps = 0;
  const width = groupLayers(R);
  while (R.sweeps < maxSweeps) {
    let delta = 0;
    for (let top = 2 * R.G - 2; top >= 0; top -= width) {
      const bottom = Math.max(0, top - width + 1);
      for (let ct = 2 * (R.C - 1); ct >= 0; ct--) delta = Math.max(delta, runGroup(top, bottom, ct));
    }
    R.sweeps++;
    R.residual = delta;
    onPass?.(R.sweeps, delta, firstPlayerWins(R));
    if (delta < R.tolerance) break;
  }
  return R;
}

/**
 * One Gauss–Seidel update of the states of layers top…bottom with total bust count `ct` — every
 * `parts`-th one from `part` on — and the largest change. Independent inside the group when no
 * stop at turn total 0 is allowed (minimum bank ≥ 1 step): a bust raises the count or drops a layer.
 */
export function solveGroup(ctx: LayerContext, top: number, bottom: number, ct: number, part: number, parts: number): number {
  const { R, T, buf, roles } = ctx;
  const { G, C, B, NP, value } = R;
  let delta = 0, k = 0;
  for (let sum = top; sum >= bottom; sum--) for (let i = Math.min(G - 1, sum); i >= 0 && sum - i < G; i--) {
    const j = sum - i;
    for (let c1 = Math.min(C - 1, ct); c1 >= 0 && ct - c1 < C; c1--) {
      const c2 = ct - c1;
      for (let b1 = B - 1; b1 >= 0; b1--) {
        const me = (i * C + c1) * B + b1;
        for (let b2 = B - 1; b2 >= 0; b2--, k++) {
          if (k % parts !== part) continue;
          const opp = (j * C + c2) * B + b2;
          const bs = opp * NP + bustStateOf(R, me);
          for (let r = 0; r < roles; r++) {
            const x = layerTurnPlain(R, T, r, me, opp, 1 - value[1 - r][bs], buf);
            const arr = value[r];
            const dx = Math.abs(x - arr[me * NP + opp]);
            if (dx > delta) delta = dx;
            arr[me * NP + opp] = x;
          }
        }
      }
    }
  }
  return delta;
}

/** The mover's player state after a bust (penalties paid down to the floor, bust counted). */
export function bustStateOf(R: RaceSolution, me: number): number {
  const { C, B, rules, unit } = R;
  const b = me % B, c = Math.floor(me / B) % C, i = Math.floor(me / (B * C));
  let ns = i - (rules.bustPenalty ?? 0) / unit;
  let nc = 0;
  if (C > 1) {
    nc = c + 1;
    if (nc === C) {
      ns -= rules.consecutiveBusts!.penalty / unit;
      nc = 0;
    }
  }
  return playerState(R, Math.max(0, ns), nc, b);
}

/** The start state of a player (score 0, no busts, not yet on the board when the rules have an opening minimum). */
export function startState(R: RaceSolution): number {
  return playerState(R, R.F, 0, 0);
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
  const s = startState(R);
  return Lk(0)[s * NP + s];
}

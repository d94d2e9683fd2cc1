import { UserError } from '../../../core/errors.js';
import type { WulongRules } from '../turn/rules.js';
import { firstPlayerWins, playerState, solveRace, startState, stopPolicy, type RaceSolution } from './exact.js';

/** Everything `wulong race` reports: the optimal race, what expected-points play gives away, the stop policy by scores. */
export interface RaceResult {
  rules: string;
  target: number;
  players: number;
  scoreStep: number;
  tolerance: number;
  residual: number;
  firstPlayerWins: number;
  /** P(first wins) − P(second wins) under optimal play by both */
  firstPlayerAdvantage: number;
  /** both players follow the single-turn expected-points policy (banking at once when that wins) */
  pointsVsPoints: number;
  /** first player plays for points, second to win; and the reverse */
  pointsVsOptimal: number;
  optimalVsPoints: number;
  /** win probability given away by playing for points against an optimal opponent, moving first and second */
  givenAwayFirst: number;
  givenAwaySecond: number;
  policy: { me: number; them: number; stopFrom: (number | null)[] }[];
  seconds: number;
  turnStatesPerSecond: number;
}

export function checkPlayers(players: number): void {
  if (players !== 2) throw new UserError(`--players ${players}: the exact race is solved for 2 players only (3+ players is not implemented)`);
}

/** Scores at which the policy table is shown: 0, ¼, ½, ¾ of the target and one step below it. */
export function gridScores(R: RaceSolution): number[] {
  const out = [0, 0.25, 0.5, 0.75].map((f) => Math.floor((f * R.target) / R.unit) * R.unit);
  out.push((R.G - 1) * R.unit);
  return [...new Set(out)];
}

export function analyseRace(rules: WulongRules, target: number, tolerance = 1e-9): { result: RaceResult; solution: RaceSolution } {
  const t0 = performance.now();
  const opt = solveRace(rules, { target, tolerance });
  const seconds = (performance.now() - t0) / 1000;
  const pp = solveRace(rules, { target, tolerance, play: ['points', 'points'] });
  const po = solveRace(rules, { target, tolerance, play: ['points', 'optimal'] });
  const op = solveRace(rules, { target, tolerance, play: ['optimal', 'points'] });
  const p = firstPlayerWins(opt);
  const s0 = startState(opt);
  const policy: RaceResult['policy'] = [];
  for (const me of gridScores(opt))
    for (const them of gridScores(opt)) {
      const board = opt.B === 2 && me > 0 ? 1 : 0;
      const bThem = opt.B === 2 && them > 0 ? 1 : 0;
      policy.push({ me, them, stopFrom: stopPolicy(opt, playerState(opt, me / opt.unit, 0, board), playerState(opt, them / opt.unit, 0, bThem)).stopFrom });
    }
  void s0;
  const result: RaceResult = {
    rules: rules.name,
    target,
    players: 2,
    scoreStep: opt.unit,
    tolerance,
    residual: Math.max(opt.residual, pp.residual, po.residual, op.residual),
    firstPlayerWins: p,
    firstPlayerAdvantage: 2 * p - 1,
    pointsVsPoints: firstPlayerWins(pp),
    pointsVsOptimal: firstPlayerWins(po),
    optimalVsPoints: firstPlayerWins(op),
    givenAwayFirst: p - firstPlayerWins(po),
    givenAwaySecond: firstPlayerWins(op) - p,
    policy,
    seconds,
    turnStatesPerSecond: opt.turnStates / Math.max(seconds, 1e-9),
  };
  return { result, solution: opt };
}

/** Mid-turn advice when playing to win: the win probability of stopping now and of rolling on. */
export function adviseRace(R: RaceSolution, me: number, them: number, total: number, dice: number, busts = 0) {
  for (const [name, x] of [['--me', me], ['--them', them], ['--score', total]] as const) {
    if (x % R.unit !== 0 || x < 0) throw new UserError(`${name} ${x}: scores move in steps of ${R.unit}`);
  }
  if (me >= R.target || them >= R.target) throw new UserError(`--me and --them must be below the target ${R.target}`);
  if (dice < 1 || dice > R.turn.N) throw new UserError(`--dice must be in 1..${R.turn.N} (got ${dice})`);
  if (busts < 0 || busts >= R.C) throw new UserError(`--busts must be in 0..${R.C - 1} (the rules count ${R.C} busts in a row)`);
  const board = R.B === 2 && me > 0 ? 1 : 0;
  const mine = playerState(R, me / R.unit, busts, board);
  const theirs = playerState(R, them / R.unit, 0, R.B === 2 && them > 0 ? 1 : 0);
  const pol = stopPolicy(R, mine, theirs);
  const S = R.turn.N + 1;
  const t = Math.min(total / R.unit, pol.tcap);
  const mb = Math.ceil(R.rules.minimumBank / R.unit), om = board === 0 && R.B === 2 ? Math.ceil((R.rules.openingMinimum ?? 0) / R.unit) : 0;
  const canStop = t >= Math.max(mb, om);
  let stopWin: number | null = null;
  if (canStop) stopWin = me + total >= R.target ? 1 : 1 - R.value[1][theirs * R.NP + playerState(R, (me + total) / R.unit, 0, R.B - 1)];
  const stops = t >= pol.tcap || pol.stop[t * S + dice] === 1;
  // the roll value: the solved value where the policy rolls; where it stops, the value is the stop's, so recompute the roll from the table
  const rollWin = stops && t < pol.tcap ? rollValueAt(R, pol.value, t, dice, pol.tcap, mine, theirs) : pol.value[t * S + dice];
  return { me, them, total, dice, action: stops && canStop ? 'stop' as const : 'roll' as const, stopWin, rollWin, stopFrom: pol.stopFrom[dice - 1] };
}

function rollValueAt(R: RaceSolution, v: Float64Array, t: number, n: number, tcap: number, mine: number, theirs: number): number {
  const S = R.turn.N + 1, turn = R.turn;
  const i = Math.floor(mine / (R.B * R.C)), c = Math.floor(mine / R.B) % R.C, b = mine % R.B;
  let ns = i - (R.rules.bustPenalty ?? 0) / R.unit, nc = 0;
  if (R.C > 1) {
    nc = c + 1;
    if (nc === R.C) {
      ns -= R.rules.consecutiveBusts!.penalty / R.unit;
      nc = 0;
    }
  }
  const bustV = 1 - R.value[1][theirs * R.NP + playerState(R, Math.max(0, ns), nc, b)];
  let sum = 0;
  for (let x = turn.start[n]; x < turn.start[n + 1]; x++) {
    if (turn.kind[x] === 1) sum += turn.prob[x] * bustV;
    else if (turn.kind[x] === 2) sum += turn.prob[x];
    else {
      let best = -1;
      for (let h = turn.chStart[x]; h < turn.chStart[x + 1]; h++) best = Math.max(best, v[Math.min(t + turn.chGain[h], tcap) * S + turn.chNext[h]]);
      sum += turn.prob[x] * best;
    }
  }
  return sum;
}

export interface SimpleRule {
  /** stop totals by dice left (1, 2, …) */
  stopAt: number[];
  /** expected turn score of the rule, and its cost against the single-turn optimum */
  turnScore: number;
  pointsCost: number;
  /** win probability against an optimal player, moving first and second, and the average cost against optimal play */
  winFirst: number;
  winSecond: number;
  winCost: number;
}

/**
 * Rules a person can play by: stop totals per dice left. For points the best such rule is the
 * single-turn optimum's own thresholds; for winning, candidates are searched — every single
 * threshold for one die (Pig), otherwise the points rule scaled by a few factors — and scored by the
 * average win probability against an optimal player over both seats.
 */
export function simpleRules(rules: WulongRules, target: number, tolerance: number, unit: number, optimalFirst: number, turnScore: (stopAt: number[]) => number, pointsRule: number[], bestTurn: number) {
  const evalRule = (stopAt: number[]): SimpleRule => {
    const first = firstPlayerWins(solveRace(rules, { target, tolerance, play: [{ stopAt }, 'optimal'] }));
    const second = 1 - firstPlayerWins(solveRace(rules, { target, tolerance, play: ['optimal', { stopAt }] }));
    const ts = turnScore(stopAt);
    return { stopAt, turnScore: ts, pointsCost: bestTurn - ts, winFirst: first, winSecond: second, winCost: (optimalFirst - first + (1 - optimalFirst) - second) / 2 };
  };
  const forPoints = evalRule(pointsRule);
  let candidates: number[][];
  if (pointsRule.length === 1) {
    candidates = [];
    const lo = Math.max(unit, Math.round((pointsRule[0] * 0.75) / unit) * unit), hi = Math.round((pointsRule[0] * 1.5) / unit) * unit;
    for (let h = lo; h <= hi; h += unit) if (h !== pointsRule[0]) candidates.push([h]);
  } else {
    candidates = [0.6, 0.8, 1.25, 1.5].map((f) => pointsRule.map((x) => Math.max(unit, Math.round((x * f) / unit) * unit)));
  }
  let forWinning = forPoints;
  for (const c of candidates) {
    const r = evalRule(c);
    if (r.winCost < forWinning.winCost) forWinning = r;
  }
  return { forPoints, forWinning, candidates: candidates.length + 1 };
}

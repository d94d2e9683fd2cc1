import { UserError } from '../../../core/errors.js';
import type { WulongRules } from '../turn/rules.js';
import { TurnAnalysis } from '../turn/exact.js';
import { textTable, fmtNum } from '../../../core/format.js';
import { bustStateOf, firstPlayerWins, scoreState, solveRace, stopPolicy, type RaceSolution } from './exact.js';
import { evaluateRace, pointsPolicy, thresholdPolicy } from './exact-evaluate.js';

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
  /** first player plays for points, second plays the optimal policy (not re-optimized against points play); and the reverse */
  pointsVsOptimal: number;
  optimalVsPoints: number;
  /** win probability given away by playing for points against an optimal opponent, moving first and second */
  givenAwayFirst: number;
  givenAwaySecond: number;
  /** expected number of turns (both players' counted) until someone wins: both optimal, both for points */
  expectedTurns: number;
  expectedTurnsPoints: number;
  policy: { me: number; them: number; stopFrom: (number | null)[] }[];
  /** the solve, and the policy evaluations (points vs optimal, points vs points, game length) */
  seconds: number;
  comparisonSeconds: number;
  turnStatesPerSecond: number;
}

export function checkPlayers(players: number): void {
  if (players !== 2) throw new UserError(`--players ${players}: this analysis is for 2 players (3+ players: the win probabilities only)`);
}

/** Scores at which the policy table is shown: 0, ¼, ½, ¾ of the target and one step below it. */
export function gridScores(R: RaceSolution): number[] {
  const out = [0, 0.25, 0.5, 0.75].map((f) => Math.floor((f * R.target) / R.unit) * R.unit);
  out.push((R.G - 1 - R.F) * R.unit);
  return [...new Set(out)];
}

export function analyseRace(rules: WulongRules, target: number, tolerance = 1e-9, solved?: { R: RaceSolution; seconds: number }): { result: RaceResult; solution: RaceSolution } {
  const t0 = performance.now();
  const opt = solved ? solved.R : solveRace(rules, { target, tolerance });
  const seconds = solved ? solved.seconds : (performance.now() - t0) / 1000;
  // the comparisons are policy evaluations over the same states, reusing the solved values
  const t1 = performance.now();
  const points = pointsPolicy(opt);
  const po = evaluateRace(opt, points, null);
  const pp = evaluateRace(opt, points, points);
  const oo = evaluateRace(opt, null, null);
  const comparisonSeconds = (performance.now() - t1) / 1000;
  const p = firstPlayerWins(opt);
  const policy = policyTable(opt);
  const result: RaceResult = {
    rules: rules.name,
    target,
    players: 2,
    scoreStep: opt.unit,
    tolerance,
    residual: Math.max(opt.residual, po.residual, pp.residual, oo.residual),
    firstPlayerWins: p,
    firstPlayerAdvantage: 2 * p - 1,
    pointsVsPoints: pp.aFirstWins,
    pointsVsOptimal: po.aFirstWins,
    optimalVsPoints: po.bFirstWins,
    givenAwayFirst: p - po.aFirstWins,
    givenAwaySecond: po.bFirstWins - p,
    expectedTurns: oo.turnsAFirst,
    expectedTurnsPoints: pp.turnsAFirst,
    policy,
    seconds,
    comparisonSeconds,
    turnStatesPerSecond: opt.turnStates / Math.max(seconds, 1e-9),
  };
  return { result, solution: opt };
}

/** The optimal stop policy at the grid scores (`gridScores`) of both players, no busts counted. */
export function policyTable(opt: RaceSolution): RaceResult['policy'] {
  const policy: RaceResult['policy'] = [];
  for (const me of gridScores(opt))
    for (const them of gridScores(opt)) {
      const board = opt.B === 2 && me > 0 ? 1 : 0;
      const bThem = opt.B === 2 && them > 0 ? 1 : 0;
      policy.push({ me, them, stopFrom: stopPolicy(opt, scoreState(opt, me / opt.unit, 0, board), scoreState(opt, them / opt.unit, 0, bThem)).stopFrom });
    }
  return policy;
}

/** Mid-turn advice when playing to win: the win probability of stopping now and of rolling on. */
export function adviseRace(R: RaceSolution, me: number, them: number, total: number, dice: number, busts = 0) {
  for (const [name, x] of [['--me', me], ['--them', them], ['--score', total]] as const) {
    const low = name === '--score' ? 0 : -R.F * R.unit;
    if (x < low) throw new UserError(`${name} ${x}: below ${low}${name === '--score' ? '' : ` (the lowest banked score these rules allow: bankFloor${R.F ? '' : ' 0, or no penalty to go below it'})`}`);
    if (x % R.unit !== 0) throw new UserError(`${name} ${x}: scores move in steps of ${R.unit}`);
  }
  if (me >= R.target || them >= R.target) throw new UserError(`--me and --them must be below the target ${R.target}`);
  if (dice < 1 || dice > R.turn.N) throw new UserError(`--dice must be in 1..${R.turn.N} (got ${dice})`);
  if (R.C === 1 && busts !== 0) throw new UserError(`--busts ${busts}: these rules have no penalty for busts in a row (no consecutiveBusts), so there is nothing to count; leave --busts out`);
  if (busts < 0 || busts >= R.C) throw new UserError(`--busts must be in 0..${R.C - 1} (the rules penalize ${R.C} busts in a row, and the count starts again)`);
  const board = R.B === 2 && me > 0 ? 1 : 0;
  const mine = scoreState(R, me / R.unit, busts, board);
  const theirs = scoreState(R, them / R.unit, 0, R.B === 2 && them > 0 ? 1 : 0);
  const pol = stopPolicy(R, mine, theirs);
  const S = R.turn.N + 1;
  const t = Math.min(total / R.unit, pol.tcap);
  const mb = Math.ceil(R.rules.minimumBank / R.unit), om = board === 0 && R.B === 2 ? Math.ceil((R.rules.openingMinimum ?? 0) / R.unit) : 0;
  const canStop = t >= Math.max(mb, om);
  let stopWin: number | null = null;
  if (canStop) stopWin = me + total >= R.target ? 1 : 1 - R.value[1][theirs * R.NP + scoreState(R, (me + total) / R.unit, 0, R.B - 1)];
  const stops = t >= pol.tcap || pol.stop[t * S + dice] === 1;
  // the roll value: the solved value where the policy rolls; where it stops, the value is the stop's, so recompute the roll from the table
  const rollWin = stops && t < pol.tcap ? rollValueAt(R, pol.value, t, dice, pol.tcap, mine, theirs) : pol.value[t * S + dice];
  return { me, them, total, dice, action: stops && canStop ? 'stop' as const : 'roll' as const, stopWin, rollWin, stopFrom: pol.stopFrom[dice - 1] };
}

function rollValueAt(R: RaceSolution, v: Float64Array, t: number, n: number, tcap: number, mine: number, theirs: number): number {
  const S = R.turn.N + 1, turn = R.turn;
  const bustV = 1 - R.value[1][theirs * R.NP + bustStateOf(R, mine)];
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

export interface SimpleBand {
  /** which score differences the band covers */
  band: string;
  /** stop totals by dice left (1, 2, …) */
  stopAt: number[];
  /** expected turn score of the rule, and its cost against the single-turn optimum */
  turnScore: number;
  pointsCost: number;
}

export interface SimpleRule {
  name: string;
  bands: SimpleBand[];
  /** win probability against the optimal player, moving first and second (exact policy evaluation), and the average cost against optimal play */
  winFirst: number;
  winSecond: number;
  winCost: number;
}

export interface SimpleRulesResult {
  forPoints: SimpleRule;
  forWinning: SimpleRule;
  forWinningBanded: SimpleRule;
  /** score-difference band edge (points) */
  bandEdge: number;
  /** rules evaluated (each by one exact policy evaluation against the optimal player) */
  evaluated: number;
  seconds: number;
}

export interface SimpleRulesOptions {
  /** expected turn score of a per-dice rule (the turn solver's per-dice policy) */
  turnScore: (stopAt: number[]) => number;
  /** the single-turn optimum's thresholds and expected turn score */
  pointsRule: number[];
  bestTurn: number;
  /** band edge in points (default: a fifth of the target, on the score step) */
  bandEdge?: number;
  /** most rule evaluations for each search (per-dice, then banded) */
  budget?: number;
}

/**
 * Rules a person can play by: stop totals per dice left, optionally per score-difference band
 * (behind by more than E, within E, ahead by more than E). For points the best such rule is the
 * single-turn optimum's own thresholds. For winning, a coordinate search from that rule (steps
 * shrinking to the score step) keeps any change that lowers the average win probability given away
 * against the optimal player over both seats; each candidate is one exact policy evaluation.
 * The search is local: the rules found are the best it met, not a proven optimum over all rules.
 */
export function simpleRules(R: RaceSolution, o: SimpleRulesOptions): SimpleRulesResult {
  const t0 = performance.now();
  const p = firstPlayerWins(R);
  const unit = R.unit;
  const step = (x: number) => Math.max(unit, Math.round(x / unit) * unit);
  const edge = o.bandEdge ?? step(R.target / 5);
  const budget = o.budget ?? 60;
  const bandOf = (i: number, j: number) => ((i - j) * unit < -edge ? 0 : (i - j) * unit > edge ? 2 : 1);
  const bandNames = [`behind by more than ${edge}`, `within ${edge}`, `ahead by more than ${edge}`];
  const turnScores = new Map<string, number>();
  const ts = (stopAt: number[]) => {
    const k = stopAt.join(',');
    if (!turnScores.has(k)) turnScores.set(k, o.turnScore(stopAt));
    return turnScores.get(k)!;
  };
  let evaluated = 0;
  const cache = new Map<string, SimpleRule>();
  const evalRule = (name: string, rows: number[][]): SimpleRule => {
    const key = JSON.stringify(rows);
    const hit = cache.get(key);
    if (hit) return { ...hit, name };
    evaluated++;
    const pol = thresholdPolicy(R, name, rows, rows.length === 1 ? () => 0 : bandOf);
    const e = evaluateRace(R, pol, null);
    const winFirst = e.aFirstWins, winSecond = 1 - e.bFirstWins;
    const bands = rows.map((stopAt, b) => {
      const t = ts(stopAt);
      return { band: rows.length === 1 ? 'any score' : bandNames[b], stopAt, turnScore: t, pointsCost: o.bestTurn - t };
    });
    const r = { name, bands, winFirst, winSecond, winCost: (p - winFirst + (1 - p) - winSecond) / 2 };
    cache.set(key, r);
    return r;
  };
  const search = (name: string, start: number[][], limit: number): SimpleRule => {
    let best = evalRule(name, start);
    const top = Math.max(...start.flat(), unit);
    // steps: about a quarter of the largest threshold, halving down to the score step
    const steps: number[] = [];
    for (let s = step(top / 4); ; s = step(s / 2)) {
      steps.push(s);
      if (s === unit) break;
    }
    let used = 1;
    for (const s of steps) {
      let improved = true;
      while (improved && used < limit) {
        improved = false;
        for (let b = 0; b < start.length && used < limit; b++)
          for (let n = 0; n < start[b].length && used < limit; n++)
            for (const dir of [1, -1]) {
              if (used >= limit) break;
              const rows = best.bands.map((x) => x.stopAt.slice());
              rows[b][n] = Math.max(unit, rows[b][n] + dir * s);
              if (rows[b][n] === best.bands[b].stopAt[n]) continue;
              const before = evaluated;
              const r = evalRule(name, rows);
              used += evaluated - before;
              if (r.winCost < best.winCost - 1e-12) {
                best = r;
                improved = true;
                break;
              }
            }
      }
    }
    return best;
  };
  const forPoints = evalRule('best for points', [o.pointsRule]);
  const forWinning = search('best for winning', [o.pointsRule], budget);
  const s = forWinning.bands[0].stopAt;
  const forWinningBanded = search('best for winning, by score band', [s, s, s], budget);
  return { forPoints, forWinning, forWinningBanded, bandEdge: edge, evaluated, seconds: (performance.now() - t0) / 1000 };
}

/** The simple-rule search for a solved race, with the turn solver supplying points per turn. */
export function simpleRulesFor(R: RaceSolution, bandEdge?: number, budget?: number): SimpleRulesResult {
  const best = new TurnAnalysis(R.rules);
  const turnScore = (stopAt: number[]) => new TurnAnalysis(R.rules, { name: 'per-dice', stop: { kind: 'per-dice', totals: stopAt }, choice: 'best' }).solveResult().expectedTurnScore;
  const pointsRule = Object.values(best.thresholds()).map((x) => x ?? R.target);
  return simpleRules(R, { turnScore, pointsRule, bestTurn: best.solveResult().expectedTurnScore, bandEdge, budget });
}

/** One table row per rule and band (CLI and report). */
export function simpleRuleRows(s: SimpleRulesResult): Record<string, string>[] {
  const f = (x: number) => fmtNum(x, 6);
  const rows: Record<string, string>[] = [];
  for (const r of [s.forPoints, s.forWinning, s.forWinningBanded])
    r.bands.forEach((b, k) =>
      rows.push({
        rule: k === 0 ? r.name : '',
        scores: b.band,
        'stop at (1, 2, … dice)': b.stopAt.join(' / '),
        'points/turn': fmtNum(b.turnScore, 2),
        'cost (points)': fmtNum(b.pointsCost, 2),
        'wins first': k === 0 ? f(r.winFirst) : '',
        'wins second': k === 0 ? f(r.winSecond) : '',
        'cost (win prob.)': k === 0 ? f(r.winCost) : '',
      }),
    );
  return rows;
}

export function simpleRulesText(s: SimpleRulesResult): string {
  return [
    `simple rules: stop from these totals with 1, 2, … dice left (bank at once when it wins); ${s.evaluated} rules evaluated exactly against the optimal player`,
    textTable(simpleRuleRows(s), { keys: 2 }),
    '(wins first/second: against the optimal player; cost = average over both seats of the win probability given away; points/turn: one turn\'s expected score, cost against the single-turn optimum)',
  ].join('\n');
}

export interface SweepRow {
  value: number;
  firstPlayerWins: number;
  firstPlayerAdvantage: number;
  expectedTurns: number;
  turnScore: number;
}

/**
 * Balance for designers: the first-player advantage and the expected game length (both playing to
 * win, exact) as one rules entry varies; `rulesAt(v)` gives the rules with the entry set to v.
 */
export function raceSweep(path: string, values: number[], rulesAt: (v: number) => WulongRules, target: number, tolerance = 1e-9): { path: string; target: number; rows: SweepRow[] } {
  const rows = values.map((value) => {
    const rules = rulesAt(value);
    const R = solveRace(rules, { target, tolerance });
    const p = firstPlayerWins(R);
    const e = evaluateRace(R, null, null);
    return { value, firstPlayerWins: p, firstPlayerAdvantage: 2 * p - 1, expectedTurns: e.turnsAFirst, turnScore: new TurnAnalysis(rules).solveResult().expectedTurnScore };
  });
  return { path, target, rows };
}

export function raceSweepText(s: ReturnType<typeof raceSweep>): string {
  return [
    `first-player advantage as ${s.path} varies (race to ${s.target}, 2 players, both playing to win; exact):`,
    textTable(s.rows.map((r) => ({ [s.path]: r.value, 'first player wins': fmtNum(r.firstPlayerWins, 6), advantage: fmtNum(r.firstPlayerAdvantage, 6), 'expected turns': fmtNum(r.expectedTurns, 2), 'points/turn (single-turn optimum)': fmtNum(r.turnScore, 2) }))),
  ].join('\n');
}

/** The second player's head start that makes the race fair, read from one solve (no extra solving). */
export interface Compensation {
  rules: string;
  target: number;
  scoreStep: number;
  /** P(first wins) with no head start, and its advantage */
  firstPlayerWins: number;
  firstPlayerAdvantage: number;
  /** head start in points (multiples of the score step) and P(first wins) against it */
  rows: { headStart: number; firstPlayerWins: number; advantage: number }[];
  /** the head start whose P(first wins) is closest to 0.5 */
  fair: number;
  fairFirstPlayerWins: number;
  seconds: number;
}

/**
 * P(first wins) when the second player starts with h points, for h = 0, 1, 2, … score steps until
 * the first player is behind (and one step more): the solved table holds every start, so this is
 * a lookup. A head start puts the second player on the board (rules with an opening minimum).
 */
export function compensation(R: RaceSolution, seconds = 0): Compensation {
  const s0 = scoreState(R, 0, 0, 0);
  const rows: Compensation['rows'] = [];
  const top = R.G - R.F;
  for (let h = 0; h < top; h++) {
    const opp = scoreState(R, h, 0, R.B === 2 && h > 0 ? 1 : 0);
    const p = R.value[0][s0 * R.NP + opp];
    rows.push({ headStart: h * R.unit, firstPlayerWins: p, advantage: 2 * p - 1 });
    if (p < 0.5 && rows.length > 1 && rows[rows.length - 2].firstPlayerWins < 0.5) break;
  }
  let best = rows[0];
  for (const r of rows) if (Math.abs(r.firstPlayerWins - 0.5) < Math.abs(best.firstPlayerWins - 0.5)) best = r;
  return {
    rules: R.rules.name, target: R.target, scoreStep: R.unit, firstPlayerWins: rows[0].firstPlayerWins, firstPlayerAdvantage: rows[0].advantage,
    rows, fair: best.headStart, fairFirstPlayerWins: best.firstPlayerWins, seconds,
  };
}

export function compensationText(c: Compensation): string {
  const f = (x: number) => fmtNum(x, 6);
  return [
    `${c.rules} — race to ${c.target}, 2 players, both play to win`,
    `first player wins: ${f(c.firstPlayerWins)} (first-player advantage ${f(c.firstPlayerAdvantage)}; exact, score step ${c.scoreStep})`,
    '',
    'the second player starts with a head start (banked points):',
    textTable(c.rows.map((r) => ({ 'head start': r.headStart, 'first player wins': f(r.firstPlayerWins), advantage: f(r.advantage) }))),
    '',
    `fairest: a head start of ${c.fair} points for the second player (first player wins ${f(c.fairFirstPlayerWins)})`,
    `solved in ${fmtNum(c.seconds, 2)} s`,
  ].join('\n');
}

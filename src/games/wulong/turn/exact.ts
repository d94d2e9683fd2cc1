import { fractionText } from '../../../core/stats.js';
import { UserError } from '../../../core/errors.js';
import type { WulongRules } from './rules.js';
import { OPTIMAL, stopsAt, type PolicySpec } from './strategy.js';
import { parseRoll, tablesFor, type Tables } from './tables.js';

/*
 * Exact answers for one turn, nothing sampled: the DP solver (solve, finalDistribution,
 * reachable) and TurnAnalysis, the façade the CLI, the reports and the full game's policy tables use.
 */

/**
 * Exact turn analysis by dynamic programming over (turn total, dice left to roll).
 *
 * Every non-bust roll adds a positive score, so the total only grows and values can be computed
 * from high totals down. Past a cap every policy we solve stops: for the optimal one the cap is the
 * one-stage look-ahead bound max_n S(n)/bust(n) (S = expected immediate gain of a roll): beyond it
 * one more roll loses on average and, the stopping problem being monotone, stopping is optimal
 * (Chow, Robbins & Siegmund, "Great Expectations", ch. 3). The cap covers thresholds too.
 */
export interface Solution {
  tables: Tables;
  policy: PolicySpec;
  unit: number;
  /** largest total index (total = index × unit) held in the tables; beyond it the policy stops */
  cap: number;
  /** value at a decision point (may stop or roll): value[t * (N+1) + n] */
  value: Float64Array;
  /** expected final score when rolling n dice at total t */
  rollValue: Float64Array;
  /** 1 where the policy stops */
  stop: Uint8Array;
  /** chosen set-aside (index into the class's choices) for (t, n, class): choice[t * C + classOffset[n] + c] */
  choice: Uint8Array;
  classOffset: number[];
  classTotal: number;
  /** largest score a single roll can add, in units */
  maxGain: number;
}

/** Next state after a choice: total index and dice to roll next (0 = none left: the turn ends). */
export function nextDice(tables: Tables, n: number, used: number): number {
  if (used < n) return n - used;
  return tables.rules.hotDice ? tables.dice : 0;
}

/** The one-stage look-ahead cap (in score points) for optimal play. */
export function lookaheadCap(tables: Tables): number {
  let cap = 0;
  for (let n = 1; n <= tables.dice; n++) {
    let gain = 0, bust = 0;
    for (const c of tables.classes[n]) {
      const p = c.weight / tables.outcomes[n];
      if (c.bust) bust += p;
      else if (c.instantWin) gain += p * tables.rules.instantWin!.value;
      else gain += p * Math.max(...c.choices.map((x) => x.score));
    }
    // a dice count that cannot bust (Zilch pays for six scoreless dice) always rolls on; the cap
    // comes from the counts that can bust, doubled because the argument's monotonicity no longer holds exactly
    if (bust === 0) {
      if (!tables.rules.scoreless?.length) return Infinity;
      continue;
    }
    cap = Math.max(cap, gain / bust);
  }
  return tables.rules.scoreless?.length ? 2 * cap : cap;
}

/** The exact solver's largest table, in score steps (scores 0..cap in units of the rules' gcd). */
export const MAX_SCORE_STEPS = 100_000;

const NORMAL = 0, BUST = 1, INSTANT = 2;

/**
 * The roll classes as flat typed arrays, indexed by global class g = classOffset[n] + c (the
 * Solution's numbering): the DP, the final distribution and reachability read these instead of
 * class objects, so their loops allocate nothing and stay monomorphic. Built once per Tables.
 */
interface FlatClasses {
  classOffset: number[];
  classTotal: number;
  weight: Float64Array;
  kind: Uint8Array;
  /** non-dominated choices of class g: [choiceStart[g], choiceStart[g + 1]) */
  choiceStart: Int32Array;
  /** score / unit of each choice, and the dice rolled next (0: the turn ends) */
  gain: Float64Array;
  next: Uint8Array;
  /** the choice index (within the class) with the highest score: what 'best' takes beyond the cap */
  bestNow: Uint8Array;
  /** per dice count n, every distinct move (score / unit, dice next) some non-bust roll allows, dominated ones included: [moveStart[n], moveStart[n + 1]) */
  moveStart: Int32Array;
  moveGain: Float64Array;
  moveNext: Uint8Array;
}

const flatCache = new WeakMap<Tables, FlatClasses>();
function flatFor(tables: Tables): FlatClasses {
  const hit = flatCache.get(tables);
  if (hit) return hit;
  const N = tables.dice, unit = tables.unit;
  const classOffset = [0];
  for (let n = 1; n <= N; n++) classOffset.push(classOffset[n - 1] + tables.classes[n - 1].length);
  const classTotal = classOffset[N] + tables.classes[N].length;
  const weight = new Float64Array(classTotal), kind = new Uint8Array(classTotal), bestNowArr = new Uint8Array(classTotal);
  const choiceStart = new Int32Array(classTotal + 1), moveStart = new Int32Array(N + 2);
  const gain: number[] = [], next: number[] = [], moveGain: number[] = [], moveNext: number[] = [];
  for (let n = 1; n <= N; n++) {
    moveStart[n] = moveGain.length;
    const moves = new Set<string>();
    tables.classes[n].forEach((cls, c) => {
      const g = classOffset[n] + c;
      weight[g] = cls.weight;
      kind[g] = cls.bust ? BUST : cls.instantWin ? INSTANT : NORMAL;
      bestNowArr[g] = bestNow(cls.choices);
      choiceStart[g] = gain.length;
      for (const ch of cls.choices) { gain.push(ch.score / unit); next.push(nextDice(tables, n, ch.used)); }
      if (cls.bust || cls.instantWin) return;
      for (const ch of cls.allChoices) {
        const mg = ch.score / unit, mn = nextDice(tables, n, ch.used);
        if (moves.has(`${mg}:${mn}`)) continue;
        moves.add(`${mg}:${mn}`);
        moveGain.push(mg);
        moveNext.push(mn);
      }
    });
  }
  choiceStart[classTotal] = gain.length;
  moveStart[N + 1] = moveGain.length;
  const flat: FlatClasses = {
    classOffset, classTotal, weight, kind, choiceStart, gain: Float64Array.from(gain), next: Uint8Array.from(next), bestNow: bestNowArr,
    moveStart, moveGain: Float64Array.from(moveGain), moveNext: Uint8Array.from(moveNext),
  };
  flatCache.set(tables, flat);
  return flat;
}

export function solve(tables: Tables, policy: PolicySpec, minCapScore = 0): Solution {
  const { unit, dice: N, rules } = tables;
  const capScore = Math.max(
    policy.stop.kind === 'optimal' ? lookaheadCap(tables) : 0,
    policy.stop.kind === 'threshold' ? policy.stop.total : 0,
    policy.stop.kind === 'per-dice' ? Math.max(...policy.stop.totals) : 0,
    rules.minimumBank,
    minCapScore,
  );
  if (!Number.isFinite(capScore)) throw new UserError(`${rules.name ?? 'these rules'}: some number of dice can never bust, so a turn never has to end and has no best stop; give every dice count a scoreless roll`);
  const cap = Math.ceil(capScore / unit) + 1;
  // the tables hold (cap + 1) × (one float pair per dice count + one choice byte per roll class)
  if (cap > MAX_SCORE_STEPS) {
    throw new UserError(`the exact solver would tabulate turn totals up to ${Math.round(capScore).toLocaleString('en-US')} in steps of ${unit} points: ${cap.toLocaleString('en-US')} steps, more than the ${MAX_SCORE_STEPS.toLocaleString('en-US')} it allows (its time and memory grow with them)`);
  }
  const S = N + 1;
  const { classOffset, classTotal, weight, kind, choiceStart, gain, next } = flatFor(tables);
  const value = new Float64Array((cap + 1) * S);
  const rollValue = new Float64Array((cap + 1) * S);
  const stop = new Uint8Array((cap + 1) * S);
  const choice = new Uint8Array((cap + 1) * classTotal);
  let maxGain = 0;
  for (let j = 0; j < gain.length; j++) maxGain = Math.max(maxGain, gain[j]);
  const instant = rules.instantWin?.value ?? 0;
  const keepAll = policy.choice === 'keep-all';
  const outcomes = tables.outcomes;

  for (let t = cap; t >= 0; t--) {
    value[t * S] = t * unit;
    stop[t * S] = 1;
    for (let n = 1; n <= N; n++) {
      let sum = 0;
      const g1 = classOffset[n] + tables.classes[n].length;
      for (let g = classOffset[n]; g < g1; g++) {
        const k = kind[g];
        if (k === BUST) continue;
        if (k === INSTANT) {
          sum += weight[g] * (t * unit + instant);
          continue;
        }
        // the value of a choice: its total banked when no dice are left or beyond the cap, else the decision value there
        const a = choiceStart[g], b = choiceStart[g + 1];
        let bestIdx = 0, best = -Infinity;
        for (let j = keepAll ? b - 1 : a; j < b; j++) {
          const nt = t + gain[j], nn = next[j];
          const v = nn === 0 || nt > cap ? nt * unit : value[nt * S + nn];
          if (v > best) {
            best = v;
            bestIdx = j - a;
          }
        }
        choice[t * classTotal + g] = bestIdx;
        sum += weight[g] * best;
      }
      const roll = sum / outcomes[n];
      const total = t * unit;
      const mayStop = total >= rules.minimumBank;
      const stops = t === cap || (mayStop && stopsAt(policy.stop, total, n, roll));
      rollValue[t * S + n] = roll;
      stop[t * S + n] = stops ? 1 : 0;
      value[t * S + n] = stops ? total : roll;
    }
  }
  return { tables, policy, unit, cap, value, rollValue, stop, choice, classOffset, classTotal, maxGain };
}

/** Expected final score of a whole turn (its first roll is compulsory). */
export function expectedTurnScore(s: Solution): number {
  return s.rollValue[s.tables.dice];
}

export interface FinalDistribution {
  /** probability of each final score index (score = index × unit); index 0 includes busts */
  score: Float64Array;
  bust: number;
  /** probability that the turn ends in the instant win (not part of `score`) */
  instantWin: number;
  /** probability-weighted turn totals at the instant win, for expectations */
  instantWinTotal: number;
  /** expected number of rolls */
  rolls: number;
}

/**
 * Distribution of the final score when n dice are being rolled at total index t and the policy
 * is followed afterwards. Mass moves forward in total, so one pass in increasing total suffices.
 */
export function finalDistribution(s: Solution, startT: number, startN: number): FinalDistribution {
  const { tables, cap, unit } = s;
  const N = tables.dice, S = N + 1;
  const { classOffset, weight, kind, choiceStart, gain, next, bestNow: bestNowArr } = flatFor(tables);
  const keepAll = s.policy.choice === 'keep-all';
  const top = Math.max(cap, startT) + s.maxGain + 1;
  const score = new Float64Array(top + 1);
  const rolling = new Float64Array((top + 1) * S);
  rolling[startT * S + startN] = 1;
  let bust = 0, instantWin = 0, instantWinTotal = 0, rolls = 0;
  for (let t = startT; t <= top; t++) {
    for (let n = 1; n <= N; n++) {
      const m = rolling[t * S + n];
      if (m === 0) continue;
      rolls += m;
      const g1 = classOffset[n] + tables.classes[n].length;
      for (let g = classOffset[n]; g < g1; g++) {
        const p = (m * weight[g]) / tables.outcomes[n];
        const k = kind[g];
        if (k === BUST) {
          bust += p;
          continue;
        }
        if (k === INSTANT) {
          instantWin += p;
          instantWinTotal += p * t * unit;
          continue;
        }
        // beyond the cap every policy stops; choose the highest score there (what 'best' does when stopping)
        const a = choiceStart[g];
        const j = a + (t <= cap ? s.choice[t * s.classTotal + g] : keepAll ? choiceStart[g + 1] - 1 - a : bestNowArr[g]);
        const nt = t + gain[j];
        const nn = next[j];
        if (nn === 0 || nt > cap || s.stop[nt * S + nn]) score[nt] += p;
        else rolling[nt * S + nn] += p;
      }
    }
  }
  score[0] += bust;
  return { score, bust, instantWin, instantWinTotal, rolls };
}

function bestNow(choices: readonly { score: number }[]): number {
  let k = 0;
  for (let i = 1; i < choices.length; i++) if (choices[i].score > choices[k].score) k = i;
  return k;
}

/** States (t, n) that some way of playing can reach from the start of a turn (a decision point with n dice to roll). */
export function reachable(tables: Tables, capIndex: number): Uint8Array {
  const N = tables.dice, S = N + 1;
  const { moveStart, moveGain, moveNext } = flatFor(tables);
  const seen = new Uint8Array((capIndex + 1) * S);
  seen[N] = 1;
  for (let t = 0; t <= capIndex; t++) {
    for (let n = 1; n <= N; n++) {
      if (!seen[t * S + n]) continue;
      for (let j = moveStart[n]; j < moveStart[n + 1]; j++) {
        const nt = t + moveGain[j], nn = moveNext[j];
        if (nt <= capIndex) seen[nt * S + nn] = 1;
      }
    }
  }
  return seen;
}


export interface CardOdds {
  card: string;
  name: string;
  /** the final scores it covers, as text ("500-5000", "10500+") */
  range: string;
  odds: number;
  probability: number;
  /** expected net chips per chip staked */
  evPerChip: number;
  /** the odds that would make evPerChip zero (null when the card cannot win) */
  fairOdds: number | null;
  allIn: { odds: number; evPerChip: number };
}

/** Probability mass of final scores in [min, max] (points). */
function massIn(d: FinalDistribution, unit: number, min: number, max: number | null): number {
  let p = 0;
  for (let i = Math.ceil(min / unit); i < d.score.length && (max === null || i * unit <= max); i++) p += d.score[i];
  return p;
}

/** Each betting card's win probability, EV per chip and fair odds under a final-score distribution. */
export function bettingCards(rules: WulongRules, d: FinalDistribution, unit: number): CardOdds[] {
  // An instant win (Wulong) voids the bets unless the rules say they are settled.
  const voided = rules.instantWin && !rules.instantWin.betsSettled ? d.instantWin : 0;
  return rules.bettingCards.map((c) => {
    let p = massIn(d, unit, c.min, c.max);
    if (rules.instantWin?.betsSettled && c.max === null) p += d.instantWin; // the combination's total is always the top band
    const lose = 1 - p - voided;
    return {
      card: c.id,
      name: c.name,
      range: c.max === null ? `${c.min}+` : c.min === c.max ? `${c.min}` : `${c.min}-${c.max}`,
      odds: c.odds,
      probability: p,
      evPerChip: p * c.odds - lose,
      fairOdds: p > 0 ? lose / p : null,
      allIn: { odds: rules.allIn.odds, evPerChip: p * rules.allIn.odds - lose },
    };
  });
}

export interface PolicyRow {
  dice: number;
  total: number;
  action: 'roll' | 'stop';
  stopValue: number | null;
  rollValue: number;
  /** rollValue − stopValue: how much rolling gains (negative: stopping is better) */
  margin: number | null;
}

export interface SolveResult {
  rules: string;
  policy: string;
  unit: number;
  expectedTurnScore: number;
  /** probability of the instant win (Wulong) in a turn, counted in expectedTurnScore at its value */
  instantWinProbability: number;
  turnBustProbability: number;
  expectedRolls: number;
  bustProbability: Record<string, { probability: number; fraction: string }>;
  /** per dice count, the smallest total from which the policy stops at every reachable total */
  thresholds: Record<string, number | null>;
  policyTable: PolicyRow[];
  finalScore: { score: number; probability: number }[];
  bettingCards: CardOdds[];
}

/** A solved turn: tables, solution and reachability, built once per rules and policy. */
export class TurnAnalysis {
  readonly tables: Tables;
  readonly solution: Solution;
  private readonly reach: Uint8Array;

  constructor(readonly rules: WulongRules, readonly policy: PolicySpec = OPTIMAL, minCapScore = 0) {
    this.tables = tablesFor(rules);
    this.solution = solve(this.tables, policy, minCapScore);
    this.reach = reachable(this.tables, this.solution.cap);
  }

  get unit(): number {
    return this.tables.unit;
  }

  /** Whether some play reaches a decision with this total and these dice to roll. */
  isReachable(total: number, dice: number): boolean {
    if (total % this.unit !== 0) return false;
    const t = total / this.unit;
    if (t > this.solution.cap) return true; // beyond the table; any multiple of the unit that far is reachable in practice
    return this.reach[t * (this.tables.dice + 1) + dice] === 1;
  }

  checkState(total: number, dice: number): void {
    if (dice < 1 || dice > this.tables.dice) throw new UserError(`--dice must be in 1..${this.tables.dice} (got ${dice})`);
    if (total % this.unit !== 0) throw new UserError(`a turn total of ${total} cannot occur under these rules: turn totals move in steps of ${this.unit}`);
    if (!this.isReachable(total, dice)) throw new UserError(`a turn total of ${total} with ${dice} dice to roll cannot occur under these rules`);
  }

  bustProbability(): SolveResult['bustProbability'] {
    const out: SolveResult['bustProbability'] = {};
    for (let n = 1; n <= this.tables.dice; n++) {
      const b = this.tables.bustCount[n];
      out[n] = { probability: Number(b) / this.tables.outcomes[n], fraction: fractionText(b, BigInt(this.tables.outcomes[n])) };
    }
    return out;
  }

  thresholds(): SolveResult['thresholds'] {
    const { stop, cap } = this.solution, S = this.tables.dice + 1;
    const out: SolveResult['thresholds'] = {};
    for (let n = 1; n <= this.tables.dice; n++) {
      let from: number | null = 0;
      for (let t = cap; t >= 0; t--) {
        if (this.reach[t * S + n] && !stop[t * S + n]) {
          from = t + 1 <= cap ? (t + 1) * this.unit : null;
          break;
        }
      }
      // smallest reachable total at or above that point
      if (from !== null) {
        let t = from / this.unit;
        while (t <= cap && !this.reach[t * S + n]) t++;
        from = t <= cap ? t * this.unit : from;
      }
      out[n] = from;
    }
    return out;
  }

  policyTable(maxTotal?: number): PolicyRow[] {
    const { stop, rollValue, cap } = this.solution, S = this.tables.dice + 1;
    const thr = Object.values(this.thresholds()).filter((x): x is number => x !== null);
    const top = Math.min(cap, Math.ceil((maxTotal ?? Math.max(...thr, 0) + 2 * this.unit) / this.unit));
    const rows: PolicyRow[] = [];
    for (let n = 1; n <= this.tables.dice; n++) {
      for (let t = 0; t <= top; t++) {
        if (!this.reach[t * S + n]) continue;
        const total = t * this.unit;
        const canStop = total >= this.rules.minimumBank && !(t === 0 && n === this.tables.dice);
        const rv = rollValue[t * S + n];
        rows.push({ dice: n, total, action: stop[t * S + n] && canStop ? 'stop' : 'roll', stopValue: canStop ? total : null, rollValue: rv, margin: canStop ? rv - total : null });
      }
    }
    return rows;
  }

  private startDistribution?: FinalDistribution;
  /** The final-score distribution from (total, dice); the whole turn's is computed once. */
  distribution(total = 0, dice = this.tables.dice): FinalDistribution {
    if (total === 0 && dice === this.tables.dice) return (this.startDistribution ??= finalDistribution(this.solution, 0, dice));
    return finalDistribution(this.solution, total / this.unit, dice);
  }

  solveResult(): SolveResult {
    const d = this.distribution();
    const finalScore: SolveResult['finalScore'] = [];
    d.score.forEach((p, i) => {
      if (p > 1e-15) finalScore.push({ score: i * this.unit, probability: p });
    });
    return {
      rules: this.rules.name,
      policy: this.policy.name,
      unit: this.unit,
      expectedTurnScore: expectedTurnScore(this.solution),
      instantWinProbability: d.instantWin,
      turnBustProbability: d.bust,
      expectedRolls: d.rolls,
      bustProbability: this.bustProbability(),
      thresholds: this.thresholds(),
      policyTable: this.policyTable(),
      finalScore,
      bettingCards: bettingCards(this.rules, d, this.unit),
    };
  }

  /** Mid-turn advice at a decision point: stop or roll, with the value of each. */
  advise(total: number, dice: number) {
    this.checkState(total, dice);
    const S = this.tables.dice + 1;
    const t = total / this.unit;
    const inTable = t <= this.solution.cap;
    const rollEv = inTable ? this.solution.rollValue[t * S + dice] : this.rollValueBeyondCap(total, dice);
    const canStop = total >= this.rules.minimumBank;
    const action: 'roll' | 'stop' = canStop && total >= rollEv ? 'stop' : 'roll';
    return {
      total,
      dice,
      action,
      stopEv: canStop ? total : null,
      rollEv,
      bustRisk: Number(this.tables.bustCount[dice]) / this.tables.outcomes[dice],
      bustRiskFraction: fractionText(this.tables.bustCount[dice], BigInt(this.tables.outcomes[dice])),
    };
  }

  private rollValueBeyondCap(total: number, dice: number): number {
    // beyond the cap the policy stops after this roll: expected value of one roll taking the best score
    let sum = 0;
    for (const c of this.tables.classes[dice]) {
      if (c.bust) continue;
      if (c.instantWin) sum += c.weight * (total + this.rules.instantWin!.value);
      else sum += c.weight * (total + Math.max(...c.choices.map((x) => x.score)));
    }
    return sum / this.tables.outcomes[dice];
  }

  /** Every legal set-aside for a roll made at (total, dice), ranked by expected final score. */
  rankSetAsides(total: number, dice: number, rollText: string) {
    this.checkState(total, dice);
    const counts = parseRoll(this.tables, rollText);
    const n = counts.reduce((a, b) => a + b, 0);
    if (n !== dice) throw new UserError(`--roll has ${n} dice but --dice is ${dice}`);
    const iw = this.rules.instantWin;
    if (iw && counts[this.rules.faces.findIndex((f) => f.id === iw.face)] >= iw.count) {
      return { bust: false, instantWin: iw.name, options: [] };
    }
    const S = this.tables.dice + 1;
    const options = optionsFor(this.tables, counts).map((o) => {
      const nt = total + o.score;
      const nn = nextDice(this.tables, dice, o.used);
      const ti = nt / this.unit;
      const canStop = nt >= this.rules.minimumBank;
      const rollEv = nn === 0 ? null : ti <= this.solution.cap ? this.solution.rollValue[ti * S + nn] : this.rollValueBeyondCap(nt, nn);
      const ev = rollEv === null ? nt : canStop ? Math.max(nt, rollEv) : rollEv;
      return {
        setAside: o.kept.flatMap((k, f) => Array<string>(k).fill(this.rules.faces[f].id)).join(','),
        score: o.score,
        newTotal: nt,
        diceLeft: nn,
        then: rollEv === null || (canStop && nt >= rollEv) ? 'stop' : 'roll',
        ev,
      };
    });
    options.sort((a, b) => b.ev - a.ev || a.setAside.localeCompare(b.setAside));
    return { bust: options.length === 0, instantWin: null, options };
  }
}

function optionsFor(tables: Tables, counts: number[]) {
  return tables.scorer.options(counts);
}


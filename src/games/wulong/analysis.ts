import { fractionText } from '../../core/stats.js';
import { UserError } from '../../core/errors.js';
import type { WulongRules } from './rules.js';
import type { PolicySpec } from './policy.js';
import { compileTables, parseRoll, Scorer, type Tables } from './tables.js';
import { expectedTurnScore, finalDistribution, nextDice, reachable, solve, type FinalDistribution, type Solution } from './solver.js';

export const OPTIMAL: PolicySpec = { name: 'optimal', stop: { kind: 'optimal' }, choice: 'best' };

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
    this.tables = compileTables(rules);
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

  distribution(total = 0, dice = this.tables.dice): FinalDistribution {
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

const scorers = new WeakMap<Tables, Scorer>();
function optionsFor(tables: Tables, counts: number[]) {
  let s = scorers.get(tables);
  if (!s) scorers.set(tables, (s = new Scorer(tables.rules)));
  return s.options(counts);
}


import type { PolicySpec } from './policy.js';
import type { Tables } from './tables.js';

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
function nextDice(tables: Tables, n: number, used: number): number {
  if (used < n) return n - used;
  return tables.rules.hotDice ? tables.dice : 0;
}

/** The one-stage look-ahead cap (in score points) for optimal play. */
function lookaheadCap(tables: Tables): number {
  let cap = 0;
  for (let n = 1; n <= tables.dice; n++) {
    let gain = 0, bust = 0;
    for (const c of tables.classes[n]) {
      const p = c.weight / tables.outcomes[n];
      if (c.bust) bust += p;
      else if (c.instantWin) gain += p * tables.rules.instantWin!.value;
      else gain += p * Math.max(...c.choices.map((x) => x.score));
    }
    if (bust === 0) return Infinity;
    cap = Math.max(cap, gain / bust);
  }
  return cap;
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
  if (!Number.isFinite(capScore)) throw new Error('some dice count can never bust: the turn never has to end');
  const cap = Math.ceil(capScore / unit) + 1;
  const S = N + 1;
  const classOffset = [0];
  for (let n = 1; n <= N; n++) classOffset.push(classOffset[n - 1] + tables.classes[n - 1].length);
  const classTotal = classOffset[N] + tables.classes[N].length;
  const value = new Float64Array((cap + 1) * S);
  const rollValue = new Float64Array((cap + 1) * S);
  const stop = new Uint8Array((cap + 1) * S);
  const choice = new Uint8Array((cap + 1) * classTotal);
  let maxGain = 0;
  for (let n = 1; n <= N; n++) for (const c of tables.classes[n]) for (const ch of c.choices) maxGain = Math.max(maxGain, ch.score / unit);
  const instant = rules.instantWin?.value ?? 0;
  const valueAt = (t: number, n: number) => (n === 0 || t > cap ? t * unit : value[t * S + n]);

  for (let t = cap; t >= 0; t--) {
    value[t * S] = t * unit;
    stop[t * S] = 1;
    for (let n = 1; n <= N; n++) {
      let sum = 0;
      const list = tables.classes[n];
      for (let c = 0; c < list.length; c++) {
        const cls = list[c];
        if (cls.bust) continue;
        if (cls.instantWin) {
          sum += cls.weight * (t * unit + instant);
          continue;
        }
        let bestIdx = 0, best = -Infinity;
        if (policy.choice === 'keep-all') {
          bestIdx = cls.choices.length - 1;
          const ch = cls.choices[bestIdx];
          best = valueAt(t + ch.score / unit, nextDice(tables, n, ch.used));
        } else {
          for (let k = 0; k < cls.choices.length; k++) {
            const ch = cls.choices[k];
            const v = valueAt(t + ch.score / unit, nextDice(tables, n, ch.used));
            if (v > best) [best, bestIdx] = [v, k];
          }
        }
        choice[t * classTotal + classOffset[n] + c] = bestIdx;
        sum += cls.weight * best;
      }
      const roll = sum / tables.outcomes[n];
      const total = t * unit;
      const mayStop = total >= rules.minimumBank;
      const st = policy.stop;
      const stops =
        t === cap ||
        (mayStop &&
          (st.kind === 'optimal' ? total >= roll : st.kind === 'threshold' ? total >= st.total : total >= st.totals[Math.min(n, st.totals.length) - 1]));
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
      const list = tables.classes[n];
      for (let c = 0; c < list.length; c++) {
        const cls = list[c];
        const p = (m * cls.weight) / tables.outcomes[n];
        if (cls.bust) {
          bust += p;
          continue;
        }
        if (cls.instantWin) {
          instantWin += p;
          instantWinTotal += p * t * unit;
          continue;
        }
        // beyond the cap every policy stops; choose the highest score there (what 'best' does when stopping)
        const ch = cls.choices[t <= cap ? s.choice[t * s.classTotal + s.classOffset[n] + c] : s.policy.choice === 'keep-all' ? cls.choices.length - 1 : bestNow(cls.choices)];
        const nt = t + ch.score / unit;
        const nn = nextDice(tables, n, ch.used);
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
  const N = tables.dice, S = N + 1, unit = tables.unit;
  const seen = new Uint8Array((capIndex + 1) * S);
  seen[N] = 1;
  for (let t = 0; t <= capIndex; t++) {
    for (let n = 1; n <= N; n++) {
      if (!seen[t * S + n]) continue;
      for (const cls of tables.classes[n]) {
        if (cls.bust || cls.instantWin) continue;
        for (const ch of cls.allChoices) {
          const nt = t + ch.score / unit, nn = nextDice(tables, n, ch.used);
          if (nt <= capIndex) seen[nt * S + nn] = 1;
        }
      }
    }
  }
  return seen;
}

export { nextDice };

import type { Rng } from '../../core/rng.js';
import { meanEstimate, proportion, type MeanEstimate, type Proportion } from '../../core/stats.js';
import type { Kernel } from '../../parallel/kernel.js';
import type { WulongRules } from './rules.js';
import type { PolicySpec } from './policy.js';
import { compileTables } from './tables.js';
import { nextDice, solve } from './solver.js';

export interface TurnSimParams {
  rules: WulongRules;
  policy: PolicySpec;
}

/**
 * The turn simulator's flat tables: one bounded draw per roll picks an ordered roll of n dice,
 * a lookup gives its class, another the next state under the policy. Nothing is allocated per roll.
 */
export interface TurnSimTables {
  unit: number;
  dice: number;
  cap: number;
  classTotal: number;
  instantValue: number;
  /** faces^n */
  outcomes: Int32Array;
  /** offset of n's ordered-roll map in classOfRoll, and of n's classes in the class arrays */
  rollOffset: Int32Array;
  classOffset: Int32Array;
  classOfRoll: Uint16Array;
  /** per global class: 0 scoring, 1 bust, 2 instant win */
  kind: Uint8Array;
  /** next total index / dice to roll after the policy's set-aside: [t * classTotal + g] */
  nextTotal: Int32Array;
  nextDice: Uint8Array;
  /** 1 where the policy stops: [t * (dice + 1) + n] */
  stop: Uint8Array;
  /** histogram bins (one per unit of final score) */
  bins: number;
}

export function buildSimTables(rules: WulongRules, policy: PolicySpec): TurnSimTables {
  const tables = compileTables(rules);
  const sol = solve(tables, policy);
  const N = tables.dice, C = sol.classTotal, cap = sol.cap;
  const outcomes = new Int32Array(N + 1), rollOffset = new Int32Array(N + 1), classOffset = new Int32Array(N + 1);
  let off = 0;
  for (let n = 1; n <= N; n++) {
    outcomes[n] = tables.outcomes[n];
    rollOffset[n] = off;
    off += tables.outcomes[n];
    classOffset[n] = sol.classOffset[n];
  }
  const classOfRoll = new Uint16Array(off);
  for (let n = 1; n <= N; n++) classOfRoll.set(tables.classOfRoll[n], rollOffset[n]);
  const kind = new Uint8Array(C);
  const nextTotal = new Int32Array((cap + 1) * C);
  const nextDiceArr = new Uint8Array((cap + 1) * C);
  for (let n = 1; n <= N; n++) {
    tables.classes[n].forEach((cls, c) => {
      const g = classOffset[n] + c;
      kind[g] = cls.bust ? 1 : cls.instantWin ? 2 : 0;
      if (kind[g]) return;
      for (let t = 0; t <= cap; t++) {
        const ch = cls.choices[sol.choice[t * C + g]];
        nextTotal[t * C + g] = t + ch.score / tables.unit;
        nextDiceArr[t * C + g] = nextDice(tables, n, ch.used);
      }
    });
  }
  return {
    unit: tables.unit, dice: N, cap, classTotal: C, instantValue: rules.instantWin?.value ?? 0,
    outcomes, rollOffset, classOffset, classOfRoll, kind, nextTotal, nextDice: nextDiceArr, stop: sol.stop,
    bins: cap + sol.maxGain + 2,
  };
}

/**
 * Accumulator layout: counts only, so the loop does small-integer work in every JIT tier (no
 * boxed doubles, hence no allocation even before it is optimized). Means and variances come from
 * the histograms: final scores by total index, and instant wins by the total they happened at.
 */
export const ACC = { turns: 0, instantWins: 1, rolls: 2, busts: 3, hist: 4 } as const;
export const accLength = (T: TurnSimTables) => ACC.hist + 2 * T.bins;

/**
 * Play `count` turns from (total index t0, n0 dice to roll) under the tables' policy and add them
 * to `acc`. Allocation-free: small integers and typed arrays only.
 */
export function playTurns(T: TurnSimTables, rng: Rng, count: number, acc: Float64Array, t0 = 0, n0 = T.dice): void {
  const { cap, classTotal, outcomes, rollOffset, classOffset, classOfRoll, kind, nextTotal, nextDice: nd, stop } = T;
  const S = T.dice + 1, lastBin = T.bins - 1, hist = ACC.hist, instHist = ACC.hist + T.bins;
  let rolls = 0;
  for (let i = 0; i < count; i++) {
    let t = t0, n = n0;
    for (;;) {
      rolls++;
      const g = classOffset[n] + classOfRoll[rollOffset[n] + rng.below(outcomes[n])];
      const k = kind[g];
      if (k === 1) {
        acc[hist]++;
        acc[ACC.busts]++;
        break;
      }
      if (k === 2) {
        acc[instHist + t]++;
        acc[ACC.instantWins]++;
        break;
      }
      const j = t * classTotal + g;
      t = nextTotal[j];
      n = nd[j];
      if (n === 0 || t > cap || stop[t * S + n] === 1) {
        acc[hist + (t < lastBin ? t : lastBin)]++;
        break;
      }
    }
    if (rolls > 1 << 28) {
      acc[ACC.rolls] += rolls;
      rolls = 0;
    }
  }
  acc[ACC.turns] += count;
  acc[ACC.rolls] += rolls;
}

/** Count, sum and sum of squares of final scores in an accumulator. */
export function scoreMoments(T: TurnSimTables, acc: Float64Array): { n: number; sum: number; sumSq: number } {
  let sum = 0, sumSq = 0;
  for (let i = 0; i < T.bins; i++) {
    const normal = i * T.unit, instant = i * T.unit + T.instantValue;
    sum += acc[ACC.hist + i] * normal + acc[ACC.hist + T.bins + i] * instant;
    sumSq += acc[ACC.hist + i] * normal * normal + acc[ACC.hist + T.bins + i] * instant * instant;
  }
  return { n: acc[ACC.turns], sum, sumSq };
}

const cache = new Map<string, TurnSimTables>();
export function simTablesFor(params: TurnSimParams): TurnSimTables {
  const key = JSON.stringify(params);
  let t = cache.get(key);
  if (!t) {
    if (cache.size > 16) cache.clear();
    cache.set(key, (t = buildSimTables(params.rules, params.policy)));
  }
  return t;
}

export interface TurnSimResult {
  rules: string;
  policy: string;
  turns: number;
  /** mean final turn score (an instant win counts as turn total + its value) */
  mean: number;
  se: number;
  ci95: [number, number];
  sd: number;
  bust: Proportion;
  instantWin: Proportion;
  rollsPerTurn: number;
  /** probability of each betting card's band, with Wilson intervals */
  bands: { card: string; name: string; range: string; probability: number; se: number; ci95: [number, number] }[];
}

export const turnKernel: Kernel<TurnSimParams, TurnSimResult> = {
  name: 'wulong.turn',
  run(params, rng, count) {
    const T = simTablesFor(params);
    const acc = new Float64Array(accLength(T));
    playTurns(T, rng, count, acc);
    return acc;
  },
  summarize(params, acc) {
    const T = simTablesFor(params);
    const { n, sum, sumSq } = scoreMoments(T, acc);
    const m: MeanEstimate = meanEstimate(n, sum, sumSq);
    const bands = params.rules.bettingCards.map((c) => {
      let k = 0;
      for (let i = Math.ceil(c.min / T.unit); i < T.bins && (c.max === null || i * T.unit <= c.max); i++) k += acc[ACC.hist + i];
      const p = proportion(k, n);
      return { card: c.id, name: c.name, range: c.max === null ? `${c.min}+` : c.min === c.max ? `${c.min}` : `${c.min}-${c.max}`, probability: p.p, se: p.se, ci95: p.ci95 };
    });
    return {
      rules: params.rules.name,
      policy: params.policy.name,
      turns: n,
      mean: m.mean,
      se: m.se,
      ci95: m.ci95,
      sd: m.sd,
      bust: proportion(acc[ACC.busts], n),
      instantWin: proportion(acc[ACC.instantWins], n),
      rollsPerTurn: acc[ACC.rolls] / n,
      bands,
    };
  },
  format(r) {
    const lines = [
      `${r.policy} on ${r.rules}: ${r.turns} turns`,
      `mean final score ${r.mean.toFixed(1)} ± ${r.se.toFixed(1)} (SE), 95% CI [${r.ci95[0].toFixed(1)}, ${r.ci95[1].toFixed(1)}]`,
      `bust ${(r.bust.p * 100).toFixed(3)}%  instant win ${(r.instantWin.p * 100).toFixed(4)}%  rolls/turn ${r.rollsPerTurn.toFixed(3)}`,
      'bands:',
      ...r.bands.map((b) => `  ${b.name.padEnd(22)} ${b.range.padStart(11)}  ${(b.probability * 100).toFixed(3)}%  [${(b.ci95[0] * 100).toFixed(3)}, ${(b.ci95[1] * 100).toFixed(3)}]`),
    ];
    return lines.join('\n');
  },
};

/**
 * The turn engine: the turn simulator's flat tables (one bounded draw per roll, a class lookup and a
 * step lookup) and the allocation-free loop that plays turns with them. The turn kernel
 * (kernels.ts) runs it in shards; the full game (game/engine.ts) rolls with the same tables.
 */
import type { Rng } from '../../../core/rng.js';
import type { WulongRules } from './rules.js';
import { Memo } from '../../../core/memo.js';
import { defineLayout, type Layout } from '../../../core/accumulator.js';
import type { PolicySpec } from './strategy.js';
import { tablesFor } from './tables.js';
import { nextDice, solve } from './exact.js';

/** What a roll of a given class does to the turn, whatever the policy: the `kind` of each roll class. */
export const ROLL = { scoring: 0, bust: 1, instantWin: 2 } as const;

/**
 * The turn kernel's accumulator: counts only, so the loop does small-integer work in every JIT
 * tier (no boxed doubles, hence no allocation even before it is optimized). Means and variances
 * come from the histograms: final scores by total index (`final`, index 0: busts), then instant
 * wins by the total they happened at (`instant`).
 */
export type TurnLayout = Layout<'turns' | 'rolls' | 'final' | 'instant'>;
export function turnLayout(bins: number): TurnLayout {
  return defineLayout({ turns: 1, rolls: 1, final: bins, instant: bins });
}

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
  /** per global class: ROLL.scoring, ROLL.bust or ROLL.instantWin */
  kind: Uint8Array;
  /** next total index / dice to roll after the policy's set-aside: [t * classTotal + g] */
  nextTotal: Int32Array;
  nextDice: Uint8Array;
  /** 1 where the policy stops: [t * (dice + 1) + n] */
  stop: Uint8Array;
  /** histogram bins (one per unit of final score) */
  bins: number;
  /**
   * The whole step in one lookup, [t * classTotal + g]: ≥ 0, the next state ((total × classTotal) << 4 | dice);
   * < 0, the turn is over and −code − 1 is its accumulator bin: final score bins first (bin 0 is
   * a bust), then instant-win bins by the total they came at.
   */
  step: Int32Array;
  /** global roll class of each ordered roll: classOffset[n] + classOfRoll[rollOffset[n] + i] */
  rollClass: Uint16Array;
  /** the accumulator's named slots for these bins */
  layout: TurnLayout;
}

/** The dice count whose ordered rolls hold position i of the concatenated roll maps. */
function rollDice(rollOffset: Int32Array, N: number, i: number): number {
  let n = 1;
  while (n < N && rollOffset[n + 1] <= i) n++;
  return n;
}

export function buildSimTables(rules: WulongRules, policy: PolicySpec): TurnSimTables {
  const tables = tablesFor(rules);
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
      kind[g] = cls.bust ? ROLL.bust : cls.instantWin ? ROLL.instantWin : ROLL.scoring;
      if (kind[g] !== ROLL.scoring) return;
      for (let t = 0; t <= cap; t++) {
        const ch = cls.choices[sol.choice[t * C + g]];
        nextTotal[t * C + g] = t + ch.score / tables.unit;
        nextDiceArr[t * C + g] = nextDice(tables, n, ch.used);
      }
    });
  }
  const bins = cap + sol.maxGain + 2;
  if (N > 15) throw new Error('the step table packs the dice count in 4 bits');
  const step = new Int32Array((cap + 1) * C);
  for (let t = 0; t <= cap; t++) {
    for (let g = 0; g < C; g++) {
      const j = t * C + g;
      const nt = nextTotal[j], nn = nextDiceArr[j];
      if (kind[g] === ROLL.bust) step[j] = -1;
      else if (kind[g] === ROLL.instantWin) step[j] = -(1 + bins + t);
      else if (nn === 0 || nt > cap || sol.stop[nt * (N + 1) + nn] === 1) step[j] = -(1 + Math.min(nt, bins - 1));
      else step[j] = ((nt * C) << 4) | nn;
    }
  }
  return {
    unit: tables.unit, dice: N, cap, classTotal: C, instantValue: rules.instantWin?.value ?? 0,
    outcomes, rollOffset, classOffset, classOfRoll, kind, nextTotal, nextDice: nextDiceArr, stop: sol.stop,
    bins, step, rollClass: classOfRoll.map((c, i) => c + classOffset[rollDice(rollOffset, N, i)]),
    layout: turnLayout(bins),
  };
}

/** The fixed slots of every turn layout, by name (`hist` is where the final-score histogram starts): kept for library users. */
const FIXED = turnLayout(0).offset;
export const ACC = { turns: FIXED.turns, rolls: FIXED.rolls, hist: FIXED.final } as const;
export const accLength = (T: TurnSimTables) => T.layout.length;

/**
 * Play `count` turns from (total index t0, n0 dice to roll) under the tables' policy and add them
 * to `acc`. Per roll: one bounded draw for all the dice, its roll class, and one step lookup.
 * Allocation-free: small integers and typed arrays only.
 */
export function playTurns(T: TurnSimTables, rng: Rng, count: number, acc: Float64Array, t0 = 0, n0 = T.dice): void {
  const { outcomes, rollOffset, rollClass, step } = T;
  const { turns: turnsAt, rolls: rollsAt, final: finalAt } = T.layout.offset;
  const start = t0 * T.classTotal;
  // one flat loop over rolls: tc is the turn total times classTotal (the step table's row)
  let tc = start, n = n0, turns = 0, rolls = 0;
  while (turns < count) {
    rolls++;
    const code = step[tc + rollClass[rollOffset[n] + rng.below(outcomes[n])]];
    if (code < 0) {
      // −code − 1 is the bin: the final-score bins, then the instant-win bins right after them
      acc[finalAt - 1 - code]++;
      turns++;
      tc = start;
      n = n0;
      if (rolls > 1 << 28) {
        acc[rollsAt] += rolls;
        rolls = 0;
      }
    } else {
      tc = code >> 4;
      n = code & 15;
    }
  }
  acc[turnsAt] += count;
  acc[rollsAt] += rolls;
}

/** Busts and instant wins in an accumulator. */
export function outcomeCounts(T: TurnSimTables, acc: Float64Array): { busts: number; instantWins: number } {
  const { final, instant } = T.layout.offset;
  let instantWins = 0;
  for (let i = 0; i < T.bins; i++) instantWins += acc[instant + i];
  return { busts: acc[final], instantWins };
}

/** Count, sum and sum of squares of final scores in an accumulator. */
export function scoreMoments(T: TurnSimTables, acc: Float64Array): { n: number; sum: number; sumSq: number } {
  const L = T.layout.offset;
  let sum = 0, sumSq = 0;
  for (let i = 0; i < T.bins; i++) {
    const normal = i * T.unit, instant = i * T.unit + T.instantValue;
    sum += acc[L.final + i] * normal + acc[L.instant + i] * instant;
    sumSq += acc[L.final + i] * normal * normal + acc[L.instant + i] * instant * instant;
  }
  return { n: acc[L.turns], sum, sumSq };
}

const simTables = new Memo<TurnSimTables>(16);
/** The simulator's tables for these params, built once per thread. */
export function simTablesFor(params: TurnSimParams): TurnSimTables {
  return simTables.get(JSON.stringify(params), () => buildSimTables(params.rules, params.policy));
}

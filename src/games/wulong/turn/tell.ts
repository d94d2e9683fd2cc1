import { Memo } from '../../../core/memo.js';
import type { WulongRules } from './rules.js';
import type { PolicySpec } from './strategy.js';
import { TurnAnalysis, bettingCards } from './exact.js';
import { buildSimTables, ROLL, type TurnSimTables } from './engine.js';

/*
 * Reading the active player (issue 16, item 1): exact card odds given a tell.
 *
 * The signal. After each hidden roll the passive players (all of them, the same signal) read a
 * roll class s of the dice just rolled: with probability a (`betting.readAccuracy`) the true class
 * g, otherwise an independent draw from the prior of n-dice rolls. Since the noise is drawn from
 * the prior, P(s | g) = a·[s = g] + (1 − a)·P(s), and Bayes gives the posterior of the hidden roll
 * P(g | s) = a·[g = s] + (1 − a)·P(g): a mixture of "the roll is s" and "no information". Hence
 * every card's conditional win probability is a·W(s) + (1 − a)·W, where W(s) is its win probability
 * when the roll is s and W the unconditional one. At a = 0 the signal carries nothing; at a = 1 the
 * bettors know the roll (not the later rolls). The roll class is what the betting decision needs:
 * it fixes the policy's set-aside and hence the state the turn continues from.
 */

/** Card odds by roll state and by (state, roll class), for one active policy. */
export interface TellTables {
  sim: TurnSimTables;
  cards: number;
  /** unconditional: [(t * (dice + 1) + n) * cards + c] and [t * (dice + 1) + n] (what the bettors know without a read) */
  winP: Float64Array;
  voidP: Float64Array;
  /** given the roll class g made at total index t: [(t * classTotal + g) * cards + c] and [t * classTotal + g] */
  rollWinP: Float64Array;
  rollVoidP: Float64Array;
}

/** The exact final-score distribution from every roll state, read as each card's win chance and the void chance. */
export function cardOddsByState(rules: WulongRules, sim: TurnSimTables, analysis: TurnAnalysis): { winP: Float64Array; voidP: Float64Array } {
  const S = sim.dice + 1, C = rules.bettingCards.length;
  const winP = new Float64Array((sim.cap + 1) * S * C);
  const voidP = new Float64Array((sim.cap + 1) * S);
  // an instant win voids the bets unless the rules settle them
  const voids = !!rules.instantWin && !rules.instantWin.betsSettled;
  for (let t = 0; t <= sim.cap; t++) {
    for (let n = 1; n <= sim.dice; n++) {
      const d = analysis.distribution(t * sim.unit, n);
      const cards = bettingCards(rules, d, sim.unit);
      for (let c = 0; c < C; c++) winP[(t * S + n) * C + c] = cards[c].probability;
      voidP[t * S + n] = voids ? d.instantWin : 0;
    }
  }
  return { winP, voidP };
}

/** The card (index) whose band holds a final score, or −1. */
export function cardOfScore(rules: WulongRules, score: number): number {
  return rules.bettingCards.findIndex((c) => score >= c.min && (c.max === null || score <= c.max));
}

/** Card odds once the roll class is known: what the turn does next under the policy, read off the state tables. */
export function cardOddsByRoll(rules: WulongRules, sim: TurnSimTables, winP: Float64Array, voidP: Float64Array): { rollWinP: Float64Array; rollVoidP: Float64Array } {
  const S = sim.dice + 1, C = rules.bettingCards.length, G = sim.classTotal;
  const rollWinP = new Float64Array((sim.cap + 1) * G * C);
  const rollVoidP = new Float64Array((sim.cap + 1) * G);
  const settled = !!rules.instantWin?.betsSettled;
  const bustCard = cardOfScore(rules, 0);
  const topCard = rules.bettingCards.findIndex((c) => c.max === null);
  for (let t = 0; t <= sim.cap; t++) {
    for (let g = 0; g < G; g++) {
      const j = t * G + g, o = j * C;
      if (sim.kind[g] === ROLL.bust) {
        if (bustCard >= 0) rollWinP[o + bustCard] = 1;
      } else if (sim.kind[g] === ROLL.instantWin) {
        // as bettingCards(): settled bets count the instant win in the open-ended top band
        if (!settled) rollVoidP[j] = 1;
        else if (topCard >= 0) rollWinP[o + topCard] = 1;
      } else {
        const nt = sim.nextTotal[j], nn = sim.nextDice[j];
        if (nn === 0 || nt > sim.cap || sim.stop[nt * S + nn] === 1) {
          const c = cardOfScore(rules, nt * sim.unit);
          if (c >= 0) rollWinP[o + c] = 1;
        } else {
          for (let c = 0; c < C; c++) rollWinP[o + c] = winP[(nt * S + nn) * C + c];
          rollVoidP[j] = voidP[nt * S + nn];
        }
      }
    }
  }
  return { rollWinP, rollVoidP };
}

export function buildTellTables(rules: WulongRules, policy: PolicySpec): TellTables {
  const sim = buildSimTables(rules, policy);
  const analysis = new TurnAnalysis(rules, policy);
  if (analysis.solution.cap !== sim.cap) throw new Error('turn analysis and simulator tables disagree on the cap');
  const { winP, voidP } = cardOddsByState(rules, sim, analysis);
  return { sim, cards: rules.bettingCards.length, winP, voidP, ...cardOddsByRoll(rules, sim, winP, voidP) };
}

const built = new Memo<TellTables>(16);
/** Tell tables, built once per (rules, policy) in this thread; the read accuracy is not part of them. */
export function tellTablesFor(rules: WulongRules, policy: PolicySpec): TellTables {
  const { betting: _betting, ...rest } = rules;
  return built.get(JSON.stringify([rest, policy]), () => buildTellTables(rules, policy));
}

/**
 * The posterior card odds after reading signal class `s` (a global roll class of n dice) at total
 * index t, with accuracy a: writes each card's win probability into out[0..cards-1] and the void
 * probability into out[cards]. Allocation-free (the simulator and the game engine call it per
 * roll); no double crosses the call, so nothing is boxed.
 */
export function readOdds(T: TellTables, t: number, n: number, s: number, a: number, out: Float64Array): void {
  const C = T.cards, S = T.sim.dice + 1;
  const i = t * S + n, j = t * T.sim.classTotal + s;
  for (let c = 0; c < C; c++) out[c] = a * T.rollWinP[j * C + c] + (1 - a) * T.winP[i * C + c];
  out[C] = a * T.rollVoidP[j] + (1 - a) * T.voidP[i];
}

export interface TellValue {
  accuracy: number;
  /** Σ over signals of P(signal) × the best card's EV per chip given it: what an exact bettor expects per chip at the opening bet */
  bestEvPerChip: number;
  /** share of signals (by probability) after which each card is the best pick */
  pickShare: { card: string; share: number }[];
  /** each card's opening EV per chip with no read (the unconditional odds) */
  unconditional: { card: string; evPerChip: number }[];
}

/**
 * The value of the read at the opening bet (total 0, all dice): exact, a sum over the signal's
 * roll classes weighted by their prior (the signal's marginal is the prior, whatever a is).
 */
export function openingTellValue(rules: WulongRules, policy: PolicySpec, a: number): TellValue {
  const T = tellTablesFor(rules, policy);
  const N = T.sim.dice, C = T.cards, from = T.sim.classOffset[N], odds = rules.bettingCards.map((c) => c.odds);
  const weights = new Float64Array(T.sim.classTotal);
  for (let i = 0; i < T.sim.outcomes[N]; i++) weights[from + T.sim.classOfRoll[T.sim.rollOffset[N] + i]]++;
  const out = new Float64Array(C + 1), share = new Float64Array(C);
  let best = 0;
  for (let g = from; g < T.sim.classTotal; g++) {
    if (weights[g] === 0) continue;
    const p = weights[g] / T.sim.outcomes[N];
    readOdds(T, 0, N, g, a, out);
    const v = out[C];
    let bc = 0, be = -Infinity;
    for (let c = 0; c < C; c++) {
      const ev = out[c] * odds[c] - (1 - out[c] - v);
      if (ev > be) [be, bc] = [ev, c];
    }
    best += p * be;
    share[bc] += p;
  }
  const v0 = T.voidP[N];
  return {
    accuracy: a,
    bestEvPerChip: best,
    pickShare: rules.bettingCards.map((c, k) => ({ card: c.id, share: share[k] })),
    unconditional: rules.bettingCards.map((c, k) => ({ card: c.id, evPerChip: T.winP[N * C + k] * c.odds - (1 - T.winP[N * C + k] - v0) })),
  };
}

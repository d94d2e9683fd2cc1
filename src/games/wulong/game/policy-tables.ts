import { Memo } from '../../../core/memo.js';
import type { WulongRules } from '../turn/rules.js';
import type { PolicySpec } from '../turn/strategy.js';
import type { Tables } from '../turn/tables.js';
import { TurnAnalysis } from '../turn/exact.js';
import { cardOddsByRoll, cardOddsByState, type TellTables } from '../turn/tell.js';
import { buildSimTables, ROLL, type TurnSimTables } from '../turn/engine.js';

/**
 * One active policy's tables, for the full game's betting phases: the turn simulator's roll-step
 * tables and, for every state a roll is made from (total index t ≤ cap, n dice), each card's exact
 * win probability and the chance that the turn's bets are voided (an unsettled instant win), and
 * the same once the roll just made is known (for the tell, turn/tell.ts).
 * Betting decisions are then lookups. Built in named steps by buildPolicyTables below.
 */
export interface PolicyTables extends TellTables {
  policy: PolicySpec;
  sim: TurnSimTables;
  /** [(t * (dice + 1) + n) * cards + c] */
  winP: Float64Array;
  /** [t * (dice + 1) + n] */
  voidP: Float64Array;
  /** probability that a roll is made at (t, n) during a turn: [t * (dice + 1) + n]; sums to the expected rolls per turn */
  occupancy: Float64Array;
}

/** Step 2 (step 1, each card's odds by roll state, is turn/tell.ts cardOddsByState): the number of ordered rolls in each global roll class (the simulator's class numbering). */
function classWeights(sim: TurnSimTables, tables: Tables): Float64Array {
  const weight = new Float64Array(sim.classTotal);
  for (let n = 1; n <= sim.dice; n++) tables.classes[n].forEach((c, i) => (weight[sim.classOffset[n] + i] = c.weight));
  return weight;
}

/** Step 3: how often the active player rolls from each state (t ≤ cap, n dice): a forward pass over the roll-step tables. */
export function rollOccupancy(sim: TurnSimTables, classWeight: Float64Array): Float64Array {
  const S = sim.dice + 1, N = sim.dice;
  const occ = new Float64Array((sim.cap + 1) * S);
  occ[N] = 1;
  for (let t = 0; t <= sim.cap; t++) {
    for (let n = 1; n <= N; n++) {
      const m = occ[t * S + n];
      if (m === 0) continue;
      const from = sim.classOffset[n], to = n < N ? sim.classOffset[n + 1] : sim.classTotal;
      for (let g = from; g < to; g++) {
        if (sim.kind[g] !== ROLL.scoring) continue; // a bust or an instant win ends the turn
        const j = t * sim.classTotal + g;
        const nt = sim.nextTotal[j], nn = sim.nextDice[j];
        if (nn === 0 || nt > sim.cap || sim.stop[nt * S + nn] === 1) continue;
        occ[nt * S + nn] += (m * classWeight[g]) / sim.outcomes[n];
      }
    }
  }
  return occ;
}

/** The tables of one active policy: roll steps, card odds by state, then the steps above. */
export function buildPolicyTables(rules: WulongRules, policy: PolicySpec): PolicyTables {
  const sim = buildSimTables(rules, policy);
  const analysis = new TurnAnalysis(rules, policy);
  if (analysis.solution.cap !== sim.cap) throw new Error('turn analysis and simulator tables disagree on the cap');
  const { winP, voidP } = cardOddsByState(rules, sim, analysis);
  // the card odds once a roll is read (the tell): what a passive player's posterior mixes in
  const { rollWinP, rollVoidP } = cardOddsByRoll(rules, sim, winP, voidP);
  return { policy, sim, cards: rules.bettingCards.length, winP, voidP, rollWinP, rollVoidP, occupancy: rollOccupancy(sim, classWeights(sim, analysis.tables)) };
}

/**
 * The expected net chips, per unit raised, of raising one unit on card c at every later betting
 * phase where its conditional EV is positive: Σ over roll states s after the first of
 * occupancy(s) × max(0, EV_c(s)). With the `min` raise rule (one minimum bet per favourable phase)
 * this is the exact value, in minimum bets, that the card's later raises add to the opening bet.
 */
export function raiseValue(pol: PolicyTables, c: number, odds: number, S: number, C: number): number {
  let v = 0;
  for (let t = 0; t <= pol.sim.cap; t++) {
    for (let n = 1; n < S; n++) {
      const i = t * S + n;
      if (i === pol.sim.dice || pol.occupancy[i] === 0) continue; // the opening roll is the bet itself
      const p = pol.winP[i * C + c];
      const ev = p * odds - (1 - p - pol.voidP[i]);
      if (ev > 0) v += pol.occupancy[i] * ev;
    }
  }
  return v;
}

const built = new Memo<PolicyTables>(32);
/** Policy tables, built once per (rules, policy) in this thread. */
export function policyTablesFor(rules: WulongRules, policy: PolicySpec): PolicyTables {
  // the tables depend on the cards' ranges, not their odds: an odds sweep compiles them once
  const ranges = rules.bettingCards.map((c) => [c.min, c.max]);
  const key = JSON.stringify([rules.faces, rules.straights, rules.threePairs, rules.hotDice, rules.minimumBank, rules.instantWin, ranges, rules.dice, policy.stop, policy.choice]);
  return built.get(key, () => buildPolicyTables(rules, policy));
}

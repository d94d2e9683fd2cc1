/**
 * Weilong's named questions (src/report/question.ts), asked by `oddsmith weilong …`, the report pages
 * and the workbench. The simulated check of `odds` runs the `weilong.turn` kernel through
 * `ctx.simulate`, so its --seed means what it means in every simulation (shard i draws from (seed, i)).
 */
import { textTable, type Row } from '../../core/format.js';
import { defineQuestion, simulateIn, type Question } from '../../report/question.js';
import { checkCollected, turnOddsUnder, type TurnOdds } from './exact.js';
import type { WeilongRules } from './rules.js';
import type { TurnSimResult } from './summary.js';
import { getStrategy, REGISTRY } from './strategies/index.js';

/** The strategies a turn can be solved under: [name, "name — what it does"] (the workbench's choice). */
export const STRATEGY_CHOICES: readonly (readonly [string, string])[] = REGISTRY.all.map((r) => [r.name, r.usage] as const);

/**
 * Exact single-turn odds for Son `son` (1..5) from Collected `counts` (by face, index 1..6) under
 * the named strategy, with the Son's ability on or off (exact.ts's solver, the strategy looked up).
 */
export function turnOdds(rules: WeilongRules, son: number, counts: number[], strategyName: string, ability = true): TurnOdds {
  checkCollected(son, counts);
  return turnOddsUnder(rules, son, counts, getStrategy(strategyName), ability);
}

const TURN_KERNEL = 'weilong.turn';
const f = (x: number, d = 3) => (Number.isFinite(x) ? x.toFixed(d) : '-');

export interface OddsParams {
  rules: WeilongRules;
  /** the Sons asked about, 1..5 (one, or all five) */
  sons: number[];
  /** Collected counts by face, index 1..6 */
  collected: number[];
  strategy: string;
  ability: boolean;
  /** also simulate this many turns per Son (0: exact only), at this seed and shard count */
  simulate: number;
  seed: number;
  shardCount: number;
}

/** The simulated check of one Son's odds: estimates, each with z = (estimate − exact) / standard error. */
export interface SimulatedTurns {
  turns: number;
  pElement: number;
  pDragon: number;
  expectedCollected: number;
  pEndAtOnce: number;
  zElement: number;
  zDragon: number;
  zCollected: number;
  zEndAtOnce: number;
}

export type OddsEntry = TurnOdds & { simulated?: SimulatedTurns };

function oddsRow(o: TurnOdds): Row {
  return {
    son: o.son, name: o.name, collected: o.collected.join(',') || 'none', supply: o.supply, strategy: o.strategy, ability: o.ability,
    pElement: o.pElement, pDragon: o.pDragon, pFinish: o.pFinish, expectedCollected: o.expectedCollected, pEndAtOnce: o.pEndAtOnce, expectedRolls: o.expectedRolls,
  };
}

export const odds = defineQuestion<OddsParams, OddsEntry[]>({
  name: 'odds',
  summary: 'exact single-turn odds from a Collected set: five of the element or a Dragon this turn, dice collected, turn ending at once',
  exact: true,
  answer: async (p, ctx) => {
    const out: OddsEntry[] = [];
    for (const son of p.sons) {
      const o = turnOdds(p.rules, son, p.collected, p.strategy, p.ability);
      if (!p.simulate) {
        out.push(o);
        continue;
      }
      const s = await simulateIn<TurnSimResult>(ctx, TURN_KERNEL, { rules: p.rules, son, strategy: p.strategy, collected: p.collected, ability: p.ability }, p.simulate, { seed: p.seed, shardCount: p.shardCount });
      const n = s.trials;
      // a proportion's z against its exact value uses the exact variance p(1 − p)/n
      const z = (est: number, exact: number) => (est - exact) / Math.sqrt(Math.max(exact * (1 - exact), 1e-300) / n);
      out.push({
        ...o,
        simulated: {
          turns: n,
          pElement: s.pElement.p, pDragon: s.pDragon.p, expectedCollected: s.expectedCollected.mean, pEndAtOnce: s.pEndAtOnce.p,
          zElement: z(s.pElement.p, o.pElement), zDragon: z(s.pDragon.p, o.pDragon),
          zCollected: (s.expectedCollected.mean - o.expectedCollected) / s.expectedCollected.se,
          zEndAtOnce: z(s.pEndAtOnce.p, o.pEndAtOnce),
        },
      });
    }
    return out;
  },
  text: (results, p) => {
    const lines = [`one turn from Collected ${results[0].collected.join(',') || 'none'} (Supply ${results[0].supply}), strategy ${p.strategy}, ability ${p.ability ? 'on' : 'off'} — exact:`];
    lines.push(textTable(results.map((o) => ({
      Son: o.name, 'five-of-element': f(o.pElement, 6), Dragon: f(o.pDragon, 6), finish: f(o.pFinish, 6), 'dice collected': f(o.expectedCollected, 4), 'ends at once': f(o.pEndAtOnce, 6), rolls: f(o.expectedRolls, 4),
    }))));
    if (p.simulate) {
      lines.push('', `simulated ${p.simulate} turns a Son (seed ${p.seed}, ${p.shardCount} shards); estimates, each followed by (z) = (estimate − exact) / standard error:`);
      lines.push(textTable(results.map((o) => {
        const s = o.simulated!;
        return { Son: o.name, 'five-of-element': f(s.pElement, 6), '(z)': f(s.zElement, 2), Dragon: f(s.pDragon, 6), '(z) ': f(s.zDragon, 2), 'dice collected': f(s.expectedCollected, 4), ' (z)': f(s.zCollected, 2), 'ends at once': f(s.pEndAtOnce, 6), ' (z) ': f(s.zEndAtOnce, 2) };
      })));
    }
    lines.push('', 'Solo turn: abilities acting on other players (Second/Fourth Son on an opponent, the Fifth Son\'s trade) have no one to act on.');
    return lines.join('\n');
  },
  rows: (results) => results.map(oddsRow),
});

/** Every question of the game, by name (the descriptor's `questions`). */
export const questions: Readonly<Record<string, Question<never, unknown>>> = { odds } as unknown as Record<string, Question<never, unknown>>;

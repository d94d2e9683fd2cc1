import { describe, expect, test } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { loadRules } from '../src/games/tichu/rules.js';
import { CHANCE, MAX_ACTIONS } from '../src/games/state.js';
import { TichuState, stateGame } from '../src/games/tichu/state.js';

/** Everything a tool can see of the state: every seat's information set, the question, the actions and their moves. */
function look(s: TichuState): string {
  const acts = new Int32Array(MAX_ACTIONS);
  const parts = [s.toString(), String(s.currentPlayer())];
  for (let seat = 0; seat < 4; seat++) parts.push(s.informationKey(seat));
  if (!s.isTerminal() && s.currentPlayer() !== CHANCE) {
    const n = s.legalActions(acts);
    for (let i = 0; i < n; i++) parts.push(s.actionText(acts[i]));
  } else if (s.isTerminal()) {
    const r = new Float64Array(4);
    s.returns(r);
    parts.push(Array.from(r).join(' '));
  }
  return parts.join('\n');
}

/**
 * Random play where after every step the state is compared with a copy of it (clone: the engine's
 * round and the step it stands at) and, from the deal, with the same actions applied to a fresh
 * round dealt by the same draws: stepping leaves what the whole sequence leaves. Returns the states met.
 */
function checkedPlay(s: TichuState, rng: Rng, branch: (s: TichuState) => void, deal: Rng | null): number {
  const acts = new Int32Array(MAX_ACTIONS);
  const taken: number[] = [];
  let steps = 0;
  while (!s.isTerminal()) {
    if (s.currentPlayer() === CHANCE) s.applyChance(rng);
    else {
      const a = acts[rng.below(s.legalActions(acts))];
      taken.push(a);
      s.applyAction(a);
    }
    const now = look(s);
    expect(look(s.clone())).toBe(now);
    if (deal && steps % 5 === 0) {
      const fresh = stateGame.newGame(s.rules, 4) as TichuState;
      const r = new Rng(1);
      r.s.set(deal.s);
      fresh.applyChance(r);
      for (const a of taken) fresh.applyAction(a);
      expect(look(fresh)).toBe(now);
    }
    steps++;
    if (steps % 17 === 0) branch(s);
  }
  return steps;
}

describe('tichu interface state: a step is the whole sequence of steps, a clone is the state', () => {
  const variants: [string, Record<string, unknown>][] = [
    ['default rules', {}],
    ['no out-of-turn bombs', { assumptions: { outOfTurnBombs: false } }],
  ];
  for (const [name, set] of variants) {
    test(name, () => {
      const base = loadRules();
      const rules = { ...base, ...set, assumptions: { ...base.assumptions, ...(set.assumptions as object ?? {}) } };
      const rng = new Rng(7);
      let steps = 0, branches = 0;
      for (let round = 0; round < 3; round++) {
        const deal = new Rng(1);
        deal.s.set(rng.s);
        steps += checkedPlay(stateGame.newGame(rules, 4) as TichuState, rng, (s) => {
          // a clone and a determinization played on: the same agreement
          const c = s.clone();
          expect(look(c)).toBe(look(s));
          branches++;
          if (!s.isTerminal() && s.currentPlayer() >= 0) checkedPlay(s.determinize(s.currentPlayer(), rng), rng, () => {}, null);
          checkedPlay(c, rng, () => {}, null);
        }, deal);
      }
      expect(steps).toBeGreaterThan(150);
      expect(branches).toBeGreaterThan(5);
    });
  }
});

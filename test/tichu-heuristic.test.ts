import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { Engine } from '../src/games/tichu/engine.js';
import { loadRules } from '../src/games/tichu/rules.js';
import { createStrategy, parseStrategySpec } from '../src/games/tichu/strategies/index.js';

const rules = loadRules();

/** Rounds where seat 0 is made to call Tichu while holding a bomb after passing: bombs played, and how often it went out first. */
function callerWithBomb(spec: string, rounds: number): { rounds: number; bombs: number; firstOut: number } {
  const rng = new Rng(41);
  const e = new Engine(rules, [0, 1, 2, 3].map(() => createStrategy(parseStrategySpec(spec), rules, rng)), rng);
  e.forceTichu[0] = 1;
  let n = 0, bombs = 0, first = 0;
  for (let i = 0; i < rounds; i++) {
    e.playRound();
    if (!e.bombAfterPass[0]) continue;
    n++;
    bombs += e.bombsPlayed;
    if (e.outOrder[0] === 0) first++;
  }
  return { rounds: n, bombs, firstOut: first };
}

describe('tichu heuristic: callerBomb', () => {
  it('is a parameter (0 or 1) of the heuristic spec', () => {
    expect(parseStrategySpec('heuristic:callerBomb=1').text).toContain('callerBomb=1');
    expect(() => parseStrategySpec('heuristic:callerBomb=2')).toThrow(/callerBomb/);
  });

  it('a caller holding a bomb spends it to keep the lead, and goes out first more often', () => {
    const off = callerWithBomb('heuristic', 3000), on = callerWithBomb('heuristic:callerBomb=1', 3000);
    // the same deals (same seed) up to the first difference in play; ~300 rounds with a bomb each
    expect(off.rounds).toBeGreaterThan(200);
    expect(on.bombs / on.rounds).toBeGreaterThan(off.bombs / off.rounds + 0.2);
    expect(on.firstOut / on.rounds).toBeGreaterThan(off.firstOut / off.rounds);
  });
});

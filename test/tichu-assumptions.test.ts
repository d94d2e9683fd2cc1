import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { checkAssumptions } from '../src/games/tichu/assumptions.js';
import { compareKernel } from '../src/games/tichu/kernels.js';
import { loadRules } from '../src/games/tichu/rules.js';
import { assumptionsText } from '../src/report/assumptions.js';

const H = ['heuristic', 'heuristic', 'heuristic', 'heuristic'];

describe('tichu assumptions', () => {
  it('the same rules on both sides: every round identical (common random numbers)', () => {
    const params = { rules: loadRules(), alt: loadRules(), strategies: H };
    const r = compareKernel.summarize(params, compareKernel.run(params, new Rng(5), 300), 300);
    expect(r.rounds).toBe(300);
    expect(r.scoreDiffers.p).toBe(0);
    expect(r.alt).toEqual(r.rules);
  });

  it('the rules side of a comparison equals the plain default whatever the alternative', () => {
    const a = { rules: loadRules(), alt: loadRules(undefined, ['assumptions.bombsAfterPasses=false']), strategies: H };
    const b = { rules: loadRules(), alt: loadRules(undefined, ['assumptions.wishAllowed=false']), strategies: H };
    const ra = compareKernel.summarize(a, compareKernel.run(a, new Rng(9), 300), 300);
    const rb = compareKernel.summarize(b, compareKernel.run(b, new Rng(9), 300), 300);
    expect(ra.rules).toEqual(rb.rules);
    expect(ra.scoreDiffers.p).toBeGreaterThan(0);
  });

  it('re-measures each finding at each alternative; Tichu out of turn decides no heuristic round, bombs after passes some', async () => {
    const r = await checkAssumptions({ rounds: 600, only: ['assumptions.bombsAfterPasses', 'assumptions.tichuOutOfTurn'] });
    expect(r.assumptions.map((a) => a.field)).toEqual(['assumptions.bombsAfterPasses', 'assumptions.tichuOutOfTurn']);
    const decided = r.checks.filter((c) => c.finding.startsWith('the choice changes'));
    expect(decided).toHaveLength(2);
    expect(decided[0].values[1].measured).not.toMatch(/^0\.0%/);
    // the heuristic's call depends only on its hand and its partner's call: asking out of turn changes nothing
    expect(decided[1].values[1].measured).toMatch(/^0\.0%/);
    for (const line of assumptionsText(r).split('\n')) expect(line.length).toBeLessThanOrEqual(100);
  });

  it('with --set the baseline is the rules in use and the alternative is the default', async () => {
    const r = await checkAssumptions({ rounds: 300, rules: loadRules(undefined, ['assumptions.bombsAfterPasses=false']), only: ['assumptions.bombsAfterPasses'] });
    expect(r.checks[0].values.map((v) => v.value)).toEqual(['false (--set)', 'default (true)']);
    expect(r.checks.at(-1)!.values[1].measured).not.toMatch(/^0\.0%/);
  });

  it('an unknown --only field is a user error naming the known ones', async () => {
    await expect(checkAssumptions({ rounds: 100, only: ['assumptions.nope'] })).rejects.toThrow(/unknown assumption "assumptions.nope" \(known: assumptions.bombsAfterPasses/);
  });
});

import { describe, expect, it } from 'vitest';
import { GAMES } from '../src/games/index.js';
import { reportQuestionContext } from '../src/report/experiment.js';
import { exploit, sweep } from '../src/games/liars-dice/questions.js';
import { loadRules } from '../src/games/liars-dice/rules.js';
import { rulesForVariant } from '../src/games/liars-dice/exact-play.js';
import '../src/games/liars-dice/kernels.js';
import { bust, bustOdds } from '../src/games/cant-stop/questions.js';
import { parseSums } from '../src/games/cant-stop/exact.js';
import { runCli } from './helpers/cli.js';
import { expectWithinSE } from './kit/within-se.js';
import type { TournamentResult } from '../src/games/liars-dice/kernels.js';

const ctx = reportQuestionContext({ reportsDir: '/nonexistent', workers: 1, quiet: true });

describe('named questions', () => {
  it('every declared question is listed under its own name and says what it answers', async () => {
    const declared = GAMES.filter((g) => g.questions);
    expect(declared.length).toBeGreaterThan(0);
    for (const g of declared) {
      const qs = await g.questions!();
      for (const [key, q] of Object.entries(qs)) {
        expect(q.name, `${g.id} ${key}`).toBe(key);
        expect(q.summary.length, `${g.id} ${key}`).toBeGreaterThan(10);
      }
    }
  });

  it('a question without a simulator refuses a simulation with a one-line UserError', async () => {
    const p = { rules: loadRules(), strategy: { name: 'threshold', params: {} }, param: 'callBelow', values: [0.3], field: [{ name: 'random', params: {} }], rounds: 100, seed: 1, shardCount: 2 };
    await expect(Promise.resolve().then(() => sweep.answer(p, { workers: 1 }))).rejects.toThrow(/cannot run here/);
  });

  it('liars sweep: the command line and a report context ask the same question (same points, bit for bit)', async () => {
    const p = { rules: loadRules(), strategy: { name: 'threshold', params: {} }, param: 'callBelow', values: [0.2, 0.5], field: [{ name: 'conservative', params: {} }, { name: 'random', params: {} }], rounds: 2000, seed: 3, shardCount: 4 };
    const fromReport = await sweep.answer(p, ctx);
    const cli = runCli(['liars', 'sweep', '--strategy', 'threshold', '--param', 'callBelow', '--values', '0.2,0.5', '--field', 'conservative,random', '--rounds', '2000', '--seed', '3', '--shard-count', '4', '--workers', '1', '--quiet', '--json']);
    expect(cli.stderr).toBe('');
    expect(JSON.parse(cli.stdout)).toEqual(JSON.parse(JSON.stringify(fromReport)));
  }, 60_000);

  it('liars exploit: the exact equilibrium-vs-bot penalties agree with the tournament simulator (4 SE)', async () => {
    const bot = { name: 'threshold', params: { outOfTurnBelow: 0 } };
    const r = await exploit.answer({ strategy: bot, variant: 'seed', dice: 1, sides: 6, target: 1e-3, maxIterations: 3000 }, ctx);
    expect(r.versusEquilibrium.equilibriumPenaltiesPerRound + r.versusEquilibrium.botPenaltiesPerRound).toBeCloseTo(1, 12);
    const t = await ctx.simulate!('liars-dice.tournament', { rules: rulesForVariant('seed', 1, 6), strategies: [{ name: 'equilibrium', params: {} }, bot] }, 20_000, { seed: 5, shardCount: 4 }) as TournamentResult;
    const e = t.seats[0].penaltiesPerRound;
    expectWithinSE(e.mean, r.versusEquilibrium.equilibriumPenaltiesPerRound, e.se, 4, 'equilibrium penalties per round against threshold');
  }, 60_000);

  it('weilong odds --simulate runs on the pool: the same for 1 and 2 workers, and within 4 SE of the exact odds', () => {
    const args = ['weilong', 'odds', '--collected', '3,4', '--strategy', 'dragon', '--simulate', '40000', '--seed', '2', '--quiet', '--json'];
    const one = runCli([...args, '--workers', '1']), two = runCli([...args, '--workers', '2']);
    expect(one.stderr).toBe('');
    expect(two.stdout).toBe(one.stdout);
    const sons = JSON.parse(one.stdout) as { name: string; simulated: Record<string, number> }[];
    expect(sons).toHaveLength(5);
    for (const o of sons) {
      expect(o.simulated.turns).toBe(40000);
      for (const z of ['zElement', 'zDragon', 'zCollected', 'zEndAtOnce']) expect(Math.abs(o.simulated[z]), `${o.name} ${z}`).toBeLessThanOrEqual(4);
    }
  }, 60_000);

  it('every game names its assumptions page (the report pages link there), under its own reports folder', () => {
    for (const g of GAMES) expect(g.assumptionsPage, g.id).toMatch(new RegExp(`^${g.id}/[a-z0-9-]+\\.html$`));
  });

  it('cant-stop bust: 6, 7, 8 bust in 104 of 1296 rolls (the published 92% success), and the table agrees with the single question', async () => {
    const r = await bust.answer({ columns: parseSums('6,7,8', '--columns'), runners: 3 }, { workers: 1 });
    expect(r.bustRolls).toBe(104);
    const t = await bustOdds.answer({ runners: 3 }, { workers: 1 });
    expect(t.sets.find((x) => x.sums.join(',') === '6,7,8')?.bustRolls).toBe(104);
    for (const x of t.sets.slice(0, 5)) expect((await bust.answer({ columns: parseSums(x.sums.join(','), '--columns'), runners: 3 }, { workers: 1 })).bustRolls).toBe(x.bustRolls);
  });
});

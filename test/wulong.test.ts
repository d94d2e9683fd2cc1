import { describe, expect, it } from 'vitest';
import { expectWithinSE } from './kit/within-se.js';
import { existsSync, mkdtempSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadRules, validateRules } from '../src/games/wulong/turn/rules.js';
import { compileTables, Scorer } from '../src/games/wulong/turn/tables.js';
import { TurnAnalysis } from '../src/games/wulong/turn/exact.js';
import { OPTIMAL } from '../src/games/wulong/turn/strategy.js';
import { playTurns, simTablesFor, turnKernel, type TurnSimParams } from '../src/games/wulong/turn/kernels.js';
import { parsePolicy } from '../src/games/wulong/strategies/index.js';
import { Rng } from '../src/core/rng.js';
import { runExperiment } from '../src/parallel/pool.js';
import { rulesPath } from '../src/core/paths.js';
import { measureAllocation } from './helpers/alloc.js';
import { runCli, expectUserError, ROOT } from './helpers/cli.js';
import { spawnSync } from 'node:child_process';

const wulong = loadRules();
const farkle = loadRules(rulesPath('farkle', '10000'));

describe('scoring (worked examples of the rulebook)', () => {
  const scorer = new Scorer(wulong);
  const kept = (faces: Partial<Record<string, number>>) => wulong.faces.map((f) => faces[f.id] ?? 0);
  it('a tiger and a dragon score 1,500', () => expect(scorer.best(kept({ D: 1, T: 1 }))).toBe(1500));
  it('a tiger straight scores 5,000 and a dragon straight 10,000', () => {
    expect(scorer.best(kept({ T: 1, 3: 1, 4: 1, 5: 1, 6: 1 }))).toBe(5000);
    expect(scorer.best(kept({ D: 1, T: 1, 3: 1, 4: 1, 5: 1 }))).toBe(10000);
  });
  it('three dragons in one roll score 10,000 (three single rolls would score 3,000)', () => {
    expect(scorer.best(kept({ D: 3 }))).toBe(10000);
    expect(scorer.best(kept({ D: 1 })) * 3).toBe(3000);
  });
  it('two dragons score 2,000; four 4s may be set aside whole or as a triple', () => {
    expect(scorer.best(kept({ D: 2 }))).toBe(2000);
    const opts = scorer.options(kept({ 4: 4 })).map((o) => [o.used, o.score]);
    expect(opts).toContainEqual([3, 4000]);
    expect(opts).toContainEqual([4, 20000]);
  });
  it('non-scoring dice cannot be set aside', () => {
    expect(scorer.best(kept({ 3: 2 }))).toBe(-Infinity);
    expect(scorer.options(kept({ 3: 2, 4: 2, 6: 1 }))).toEqual([]);
  });
});

describe('exact solver', () => {
  it('bust probabilities of one roll are exact fractions (counted by hand: 4/6, (4/6)^2, 60/216, 204/1296, 600/7776)', () => {
    const b = new TurnAnalysis(wulong).bustProbability();
    expect(Object.values(b).map((x) => x.fraction)).toEqual(['2/3', '4/9', '5/18', '17/108', '25/324']);
  });

  it('reproduces the published optimal figures for 10000 (Amund211/10001, dice_10001/expected_value.py: EV at 0 points 590.66 / 336.84 / 240.80 / 197.23 / 185.01 / 217.15 for 6…1 dice; stop at 18100 / 3100 / 1050 / 450 / 250 / 350)', () => {
    const a = new TurnAnalysis(farkle);
    const S = farkle.dice + 1;
    const ev0 = [590.66, 336.84, 240.8, 197.23, 185.01, 217.15];
    for (let n = 6; n >= 1; n--) expect(a.solution.rollValue[n]).toBeCloseTo(ev0[6 - n], 2);
    expect(a.solveResult().expectedTurnScore).toBeCloseTo(590.66, 2);
    const thr = a.thresholds();
    expect([6, 5, 4, 3, 2, 1].map((n) => thr[n])).toEqual([18100, 3100, 1050, 450, 250, 350]);
    void S;
  });

  it('a minimum total to bank forbids stopping below it and costs expected score', () => {
    const withMin = new TurnAnalysis(validateRules({ ...farkle, minimumBank: 1000 }));
    const r = withMin.solveResult();
    expect(r.policyTable.filter((row) => row.action === 'stop' && row.total < 1000)).toEqual([]);
    for (const t of Object.values(r.thresholds)) expect(t).toBeGreaterThanOrEqual(1000);
    expect(r.expectedTurnScore).toBeLessThan(590.66);
    expect(r.finalScore.filter((x) => x.score > 0 && x.score < 1000)).toEqual([]);
  });

  it('the final-score distribution sums to one and its mean is the expected score', () => {
    for (const rules of [wulong, farkle]) {
      const a = new TurnAnalysis(rules);
      const d = a.distribution();
      let total = d.instantWin, mean = d.instantWinTotal + d.instantWin * (rules.instantWin?.value ?? 0);
      d.score.forEach((p, i) => {
        total += p;
        mean += p * i * a.unit;
      });
      expect(total).toBeCloseTo(1, 12);
      expect(mean).toBeCloseTo(a.solveResult().expectedTurnScore, 8);
    }
  });

  it('Wulong headline numbers', () => {
    const r = new TurnAnalysis(wulong).solveResult();
    expect(r.expectedTurnScore).toBeCloseTo(3713.6035, 3);
    expect(r.thresholds).toEqual({ 1: 2000, 2: 2000, 3: 4000, 4: 10000, 5: 36500 });
    // the cards cover every score: probabilities + the voided Wulong add up to one
    const sum = r.bettingCards.reduce((s, c) => s + c.probability, 0) + r.instantWinProbability;
    expect(sum).toBeCloseTo(1, 12);
    const crane = r.bettingCards.find((c) => c.card === 'crane')!;
    expect(crane.evPerChip).toBeCloseTo(crane.probability * 1 - (1 - crane.probability - r.instantWinProbability), 12);
    expect(crane.fairOdds! * crane.probability).toBeCloseTo(1 - crane.probability - r.instantWinProbability, 12);
  });

  it('the optimal policy beats every fixed threshold and every rule of thumb', () => {
    const best = new TurnAnalysis(wulong).solveResult().expectedTurnScore;
    for (const p of ['threshold:2000', 'threshold:5000', 'keep-all:3000', 'per-dice:2000,2000,4000,10000,36500']) {
      expect(new TurnAnalysis(wulong, parsePolicy(p)).solveResult().expectedTurnScore).toBeLessThanOrEqual(best + 1e-9);
    }
    // the per-dice thresholds of the optimal policy itself come very close to it
    expect(new TurnAnalysis(wulong, parsePolicy('per-dice:2000,2000,4000,10000,36500')).solveResult().expectedTurnScore).toBeGreaterThan(best - 50);
  });

  it('advice ranks set-asides by EV and agrees with the solver', () => {
    const a = new TurnAnalysis(wulong);
    const r = a.rankSetAsides(0, 5, 'D,T,3,3,5');
    expect(r.options.map((o) => o.setAside).sort()).toEqual(['D', 'D,T', 'T']);
    expect(r.options[0].ev).toBeGreaterThanOrEqual(r.options[1].ev);
    const adv = a.advise(2000, 3);
    expect(adv.rollEv).toBeCloseTo(a.solution.rollValue[(2000 / 500) * 6 + 3], 9);
    expect(() => a.advise(2500, 3)).toThrow(/cannot occur/);
    expect(() => a.advise(700, 3)).toThrow(/cannot occur/);
    expect(() => a.advise(0, 3)).toThrow(/cannot occur/);
  });
});

describe('simulator against the exact solver (fixed seed, within 4 standard errors)', () => {
  for (const [rules, policy] of [[wulong, 'optimal'], [wulong, 'keep-all:3000'], [farkle, 'optimal'], [farkle, 'threshold:1000']] as const) {
    it(`${rules.name}: ${policy}`, () => {
      const params: TurnSimParams = { rules, policy: parsePolicy(policy) };
      const acc = turnKernel.run(params, new Rng(2024), 400_000);
      const s = turnKernel.summarize(params, acc, 400_000);
      const a = new TurnAnalysis(rules, params.policy);
      const exact = a.solveResult();
      expectWithinSE(s.mean, exact.expectedTurnScore, s.se);
      expectWithinSE(s.bust.p, exact.turnBustProbability, Math.sqrt((exact.turnBustProbability * (1 - exact.turnBustProbability)) / 400_000));
      for (const b of s.bands) {
        const p = exact.bettingCards.find((c) => c.card === b.card)!.probability;
        expectWithinSE(b.probability, p, Math.sqrt((p * (1 - p)) / 400_000) + 1e-12 / 4);
      }
    });
  }
});

describe('performance contracts', () => {
  it('the turn loop allocates nothing over 10^6 turns', () => {
    const T = simTablesFor({ rules: wulong, policy: OPTIMAL });
    const acc = new Float64Array(T.layout.length);
    const rng = new Rng(5);
    const m = measureAllocation(() => playTurns(T, rng, 1_000_000, acc), () => playTurns(T, rng, 100_000, acc));
    expect(m.gcEvents).toBe(0);
    expect(m.bytes).toBeLessThan(64 * 1024);
  });

  it('results are bit-identical for 1 and 2 workers', async () => {
    const e = { kernel: 'wulong.turn', params: { rules: wulong, policy: OPTIMAL }, seed: 9, total: 200_000, shardCount: 8 };
    const one = await runExperiment(e, { workers: 1 });
    const two = await runExperiment(e, { workers: 2 });
    expect(Buffer.from(two.buffer).equals(Buffer.from(one.buffer))).toBe(true);
  });
});

describe('CLI', () => {
  it('4 shards run as separate processes merge to exactly the single-process result', () => {
    const dir = mkdtempSync(join(tmpdir(), 'oddsmith-shards-'));
    const base = ['wulong', 'simulate', '--policy', 'optimal', '--trials', '100000', '--seed', '3', '--shard-count', '4', '--quiet'];
    for (let i = 0; i < 4; i++) {
      // two shards by flag, two the way a Kubernetes Indexed Job / Slurm array hands them out
      const env = i === 1 ? { JOB_COMPLETION_INDEX: '1' } : i === 3 ? { SLURM_ARRAY_TASK_ID: '3' } : {};
      const r = runCli([...base, ...(i % 2 === 0 ? ['--shard-index', String(i)] : []), '--out', join(dir, `part${i}.json`)], { env });
      expect(r.code, r.stderr).toBe(0);
    }
    const merged = runCli(['merge', ...[0, 1, 2, 3].map((i) => join(dir, `part${i}.json`)), '--json']);
    expect(merged.code, merged.stderr).toBe(0);
    const single = runCli([...base, '--workers', '1', '--json']);
    const a = JSON.parse(merged.stdout), b = JSON.parse(single.stdout);
    expect(a.mean).toBe(b.mean);
    expect(a.se).toBe(b.se);
    expect(a.bands).toEqual(b.bands);
    // refusals: a missing shard, a duplicate, another experiment
    expectUserError(runCli(['merge', join(dir, 'part0.json'), join(dir, 'part1.json'), join(dir, 'part2.json')]), /missing shard\(s\) 3 of 4/);
    expectUserError(runCli(['merge', join(dir, 'part0.json'), join(dir, 'part0.json')]), /shard 0 appears twice/);
    const other = runCli([...base.map((x) => (x === '3' ? '4' : x)), '--shard-index', '3', '--out', join(dir, 'other3.json')]);
    expect(other.code).toBe(0);
    expectUserError(runCli(['merge', ...[0, 1, 2].map((i) => join(dir, `part${i}.json`)), join(dir, 'other3.json')]), /different experiment/);
  });

  it('the cluster script (Kubernetes Indexed Job / Slurm array) runs shards that merge to the single-process result', () => {
    const dir = mkdtempSync(join(tmpdir(), 'oddsmith-cluster-'));
    const env = { SHARDS: '4', TRIALS: '40000', SEED: '11', POLICY: 'threshold:3000', OUT_DIR: dir };
    for (let i = 0; i < 4; i++) {
      const idx = i < 2 ? { JOB_COMPLETION_INDEX: String(i) } : { SLURM_ARRAY_TASK_ID: String(i) };
      const r = spawnSync('bash', [join(ROOT, 'deploy/run-shard.sh')], { env: { ...process.env, ...env, ...idx }, encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
    }
    const parts = readdirSync(dir).filter((f) => f.startsWith('part-')).sort();
    expect(parts).toEqual(['part-00000.json', 'part-00001.json', 'part-00002.json', 'part-00003.json']);
    const merged = JSON.parse(runCli(['merge', ...parts.map((f) => join(dir, f)), '--json']).stdout);
    const single = JSON.parse(runCli(['wulong', 'simulate', '--policy', 'threshold:3000', '--trials', '40000', '--seed', '11', '--shard-count', '4', '--json', '--quiet']).stdout);
    expect(merged.mean).toBe(single.mean);
    expect(merged.bands).toEqual(single.bands);
  });

  it('solve prints the headline numbers and --json has the documented fields', () => {
    const r = runCli(['wulong', 'solve', '--json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    for (const f of ['expectedTurnScore', 'bustProbability', 'thresholds', 'policyTable', 'finalScore', 'bettingCards']) expect(j).toHaveProperty(f);
    expect(Object.keys(j.bettingCards[0]).sort()).toEqual(['allIn', 'card', 'evPerChip', 'fairOdds', 'name', 'odds', 'probability', 'range'].sort());
    const csv = runCli(['wulong', 'solve', '--csv']);
    expect(csv.stdout.split('\n')[0]).toBe('dice,total,action,stopValue,rollValue,margin');
  });

  it('bad input: one line, exit code 2, nothing written', () => {
    const dir = mkdtempSync(join(tmpdir(), 'oddsmith-bad-'));
    expectUserError(runCli(['wulong', 'solve', '--bogus']), /unknown option '--bogus'/);
    expectUserError(runCli(['wulong', 'advise', '--score', '0', '--dice', '6']), /--dice must be in 1\.\.5/);
    expectUserError(runCli(['wulong', 'advise', '--score', 'abc', '--dice', '3']), /--score must be an integer/);
    expectUserError(runCli(['wulong', 'advise', '--score', '-500', '--dice', '3']), /--score must be an integer in 0\.\./);
    expectUserError(runCli(['wulong', 'advise', '--score', '700', '--dice', '3']), /cannot occur/);
    expectUserError(runCli(['wulong', 'bets', '--score', '500', '--dice', '5']), /cannot occur/);
    expectUserError(runCli(['wulong', 'advise', '--score', '0', '--dice', '5', '--roll', 'D,T,X,3,3']), /unknown face "X"/);
    expectUserError(runCli(['wulong', 'simulate', '--trials', '0']), /--trials must be an integer in 1\.\./);
    expectUserError(runCli(['wulong', 'simulate', '--trials', '10', '--policy', 'sometimes']), /unknown policy "sometimes"/);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"dice": 5, "faces": [');
    expectUserError(runCli(['wulong', 'solve', '--rules', bad]), /not valid JSON/);
    writeFileSync(bad, JSON.stringify({ ...wulong, dice: 0 }));
    expectUserError(runCli(['wulong', 'solve', '--rules', bad]), /dice must be an integer in 1\.\.8/);
    writeFileSync(bad, JSON.stringify({ ...wulong, bettingCards: [{ id: 'x', min: 0, max: 0, odds: 'two' }] }));
    expectUserError(runCli(['wulong', 'solve', '--rules', bad]), /bettingCards\[0\]\.odds must be a number/);
    expectUserError(runCli(['wulong', 'solve', '--rules', join(dir, 'missing.json')]), /cannot read rules file/);
    // a shard with bad input writes no partial file
    const out = join(dir, 'part.json');
    expectUserError(runCli(['wulong', 'simulate', '--trials', '100', '--shard-count', '4', '--shard-index', '7', '--out', out]), /--shard-index must be an integer in 0\.\.3/);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('every rules-reading command takes --rules <name|file> and --set field=value', () => {
    const plain = runCli(['wulong', 'solve']);
    expect(runCli(['wulong', 'solve', '--rules', 'default']).stdout).toBe(plain.stdout);
    // solve: the overridden rules give the library's answer for the same overrides
    const solved = runCli(['wulong', 'solve', '--set', 'minimumBank=3000', '--json']);
    expect(solved.code, solved.stderr).toBe(0);
    const banked = loadRules(undefined, ['minimumBank=3000']);
    expect(banked.minimumBank).toBe(3000);
    expect(JSON.parse(solved.stdout).expectedTurnScore).toBe(new TurnAnalysis(banked).solveResult().expectedTurnScore);
    expect(JSON.parse(solved.stdout).expectedTurnScore).not.toBe(JSON.parse(runCli(['wulong', 'solve', '--json']).stdout).expectedTurnScore);
    // advise and bets
    const advised = JSON.parse(runCli(['wulong', 'advise', '--score', '2000', '--dice', '3', '--set', 'hotDice=false', '--json']).stdout);
    expect(advised.rollEv).toBe(new TurnAnalysis(loadRules(undefined, ['hotDice=false']), undefined, 2001).advise(2000, 3).rollEv);
    const bets = JSON.parse(runCli(['wulong', 'bets', '--score', '5000', '--dice', '5', '--set', 'bettingCards.panda.odds=9', '--json']).stdout);
    expect(bets.bettingCards.find((c: { card: string }) => c.card === 'panda').odds).toBe(9);
    // simulate: the changed rules are the ones simulated (mean within 4 SE of their exact value)
    const sim = runCli(['wulong', 'simulate', '--trials', '20000', '--workers', '1', '--quiet', '--json', '--exact', '--set', 'hotDice=false']);
    expect(sim.code, sim.stderr).toBe(0);
    const sj = JSON.parse(sim.stdout);
    expect(sj.exactMean).toBe(new TurnAnalysis(loadRules(undefined, ['hotDice=false'])).solveResult().expectedTurnScore);
    expect(Math.abs(sj.zScore)).toBeLessThan(4);
    // a rules file by path still works, with overrides
    const farkle = runCli(['wulong', 'solve', '--rules', 'rules/farkle/10000.json', '--set', 'minimumBank=500', '--json']);
    expect(farkle.code, farkle.stderr).toBe(0);
    expect(JSON.parse(farkle.stdout).rules).toBe(loadRules('rules/farkle/10000.json').name);
    expectUserError(runCli(['wulong', 'solve', '--set', 'nope=1']), /--set nope: no rules field by that name/);
    expectUserError(runCli(['wulong', 'advise', '--score', '0', '--dice', '5', '--set', 'hotDice=maybe']), /--set hotDice: expects true or false/);
    expectUserError(runCli(['wulong', 'solve', '--rules', 'no-such-preset']), /cannot read rules file/);
  });

  it('one spec syntax: name, name:value, or name:param=value', () => {
    expect(parsePolicy('threshold:total=3000')).toEqual(parsePolicy('threshold:3000'));
    expect(parsePolicy('keep-all:total=3000')).toEqual(parsePolicy('keep-all:3000'));
    expect(parsePolicy('per-dice:2000,4000')).toEqual({ name: 'per-dice:2000,4000', stop: { kind: 'per-dice', totals: [2000, 4000] }, choice: 'best' });
    expect(parsePolicy('optimal')).toEqual(OPTIMAL);
    expect(() => parsePolicy('threshold:x=3')).toThrow(/its parameter is total/);
    expect(() => parsePolicy('optimal:x=3')).toThrow(/takes no named parameter/);
    expect(() => parsePolicy('sometimes')).toThrow(/unknown policy "sometimes"/);
  });

  it('rules validation names the field', () => {
    expect(() => validateRules({ ...wulong, faces: [{ id: 'D', score: { 9: 100 } }, { id: 'T', score: {} }] })).toThrow(/faces\[0\]\.score has count "9"/);
    expect(() => validateRules({ ...wulong, colour: 'red' })).toThrow(/unknown field "colour"/);
    expect(compileTables(wulong).unit).toBe(500);
  });
});

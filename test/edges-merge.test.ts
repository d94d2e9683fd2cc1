import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Rng } from '../src/core/rng.js';
import { registerKernels } from '../src/parallel/registry.js';
import type { Kernel } from '../src/parallel/kernel.js';
import { finishRun, mergePartialFiles, runShardToFile, shardIndexFromEnv } from '../src/parallel/partial.js';
import { runAndPrint, type SimOptions } from '../src/cli/common.js';
import { runExperiment } from '../src/parallel/pool.js';
import { runCli, expectUserError } from './helpers/cli.js';

// The finish hook: a simulate command and `merge` of its parts print the same result, field for
// field, because both build it with the kernel's finish(params, acc, count, run, extra).

interface CoinParams { p: number }
const coin: Kernel<CoinParams, { trials: number; heads: number; rate: number }> = {
  name: 'edgestest.coin',
  progress: { label: 'coin flips', unit: 'flips' },
  run(params: CoinParams, rng: Rng, count: number): Float64Array {
    const acc = new Float64Array(3);
    for (let i = 0; i < count; i++) {
      const h = rng.nextU32() / 2 ** 32 < params.p ? 1 : 0;
      acc[0] += 1;
      acc[1] += h;
      acc[2] += h * h;
    }
    return acc;
  },
  summarize: (_p, acc) => ({ trials: acc[0], heads: acc[1], rate: acc[1] / acc[0] }),
  sample: () => ({ params: { p: 0.3 }, count: 1000 }),
  finish(params, acc, count, run, extra) {
    const s = coin.summarize(params, acc, count);
    const e = extra as { label: string; exact?: number };
    const result = { coin: e.label, ...s, ...(e.exact !== undefined ? { exact: e.exact, zScore: (s.rate - e.exact) / Math.sqrt((e.exact * (1 - e.exact)) / count) } : {}), seed: run.seed, shardCount: run.shardCount };
    return { result, text: () => `${e.label}: ${s.heads} heads in ${s.trials} flips`, csv: () => [{ heads: s.heads, trials: s.trials }] };
  },
};
registerKernels(import.meta.url, [coin as unknown as Kernel<never, unknown>]);

const dir = mkdtempSync(join(tmpdir(), 'oddsmith-merge-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const opts: SimOptions = { seed: 11, workers: 1, shardCount: 4, quiet: true, json: true };
const extra = { label: 'a bent coin', exact: 0.3 };

async function printed(f: () => Promise<void>): Promise<string> {
  let out = '';
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => ((out += String(s)), true));
  try {
    await f();
  } finally {
    spy.mockRestore();
  }
  return out;
}

describe('merge through the kernel\'s finish', () => {
  it('prints what the single run prints (JSON, text and CSV), timing aside', async () => {
    const params = { p: 0.3 };
    const single = JSON.parse(await printed(() => runAndPrint(coin, params, 10_001, opts, extra)));
    const e = { kernel: coin.name, params, seed: 11, total: 10_001, shardCount: 4 };
    const paths: string[] = [];
    for (let i = 0; i < 4; i++) {
      paths.push(join(dir, `p${i}.json`));
      await runShardToFile(e, i, paths[i], { extra });
    }
    const merged = await mergePartialFiles([...paths].reverse(), async () => {});
    expect(merged.acc).toEqual(await runExperiment(e, { workers: 1 }));
    const f = finishRun(coin, merged.experiment.params as CoinParams, merged.acc, merged.experiment.total, merged.run, merged.extra);
    expect(f.result).toEqual(single);
    expect(single).toMatchObject({ coin: 'a bent coin', exact: 0.3, seed: 11, shardCount: 4, trials: 10_001 });
    expect(f.text()).toBe(coin.finish!(params, merged.acc, 10_001, merged.run, extra).text());
    expect(f.csv!()).toEqual([{ heads: single.heads, trials: 10_001 }]);
    expect(merged.run.workers).toBe(1);
    expect(merged.run.seconds).toBeGreaterThan(0);
  });

  it('refuses a part whose extra (the command\'s own data) was changed', async () => {
    const e = { kernel: coin.name, params: { p: 0.5 }, seed: 1, total: 100, shardCount: 2 };
    const a = join(dir, 'x0.json');
    const b = join(dir, 'x1.json');
    await runShardToFile(e, 0, a, { extra: { label: 'fair' } });
    await runShardToFile(e, 1, b, { extra: { label: 'fair' } });
    const edited = JSON.parse(readFileSync(b, 'utf8'));
    edited.extra = { label: 'unfair' };
    writeFileSync(b, JSON.stringify(edited));
    await expect(mergePartialFiles([a, b], async () => {})).rejects.toThrow(/experiment id does not match/);
  });

  it('refuses a part whose accumulator length is not the kernel\'s, even when its own fields agree', async () => {
    const flex: Kernel<CoinParams, unknown> = { ...coin, name: 'edgestest.flex' };
    registerKernels(import.meta.url, [flex as unknown as Kernel<never, unknown>]);
    const a = join(dir, 'len.json');
    await runShardToFile({ kernel: flex.name, params: { p: 0.5 }, seed: 1, total: 100, shardCount: 1 }, 0, a);
    // the kernel has since grown an accumulator slot: the stored length no longer fits it
    registerKernels(import.meta.url, [{ ...flex, run: (p: CoinParams, r: Rng, n: number) => Float64Array.from([...coin.run(p, r, n), 0]) } as unknown as Kernel<never, unknown>]);
    await expect(mergePartialFiles([a], async () => {})).rejects.toThrow(/accumulator has 3 entries; kernel edgestest.flex makes 4/);
  });

  it('without a finish, a kernel\'s result gets the run\'s seed and shard count', () => {
    const plain: Kernel<CoinParams, unknown> = { ...coin, finish: undefined };
    const f = finishRun(plain, { p: 0.5 }, Float64Array.from([10, 5, 5]), 10, { seconds: 1, perSecond: 10, workers: 1, seed: 3, shardCount: 2 });
    expect(f.result).toEqual({ trials: 10, heads: 5, rate: 0.5, seed: 3, shardCount: 2 });
    expect(f.text()).toBe('trials: 10\nheads: 5\nrate: 0.5\nseed: 3\nshardCount: 2\n(--json has every field)');
  });
});

describe('cluster index variables', () => {
  it('reads JOB_COMPLETION_INDEX first, then SLURM_ARRAY_TASK_ID; empty means unset', () => {
    expect(shardIndexFromEnv({})).toBeUndefined();
    expect(shardIndexFromEnv({ JOB_COMPLETION_INDEX: '' })).toBeUndefined();
    expect(shardIndexFromEnv({ JOB_COMPLETION_INDEX: '3', SLURM_ARRAY_TASK_ID: '5' })).toEqual({ index: 3, variable: 'JOB_COMPLETION_INDEX' });
    expect(shardIndexFromEnv({ SLURM_ARRAY_TASK_ID: '5' })).toEqual({ index: 5, variable: 'SLURM_ARRAY_TASK_ID' });
    expect(() => shardIndexFromEnv({ SLURM_ARRAY_TASK_ID: ' 5' })).toThrow(/SLURM_ARRAY_TASK_ID must be a shard index/);
  });

  it('a cluster index runs one shard of a command that can shard', () => {
    const out = join(dir, 'env-part.json');
    const r = runCli(['wulong', 'simulate', '--trials', '1000', '--shard-count', '4', '--quiet', '--out', out], { env: { SLURM_ARRAY_TASK_ID: '2' } });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toMatchObject({ format: 'oddsmith-partial/2', shardIndex: 2, count: 250 });
  });
});

describe('the CLI a person meets', () => {
  it('bare `oddsmith` and a bare group print their help on stdout, exit 0', () => {
    const bare = runCli([]);
    expect(bare.code).toBe(0);
    expect(bare.stdout).toMatch(/^Usage: oddsmith \[options\] \[command\]/);
    expect(bare.stdout).toMatch(/merge/);
    expect(bare.stderr).toBe('');
    const group = runCli(['wulong']);
    expect(group.code).toBe(0);
    expect(group.stdout).toMatch(/^Usage: oddsmith wulong \[options\] \[command\]/);
    expect(group.stdout).toMatch(/simulate/);
  });

  it('help shows each default once', () => {
    for (const args of [['wulong', 'simulate', '--help'], ['report', '--help'], ['merge', '--help']]) {
      const r = runCli(args);
      expect(r.code).toBe(0);
      for (const line of r.stdout.split('\n')) expect(line.match(/\bdefault\b/gi)?.length ?? 0, line).toBeLessThanOrEqual(1);
    }
    expect(runCli(['wulong', 'simulate', '--help']).stdout).toMatch(/worker threads \(default: the cores available\)/);
  });

  it('report finds experiments/ from the package, whatever the current folder', () => {
    expectUserError(runCli(['report', '--only', 'nope', '--quiet'], { cwd: dir }), /unknown experiment\(s\): nope \(known: .*wulong-turn/);
  });

  it('merge of CLI parts prints text without --json, and JSON equal to the single run with it', () => {
    const parts = [0, 1].map((i) => join(dir, `w${i}.json`));
    parts.forEach((p, i) => expect(runCli(['wulong', 'simulate', '--trials', '2000', '--shard-count', '2', '--shard-index', String(i), '--quiet', '--out', p]).code).toBe(0));
    const text = runCli(['merge', ...parts]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).not.toMatch(/^\{/);
    const m = JSON.parse(runCli(['merge', ...parts, '--json']).stdout);
    const s = JSON.parse(runCli(['wulong', 'simulate', '--trials', '2000', '--shard-count', '2', '--quiet', '--json']).stdout);
    for (const k of ['seconds', 'turnsPerSecond', 'workers']) {
      delete s[k];
      delete m[k];
    }
    expect(m).toEqual(s);
  });
});

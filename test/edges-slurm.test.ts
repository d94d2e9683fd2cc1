import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, runCli } from './helpers/cli.js';

// The cluster path on a real Slurm: a single-node cluster on localhost (deploy/slurm/local-cluster.sh),
// deploy/slurm/wulong-simulate.sbatch submitted as an array of 4, the parts merged, and the merge
// compared with the same run in one process. Skipped, saying why, when Slurm cannot be installed or
// started here (no root, no apt, no network, daemons refusing to start).

const script = join(ROOT, 'deploy/slurm/local-cluster.sh');
const clusterDir = mkdtempSync(join(tmpdir(), 'oddsmith-slurm-'));
// a port of its own, so a cluster someone else started on 6817 is left alone
const env: NodeJS.ProcessEnv = { ...process.env, SLURM_LOCAL_DIR: clusterDir, SLURM_LOCAL_PORT: '6917', SLURM_CONF: join(clusterDir, 'slurm.conf') };
for (const k of ['JOB_COMPLETION_INDEX', 'SLURM_ARRAY_TASK_ID']) delete env[k];

function sh(args: string[], timeout = 600_000) {
  const r = spawnSync('bash', [script, ...args], { env, encoding: 'utf8', timeout });
  return { ok: r.status === 0, out: `${r.stdout ?? ''}${r.stderr ?? ''}`.trim() };
}

let skip = '';
if (process.platform !== 'linux') skip = 'not Linux';
else {
  const inst = sh(['install']);
  if (!inst.ok) skip = `Slurm is not installed and could not be installed (${inst.out.split('\n').pop()})`;
  else {
    const up = sh(['start'], 120_000);
    if (!up.ok) skip = `the local Slurm did not start (${up.out.split('\n').pop()})`;
  }
}
if (skip) console.warn(`edges-slurm: SKIPPED: ${skip}`);

afterAll(() => {
  if (!skip) sh(['stop'], 60_000);
  rmSync(clusterDir, { recursive: true, force: true });
});

const TIMING = ['seconds', 'turnsPerSecond', 'perSecond', 'workers'];
const withoutTiming = (r: Record<string, unknown>) => Object.fromEntries(Object.entries(r).filter(([k]) => !TIMING.includes(k)));

describe.skipIf(skip !== '')('a real single-node Slurm', () => {
  it('runs deploy/slurm/wulong-simulate.sbatch as an array of 4; the merge equals the single-process run', () => {
    const out = mkdtempSync(join(tmpdir(), 'oddsmith-slurm-out-'));
    try {
      const trials = 400_000;
      const t0 = Date.now();
      const sb = spawnSync('sbatch', ['--wait', '--parsable', '--array=0-3', `--output=${out}/slurm-%A_%a.log`, `--export=ALL,SHARDS=4,TRIALS=${trials},SEED=7,OUT_DIR=${out}`, 'deploy/slurm/wulong-simulate.sbatch'], { cwd: ROOT, env, encoding: 'utf8', timeout: 600_000 });
      const seconds = (Date.now() - t0) / 1000;
      expect(sb.status, `sbatch: ${sb.stdout}${sb.stderr}`).toBe(0);
      const parts = readdirSync(out).filter((f) => /^part-\d{5}\.json$/.test(f)).sort();
      expect(parts).toEqual(['part-00000.json', 'part-00001.json', 'part-00002.json', 'part-00003.json']);
      const merged = runCli(['merge', ...parts.map((p) => join(out, p)), '--json'], { env: { SLURM_ARRAY_TASK_ID: '' } });
      expect(merged.code, merged.stderr).toBe(0);
      const single = runCli(['wulong', 'simulate', '--trials', String(trials), '--seed', '7', '--shard-count', '4', '--workers', '1', '--quiet', '--json'], { env: { SLURM_ARRAY_TASK_ID: '' } });
      expect(single.code, single.stderr).toBe(0);
      const m = JSON.parse(merged.stdout) as Record<string, unknown>;
      const s = JSON.parse(single.stdout) as Record<string, unknown>;
      expect(withoutTiming(m)).toEqual(withoutTiming(s));
      console.log(`edges-slurm: job ${sb.stdout.trim()}: 4 array tasks × ${trials / 4} turns in ${seconds.toFixed(1)} s wall; merged mean ${(m.mean as number).toFixed(3)} = single-process mean ${(s.mean as number).toFixed(3)}, all ${Object.keys(withoutTiming(s)).length} non-timing fields identical`);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 900_000);
});

import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, ROOT } from './helpers/cli.js';
import { listing } from './helpers/fuzz.js';

// SIGINT and SIGTERM in the middle of real work, for commands whose work keeps one thread busy
// (exact solvers, shards run in the thread, sweeps) and for pooled runs: one line on stderr, exit
// 130 (SIGINT) or 143 (SIGTERM), and nothing written — no output file, no temp file. The signal is
// sent once the command has started (ODDSMITH_TRACE_START prints a line when its action begins)
// and the process has then spent CPU time computing: no wall-clock sleeps.

const work = mkdtempSync(join(tmpdir(), 'oddsmith-signals-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** CPU seconds the process has used (Linux /proc), or null where it cannot be read. */
function cpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100; // utime + stime, in clock ticks of 1/100 s
  } catch {
    return null;
  }
}

/** Run the CLI in `dir` (no terminal); once it has started and computed a while, send `signal`. */
function interrupt(args: string[], signal: NodeJS.Signals, dir: string): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    const env: NodeJS.ProcessEnv = { ...process.env, ODDSMITH_TRACE_START: '1' };
    for (const k of ['JOB_COMPLETION_INDEX', 'SLURM_ARRAY_TASK_ID']) delete env[k];
    const p = spawn(process.execPath, [CLI, ...args.map((a) => a.split('{dir}').join(dir))], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let stdout = '';
    let cpuAtStart: number | null | undefined;
    let sent = false;
    const poll = setInterval(() => {
      if (sent || !/^oddsmith: started /m.test(stderr)) return;
      const cpu = cpuSeconds(p.pid!);
      cpuAtStart ??= cpu;
      // half a CPU second into the command's own work (or at once where /proc cannot be read)
      if (cpu === null || cpuAtStart === null || cpu - cpuAtStart >= 0.5) {
        sent = true;
        p.kill(signal);
      }
    }, 50);
    p.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    p.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
    p.on('exit', (code) => {
      clearInterval(poll);
      resolve({ code, stderr, stdout });
    });
  });
}

const farkle = join(ROOT, 'rules/farkle/10000.json');
/** [what, arguments (each runs for minutes), signal]; `{dir}` is the row's empty working folder. */
const ROWS: [string, string[], NodeJS.Signals][] = [
  ['wulong simulate, every shard on this thread (stdout a pipe)', ['wulong', 'simulate', '--trials', '1e11', '--workers', '1', '--quiet'], 'SIGTERM'],
  ['wulong simulate on two worker threads', ['wulong', 'simulate', '--trials', '1e11', '--workers', '2', '--quiet'], 'SIGINT'],
  ['wulong simulate, one shard to a part file', ['wulong', 'simulate', '--trials', '1e11', '--shard-index', '3', '--out', '{dir}/parts/p.json', '--quiet'], 'SIGTERM'],
  ['wulong race, an exact solver that runs for minutes on one thread', ['wulong', 'race', '--rules', farkle, '--target', '10000'], 'SIGTERM'],
  ['liars solve, CFR+ on one thread', ['liars', 'solve', '--dice', '1,2', '--target', '1e-9', '--max-iterations', '10000000', '--quiet'], 'SIGINT'],
  ['liars sweep with a chart to write', ['liars', 'sweep', '--strategy', 'threshold', '--param', 'callBelow', '--values', '0.1,0.2', '--field', 'conservative', '--rounds', '10000000000', '--workers', '1', '--chart', '{dir}/c.svg', '--quiet'], 'SIGTERM'],
  ['wulong sweep with a report page to write', ['wulong', 'sweep', '--set', 'bettingCards.panda.odds=1..2', '--games', '100000000', '--workers', '1', '--page', 'x', '--reports', '{dir}/reports', '--quiet'], 'SIGINT'],
  ['mahjong assumptions', ['mahjong', 'assumptions', '--deals', '100000000', '--workers', '1'], 'SIGTERM'],
];

describe('interrupted mid-work, without a terminal', () => {
  for (const [what, args, signal] of ROWS) {
    it(`${signal}: ${what}`, async () => {
      const dir = mkdtempSync(join(work, 'row-'));
      const r = await interrupt(args, signal, dir);
      const show = `\nstderr: ${r.stderr}\nstdout: ${r.stdout.slice(0, 300)}`;
      expect(r.code, show).toBe(signal === 'SIGINT' ? 130 : 143);
      expect(r.stderr, show).toBe(`oddsmith: started ${args.slice(0, 2).join(' ')}\noddsmith: interrupted; nothing written\n`);
      expect(r.stdout, show).toBe('');
      expect(listing(dir), `nothing left in the working folder${show}`).toEqual([]);
      expect(existsSync(join(dir, 'parts'))).toBe(false);
    }, 120_000);
  }
});

describe('the main thread relays the command\'s worker', () => {
  it('stdout and stderr arrive in the order written, and a command\'s own exit code gets through', () => {
    // --jsonl: a result line on stdout, then a bad line's message on stderr and its result on stdout, …
    const file = join(work, 'both.txt');
    const fd = openSync(file, 'w');
    const lines = ['{"hand":"1112345678999m","void":"s"}', 'not json', '{"hand":"123m"}', '{"hand":"1112345678999m","void":"s"}'];
    const r = spawnSync(process.execPath, [CLI, 'mahjong', 'waits', '--jsonl'], { input: lines.join('\n') + '\n', stdio: ['pipe', fd, fd] });
    closeSync(fd);
    const out = readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => (l.startsWith('oddsmith:') ? 'stderr' : `stdout ${(JSON.parse(l) as { line: number }).line}`));
    expect(out).toEqual(['stdout 1', 'stderr', 'stdout 2', 'stderr', 'stdout 3', 'stdout 4']);
    // the batch goes on past bad lines and then exits 2 (set by the command as it ends)
    expect(r.status).toBe(2);
  });
});

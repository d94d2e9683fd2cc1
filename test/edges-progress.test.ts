import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compactCount, duration, progressLine } from '../src/core/progress.js';
import { CLI } from './helpers/cli.js';
import { GAMES } from '../src/games/index.js';

// Progress a person reads, on a real terminal (util-linux `script` gives the CLI a pty), and
// interrupts that leave nothing behind.

const work = mkdtempSync(join(tmpdir(), 'oddsmith-progress-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const hasScript = spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0;
if (!hasScript) console.warn('edges-progress: util-linux `script` is missing: the terminal tests are skipped');

/** What a terminal shows, line by line: split at \r and \n, escape codes removed. */
const ESC = String.fromCharCode(27);
const screens = (raw: string) => raw.split(`${ESC}[K`).join('').split(/\r\n|\r|\n/).filter((s) => s !== '' && s !== '^C');
/** The progress lines drawn (each ends by clearing the rest of the terminal line). */
const progressLines = (raw: string) => raw.split(/\r|\n/).filter((s) => s.endsWith('\x1b[K') && s !== '\x1b[K').map((s) => s.slice(0, -3));

/** Run the CLI on a pty `cols` wide; `onOutput` may write to the terminal (e.g. Ctrl-C). */
function onTerminal(args: string[], cols: number, onOutput?: (all: string, write: (s: string) => void) => void): Promise<{ code: number | null; out: string }> {
  const cmd = `stty cols ${cols} rows 24; exec ${[process.execPath, CLI, ...args].map((a) => `'${a}'`).join(' ')}`;
  const env = { ...process.env };
  for (const k of ['JOB_COMPLETION_INDEX', 'SLURM_ARRAY_TASK_ID']) delete env[k];
  return new Promise((resolve) => {
    const p = spawn('script', ['-qefc', cmd, '/dev/null'], { cwd: work, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (d: Buffer) => {
      out += d.toString('utf8');
      onOutput?.(out, (s) => p.stdin.write(s));
    });
    p.on('exit', (code) => resolve({ code, out }));
  });
}

describe('the progress line', () => {
  it('fits every width from 12 to 200 columns and says the most that fits', () => {
    for (let width = 12; width <= 200; width++) {
      for (const [done, of, elapsed] of [[0, 4e6, 0], [0, 156_250, 75], [438_000, 4e6, 0.1], [3_999_999, 4e6, 3600], [1e12, 1e12, 86_400]]) {
        const line = progressLine('Wulong turns', 'turns', done, of, elapsed, width);
        expect(line.length, `${width}: ${line}`).toBeLessThanOrEqual(width);
      }
    }
    expect(progressLine('Wulong turns', 'turns', 438_000, 4e6, 0.1, 100)).toBe('Wulong turns  [###.....................]  438k/4.0M turns  10%  4.4M turns/s  ETA 1s');
    expect(progressLine('Wulong turns', 'turns', 438_000, 4e6, 0.1, 40)).toBe('Wulong turns 438k/4.0M 10% 4.4M/s ETA 1s');
    expect(progressLine('Wulong turns', 'turns', 0, 156_250, 75, 60)).toBe('Wulong turns  [.................]  156k turns  1m15s elapsed');
  });

  it('writes counts and times short', () => {
    expect([compactCount(999), compactCount(99_999), compactCount(100_000), compactCount(12_345_678), compactCount(1e10)]).toEqual(['999', '99,999', '100k', '12.3M', '10.0G']);
    expect([duration(42.4), duration(185), duration(7620), duration(NaN)]).toEqual(['42s', '3m05s', '2h07m', '?']);
  });
});

describe.skipIf(!hasScript)('on a terminal', () => {
  it('draws a progress line in words that never wraps a 40-column terminal, then clears it', async () => {
    const r = await onTerminal(['wulong', 'simulate', '--trials', '3e6', '--workers', '1', '--seed', '3'], 40);
    expect(r.code).toBe(0);
    const progress = progressLines(r.out);
    expect(progress.length).toBeGreaterThan(1);
    for (const s of progress) expect(s.length, s).toBeLessThanOrEqual(40);
    // the last progress line reaches 100% and the result follows on a clean line
    expect(r.out).toMatch(/3\.0M\/3\.0M 100%/);
    expect(r.out).toMatch(new RegExp(`\\r${ESC}\\[K\\S`));
  });

  it('shows a single shard as it runs (elapsed time), on a 40-column terminal too', async () => {
    const out = join(work, 'single.json');
    const r = await onTerminal(['wulong', 'simulate', '--trials', '2e6', '--shard-count', '1', '--shard-index', '0', '--out', out], 40);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/shard 0\/1 2\.0M \d+s elapsed/);
    const progress = progressLines(r.out);
    expect(progress.length).toBeGreaterThan(0);
    for (const s of progress) expect(s.length, s).toBeLessThanOrEqual(40);
    expect(existsSync(out)).toBe(true);
  });

  it('Ctrl-C prints one line, exits 130 and writes nothing', async () => {
    const out = join(work, 'ctrl-c', 'part.json');
    let sent = false;
    const r = await onTerminal(['wulong', 'simulate', '--trials', '1e9', '--shard-count', '64', '--shard-index', '0', '--out', out], 80, (all, write) => {
      if (!sent && /elapsed/.test(all)) {
        sent = true;
        write('\x03');
      }
    });
    expect(sent).toBe(true);
    expect(r.code).toBe(130);
    expect(screens(r.out).filter((s) => s.startsWith('oddsmith:'))).toEqual(['oddsmith: interrupted; nothing written']);
    expect(existsSync(join(work, 'ctrl-c'))).toBe(false);
    expect(readdirSync(work).filter((f) => f.startsWith('.oddsmith-'))).toEqual([]);
  });
});

/** Start the CLI without a terminal, send `signal` once `ready` shows on stderr. */
function interrupt(args: string[], signal: NodeJS.Signals, ready: (stderr: string) => boolean, cwd = work): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    // ODDSMITH_TRACE_START: a line when the command's action begins, to know the work has started
    const env: NodeJS.ProcessEnv = { ...process.env, ODDSMITH_TRACE_START: '1' };
    for (const k of ['JOB_COMPLETION_INDEX', 'SLURM_ARRAY_TASK_ID']) delete env[k];
    const p = spawn(process.execPath, [CLI, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let sent = false;
    const poll = setInterval(() => {
      if (!sent && ready(stderr)) {
        sent = true;
        p.kill(signal);
      }
    }, 50);
    p.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    p.on('exit', (code) => {
      clearInterval(poll);
      resolve({ code, stderr });
    });
  });
}

const started = (stderr: string) => /^oddsmith: started /m.test(stderr);

describe('interrupted without a terminal', () => {
  it('SIGINT during a full run: one line, exit 130', async () => {
    const r = await interrupt(['wulong', 'simulate', '--trials', '1e9', '--workers', '1', '--quiet'], 'SIGINT', started);
    expect(r.code).toBe(130);
    expect(r.stderr).toBe('oddsmith: started wulong simulate\noddsmith: interrupted; nothing written\n');
  });

  it('SIGTERM (a cluster cancelling a task) during a shard: exit 143, no part, no temp file', async () => {
    const dir = join(work, 'term');
    mkdirSync(dir);
    // 1e11 trials: one shard of 64 takes about a minute even on a fast machine, so the signal lands mid-shard
    const r = await interrupt(['wulong', 'simulate', '--trials', '1e11', '--shard-index', '3', '--out', join(dir, 'p.json')], 'SIGTERM', started);
    expect(r.code).toBe(143);
    expect(r.stderr).toBe('oddsmith: started wulong simulate\noddsmith: interrupted; nothing written\n');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a report killed midway leaves the previous reports folder whole and no temp folder', async () => {
    const dir = join(work, 'report');
    mkdirSync(join(dir, 'reports'), { recursive: true });
    writeFileSync(join(dir, 'reports', 'index.html'), 'the previous index\n');
    const r = await interrupt(['report', '--out', 'reports', '--only', 'wulong-game', '--workers', '1'], 'SIGINT', () => readdirSync(dir).some((f) => f.startsWith('.oddsmith-')), dir);
    // killed before the swap: the old folder as it was, nothing else
    expect(r.code).toBe(130);
    expect(readdirSync(dir)).toEqual(['reports']);
    expect(readdirSync(join(dir, 'reports'))).toEqual(['index.html']);
    expect(readFileSync(join(dir, 'reports', 'index.html'), 'utf8')).toBe('the previous index\n');
  });
});

describe('progress words', () => {
  it('every kernel of every game names what it counts, in words (not its registry key)', async () => {
    const kernels = (await Promise.all(GAMES.map((g) => g.kernels()))).flat();
    expect(kernels.length).toBeGreaterThan(10);
    for (const k of kernels) {
      expect(k.progress, k.name).toBeDefined();
      const { label, unit } = k.progress!;
      expect(label, k.name).toMatch(/^[A-Za-z][\w' ]+ [a-z]+$/);
      expect(label, k.name).not.toContain('.');
      expect(label.endsWith(unit), `${k.name}: "${label}" counts ${unit}`).toBe(true);
    }
  });
});

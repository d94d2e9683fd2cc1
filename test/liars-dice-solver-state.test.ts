import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { solve, type Algorithm, type Precision, type SolveOptions, type SolveResult } from '../src/games/liars-dice/exact-cfr.js';
import { openSolverState, writeSolverState } from '../src/games/liars-dice/solver-state.js';

const dir = mkdtempSync(join(tmpdir(), 'liars-solver-state-'));
const run = (...args: string[]) => spawnSync(process.execPath, ['dist/src/cli/main.js', 'liars', 'solve', ...args], { encoding: 'utf8' });
// seconds differ from run to run; everything else must not
const sameSolve = (r: SolveResult) => ({ ...r, seconds: 0, convergence: r.convergence.map((c) => ({ ...c, seconds: 0 })) });

describe('liars solve --checkpoint: a stopped solve continues to the same result', () => {
  const cases: [Algorithm, Precision, SolveOptions['variant']][] = [['pcfr+last', 'float64', 'openspiel'], ['dcfr', 'float32', 'seed'], ['cfr+', 'float64', 'plain']];
  for (const [algorithm, precision, variant] of cases) {
    it(`${algorithm}, ${precision}, ${variant}: stopped at a checkpoint, saved, resumed on 2 threads = one solve on 1, bit for bit`, () => {
      const o: SolveOptions = { variant, dice: [2, 1], sides: 3, target: 1e-12, maxIterations: 400, algorithm, precision, threads: 1 };
      const whole = solve(o).result;
      // stop at a checkpoint of the whole solve (iteration 290 with the ×1.25 steps), as --max-minutes does
      const path = join(dir, `${algorithm}-${precision}.state`);
      const first = solve({ ...o, maxIterations: 290 }, (p, solver, convergence) => writeSolverState(path, solver, convergence)).result;
      expect(first.convergence.map((c) => c.iteration)).toEqual(whole.convergence.slice(0, first.convergence.length).map((c) => c.iteration));
      const resume = openSolverState(path, { config: o, algorithm, precision });
      expect(resume?.convergence.at(-1)?.iteration).toBe(290);
      const resumed = solve({ ...o, threads: 2, resume }).result;
      expect(sameSolve(resumed)).toEqual(sameSolve(whole));
      // its seconds count on from the first run's
      expect(resumed.seconds).toBeGreaterThan(first.seconds);
    });
  }

  it('a state that already meets the target is measured again, not iterated', () => {
    const o: SolveOptions = { variant: 'seed', dice: [1, 1], sides: 3, target: 1e-3, maxIterations: 10_000, algorithm: 'cfr+', precision: 'float64' };
    const path = join(dir, 'met.state');
    const first = solve(o, (p, solver, convergence) => writeSolverState(path, solver, convergence)).result;
    const again = solve({ ...o, resume: openSolverState(path, { config: o, algorithm: 'cfr+', precision: 'float64' }) }).result;
    expect(sameSolve(again)).toEqual(sameSolve(first));
  });

  it('the command line continues from the file and says so; a missing file starts afresh', () => {
    const path = join(dir, 'cli.state');
    const args = ['--dice', '1,2', '--sides', '4', '--variant', 'openspiel', '--algorithm', 'pcfr+last', '--target', '1e-9', '--workers', '1', '--checkpoint', path];
    const first = run(...args, '--max-iterations', '290');
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/state saved to .*cli\.state at iteration 290;\s+run again with it/);
    expect(first.stdout).not.toMatch(/continued from/);
    const second = JSON.parse(run(...args, '--max-iterations', '600', '--json').stdout);
    expect(second.checkpoint).toEqual({ path, continuedFrom: 290, savedAt: 600 });
    const whole = JSON.parse(run(...args.slice(0, -2), '--max-iterations', '600', '--json').stdout);
    expect(second.value0).toBe(whole.value0);
    expect(second.exploitability).toBe(whole.exploitability);
    expect(second.opening).toEqual(whole.opening);
    expect(run(...args, '--max-iterations', '600').stdout).toMatch(/continued from .*cli\.state at iteration 600/);
  });

  it('Ctrl-C before the first save leaves no file, not even a temporary one', async () => {
    const d = mkdtempSync(join(dir, 'sigint-'));
    const child = spawn(process.execPath, ['dist/src/cli/main.js', 'liars', 'solve', '--dice', '2,1', '--sides', '6', '--target', '1e-9', '--workers', '1', '--checkpoint', join(d, 'x.state')], { stdio: 'ignore' });
    await new Promise((r) => setTimeout(r, 2500));
    child.kill('SIGINT');
    const code = await new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
    expect(code).toBe(130);
    expect(readdirSync(d)).toEqual([]);
  });

  it('Ctrl-C while continuing a saved solve says the checkpoint is kept, and leaves it as it was', async () => {
    // a solve that runs for a while (cfr+ on five faces): saved after 50 iterations, then continued
    const path = join(dir, 'long.state');
    const args = ['--dice', '1,2', '--sides', '5', '--variant', 'openspiel', '--algorithm', 'cfr+', '--target', '1e-9', '--workers', '1', '--checkpoint', path];
    expect(run(...args, '--max-iterations', '50').status).toBe(0);
    const before = readFileSync(path);
    const child = spawn(process.execPath, ['dist/src/cli/main.js', 'liars', 'solve', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    const exited = new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
    let stderr = '';
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    // interrupted once it has had 2 s of CPU (well into the solve however loaded the machine is)
    const cpu = () => {
      try {
        const f = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
        return (Number(f[11]) + Number(f[12])) / 100;
      } catch {
        return Infinity;
      }
    };
    for (let t = 0; t < 600 && cpu() < 2; t++) await new Promise((r) => setTimeout(r, 100));
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stderr.trim()).toMatch(/^oddsmith: interrupted; .*long\.state still holds the solve's state at iteration 50: the same command continues from there$/);
    expect(stderr).not.toMatch(/nothing written/);
    expect(readFileSync(path).equals(before)).toBe(true);
  }, 120_000);

  const bad: [string, () => string, string[], RegExp][] = [
    ['another solve', () => join(dir, 'cli.state'), ['--variant', 'seed'], /holds a solve of openspiel, 1 v 2 dice, 4 sides, pcfr\+last, float64; this command asks for seed, 1 v 2 dice, 4 sides, pcfr\+last, float64/],
    ['another precision', () => join(dir, 'cli.state'), ['--precision', 'float32'], /this command asks for openspiel, 1 v 2 dice, 4 sides, pcfr\+last, float32/],
    ['cut short', () => { const p = join(dir, 'cut.state'); writeFileSync(p, readFileSync(join(dir, 'cli.state')).subarray(0, 100_000)); return p; }, [], /not a usable solver state: \d+ bytes of stores after the header, 1965600 expected/],
    ['a header whose store count is wrong', () => {
      const raw = readFileSync(join(dir, 'cli.state'));
      const nl = raw.indexOf(10);
      const head = JSON.parse(raw.subarray(0, nl).toString('utf8')) as Record<string, unknown>;
      const p = join(dir, 'count.state');
      writeFileSync(p, Buffer.concat([Buffer.from(JSON.stringify({ ...head, storeBytes: 8 })), raw.subarray(nl)]));
      return p;
    }, [], /not a usable solver state: its header gives 8 bytes of stores, this solve has 1965600 \(remove it/],
    ['no header', () => { const p = join(dir, 'nohead.state'); writeFileSync(p, 'x'.repeat(50)); return p; }, [], /not a usable solver state: no header line/],
    ['damaged header', () => { const p = join(dir, 'damaged.state'); writeFileSync(p, '{"format": oops\n'); return p; }, [], /its JSON header is damaged/],
    ['a strategy file', () => { const p = join(dir, 'other.state'); writeFileSync(p, JSON.stringify({ format: 'oddsmith liars-dice equilibrium', version: 2 }) + '\n'); return p; }, [], /format is not "oddsmith liars-dice solver state"/],
    ['a NaN in the stores', () => {
      const raw = readFileSync(join(dir, 'cli.state'));
      const p = join(dir, 'nan.state');
      raw.writeDoubleLE(NaN, raw.length - 8);
      writeFileSync(p, raw);
      return p;
    }, [], /its predictions hold NaN at \d+/],
    ['a folder', () => { const p = join(dir, 'folder.state'); mkdirSync(p, { recursive: true }); return p; }, [], /checkpoint file .*folder\.state" is a folder; give a file name/],
  ];
  for (const [what, path, extra, message] of bad) {
    it(`refuses ${what} in one line, exit code 2, and leaves the file as it was`, () => {
      const p = path();
      const before = readdirSync(dir).sort();
      const r = run('--dice', '1,2', '--sides', '4', '--variant', 'openspiel', '--algorithm', 'pcfr+last', '--max-iterations', '10', '--workers', '1', '--checkpoint', p, ...extra);
      expect(r.status).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(message);
      expect(readdirSync(dir).sort()).toEqual(before);
    });
  }

  it('refuses the same file for --out and --checkpoint', () => {
    const r = run('--dice', '1,1', '--sides', '3', '--checkpoint', join(dir, 'both'), '--out', join(dir, '.', 'both'));
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--out and --checkpoint name the same file/);
  });

  it('refuses a pipe where the file was expected', () => {
    const fifo = join(dir, 'fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const r = run('--dice', '1,1', '--sides', '3', '--checkpoint', fifo);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/is not a regular file \(a pipe or a device cannot hold a solve\)/);
  });
});

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';
import { CLI } from './cli.js';

/**
 * Table-driven hostile-input tests of the CLI. A row names the arguments (and environment) of one
 * bad invocation; the runner checks what every refusal must look like: exit 2, exactly one line on
 * stderr starting "oddsmith: " and matching the row's pattern, no stack trace, nothing on stdout,
 * no hang, and nothing left behind — no file created in the row's folder, no temp file.
 *
 * In `args` and `env` values, `{dir}` is a fresh empty folder for the row (also the working folder).
 * Add rows for your own commands: `fuzzTable('liars', [{ name, args, expect }])`.
 */
export interface FuzzRow {
  name: string;
  args: string[];
  env?: Record<string, string>;
  /** what the stderr line must say (after "oddsmith: ") */
  expect: RegExp;
  /** prepare the row's folder (files here are expected to stay exactly as they are) */
  setup?: (dir: string) => void;
  /** more folders that must not gain files (e.g. a tmpfs the row writes to) */
  watch?: string[];
  /** default 2 */
  exit?: number;
  /** default 60 s: longer is a hang */
  timeoutMs?: number;
}

/** Every file and folder under `dir` (relative paths, with sizes), to compare before and after. */
export function listing(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    let names: string[];
    try {
      names = readdirSync(d);
    } catch {
      return;
    }
    for (const n of names.sort()) {
      const p = join(d, n);
      let st;
      try {
        st = statSync(p);
      } catch {
        out.push(`${relative(dir, p)} (dangling)`);
        continue;
      }
      out.push(`${relative(dir, p)}${st.isDirectory() ? '/' : ` ${st.size}`}`);
      if (st.isDirectory()) walk(p);
    }
  };
  walk(dir);
  return out;
}

const fill = (s: string, dir: string) => s.split('{dir}').join(dir);

export interface FuzzResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  error?: Error;
}

/** Run one row and return what happened (the assertions are in `checkRow`). */
export function runRow(row: FuzzRow): { result: FuzzResult; dir: string; before: string[]; after: string[]; watched: [string, string[], string[]][] } {
  const dir = mkdtempSync(join(tmpdir(), 'oddsmith-fuzz-'));
  row.setup?.(dir);
  const before = listing(dir);
  const watchedBefore = (row.watch ?? []).map((w) => [fill(w, dir), listing(fill(w, dir))] as const);
  const env = { ...process.env, ...Object.fromEntries(Object.entries(row.env ?? {}).map(([k, v]) => [k, fill(v, dir)])) };
  // a fuzz row must not inherit a cluster index from the machine running the tests
  for (const k of ['JOB_COMPLETION_INDEX', 'SLURM_ARRAY_TASK_ID']) if (!row.env || !(k in row.env)) delete env[k];
  const r = spawnSync(process.execPath, [CLI, ...row.args.map((a) => fill(a, dir))], { cwd: dir, env, encoding: 'utf8', timeout: row.timeoutMs ?? 60_000, maxBuffer: 1 << 24 });
  const after = listing(dir);
  const watched = watchedBefore.map(([w, b]) => [w, b, listing(w)] as [string, string[], string[]]);
  return { result: { code: r.status, signal: r.signal, stdout: r.stdout ?? '', stderr: r.stderr ?? '', error: r.error }, dir, before, after, watched };
}

/** The assertions every row gets. */
export function checkRow(row: FuzzRow, run: ReturnType<typeof runRow>): void {
  const { result: r } = run;
  const show = `\nargs: ${JSON.stringify(row.args).slice(0, 300)}\ncode ${r.code} signal ${r.signal}\nstderr: ${r.stderr.slice(0, 2000)}\nstdout: ${r.stdout.slice(0, 500)}`;
  expect(r.signal, `hung or was killed${show}`).toBeNull();
  expect(r.code, `exit code${show}`).toBe(row.exit ?? 2);
  const lines = r.stderr.replace(/\n$/, '').split('\n');
  expect(lines.length, `one stderr line${show}`).toBe(1);
  expect(lines[0], `stderr line${show}`).toMatch(/^oddsmith: /);
  expect(lines[0].slice('oddsmith: '.length), `stderr says${show}`).toMatch(row.expect);
  expect(r.stderr, `no stack trace${show}`).not.toMatch(/\bat .+:\d+:\d+|internal error/);
  expect(r.stdout, `nothing on stdout${show}`).toBe('');
  expect(run.after, `nothing left behind in the row's folder${show}`).toEqual(run.before);
  for (const [w, b, a] of run.watched) expect(a, `nothing left behind in ${w}${show}`).toEqual(b);
}

/** Register one vitest test per row. */
export function fuzzTable(title: string, rows: readonly FuzzRow[]): void {
  for (const row of rows) {
    it(`${title}: ${row.name}`, () => {
      const run = runRow(row);
      try {
        checkRow(row, run);
      } finally {
        rmSync(run.dir, { recursive: true, force: true });
      }
    }, (row.timeoutMs ?? 60_000) + 10_000);
  }
}

/**
 * Run one row in this process through the CLI's `main` (no node start-up per row, so thousands of
 * rows stay fast). Only for rows refused before any work starts: there is no timeout in-process.
 * stdout/stderr are captured; `{dir}` is a fresh folder (the working folder is not changed).
 */
export async function runRowInProcess(row: FuzzRow): Promise<ReturnType<typeof runRow>> {
  const { main } = await import('../../src/cli/main.js');
  const dir = mkdtempSync(join(tmpdir(), 'oddsmith-fuzz-'));
  row.setup?.(dir);
  const before = listing(dir);
  const saved: Record<string, string | undefined> = {};
  const env: Record<string, string | undefined> = { JOB_COMPLETION_INDEX: undefined, SLURM_ARRAY_TASK_ID: undefined, ...Object.fromEntries(Object.entries(row.env ?? {}).map(([k, v]) => [k, fill(v, dir)])) };
  for (const [k, v] of Object.entries(env)) {
    saved[k] = process.env[k];
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  let stdout = '';
  let stderr = '';
  const out = process.stdout.write, err = process.stderr.write;
  process.stdout.write = ((s: string | Uint8Array) => ((stdout += String(s)), true)) as typeof process.stdout.write;
  process.stderr.write = ((s: string | Uint8Array) => ((stderr += String(s)), true)) as typeof process.stderr.write;
  let code: number | null;
  try {
    code = await main(['node', 'oddsmith', ...row.args.map((a) => fill(a, dir))]);
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
  return { result: { code, signal: null, stdout, stderr }, dir, before, after: listing(dir), watched: [] };
}

/** Register one vitest test per row, run in-process (see runRowInProcess). */
export function fuzzTableInProcess(title: string, rows: readonly FuzzRow[]): void {
  for (const row of rows) {
    it(`${title}: ${row.name}`, async () => {
      const run = await runRowInProcess(row);
      try {
        checkRow(row, run);
      } finally {
        rmSync(run.dir, { recursive: true, force: true });
      }
    }, 60_000);
  }
}

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

export const CLI = fileURLToPath(new URL('../../dist/src/cli/main.js', import.meta.url));
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Run the compiled CLI (npm test builds it first). */
export function runCli(args: string[], opts: { env?: NodeJS.ProcessEnv; cwd?: string } = {}) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', cwd: opts.cwd ?? ROOT, env: { ...process.env, ...opts.env } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A user mistake: exit code 2, one line on stderr, no stack trace, nothing on stdout. */
export function expectUserError(r: { code: number | null; stdout: string; stderr: string }, pattern: RegExp): void {
  const lines = r.stderr.trim().split('\n');
  if (r.code !== 2 || lines.length !== 1 || !pattern.test(lines[0]) || /\bat .+:\d+:\d+/.test(r.stderr) || r.stdout !== '') {
    throw new Error(`expected exit 2 with one stderr line matching ${pattern}, got code ${r.code}\nstderr: ${r.stderr}\nstdout: ${r.stdout}`);
  }
}

/** A command's JSON output without its timing (`seconds`), which is the one field that varies run to run. */
export function untimedJson(text: string): Record<string, unknown> {
  const { seconds: _s, ...rest } = JSON.parse(text) as Record<string, unknown>;
  return rest;
}

/**
 * Run a `--json` command with 1 and with 2 workers; expects success and the same output apart from
 * the timing, and returns that output.
 */
export function sameForWorkers(args: string[]): Record<string, unknown> {
  const one = runCli([...args, '--workers', '1']), two = runCli([...args, '--workers', '2']);
  if (one.code !== 0) throw new Error(`exit ${one.code} with 1 worker: ${one.stderr}`);
  expect(untimedJson(two.stdout)).toEqual(untimedJson(one.stdout));
  return untimedJson(one.stdout);
}

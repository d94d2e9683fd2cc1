/**
 * Every example in the docs is run and compared, so the docs cannot go stale (issue 9, item 7).
 *
 * The examples are the ```console blocks of README.md and docs/**\/*.md. In a block, every line that
 * starts with `$ ` is a command and must be `$ npx oddsmith …`; the lines after it, up to the next `$`
 * line or the end of the block, are what it prints. The test runs each command as
 * `node dist/src/cli/main.js …` (what `npx oddsmith` runs, without npx's start-up) and compares.
 *
 * - The output compared is stdout and stderr as a terminal shows them: both streams go to one file,
 *   in the order written. An error example therefore shows its `oddsmith: …` line.
 * - The one marker: `…` (U+2026) in an expected line matches any text within that line. Use it only
 *   where a line carries a timing or a rate.
 * - Trailing spaces of each line and trailing empty lines are ignored (editors strip them).
 * - Arguments are split on spaces with simple quoting ('…' and "…", backslash escapes outside single
 *   quotes). No shell: a pipe, redirection, glob, variable or `;` is an error, not a silent skip.
 * - Each block runs in a fresh temporary folder that holds links to the repository's rules/ and
 *   examples/ (games written against the public API: `--game ./examples/<id>/index.js`), so a
 *   block may write files (`--out parts/shard-0.json`) and read them back (`merge …`) as a user does in
 *   a clone, and nothing is left behind.
 * - Nothing is skipped: a console block without a `$` line, text before its first `$` line, a command
 *   that is not `npx oddsmith`, or an unclosed block fails the test with its file and line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEXT_WIDTH } from '../src/core/format.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const CLI = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const TIMEOUT_MS = 120_000;

interface Example {
  file: string;          // relative to the repository root
  line: number;          // 1-based line of the `$` line
  command: string;       // the text after `$ `
  expected: { line: number; text: string }[];
}
interface Block { file: string; line: number; examples: Example[]; errors: string[] }

/** Markdown files to check: README.md and everything under docs/. */
export function docFiles(root = ROOT): string[] {
  const out = ['README.md'];
  const walk = (dir: string) => {
    if (!existsSync(join(root, dir))) return;
    for (const e of readdirSync(join(root, dir), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = `${dir}/${e.name}`;
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.md')) out.push(p);
    }
  };
  walk('docs');
  return out;
}

/** The ```console blocks of one Markdown text, with every structural problem named. */
export function parseBlocks(file: string, text: string): Block[] {
  const lines = text.split('\n');
  const blocks: Block[] = [];
  let fence: string | null = null;   // the fence of the block we are in (``` or ````), console or not
  let block: Block | null = null;
  let current: Example | null = null;
  let strayText = false;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i];
    const n = i + 1;
    if (fence === null) {
      const open = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)/.exec(raw);
      if (!open) continue;
      fence = open[2];
      if (open[3] === 'console') {
        block = { file, line: n, examples: [], errors: [] };
        strayText = false;
        if (open[1] !== '') block.errors.push(`${file}:${n}: indented console block (start it at the beginning of the line)`);
        current = null;
      }
      continue;
    }
    if (raw.trim().startsWith(fence[0].repeat(fence.length)) && raw.trim().replace(/[`~]/g, '') === '') {
      if (block) {
        if (block.examples.length === 0 && block.errors.length === 0) block.errors.push(`${file}:${block.line}: console block has no \`$ npx oddsmith …\` line`);
        blocks.push(block);
      }
      fence = null; block = null; current = null;
      continue;
    }
    if (!block) continue;
    if (raw.startsWith('$')) {
      const m = /^\$ npx oddsmith(?:\s+(.*))?$/.exec(raw.trimEnd());
      current = { file, line: n, command: (m?.[1] ?? '').trim(), expected: [] };
      if (m) block.examples.push(current);
      // its output lines still belong to it (and are not reported as stray text)
      else block.errors.push(`${file}:${n}: console block command must be \`$ npx oddsmith …\` (got \`${raw}\`)`);
    } else if (current) {
      current.expected.push({ line: n, text: raw });
    } else if (raw.trim() !== '' && !strayText) {
      strayText = true;
      block.errors.push(`${file}:${n}: text before the first \`$\` line of a console block`);
    }
  }
  if (fence !== null && block) {
    block.errors.push(`${file}:${block.line}: console block is never closed`);
    blocks.push(block);
  }
  return blocks;
}

/** Split a command line into arguments: spaces separate, '…' and "…" quote, \ escapes outside '…'. */
export function splitArgs(command: string): string[] {
  const args: string[] = [];
  let arg = '';
  let inArg = false;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && (command[i + 1] === '"' || command[i + 1] === '\\')) arg += command[++i];
      else arg += c;
      continue;
    }
    if (c === "'" || c === '"') { quote = c; inArg = true; continue; }
    if (c === '\\') {
      if (i + 1 >= command.length) throw new Error('a backslash at the end of the command');
      arg += command[++i]; inArg = true; continue;
    }
    if (/\s/.test(c)) {
      if (inArg) { args.push(arg); arg = ''; inArg = false; }
      continue;
    }
    if ('|<>;&`$*?(){}'.includes(c)) {
      throw new Error(`shell syntax \`${c}\` is not supported in examples (no pipes, redirections, globs or variables)`);
    }
    arg += c; inArg = true;
  }
  if (quote) throw new Error(`unclosed ${quote} quote`);
  if (inArg) args.push(arg);
  return args;
}

/** An expected line matches an actual line exactly, except that `…` matches any text in that line. */
export function lineMatches(expected: string, actual: string): boolean {
  const e = expected.trimEnd();
  const a = actual.trimEnd();
  if (!e.includes('…')) return e === a;
  const pattern = e.split('…').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  return new RegExp(`^${pattern}$`, 's').test(a);
}

const dropTrailingEmpty = <T>(xs: T[], text: (x: T) => string): T[] => {
  let end = xs.length;
  while (end > 0 && text(xs[end - 1]).trim() === '') end--;
  return xs.slice(0, end);
};

/**
 * A line diff of expected (with their doc lines) against actual, or null when they match: the longest
 * common subsequence under lineMatches, printed as `  ` same, `- ` expected only, `+ ` actual only.
 */
export function diffOutput(file: string, expected: { line: number; text: string }[], actualText: string): string | null {
  const exp = dropTrailingEmpty(expected, (x) => x.text);
  const act = dropTrailingEmpty(actualText.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n'), (x) => x);
  if (exp.length === act.length && exp.every((e, i) => lineMatches(e.text, act[i]))) return null;
  const n = exp.length, m = act.length;
  const L: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      L[i][j] = lineMatches(exp[i].text, act[j]) ? L[i + 1][j + 1] + 1 : Math.max(L[i + 1][j], L[i][j + 1]);
    }
  }
  const out: string[] = [];
  let i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && lineMatches(exp[i].text, act[j])) { out.push(`    ${act[j]}`); i++; j++; }
    else if (i < n && (j >= m || L[i + 1][j] >= L[i][j + 1])) { out.push(`  - ${exp[i].text.trimEnd()}    (${file}:${exp[i].line})`); i++; }
    else { out.push(`  + ${act[j]}`); j++; }
  }
  return out.join('\n');
}

/**
 * Text output fits TEXT_WIDTH columns (issue 15): every line a person reads, except the one-line
 * `oddsmith: …` error (one line by contract) and machine formats (--csv, --json, --jsonl).
 */
export function tooWide(args: readonly string[], output: string): string[] {
  if (args.some((a) => a === '--csv' || a === '--json' || a === '--jsonl')) return [];
  return output.split('\n').filter((l) => !l.startsWith('oddsmith: ') && [...l.trimEnd()].length > TEXT_WIDTH);
}

/** Run `oddsmith ARGS` in dir; stdout and stderr into one file, in the order written. */
function runExample(args: string[], dir: string): { code: number | null; output: string; signal: NodeJS.Signals | null } {
  const outFile = join(dir, '.output');
  const fd = openSync(outFile, 'w');
  try {
    const env = { ...process.env };
    // a cluster's index variables would turn a pooled run into one shard
    delete env.JOB_COMPLETION_INDEX;
    delete env.SLURM_ARRAY_TASK_ID;
    const r = spawnSync(process.execPath, [CLI, ...args], { cwd: dir, env, stdio: ['ignore', fd, fd], timeout: TIMEOUT_MS });
    if (r.error) throw r.error;
    return { code: r.status, signal: r.signal, output: readFileSync(outFile, 'utf8') };
  } finally {
    closeSync(fd);
    rmSync(outFile, { force: true });
  }
}

describe('the example checker itself', () => {
  it('… matches any text within one line, and nothing else is loose', () => {
    expect(lineMatches('… turns/s (2 workers, … s)', '1,412,620 turns/s (2 workers, 0.71 s)')).toBe(true);
    expect(lineMatches('… turns/s (2 workers, … s)', '1,412,620 turns/s (4 workers, 0.71 s)')).toBe(false);
    expect(lineMatches('mean 3.5 (x)', 'mean 3.5 (x)   ')).toBe(true);
    expect(lineMatches('mean 3.5', 'mean 3.50')).toBe(false);
    expect(lineMatches('a.b', 'axb')).toBe(false);
  });

  it('splits arguments with simple quoting and refuses shell syntax', () => {
    expect(splitArgs('mahjong waits 11223m --melds "pung 5p, kong 7s" --seen \'3m\'')).toEqual(['mahjong', 'waits', '11223m', '--melds', 'pung 5p, kong 7s', '--seen', '3m']);
    expect(splitArgs('a "" b')).toEqual(['a', '', 'b']);
    expect(() => splitArgs('wulong solve | head')).toThrow(/shell syntax `\|`/);
    expect(() => splitArgs('merge parts/*.json')).toThrow(/shell syntax `\*`/);
    expect(() => splitArgs('wulong solve > out.txt')).toThrow(/shell syntax `>`/);
    expect(() => splitArgs('a "b')).toThrow(/unclosed/);
  });

  it('reports every console block it cannot run, with file and line', () => {
    const text = [
      '```console', 'no command here', '```',                       // 1–3
      '```console', '$ oddsmith wulong solve', 'output', '```',      // 4–7
      '```sh', '$ anything goes in other blocks', '```',             // 8–10
      '```console', '$ npx oddsmith wulong advise', 'ROLL', '',      // 11–14
    ].join('\n');
    const blocks = parseBlocks('x.md', text);
    expect(blocks.map((b) => b.errors)).toEqual([
      ['x.md:2: text before the first `$` line of a console block'],
      ['x.md:5: console block command must be `$ npx oddsmith …` (got `$ oddsmith wulong solve`)'],
      ['x.md:11: console block is never closed'],
    ]);
    expect(blocks[2].examples).toEqual([{ file: 'x.md', line: 12, command: 'wulong advise', expected: [{ line: 13, text: 'ROLL' }, { line: 14, text: '' }] }]);
    expect(parseBlocks('y.md', '```console\n```\n')[0].errors).toEqual(['y.md:1: console block has no `$ npx oddsmith …` line']);
  });

  it('a line over 100 columns is too wide, except an error line and machine formats', () => {
    const long = 'x'.repeat(101);
    expect(tooWide(['wulong', 'solve'], `ok\n${long}\n`)).toEqual([long]);
    expect(tooWide(['wulong', 'solve'], `oddsmith: ${long}\n`)).toEqual([]);
    expect(tooWide(['wulong', 'game', '--csv'], `${long}\n`)).toEqual([]);
    expect(tooWide(['wulong', 'solve'], 'y'.repeat(100))).toEqual([]);
  });

  it('a diff names the doc line of what differs', () => {
    const expected = [{ line: 10, text: 'a' }, { line: 11, text: 'b' }, { line: 12, text: '' }];
    expect(diffOutput('x.md', expected, 'a\nb\n')).toBeNull();
    expect(diffOutput('x.md', expected, 'a\nc\n')).toBe('    a\n  - b    (x.md:11)\n  + c');
  });
});

const blocks = docFiles().flatMap((file) => parseBlocks(file, readFileSync(join(ROOT, file), 'utf8')));

describe('doc examples', () => {
  it('the docs have console examples, and the compiled CLI exists (npm test builds it)', () => {
    expect(blocks.reduce((s, b) => s + b.examples.length, 0)).toBeGreaterThan(0);
    expect(existsSync(CLI), `${relative(ROOT, CLI)} is missing: run npm run build`).toBe(true);
  });

  for (const block of blocks) {
    describe(`${block.file}:${block.line}`, () => {
      let dir = '';
      beforeAll(() => {
        dir = mkdtempSync(join(tmpdir(), 'oddsmith-docs-'));
        symlinkSync(join(ROOT, 'rules'), join(dir, 'rules'));
        // the games written against the public API (`--game ./examples/<id>/index.js`)
        symlinkSync(join(ROOT, 'examples'), join(dir, 'examples'));
      });
      afterAll(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

      for (const error of block.errors) {
        it(error, () => { throw new Error(error); });
      }
      for (const ex of block.examples) {
        it(`${ex.file}:${ex.line} $ npx oddsmith ${ex.command}`, () => {
          let args: string[];
          try {
            args = splitArgs(ex.command);
          } catch (e) {
            throw new Error(`${ex.file}:${ex.line}: ${(e as Error).message}\n  $ npx oddsmith ${ex.command}`);
          }
          const r = runExample(args, dir);
          const diff = diffOutput(ex.file, ex.expected, r.output);
          if (diff !== null) {
            const how = r.signal ? `killed by ${r.signal}` : `exit code ${r.code}`;
            throw new Error(
              `${ex.file}:${ex.line}: output differs (${how})\n  $ npx oddsmith ${ex.command}\n` +
              `(  = same, - in the doc only, + printed only)\n${diff}`,
            );
          }
          const wide = tooWide(args, r.output);
          expect(wide, `${ex.file}:${ex.line}: lines wider than ${TEXT_WIDTH} columns`).toEqual([]);
        }, TIMEOUT_MS + 10_000);
      }
    });
  }
});

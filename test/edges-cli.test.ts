import { describe, expect, it } from 'vitest';
import type { Command } from 'commander';
import { buildProgram, main } from '../src/cli/main.js';

// The CLI a person meets: a bare `oddsmith` or `oddsmith <group>` prints that level's help on
// stdout and exits 0 (asking what there is is not a mistake); every group's and every command's
// help has examples; help says each default once.

async function capture(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '', stderr = '';
  const out = process.stdout.write, err = process.stderr.write;
  process.stdout.write = ((s: string | Uint8Array) => ((stdout += String(s)), true)) as typeof process.stdout.write;
  process.stderr.write = ((s: string | Uint8Array) => ((stderr += String(s)), true)) as typeof process.stderr.write;
  try {
    return { code: await main(['node', 'oddsmith', ...args]), stdout, stderr };
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
  }
}

const program = await buildProgram(['node', 'oddsmith']);
const groups = program.commands.filter((c) => c.commands.length > 0);
function leaves(c: Command, prefix: string[] = []): string[][] {
  return c.commands.flatMap((s) => (s.commands.length ? leaves(s, [...prefix, s.name()]) : [[...prefix, s.name()]]));
}

describe('the CLI a person meets', () => {
  it('bare `oddsmith`: the top help on stdout, exit 0', async () => {
    const r = await capture([]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/Usage: oddsmith/);
    expect(r.stdout).toMatch(/Examples:/);
  });
  for (const g of groups) {
    it(`bare \`oddsmith ${g.name()}\` and its --help: the group's commands and examples, exit 0`, async () => {
      for (const args of [[g.name()], [g.name(), '--help']]) {
        const r = await capture(args);
        expect(r.code, args.join(' ')).toBe(0);
        expect(r.stdout).toMatch(/Commands:/);
        expect(r.stdout).toMatch(new RegExp(`Examples:\\n  npx oddsmith ${g.name()} `));
      }
    });
  }
  it('every command\'s help has an example, and shows each default once', async () => {
    for (const path of leaves(program)) {
      const r = await capture([...path, '--help']);
      expect(r.code, path.join(' ')).toBe(0);
      expect(r.stdout, `${path.join(' ')} --help`).toMatch(/Examples?( \([^)]*\))?:\n {2}(npx oddsmith|echo )/);
      // an option's lines, joined: "(default …)" at most once each
      const options = r.stdout.split(/\n(?= {2}-)/);
      for (const o of options) {
        const text = o.replace(/\s+/g, ' ');
        // commander's "(default: x)" once at most, and never after the description's own "(default x)"
        expect((text.match(/\(default: /g) ?? []).length, `${path.join(' ')}: ${text}`).toBeLessThanOrEqual(1);
        expect(text, path.join(' ')).not.toMatch(/\(default ([^)]+)\) \(default: "?\1"?\)/);
      }
    }
  });
  it('a typo gives commander\'s error as one line with the oddsmith: prefix, exit 2', async () => {
    const r = await capture(['wulong', 'simulat']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^oddsmith: unknown command 'simulat' \(Did you mean simulate\?\)\n$/);
  });
});

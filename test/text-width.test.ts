import { describe, expect, it } from 'vitest';
import type { Command } from 'commander';
import { buildProgram } from '../src/cli/main.js';
import { TEXT_WIDTH } from '../src/core/format.js';

// Help a person reads fits TEXT_WIDTH columns too (issue 15): every group's and command's help,
// including its examples (a long example continues on the next line with a backslash, as in a shell).
// Command output is held to the same width by the docs examples (test/docs-examples.test.ts).

const program = await buildProgram(['node', 'oddsmith']);
const all = (c: Command, prefix: string[] = []): { name: string; cmd: Command }[] =>
  [{ name: prefix.join(' ') || 'oddsmith', cmd: c }, ...c.commands.flatMap((s) => all(s, [...prefix, s.name()]))];

function helpText(cmd: Command): string {
  let text = '';
  cmd.configureOutput({ writeOut: (s) => (text += s), writeErr: (s) => (text += s) });
  cmd.outputHelp();
  return text;
}

describe('help fits 100 columns', () => {
  for (const { name, cmd } of all(program)) {
    it(name, () => {
      const text = helpText(cmd);
      expect(text).toMatch(/Usage:/);
      expect(text.split('\n').filter((l) => [...l].length > TEXT_WIDTH)).toEqual([]);
    });
  }
});

/**
 * The docs of the example games stay true to the code: the tutorial (docs/your-game.md) shows
 * examples/mini-bones/index.js in full, word for word, in its ```js blocks, and the Zombie Dice stop
 * table in docs/examples.md is what the exact solver computes for the default rules. (Their console
 * blocks are run by test/docs-examples.test.ts.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from './helpers/cli.js';
// @ts-expect-error -- a plain JS module (typed by JSDoc, checked by examples/tsconfig.json)
import game from '../examples/zombie-dice/index.js';
// @ts-expect-error -- a plain JS module (typed by JSDoc, checked by examples/tsconfig.json)
import { stopTable, stopTableMarkdown } from '../examples/zombie-dice/analysis.js';

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

it('docs/your-game.md shows examples/mini-bones/index.js whole, in order, in its js blocks', () => {
  const blocks = [...read('docs/your-game.md').matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
  expect(blocks.length).toBeGreaterThan(1);
  // the file's lines, in order (the blank lines where the page breaks it into parts aside)
  const lines = (text: string) => text.split('\n').filter((l) => l.trim() !== '');
  expect(lines(blocks.join('\n'))).toEqual(lines(read('examples/mini-bones/index.js')));
});

it('docs/examples.md quotes the stop table the exact solver computes for the default rules', () => {
  const fields = game.rules.fields as Record<string, { default?: unknown }>;
  const rules = Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, f.default])) as never;
  expect(read('docs/examples.md')).toContain(stopTableMarkdown(stopTable(rules)));
});

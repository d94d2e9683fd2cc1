/**
 * The rules editor's diff against the preset (src/workbench/rules-editor.ts): what the title counts
 * and the list shows. The editor itself is tested in chromium (test/browser-rules-editor.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { rulesDiff } from '../src/workbench/rules-editor.js';

describe('rulesDiff', () => {
  const book = JSON.parse(readFileSync('rules/wulong/default.json', 'utf8')) as Record<string, unknown> & { faces: { score: Record<string, number> }[] };
  it('is empty for equal rules, one entry per changed leaf otherwise', () => {
    expect(rulesDiff(book, structuredClone(book))).toEqual([]);
    const x = structuredClone(book);
    x.faces[0].score['1'] = 1500;
    x.faces[5].score['2'] = 600;
    x.name = 'mine';
    expect(rulesDiff(book, x)).toEqual([
      { path: 'name', from: 'Wulong (rulebook)', to: 'mine' },
      { path: 'faces.0.score.1', from: 1000, to: 1500 },
      { path: 'faces.5.score.2', from: undefined, to: 600 },
    ]);
  });
  it('counts an entry only one side has, a value switched to null and a key left out as one change each', () => {
    const x = structuredClone(book) as unknown as Record<string, unknown> & { straights: unknown[] };
    x.straights = x.straights.slice(0, 1);
    x.instantWin = null;
    delete x.betting;
    const d = rulesDiff(book, x);
    expect(d.map((e) => e.path)).toEqual(['straights.1', 'instantWin', 'betting']);
    expect(d[1].to).toBeNull();
    expect(d[2].to).toBeUndefined();
  });
});

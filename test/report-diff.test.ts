import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { diffFigures, diffMarkdown, diffText, anyChange, intervalFigure, tableFigures, type Figure, type PageFigures } from '../src/report/findings.js';
import { writePage, writeIndex } from '../src/report/page.js';
import { assumptionsSection } from '../src/report/assumptions.js';
import { expectUserError, runCli } from './helpers/cli.js';

const pages = (figures: Figure[]) => new Map<string, PageFigures>([['g/p.html', { page: 'g/p.html', title: 'P', figures }]]);

describe('oddsmith diff: headline figures compared', () => {
  it('exact figures exactly, simulated ones by their intervals, flipped findings first', () => {
    const a = pages([
      { id: 'EV', value: -0.42, exact: true, flipAt: 0 },
      { id: 'fair odds', value: '1:2.5', exact: true },
      { id: 'best', value: 'kelly', exact: true, finding: true },
      intervalFigure('win rate, noise', 0.5, [0.49, 0.51], 0.25),
      intervalFigure('win rate, real', 0.3, [0.29, 0.31], 0.25),
      intervalFigure('win rate, flips', 0.26, [0.255, 0.265], 0.25),
      { id: 'same', value: 3, exact: true },
    ]);
    const b = pages([
      { id: 'EV', value: 0.16, exact: true, flipAt: 0 },
      { id: 'fair odds', value: '1:2.5', exact: true },
      { id: 'best', value: 'min', exact: true, finding: true },
      intervalFigure('win rate, noise', 0.505, [0.495, 0.515], 0.25),
      intervalFigure('win rate, real', 0.35, [0.34, 0.36], 0.25),
      intervalFigure('win rate, flips', 0.2, [0.195, 0.205], 0.25),
      { id: 'same', value: 3, exact: true },
      { id: 'new', value: 1, exact: true },
    ]);
    const d = diffFigures(a, b);
    expect(d.flipped.map((x) => x.id)).toEqual(['EV', 'best', 'win rate, flips']);
    expect(d.changed.map((x) => x.id)).toEqual(['win rate, real']);
    expect(d.noise.map((x) => x.id)).toEqual(['win rate, noise']);
    expect(d.added.map((x) => x.id)).toEqual(['new']);
    expect(d.same).toBe(2);
    expect(anyChange(d)).toBe(true);
    const text = diffText(d, ['A', 'B']);
    expect(text.indexOf('Findings that flipped')).toBeLessThan(text.indexOf('Changed'));
    expect(text).toContain('-0.42 → 0.16 (+0.58); exact');
    expect(diffMarkdown(d, ['A', 'B'])).toContain('| g/p.html | EV | -0.42 | 0.16 | +0.58 | exact |');
    const none = diffFigures(a, a);
    expect(anyChange(none)).toBe(false);
    expect(diffText(none, ['A', 'A'])).toBe('oddsmith diff A → A: no change: 7 figures equal (1 page)');
  });

  it('table rows are named by as many leading columns as make them unique', () => {
    const f = tableFigures('T', [{ variant: 'a', sides: 2, value: 0.5 }, { variant: 'a', sides: 3, value: '0.25' }]);
    expect(f.map((x) => [x.id, x.value])).toEqual([['T › a / 2 › value', 0.5], ['T › a / 3 › value', 0.25]]);
  });

  it('pages write their figures; the index names findings sensitive to an assumption', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oddsmith-diff-'));
    const section = assumptionsSection({
      game: 'g',
      assumptions: [{ field: 'x', question: 'x?', byDefault: '1', why: 'w', alternatives: ['2'] }],
      checks: [
        { finding: 'A wins', field: 'x', values: [{ value: 'default', measured: '60%', holds: true }, { value: '2', measured: '45%', holds: false }] },
        { finding: 'B is fair', field: 'x', values: [{ value: 'default', measured: '0', holds: true }, { value: '2', measured: '0', holds: true }] },
      ],
      method: 'm',
    });
    const page = await writePage(dir, { path: 'g/p.html', title: 'T', summary: 'S' }, '', [{ heading: 'Cards', table: { rows: [{ card: 'tiger', EV: '-0.4200' }] }, figures: { flipAt: { EV: 0 } } }, section], [intervalFigure('w', 0.5, [0.4, 0.6])]);
    writeIndex(dir, [page]);
    const f = JSON.parse(readFileSync(join(dir, 'g', 'p.findings.json'), 'utf8')) as PageFigures;
    expect(f.figures).toEqual([{ id: 'w', value: 0.5, ci: [0.4, 0.6] }, { id: 'Cards › tiger › EV', value: -0.42, exact: true, flipAt: 0 }]);
    expect(f.sensitive).toEqual(['A wins (fails at x = 2)']);
    expect(readFileSync(join(dir, 'g', 'p.html'), 'utf8')).toContain('<h2 id="assumptions">Assumptions</h2>');
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).toContain('Holds by default, fails under an assumed alternative: A wins (fails at x = 2). 1 other finding holds under every alternative (<a href="g/p.html#assumptions">assumptions</a>)');
  }, 60_000);

  it('bad arguments: one line, exit 2', () => {
    const dir = mkdtempSync(join(tmpdir(), 'oddsmith-diff-'));
    expectUserError(runCli(['diff', dir, 'no-such-ref-xyz']), /has no headline figures|is neither a reports folder nor a git ref/);
    expectUserError(runCli(['diff', 'no-such-ref-xyz', dir]), /no-such-ref-xyz is neither a reports folder nor a git ref/);
    expectUserError(runCli(['diff', '--experiment', 'nope', 'rules/wulong/default.json', 'rules/wulong/default.json']), /unknown experiment nope/);
    expectUserError(runCli(['diff', '--json', '--markdown', dir, dir]), /choose one/);
  });
});

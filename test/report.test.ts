import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderSpec, type VlSpec } from '../src/report/render.js';
import { textWidth } from '../src/report/fonts.js';
import { writePage, writeIndex } from '../src/report/page.js';

const spec: VlSpec = {
  title: 'A test chart',
  width: 200,
  height: 100,
  data: { values: [{ x: 1, y: 2 }, { x: 2, y: 3 }] },
  mark: 'bar',
  encoding: { x: { field: 'x', type: 'ordinal', title: 'x axis (units)' }, y: { field: 'y', type: 'quantitative', title: 'y axis (units)' } },
};

describe('report rendering', () => {
  it('renders SVG and PNG, byte-identical on a second run, in the shipped font', async () => {
    const a = await renderSpec(spec);
    const b = await renderSpec(spec);
    expect(a.svg).toBe(b.svg);
    expect(Buffer.compare(a.png, b.png)).toBe(0);
    expect(a.svg).toContain('DejaVu Sans');
    expect(a.svg).toContain('x axis (units)');
    expect(a.png.subarray(1, 4).toString()).toBe('PNG');
  });

  it('a chart\'s SVG does not depend on what was rendered before it (gradient ids)', async () => {
    const heat = (scheme: 'blues' | 'reds' | 'greens'): VlSpec => ({
      data: { values: [{ x: 1, y: 1, v: 0 }, { x: 2, y: 1, v: 5 }] },
      mark: 'rect',
      encoding: { x: { field: 'x', type: 'ordinal' }, y: { field: 'y', type: 'ordinal' }, color: { field: 'v', type: 'quantitative', scale: { scheme } } },
    });
    const alone = (await renderSpec(heat('blues'))).svg;
    await renderSpec(heat('reds'));
    await renderSpec(heat('greens'));
    expect((await renderSpec(heat('blues'))).svg).toBe(alone);
    expect(alone).toContain('gradient_0');
  });

  it('measures text with the font\'s real advance widths', () => {
    // DejaVu Sans: "M" is 1767/2048 em, "i" is 569/2048 em
    expect(textWidth('M', 2048)).toBeCloseTo(1767, 0);
    expect(textWidth('i', 2048)).toBeCloseTo(569, 0);
    expect(textWidth('MM', 10)).toBeCloseTo(2 * textWidth('M', 10), 9);
  });

  it('writes a page with every chart as SVG, PNG, CSV and spec, and an index linking it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oddsmith-report-'));
    const page = await writePage(dir, { path: 'g/p.html', title: 'T', summary: 'S' }, '<p>intro</p>', [
      { heading: 'H', charts: [{ name: 'c', title: 'C', caption: 'cap', spec, rows: [{ x: 1, y: 2 }] }] },
    ]);
    writeIndex(dir, [page]);
    expect(readdirSync(join(dir, 'g')).sort()).toEqual(['c.csv', 'c.png', 'c.svg', 'c.vl.json', 'p.findings.json', 'p.html']);
    // a game without a table of assumptions: the page still ends by saying what it rests on
    expect(readFileSync(join(dir, 'g', 'p.html'), 'utf8')).toMatch(/<h2 id="assumptions">Assumptions<\/h2>\n<p>The findings on this page rest on the rules as this project models them: docs\/rules\/g\.md names/);
    expect(readFileSync(join(dir, 'g', 'c.csv'), 'utf8')).toBe('x,y\n1,2\n');
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).toContain('href="g/p.html"');
  });
});

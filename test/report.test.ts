import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderSpec, type VlSpec } from '../src/report/render.js';
import { textWidth } from '../src/report/fonts.js';
import { foldFractions, writePage, writeIndex } from '../src/report/page.js';

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

  it('folds long exact fractions: the decimal first, the fraction on demand; short ones stay', async () => {
    const big = '2138344066619201024219051/16189704250016547583816875';
    const prose = foldFractions(`<p title="${big}">probability ${big} = 13.208% (exact), then 49110533273/967455327300 and 1/7</p>`);
    // the decimal written after the fraction comes first; one without is computed (4 digits)
    expect(prose).toContain(`probability 13.208%<label class="frac" title="exact fraction ${big}"><input type="checkbox"><span> (exact fraction)</span><code> = ${big}</code></label>, then`);
    expect(prose).toContain('then ≈\u202f0.05076<label class="frac"');
    expect(prose).toContain(' and 1/7</p>');
    expect(prose.startsWith(`<p title="${big}">`)).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'oddsmith-report-'));
    await writePage(dir, { path: 'g/f.html', title: 'T', summary: 'S' }, '<p>intro</p>', [
      { heading: 'H', table: { rows: [{ event: 'bomb', '14 cards (fraction)': '49110533273/967455327300', '14 cards': '5.0763%' }, { event: 'four', '14 cards (fraction)': '1/4', '14 cards': '25.0000%' }] } },
      { heading: 'I', table: { rows: [{ finding: 'eight 2s is true with chance 8551019/14348907', measured: '8551019/14348907 = 0.595935 (exact)' }] } },
    ]);
    const html = readFileSync(join(dir, 'g', 'f.html'), 'utf8');
    // the decimal column before its fraction column on the page (the CSV keeps the order written)
    expect(html).toContain('<th>event</th><th>14 cards</th><th>14 cards (fraction)</th>');
    expect(html).toContain('<td>5.0763%</td><td><details class="frac"><summary>exact fraction (23 digits)</summary><code>49110533273/967455327300</code></details></td>');
    expect(html).toContain('<td>25.0000%</td><td><span class="fr">1/4</span></td>');
    // inside other words, a cell reads as prose does: the decimal first
    expect(html).toContain('<td>eight 2s is true with chance ≈\u202f0.5959<label class="frac" title="exact fraction 8551019/14348907">');
    expect(html).toContain('<td>0.595935<label class="frac" title="exact fraction 8551019/14348907">');
  });
});

/**
 * Pinned chart properties: the shared helpers every report chart uses, and — over a rendered
 * reports folder ($REPORTS_DIR, e.g. after `oddsmith report --out /tmp/r`) — that every chart has a
 * title and says in its image whether it is exact or simulated.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { basisLine, sweptAxis, ticksWithZero, withSubtitleLine } from '../src/report/chart-config.js';
import { linkPage, readManifest, writeIndex, writePage } from '../src/report/page.js';

describe('chart helpers', () => {
  it('basisLine says exact or simulated, with the sample size and seed', () => {
    expect(basisLine({ exact: 'every deal counted' })).toBe('exact: every deal counted');
    expect(basisLine({ simulated: 20000, of: 'games per point', seed: 1 })).toBe('simulated: 20,000 games per point, seed 1');
  });

  it('withSubtitleLine appends once, to string and array subtitles', () => {
    expect(withSubtitleLine('T', 'x')).toEqual({ text: 'T', subtitle: 'x' });
    expect(withSubtitleLine({ text: 'T', subtitle: 'a' }, 'x')).toEqual({ text: 'T', subtitle: ['a', 'x'] });
    expect(withSubtitleLine({ text: 'T', subtitle: ['a', 'x'] }, 'x')).toEqual({ text: 'T', subtitle: ['a', 'x'] });
  });

  it('sweptAxis ticks every swept value and leaves half a step of room at both ends', () => {
    const a = sweptAxis([0.5, 1, 1.5, 2]);
    expect(a.axis.values).toEqual([0.5, 1, 1.5, 2]);
    expect(a.scale.domain).toEqual([0.25, 2.25]);
    expect(a.axis.format).toBe('.1f');
  });

  it('ticksWithZero always labels zero and covers the range', () => {
    for (const [lo, hi] of [[-4.5, 1.9], [0.2, 3], [-0.3, -0.1], [-12, 40]]) {
      const t = ticksWithZero(lo, hi);
      expect(t.values).toContain(0);
      expect(t.domain[0]).toBeLessThanOrEqual(Math.min(lo, 0));
      expect(t.domain[1]).toBeGreaterThanOrEqual(Math.max(hi, 0));
    }
  });

  it('writePage puts a chart\'s basis into the subtitle of its image and spec', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oddsmith-charts-'));
    const spec = { title: { text: 'T', subtitle: 'what' }, width: 100, height: 50, data: { values: [{ x: 1, y: 2 }] }, mark: 'bar', encoding: { x: { field: 'x', type: 'ordinal' }, y: { field: 'y', type: 'quantitative' } } } as never;
    await writePage(dir, { path: 'g/p.html', title: 'P', summary: 'S' }, '', [{ heading: 'H', charts: [{ name: 'c', title: 'C', caption: '', spec, rows: [], basis: basisLine({ simulated: 1000, of: 'games', seed: 7 }) }] }]);
    const vl = JSON.parse(readFileSync(join(dir, 'g', 'c.vl.json'), 'utf8')) as { title: { subtitle: string[] } };
    expect(vl.title.subtitle).toEqual(['what', 'simulated: 1,000 games, seed 7']);
    expect(readFileSync(join(dir, 'g', 'c.svg'), 'utf8')).toContain('simulated: 1,000 games, seed 7');
  });

  it('a page a command writes is linked from the index and stays linked when the experiments are re-indexed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'oddsmith-link-'));
    const exp = { path: 'g/e.html', title: 'E', summary: 'from an experiment' };
    writeIndex(dir, [exp], { e: [exp] });
    linkPage(dir, { path: 'wulong/mine.html', title: 'Mine', summary: 'from wulong sweep --page' });
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).toMatch(/href="g\/e\.html"[\s\S]*command line[\s\S]*href="wulong\/mine\.html"/);
    writeIndex(dir, [exp], { e: [exp] }); // what `oddsmith report` does
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).toContain('href="wulong/mine.html"');
    expect(Object.keys(readManifest(dir))).toEqual(['e', 'cli:wulong/mine.html']);
  });
});

const reportsDir = process.env.REPORTS_DIR;
describe.skipIf(!reportsDir || !existsSync(reportsDir))('every chart in $REPORTS_DIR', () => {
  const specs: string[] = [];
  const walk = (d: string) => readdirSync(d).forEach((f) => (statSync(join(d, f)).isDirectory() ? walk(join(d, f)) : f.endsWith('.vl.json') && specs.push(join(d, f))));
  if (reportsDir && existsSync(reportsDir)) walk(reportsDir);
  it.each(specs.map((f) => [f.slice(reportsDir!.length + 1), f]))('%s has a title and says exact or simulated, and how many', (_, f) => {
    const spec = JSON.parse(readFileSync(f, 'utf8')) as { title?: { text?: string; subtitle?: string | string[] } | string };
    const t = typeof spec.title === 'string' ? { text: spec.title } : spec.title ?? {};
    expect(t.text).toBeTruthy();
    const sub = ([] as string[]).concat(t.subtitle ?? []).join(' ');
    expect(sub).toMatch(/\bexact|\bsimulated/i);
    if (/\bsimulated/i.test(sub)) expect(sub).toMatch(/\d[\d,]* (games|deals|rounds|turns|4-player|\d-player)/);
  });
});

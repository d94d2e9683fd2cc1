/**
 * Every report page in chromium from file:// (no server, no network): no console error, and every
 * chart drawn live by vega-embed from its inline spec (an <svg> with marks, tooltips on). Reads
 * the committed reports/ (or $REPORTS_DIR); at 1280 and 390 px no table is cut and the page never
 * scrolls sideways (a wide table scrolls in its own box). Skips with the reason when no chromium binary exists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launch, type Browser } from '../src/workbench/browser.js';
import { chromium, collectErrors } from './helpers/workbench-page.js';

const REPORTS = resolve(process.env.REPORTS_DIR ?? 'reports');

function pages(dir: string): string[] {
  return readdirSync(dir).sort().flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return f === 'workbench' ? [] : pages(p);
    return f.endsWith('.html') ? [p] : [];
  });
}
const all = existsSync(REPORTS) ? pages(REPORTS) : [];

describe.skipIf(chromium.path === null)('report pages in chromium', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launch(chromium.path!); });
  afterAll(async () => { await browser?.close(); });

  it('finds the report pages and the chart bundle', () => {
    expect(all.length).toBeGreaterThan(5);
    expect(existsSync(join(REPORTS, 'assets', 'charts.js'))).toBe(true);
    expect(readFileSync(join(REPORTS, 'index.html'), 'utf8')).toContain('href="workbench/index.html"');
  });

  it('a mark shows its exact values in a tooltip (wulong/turn.html, final-score bars)', async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(pathToFileURL(join(REPORTS, 'wulong', 'turn.html')).href);
    await page.waitForSelector('body[data-charts="done"]', { timeout: 90_000 });
    // the tallest bar: a bust, score 0
    await page.hover('#fig-turn-final-score svg.marks g.mark-rect path', { force: true });
    await page.waitForSelector('#vg-tooltip-element.visible', { timeout: 10_000 });
    const text = (await page.textContent('#vg-tooltip-element')) ?? '';
    const csv = readFileSync(join(REPORTS, 'wulong', 'turn-final-score.csv'), 'utf8').split('\n')[1].split(',');
    expect(text).toContain('score');
    expect(text).toContain(csv[1]); // the probability, every digit
    await page.close();
  });

  it.each(all.map((p) => [p.slice(REPORTS.length + 1), p]))('%s: loads without console errors, every chart drawn live', async (_name, file) => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const errors: string[] = [];
    const requests: string[] = [];
    collectErrors(page, errors);
    page.on('request', (r: { url(): string }) => { if (!r.url().startsWith('file:')) requests.push(r.url()); });
    await page.goto(pathToFileURL(file).href);
    const figures = (readFileSync(file, 'utf8').match(/<figure [^>]*data-vl/g) ?? []).length;
    if (figures) await page.waitForSelector('body[data-charts="done"]', { timeout: 90_000 });
    const state = await page.evaluate<{ live: number; marks: number[] }>(`({
      live: document.querySelectorAll('figure[data-rendered="live"]').length,
      marks: [...document.querySelectorAll('figure[data-vl] .live-chart svg.marks')].map((s) => s.querySelectorAll('path, rect, line, circle, text').length),
    })`);
    expect(errors).toEqual([]);
    expect(requests).toEqual([]);
    expect(state.live).toBe(figures);
    expect(state.marks.every((n) => n > 5)).toBe(true);
    await page.close();
  });
  it.each(all.map((p) => [p.slice(REPORTS.length + 1), p]))('%s: at 1280 px no table is cut; at 390 px the page fits and tables scroll in their box', async (_name, file) => {
    for (const width of [1280, 390]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(pathToFileURL(file).href);
      const figures = (readFileSync(file, 'utf8').match(/<figure [^>]*data-vl/g) ?? []).length;
      if (figures) await page.waitForSelector('body[data-charts="done"]', { timeout: 90_000 });
      const r = await page.evaluate<{ pageWidth: number; tables: { width: number; box: number; right: number; scrolls: boolean }[] }>(`({
        pageWidth: document.documentElement.scrollWidth,
        tables: [...document.querySelectorAll('table')].map((t) => {
          const box = t.parentElement;
          return { width: t.getBoundingClientRect().width, box: box.clientWidth, right: box.getBoundingClientRect().right, scrolls: getComputedStyle(box).overflowX === 'auto' };
        }),
      })`);
      expect(r.pageWidth, `${width} px`).toBeLessThanOrEqual(width);
      for (const t of r.tables) {
        expect(t.scrolls).toBe(true);
        expect(t.right).toBeLessThanOrEqual(width);
        if (width === 1280) expect(t.width, 'a table wider than its box at 1280 px').toBeLessThanOrEqual(t.box + 1);
      }
      await page.close();
    }
  });
});

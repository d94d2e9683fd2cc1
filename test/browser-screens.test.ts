/**
 * Every report page and every workbench tab read as a reader would, at 390 px (a phone) and
 * 1280 px (a laptop): no chart wider than the screen, no box needing sideways scrolling at 1280,
 * no option reading "undefined", no two tick labels (or a value label and a tick label) within 2 px
 * of each other, no long exact fraction shown unfolded (the decimal comes first), and no figure
 * shown for rules the CLI refuses (greyed, with the CLI's line, and the address keeping the last
 * valid rules). The pages come from reports/manifest.json
 * (or $REPORTS_DIR's), the tabs from the workbench's own tab bar: no list typed here. A screenshot
 * of each at each width is written under $SCREENSHOTS_DIR (default: the system's temp folder) for a
 * person to look at. Skips with the reason when no chromium binary exists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launch, type Browser, type Page } from '../src/workbench/browser.js';
import { chromium, openWorkbench, type Workbench } from './helpers/workbench-page.js';
import { workbenchTabIds } from '../src/workbench/screenshots.js';
import { registryTabs } from '../src/workbench/tab-list.js';

const REPORTS = resolve(process.env.REPORTS_DIR ?? 'reports');
const SHOTS = resolve(process.env.SCREENSHOTS_DIR ?? join(tmpdir(), 'oddsmith-screens'));
const WIDTHS = [390, 1280] as const;

const manifest = existsSync(join(REPORTS, 'manifest.json')) ? (JSON.parse(readFileSync(join(REPORTS, 'manifest.json'), 'utf8')) as Record<string, { path: string }[]>) : {};
// the index too: its summaries quote figures (a 24-digit fraction among them)
const pages = [...new Set(Object.values(manifest).flat().map((p) => p.path))].sort().concat(existsSync(join(REPORTS, 'index.html')) ? ['index.html'] : []);
// the tab bar as `report` writes it: the registry's games and those the experiment specs load
// from modules (their generic tabs), read from the page it builds
const EXPERIMENTS = resolve('experiments');
const barTabs = await registryTabs(readdirSync(EXPERIMENTS).filter((f) => f.endsWith('.json')).sort().map((f) => ({ file: join(EXPERIMENTS, f), spec: JSON.parse(readFileSync(join(EXPERIMENTS, f), 'utf8')) as Record<string, unknown> })));
const tabs: string[] =
  chromium.path === null
    ? []
    : await (async () => {
        const wb = await openWorkbench('oddsmith-screens-tabs-', barTabs);
        try {
          const page = await wb.open();
          await page.waitForSelector('nav button[data-tab]');
          return await workbenchTabIds(page);
        } finally {
          await wb.close();
        }
      })();

interface Screen {
  width: number;
  pageWidth: number;
  /** charts whose drawing reaches past the screen's right edge or scrolls in its box */
  wideCharts: string[];
  /** boxes whose content is wider than they are (they scroll or cut it) */
  scrolling: string[];
  undefinedOptions: number;
  collisions: string[];
  /** exact fractions over 20 characters shown in full (they fold: the decimal first) */
  unfolded: string[];
}

/** What a reader would trip over, measured in the page (the function's text runs in the browser). */
const MEASURE = `(() => {
  const vw = document.documentElement.clientWidth;
  const name = (e) => e.id || e.closest('[id]')?.id || e.className || e.tagName;
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const wideCharts = [];
  for (const c of document.querySelectorAll('figure svg.marks, figure canvas, .plot canvas, .live-chart > *')) {
    if (!shown(c)) continue;
    const r = c.getBoundingClientRect();
    const box = c.closest('figure, .plot');
    if (r.right > vw + 0.5 || (box && box.scrollWidth > box.clientWidth + 1)) wideCharts.push(name(c) + ' ' + Math.round(r.width) + 'px');
  }
  const scrolling = [];
  for (const e of document.querySelectorAll('body *')) {
    if (!shown(e) || e.tagName === 'SELECT' || e.tagName === 'INPUT' || e.tagName === 'TEXTAREA') continue;
    const o = getComputedStyle(e).overflowX;
    if ((o === 'auto' || o === 'scroll' || o === 'hidden') && e.scrollWidth > e.clientWidth + 1) scrolling.push(name(e) + ' ' + e.scrollWidth + '>' + e.clientWidth);
  }
  const undefinedOptions = [...document.querySelectorAll('option')].filter((o) => /^\\s*undefined\\s*$/.test(o.textContent)).length;
  // text drawn by Vega: tick labels of one axis must not touch; a value label must not sit on a tick label
  const collisions = [];
  // two labels on one line meet when less than GAP px of white separates them ("1,0001,100", or
  // "−100" and "0" a pixel apart read as one number); two labels turned by the same angle (a
  // slanted category axis) meet when they are closer than a line of text across their direction
  const GAP = 2;
  const meet = (a, b) => {
    if (!(a.r.left < b.r.right + GAP && b.r.left < a.r.right + GAP && a.r.top < b.r.bottom - 0.5 && b.r.top < a.r.bottom - 0.5)) return false;
    if (a.angle === 0 || a.angle !== b.angle) return true;
    const th = a.angle * Math.PI / 180;
    const across = Math.abs(-(b.x - a.x) * Math.sin(th) + (b.y - a.y) * Math.cos(th));
    return across < Math.min(a.size, b.size) * 0.9;
  };
  const texts = (root, sel) => [...root.querySelectorAll(sel)].filter((t) => t.textContent.trim() !== '' && Number(t.getAttribute('opacity') ?? 1) > 0 && shown(t)).map((t) => {
    const m = /translate\\(([-\\d.e]+),\\s*([-\\d.e]+)\\)(?:\\s*rotate\\(([-\\d.e]+)\\))?/.exec(t.getAttribute('transform') ?? '');
    return { t: t.textContent, r: t.getBoundingClientRect(), x: m ? Number(m[1]) : 0, y: m ? Number(m[2]) : 0, angle: m && m[3] ? Number(m[3]) : 0, size: parseFloat(getComputedStyle(t).fontSize) || 11 };
  });
  for (const svg of document.querySelectorAll('svg.marks')) {
    const axes = [...svg.querySelectorAll('g.role-axis-label')].map((g) => texts(g, 'text'));
    // a slanted category axis names every category (a ladder's rungs): none of its labels hidden
    for (const g of svg.querySelectorAll('g.role-axis-label')) {
      const all = [...g.querySelectorAll('text')];
      if (all.some((t) => /rotate\\((?!0\\))/.test(t.getAttribute('transform') ?? '')) && all.some((t) => t.getAttribute('opacity') === '0'))
        collisions.push(name(svg) + ': slanted labels hidden (' + all.filter((t) => t.getAttribute('opacity') === '0').map((t) => t.textContent).join(', ') + ')');
    }
    for (const labels of axes)
      for (let i = 0; i < labels.length; i++) for (let j = i + 1; j < labels.length; j++)
        if (meet(labels[i], labels[j])) collisions.push(name(svg) + ': "' + labels[i].t + '" on "' + labels[j].t + '"');
    const values = texts(svg, 'g.role-mark.mark-text text, g.mark-text.role-mark text');
    for (const v of values) for (const l of axes.flat()) if (meet(v, l)) collisions.push(name(svg) + ': value "' + v.t + '" on tick "' + l.t + '"');
  }
  // the text as rendered: a folded fraction (closed <details>, unchecked toggle) is not in it
  const unfolded = (document.body.innerText.match(/\\b\\d+\\/\\d+\\b/g) ?? []).filter((f) => f.length > 20);
  return { width: vw, pageWidth: document.documentElement.scrollWidth, wideCharts, scrolling, undefinedOptions, collisions, unfolded };
})()`;

async function measure(page: Page, shot: string): Promise<Screen> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${shot}.png`), fullPage: true });
  return page.evaluate<Screen>(MEASURE);
}

/**
 * A tab has drawn what it computes when its content stops changing (any tab, its own figures or a
 * generic game's: no per-tab ready marker needed): nothing new for 2.5 s.
 */
async function settled(page: Page, tab: string): Promise<void> {
  await page.waitForSelector(`#tab-${tab}.active`);
  await page.waitForFunction(`(() => {
    const t = document.querySelector('#tab-${tab}');
    const sig = t.innerHTML.length + ':' + t.querySelectorAll('*').length;
    const now = performance.now();
    if (window.__settle !== sig) { window.__settle = sig; window.__since = now; return false; }
    return now - window.__since > 2500 && t.textContent.trim() !== '';
  })()`, undefined, { timeout: 180_000, polling: 250 });
}

/** `narrow`: nothing scrolls sideways at any width (a generic tab's few columns fit a phone). */
function expectReadable(s: Screen, what: string, narrow = false): void {
  expect(s.pageWidth, `${what}: the page scrolls sideways`).toBeLessThanOrEqual(s.width);
  expect(s.wideCharts, `${what}: charts wider than the screen`).toEqual([]);
  // on a phone a wide table may scroll in its own box (it says so by its edge); at 1280 nothing does
  if (s.width >= 1280 || narrow) expect(s.scrolling, `${what}: boxes that scroll sideways at ${s.width} px`).toEqual([]);
  expect(s.undefinedOptions, `${what}: options reading "undefined"`).toBe(0);
  expect(s.collisions, `${what}: colliding labels`).toEqual([]);
  expect(s.unfolded, `${what}: long exact fractions not folded`).toEqual([]);
}

describe.skipIf(chromium.path === null)('every page and tab at 390 and 1280 px', () => {
  let browser: Browser;
  let wb: Workbench;
  beforeAll(async () => {
    browser = await launch(chromium.path!);
    wb = await openWorkbench('oddsmith-screens-', barTabs);
  });
  afterAll(async () => {
    await browser?.close();
    await wb?.close();
  });

  it('finds the pages in the manifest and the tabs in the tab bar', () => {
    expect(pages.length).toBeGreaterThan(5);
    expect(tabs.length).toBeGreaterThan(3);
    // the generic tabs of the games the specs load from modules are in the bar, and so measured
    expect(tabs).toEqual(barTabs.map((t) => t.tab));
    for (const p of pages) expect(existsSync(join(REPORTS, p)), p).toBe(true);
  });

  it.each(pages)('%s', async (path) => {
    for (const width of WIDTHS) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(pathToFileURL(join(REPORTS, path)).href);
      if (/<figure [^>]*data-vl/.test(readFileSync(join(REPORTS, path), 'utf8'))) await page.waitForSelector('body[data-charts="done"]', { timeout: 120_000 });
      expectReadable(await measure(page, `${path.replace(/\.html$/, '').replace(/\//g, '-')}-${width}`), `${path} at ${width} px`);
      await page.close();
    }
  }, 300_000);

  it.each(tabs)('workbench tab %s', async (tab) => {
    for (const width of WIDTHS) {
      const page = await wb.open(`#game=${tab}`, width);
      await settled(page, tab);
      expectReadable(await measure(page, `workbench-${tab}-${width}`), `tab ${tab} at ${width} px`, barTabs.find((t) => t.tab === tab)?.file !== undefined);
      await page.close();
    }
  }, 300_000);

  it.each(tabs)('workbench tab %s: rules the validator refuses grey the figures and stay out of the address', async (tab) => {
    const page = await wb.open(`#game=${tab}`, 1280);
    await settled(page, tab);
    const hasEditor = await page.evaluate<boolean>(`document.querySelector('#tab-${tab} .rules-editor input[type=number][min]') !== null`);
    if (!hasEditor) { await page.close(); return; }
    // the first bounded number in the form, set below its minimum (as `--set field=<min-1>` would be)
    const before = await page.evaluate<string>(`(() => {
      const i = document.querySelector('#tab-${tab} .rules-editor input[type=number][min]');
      i.value = String(Number(i.min) - 1);
      i.dispatchEvent(new Event('input', { bubbles: true }));
      return location.hash;
    })()`);
    await new Promise((r) => setTimeout(r, 800));
    const after = await page.evaluate<{ hash: string; stale: number; message: string }>(`({
      hash: location.hash,
      stale: document.querySelectorAll('#tab-${tab} .stale').length,
      message: [...document.querySelectorAll('#tab-${tab} .stale-note:not([hidden]), #tab-${tab} [id$=-error]')].map((e) => e.textContent).join(' '),
    })`);
    expect(after.hash, `${tab}: invalid rules written into the address`).toBe(before);
    expect(after.stale, `${tab}: figures for refused rules not greyed`).toBeGreaterThan(0);
    expect(after.message, tab).toMatch(/must be|at least|at most|between/);
    await page.close();
  }, 300_000);

  it("Can't Stop: three runner columns under runners = 2 are greyed with the CLI's line", async () => {
    const page = await wb.open('#game=cantstop&columns=6%2C7%2C8', 1280);
    await page.waitForSelector('#cantstop-bust', { timeout: 60_000 });
    await page.evaluate(`(() => { const i = document.querySelector('#tab-cantstop [data-path="runners"]'); i.value = '2'; i.dispatchEvent(new Event('input', { bubbles: true })); })()`);
    await page.waitForFunction(`document.querySelector('#cantstop-out.stale') !== null`, undefined, { timeout: 30_000 });
    // the words of `oddsmith cant-stop odds --columns 6,7,8 --set runners=2`
    expect(await page.textContent('#cantstop-error')).toContain('at most 2 runner columns under these rules (got 3)');
    expect(await page.textContent('#tab-cantstop .note')).not.toContain("rules' 3");
    await page.close();
  }, 120_000);

  it('trainer links naming an unknown drill or a bad seed are reported like bad share links', async () => {
    for (const [hash, named] of [['#game=trainer&drill=poker&seed=3', '"poker"'], ['#game=trainer&drill=wulong&seed=abc', '"abc"']] as const) {
      const page = await wb.open(hash, 1280);
      await page.waitForSelector('#link-problem:not([hidden])', { timeout: 30_000 });
      expect(await page.textContent('#link-problem-text')).toContain(named);
      expect(await page.evaluate<string>('location.hash')).toBe(hash);
      await page.close();
    }
  }, 120_000);
});

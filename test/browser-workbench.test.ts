/**
 * The workbench in a real browser (Debian's chromium through playwright-core): its figures equal
 * the CLI's --json for the rulebook, for rules/farkle/10000.json, for rules passed in the URL and
 * after an edit; hovering a chart mark shows its exact values; a bad rules file shows the CLI's
 * one-line message. Per-edit time is printed, never asserted. Skips with the reason when no chromium binary exists (docs/reports.md: setup).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { findChromium, launch, type Browser, type Page } from '../src/workbench/browser.js';
import { workbenchBundle } from '../src/report/bundle.js';

const chromium = findChromium();
if (chromium.path === null) console.warn(`browser tests skipped: ${chromium.reason}`);
const CLI = join(process.cwd(), 'dist/src/cli/main.js');
const cli = (args: string[], cwd = process.cwd()) => JSON.parse(execFileSync('node', [CLI, ...args], { cwd, encoding: 'utf8' })) as unknown;
const b64url = (s: string) => Buffer.from(s, 'utf8').toString('base64url');

describe.skipIf(chromium.path === null)('workbench in chromium', () => {
  let dir: string, browser: Browser, url: string;
  const errors: string[] = [];
  beforeAll(async () => {
    // the page as `npm start` writes it, from the current sources (its charts are drawn by its own
    // canvas code: it loads no chart library)
    dir = mkdtempSync(join(tmpdir(), 'oddsmith-wb-'));
    mkdirSync(join(dir, 'workbench'));
    writeFileSync(join(dir, 'workbench', 'workbench.js'), workbenchBundle());
    copyFileSync('src/workbench/index.html', join(dir, 'workbench', 'index.html'));
    url = pathToFileURL(join(dir, 'workbench', 'index.html')).href;
    browser = await launch(chromium.path!);
  });
  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function open(hash = ''): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1300, height: 1000 } });
    page.on('console', (m: { type(): string; text(): string }) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e: Error) => errors.push(e.message));
    await page.goto(url + hash);
    return page;
  }
  const ready = (page: Page, n: number) => page.waitForSelector(`body[data-wulong-ready="${n}"]`, { timeout: 60_000 });
  const pageResult = (page: Page) => page.evaluate('JSON.parse(JSON.stringify(window.oddsmithWorkbench.last.wulong))');

  it('shows the rulebook figures of `wulong solve --json`, and an edit moves them like --set', async () => {
    const page = await open();
    await ready(page, 1);
    const expected = cli(['wulong', 'solve', '--json']) as { expectedTurnScore: number };
    expect(await pageResult(page)).toEqual(expected);
    expect(await page.evaluate("document.getElementById('expected-turn-score').dataset.value")).toBe(String(expected.expectedTurnScore));
    // an edit: a single Dragon scores 1500
    await page.fill('[data-path="faces.0.score.1"]', '1500');
    await ready(page, 2);
    const edited = cli(['wulong', 'solve', '--json', '--set', 'faces.D.score.1=1500']) as { expectedTurnScore: number };
    expect(edited.expectedTurnScore).not.toBe(expected.expectedTurnScore);
    expect(await pageResult(page)).toEqual(edited);
    // the URL carries the edited rules
    const hash = await page.evaluate<string>('location.hash');
    const rules = JSON.parse(Buffer.from(new URLSearchParams(hash.slice(1)).get('rules')!, 'base64url').toString('utf8')) as { faces: { score: Record<string, number> }[] };
    expect(rules.faces[0].score['1']).toBe(1500);
    // a betting-card edit: the card sums move, the turn is not solved again
    await page.fill('[data-path="bettingCards.1.odds"]', '3');
    await ready(page, 3);
    expect(await pageResult(page)).toEqual(cli(['wulong', 'solve', '--json', '--set', 'faces.D.score.1=1500', '--set', 'bettingCards.crane.odds=3']));
    // per-edit time, from the input event until the frame showing both redrawn charts is rendered: scoring edits
    // (a full exact solve each, every value new so no cache helps) and card edits; printed, not asserted
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
    let n = 3;
    for (let i = 0; i < 9; i++) {
      await page.fill('[data-path="faces.1.score.1"]', String(600 + 100 * i));
      await ready(page, ++n);
    }
    for (let i = 0; i < 9; i++) {
      await page.fill('[data-path="bettingCards.2.odds"]', String(3 + i));
      await ready(page, ++n);
    }
    // scoring edits that land while the sensitivity table's solves are running (each waits for at
    // most the one solve in progress: its longest is printed)
    for (let i = 0; i < 5; i++) {
      await page.waitForFunction('window.oddsmithWorkbench.timing.sensitivityRunning', undefined, { timeout: 60_000 });
      await page.fill('[data-path="faces.1.score.1"]', String(1600 + 100 * i));
      await ready(page, ++n);
    }
    const runs = await page.evaluate<number>('window.oddsmithWorkbench.timing.sensitivityRuns');
    await page.waitForFunction(`window.oddsmithWorkbench.timing.sensitivityRuns > ${runs}`, undefined, { timeout: 60_000 });
    const t = await page.evaluate<{ wulongMs: number[]; phases: Record<string, number>[]; duringSensitivity: boolean[]; sensitivityMs: number; sensitivitySliceMaxMs: number }>('window.oddsmithWorkbench.timing');
    const scoring = t.wulongMs.slice(3, 12), cards = t.wulongMs.slice(12, 21), during = t.wulongMs.slice(21, 26);
    expect(t.duringSensitivity.slice(21, 26)).toEqual([true, true, true, true, true]);
    const ph = t.phases.slice(3, 12);
    const phase = (f: (p: Record<string, number>) => number) => median(ph.map(f)).toFixed(1);
    console.log(`workbench per-edit time, edit to updated figures (Wulong rulebook): scoring edits median ${median(scoring).toFixed(1)} ms (min ${Math.min(...scoring).toFixed(1)}, max ${Math.max(...scoring).toFixed(1)}; solve ${phase((p) => p.solve)}, result ${phase((p) => p.result)}, tables ${phase((p) => p.dom)}, charts ${phase((p) => p.charts + p.frame)} ms), betting-card edits median ${median(cards).toFixed(1)} ms; first draw ${t.wulongMs[0].toFixed(1)} ms`);
    console.log(`  scoring edits: charts = canvas draw ${phase((p) => p.charts)} ms + until the frame is rendered ${phase((p) => p.frame)} ms (waiting for it ${phase((p) => p.vsync)}, style, layout and paint ${phase((p) => p.render)}); to the start of the next frame, as measured before: median ${median(scoring.map((ms, i) => ms - ph[i].render)).toFixed(1)} ms; while the sensitivity solves run: median ${median(during).toFixed(1)} ms (max ${Math.max(...during).toFixed(1)}), longest sensitivity task ${t.sensitivitySliceMaxMs.toFixed(1)} ms (whole table ${t.sensitivityMs.toFixed(0)} ms, in tasks of one solve)`);
    await page.close();
  });

  it('charts: hovering a mark shows its exact values', async () => {
    const page = await open();
    await ready(page, 1);
    const r = (await pageResult(page)) as { policyTable: { dice: number; total: number; action: string; rollValue: number; stopValue: number | null }[]; finalScore: { score: number; probability: number }[] };
    const at = (js: string) => page.evaluate<{ x: number; y: number }>(`window.oddsmithWorkbench.chartAt.${js}`);
    const row = r.policyTable.find((x) => x.dice === 4 && x.total === 12500)!;
    await page.hover('#w-policy canvas', { position: await at('policy(12500, 4)') });
    const tip = await page.textContent('#w-policy .tip');
    expect(tip).toContain('4 dice left, turn total 12,500');
    expect(tip).toContain(`optimal: ${row.action.toUpperCase()}`);
    expect(tip).toContain(`roll: expected ${row.rollValue.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
    const bar = r.finalScore.find((x) => x.score === 2500)!;
    await page.hover('#w-final canvas', { position: await at('final(2500)') });
    expect(await page.textContent('#w-final .tip')).toBe(`final score 2,500 points\nprobability ${(100 * bar.probability).toFixed(6)}% (exact)`);
    await page.hover('#w-final canvas', { position: await at('final(0)') });
    expect(await page.textContent('#w-final .tip')).toContain('final score 0 (bust)');
    // the notes say what the figures are
    expect(await page.textContent('#w-policy-note')).toMatch(/^exact: optimal play for Wulong \(rulebook\)/);
    expect(await page.textContent('#w-final-note')).toMatch(/^exact: .* scores drawn/);
    await page.close();
  });

  it('the 10000 preset equals `--rules rules/farkle/10000.json --json`', async () => {
    const page = await open();
    await ready(page, 1);
    await page.evaluate("(() => { const s = document.getElementById('w-preset'); s.value = 'rules/farkle/10000.json'; s.dispatchEvent(new Event('change')); })()");
    await ready(page, 2);
    expect(await pageResult(page)).toEqual(cli(['wulong', 'solve', '--rules', 'rules/farkle/10000.json', '--json']));
    await page.close();
  });

  it('reads #game=wulong&rules=<base64url JSON> on load: same figures as the CLI on that file', async () => {
    const raw = JSON.parse(readFileSync('rules/wulong/default.json', 'utf8')) as { name: string; minimumBank: number; bettingCards: { odds: number }[] };
    raw.name = 'URL test';
    raw.minimumBank = 1000;
    raw.bettingCards[2].odds = 3;
    const text = JSON.stringify(raw);
    const f = join(dir, 'url-rules.json');
    writeFileSync(f, text);
    const page = await open(`#game=wulong&rules=${b64url(text)}`);
    await ready(page, 1);
    expect(await pageResult(page)).toEqual(cli(['wulong', 'solve', '--rules', f, '--json']));
    await page.close();
  });

  it('a bad rules file shows the one-line message the CLI prints', async () => {
    const bad = JSON.parse(readFileSync('rules/wulong/default.json', 'utf8')) as { dice: number };
    bad.dice = 99;
    const sub = join(dir, 'bad');
    mkdirSync(sub);
    writeFileSync(join(sub, 'bad.json'), JSON.stringify(bad));
    const r = spawnSync('node', [CLI, 'wulong', 'solve', '--rules', 'bad.json'], { cwd: sub, encoding: 'utf8' });
    expect(r.status).toBe(2);
    const line = r.stderr.trim().replace(/^oddsmith: /, '');
    expect(line).toMatch(/dice/);
    const page = await open();
    await ready(page, 1);
    await page.setInputFiles('[data-hook="rules-file"]', { name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
    await page.waitForFunction("document.getElementById('w-error').textContent !== ''");
    expect(await page.textContent('#w-error')).toBe(line);
    // not JSON at all
    await page.setInputFiles('[data-hook="rules-file"]', { name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"dice": ') });
    await page.waitForFunction("document.getElementById('w-error').textContent.includes('broken.json')");
    expect(await page.textContent('#w-error')).toMatch(/^rules file broken\.json is not valid JSON: /);
    await page.close();
  });

  it("Liar's Dice and mahjong tabs show the CLI's exact figures", async () => {
    const page = await open('#game=liars&players=4&dice=5&mine=2,2,4,1,6&bid=8x2&ones=0');
    await page.waitForFunction("document.getElementById('l-frac')?.textContent !== ''");
    const odds = cli(['liars', 'odds', '--players', '4', '--mine', '2,2,4,1,6', '--bid', '8x2', '--json']) as { fraction: string };
    expect(await page.textContent('#l-frac')).toBe(`= ${odds.fraction}`);
    await page.close();
    const mj = await open('#game=mahjong&hand=1112345678999m&void=s');
    await mj.waitForSelector('#m-shanten');
    const waits = cli(['mahjong', 'waits', '1112345678999m', '--void', 's', '--json']) as { waits: { tile: string }[] };
    const shown = await mj.evaluate<string[]>("[...document.querySelectorAll('#m-out table tbody tr td:first-child')].map((td) => td.textContent)");
    expect(shown).toEqual(waits.waits.map((w) => w.tile));
    await mj.close();
  });

  it('logged no console errors', () => {
    expect(errors).toEqual([]);
  });
});

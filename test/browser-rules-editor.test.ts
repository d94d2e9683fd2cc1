/**
 * The workbench's rules editor (src/workbench/rules-editor.ts) in Debian's chromium, at 1280 and
 * 390 px: an edit through the face × count grid gives the CLI's figures for the same rules file, a
 * value out of range shows the CLI's message next to the field as it is typed, undo (button and
 * Ctrl-Z) steps back, the diff counts the changes from the preset, a shared link with edits opens
 * the same rules (and a link with invalid rules names the field), and every tab with rules has the
 * editor. Per-edit time of a Wulong scoring edit is printed, never asserted. Screenshots of every
 * tab at both widths go to $TMPDIR/oddsmith-editor-*.png. Skips with the reason when no chromium
 * binary exists (docs/reports.md: setup).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '../src/workbench/browser.js';
import { CLI } from './helpers/cli.js';
import { workbenchTabIds } from '../src/workbench/screenshots.js';
import { b64url, chromium, cliJson as cli, openWorkbench, type Workbench } from './helpers/workbench-page.js';

const shotDir = process.env.EDITOR_SHOTS ?? tmpdir();

describe.skipIf(chromium.path === null)('rules editor in chromium', () => {
  let wb: Workbench, dir: string;
  beforeAll(async () => {
    wb = await openWorkbench('oddsmith-editor-');
    dir = wb.dir;
  });
  afterAll(async () => { await wb?.close(); });
  const open = (hash?: string, width?: number) => wb.open(hash, width);
  const ready = (page: Page, n: number) => page.waitForSelector(`body[data-wulong-ready="${n}"]`, { timeout: 60_000 });
  const wulong = (page: Page) => page.evaluate('JSON.parse(JSON.stringify(window.oddsmithWorkbench.last.wulong))');
  const tabResult = async (page: Page, game: string, n: number) => {
    await page.waitForSelector(`body[data-${game}-ready="${n}"]`, { timeout: 60_000 });
    return page.evaluate(`JSON.parse(JSON.stringify(window.oddsmithWorkbench.last[${JSON.stringify(game)}]))`);
  };
  const text = async (page: Page, sel: string) => (await page.textContent(sel)) ?? '';
  const shot = (page: Page, name: string) => page.screenshot({ path: join(shotDir, `oddsmith-editor-${name}.png`), fullPage: true });
  /** the CLI's figures for a rules object, through a file (`--set` cannot add a count to a score table) */
  const solveFile = (rules: unknown, name: string) => {
    const f = join(dir, name);
    writeFileSync(f, JSON.stringify(rules));
    return cli(['wulong', 'solve', '--rules', f, '--json']);
  };

  it('Wulong: an edit through the face × count grid, a range error as typed, undo, the diff, a shared link with edits', async () => {
    const page = await open();
    await ready(page, 1);
    const book = JSON.parse(readFileSync('rules/wulong/default.json', 'utf8')) as { faces: { score: Record<string, number> }[]; dice: number };
    expect(await text(page, '#w-rules-title')).toBe('Wulong (rulebook)');
    expect(await text(page, '#w-diff-summary')).toBe('no changes from the rulebook');
    // the grid: a column per count 1..dice; the 6s have no pair score (an empty cell), give them one
    const cols = await page.evaluate<string[]>("[...document.querySelectorAll('[data-field=\"faces\"] .rf-table thead tr:last-child th')].map((th) => th.textContent)");
    expect(cols).toEqual(['1', '2', '3', '4', '5']);
    expect(await page.evaluate('document.querySelector(\'[data-path="faces.5.score.2"]\').value')).toBe('');
    await page.fill('[data-path="faces.5.score.2"]', '600');
    await ready(page, 2);
    const edited = structuredClone(book);
    edited.faces[5].score['2'] = 600;
    expect(await wulong(page)).toEqual(solveFile(edited, 'pair6.json'));
    await page.fill('[data-path="faces.0.score.1"]', '1500');
    await ready(page, 3);
    edited.faces[0].score['1'] = 1500;
    expect(await wulong(page)).toEqual(solveFile(edited, 'two.json'));
    expect(await text(page, '#w-rules-title')).toBe('Wulong (rulebook) — 2 changes');
    expect(await text(page, '#w-diff-summary')).toBe('2 changes from the rulebook');
    expect(await page.evaluate<string[]>("[...document.querySelectorAll('#w-diff li')].map((li) => li.textContent)")).toEqual(['faces.0.score.1: 1000 → 1500', 'faces.5.score.2: (absent) → 600']);

    // a value out of range, as it is typed: the CLI's message next to the field, the figures greyed
    const bad = structuredClone(edited);
    bad.dice = 9;
    writeFileSync(join(dir, 'dice9.json'), JSON.stringify(bad));
    const r = spawnSync('node', [CLI, 'wulong', 'solve', '--rules', 'dice9.json'], { cwd: dir, encoding: 'utf8' });
    expect(r.status).toBe(2);
    const line = r.stderr.trim().replace(/^oddsmith: dice9\.json/, 'rules/wulong/default.json');
    await page.fill('[data-path="dice"]', '9');
    await page.waitForSelector('#w-figures.stale');
    expect(await text(page, '[data-field="dice"] > .rf-error')).toBe(line);
    expect(await page.evaluate('document.querySelector(\'[data-path="dice"]\').getAttribute("aria-invalid")')).toBe('true');
    await shot(page, 'range-error-1280');

    // undo, by the button: the dice come back, the figures are computed again and no longer stale
    await page.click('#w-undo');
    await ready(page, 4);
    expect(await page.evaluate('document.querySelector(\'[data-path="dice"]\').value')).toBe(String(book.dice));
    expect(await text(page, '[data-field="dice"] > .rf-error')).toBe('');
    expect(await page.evaluate("document.getElementById('w-figures').classList.contains('stale')")).toBe(false);
    expect(await wulong(page)).toEqual(solveFile(edited, 'two.json'));
    // and by Ctrl-Z in the form: the Dragon single goes back to 1,000 (several keystrokes in one field are one step)
    await page.evaluate('document.querySelector(\'[data-path="faces.0.score.1"]\').focus()');
    await (page as unknown as { keyboard: { press(k: string): Promise<void> } }).keyboard.press('Control+z');
    await ready(page, 5);
    edited.faces[0].score['1'] = 1000;
    expect(await wulong(page)).toEqual(solveFile(edited, 'one.json'));
    expect(await text(page, '#w-rules-title')).toBe('Wulong (rulebook) — 1 change');

    // per-edit time of a scoring edit through the grid, printed (not asserted)
    const t0 = (await page.evaluate<number[]>('window.oddsmithWorkbench.timing.wulongMs')).length;
    for (let i = 0; i < 9; i++) {
      await page.fill('[data-path="faces.1.score.1"]', String(600 + 100 * i));
      await ready(page, 6 + i);
    }
    const t = await page.evaluate<{ wulongMs: number[]; phases: Record<string, number>[]; duringSensitivity: boolean[] }>('window.oddsmithWorkbench.timing');
    const ms = t.wulongMs.slice(t0), ph = t.phases.slice(t0);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
    const phase = (f: (p: Record<string, number>) => number) => median(ph.map(f)).toFixed(1);
    console.log(`rules editor: Wulong scoring edit through the grid, edit to updated figures: median ${median(ms).toFixed(1)} ms (min ${Math.min(...ms).toFixed(1)}, max ${Math.max(...ms).toFixed(1)}; ${ms.length} edits, ${t.duringSensitivity.slice(t0).filter(Boolean).length} while sensitivity solves ran; validate and editor ${phase((p) => p.validate)}, solve ${phase((p) => p.solve)}, tables ${phase((p) => p.dom)}, charts ${phase((p) => p.charts + p.frame)} ms)`);

    // the link carries the edits: a new page opened from it shows the same rules, figures and diff
    const hash = await page.evaluate<string>('location.hash');
    const figures = await wulong(page);
    const title = await text(page, '#w-rules-title');
    const again = await open(hash, 390);
    await ready(again, 1);
    expect(await wulong(again)).toEqual(figures);
    expect(await text(again, '#w-rules-title')).toBe(title);
    expect(await text(again, '#w-diff-summary')).toBe('2 changes from the rulebook');
    expect(await again.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    // on a phone the inputs come first: the editor above the figures it gives
    expect(await again.evaluate("document.getElementById('w-editor').getBoundingClientRect().top < document.getElementById('w-results').getBoundingClientRect().top")).toBe(true);
    await shot(again, 'wulong-link-390');
    await again.close();
    await page.close();
  });

  it('an optional value is a check box, not null in a text box; a list grows and shrinks', async () => {
    const page = await open();
    await ready(page, 1);
    // threePairs is null in the rulebook: switched off, no text box
    expect(await page.evaluate('document.querySelector(\'[data-switch="threePairs"]\').checked')).toBe(false);
    expect(await page.evaluate("[...document.querySelectorAll('#w-form input[type=text], #w-form input[type=number]')].filter((i) => i.value === 'null').length")).toBe(0);
    // the top card has no upper bound: its max is an unchecked box
    expect(await page.evaluate('document.querySelector(\'[data-switch="bettingCards.3.max"]\').checked')).toBe(false);
    // switching the instant win off solves the rules with instantWin: null
    await page.click('[data-switch="instantWin"]');
    await ready(page, 2);
    const book = JSON.parse(readFileSync('rules/wulong/default.json', 'utf8')) as Record<string, unknown>;
    expect(await wulong(page)).toEqual(solveFile({ ...book, instantWin: null }, 'no-instant.json'));
    expect(await text(page, '#w-diff li')).toBe('instantWin: {"name":"Wulong","face":"D","count":5,"value":60000,"betsSettled":false} → null');
    // on again: its values come back
    await page.click('[data-switch="instantWin"]');
    await ready(page, 3);
    expect(await wulong(page)).toEqual(cli(['wulong', 'solve', '--json']));
    expect(await text(page, '#w-diff-summary')).toBe('no changes from the rulebook');
    // a map of sections (n of a kind): a row per count 3..dice, each switched on or off
    await page.click('[data-switch="ofAKind"]');
    await ready(page, 4);
    expect(await page.evaluate<string[]>("[...document.querySelectorAll('[data-field=\"ofAKind\"] tbody th')].map((th) => th.textContent.trim())")).toEqual(['3', '4', '5']);
    await page.click('[data-switch="ofAKind.4"]');
    await page.waitForFunction("document.getElementById('w-error').textContent.includes('ofAKind.4')");
    expect(await text(page, '[data-field="ofAKind"] > .rf-error')).toMatch(/^rules\/wulong\/default\.json: ofAKind\.4: give exactly one of times .* or score$/);
    await page.click('[data-switch="ofAKind.4.score"]');
    await ready(page, 5);
    await page.fill('[data-path="ofAKind.4.score"]', '7000');
    await ready(page, 6);
    const withFour = { ...book, ofAKind: { 4: { score: 7000 } } };
    expect(await wulong(page)).toEqual(solveFile(withFour, 'four.json'));
    // four steps back (the score, the switch of the score, the row, the map): 3 of them valid rules
    for (let i = 0; i < 4; i++) await page.click('#w-undo');
    await ready(page, 9);
    expect(await text(page, '#w-diff-summary')).toBe('no changes from the rulebook');
    // a straight removed, then the removal undone
    await page.click('[data-remove="straights.1"]');
    await ready(page, 10);
    expect(await text(page, '#w-rules-title')).toBe('Wulong (rulebook) — 1 change');
    await page.click('#w-undo');
    await ready(page, 11);
    expect(await wulong(page)).toEqual(cli(['wulong', 'solve', '--json']));
    await page.close();
  });

  it('every tab with rules has the editor; an edit recomputes with the CLI\'s figures for the same --set, and its link round-trips', async () => {
    // Can't Stop: two runners instead of three
    const cs = await open('#game=cantstop&columns=6,7');
    expect(await tabResult(cs, 'cantstop', 1)).toEqual(cli(['cant-stop', 'odds', '--columns', '6,7', '--json']));
    await cs.fill('[data-path="heights.5"]', '15');
    expect(await tabResult(cs, 'cantstop', 2)).toEqual(cli(['cant-stop', 'odds', '--columns', '6,7', '--set', 'heights.5=15', '--json']));
    expect(await text(cs, '#cantstop-label')).toBe("Can't Stop (Sackson 1980 rulebook) — 1 change");
    await cs.fill('[data-path="runners"]', '2');
    expect(await tabResult(cs, 'cantstop', 3)).toEqual(cli(['cant-stop', 'odds', '--columns', '6,7', '--set', 'heights.5=15', '--set', 'runners=2', '--json']));
    // out of range as typed: the message next to the field and the figures greyed
    await cs.fill('[data-path="runners"]', '12');
    await cs.waitForSelector('#cantstop-out.stale');
    const r = spawnSync('node', [CLI, 'cant-stop', 'odds', '--columns', '6,7', '--set', 'runners=12'], { encoding: 'utf8' });
    const line = r.stderr.trim().replace(/^oddsmith: /, '');
    expect(line).toMatch(/runners must be an integer in 1\.\.11/);
    expect(await text(cs, '[data-field="runners"] > .rf-error')).toMatch(/^rules\/cant-stop\/default\.json: runners must be an integer in 1\.\.11 \(got 12\)$/);
    expect(await text(cs, '#cantstop-stale')).toMatch(/^These figures are for the last valid rules, not for the rules in the form: .*runners must be/);
    // undo: both runners edits were one field's (one step), so the runners are 3 again
    await cs.click('#cantstop-r-undo');
    expect(await tabResult(cs, 'cantstop', 5)).toEqual(cli(['cant-stop', 'odds', '--columns', '6,7', '--set', 'heights.5=15', '--json']));
    const hash = await cs.evaluate<string>('location.hash');
    expect(new URLSearchParams(hash.slice(1)).get('rules')).not.toBeNull();
    const again = await open(hash);
    expect(await tabResult(again, 'cantstop', 1)).toEqual(await tabResult(cs, 'cantstop', 5));
    expect(await text(again, '#cantstop-r-diff-summary')).toBe('1 change from the rulebook');
    await again.close();
    await cs.close();

    // Weilong: the strategy is a choice of the registered ones, the rules edited too
    const w = await open('#game=weilong&son=3');
    await tabResult(w, 'weilong', 1);
    const strategies = await w.evaluate<string[]>("[...document.querySelectorAll('#weilong-strategy option')].map((o) => o.value)");
    expect(strategies).toEqual(['adaptive', 'element', 'dragon', 'noability']);
    await w.evaluate("(() => { const s = document.getElementById('weilong-strategy'); s.value = 'dragon'; s.dispatchEvent(new Event('input', { bubbles: true })); })()");
    expect(await tabResult(w, 'weilong', 2)).toEqual(cli(['weilong', 'odds', '--son', '3', '--strategy', 'dragon', '--json']));
    await w.fill('[data-path="thirdSonSixesPerThree"]', '1');
    expect(await tabResult(w, 'weilong', 3)).toEqual(cli(['weilong', 'odds', '--son', '3', '--strategy', 'dragon', '--set', 'thirdSonSixesPerThree=1', '--json']));
    await w.close();

    // Dracula and Tichu had only the rulebook: now an editor (Dracula: seven values per suit)
    const d = await open('#game=dracula&row=5R,2Y,1G,3B,6R&opp=-,7G,-,-,-&ranking=G,B,R,Y&seen=4B');
    await tabResult(d, 'dracula', 1);
    await d.fill('[data-path="values"]', '7');
    expect(await tabResult(d, 'dracula', 2)).toEqual(cli(['dracula', 'odds', '--row', '5R,2Y,1G,3B,6R', '--opp-row', '-,7G,-,-,-', '--ranking', 'G,B,R,Y', '--seen', '4B', '--set', 'values=7', '--json']));
    await d.close();
    const t = await open('#game=tichu&hand=Aj As Kp Qr 7s 7j Dr MJ');
    await tabResult(t, 'tichu', 1);
    await t.fill('[data-path="minStraightFlush"]', '6');
    expect(await tabResult(t, 'tichu', 2)).toEqual(cli(['tichu', 'odds', '--hand', 'Aj As Kp Qr 7s 7j Dr MJ', '--set', 'minStraightFlush=6', '--json']));
    await t.close();
  });

  it('a link whose rules are invalid names the field as the CLI does, keeps the address and offers the rulebook', async () => {
    const rules = JSON.parse(readFileSync('rules/cant-stop/default.json', 'utf8')) as { heights: number[] };
    rules.heights[0] = 99;
    writeFileSync(join(dir, 'tall.json'), JSON.stringify(rules));
    const r = spawnSync('node', [CLI, 'cant-stop', 'odds', '--columns', '6,7', '--rules', 'tall.json'], { cwd: dir, encoding: 'utf8' });
    expect(r.status).toBe(2);
    const line = r.stderr.trim().replace(/^oddsmith: tall\.json/, 'rules from the address');
    const hash = `#game=cantstop&columns=6%2C7&rules=${b64url(JSON.stringify(rules))}`;
    const page = await open(hash);
    await page.waitForSelector('#link-problem:not([hidden])');
    expect(await text(page, '#link-problem-text')).toBe(`This link cannot be read: ${line}. The address is left as it was.`);
    expect(await page.evaluate<string>('location.hash')).toBe(hash);
    expect(await text(page, '[data-field="heights"] > .rf-error')).toBe(line);
    expect(await text(page, '#cantstop-stale')).toBe(`No figures: ${line}`);
    await shot(page, 'bad-link-1280');
    await page.click('#link-preset');
    expect(await tabResult(page, 'cantstop', 2)).toEqual(cli(['cant-stop', 'odds', '--columns', '6,7', '--json']));
    await page.close();
  });

  it('screenshots of every tab at 1280 and 390 px; at 390 nothing is wider than the screen', async () => {
    // the tabs the page shows: its tab bar is built from the registry of games, not typed here
    const bar = await open('', 1280);
    await bar.waitForSelector('nav button[data-tab]');
    const tabs = await workbenchTabIds(bar);
    await bar.close();
    expect(tabs).toEqual(expect.arrayContaining(['wulong', 'cantstop', 'trainer']));
    for (const tab of tabs) {
      for (const width of [1280, 390]) {
        const page = await open(`#game=${tab}`, width);
        await page.waitForSelector(`#tab-${tab}.active`);
        if (tab === 'wulong') await ready(page, 1);
        else if (tab !== 'liars' && tab !== 'trainer') await page.waitForSelector(`body[data-${tab}-ready]`, { timeout: 60_000 });
        await page.evaluate('new Promise((r) => setTimeout(r, 300))');
        if (width === 390) expect(await page.evaluate('document.documentElement.scrollWidth'), tab).toBeLessThanOrEqual(390);
        if (tab !== 'trainer') expect(await page.evaluate(`document.querySelector('#tab-${tab} .rules-editor .rules-section') !== null`), tab).toBe(true);
        await shot(page, `${tab}-${width}`);
        await page.close();
      }
    }
  });

  it('logged no console errors', () => {
    expect(wb.errors).toEqual([]);
  });
});

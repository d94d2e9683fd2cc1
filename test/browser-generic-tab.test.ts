/**
 * The workbench's tab bar from the registry of games (src/workbench/tab-list.ts) and the generic
 * tab of a game loaded from a module (src/workbench/generic-tab.ts), in Debian's chromium: the Pig
 * fixture bundled as `report` bundles it, its first-player figure equal to `pig balance` for the
 * same deals and seed, an edit of the rules replaying the deals (the CLI's figure for `--set`), and
 * invalid rules greying the figures with the validator's line; the exact answers of the report page
 * (src/exact/summary.ts) live in the tab: Leduc poker's equilibrium row, and Knucklebones' refusal
 * turning into a solved row when its rules shrink (Leduc has no rules fields). Screenshots at 1280
 * and 390 px go to $TMPDIR/oddsmith-generic-*.png. The browser part skips with the reason when there is no chromium.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { GAMES } from '../src/games/index.js';
import { workbenchBundle } from '../src/report/bundle.js';
import { launch, type Browser, type Page } from '../src/workbench/browser.js';
import { exactRefusal, exactRow, gameExactAnswers } from '../src/exact/summary.js';
import { defaults } from '../src/core/schema.js';
import { definitionSchema } from '../src/games/define.js';
import { definitionStateGame } from '../src/play/player-registry.js';
import { workbenchTabs } from '../src/workbench/tab-list.js';
import { VIEWS } from '../src/workbench/views.js';
import { ROOT } from './helpers/cli.js';
import { chromium, cliJson, collectErrors } from './helpers/workbench-page.js';

const PIG = join(ROOT, 'test', 'fixtures', 'pig', 'index.js');
const LEDUC = join(ROOT, 'examples', 'leduc-poker', 'index.js');
const KNUCKLEBONES = join(ROOT, 'examples', 'knucklebones', 'index.js');

describe('the tab bar from the registry', () => {
  it("every view names a game of the registry, and each built-in's view is in the bar once", () => {
    const ids = GAMES.map((g) => g.id);
    for (const v of VIEWS) if (v.game) expect(ids, v.tab).toContain(v.game);
    const bar = workbenchTabs(GAMES, new Map());
    expect(bar.map((t) => t.tab)).toEqual([...GAMES.flatMap((g) => VIEWS.filter((v) => v.game === g.id).map((v) => v.tab)), 'trainer']);
  });

  it('a game loaded from a module gets a generic tab; an id a view already uses gets another', async () => {
    const { descriptorOf, loadGameModule } = await import('../src/games/registry.js');
    const { definition } = await loadGameModule(PIG);
    const pig = descriptorOf(definition);
    const bar = workbenchTabs([...GAMES, pig], new Map([['pig', PIG]]));
    expect(bar.at(-2)).toMatchObject({ tab: 'pig', game: 'pig', label: 'Pig', file: PIG, module: './test/fixtures/pig/index.js' });
    const clash = workbenchTabs([{ ...pig, id: 'trainer' }], new Map([['trainer', PIG]]));
    expect(clash.map((t) => t.tab)).toEqual(['trainer-game', 'trainer']);
  });
});

describe.skipIf(chromium.path === null)('the generic tab in chromium', () => {
  let dir: string, browser: Browser, url: string;
  const errors: string[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'oddsmith-generic-'));
    mkdirSync(join(dir, 'workbench'));
    const { descriptorOf, loadGameModule } = await import('../src/games/registry.js');
    const outside = await Promise.all([PIG, LEDUC, KNUCKLEBONES].map(async (f) => descriptorOf((await loadGameModule(f)).definition)));
    writeFileSync(join(dir, 'workbench', 'workbench.js'), workbenchBundle(workbenchTabs([...GAMES, ...outside], new Map([['pig', PIG], ['leduc-poker', LEDUC], ['knucklebones', KNUCKLEBONES]]))));
    copyFileSync(join(ROOT, 'src', 'workbench', 'index.html'), join(dir, 'workbench', 'index.html'));
    url = pathToFileURL(join(dir, 'workbench', 'index.html')).href;
    browser = await launch(chromium.path!);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const open = async (hash: string, width = 1280) => {
    const page = await browser.newPage({ viewport: { width, height: width < 600 ? 844 : 1000 } });
    collectErrors(page, errors);
    await page.goto(url + hash);
    return page;
  };
  const ready = (page: Page, n: number) => page.waitForSelector(`body[data-pig-ready="${n}"]`, { timeout: 60_000 });
  const pig = (args: string[]) => cliJson(['--game', PIG, 'pig', 'balance', '--strategies', 'hold', '--players', '2', '--deals', '400', '--seed', '3', '--shard-count', '16', '--quiet', '--json', ...args]) as { seats: { winRate: { p: number; ci95: number[] } }[] };
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

  it("shows the balance command's figures, replays them after an edit, and greys them for invalid rules", async () => {
    const page = await open('#game=pig&player=hold&deals=400&seed=3');
    await ready(page, 1);
    const tabs = await page.evaluate(() => [...document.querySelectorAll<HTMLElement>('nav button')].map((b) => b.dataset.tab));
    expect(tabs).toContain('pig');
    expect(tabs).toContain('cantstop');
    const cli = pig([]);
    expect(await page.textContent('#pig-g-first')).toBe(pct(cli.seats[0].winRate.p));
    expect(await page.textContent('#pig-g-first-ci')).toBe(`95% CI [${pct(cli.seats[0].winRate.ci95[0])}, ${pct(cli.seats[0].winRate.ci95[1])}]`);
    expect(await page.evaluate(() => (document.querySelector('#pig-g-progress') as HTMLProgressElement).value)).toBe(400);
    await page.screenshot({ path: join(tmpdir(), 'oddsmith-generic-pig.png'), fullPage: true });

    await page.fill('input[data-path="target"]', '20');
    await ready(page, 2);
    const short = pig(['--set', 'target=20']);
    expect(await page.textContent('#pig-g-first')).toBe(pct(short.seats[0].winRate.p));
    expect(short.seats[0].winRate.p).not.toBe(cli.seats[0].winRate.p);

    await page.fill('input[data-path="target"]', '5');
    await ready(page, 3);
    expect(await page.evaluate(() => document.querySelector('#pig-g-out')!.classList.contains('stale'))).toBe(true);
    expect(await page.textContent('#pig-g-stale')).toMatch(/target must be .*10\.\.1000/);
    const phone = await open('#game=pig&player=hold&deals=400&seed=3', 390);
    await ready(phone, 1);
    await phone.screenshot({ path: join(tmpdir(), 'oddsmith-generic-pig-phone.png'), fullPage: true });
    expect(errors).toEqual([]);
  }, 120_000);

  const exactReady = (page: Page, tab: string, n: number) => page.waitForSelector(`body[data-${tab}-exact-ready="${n}"]`, { timeout: 90_000 });
  /** the rows of a tab's exact table, as the page's table has them */
  const exactRows = (page: Page) => page.evaluate(() => {
    const table = document.querySelector<HTMLElement>(`#${location.hash.match(/game=([a-z-]+)/)![1]}-g-exact-table`)!;
    if (table.hidden) return [];
    const heads = [...table.querySelectorAll('th')].map((th) => th.textContent);
    return [...table.querySelectorAll('tbody tr')].map((tr) => Object.fromEntries([...tr.querySelectorAll('td')].map((td, i) => [heads[i], td.textContent])));
  });

  it("shows the report page's exact answers: Leduc's equilibrium, Knucklebones' refusal, and a rules change re-solving", async () => {
    const { loadGameModule } = await import('../src/games/registry.js');
    const leduc = (await loadGameModule(LEDUC)).definition;
    const page = await open('#game=leduc-poker');
    await exactReady(page, 'leduc-poker', 1);
    // the page's figure (src/play/game-page.ts calls the same function with the same budget)
    const [answer] = gameExactAnswers(definitionStateGame(leduc), {} as never, 2, 'leduc-poker');
    expect(answer.value).toBeCloseTo(-0.0856064, 6);
    expect(await exactRows(page)).toEqual([exactRow(answer, 'leduc-poker', 'npx oddsmith --game ./examples/leduc-poker/index.js leduc-poker')]);
    expect(await page.textContent('#leduc-poker-g-exact-count')).toMatch(/^1 of 1 solved in this page in (\d+ ms|\d+\.\d s)$/);
    expect(await page.evaluate(() => document.querySelector<HTMLElement>('#leduc-poker-g-exact-stop')!.hidden)).toBe(true);
    await page.screenshot({ path: join(tmpdir(), 'oddsmith-generic-leduc.png'), fullPage: true });

    const kb = (await loadGameModule(KNUCKLEBONES)).definition;
    const sg = definitionStateGame(kb);
    const base = defaults(definitionSchema(kb)) as Record<string, unknown>;
    const prefix = 'npx oddsmith --game ./examples/knucklebones/index.js knucklebones';
    const k = await open('#game=knucklebones', 390);
    await exactReady(k, 'knucklebones', 1);
    const [refused] = gameExactAnswers(sg, base as never, 2, 'knucklebones');
    expect(refused.refused).toMatch(/past 2,000 steps/);
    const r = exactRefusal(refused, 'knucklebones', prefix);
    expect(await k.textContent('#knucklebones-g-exact-refused li')).toBe(`${r.subject} (${r.command}): ${r.reason}.`);
    // the status line: how many were not solved and why, in a few words (no time: nothing was solved)
    expect(await k.textContent('#knucklebones-g-exact-count')).toBe('1 of 1 not solved: the whole game (a play goes on past 2,000 steps)');
    expect(await exactRows(k)).toEqual([]);
    await k.screenshot({ path: join(tmpdir(), 'oddsmith-generic-knucklebones-phone.png'), fullPage: true });

    await k.fill('input[data-path="columns"]', '1');
    await k.fill('input[data-path="rows"]', '1');
    await k.waitForFunction("!document.querySelector('#knucklebones-g-exact-table').hidden && !document.querySelector('#knucklebones-g-exact').classList.contains('stale')", undefined, { timeout: 90_000 });
    const [small] = gameExactAnswers(sg, { ...base, columns: 1, rows: 1 } as never, 2, 'knucklebones', ' --rules <these rules, downloaded>');
    expect(small.refused).toBeUndefined();
    expect(await exactRows(k)).toEqual([exactRow(small, 'knucklebones', prefix)]);
    expect(await k.textContent('#knucklebones-g-exact-refused')).toBe('');
    expect(errors).toEqual([]);
  }, 180_000);

  it('Stop ends a solve under way at once (its worker too), and Solve starts it again', async () => {
    const page = await open('#game=leduc-poker');
    // the first progress line: Leduc's solve has a few seconds to go
    await page.waitForFunction("/iterations/.test(document.querySelector('#leduc-poker-g-exact-count').textContent)", undefined, { timeout: 60_000 });
    await page.click('#leduc-poker-g-exact-stop');
    expect(await page.textContent('#leduc-poker-g-exact-count')).toMatch(/^stopped at the whole game: [\d,]+ iterations, exploitability [\d.e+-]+: no answers for these rules; Solve starts again$/);
    expect(await page.textContent('#leduc-poker-g-exact-stop')).toBe('Solve');
    await page.screenshot({ path: join(tmpdir(), 'oddsmith-generic-leduc-stopped.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(tmpdir(), 'oddsmith-generic-leduc-stopped-phone.png'), fullPage: true });
    // the balance worker answers; the exact one is gone (a worker still solving could not answer)
    const answers = await Promise.all(page.workers().map((w) => Promise.race([w.evaluate(() => 'alive').catch(() => 'ended'), new Promise((r) => setTimeout(() => r('busy'), 3000))])));
    expect(answers.sort()).toEqual(['alive', 'ended']);
    const stoppedAt = await page.evaluate(() => (document.querySelector('#leduc-poker-g-exact-progress') as HTMLProgressElement).value);
    expect(stoppedAt).toBeLessThan(16_384);
    // nothing more arrives from the stopped solve
    await new Promise((r) => setTimeout(r, 6000));
    expect(await page.evaluate(() => document.body.hasAttribute('data-leduc-poker-exact-ready'))).toBe(false);
    expect(await page.textContent('#leduc-poker-g-exact-count')).toMatch(/^stopped/);
    expect(await page.evaluate(() => (document.querySelector('#leduc-poker-g-exact-progress') as HTMLProgressElement).value)).toBe(stoppedAt);
    // the tab is still usable: Solve solves the same game again to the same row
    await page.click('#leduc-poker-g-exact-stop');
    await exactReady(page, 'leduc-poker', 1);
    const { loadGameModule } = await import('../src/games/registry.js');
    const [answer] = gameExactAnswers(definitionStateGame((await loadGameModule(LEDUC)).definition), {} as never, 2, 'leduc-poker');
    expect(await exactRows(page)).toEqual([exactRow(answer, 'leduc-poker', 'npx oddsmith --game ./examples/leduc-poker/index.js leduc-poker')]);
    expect(await page.evaluate(() => document.querySelector<HTMLElement>('#leduc-poker-g-exact-stop')!.hidden)).toBe(true);
    expect(errors).toEqual([]);
  }, 180_000);
});

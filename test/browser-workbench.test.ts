/**
 * The workbench in a real browser (Debian's chromium through playwright-core): its figures equal
 * the CLI's --json for the rulebook, for rules/farkle/10000.json, for rules passed in the URL and
 * after an edit; hovering a chart mark shows its exact values; a bad rules file shows the CLI's
 * one-line message. Per-edit time is printed, never asserted. Skips with the reason when no chromium binary exists (docs/reports.md: setup).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '../src/workbench/browser.js';
import { CLI } from './helpers/cli.js';
import { b64url, chromium, cliJson as cli, openWorkbench, type Workbench } from './helpers/workbench-page.js';


describe.skipIf(chromium.path === null)('workbench in chromium', () => {
  // the page as `npm start` writes it, from the current sources
  let wb: Workbench, dir: string;
  beforeAll(async () => {
    wb = await openWorkbench('oddsmith-wb-');
    dir = wb.dir;
  });
  afterAll(async () => { await wb?.close(); });
  const open = (hash?: string, width?: number) => wb.open(hash, width);
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

  /** A form tab's last result (what its CLI's --json prints), once its `n`th computation is shown. */
  const tabResult = async (page: Page, game: string, n = 1) => {
    await page.waitForSelector(`body[data-${game}-ready="${n}"]`, { timeout: 60_000 });
    return page.evaluate(`JSON.parse(JSON.stringify(window.oddsmithWorkbench.last[${JSON.stringify(game)}]))`);
  };

  it('Weilong, Tichu, Dracula and Can\'t Stop tabs equal their CLI --json; an edit recomputes, an invalid one greys the figures', async () => {
    const page = await open('#game=weilong');
    expect(await tabResult(page, 'weilong')).toEqual(cli(['weilong', 'odds', '--json']));
    await page.fill('#weilong-collected', '1,1');
    expect(await tabResult(page, 'weilong', 2)).toEqual(cli(['weilong', 'odds', '--collected', '1,1', '--json']));
    await page.evaluate("(() => { const s = document.getElementById('weilong-son'); s.value = '3'; s.dispatchEvent(new Event('input', { bubbles: true })); })()");
    expect(await tabResult(page, 'weilong', 3)).toEqual(cli(['weilong', 'odds', '--son', '3', '--collected', '1,1', '--json']));
    await page.click('#weilong-ability');
    expect(await tabResult(page, 'weilong', 4)).toEqual(cli(['weilong', 'odds', '--son', '3', '--collected', '1,1', '--no-ability', '--json']));
    // an impossible set: the CLI's message, the old figures greyed with a note
    await page.fill('#weilong-collected', '3,3,3,3,3');
    await page.waitForSelector('body[data-weilong-ready="5"]');
    const line = spawnSync('node', [CLI, 'weilong', 'odds', '--son', '3', '--collected', '3,3,3,3,3'], { encoding: 'utf8' }).stderr.trim().replace(/^oddsmith: /, '');
    expect(await page.textContent('#weilong-error')).toBe(line);
    expect(await page.evaluate("document.getElementById('weilong-out').classList.contains('stale')")).toBe(true);
    expect(await page.textContent('#weilong-stale')).toBe('These figures are for the last valid question, not for the one in the form.');
    await page.close();

    const tichu = await open('#game=tichu');
    await tichu.waitForSelector('body[data-tichu-table="ready"]', { timeout: 60_000 });
    const all = cli(['tichu', 'odds', '--json']) as { eight: unknown; fourteen: unknown; table: { fourOfAKind: unknown; anyBomb: { probability: number; noBomb: number; deals: string } } };
    const shown = (await tichu.evaluate('JSON.parse(JSON.stringify(window.oddsmithWorkbench.last.tichu))')) as typeof all;
    expect(shown.eight).toEqual(all.eight);
    expect(shown.fourteen).toEqual(all.fourteen);
    expect(shown.table.fourOfAKind).toEqual(all.table.fourOfAKind);
    // a double from a discrete Fourier transform (the CLI says ~12 significant digits): chromium's
    // Math.cos/sin are not Node's to the last bit, so the last digits may differ
    expect(shown.table.anyBomb.deals).toBe(all.table.anyBomb.deals);
    expect(shown.table.anyBomb.probability).toBeCloseTo(all.table.anyBomb.probability, 12);
    expect(shown.table.anyBomb.noBomb).toBeCloseTo(all.table.anyBomb.noBomb, 12);
    await tichu.fill('#tichu-hand', 'Aj As Kp Qr 7s 7j Dr MJ');
    expect(await tabResult(tichu, 'tichu', 2)).toEqual(cli(['tichu', 'odds', '--hand', 'Aj As Kp Qr 7s 7j Dr MJ', '--json']));
    await tichu.close();

    const dracula = await open('#game=dracula&row=5R,8Y,1G,3B,6R&opp=-,7G,-,-,-&ranking=G,B,R,Y&seen=2Y,4B');
    expect(await tabResult(dracula, 'dracula')).toEqual(cli(['dracula', 'odds', '--row', '5R,8Y,1G,3B,6R', '--opp-row', '-,7G,-,-,-', '--ranking', 'G,B,R,Y', '--seen', '2Y,4B', '--json']));
    await dracula.fill('#dracula-row', '');
    expect(await tabResult(dracula, 'dracula', 2)).toEqual(cli(['dracula', 'odds', '--table', '--json']));
    await dracula.close();

    const cs = await open('#game=cantstop&columns=2,7,12');
    expect(await tabResult(cs, 'cantstop')).toEqual(cli(['cant-stop', 'odds', '--columns', '2,7,12', '--json']));
    await cs.close();
  });

  it('the mahjong discard advisor shows `mahjong discard --json`, for either objective and any number of draws', async () => {
    const page = await open('#game=mahjong&hand=11123456789m135p&void=s');
    await page.waitForSelector('body[data-mahjong-ready="1"]');
    const advisor = () => page.evaluate('JSON.parse(JSON.stringify(window.oddsmithWorkbench.last.mahjongDiscard))');
    expect(await advisor()).toEqual(cli(['mahjong', 'discard', '11123456789m135p', '--void', 's', '--json']));
    await page.fill('#m-draws', '8');
    await page.waitForSelector('body[data-mahjong-ready="2"]');
    await page.evaluate("(() => { const s = document.getElementById('m-objective'); s.value = 'win'; s.dispatchEvent(new Event('input', { bubbles: true })); })()");
    await page.waitForSelector('body[data-mahjong-ready="3"]');
    const win = cli(['mahjong', 'discard', '11123456789m135p', '--void', 's', '--draws', '8', '--objective', 'win', '--json']) as { discards: { discard: string }[] };
    expect(await advisor()).toEqual(win);
    // the table lists the discards in the CLI's order
    const order = await page.evaluate<string[]>("[...document.querySelectorAll('#m-out table tbody tr td:first-child')].map((td) => td.textContent)");
    expect(order).toEqual(win.discards.map((d) => d.discard));
    expect(await page.evaluate<string>('location.hash')).toContain('objective=win');
    await page.close();
  });

  /** Clicks the trainer's first button matching one of `sels`; false when none is there. */
  const press = (page: Page, sels: string) => page.evaluate<boolean>(`(() => { const b = document.querySelector(${JSON.stringify(sels)}); if (!b) return false; b.click(); return true; })()`);
  interface Logged { chosen: string; best: string; loss: number; cli: string[] }
  const trainerLog = (page: Page) => page.evaluate<{ log: Logged[]; wulong: { decision: unknown; grade: Record<string, unknown> }[] }>('JSON.parse(JSON.stringify(window.oddsmithWorkbench.last.trainer))');

  it('trainer: Wulong grades equal `wulong grade --json` and the EV differences of `wulong advise --json`; a seed deals the same dice', async () => {
    const page = await open('#game=trainer&drill=wulong&seed=7');
    // a player who takes the last set-aside listed and rolls on (mistakes included)
    for (let i = 0; i < 14; i++) if (!(await press(page, '#t-play [data-choice]:last-of-type, #t-play [data-action="roll"], #t-next, #t-roll-on'))) break;
    const t = await trainerLog(page);
    expect(t.wulong.length).toBeGreaterThan(4);
    const r = spawnSync('node', [CLI, 'wulong', 'grade', '-', '--json'], { input: t.wulong.map((x) => JSON.stringify(x.decision)).join('\n'), encoding: 'utf8' });
    const graded = JSON.parse(r.stdout) as { decisions: Record<string, unknown>[]; summary: { totalLoss: number } };
    expect(t.wulong.map((x) => x.grade)).toEqual(graded.decisions.map(({ line: _l, ...g }) => g));
    let mistakes = 0;
    for (const l of t.log) {
      const a = cli([...l.cli, '--json']) as { action?: string; stopEv?: number | null; rollEv?: number; options?: { setAside: string; ev: number }[] };
      if (a.options) {
        expect(l.best).toBe(a.options[0].setAside);
        expect(l.loss).toBeCloseTo(a.options[0].ev - a.options.find((o) => o.setAside === l.chosen)!.ev, 9);
      } else {
        const ev = (x: string) => (x === 'stop' ? a.stopEv! : a.rollEv!);
        expect(l.best).toBe(a.action);
        expect(l.loss).toBeCloseTo(ev(a.action!) - ev(l.chosen), 9);
      }
      if (l.loss > 0) mistakes++;
    }
    expect(mistakes).toBeGreaterThan(0);
    // the total lost, written as `wulong grade` writes it ("1,655.7"): one number format
    const text = spawnSync('node', [CLI, 'wulong', 'grade', '-'], { input: t.wulong.map((x) => JSON.stringify(x.decision)).join('\n'), encoding: 'utf8' }).stdout;
    const cliTotal = /expected points lost in all ([\d,.]+)/.exec(text)![1];
    expect(Number(cliTotal.replace(/,/g, ''))).toBeCloseTo(graded.summary.totalLoss, 1);
    expect(await page.textContent('#t-summary')).toBe(`${t.log.length} decisions, ${t.log.length - mistakes} optimal; lost in all ${cliTotal} expected points`);
    expect(await page.evaluate('document.querySelectorAll("#t-worst li").length')).toBe(Math.min(3, mistakes));
    await shot(page, 'trainer-1280');
    // the same link deals the same first roll
    const again = await open('#game=trainer&drill=wulong&seed=7', 390);
    expect(await again.textContent('#t-roll')).toBe(t.wulong[0].decision ? (t.wulong[0].decision as { roll: string }).roll : '');
    await press(again, '#t-play [data-choice]');
    await shot(again, 'trainer-390');
    expect(await again.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    // on a phone the decision in play comes first, the session below it
    expect(await again.evaluate("document.getElementById('t-play').getBoundingClientRect().top < document.getElementById('t-session').getBoundingClientRect().top")).toBe(true);
    await again.close();
    await page.close();
  });

  it('trainer: each Sichuan discard is graded by `mahjong discard --json` on the same hand', async () => {
    const page = await open('#game=trainer&drill=mahjong&seed=3&objective=win');
    for (let i = 0; i < 4; i++) await press(page, '#t-play [data-tile]');
    const t = await trainerLog(page);
    expect(t.log.length).toBe(4);
    for (const l of t.log) {
      const a = cli([...l.cli, '--json']) as { discards: { discard: string; pWin: number }[] };
      expect(l.best).toBe(a.discards[0].discard);
      expect(l.loss).toBeCloseTo(100 * (a.discards[0].pWin - a.discards.find((d) => d.discard === l.chosen)!.pWin), 9);
    }
    await shot(page, 'trainer-mahjong-1280');
    await page.close();
  });

  const settle = (page: Page) => page.evaluate('new Promise((r) => setTimeout(r, 400))');
  const shot = (page: Page, name: string) => page.screenshot({ path: join(tmpdir(), `oddsmith-workbench-${name}.png`), fullPage: true });

  it('a link that cannot be read says what is wrong, keeps the address, and offers the rulebook', async () => {
    const good = readFileSync('rules/wulong/default.json', 'utf8');
    const bad = JSON.parse(good) as { dice: number };
    bad.dice = 99;
    const sub = join(dir, 'bad-link');
    mkdirSync(sub);
    writeFileSync(join(sub, 'bad.json'), JSON.stringify(bad));
    const r = spawnSync('node', [CLI, 'wulong', 'solve', '--rules', 'bad.json'], { cwd: sub, encoding: 'utf8' });
    expect(r.status).toBe(2);
    // the CLI's line, with the page's name for where the rules came from
    const cliLine = r.stderr.trim().replace(/^oddsmith: bad\.json: /, 'rules from the address: ');
    expect(cliLine).toMatch(/^rules from the address: dice must be /);
    const cases: [string, string | RegExp][] = [
      ['#game=wulong&rules=@@not-base64@@', 'the rules in the address (#rules=) are not valid base64url: a truncated or altered link'],
      [`#game=wulong&rules=${b64url('{"dice": 6, ')}`, /^the rules in the address \(#rules=\) are not valid JSON: \S/],
      [`#game=wulong&rules=${b64url(JSON.stringify(bad))}`, cliLine],
      [`#game=wulong&rules=${b64url(good).slice(0, 200)}`, /^the rules in the address \(#rules=\) are not valid JSON: \S/],
      [`#game=wulong&rules=${b64url(good).slice(0, 201)}`, /not valid base64url/],
      ['#game=chess', 'the address names the game "chess", which the workbench does not have (it has wulong, weilong, liars, mahjong, tichu, dracula, cantstop, trainer)'],
    ];
    for (const [hash, problem] of cases) {
      const page = await open(hash);
      await page.waitForSelector('#link-problem:not([hidden])');
      await settle(page);
      const text = (await page.textContent('#link-problem-text'))!;
      const m = /^This link cannot be read: (.*)\. The address is left as it was\.$/.exec(text);
      expect(m, text).not.toBeNull();
      if (typeof problem === 'string') expect(m![1]).toBe(problem);
      else expect(m![1]).toMatch(problem);
      expect(await page.evaluate<string>('location.hash')).toBe(hash);
      if (hash.startsWith('#game=wulong')) {
        // no figures were computed from rules that were never read
        expect(await page.textContent('#w-stale')).toBe(`No figures: ${m![1]}`);
        expect(await page.evaluate('document.body.dataset.wulongReady')).toBeUndefined();
      }
      if (problem === cliLine) {
        // invalid rules are in the form as they came: fixing the field named computes them and only then rewrites the address
        await shot(page, 'bad-link');
        expect(await page.evaluate("document.querySelector('[data-path=\"dice\"]').value")).toBe('99');
        await page.fill('[data-path="dice"]', '5');
        await ready(page, 1);
        expect(await pageResult(page)).toEqual(cli(['wulong', 'solve', '--json']));
        expect(await page.evaluate('document.getElementById("link-problem").hidden')).toBe(true);
        expect(await page.evaluate<string>('location.hash')).not.toBe(hash);
        await page.close();
        continue;
      }
      // the offer opens the rulebook
      await page.click('#link-preset');
      await ready(page, 1);
      expect(await page.evaluate('document.getElementById("link-problem").hidden')).toBe(true);
      expect(await page.evaluate<string>('location.hash')).toMatch(/^#game=wulong&rules=/);
      await page.close();
    }
  });

  it('follows the address when it changes in an open tab', async () => {
    const page = await open();
    await ready(page, 1);
    const raw = JSON.parse(readFileSync('rules/wulong/default.json', 'utf8')) as { name: string; minimumBank: number };
    raw.name = 'hash test';
    raw.minimumBank = 1000;
    const f = join(dir, 'hash-rules.json');
    writeFileSync(f, JSON.stringify(raw));
    await page.evaluate(`location.hash = '#game=wulong&rules=${b64url(JSON.stringify(raw))}'`);
    await ready(page, 2);
    expect(await pageResult(page)).toEqual(cli(['wulong', 'solve', '--rules', f, '--json']));
    // a broken link pasted into the open tab: the figures stay, greyed, for the rules before it
    await page.evaluate("location.hash = '#game=wulong&rules=e30'");
    await page.waitForSelector('#link-problem:not([hidden])');
    expect(await page.textContent('#w-stale')).toMatch(/^These figures are for the last valid rules \(hash test — 2 changes\), not for the rules in the form: rules from the address: /);
    await page.evaluate("location.hash = '#game=liars&players=3&dice=5&mine=6,6,1,2,3&bid=7x6&ones=0'");
    await page.waitForSelector('#tab-liars.active');
    const odds = cli(['liars', 'odds', '--players', '3', '--mine', '6,6,1,2,3', '--bid', '7x6', '--json']) as { fraction: string };
    await page.waitForFunction(`document.getElementById('l-frac').textContent === ${JSON.stringify(`= ${odds.fraction}`)}`);
    expect(await page.evaluate('document.getElementById("link-problem").hidden')).toBe(true);
    // switching tabs puts that tab's link in the address: the Wulong tab's last valid rules, then the bid again
    await page.click('nav button[data-tab="wulong"]');
    const wulongHash = new URLSearchParams((await page.evaluate<string>('location.hash')).slice(1));
    expect(wulongHash.get('game')).toBe('wulong');
    expect((JSON.parse(Buffer.from(wulongHash.get('rules')!, 'base64url').toString('utf8')) as { name: string }).name).toBe('hash test');
    await page.click('nav button[data-tab="liars"]');
    expect(await page.evaluate<string>('location.hash')).toBe('#game=liars&players=3&dice=5&mine=6%2C6%2C1%2C2%2C3&bid=7x6&ones=0');
    await page.close();
  });

  it('an invalid edit greys the figures, says whose they are, and Advise me refuses; the title follows edits', async () => {
    const page = await open();
    await ready(page, 1);
    expect(await page.textContent('#w-label')).toBe('— Wulong (rulebook)');
    await page.fill('[data-path="faces.0.score.1"]', '1500');
    await ready(page, 2);
    expect(await page.textContent('#w-label')).toBe('— Wulong (rulebook) — 1 change');
    await page.click('#w-adv-go');
    expect(await page.textContent('#w-advice-line')).toMatch(/^(ROLL|STOP): /);
    await page.fill('[data-path="dice"]', '99');
    await page.waitForSelector('#w-figures.stale');
    const line = (await page.textContent('#w-error'))!;
    expect(line).toMatch(/^rules\/wulong\/default\.json: dice must be /);
    expect(await page.textContent('#w-stale')).toBe(`These figures are for the last valid rules (Wulong (rulebook) — 1 change), not for the rules in the form: ${line}`);
    expect(await page.textContent('#w-advice')).toBe('');
    await page.click('#w-adv-go');
    expect(await page.textContent('#w-advice-line')).toBe(`No advice: the rules in the form are invalid (${line}). Fix them first; the figures shown are for the last valid rules.`);
    await shot(page, 'stale');
    await page.fill('[data-path="dice"]', '5');
    await ready(page, 3);
    expect(await page.evaluate("document.getElementById('w-figures').classList.contains('stale')")).toBe(false);
    expect(await page.evaluate('document.getElementById("w-stale").hidden')).toBe(true);
    await page.click('#w-adv-go');
    expect(await page.textContent('#w-advice-line')).toMatch(/^(ROLL|STOP): /);
    // fair odds: the EVs round to zero and print as 0.0000, not -0.0000; the sensitivity table has no float noise
    await page.click('#w-fair');
    await ready(page, 4);
    await page.waitForSelector('#w-sens-table', { timeout: 60_000 });
    const cells = await page.evaluate<string[]>("[...document.querySelectorAll('#w-cards td, #w-sens td')].map((td) => td.textContent)");
    expect(cells.filter((c) => /^-0\.0*$/.test(c))).toEqual([]);
    expect(cells.filter((c) => /e-1[3-9]$|e-[2-9]\d$/.test(c))).toEqual([]);
    expect(cells).toContain('0.0000');
    await page.close();
  });

  it('at 390 px the inputs come first, charts fit the width and wide tables scroll in their own box', async () => {
    for (const hash of ['', '#game=liars', '#game=mahjong&hand=11122345678999m&void=s', '#game=weilong', '#game=tichu', '#game=dracula', '#game=cantstop']) {
      const page = await open(hash, 390);
      if (hash === '') await ready(page, 1);
      else await page.waitForFunction("document.querySelector('.tab.active table') !== null", undefined, { timeout: 60_000 });
      const layout = await page.evaluate<{ pageWidth: number; results: { top: number; width: number } | null; form: { top: number } | null; canvases: { width: number; box: number; scrolls: boolean }[]; tables: { inBox: boolean; width: number }[]; cols: number[] }>(`(() => {
        const rect = (sel) => { const e = document.querySelector(sel); return e ? e.getBoundingClientRect().toJSON() : null; };
        return {
          pageWidth: document.documentElement.scrollWidth,
          results: rect('#w-results'), form: rect('#w-form'),
          cols: [...document.querySelectorAll('.tab.active .cols > div')].map((d) => d.getBoundingClientRect().top),
          canvases: [...document.querySelectorAll('.tab.active canvas')].map((c) => ({ width: c.getBoundingClientRect().width, box: c.parentElement.clientWidth, scrolls: getComputedStyle(c.parentElement).overflowX === 'auto' })),
          tables: [...document.querySelectorAll('.tab.active table')].map((t) => ({ inBox: getComputedStyle(t.parentElement).overflowX === 'auto' && t.parentElement.getBoundingClientRect().right <= 390, width: t.getBoundingClientRect().width })),
        };
      })()`);
      expect(layout.pageWidth, hash).toBeLessThanOrEqual(390);
      expect(layout.tables.length).toBeGreaterThan(0);
      for (const t of layout.tables) expect(t.inBox).toBe(true);
      // the inputs (first column at 1280 px) above the figures they give
      if (hash !== '#game=liars') expect(layout.cols[0], hash).toBeLessThan(layout.cols[1]);
      if (hash === '') {
        expect(layout.results!.width).toBeGreaterThan(330);
        expect(layout.form!.top).toBeLessThan(layout.results!.top);
        expect(layout.canvases.length).toBe(2);
        for (const c of layout.canvases) expect(c.width <= c.box || c.scrolls).toBe(true);
      }
      await shot(page, `390-${hash.replace(/^#game=/, '').replace(/&.*/, '') || 'wulong'}`);
      await page.close();
    }
    const wide = await open();
    await ready(wide, 1);
    await wide.waitForSelector('#w-sens-table', { timeout: 60_000 });
    await shot(wide, '1280-wulong');
    await wide.close();
  });

  it('logged no console errors', () => {
    expect(wb.errors).toEqual([]);
  });
});

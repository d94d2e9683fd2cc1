/**
 * The trainer's Liar's Dice drill in a real browser (Debian's chromium), at 1280 and 390 px: a
 * seeded drill is played, and every grade the page shows equals `oddsmith liars grade --json` on the
 * decisions it logged (the same equilibrium, solved in the page's worker and by the CLI); the loss
 * is the difference of the exact chances to win; the same link deals the same dice. Screenshots go
 * to $TMPDIR/trainer-shots for a person to look at. Skips with the reason when there is no chromium.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '../src/workbench/browser.js';
import type { LiarsDecision, LiarsGrade } from '../src/games/liars-dice/exact-grade.js';
import { CLI } from './helpers/cli.js';
import { chromium, openWorkbench, type Workbench } from './helpers/workbench-page.js';

const SHOTS = join(tmpdir(), 'trainer-shots');

interface Logged { chosen: string; best: string; loss: number; optimal?: boolean; why: string }
interface TrainerState { log: Logged[]; liars: { decision: LiarsDecision; grade: LiarsGrade }[] }

describe.skipIf(chromium.path === null)("the trainer's Liar's Dice drill in chromium", () => {
  let wb: Workbench;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    wb = await openWorkbench('oddsmith-liars-trainer-');
  });
  afterAll(async () => { await wb?.close(); });

  async function open(hash: string, width: number): Promise<Page> {
    const page = await wb.open(hash, width);
    // the equilibrium is solved in the page's worker (about a second)
    await page.waitForSelector('#t-play [data-bid], #t-next', { timeout: 120_000 });
    return page;
  }
  const state = (page: Page) => page.evaluate<TrainerState>('JSON.parse(JSON.stringify(window.oddsmithWorkbench.last.trainer))');
  /** One step of a scripted player: the next round when a round is over, else the `k`-th choice (mod their number). */
  const step = (page: Page, k: number) => page.evaluate<string>(`(() => {
    const next = document.getElementById('t-next');
    if (next) { next.click(); return 'next'; }
    const bs = [...document.querySelectorAll('#t-play [data-bid]')];
    const b = bs[${k} % bs.length];
    b.click();
    return b.dataset.bid;
  })()`);
  const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });

  it('every grade equals `liars grade --json` on the logged decisions; the loss is the difference of the exact chances to win', async () => {
    const page = await open('#game=trainer&drill=liars&seed=11', 1280);
    expect(await page.evaluate<string>('location.hash')).toBe('#game=trainer&drill=liars&seed=11');
    // the solve's time in the worker, printed (never asserted)
    console.log(`Liar's Dice trainer: ${/solved in this page in [\d.]+ s/.exec((await page.textContent('#t-play'))!)?.[0] ?? 'solve time not shown'}`);
    // a player who mixes calls, low raises and high raises (mistakes included)
    for (let k = 0; (await state(page)).liars.length < 10 && k < 60; k++) await step(page, [0, 1, 2, 5][k % 4]);
    const t = await state(page);
    expect(t.liars.length).toBe(10);
    const input = t.liars.map((x) => JSON.stringify(x.decision)).join('\n') + '\n';
    const r = spawnSync('node', [CLI, 'liars', 'grade', '-', '--json'], { input, encoding: 'utf8' });
    expect(r.status).toBe(0);
    const cli = JSON.parse(r.stdout) as { decisions: (LiarsGrade & { line: number })[]; summary: { totalLoss: number; optimal: number; worst: number[] } };
    expect(t.liars.map((x) => x.grade)).toEqual(cli.decisions.map(({ line: _l, ...g }) => g));
    let mistakes = 0;
    t.log.forEach((l, i) => {
      const g = cli.decisions[i];
      expect(l.best).toBe(g.best);
      expect(l.loss).toBeCloseTo(100 * (g.bestPWin - g.chosenPWin), 10);
      expect(g.bestPWin).toBe(Math.max(...g.actions.map((a) => a.pWin)));
      expect(g.chosenPWin).toBe(g.actions.find((a) => a.action === g.chosen)!.pWin);
      if (!g.optimal) mistakes++;
    });
    expect(mistakes).toBeGreaterThan(0);
    expect(await page.textContent('#t-summary')).toBe(`10 decisions, ${cli.summary.optimal} optimal; lost in all ${(100 * cli.summary.totalLoss).toFixed(2)} percentage points of the chance to win the round`);
    expect(await page.evaluate('document.querySelectorAll("#t-worst li").length')).toBe(cli.summary.worst.length);
    // the last decision's feedback names its loss and the best choice
    const last = cli.decisions[cli.decisions.length - 1];
    const feedback = (await page.textContent('#t-feedback'))!;
    expect(feedback).toContain(!last.optimal ? `${last.chosen} loses ${(100 * last.loss).toFixed(2)} percentage points` : last.chosen === last.best ? `${last.chosen} is the best choice` : `${last.chosen} is as good as the best (${last.best})`);
    await shot(page, 'liars-trainer-1280');
    await page.close();
  });

  it('at 390 px the same link deals the same dice, the decision comes first and nothing is wider than the screen', async () => {
    const a = await open('#game=trainer&drill=liars&seed=11', 390);
    const b = await open('#game=trainer&drill=liars&seed=11', 1280);
    for (let k = 0; k < 6; k++) {
      expect(await a.textContent('#t-die')).toBe(await b.textContent('#t-die'));
      const [x, y] = [await step(a, k), await step(b, k)];
      expect(x).toBe(y);
    }
    expect(await a.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    expect(await a.evaluate("document.getElementById('t-play').getBoundingClientRect().top < document.getElementById('t-session').getBoundingClientRect().top")).toBe(true);
    await shot(a, 'liars-trainer-390');
    await a.close();
    await b.close();
  });

  it('the rules without wild 1s: its own equilibrium, in the address', async () => {
    const page = await open('#game=trainer&drill=liars&seed=2&variant=plain', 1280);
    expect(await page.textContent('#t-play')).toContain('no wild face');
    await step(page, 0);
    const t = await state(page);
    const r = spawnSync('node', [CLI, 'liars', 'grade', '-', '--variant', 'plain', '--json'], { input: JSON.stringify(t.liars[0].decision), encoding: 'utf8' });
    expect(t.liars[0].grade).toEqual((({ line: _l, ...g }) => g)((JSON.parse(r.stdout) as { decisions: (LiarsGrade & { line: number })[] }).decisions[0]));
    await page.close();
  });

  it('logged no console errors', () => {
    expect(wb.errors).toEqual([]);
  });
});

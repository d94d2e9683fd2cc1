/**
 * `npm start` (poststart): a screenshot of each workbench tab in reports/workbench/screenshots/,
 * for a person to look at. Pixels depend on the chromium version and the system fonts, so they are
 * kept out of the byte-identical comparison of reports/ (the folder ignores itself in git).
 * Without chromium this says so and exits 0: the reports themselves are already written.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { findChromium, launch, type Page } from './browser.js';

/** The tabs of a written workbench: its tab bar, as the page builds it from the list written at report time. */
export async function workbenchTabIds(page: Page): Promise<string[]> {
  return page.evaluate(() => [...document.querySelectorAll<HTMLElement>('nav button[data-tab]')].map((e) => e.dataset.tab!));
}

export async function screenshots(reportsDir: string, log: (s: string) => void): Promise<string[]> {
  const c = findChromium();
  if (c.path === null) {
    log(`workbench screenshots skipped: ${c.reason}`);
    return [];
  }
  const out = join(reportsDir, 'workbench', 'screenshots');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, '.gitignore'), '# screenshots depend on the browser and fonts: not compared, not committed\n*\n');
  // the screenshots are kept by their inputs (the page, its script, this code, the browser): with
  // none changed, `npm start` reuses them instead of starting chromium (about 20 s)
  const browserFile = statSync(c.path);
  const inputs = createHash('sha256')
    .update(readFileSync(join(reportsDir, 'workbench', 'index.html')))
    .update(readFileSync(join(reportsDir, 'workbench', 'workbench.js')))
    .update(readFileSync(fileURLToPath(import.meta.url)))
    .update(`${c.path}\0${browserFile.size}\0${browserFile.mtimeMs}`)
    .digest('hex');
  // the stamp: the inputs' digest, then the files written from them (the tabs come from the page)
  const stamp = join(out, 'inputs.sha256');
  const [stamped, ...expected] = existsSync(stamp) ? readFileSync(stamp, 'utf8').split('\n') : [];
  if (stamped === inputs && expected.length > 0 && expected.every((f) => existsSync(join(out, f)))) {
    log(`workbench screenshots unchanged (same page, script and browser): ${expected.length} in ${out}`);
    return expected.map((f) => join(out, f));
  }
  const browser = await launch(c.path);
  const written: string[] = [];
  try {
    const index = pathToFileURL(resolve(reportsDir, 'workbench', 'index.html')).href;
    const first = await browser.newPage({ viewport: { width: 1300, height: 1000 } });
    await first.goto(index);
    await first.waitForSelector('nav button[data-tab]');
    const tabs = await workbenchTabIds(first);
    await first.close();
    // a desktop and a phone width (the phone layout puts the figures first)
    for (const [tab, width] of tabs.flatMap((t) => [[t, 1300], [t, 390]] as const)) {
      const page = await browser.newPage({ viewport: { width, height: width < 600 ? 844 : 1000 } });
      await page.goto(`${index}#game=${tab}`);
      await page.waitForSelector(`#tab-${tab}.active`);
      if (tab === 'wulong') await page.waitForSelector('#w-sens-table', { timeout: 120_000 });
      else if (tab === 'tichu') await page.waitForSelector('body[data-tichu-table="ready"]', { timeout: 120_000 });
      else if (tab !== 'liars' && tab !== 'trainer') await page.waitForSelector(`body[data-${tab}-ready]`, { timeout: 120_000 });
      const file = join(out, width < 600 ? `${tab}-phone.png` : `${tab}.png`);
      await page.screenshot({ path: file, fullPage: true });
      written.push(file);
      await page.close();
    }
  } finally {
    await browser.close();
  }
  writeFileSync(stamp, [inputs, ...written.map((f) => basename(f))].join('\n'));
  log(`wrote ${written.length} workbench screenshots in ${out}`);
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  screenshots(process.argv[2] ?? 'reports', (s) => process.stderr.write(`${s}\n`)).catch((e: unknown) => {
    process.stderr.write(`workbench screenshots failed: ${(e as Error).message.split('\n')[0]}\n`);
    process.exitCode = 1;
  });
}

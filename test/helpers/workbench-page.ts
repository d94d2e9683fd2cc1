/**
 * The browser tests' one setup: Debian's chromium (through playwright-core), the workbench bundled
 * from the current sources as `npm start` writes it, and pages opened on it with their console
 * errors and page errors collected.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { findChromium, launch, type Browser, type Page } from '../../src/workbench/browser.js';
import { workbenchBundle, type BundledTab } from '../../src/report/bundle.js';
import { CLI } from './cli.js';

/** The chromium binary, or null with the reason (a browser test file skips on null: docs/reports.md, setup). */
export const chromium = findChromium();
if (chromium.path === null) console.warn(`browser tests skipped: ${chromium.reason}`);

/** The CLI's --json for `args` (run in `cwd`), to compare with a page's figures. */
export const cliJson = (args: string[], cwd = process.cwd()) => JSON.parse(execFileSync('node', [CLI, ...args], { cwd, encoding: 'utf8' })) as unknown;
/** Rules as the workbench's address carries them (#rules=…). */
export const b64url = (s: string) => Buffer.from(s, 'utf8').toString('base64url');

/** Collect a page's console errors and uncaught exceptions into `errors`. */
export function collectErrors(page: Page, errors: string[]): void {
  page.on('console', (m: { type(): string; text(): string }) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e: Error) => errors.push(e.message));
}

export interface Workbench {
  /** the temporary folder holding workbench/index.html (a test may write its rules files beside it) */
  dir: string;
  browser: Browser;
  /** console and page errors of every page opened */
  errors: string[];
  /** the workbench at `url + hash`, in a viewport `width` wide (a phone's height below 600 px) */
  open(hash?: string, width?: number): Promise<Page>;
  close(): Promise<void>;
}

/**
 * Bundle the workbench into a new temporary folder (named `prefix`…) and launch chromium on it;
 * `tabs`: its tab bar as `report` writes it (with the generic tabs of games from modules).
 */
export async function openWorkbench(prefix: string, tabs?: readonly BundledTab[]): Promise<Workbench> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  mkdirSync(join(dir, 'workbench'));
  // its charts are drawn by its own canvas code: it loads no chart library
  writeFileSync(join(dir, 'workbench', 'workbench.js'), workbenchBundle(tabs));
  copyFileSync('src/workbench/index.html', join(dir, 'workbench', 'index.html'));
  const url = pathToFileURL(join(dir, 'workbench', 'index.html')).href;
  let browser: Browser;
  try {
    browser = await launch(chromium.path!);
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  const errors: string[] = [];
  return {
    dir,
    browser,
    errors,
    async open(hash = '', width = 1280) {
      const page = await browser.newPage({ viewport: { width, height: width < 600 ? 844 : 1000 } });
      collectErrors(page, errors);
      await page.goto(url + hash);
      return page;
    },
    async close() {
      await browser.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

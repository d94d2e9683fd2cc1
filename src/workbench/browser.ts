/**
 * Finding and driving Debian's chromium (for the browser tests and the workbench screenshots).
 * playwright-core is a devDependency and ships no browser: we use the system's.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

/** The chromium binary to use ($CHROMIUM, else the usual places), or null with the reason. */
export function findChromium(): { path: string } | { path: null; reason: string } {
  const env = process.env.CHROMIUM;
  if (env) return existsSync(env) ? { path: env } : { path: null, reason: `CHROMIUM=${env} does not exist` };
  const p = CANDIDATES.find((c) => existsSync(c));
  if (p) return { path: p };
  return { path: null, reason: 'no chromium binary (apt-get install -y chromium, or set CHROMIUM=/path/to/chrome); see docs/reports.md' };
}

export interface Playwright {
  chromium: { launch(o: Record<string, unknown>): Promise<Browser> };
}
export interface Browser {
  newPage(o?: Record<string, unknown>): Promise<Page>;
  close(): Promise<void>;
}
/** The part of playwright-core's Page we use. */
export interface Page {
  goto(url: string, o?: Record<string, unknown>): Promise<unknown>;
  on(ev: string, f: (x: never) => void): void;
  waitForSelector(sel: string, o?: Record<string, unknown>): Promise<unknown>;
  waitForFunction(f: string, arg?: unknown, o?: Record<string, unknown>): Promise<unknown>;
  textContent(sel: string): Promise<string | null>;
  fill(sel: string, v: string): Promise<void>;
  click(sel: string): Promise<void>;
  hover(sel: string, o?: Record<string, unknown>): Promise<void>;
  evaluate<T>(f: string | (() => T)): Promise<T>;
  screenshot(o: Record<string, unknown>): Promise<Buffer>;
  setInputFiles(sel: string, f: { name: string; mimeType: string; buffer: Buffer }): Promise<void>;
  setViewportSize(size: { width: number; height: number }): Promise<void>;
  /** the page's dedicated workers, as far as playwright has seen them end */
  workers(): { evaluate<T>(f: () => T): Promise<T> }[];
  close(): Promise<void>;
}

export async function launch(chromiumPath: string): Promise<Browser> {
  const pw = createRequire(import.meta.url)('playwright-core') as Playwright;
  // --no-sandbox: CI containers run as root, where chromium's sandbox refuses to start
  return pw.chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--font-render-hinting=none', '--hide-scrollbars'] });
}

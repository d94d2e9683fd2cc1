/// <reference lib="dom" />
/**
 * The workbench's DOM helpers, number formats and address (hash) state, shared by its tabs
 * (main.ts, odds-tabs.ts, trainer.ts).
 */
import { fmtNum } from '../core/format.js';

export const $ = <T extends HTMLElement = HTMLElement>(sel: string, root: ParentNode = document): T => root.querySelector(sel) as T;
export function h(tag: string, attrs: Record<string, string> = {}, ...kids: (Node | string)[]): HTMLElement {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  for (const k of kids) e.append(k);
  return e;
}
export const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** A table cell's content: text (escaped), or HTML built by this module (a folded fraction). */
type Html = { html: string };
const cellHtml = (x: unknown) => (x !== null && typeof x === 'object' && 'html' in x ? (x as Html).html : esc(String(x ?? '')));
/**
 * An exact fraction as a table cell or inline text: short ones as they are; a long one (a 14-card
 * count runs to 30 digits) folded under "exact fraction", opened on demand, so the decimal beside
 * it stays in view on a phone.
 */
export function folded(fraction: string, max = 15): Html {
  // a short one may wrap on a phone (index.html's .fr) rather than push the next column off-screen
  if (fraction.length <= max) return { html: `<span class="fr">${esc(fraction)}</span>` };
  const digits = fraction.replace(/\D/g, '').length;
  return { html: `<details class="frac"><summary>exact fraction (${digits} digits)</summary><code>${esc(fraction)}</code></details>` };
}
export function table(rows: Record<string, unknown>[], id?: string): string {
  if (!rows.length) return '<p class="note">(none)</p>';
  const cols = Object.keys(rows[0]);
  return `<div class="wide"><table${id ? ` id="${id}"` : ''}><thead><tr>${cols.map((c) => `<th>${esc(c)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${cols.map((c) => `<td>${cellHtml(r[c])}</td>`).join('')}</tr>`)
    .join('')}</tbody></table></div>`;
}
/**
 * `rows` as a table in `el`. When the table there has the same header and number of rows, only the
 * cells whose text changed are rewritten: an edit then lays out a few cells, not a new table.
 */
export function setTable(el: HTMLElement, rows: Record<string, unknown>[], id?: string): void {
  const t = el.querySelector('table');
  const cols = rows.length ? Object.keys(rows[0]) : [];
  const head = t?.tHead?.rows[0];
  if (t && head && t.tBodies[0]?.rows.length === rows.length && head.cells.length === cols.length && cols.every((c, i) => head.cells[i].textContent === c)) {
    rows.forEach((r, i) => {
      const tr = t.tBodies[0].rows[i];
      cols.forEach((c, j) => {
        const text = String(r[c] ?? '');
        if (tr.cells[j].textContent !== text) tr.cells[j].textContent = text;
      });
    });
    return;
  }
  el.innerHTML = table(rows, id);
}
/** the one number format (src/core/format.ts): thousands separators, `d` decimals */
export const num = (x: number, d = 2) => fmtNum(x, d);
export const pct = (x: number, d = 2) => `${(100 * x).toFixed(d)}%`;
/** `x.toFixed(d)` without a minus sign on a value that rounds to zero (`-0.0000`). */
export const fixed = (x: number, d: number) => x.toFixed(d).replace(/^-(0\.?0*)$/, '$1');
/**
 * A difference of two solver results: `0` when it is below the floating-point noise of values of
 * size `scale` (a bumped entry that cannot change a card prints 0, not `2.22e-16`).
 */
export const delta = (d: number, scale: number, f: (x: number) => string) => (Math.abs(d) <= 1e-12 * Math.max(1, Math.abs(scale)) ? '0' : f(d));

// ---- URL state: #game=<id>&rules=<base64url JSON>&… --------------------------------------------
export function b64urlEncode(s: string): string {
  const bytes = new TextEncoder().encode(s);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
/** Throws on characters outside base64url, an incomplete last group or bytes that are not UTF-8 (a truncated link). */
export function b64urlDecode(s: string): string {
  const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}
export function readHash(): URLSearchParams {
  return new URLSearchParams(location.hash.replace(/^#/, ''));
}
/** Each tab's state as an address, so switching tabs puts that tab's link in the address bar. */
export const addressOf: Record<string, string> = {};
/** `write`: put it in the address bar now (a page just opened from a link keeps that link as it was) */
export function writeHash(p: Record<string, string>, write = true): void {
  const address = `#${new URLSearchParams(p).toString()}`;
  addressOf[p.game] = address;
  if (write) history.replaceState(null, '', address);
}

/**
 * A share link that cannot be read: the page says what is wrong (as the CLI would), leaves the
 * address as it was (so what was shared can still be copied) and offers the preset instead.
 */
export function linkProblem(message: string, offer: string, open: () => void): void {
  $('#link-problem-text').textContent = `This link cannot be read: ${message}. The address is left as it was.`;
  const b = $('#link-preset');
  b.textContent = offer;
  b.onclick = () => { clearLinkProblem(); open(); };
  $('#link-problem').hidden = false;
}
export function clearLinkProblem(): void {
  $('#link-problem').hidden = true;
}


/** The last result of each tab (as its CLI's --json prints it), for the browser test. */
export const last: Record<string, unknown> = {};
/** Each form tab's compute times (ms), for the browser test. */
export const tabTiming: Record<string, number[]> = {};

declare const __WORKER_SOURCE__: string;
let worker: Worker | undefined, nextId = 0;
const waiting = new Map<number, { resolve: (x: { result: unknown; ms: number }) => void; reject: (e: Error) => void }>();
/** Runs a job of worker.ts off the page's thread; resolves with its result and its time in the worker. */
export function inWorker<T>(request: Record<string, unknown>): Promise<{ result: T; ms: number }> {
  if (!worker) {
    worker = new Worker(URL.createObjectURL(new Blob([__WORKER_SOURCE__], { type: 'text/javascript' })));
    worker.onmessage = (e: MessageEvent<{ id: number; result?: unknown; ms: number; error?: string }>) => {
      const w = waiting.get(e.data.id);
      waiting.delete(e.data.id);
      if (e.data.error !== undefined) w?.reject(new Error(e.data.error));
      else w?.resolve({ result: e.data.result, ms: e.data.ms });
    };
  }
  const id = ++nextId;
  worker.postMessage({ ...request, id });
  return new Promise((resolve, reject) => waiting.set(id, { resolve: resolve as (x: { result: unknown; ms: number }) => void, reject }));
}

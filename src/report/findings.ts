/**
 * Headline figures: what each report page states, written beside it as `<page>.findings.json`, so
 * that `oddsmith diff` can say what a change did. An exact figure is compared exactly; a simulated
 * one by its interval (a change inside the noise is no change); a finding "flips" when a category
 * changes (a different best strategy) or a figure crosses the line that decides it (an EV above 0
 * now below).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Row } from './csv.js';
import { UserError } from '../core/errors.js';

export interface Figure {
  /** stable within its page: "Betting cards › Tiger › EV per chip" */
  id: string;
  value: number | string;
  /** exact figures (and categories) are compared exactly */
  exact?: boolean;
  /** a simulated figure's 95% interval */
  ci?: readonly [number, number];
  /** the figure's finding flips when it crosses this value (0 for an EV) */
  flipAt?: number;
  /** a category that is itself a finding (the best strategy): any change flips it */
  finding?: boolean;
}

export interface PageFigures {
  page: string;
  title: string;
  figures: Figure[];
  /** findings that hold by default and fail under some alternative assumption ("finding (fails at field = value)") */
  sensitive?: string[];
  /** findings that fail under the default rules themselves (same form) */
  fails?: string[];
  /** how many re-measured findings hold under every alternative */
  holding?: number;
}

/**
 * A table's cells as exact figures, one per (row, column): a row is named by `key`, or else by its
 * first columns (as many as make the names unique); `flipAt` gives a column's deciding value.
 */
export function tableFigures(heading: string, rows: readonly Row[], o: { key?: string; flipAt?: Record<string, number> } = {}): Figure[] {
  if (!rows.length) return [];
  const cols = Object.keys(rows[0]);
  let keys = o.key ? [o.key] : cols.slice(0, 1);
  for (let k = 1; !o.key && k <= cols.length && new Set(rows.map((r) => keys.map((c) => String(r[c])).join(' / '))).size < rows.length; k++) keys = cols.slice(0, k + 1);
  return rows.flatMap((r) =>
    Object.entries(r)
      .filter(([c]) => !keys.includes(c))
      .map(([c, v]): Figure => {
        const n = typeof v === 'number' ? v : /^[+-]?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(String(v).trim()) ? Number(v) : String(v ?? '');
        return { id: `${heading} › ${keys.map((k) => String(r[k])).join(' / ')} › ${c}`, value: n, exact: true, ...(o.flipAt?.[c] !== undefined && typeof n === 'number' ? { flipAt: o.flipAt[c] } : {}) };
      }),
  );
}

/** An exact figure (compared exactly; `flipAt` its deciding value). */
export function exactFigure(id: string, value: number | string, flipAt?: number): Figure {
  return { id, value, exact: true, ...(flipAt === undefined ? {} : { flipAt }) };
}

/** A simulated mean with its standard error, as a figure with a 95% interval. */
export function simulatedFigure(id: string, mean: number, se: number, flipAt?: number): Figure {
  return { id, value: mean, ci: [mean - 1.96 * se, mean + 1.96 * se], ...(flipAt === undefined ? {} : { flipAt }) };
}

/** A simulated proportion (or any figure) with its 95% interval. */
export function intervalFigure(id: string, value: number, ci95: readonly [number, number] | readonly number[], flipAt?: number): Figure {
  return { id, value, ci: [ci95[0], ci95[1]], ...(flipAt === undefined ? {} : { flipAt }) };
}

/**
 * A findings file's text as figures; anything else (truncated, `null`, a figure without an id) is
 * a user error naming the file: `oddsmith diff` reads files a pull request or a cache can damage.
 */
export function parseFigures(text: string, where: string): PageFigures {
  let x: unknown;
  try {
    x = JSON.parse(text);
  } catch (e) {
    throw new UserError(`${where} is not a findings file: ${e instanceof Error ? e.message : String(e)}`);
  }
  const bad = (why: string) => new UserError(`${where} is not a findings file: ${why}`);
  if (typeof x !== 'object' || x === null || Array.isArray(x)) throw bad(`expected an object, got ${x === null ? 'null' : Array.isArray(x) ? 'an array' : typeof x}`);
  const f = x as Record<string, unknown>;
  if (typeof f.page !== 'string') throw bad('no "page"');
  if (!Array.isArray(f.figures)) throw bad('no "figures" list');
  f.figures.forEach((g: unknown, i) => {
    const y = g as Record<string, unknown> | null;
    if (typeof y !== 'object' || y === null || typeof y.id !== 'string') throw bad(`figures[${i}] has no id`);
    if (typeof y.value !== 'number' && typeof y.value !== 'string') throw bad(`figures[${i}] has no value`);
    if (y.ci !== undefined && !(Array.isArray(y.ci) && y.ci.length === 2 && y.ci.every((c) => typeof c === 'number'))) throw bad(`figures[${i}]: ci is not two numbers`);
    if (y.flipAt !== undefined && typeof y.flipAt !== 'number') throw bad(`figures[${i}]: flipAt is not a number`);
  });
  for (const k of ['sensitive', 'fails']) if (f[k] !== undefined && !(Array.isArray(f[k]) && (f[k] as unknown[]).every((s) => typeof s === 'string'))) throw bad(`"${k}" is not a list of strings`);
  return f as unknown as PageFigures;
}

/** Every page's figures under a reports folder, by page path. */
export function readFigures(reportsDir: string): Map<string, PageFigures> {
  const out = new Map<string, PageFigures>();
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith('.findings.json')) {
        const f = parseFigures(readFileSync(p, 'utf8'), p);
        out.set(f.page ?? relative(reportsDir, p), f);
      }
    }
  };
  walk(reportsDir);
  return out;
}

export type Verdict = 'flipped' | 'changed' | 'noise' | 'same' | 'added' | 'removed';

export interface FigureDiff {
  page: string;
  id: string;
  a?: Figure;
  b?: Figure;
  verdict: Verdict;
  /** how it was compared: "exact", "simulated: |z| = 0.4" */
  how: string;
}

export interface Diff {
  flipped: FigureDiff[];
  changed: FigureDiff[];
  added: FigureDiff[];
  removed: FigureDiff[];
  /** simulated figures that moved inside their noise */
  noise: FigureDiff[];
  same: number;
  pages: { a: number; b: number };
}

/** A simulated change is real beyond this many standard errors of the difference. */
export const Z_REAL = 3;

const se = (f: Figure) => (f.ci ? (f.ci[1] - f.ci[0]) / (2 * 1.96) : 0);

function compare(page: string, a: Figure, b: Figure): FigureDiff {
  const side = (f: Figure) => (typeof f.value === 'number' && a.flipAt !== undefined ? Math.sign(f.value - a.flipAt) : 0);
  if (typeof a.value === 'string' || typeof b.value === 'string' || (!a.ci && !b.ci)) {
    if (a.value === b.value) return { page, id: a.id, a, b, verdict: 'same', how: 'exact' };
    const flip = a.finding === true || side(a) !== side(b);
    return { page, id: a.id, a, b, verdict: flip ? 'flipped' : 'changed', how: 'exact' };
  }
  const d = (b.value as number) - (a.value as number);
  const s = Math.hypot(se(a), se(b));
  const z = s > 0 ? Math.abs(d) / s : d === 0 ? 0 : Infinity;
  const how = `simulated, |z| = ${z === Infinity ? '∞' : z.toFixed(1)}`;
  if (d === 0) return { page, id: a.id, a, b, verdict: 'same', how };
  if (z <= Z_REAL) return { page, id: a.id, a, b, verdict: 'noise', how };
  return { page, id: a.id, a, b, verdict: side(a) !== side(b) ? 'flipped' : 'changed', how };
}

/** Every figure of A and B side by side, judged. */
export function diffFigures(a: Map<string, PageFigures>, b: Map<string, PageFigures>): Diff {
  const out: Diff = { flipped: [], changed: [], added: [], removed: [], noise: [], same: 0, pages: { a: a.size, b: b.size } };
  for (const page of [...new Set([...a.keys(), ...b.keys()])].sort()) {
    const fa = new Map((a.get(page)?.figures ?? []).map((f) => [f.id, f]));
    const fb = new Map((b.get(page)?.figures ?? []).map((f) => [f.id, f]));
    for (const id of new Set([...fa.keys(), ...fb.keys()])) {
      const x = fa.get(id);
      const y = fb.get(id);
      if (!x) out.added.push({ page, id, b: y, verdict: 'added', how: '' });
      else if (!y) out.removed.push({ page, id, a: x, verdict: 'removed', how: '' });
      else {
        const d = compare(page, x, y);
        if (d.verdict === 'same') out.same++;
        else out[d.verdict].push(d);
      }
    }
  }
  return out;
}

/** Whether anything real changed (what --fail-on-change gates on). */
export const anyChange = (d: Diff) => d.flipped.length + d.changed.length + d.added.length + d.removed.length > 0;

function show(f: Figure | undefined): string {
  if (!f) return '—';
  if (typeof f.value === 'string') return f.value;
  const v = Number(f.value.toPrecision(6)).toString();
  return f.ci ? `${v} [${Number(f.ci[0].toPrecision(4))}, ${Number(f.ci[1].toPrecision(4))}]` : v;
}

function change(d: FigureDiff): string {
  if (typeof d.a?.value !== 'number' || typeof d.b?.value !== 'number') return '';
  const x = d.b.value - d.a.value;
  return `${x >= 0 ? '+' : ''}${Number(x.toPrecision(4))}`;
}

function headline(d: Diff): string {
  const pages = d.pages.a === d.pages.b ? `${d.pages.b} page${d.pages.b === 1 ? '' : 's'}` : `${d.pages.a} → ${d.pages.b} pages`;
  if (!anyChange(d)) return `no change: ${d.same} figures equal${d.noise.length ? `, ${d.noise.length} simulated ones moved inside their noise` : ''} (${pages})`;
  const parts = [`${d.flipped.length} flipped`, `${d.changed.length} changed`];
  if (d.added.length) parts.push(`${d.added.length} added`);
  if (d.removed.length) parts.push(`${d.removed.length} removed`);
  return `${parts.join(', ')}; ${d.same} equal, ${d.noise.length} inside the noise (${pages})`;
}

const SECTIONS: [keyof Diff, string][] = [
  ['flipped', 'Findings that flipped'],
  ['changed', 'Changed'],
  ['added', 'Added'],
  ['removed', 'Removed'],
];

/** Plain text, a block per kind of change, flipped findings first. */
export function diffText(d: Diff, labels: [string, string]): string {
  const out = [`oddsmith diff ${labels[0]} → ${labels[1]}: ${headline(d)}`];
  for (const [k, title] of SECTIONS) {
    const list = d[k] as FigureDiff[];
    if (!list.length) continue;
    out.push('', `${title}:`);
    for (const x of list) out.push(`  ${x.page}: ${x.id}`, `    ${show(x.a)} → ${show(x.b)}${change(x) ? ` (${change(x)})` : ''}${x.how ? `; ${x.how}` : ''}`);
  }
  if (anyChange(d)) out.push('', `Exact figures compared exactly; simulated ones moved within ${Z_REAL} standard errors: no change.`);
  return out.join('\n');
}

/**
 * Text from rules files, specs and findings as inert Markdown (a table cell of a CI job summary or
 * a pull-request comment): markup characters backslash-escaped, so no HTML, link, image or
 * emphasis comes through, and one line.
 */
export const markdownText = (s: string) => s.replace(/[\\`*_[\]<>|~&!#]/g, '\\$&').replace(/\s*[\r\n]+\s*/g, ' ');
const cell = markdownText;

/** Markdown for a CI job summary or a pull-request comment. */
export function diffMarkdown(d: Diff, labels: [string, string]): string {
  const out = [`### Strategy reports: ${cell(labels[0])} → ${cell(labels[1])}`, '', `**${headline(d)}**`];
  for (const [k, title] of SECTIONS) {
    const list = d[k] as FigureDiff[];
    if (!list.length) continue;
    out.push('', `#### ${title}`, '', '| page | figure | before | after | change | compared |', '|---|---|---|---|---|---|');
    for (const x of list) out.push(`| ${cell(x.page)} | ${cell(x.id)} | ${cell(show(x.a))} | ${cell(show(x.b))} | ${change(x)} | ${cell(x.how)} |`);
  }
  out.push('', `_Exact figures are compared exactly; simulated ones by their 95% intervals (a change within ${Z_REAL} standard errors of the difference is no change${d.noise.length ? `: ${d.noise.length} such` : ''})._`);
  return out.join('\n') + '\n';
}

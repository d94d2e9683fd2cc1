import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { writeFileAtomic, writeFilesAtomic } from '../core/files.js';
import { renderSpec, type VlSpec } from './render.js';
import { subtitleChars, withSubtitleLine, wrapBasis } from './chart-config.js';
import { chartsBundle, workbenchBundle, type BundledTab } from './bundle.js';
import { packageRoot } from '../core/paths.js';
import { UserError } from '../core/errors.js';

import { toCsv, type Row } from './csv.js';
import { tableFigures, type Figure, type PageFigures } from './findings.js';

export { toCsv, type Row };

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}


export interface Chart {
  /** file stem, e.g. "policy-map" */
  name: string;
  title: string;
  /** what the reader should take from it, one or two sentences */
  caption: string;
  spec: VlSpec;
  /** the chart's data, written as CSV next to it */
  rows: readonly Row[];
  /**
   * How the numbers were obtained and from how much: basisLine({ exact: … }) or
   * basisLine({ simulated: n, of: 'games', seed }). Added as the last subtitle line of the image.
   */
  basis?: string;
}

export interface Section {
  heading: string;
  html?: string;
  charts?: Chart[];
  table?: { rows: readonly Row[]; caption?: string };
  /** the heading's anchor, for links to the section (`assumptions`) */
  id?: string;
  /** findings of this section that hold by default and fail under some alternative assumption (listed on the index) */
  sensitive?: readonly string[];
  /** findings re-measured under the assumptions that fail under the default rules themselves */
  fails?: readonly string[];
  /** how many re-measured findings hold under every alternative */
  holding?: number;
  /** the table's cells are exact headline figures for `oddsmith diff` (see findings.ts tableFigures) */
  figures?: { key?: string; flipAt?: Record<string, number> };
}

/** A page's path inside the reports folder: folders and a file named by letters, digits and dashes. */
const PAGE_PATH = /^([A-Za-z0-9][A-Za-z0-9-]*\/)+[A-Za-z0-9][A-Za-z0-9-]*\.html$/;

export interface PageInfo {
  /** path relative to reports/, e.g. "wulong/turn.html" */
  path: string;
  title: string;
  summary: string;
}

/** Fractions longer than this many characters are folded (a 14-card count runs to 50). */
const FOLD_AT = 15;

/**
 * A table cell: a long exact fraction alone (its decimal in a column beside it) folded under "exact
 * fraction (n digits)", opened on demand, as the workbench's; one inside other words folded as in
 * prose, its decimal first. A short one may wrap on a phone.
 */
function foldedCell(text: string): string {
  const alone = /^(?:exact fraction )?(\d+\/\d+)$/.exec(text);
  if (alone && alone[1].length > FOLD_AT) return `<details class="frac"><summary>exact fraction (${alone[1].replace(/\D/g, '').length} digits)</summary><code>${alone[1]}</code></details>`;
  return foldFractions(escapeHtml(text).replace(/\b\d+\/\d+\b/g, (f) => (f.length > FOLD_AT ? f : `<span class="fr">${f}</span>`)));
}

/**
 * Long exact fractions in a page's prose (HTML) shown as their decimal first — the one written
 * after them ("F = 13.208%"), else computed to 4 significant digits — with the fraction behind a
 * toggle that needs no script: a 50-digit fraction never widens a phone's line.
 */
export function foldFractions(html: string): string {
  return html.split(/(<[^>]*>)/).map((part, i) => (i % 2 === 1 ? part : part.replace(/\b(\d+)\/(\d+)\b(?:\s*=\s*(-?[\d.,]+%?)(?:\s*\(exact\))?)?/g, (all, n: string, d: string, given: string | undefined) => {
    const f = `${n}/${d}`;
    if (f.length <= FOLD_AT) return all;
    const decimal = given ?? `≈\u202f${Number((Number(n) / Number(d)).toPrecision(4))}`;
    return `${decimal}<label class="frac" title="exact fraction ${f}"><input type="checkbox"><span> (exact fraction)</span><code> = ${f}</code></label>`;
  }))).join('');
}

/**
 * A "<x> (fraction)" column followed by its "<x>" decimal: the decimal first. Only the page's
 * order: the CSV keeps the columns as written.
 */
function decimalFirst(cols: string[]): string[] {
  const out = [...cols];
  for (let i = 0; i + 1 < out.length; i++) {
    if (out[i] === `${out[i + 1]} (fraction)`) [out[i], out[i + 1]] = [out[i + 1], out[i]];
  }
  return out;
}

function tableHtml(rows: readonly Row[]): string {
  if (!rows.length) return '';
  const cols = decimalFirst(Object.keys(rows[0]));
  const head = cols.map((c) => `<th>${escapeHtml(c)}</th>`).join('');
  const body = rows.map((r) => `<tr>${cols.map((c) => `<td>${foldedCell(String(r[c] ?? ''))}</td>`).join('')}</tr>`).join('\n');
  return `<table><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

const STYLE = `body{font-family:'DejaVu Sans',Verdana,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222;line-height:1.45}
h1{font-size:1.6em}h2{font-size:1.25em;margin-top:2em;border-bottom:1px solid #ddd}
figure{margin:1.5em 0;overflow-x:auto}.live-chart{max-width:100%}figure img{max-width:100%;border:1px solid #eee}figcaption{color:#444;font-size:.95em}
table{border-collapse:collapse;font-size:.9em;margin:1em 0}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}
th{background:#f4f4f4}.wide{overflow-x:auto;max-width:100%}a{color:#0b5cad}.files{font-size:.85em;color:#666}
/* a table of many columns may use the window's whole width (and break long strategy names) rather than scroll;
   on a phone, prose breaks inside a long token (an exact fraction, a field path) rather than widen the page,
   and a table's first column (its row names, read as text: left-aligned, wide enough for a few words a line)
   wraps so that the figures beside it stay in view, as does the
   second of a table of many columns (which names its rows in two: "team A", "team B") */
@media (min-width:761px){.full{width:calc(100vw - 2em);max-width:none;margin-left:calc(50% - 50vw + 1em)}.full>table{margin:1em auto}.full td:nth-child(-n+2){overflow-wrap:anywhere;min-width:5.5em}}
@media (max-width:760px){body{margin:.6em auto;padding:0 .6em}h1{font-size:1.35em}p,li,figcaption{overflow-wrap:anywhere}.wide{border-right:3px solid #ddd}.wide td{white-space:nowrap}.wide td:first-child{white-space:normal;min-width:7em;text-align:left}.full td:nth-child(2){white-space:normal;overflow-wrap:anywhere;min-width:5.5em}}
/* long exact fractions: the decimal first, the fraction on demand (foldFractions, foldedCell) */
details.frac summary{cursor:pointer;color:#0b5cad;white-space:nowrap}@media (max-width:760px){.fr,details.frac summary{white-space:normal;overflow-wrap:anywhere}}details.frac code{display:block;white-space:normal;overflow-wrap:anywhere;max-width:16em;text-align:left}
label.frac{cursor:pointer;color:#0b5cad;position:relative}label.frac input{position:absolute;opacity:0;width:1px;height:1px;margin:0}label.frac code{display:none;color:#222;overflow-wrap:anywhere}
label.frac input:checked~code{display:inline}label.frac input:checked~span{display:none}label.frac input:focus-visible~span{outline:2px solid #0b5cad}`;

/** columns from which a table may use the whole window width */
const MANY_COLUMNS = 10;

function htmlDoc(title: string, body: string, script?: string): string {
  const js = script ? `<script src="${script}" defer></script>` : '';
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style>${js}</head>\n<body>\n${body}\n</body></html>\n`;
}

/** A spec inside <script type="application/json">: "<" escaped so no text in it can close the element. */
function inlineJson(x: unknown): string {
  return JSON.stringify(x).replace(/</g, '\\u003c');
}

/**
 * The width in pixels of a chart's plotting area (what its subtitle should not run past): the
 * spec's width, a facet's panel width times its columns, side-by-side views together, or 520 when
 * the spec leaves it to the data.
 */
function plotWidth(spec: VlSpec): number {
  const s = spec as { width?: unknown; spec?: { width?: unknown }; facet?: { column?: { field?: string } }; data?: { values?: Record<string, unknown>[] }; hconcat?: VlSpec[] };
  if (typeof s.width === 'number') return s.width;
  // side-by-side views: their widths, their axes (~60 px) and the 20 px between them
  if (s.hconcat?.length) return s.hconcat.reduce((w, v) => w + plotWidth(v) + 80, -80);
  const col = s.facet?.column?.field;
  if (typeof s.spec?.width === 'number' && col && s.data?.values) return s.spec.width * new Set(s.data.values.map((r) => r[col])).size;
  return 520;
}

/**
 * Write one report page: every chart as SVG, PNG, CSV and its Vega-Lite spec, and the HTML page.
 * `dir` is reports/<game>; file names are stable so that regenerated reports diff cleanly.
 */
export async function writePage(reportsDir: string, page: PageInfo, intro: string, sections: Section[], figures: readonly Figure[] = []): Promise<PageInfo> {
  // a page's path comes from specs a pull request can change: it stays inside the reports folder
  if (!PAGE_PATH.test(page.path)) throw new UserError(`report page ${JSON.stringify(page.path)}: a page is <name>/<name>.html (letters, digits, dashes)`);
  const dir = join(reportsDir, page.path.split('/').slice(0, -1).join('/'));
  // the page and its charts are written together at the end: all of them or none
  const files: [string, string | Uint8Array][] = [];
  const up = '../'.repeat(page.path.split('/').length - 1);
  let body = `<p><a href="${up}index.html">← all reports</a> · <a href="${up}workbench/index.html">workbench</a></p>\n<h1>${escapeHtml(page.title)}</h1>\n${foldFractions(intro)}\n`;
  // issue 23: every page ends with the assumptions its findings rest on, or a link to its game's table
  const game = page.path.split('/')[0];
  const all = sections.some((s) => s.id === 'assumptions') ? sections : [...sections, assumptionsLink(game, up)];
  for (const s of all) {
    body += `<h2${s.id ? ` id="${escapeHtml(s.id)}"` : ''}>${escapeHtml(s.heading)}</h2>\n${foldFractions(s.html ?? '')}\n`;
    for (const chart of s.charts ?? []) {
      if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(chart.name) || chart.name.includes('..')) throw new UserError(`chart ${JSON.stringify(chart.name)} of ${page.path}: a chart's name is a file name (letters, digits, dots, dashes)`);
      const c = chart.basis ? { ...chart, spec: { ...chart.spec, title: withSubtitleLine(chart.spec.title, wrapBasis(chart.basis, subtitleChars(plotWidth(chart.spec)))) } as VlSpec } : chart;
      const { svg, png } = await renderSpec(c.spec);
      files.push([join(dir, `${c.name}.svg`), svg], [join(dir, `${c.name}.png`), png], [join(dir, `${c.name}.csv`), toCsv(c.rows)], [join(dir, `${c.name}.vl.json`), JSON.stringify(c.spec, null, 1) + '\n']);
      body += `<figure id="fig-${c.name}" data-vl><script type="application/json">${inlineJson(c.spec)}</script><img src="${c.name}.svg" alt="${escapeHtml(c.title)}"><figcaption><b>${escapeHtml(c.title)}.</b> ${escapeHtml(c.caption)}
<span class="files">Files: <a href="${c.name}.png">PNG</a> · <a href="${c.name}.csv">data (CSV)</a> · <a href="${c.name}.vl.json">Vega-Lite spec</a></span></figcaption></figure>\n`;
    }
    if (s.table) body += `${s.table.caption ? `<p>${foldFractions(escapeHtml(s.table.caption))}</p>` : ''}<div class="wide${Object.keys(s.table.rows[0] ?? {}).length >= MANY_COLUMNS ? ' full' : ''}">${tableHtml(s.table.rows)}</div>\n`;
  }
  body += `<noscript><p class="files">Scripts are off: the charts are the static SVG files (no tooltips).</p></noscript>`;
  files.push([join(reportsDir, page.path), htmlDoc(page.title, body, `${up}assets/charts.js`)]);
  // the headline figures `oddsmith diff` compares: given ones first, then the tables marked as figures
  const found: PageFigures = {
    page: page.path,
    title: page.title,
    figures: [...figures, ...sections.flatMap((s) => (s.figures && s.table ? tableFigures(s.heading, s.table.rows, s.figures) : []))],
    sensitive: sections.flatMap((s) => s.sensitive ?? []),
    ...(sections.some((s) => s.fails) ? { fails: sections.flatMap((s) => s.fails ?? []), holding: sections.reduce((n, s) => n + (s.holding ?? 0), 0) } : {}),
  };
  files.push([join(reportsDir, page.path.replace(/\.html$/, '.findings.json')), JSON.stringify(found, null, 1) + '\n']);
  writeFilesAtomic(files, 'report page');
  return page;
}

/** What a page's findings.json says of its findings under the assumptions (nothing when unreadable). */
function assumptionFindings(reportsDir: string, pagePath: string): Pick<PageFigures, 'sensitive' | 'fails' | 'holding'> {
  try {
    return JSON.parse(readFileSync(join(reportsDir, pagePath.replace(/\.html$/, '.findings.json')), 'utf8')) as PageFigures;
  } catch {
    return {};
  }
}

/** The index's note under a page: which findings fail by default, which only under an alternative, how many hold. */
function assumptionsNote(reportsDir: string, path: string): string {
  const f = assumptionFindings(reportsDir, path);
  const list = (xs: readonly string[] | undefined) => (Array.isArray(xs) ? xs.filter((x) => typeof x === 'string').map(escapeHtml).join('; ') : '');
  const parts = [
    list(f.fails) && `Fails under the default rules: ${list(f.fails)}`,
    list(f.sensitive) && `Holds by default, fails under an assumed alternative: ${list(f.sensitive)}`,
    typeof f.holding === 'number' && f.holding > 0 && (list(f.fails) || list(f.sensitive)) ? `${f.holding} other finding${f.holding === 1 ? '' : 's'} hold${f.holding === 1 ? 's' : ''} under every alternative` : '',
  ].filter(Boolean);
  return parts.length ? `<br><span class="files">${parts.join('. ')} (<a href="${escapeHtml(path)}#assumptions">assumptions</a>)</span>` : '';
}

/** Pages written so far, by experiment name (reports/manifest.json); empty when there is none. */
export function readManifest(reportsDir: string): Record<string, PageInfo[]> {
  try {
    return JSON.parse(readFileSync(join(reportsDir, 'manifest.json'), 'utf8')) as Record<string, PageInfo[]>;
  } catch {
    return {};
  }
}

/** Manifest keys of pages a command wrote outside `oddsmith report` (e.g. `wulong sweep --page`). */
const CLI_PAGE = 'cli:';

/** reports/index.html: one link per page, in the order given (and the manifest, when given). */
export function writeIndex(reportsDir: string, pages: readonly PageInfo[], manifest?: Record<string, PageInfo[]>, tabs?: readonly BundledTab[]): void {
  // pages written by single commands stay listed (and in the manifest) when the experiments are regenerated
  const cliPages = Object.entries(readManifest(reportsDir)).filter(([k]) => k.startsWith(CLI_PAGE)).sort(([a], [b]) => a.localeCompare(b));
  if (manifest) writeFileAtomic(join(reportsDir, 'manifest.json'), JSON.stringify({ ...manifest, ...Object.fromEntries(cliPages) }, null, 1) + '\n', 'reports manifest');
  const li = (p: PageInfo) => {
    const note = assumptionsNote(reportsDir, p.path);
    return `<li><a href="${escapeHtml(p.path)}">${escapeHtml(p.title)}</a> — ${foldFractions(escapeHtml(p.summary))}${note}</li>`;
  };
  const items = pages.map(li).join('\n');
  const extra = cliPages.flatMap(([, ps]) => ps);
  const more = extra.length ? `\n<h2>Pages written from the command line</h2>\n<ul>\n${extra.map(li).join('\n')}\n</ul>` : '';
  const body = `<h1>oddsmith reports</h1>\n<p>Generated by <code>npm start</code> from the experiment specs in <code>experiments/</code>. Each page lists its charts with their data as CSV; hover a chart for exact values, and ends with the rules it assumes where the rulebook is silent. Findings re-measured under the assumptions are named under their page: those that fail under the default rules, and those that hold by default but fail under an alternative.</p>\n<p><b><a href="workbench/index.html">Rules workbench</a></b> — edit a game's rules in the page and watch the exact odds move (Wulong / Farkle family, Liar's Dice, Sichuan mahjong).</p>\n<ul>\n${items}\n</ul>${more}`;
  writeFilesAtomic(
    [
      [join(reportsDir, 'assets', 'charts.js'), chartsBundle()],
      [join(reportsDir, 'workbench', 'workbench.js'), workbenchBundle(tabs)],
      [join(reportsDir, 'workbench', 'index.html'), readFileSync(join(packageRoot(), 'src', 'workbench', 'index.html'), 'utf8')],
    ],
    'report scripts',
  );
  writeFileAtomic(join(reportsDir, 'index.html'), htmlDoc('oddsmith reports', body), 'reports index');
}


/**
 * Link a page that a single command wrote (e.g. `wulong sweep --page`) from reports/index.html:
 * it is kept in the manifest under "cli:<path>" and listed under "Pages written from the command
 * line", also after `oddsmith report` regenerates the experiments' pages.
 */
export function linkPage(reportsDir: string, page: PageInfo): void {
  const manifest = readManifest(reportsDir);
  const experiments = Object.fromEntries(Object.entries(manifest).filter(([k]) => !k.startsWith(CLI_PAGE)));
  writeFileAtomic(join(reportsDir, 'manifest.json'), JSON.stringify({ ...manifest, [`${CLI_PAGE}${page.path}`]: [page] }, null, 1) + '\n', 'reports manifest');
  writeIndex(reportsDir, Object.values(experiments).flat(), experiments);
}

/** Where each game's table of assumptions is, and its command group: from the list of games (see setAssumptionsPages). */
const assumptionsPages = new Map<string, { page: string; command: string }>();

/**
 * Tell the page writer, from the game descriptors (`assumptionsPage`, `command`), which page of each
 * game holds its assumptions table: every other page of the game links there instead of repeating it.
 */
export function setAssumptionsPages(pages: Readonly<Record<string, { page: string; command: string }>>): void {
  assumptionsPages.clear();
  for (const [game, at] of Object.entries(pages)) assumptionsPages.set(game, at);
}

/** The closing section of a page without its own assumptions table: a link to its game's. */
export function assumptionsLink(game: string, up: string): Section {
  const at = assumptionsPages.get(game)?.page;
  const command = assumptionsPages.get(game)?.command ?? game;
  return {
    heading: 'Assumptions',
    id: 'assumptions',
    html: at
      ? `<p>The findings on this page rest on the rules this project assumes where the rulebook is silent. Every one, its default and alternatives, and each headline finding re-measured at each alternative: <a href="${up}${at}#assumptions">the assumptions table</a> (also <code>oddsmith ${escapeHtml(command)} assumptions</code>).</p>`
      : `<p>The findings on this page rest on the rules as this project models them: docs/rules/${escapeHtml(game)}.md names every assumption with the rules-file field that sets it. This game has no table re-measuring the findings at each alternative yet.</p>`,
  };
}

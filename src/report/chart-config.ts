/** Shared by the Node renderer and the page script (no Node imports here). */
import type { TopLevelSpec } from 'vega-lite';

/** One layer of a layered Vega-Lite chart (vega-lite exports only the top-level type). */
export type VlLayer = Extract<TopLevelSpec, { layer: unknown }>['layer'][number];
const FONT_FAMILY = 'DejaVu Sans';

/** House style: our font everywhere, readable sizes, white background. */
export const baseConfig = {
  font: FONT_FAMILY,
  background: 'white',
  padding: 12,
  view: { stroke: '#ccc' },
  // long category names are read in full, not cut to "…"
  // labels that would touch are thinned (a quantitative axis, "1,0001,100"), never drawn on top of each
  // other; 8 px, as the browser draws labels up to ~3 px wider than Vega measures them
  axis: { labelFontSize: 11, titleFontSize: 12, titlePadding: 8, labelLimit: 420, labelOverlap: 'greedy', labelSeparation: 8 },
  // band axes (categories) get their own default in Vega-Lite: thinned the same way on a narrow chart
  axisDiscrete: { labelOverlap: 'greedy', labelSeparation: 8 },
  // legend swatches at full strength even when the legend's first layer is a pale band
  legend: { labelFontSize: 11, titleFontSize: 12, labelLimit: 300, titleLimit: 300, symbolOpacity: 1 },
  header: { labelFontSize: 12, titleFontSize: 12 },
  title: { fontSize: 15, anchor: 'start', subtitleFontSize: 12, subtitleColor: '#555', offset: 10 },
} as const;

/**
 * The seed(s) behind a simulated chart: one seed; several runs with their own seeds ("seeds 1–4");
 * or one base seed from which each run derives its own (say how, e.g. "seed + shard index").
 */
export type BasisSeed = number | { seeds: readonly number[] } | { base: number; derive: string };

/** How a chart's numbers were obtained: exact (say how), or simulated with its count and seed. */
export type Basis = { exact: string } | { simulated: number; of: string; seed: BasisSeed; extra?: string };

function seedText(s: BasisSeed): string {
  if (typeof s === 'number') return `seed ${s}`;
  if ('seeds' in s) {
    const v = [...s.seeds];
    const consecutive = v.length > 2 && v.every((x, i) => i === 0 || x === v[i - 1] + 1);
    return v.length === 1 ? `seed ${v[0]}` : consecutive ? `seeds ${v[0]}–${v[v.length - 1]}` : `seeds ${v.join(', ')}`;
  }
  return `base seed ${s.base} (${s.derive})`;
}

/**
 * How a chart's numbers were obtained, as the last subtitle line of its image: "exact: …" or
 * "simulated: N <units>, seed S[; extra]". writePage adds it, so every chart says it the same way;
 * a simulated chart must name its seed (a reader can then rerun it bit for bit).
 */
export function basisLine(b: Basis): string {
  if ('exact' in b) return `exact: ${b.exact}`;
  return `simulated: ${b.simulated.toLocaleString('en-US')} ${b.of}, ${seedText(b.seed)}${b.extra ? `; ${b.extra}` : ''}`;
}

/**
 * A basis line split at "; " (else ", ") into lines of at most `maxChars` characters, so that a long
 * one wraps under the chart instead of widening the image past it. Only the first line starts
 * with "exact:"/"simulated:" (the chart still has one basis).
 */
export function wrapBasis(line: string, maxChars: number): string[] {
  const out: string[] = [];
  let rest = line;
  while (rest.length > maxChars) {
    const cut = [rest.lastIndexOf('; ', maxChars), rest.lastIndexOf(', ', maxChars)].find((i) => i > maxChars / 3);
    if (cut === undefined) break;
    out.push(rest.slice(0, cut + 1));
    rest = rest.slice(cut + 2);
  }
  return [...out, rest];
}

/** About how many subtitle characters (12 px DejaVu Sans) fit over a plot `width` pixels wide plus its axis (~60 px). */
export function subtitleChars(width: number): number {
  return Math.max(40, Math.floor((width + 60) / 6.2));
}

/** A title object with `line` appended to its subtitle (a string title becomes { text, subtitle }). */
export function withSubtitleLine(title: unknown, line: string | readonly string[]): unknown {
  const lines = typeof line === 'string' ? [line] : [...line];
  const one = lines.length === 1 ? lines[0] : lines;
  if (title === undefined) return { text: '', subtitle: one };
  if (typeof title === 'string' || Array.isArray(title)) return { text: title, subtitle: one };
  const t = title as { subtitle?: string | string[] };
  const sub = t.subtitle === undefined ? [] : Array.isArray(t.subtitle) ? t.subtitle : [t.subtitle];
  if (sub.some((s) => s.includes(lines[0]))) return title;
  return { ...t, subtitle: [...sub, ...lines] };
}

/**
 * An x (or y) channel's scale and axis for a swept parameter: a tick at every swept value (no
 * invented in-between labels that collide), and half a step of room at both ends so the first
 * and last points are not cut by the frame. Labels closer than 4 px are thinned (narrow panels).
 */
export function sweptAxis(values: readonly number[]): { scale: Record<string, unknown>; axis: Record<string, unknown> } {
  const v = [...new Set(values)].sort((a, b) => a - b);
  const step = v.length > 1 ? Math.min(...v.slice(1).map((x, i) => x - v[i])) : Math.abs(v[0]) || 1;
  const decimals = Math.max(0, ...v.map((x) => (String(x).split('.')[1] ?? '').length));
  return {
    scale: { domain: [v[0] - step / 2, v[v.length - 1] + step / 2], nice: false, zero: false },
    axis: { values: v, format: `,.${Math.min(decimals, 3)}f`, labelOverlap: 'greedy', labelSeparation: 4, grid: true },
  };
}

/**
 * A text layer that prints each bar's value at its end, so a zero bar reads "0" instead of looking
 * like a missing one. `horizontal`: bars along x.
 */
export function barValueLabels(field: string, format: string, horizontal: boolean): VlLayer {
  return horizontal
    ? { mark: { type: 'text', align: 'left', baseline: 'middle', dx: 3, fontSize: 10, color: '#333' }, encoding: { text: { field, type: 'quantitative', format } } }
    : { mark: { type: 'text', align: 'center', baseline: 'bottom', dy: -2, fontSize: 10, color: '#333' }, encoding: { text: { field, type: 'quantitative', format } } };
}

/**
 * Round tick values over [lo, hi] that always include 0 (when it is in range), with the domain
 * widened to the outer ticks: a chart about gains and losses labels its break-even line.
 */
export function ticksWithZero(lo: number, hi: number, count = 7): { values: number[]; domain: [number, number] } {
  const lo0 = Math.min(lo, 0), hi0 = Math.max(hi, 0);
  const raw = (hi0 - lo0) / count || 1;
  const p = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * p).find((s) => s >= raw) ?? 10 * p;
  const a = Math.floor(lo0 / step), b = Math.ceil(hi0 / step);
  const values = Array.from({ length: b - a + 1 }, (_, i) => Number(((a + i) * step).toPrecision(12)));
  return { values, domain: [a * step, b * step] };
}

type Spec = Record<string, unknown>;

/** The plot widths a spec sets, summed across the row (side-by-side views and facet columns). */
function plotWidths(s: Spec): number {
  const w = s.width as unknown;
  const n = (x: unknown, count: number) => (typeof x === 'number' ? x : x && typeof x === 'object' && typeof (x as { step?: unknown }).step === 'number' ? (x as { step: number }).step * count : 0);
  if (Array.isArray(s.hconcat)) return (s.hconcat as Spec[]).reduce((a, v) => a + plotWidths(v), 0);
  const inner = s.spec as Spec | undefined;
  const facet = s.facet as { column?: { field?: string }; field?: string } | undefined;
  const values = ((s.data as { values?: Spec[] } | undefined)?.values ?? []);
  const columns = facet?.column?.field ? new Set(values.map((r) => r[facet.column!.field!])).size : typeof s.columns === 'number' ? Math.min(s.columns, facet?.field ? new Set(values.map((r) => r[facet.field!])).size : 1) : 1;
  if (inner) return n(inner.width, xCategories(inner, values)) * columns;
  return n(w, xCategories(s, values));
}

/** How many distinct values the x channel of a step-sized view shows (its data's, across its layers). */
function xCategories(s: Spec, values: Spec[]): number {
  const enc = [s, ...((s.layer as Spec[] | undefined) ?? [])].map((l) => (l.encoding as { x?: { field?: string } } | undefined)?.x?.field).find((f) => f);
  return enc ? new Set(values.map((r) => r[enc])).size || 1 : 1;
}

/** Multiply every plot width (a number or a band step) in a spec by `k`, never below `min` pixels. */
function scaleWidths(s: Spec, k: number, min: number): Spec {
  const out: Spec = { ...s };
  const w = s.width as unknown;
  if (typeof w === 'number') out.width = Math.max(min, Math.floor(w * k));
  else if (w && typeof w === 'object' && typeof (w as { step?: unknown }).step === 'number') out.width = { step: Math.max(30, Math.floor((w as { step: number }).step * k)) };
  for (const key of ['hconcat', 'vconcat', 'concat'] as const) if (Array.isArray(s[key])) out[key] = (s[key] as Spec[]).map((v) => scaleWidths(v, k, min));
  if (s.spec && typeof s.spec === 'object') out.spec = scaleWidths(s.spec as Spec, k, min);
  return out;
}

/** Text broken at spaces into lines of at most `chars` characters (a longer word stays whole). */
export function wrapText(text: string, chars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > chars) { lines.push(line); line = word; } else line = line ? `${line} ${word}` : word;
  }
  return line ? [...lines, line] : lines;
}

/** A title's text and subtitle re-wrapped to lines that fit `width` pixels (15 px title, 12 px subtitle). */
function fitTitle(title: unknown, width: number): unknown {
  if (title === undefined) return title;
  const t: Spec = typeof title === 'string' || Array.isArray(title) ? { text: title } : { ...(title as Spec) };
  const wrap = (x: unknown, px: number) => (x === undefined ? x : ([] as string[]).concat(x as string | string[]).flatMap((l) => wrapText(l, Math.max(16, Math.floor(width / px)))));
  t.text = wrap(t.text, 9.4);
  if (t.subtitle !== undefined) t.subtitle = wrap(t.subtitle, 7.1);
  return t;
}

/**
 * A chart made narrower to fit a container `avail` pixels wide, given the width `drawn` it took
 * as last drawn: its plot widths (numbers or band steps) shrink by what overflowed, never below a
 * readable minimum, and its title wraps. The charts script draws, measures and refits.
 */
export function shrinkSpec(spec: Spec, avail: number, drawn: number): Spec {
  const s: Spec = { ...spec, title: fitTitle(spec.title, avail - 30) };
  const plot = plotWidths(s);
  if (plot <= 0) return s;
  const k = Math.min(1, (avail - Math.max(0, drawn - plot) - 8) / plot);
  return k < 1 ? scaleWidths(s, k, 90) : s;
}

/**
 * The titles of horizontal channels (an x axis, a legend, facet headers) broken into lines of at
 * most `chars` characters, in place, through every layer and view: an axis title never sets a
 * chart's width. A y axis title runs along the height and stays one line.
 */
const LEGEND_CHANNELS = new Set(['color', 'fill', 'stroke', 'shape', 'size', 'opacity', 'strokeDash']);
function wrapChannelTitles(s: unknown, chars: number): void {
  if (Array.isArray(s)) { for (const x of s) wrapChannelTitles(x, chars); return; }
  if (!s || typeof s !== 'object') return;
  const o = s as Spec;
  const enc = o.encoding as Record<string, Spec | undefined> | undefined;
  const wrap = (holder: Spec | undefined, key: string) => {
    const t = holder?.[key];
    if (holder && typeof t === 'string' && t.length > chars) holder[key] = wrapText(t, chars);
  };
  if (enc) for (const [ch, def] of Object.entries(enc)) {
    if (!def || typeof def !== 'object' || ch === 'y' || ch === 'y2' || ch === 'row' || ch === 'tooltip' || ch === 'text') continue;
    wrap(def, 'title');
    wrap(def.axis as Spec | undefined, 'title');
    wrap(def.legend as Spec | undefined, 'title');
    wrap(def.header as Spec | undefined, 'title');
    // a legend beside the plot takes the plot's width, one in its corner hides the marks: under
    // it, one entry a line (and several legends stacked: the charts script's `narrow` patch)
    const legend = def.legend as Spec | null | undefined;
    if (LEGEND_CHANNELS.has(ch) && legend !== null) def.legend = { ...(legend ?? {}), orient: 'bottom', direction: 'vertical', columns: 1 };
  }
  const facet = o.facet as Spec | undefined;
  if (facet) { wrap(facet, 'title'); wrap(facet.column as Spec | undefined, 'title'); }
  for (const k of ['layer', 'hconcat', 'vconcat', 'concat', 'spec']) if (o[k]) wrapChannelTitles(o[k], chars);
}

/**
 * A chart laid out for a narrow container when shrinking is not enough: side-by-side views
 * stacked, facet columns wrapped into rows, legends under the plot, long axis labels cut at about
 * 0.45 of the width (the tooltip and the CSV have them whole).
 */
export function restackSpec(spec: Spec, avail: number): Spec {
  const s: Spec = { ...structuredClone(spec), title: fitTitle(spec.title, avail - 30) };
  const cfg = (s.config as Spec | undefined) ?? {};
  const labelLimit = Math.max(90, Math.floor(avail * 0.45));
  s.config = {
    ...cfg,
    legend: { ...((cfg.legend as Spec) ?? {}), orient: 'bottom', direction: 'vertical' },
    axis: { ...((cfg.axis as Spec) ?? {}), labelLimit },
  };
  if (Array.isArray(s.hconcat)) { s.vconcat = s.hconcat; delete s.hconcat; }
  // an x title is centred on the plot, beside the y labels: wrapped to the whole width it held
  // the plot at its minimum (Can't Stop's progress chart: 90 px of plot, its labels cut short)
  wrapChannelTitles(s, Math.max(24, Math.floor((avail - 40 - labelLimit) / 6.9)));
  s.usermeta = { ...((s.usermeta as Spec | undefined) ?? {}), narrow: true };
  const facet = s.facet as { column?: Spec; row?: Spec } | undefined;
  if (facet?.column && !facet.row) {
    const inner = (s.spec as Spec | undefined) ?? {};
    const panel = Math.max(100, Math.min(plotWidths({ ...inner, data: s.data }) || 200, avail - 90));
    s.facet = { ...facet.column };
    s.columns = Math.max(1, Math.floor((avail - 60) / (panel + 40)));
  }
  return s;
}

/**
 * Category labels slanted by the spec (a ladder's rungs, a page's rules) are each given room by
 * the band step, but Vega tests overlap with their upright boxes and would thin them on a narrow
 * chart, dropping the names of middle rungs: a slanted axis keeps every label unless it says
 * otherwise. A copy; the spec is left as written.
 */
export function keepSlantedLabels<T>(spec: T): T {
  const walk = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(walk);
    if (x === null || typeof x !== 'object') return x;
    const out: Spec = {};
    for (const [k, v] of Object.entries(x as Spec)) out[k] = k === 'data' ? v : walk(v);
    const axis = out.axis as Spec | undefined;
    if (axis && typeof axis === 'object' && typeof axis.labelAngle === 'number' && axis.labelAngle % 180 !== 0 && axis.labelOverlap === undefined) out.axis = { ...axis, labelOverlap: false };
    return out;
  };
  return walk(spec) as T;
}

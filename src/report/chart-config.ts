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
  axis: { labelFontSize: 11, titleFontSize: 12, titlePadding: 8, labelLimit: 420 },
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
    axis: { values: v, format: `.${Math.min(decimals, 3)}f`, labelOverlap: 'greedy', labelSeparation: 4, grid: true },
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

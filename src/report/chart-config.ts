/** Shared by the Node renderer and the page script (no Node imports here). */
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
 * How a chart's numbers were obtained, as the last subtitle line of its image: "exact (…)" or
 * "simulated: N <units>, seed S". writePage adds it, so every chart says it the same way.
 */
export function basisLine(b: { exact: string } | { simulated: number; of: string; seed?: number; extra?: string }): string {
  if ('exact' in b) return `exact: ${b.exact}`;
  return `simulated: ${b.simulated.toLocaleString('en-US')} ${b.of}${b.seed === undefined ? '' : `, seed ${b.seed}`}${b.extra ? `; ${b.extra}` : ''}`;
}

/** A title object with `line` appended to its subtitle (a string title becomes { text, subtitle }). */
export function withSubtitleLine(title: unknown, line: string): unknown {
  if (title === undefined) return { text: '', subtitle: line };
  if (typeof title === 'string' || Array.isArray(title)) return { text: title, subtitle: line };
  const t = title as { subtitle?: string | string[] };
  const sub = t.subtitle === undefined ? [] : Array.isArray(t.subtitle) ? t.subtitle : [t.subtitle];
  if (sub.some((s) => s.includes(line))) return title;
  return { ...t, subtitle: [...sub, line] };
}

/**
 * An x (or y) channel's scale and axis for a swept parameter: a tick at every swept value (no
 * invented in-between labels that collide), and half a step of room at both ends so the first
 * and last points are not cut by the frame.
 */
export function sweptAxis(values: readonly number[]): { scale: Record<string, unknown>; axis: Record<string, unknown> } {
  const v = [...new Set(values)].sort((a, b) => a - b);
  const step = v.length > 1 ? Math.min(...v.slice(1).map((x, i) => x - v[i])) : Math.abs(v[0]) || 1;
  const decimals = Math.max(0, ...v.map((x) => (String(x).split('.')[1] ?? '').length));
  return {
    scale: { domain: [v[0] - step / 2, v[v.length - 1] + step / 2], nice: false, zero: false },
    axis: { values: v, format: `.${Math.min(decimals, 3)}f`, labelOverlap: 'greedy', grid: true },
  };
}

/**
 * A text layer that prints each bar's value at its end, so a zero bar reads "0" instead of looking
 * like a missing one. `horizontal`: bars along x.
 */
export function barValueLabels(field: string, format: string, horizontal: boolean): Record<string, unknown> {
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

/** The one interval chart (points with 95% whiskers, one row per category) every report uses. */
import type { Row } from '../core/format.js';
import { VL_SCHEMA } from './vl-schema.js';
import type { Chart } from './page.js';
import type { VlSpec } from './render.js';

export interface IntervalChartOptions {
  name: string;
  title: string;
  subtitle: string | string[];
  /** basisLine(…): exact or simulated, and from how much */
  basis: string;
  caption: string;
  /** one row per category: the category, the value, `low` and `high` */
  rows: Row[];
  category: string;
  categoryTitle: string;
  /** the field of the point (its interval is `low`..`high`) */
  value: string;
  valueTitle: string;
  /** d3 format of the value axis, e.g. '.0%' or '+.2f' (its digits are fitted to the domain) */
  format: string;
  /** a dashed reference line (an even share, zero) */
  reference?: number;
  /** colour the points by this field */
  color?: string;
}

/**
 * Error bars and points. The value axis is fitted to the data, never fixed: its domain holds every
 * interval and the reference line with a margin (no interval cut at an edge, the zero line never on
 * the axis), and the tick format has enough digits that no two ticks print the same label
 * ("19% 20% 20% 21%"); zero prints as "0", not "+0.0%".
 */
export function intervalChart(o: IntervalChartOptions): Chart {
  const xs = o.rows.flatMap((r) => [Number(r.low), Number(r.high)]).concat(o.reference ?? []).filter(Number.isFinite);
  const lo = Math.min(...xs), hi = Math.max(...xs), pad = (hi - lo || Math.abs(hi) || 1) * 0.08;
  const domain = [lo - pad, hi + pad];
  const pctFmt = o.format.endsWith('%');
  const step = (domain[1] - domain[0]) / 6 * (pctFmt ? 100 : 1);
  const digits = Math.max(0, Math.min(4, Math.ceil(-Math.log10(step))));
  const format = o.format.replace(/\.\d+/, `.${digits}`);
  const labelExpr = `abs(datum.value) < 1e-12 ? '0' : format(datum.value, '${format}')`;
  const color = (legend: boolean) => (o.color ? { color: { field: o.color, type: 'nominal' as const, ...(legend ? { title: o.color } : { legend: null }) } } : {});
  const spec: VlSpec = {
    $schema: VL_SCHEMA,
    title: { text: o.title, subtitle: o.subtitle },
    width: 560,
    height: { step: 30 },
    data: { values: o.rows },
    layer: [
      { mark: { type: 'rule', strokeWidth: 2 }, encoding: { y: { field: o.category, type: 'nominal', sort: null, title: o.categoryTitle }, x: { field: 'low', type: 'quantitative', title: o.valueTitle, axis: { format, labelExpr, tickCount: 6 }, scale: { zero: false, nice: false, domain } }, x2: { field: 'high' }, ...color(false) } },
      { mark: { type: 'point', filled: true, size: 90 }, encoding: { y: { field: o.category, type: 'nominal', sort: null }, x: { field: o.value, type: 'quantitative' }, ...color(true) } },
      ...(o.reference !== undefined ? [{ mark: { type: 'rule' as const, strokeDash: [4, 3], color: '#888' }, encoding: { x: { datum: o.reference } } }] : []),
    ],
  };
  return { name: o.name, title: o.title, caption: o.caption, basis: o.basis, rows: o.rows, spec };
}

/**
 * Pure layout helpers for the workbench's canvas charts (no DOM, so test/workbench-canvas.test.ts
 * checks them in Node): tick values on 1-2-2.5-5 steps, labels that never repeat, a tick count
 * that keeps labels from overlapping, and the nearest mark under the pointer.
 */

/** A round step (1, 2, 2.5 or 5 × 10^k) giving at most about `maxTicks` intervals over `span`. */
export function niceStep(span: number, maxTicks: number): number {
  const raw = span / Math.max(1, maxTicks);
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const p = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 2.5, 5]) if (m * p >= raw * (1 - 1e-12)) return m * p;
  return 10 * p;
}

/** Multiples of `step` within [lo, hi] (rounded so 0.1 + 0.2 prints as 0.3). */
export function ticksWithStep(lo: number, hi: number, step: number): number[] {
  const out: number[] = [];
  for (let i = Math.ceil(lo / step - 1e-9); i * step <= hi + step * 1e-9; i++) out.push(Number((i * step).toPrecision(12)));
  return out;
}

/** Fewest decimals that print every value exactly and no two alike (so never `20% 20%`). */
export function decimalsFor(values: readonly number[], scale = 1): number {
  for (let d = 0; d <= 8; d++) {
    const f = 10 ** d;
    const exact = values.every((v) => Math.abs(Math.round(v * scale * f) - v * scale * f) < 1e-6);
    const labels = new Set(values.map((v) => (v * scale).toFixed(d)));
    if (exact && labels.size === values.length) return d;
  }
  return 8;
}

/** `12,500` (points are integers; other values keep the decimals asked for). */
export function fmtNumber(x: number, decimals = 0): string {
  return x.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

export interface Axis {
  ticks: number[];
  labels: string[];
  /** widest label, in the measure's units (pixels) */
  labelWidth: number;
}

/**
 * Ticks for an axis `lengthPx` long over [lo, hi], as many as fit: each label (measured with
 * `measure`) plus `gapPx` must fit in the distance between neighbouring ticks. `format` turns the
 * tick values into labels (all at once, so it can pick common decimals).
 */
export function fitTicks(
  lo: number,
  hi: number,
  lengthPx: number,
  measure: (s: string) => number,
  format: (values: readonly number[]) => string[],
  gapPx = 14,
): Axis {
  let best: Axis | undefined;
  // start from the count the widest end label allows, so this usually settles in a step or two
  const endWidth = Math.max(0, ...format([lo, hi]).map(measure));
  for (let n = Math.max(2, Math.min(Math.floor(lengthPx / 30), Math.floor(lengthPx / (endWidth + gapPx)) + 1)); n >= 1; n--) {
    const step = niceStep(hi - lo, n);
    const ticks = ticksWithStep(lo, hi, step);
    const labels = format(ticks);
    const labelWidth = Math.max(0, ...labels.map(measure));
    best = { ticks, labels, labelWidth };
    if (ticks.length < 2 || labelWidth + gapPx <= (step / (hi - lo)) * lengthPx) return best;
  }
  return best!;
}

/** Labels for probabilities as percentages with the fewest decimals that keep them distinct. */
export function pctLabels(values: readonly number[]): string[] {
  const d = decimalsFor(values, 100);
  return values.map((v) => `${(100 * v).toFixed(d)}%`);
}

export function pointLabels(values: readonly number[]): string[] {
  const d = decimalsFor(values);
  return values.map((v) => fmtNumber(v, d));
}

/** Index of the value in ascending `xs` closest to `x` (-1 when empty). */
export function nearestIndex(xs: ArrayLike<number>, x: number): number {
  const n = xs.length;
  if (n === 0) return -1;
  let lo = 0, hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 && x - xs[lo - 1] <= xs[lo] - x ? lo - 1 : lo;
}

/** The top of a probability axis: the smallest round step multiple at or above `max` (never 0). */
export function niceCeil(max: number, maxTicks = 5): number {
  if (!(max > 0)) return 1;
  const step = niceStep(max, maxTicks);
  const k = Math.ceil(max / step - 1e-9); // not one step higher for a float hair above a multiple…
  return k * step >= max ? k * step : (k + 1) * step; // …but never below the largest bar
}

/**
 * Where a text label of width `w` goes next to an anchor at `x` inside [left, right]: to the right
 * of the anchor when it fits, else to its left (labels are never cut at the plot's edge).
 */
export function placeLabel(x: number, w: number, left: number, right: number, pad = 4): { x: number; align: 'left' | 'right' } {
  if (x + pad + w <= right) return { x: x + pad, align: 'left' };
  if (x - pad - w >= left) return { x: x - pad, align: 'right' };
  return { x: Math.max(left, right - w), align: 'left' };
}

/** A stretch of the value axis drawn linearly between two pixel positions. */
export interface Segment { lo: number; hi: number; x0: number; x1: number }
export interface XScale {
  segments: Segment[];
  /** value → pixel */
  x(v: number): number;
  /** pixel → value (inside the break: its edge) */
  value(px: number): number;
  /** how much the part after the break is squeezed relative to the part before it (1: no break) */
  squeeze: number;
}

/**
 * A value axis over [lo, hi] drawn in [x0, x1]: linear, or with a break at `brk` when the range
 * past it is long and holds little (a long tail, thresholds far out): [lo, brk] gets `share` of
 * the width, then a `gap`, then [brk, hi] squeezed into the rest. Without a break the interesting
 * range would be a few percent of the axis.
 */
export function xScale(lo: number, hi: number, x0: number, x1: number, brk?: number, share = 0.72, gap = 14): XScale {
  const segs: Segment[] = brk === undefined || !(brk > lo && brk < hi)
    ? [{ lo, hi, x0, x1 }]
    : [{ lo, hi: brk, x0, x1: x0 + share * (x1 - x0 - gap) }, { lo: brk, hi, x0: x0 + share * (x1 - x0 - gap) + gap, x1 }];
  const slope = (s: Segment) => (s.x1 - s.x0) / (s.hi - s.lo);
  return {
    segments: segs,
    squeeze: segs.length === 1 ? 1 : slope(segs[0]) / slope(segs[1]),
    x(v) {
      const s = segs.length === 1 || v <= segs[0].hi ? segs[0] : segs[1];
      return s.x0 + (v - s.lo) * slope(s);
    },
    value(px) {
      const s = segs.length === 1 || px <= segs[0].x1 ? segs[0] : segs[1];
      return s.lo + (Math.max(s.x0, px) - s.x0) / slope(s);
    },
  };
}

/** A break at `core` when the axis runs on past it for more than `ratio` times its length, else none. */
export function breakAt(lo: number, core: number, hi: number, ratio = 2.5): number | undefined {
  return core > lo && hi - lo > ratio * (core - lo) ? core : undefined;
}

/**
 * Ticks for each segment of a (possibly broken) axis; a tick past the break is dropped when its
 * label would run into the last label before the break.
 */
export function segmentTicks(scale: XScale, measure: (s: string) => number, format: (values: readonly number[]) => string[], gapPx = 14): { ticks: number[]; labels: string[]; labelWidth: number } {
  const ticks: number[] = [], labels: string[] = [];
  let labelWidth = 0, lastRight = -Infinity;
  scale.segments.forEach((s, k) => {
    const a = fitTicks(s.lo, s.hi, s.x1 - s.x0, measure, format, gapPx);
    const end = k < scale.segments.length - 1 ? s.x1 - 4 : Infinity; // clear of the break's marks
    a.ticks.forEach((t, i) => {
      const x = scale.x(t), w = measure(a.labels[i]);
      if (x - w / 2 < lastRight + gapPx || x + w / 2 > end) return;
      ticks.push(t);
      labels.push(a.labels[i]);
      labelWidth = Math.max(labelWidth, w);
      lastRight = x + w / 2;
    });
  });
  return { ticks, labels, labelWidth };
}

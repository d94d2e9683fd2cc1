/**
 * The workbench charts' layout helpers (src/workbench/chart-layout.ts): round tick steps, labels
 * that never repeat and never overlap, nearest mark for the tooltip, labels kept inside the plot.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { breakAt, decimalsFor, fitTicks, nearestIndex, niceCeil, niceStep, pctLabels, placeLabel, pointLabels, segmentTicks, ticksWithStep, xScale } from '../src/workbench/chart-layout.js';

// a monospace stand-in for canvas measureText: 7 px per character
const measure = (s: string) => 7 * s.length;

describe('workbench chart layout', () => {
  it('steps are 1, 2, 2.5 or 5 times a power of ten, giving at most the asked number of intervals', () => {
    expect(niceStep(37_000, 8)).toBe(5000);
    expect(niceStep(0.3, 5)).toBe(0.1);
    expect(niceStep(0.29, 6)).toBe(0.05);
    fc.assert(fc.property(fc.double({ min: 1e-6, max: 1e9, noNaN: true }), fc.integer({ min: 1, max: 30 }), (span, n) => {
      const s = niceStep(span, n);
      const m = s / 10 ** Math.floor(Math.log10(s) + 1e-12);
      expect([1, 2, 2.5, 5].some((x) => Math.abs(m - x) < 1e-9)).toBe(true);
      expect(span / s).toBeLessThanOrEqual(n * (1 + 1e-9));
    }));
  });

  it('ticks are the step multiples inside the domain, printed without float noise', () => {
    expect(ticksWithStep(-250, 37_250, 5000)).toEqual([0, 5000, 10_000, 15_000, 20_000, 25_000, 30_000, 35_000]);
    expect(ticksWithStep(0, 0.3, 0.1)).toEqual([0, 0.1, 0.2, 0.3]);
  });

  it('labels never repeat (the `19% 20% 20% 21%` defect) and keep only the decimals needed', () => {
    expect(pctLabels([0.19, 0.195, 0.2, 0.205])).toEqual(['19.0%', '19.5%', '20.0%', '20.5%']);
    expect(pctLabels([0, 0.1, 0.2, 0.3])).toEqual(['0%', '10%', '20%', '30%']);
    expect(pointLabels([0, 5000, 10_000])).toEqual(['0', '5,000', '10,000']);
    expect(decimalsFor([0.25, 0.5], 100)).toBe(0);
    fc.assert(fc.property(fc.double({ min: 1e-4, max: 1, noNaN: true }), fc.integer({ min: 2, max: 12 }), (top, n) => {
      const labels = pctLabels(ticksWithStep(0, top, niceStep(top, n)));
      expect(new Set(labels).size).toBe(labels.length);
    }));
  });

  it('fitTicks: neighbouring labels never overlap, and the axis keeps at least two ticks where they fit', () => {
    const a = fitTicks(0, 37_250, 680, measure, pointLabels);
    expect(a.ticks[0]).toBe(0);
    expect(a.ticks.length).toBeGreaterThanOrEqual(5);
    fc.assert(fc.property(fc.double({ min: 1, max: 1e7, noNaN: true }), fc.integer({ min: 120, max: 1200 }), (hi, len) => {
      const ax = fitTicks(0, hi, len, measure, pointLabels);
      if (ax.ticks.length < 2) return;
      const px = ((ax.ticks[1] - ax.ticks[0]) / hi) * len;
      expect(ax.labelWidth + 14).toBeLessThanOrEqual(px + 1e-9);
      expect(new Set(ax.labels).size).toBe(ax.labels.length);
    }));
  });

  it('nearestIndex finds the closest mark (ties to the left), -1 when there is none', () => {
    const xs = [0, 2000, 2500, 3000, 60_000];
    expect(nearestIndex(xs, -100)).toBe(0);
    expect(nearestIndex(xs, 2240)).toBe(1);
    expect(nearestIndex(xs, 2250)).toBe(1);
    expect(nearestIndex(xs, 2260)).toBe(2);
    expect(nearestIndex(xs, 1e9)).toBe(4);
    expect(nearestIndex([], 5)).toBe(-1);
    fc.assert(fc.property(fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 1 }), fc.integer({ min: -1200, max: 1200 }), (arr, x) => {
      const s = [...new Set(arr)].sort((a, b) => a - b);
      const best = Math.min(...s.map((v) => Math.abs(v - x)));
      expect(Math.abs(s[nearestIndex(s, x)] - x)).toBe(best);
    }));
  });

  it('niceCeil: the axis top is a round value at or above the largest bar', () => {
    expect(niceCeil(0.29 * 1.04)).toBeCloseTo(0.4, 12);
    expect(niceCeil(0)).toBe(1);
    fc.assert(fc.property(fc.double({ min: 1e-6, max: 1, noNaN: true }), (m) => { expect(niceCeil(m)).toBeGreaterThanOrEqual(m); }));
  });

  it('placeLabel keeps a label inside the plot: right of its anchor, else left', () => {
    expect(placeLabel(100, 80, 0, 800)).toEqual({ x: 104, align: 'left' });
    expect(placeLabel(780, 80, 0, 800)).toEqual({ x: 776, align: 'right' });
    fc.assert(fc.property(fc.integer({ min: 0, max: 800 }), fc.integer({ min: 1, max: 300 }), (x, w) => {
      const p = placeLabel(x, w, 0, 800);
      const start = p.align === 'left' ? p.x : p.x - w;
      expect(start).toBeGreaterThanOrEqual(0);
      expect(start + w).toBeLessThanOrEqual(800);
    }));
  });

  it('broken axis: a break only when the range past it is long; both parts monotone, value(x(v)) = v', () => {
    expect(breakAt(-250, 12_250, 37_250)).toBe(12_250);
    expect(breakAt(-250, 20_250, 37_250)).toBeUndefined();
    const lin = xScale(-250, 37_250, 40, 800);
    expect(lin.segments).toHaveLength(1);
    expect(lin.squeeze).toBe(1);
    const sc = xScale(-250, 37_250, 40, 800, 12_250);
    const [a, b] = sc.segments;
    expect(a.x0).toBe(40);
    expect(b.x1).toBe(800);
    expect(b.x0 - a.x1).toBe(14); // the gap
    expect((a.x1 - a.x0) / (800 - 40 - 14)).toBeCloseTo(0.72, 12);
    expect(sc.squeeze).toBeCloseTo(((a.x1 - a.x0) / 12_500) / ((b.x1 - b.x0) / 25_000), 9);
    fc.assert(fc.property(fc.integer({ min: -250, max: 37_250 }), fc.integer({ min: -250, max: 37_250 }), (v, w) => {
      expect(sc.value(sc.x(v))).toBeCloseTo(v, 6);
      if (v < w) expect(sc.x(v)).toBeLessThan(sc.x(w));
    }));
  });

  it('segment ticks: labels of both parts never overlap, none runs into the break', () => {
    fc.assert(fc.property(fc.integer({ min: 1000, max: 100_000 }), fc.double({ min: 0.05, max: 0.35, noNaN: true }), fc.integer({ min: 300, max: 1200 }), (hi, f, width) => {
      const sc = xScale(0, hi, 40, 40 + width, f * hi);
      const ax = segmentTicks(sc, measure, pointLabels);
      const spans = ax.ticks.map((t, i) => [sc.x(t) - measure(ax.labels[i]) / 2, sc.x(t) + measure(ax.labels[i]) / 2]);
      for (let i = 1; i < spans.length; i++) expect(spans[i][0]).toBeGreaterThanOrEqual(spans[i - 1][1] + 14 - 1e-9);
      // labels before the break end before its marks
      if (sc.segments.length > 1) ax.ticks.forEach((t, i) => { if (t <= sc.segments[0].hi) expect(spans[i][1]).toBeLessThanOrEqual(sc.segments[0].x1 - 4 + 1e-9); });
    }));
  });
});

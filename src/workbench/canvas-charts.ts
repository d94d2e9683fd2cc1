/// <reference lib="dom" />
/**
 * The two Wulong charts the workbench redraws on every scoring edit, drawn straight on a <canvas>
 * (a few hundred rectangles and some text: well under a millisecond), so an edit waits for no
 * chart library. Titles, the "exact" note and the legends are HTML around the canvas; axes, ticks
 * and marks are drawn here; a tooltip div shows the exact values of the mark under the pointer.
 * Report pages keep vega-embed (src/report/charts-entry.ts).
 */
import type { PolicyRow } from '../games/wulong/turn/exact.js';
import { breakAt, fitTicks, fmtNumber, nearestIndex, niceCeil, pctLabels, placeLabel, pointLabels, segmentTicks, xScale, type Axis, type XScale } from './chart-layout.js';

const FONT = '12px "DejaVu Sans", Verdana, sans-serif';
const TITLE_FONT = 'bold 12px "DejaVu Sans", Verdana, sans-serif';
export const COLORS = { roll: '#f28e2b', forced: '#fbd3a6', stop: '#4e79a7', never: '#e4e4e4', bust: '#c44e52', bar: '#4e79a7', threshold: '#111' } as const;

/** A canvas sized to its host's width (CSS pixels, sharp on any pixel ratio) with a tooltip. */
export class CanvasPlot {
  readonly canvas: HTMLCanvasElement;
  readonly ctx: CanvasRenderingContext2D;
  private readonly tip: HTMLDivElement;
  width: number;
  private hit: (x: number, y: number) => string | null = () => null;
  private redraw: () => void = () => {};

  constructor(host: HTMLElement, readonly height: number, label: string) {
    host.classList.add('plot');
    this.canvas = document.createElement('canvas');
    this.canvas.setAttribute('role', 'img');
    this.canvas.setAttribute('aria-label', label);
    this.tip = document.createElement('div');
    this.tip.className = 'tip';
    this.tip.hidden = true;
    host.append(this.canvas, this.tip);
    this.ctx = this.canvas.getContext('2d')!;
    // width is read here and on resize only, so a redraw forces no layout
    this.width = Math.max(320, host.clientWidth);
    new ResizeObserver(() => {
      const w = Math.max(320, host.clientWidth);
      if (w !== this.width) {
        this.width = w;
        this.redraw();
      }
    }).observe(host);
    this.canvas.addEventListener('mousemove', (e) => {
      const r = this.canvas.getBoundingClientRect();
      this.showTip(e.clientX - r.left, e.clientY - r.top);
    });
    this.canvas.addEventListener('mouseleave', () => { this.tip.hidden = true; });
  }

  /** Clears the canvas for a new drawing (`redraw` is what a resize calls). */
  begin(redraw: () => void, hit: (x: number, y: number) => string | null): CanvasRenderingContext2D {
    this.redraw = redraw;
    this.hit = hit;
    const dpr = globalThis.devicePixelRatio || 1;
    const W = Math.round(this.width * dpr), H = Math.round(this.height * dpr);
    if (this.canvas.width !== W || this.canvas.height !== H) {
      this.canvas.width = W;
      this.canvas.height = H;
      fonts.delete(this.ctx); // resizing resets the context's state
      this.canvas.style.width = `${this.width}px`;
      this.canvas.style.height = `${this.height}px`;
    }
    const c = this.ctx;
    c.setTransform(dpr, 0, 0, dpr, 0, 0);
    c.clearRect(0, 0, this.width, this.height);
    setFont(c, FONT);
    this.tip.hidden = true;
    return c;
  }

  /** The tooltip for the point (x, y) in CSS pixels of the canvas (the browser test hovers there). */
  showTip(x: number, y: number): void {
    const text = this.hit(x, y);
    if (text === null) {
      this.tip.hidden = true;
      return;
    }
    this.tip.textContent = text;
    this.tip.hidden = false;
    // beside the pointer, flipped to the left / above near the right / bottom edge
    const w = this.tip.offsetWidth, h = this.tip.offsetHeight;
    this.tip.style.left = `${x + 14 + w > this.width ? Math.max(0, x - 14 - w) : x + 14}px`;
    this.tip.style.top = `${y + 14 + h > this.height ? Math.max(0, y - 14 - h) : y + 14}px`;
  }
}

/** The font last set on each context: setting one parses it, so it is skipped when unchanged. */
const fonts = new WeakMap<CanvasRenderingContext2D, string>();
function setFont(c: CanvasRenderingContext2D, font: string): void {
  if (fonts.get(c) !== font) {
    c.font = font;
    fonts.set(c, font);
  }
}

function text(c: CanvasRenderingContext2D, s: string, x: number, y: number, align: CanvasTextAlign, base: CanvasTextBaseline, font = FONT, color = '#222'): void {
  setFont(c, font);
  c.fillStyle = color;
  c.textAlign = align;
  c.textBaseline = base;
  c.fillText(s, x, y);
}

/**
 * x axis: the baseline of each segment (a `//` where the axis is broken), tick marks and labels
 * under the plot, the title under them.
 */
function xAxis(c: CanvasRenderingContext2D, axis: Axis, sc: XScale, y: number, title: string): void {
  c.strokeStyle = '#555';
  c.lineWidth = 1;
  c.beginPath();
  for (const seg of sc.segments) {
    c.moveTo(seg.x0, y + 0.5);
    c.lineTo(seg.x1, y + 0.5);
  }
  for (const t of axis.ticks) {
    const x = Math.round(sc.x(t)) + 0.5;
    c.moveTo(x, y);
    c.lineTo(x, y + 5);
  }
  if (sc.segments.length > 1) {
    for (const x of [sc.segments[0].x1, sc.segments[1].x0]) {
      c.moveTo(x - 3, y + 6);
      c.lineTo(x + 3, y - 5);
    }
  }
  c.stroke();
  axis.ticks.forEach((t, i) => text(c, axis.labels[i], sc.x(t), y + 7, 'center', 'top'));
  const first = sc.segments[0].x0, last = sc.segments[sc.segments.length - 1].x1;
  text(c, title, (first + last) / 2, y + 25, 'center', 'top', TITLE_FONT);
}

/** Blank the gap of a broken axis over the plot (marks drawn across it are cut there). */
function clearGap(c: CanvasRenderingContext2D, sc: XScale, top: number, bottom: number): void {
  if (sc.segments.length < 2) return;
  const x0 = sc.segments[0].x1, x1 = sc.segments[1].x0;
  c.clearRect(x0, top - 2, x1 - x0, bottom - top + 2);
}

/** y-axis title, written bottom to top at `x`. */
function yTitle(c: CanvasRenderingContext2D, title: string, x: number, top: number, bottom: number): void {
  c.save();
  c.translate(x, (top + bottom) / 2);
  c.rotate(-Math.PI / 2);
  text(c, title, 0, 0, 'center', 'top', TITLE_FONT);
  c.restore();
  fonts.delete(c); // restore() brought back the earlier font
}

/** Label widths in the axis font, remembered across redraws (tick labels repeat from edit to edit). */
const widths = new Map<string, number>();
const measureWith = (c: CanvasRenderingContext2D) => (s: string) => {
  let w = widths.get(s);
  if (w === undefined) {
    setFont(c, FONT);
    widths.set(s, (w = c.measureText(s).width));
  }
  return w;
};

export interface PolicyData {
  rows: readonly PolicyRow[];
  unit: number;
  dice: number;
  thresholds: Record<string, number | null>;
  minimumBank: number;
}

export interface Drawn<A extends unknown[]> {
  /** where a mark is, in CSS pixels of the canvas (the browser test hovers there) */
  at: (...a: A) => { x: number; y: number };
  /** the value after which the axis is squeezed, and by how much (none: one linear axis) */
  broken?: { after: number; squeeze: number };
}

const brokenInfo = (sc: XScale) => (sc.segments.length > 1 ? { after: sc.segments[0].hi, squeeze: sc.squeeze } : undefined);

/**
 * The policy map: one cell per reachable (turn total, dice left), coloured by what optimal play
 * does; grey where the state cannot occur; a black bar at each row's stop threshold. When the
 * highest threshold is far beyond the others (5 dice roll on to 36,500 in the rulebook), the axis
 * is broken past the second highest so the other rows' decisions are not squeezed into a sliver.
 */
export function drawPolicy(plot: CanvasPlot, d: PolicyData): Drawn<[number, number]> {
  const c = plot.ctx;
  const measure = measureWith(c);
  const u = d.unit;
  const maxTotal = d.rows.reduce((m, r) => Math.max(m, r.total), 0);
  const cols = Math.round(maxTotal / u) + 1;
  const lo = -u / 2, hi = maxTotal + u / 2;
  // which policy row is at (dice, total index): the hover looks it up without searching
  const at = new Int32Array((d.dice + 1) * cols).fill(-1);
  d.rows.forEach((r, i) => { at[r.dice * cols + Math.round(r.total / u)] = i; });

  const left = 18 + 8 + measure(String(d.dice)) + 8, top = 8, bottom = plot.height - 44;
  const right = plot.width - Math.max(8, measure(pointLabels([maxTotal])[0]) / 2 + 2);
  const thr = Object.values(d.thresholds).filter((t): t is number => t !== null && t <= maxTotal).sort((a, b) => a - b);
  const brk = thr.length >= 2 ? breakAt(lo, thr[thr.length - 2] + 4 * u + u / 2, hi) : undefined;
  const sc = xScale(lo, hi, left, right, brk);
  const axis = segmentTicks(sc, measure, pointLabels);
  const rowH = (bottom - top) / d.dice;
  const rowTop = (n: number) => top + (d.dice - n) * rowH; // most dice at the top
  const colour = (r: PolicyRow) => (r.action === 'stop' ? COLORS.stop : r.stopValue === null ? COLORS.forced : COLORS.roll);

  const draw = () => {
    plot.begin(draw, hit);
    c.fillStyle = COLORS.never;
    for (const seg of sc.segments) c.fillRect(seg.x0, top, seg.x1 - seg.x0, bottom - top);
    // neighbouring cells of one colour are one rectangle: no seams, fewer calls
    for (let i = 0; i < d.rows.length; ) {
      const r = d.rows[i];
      let j = i + 1;
      while (j < d.rows.length && d.rows[j].dice === r.dice && d.rows[j].total === d.rows[j - 1].total + u && colour(d.rows[j]) === colour(r)) j++;
      c.fillStyle = colour(r);
      const x0 = sc.x(r.total - u / 2);
      c.fillRect(x0, rowTop(r.dice) + 1, sc.x(d.rows[j - 1].total + u / 2) - x0, rowH - 2);
      i = j;
    }
    clearGap(c, sc, top, bottom);
    c.fillStyle = COLORS.threshold;
    for (let n = 1; n <= d.dice; n++) {
      const t = d.thresholds[n];
      if (t === null || t === undefined || t > maxTotal) continue;
      c.fillRect(Math.round(sc.x(t - u / 2)) - 1, rowTop(n) - 1, 2.5, rowH + 2);
    }
    for (let n = 1; n <= d.dice; n++) text(c, String(n), left - 6, rowTop(n) + rowH / 2, 'right', 'middle');
    yTitle(c, 'dice left to roll', 2, top, bottom);
    xAxis(c, axis, sc, bottom, 'turn total so far (points)');
  };
  const hit = (x: number, y: number): string | null => {
    if (x < left || x > right || y < top || y > bottom) return null;
    if (sc.segments.length > 1 && x > sc.segments[0].x1 && x < sc.segments[1].x0) return null;
    const n = d.dice - Math.floor((y - top) / rowH);
    const t = Math.round(sc.value(x) / u) || 0; // never -0
    if (n < 1 || n > d.dice || t < 0 || t >= cols) return null;
    const i = at[n * cols + t];
    const head = `${n} ${n === 1 ? 'die' : 'dice'} left, turn total ${fmtNumber(t * u)}`;
    if (i < 0) return `${head}\ncannot occur under these rules`;
    const r = d.rows[i];
    const gain = r.margin === null ? '' : ` (rolling ${r.margin >= 0 ? 'gains' : 'loses'} ${fmtNumber(Math.abs(r.margin), 2)})`;
    const stop = r.stopValue === null
      ? (t === 0 ? 'stopping not allowed before the first roll' : `stopping not allowed below the minimum bank (${fmtNumber(d.minimumBank)})`)
      : `stop: bank ${fmtNumber(r.stopValue)}`;
    return `${head}\noptimal: ${r.action.toUpperCase()}\nroll: expected ${fmtNumber(r.rollValue, 2)}${gain}\n${stop}`;
  };
  draw();
  return { at: (total, dice) => ({ x: sc.x(total), y: rowTop(dice) + rowH / 2 }), broken: brokenInfo(sc) };
}

export interface FinalData {
  scores: readonly { score: number; probability: number }[];
  unit: number;
  expected: number;
  /** bars below this probability are not drawn (the note says how many and their sum) */
  minProbability: number;
}

/**
 * The final turn score distribution: a bar per score (bust in red), the expected score as a dashed
 * line. A long thin tail (past the score reached with 97% probability) gets a squeezed stretch of
 * axis after a break, so the bulk of the distribution keeps most of the width.
 */
export function drawFinal(plot: CanvasPlot, d: FinalData): Drawn<[number]> {
  const c = plot.ctx;
  const measure = measureWith(c);
  const u = d.unit;
  const shown = d.scores.filter((s) => s.probability >= d.minProbability);
  const xs = shown.map((s) => s.score);
  const maxScore = xs.length ? xs[xs.length - 1] : 0;
  const maxP = shown.reduce((m, s) => Math.max(m, s.probability), 0);
  let cum = 0, bulk = maxScore; // the score reached with 97% probability
  for (const s of d.scores) if ((cum += s.probability) >= 0.97) { bulk = s.score; break; }
  const lo = -u, hi = maxScore + u;
  const top = 22, bottom = plot.height - 44; // room above for the expected-score label
  const yTop = niceCeil(maxP * 1.04, 5);
  const yAxis = fitTicks(0, yTop, bottom - top, () => 14, pctLabels, 10);
  const left = 18 + 8 + Math.max(...yAxis.labels.map(measure)) + 8;
  const right = plot.width - Math.max(8, measure(pointLabels([maxScore])[0]) / 2 + 2);
  const sc = xScale(lo, hi, left, right, breakAt(lo, bulk + 2 * u + u / 2, hi));
  const axis = segmentTicks(sc, measure, pointLabels);
  const sy = (p: number) => bottom - (p / yTop) * (bottom - top);
  const barX = (s: number) => { const a = sc.x(s - 0.4 * u), b = sc.x(s + 0.4 * u); return b - a >= 1 ? [a, b - a] : [(a + b) / 2 - 0.5, 1]; };

  const draw = () => {
    plot.begin(draw, hit);
    c.strokeStyle = '#e6e6e6';
    c.lineWidth = 1;
    c.beginPath();
    for (const t of yAxis.ticks) {
      const y = Math.round(sy(t)) + 0.5;
      for (const seg of sc.segments) {
        c.moveTo(seg.x0, y);
        c.lineTo(seg.x1, y);
      }
    }
    c.stroke();
    for (const s of shown) {
      c.fillStyle = s.score === 0 ? COLORS.bust : COLORS.bar;
      // at least one pixel tall, so a bar of 0.01% is seen, not mistaken for a missing score
      const h = Math.max(1, bottom - sy(s.probability));
      const [x, w] = barX(s.score);
      c.fillRect(x, bottom - h, w, h);
    }
    clearGap(c, sc, top, bottom);
    // the expected score, labelled at the top
    const ex = Math.round(sc.x(d.expected)) + 0.5;
    c.strokeStyle = '#222';
    c.setLineDash([4, 3]);
    c.beginPath();
    c.moveTo(ex, top - 14);
    c.lineTo(ex, bottom);
    c.stroke();
    c.setLineDash([]);
    const eLabel = `expected ${fmtNumber(d.expected, 1)}`;
    const ep = placeLabel(ex, measure(eLabel), left, plot.width - 2);
    text(c, eLabel, ep.x, top - 14, ep.align, 'top');
    c.strokeStyle = '#555';
    c.beginPath();
    c.moveTo(left - 0.5, top);
    c.lineTo(left - 0.5, bottom);
    for (const t of yAxis.ticks) {
      const y = Math.round(sy(t)) + 0.5;
      c.moveTo(left - 5, y);
      c.lineTo(left, y);
    }
    c.stroke();
    yAxis.ticks.forEach((t, i) => text(c, yAxis.labels[i], left - 7, sy(t), 'right', 'middle'));
    yTitle(c, 'probability', 2, top, bottom);
    xAxis(c, axis, sc, bottom, 'final turn score (points; 0 = bust)');
  };
  const hit = (x: number, y: number): string | null => {
    if (x < left - 4 || x > right + 4 || y < top - 16 || y > bottom + 4 || !xs.length) return null;
    const i = nearestIndex(xs, sc.value(x));
    // the nearest bar in pixels may be the other neighbour where the axis is squeezed or broken
    let k = i;
    for (const j of [i - 1, i + 1]) if (j >= 0 && j < xs.length && Math.abs(sc.x(xs[j]) - x) < Math.abs(sc.x(xs[k]) - x)) k = j;
    if (Math.abs(sc.x(xs[k]) - x) > Math.max(6, barX(xs[k])[1])) return null;
    const s = shown[k];
    return `final score ${fmtNumber(s.score)}${s.score === 0 ? ' (bust)' : ' points'}\nprobability ${(100 * s.probability).toFixed(6)}% (exact)`;
  };
  draw();
  return {
    at: (score) => {
      const s = shown.find((x) => x.score === score);
      return { x: sc.x(score), y: s ? Math.max(top, sy(s.probability) + 1) : bottom - 1 };
    },
    broken: brokenInfo(sc),
  };
}

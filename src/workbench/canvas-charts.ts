/// <reference lib="dom" />
/**
 * The two Wulong charts the workbench redraws on every scoring edit, drawn straight on a <canvas>
 * (a few hundred rectangles and some text: well under a millisecond), so an edit waits for no
 * chart library. Titles, the "exact" note and the legends are HTML around the canvas; axes, ticks
 * and marks are drawn here; a tooltip div shows the exact values of the mark under the pointer.
 * Report pages keep vega-embed (src/report/charts-entry.ts).
 */
import type { PolicyRow } from '../games/wulong/turn/exact.js';
import { fitTicks, fmtNumber, nearestIndex, niceCeil, pctLabels, placeLabel, pointLabels, type Axis } from './chart-layout.js';

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

/** x axis: tick marks and labels under the plot, the title under them. */
function xAxis(c: CanvasRenderingContext2D, axis: Axis, sx: (v: number) => number, y: number, title: string, left: number, right: number): void {
  c.strokeStyle = '#555';
  c.lineWidth = 1;
  c.beginPath();
  c.moveTo(left, y + 0.5);
  c.lineTo(right, y + 0.5);
  for (const t of axis.ticks) {
    const x = Math.round(sx(t)) + 0.5;
    c.moveTo(x, y);
    c.lineTo(x, y + 5);
  }
  c.stroke();
  axis.ticks.forEach((t, i) => text(c, axis.labels[i], sx(t), y + 7, 'center', 'top'));
  text(c, title, (left + right) / 2, y + 25, 'center', 'top', TITLE_FONT);
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

/**
 * The policy map: one cell per reachable (turn total, dice left), coloured by what optimal play
 * does; grey where the state cannot occur; a black bar at each row's stop threshold.
 * Returns where a state's cell is (for the browser test's hover).
 */
export function drawPolicy(plot: CanvasPlot, d: PolicyData): (total: number, dice: number) => { x: number; y: number } {
  const c = plot.ctx;
  const measure = measureWith(c);
  const maxTotal = d.rows.reduce((m, r) => Math.max(m, r.total), 0);
  const cols = Math.round(maxTotal / d.unit) + 1;
  const lo = -d.unit / 2, hi = maxTotal + d.unit / 2;
  // which policy row is at (dice, total index): the hover looks it up without searching
  const at = new Int32Array((d.dice + 1) * cols).fill(-1);
  d.rows.forEach((r, i) => { at[r.dice * cols + Math.round(r.total / d.unit)] = i; });

  const left = 18 + 8 + measure(String(d.dice)) + 8, top = 8, bottom = plot.height - 44;
  const right0 = plot.width - 8;
  let axis = fitTicks(Math.max(0, lo), hi, right0 - left, measure, pointLabels);
  const right = plot.width - Math.max(8, axis.labelWidth / 2 + 2);
  axis = fitTicks(Math.max(0, lo), hi, right - left, measure, pointLabels);
  const sx = (v: number) => left + ((v - lo) / (hi - lo)) * (right - left);
  const rowH = (bottom - top) / d.dice;
  const rowTop = (n: number) => top + (d.dice - n) * rowH; // most dice at the top
  const cellW = (d.unit / (hi - lo)) * (right - left);

  const draw = () => {
    plot.begin(draw, hit);
    c.fillStyle = COLORS.never;
    c.fillRect(left, top, right - left, bottom - top);
    // neighbouring cells of one colour are one rectangle: no seams, fewer calls
    const colour = (r: PolicyRow) => (r.action === 'stop' ? COLORS.stop : r.stopValue === null ? COLORS.forced : COLORS.roll);
    for (let i = 0; i < d.rows.length; ) {
      const r = d.rows[i];
      let j = i + 1;
      while (j < d.rows.length && d.rows[j].dice === r.dice && d.rows[j].total === d.rows[j - 1].total + d.unit && colour(d.rows[j]) === colour(r)) j++;
      c.fillStyle = colour(r);
      c.fillRect(sx(r.total - d.unit / 2), rowTop(r.dice) + 1, cellW * (j - i), rowH - 2);
      i = j;
    }
    c.fillStyle = COLORS.threshold;
    for (let n = 1; n <= d.dice; n++) {
      const t = d.thresholds[n];
      if (t === null || t === undefined || t > maxTotal) continue;
      c.fillRect(Math.round(sx(t - d.unit / 2)) - 1, rowTop(n) - 1, 2.5, rowH + 2);
    }
    for (let n = 1; n <= d.dice; n++) text(c, String(n), left - 6, rowTop(n) + rowH / 2, 'right', 'middle');
    yTitle(c, 'dice left to roll', 2, top, bottom);
    xAxis(c, axis, sx, bottom, 'turn total so far (points)', left, right);
  };
  const hit = (x: number, y: number): string | null => {
    if (x < left || x > right || y < top || y > bottom) return null;
    const n = d.dice - Math.floor((y - top) / rowH);
    const t = Math.round((lo + ((x - left) / (right - left)) * (hi - lo)) / d.unit);
    if (n < 1 || n > d.dice || t < 0 || t >= cols) return null;
    const i = at[n * cols + t];
    const head = `${n} ${n === 1 ? 'die' : 'dice'} left, turn total ${fmtNumber(t * d.unit)}`;
    if (i < 0) return `${head}\ncannot occur under these rules`;
    const r = d.rows[i];
    const gain = r.margin === null ? '' : ` (rolling ${r.margin >= 0 ? 'gains' : 'loses'} ${fmtNumber(Math.abs(r.margin), 2)})`;
    const stop = r.stopValue === null
      ? (t === 0 ? 'stopping not allowed before the first roll' : `stopping not allowed below the minimum bank (${fmtNumber(d.minimumBank)})`)
      : `stop: bank ${fmtNumber(r.stopValue)}`;
    return `${head}\noptimal: ${r.action.toUpperCase()}\nroll: expected ${fmtNumber(r.rollValue, 2)}${gain}\n${stop}`;
  };
  draw();
  return (total, dice) => ({ x: sx(total), y: rowTop(dice) + rowH / 2 });
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
 * line. Returns where a score's bar top is (for the browser test's hover).
 */
export function drawFinal(plot: CanvasPlot, d: FinalData): (score: number) => { x: number; y: number } {
  const c = plot.ctx;
  const measure = measureWith(c);
  const shown = d.scores.filter((s) => s.probability >= d.minProbability);
  const xs = shown.map((s) => s.score);
  const maxScore = xs.length ? xs[xs.length - 1] : 0;
  const maxP = shown.reduce((m, s) => Math.max(m, s.probability), 0);
  const lo = -d.unit, hi = maxScore + d.unit;
  const top = 22, bottom = plot.height - 44; // room above for the expected-score label
  const yTop = niceCeil(maxP * 1.04, 5);
  const yAxis = fitTicks(0, yTop, bottom - top, () => 14, pctLabels, 10);
  const left = 18 + 8 + Math.max(...yAxis.labels.map(measure)) + 8;
  let axis = fitTicks(0, hi, plot.width - 8 - left, measure, pointLabels);
  const right = plot.width - Math.max(8, axis.labelWidth / 2 + 2);
  axis = fitTicks(0, hi, right - left, measure, pointLabels);
  const sx = (v: number) => left + ((v - lo) / (hi - lo)) * (right - left);
  const sy = (p: number) => bottom - (p / yTop) * (bottom - top);
  const barW = Math.max(1, 0.8 * (d.unit / (hi - lo)) * (right - left));

  const draw = () => {
    plot.begin(draw, hit);
    c.strokeStyle = '#e6e6e6';
    c.lineWidth = 1;
    c.beginPath();
    for (const t of yAxis.ticks) {
      const y = Math.round(sy(t)) + 0.5;
      c.moveTo(left, y);
      c.lineTo(right, y);
    }
    c.stroke();
    for (const s of shown) {
      c.fillStyle = s.score === 0 ? COLORS.bust : COLORS.bar;
      // at least one pixel tall, so a bar of 0.01% is seen, not mistaken for a missing score
      const h = Math.max(1, bottom - sy(s.probability));
      c.fillRect(sx(s.score) - barW / 2, bottom - h, barW, h);
    }
    // the expected score, labelled at the top
    const ex = Math.round(sx(d.expected)) + 0.5;
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
    xAxis(c, axis, sx, bottom, 'final turn score (points; 0 = bust)', left, right);
  };
  const hit = (x: number, y: number): string | null => {
    if (x < left - 4 || x > right + 4 || y < top - 16 || y > bottom + 4 || !xs.length) return null;
    const v = lo + ((x - left) / (right - left)) * (hi - lo);
    const i = nearestIndex(xs, v);
    if (Math.abs(sx(xs[i]) - x) > Math.max(6, barW)) return null;
    const s = shown[i];
    return `final score ${fmtNumber(s.score)}${s.score === 0 ? ' (bust)' : ' points'}\nprobability ${(100 * s.probability).toFixed(6)}% (exact)`;
  };
  draw();
  return (score) => {
    const s = shown.find((x) => x.score === score);
    return { x: sx(score), y: s ? Math.max(top, sy(s.probability) + 1) : bottom - 1 };
  };
}

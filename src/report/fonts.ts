import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../core/paths.js';

/**
 * The project's own fonts, so charts render the same on every machine, and real glyph advance
 * widths read from the TTF, so vega lays out labels for the font resvg will actually draw
 * (vega's fallback estimate without a canvas is 0.8 em per character, which misplaces text).
 */
export const FONT_FAMILY = 'DejaVu Sans';

function fontsDir(): string {
  return join(packageRoot(), 'assets', 'fonts') + '/';
}

export function fontFiles(): string[] {
  const dir = fontsDir();
  return [`${dir}DejaVuSans.ttf`, `${dir}DejaVuSans-Bold.ttf`];
}

interface Metrics {
  unitsPerEm: number;
  advance: Map<number, number>;
  fallback: number;
}

/** Parse the cmap (format 4) and hmtx tables: code point → advance width in font units. */
function parseMetrics(buf: Buffer): Metrics {
  const numTables = buf.readUInt16BE(4);
  const tables: Record<string, number> = {};
  for (let i = 0; i < numTables; i++) {
    const rec = 12 + 16 * i;
    tables[buf.toString('latin1', rec, rec + 4)] = buf.readUInt32BE(rec + 8);
  }
  const unitsPerEm = buf.readUInt16BE(tables.head + 18);
  const numHMetrics = buf.readUInt16BE(tables.hhea + 34);
  const glyphAdvance = (g: number) => buf.readUInt16BE(tables.hmtx + 4 * Math.min(g, numHMetrics - 1));
  const cmap = tables.cmap;
  const nSub = buf.readUInt16BE(cmap + 2);
  let sub = -1;
  for (let i = 0; i < nSub; i++) {
    const platform = buf.readUInt16BE(cmap + 4 + 8 * i), encoding = buf.readUInt16BE(cmap + 6 + 8 * i);
    const off = cmap + buf.readUInt32BE(cmap + 8 + 8 * i);
    if (platform === 3 && encoding === 1 && buf.readUInt16BE(off) === 4) sub = off;
  }
  const advance = new Map<number, number>();
  if (sub >= 0) {
    const segX2 = buf.readUInt16BE(sub + 6);
    const ends = sub + 14, starts = ends + segX2 + 2, deltas = starts + segX2, ranges = deltas + segX2;
    for (let s = 0; s < segX2 / 2; s++) {
      const end = buf.readUInt16BE(ends + 2 * s), start = buf.readUInt16BE(starts + 2 * s);
      const delta = buf.readInt16BE(deltas + 2 * s), rangeOff = buf.readUInt16BE(ranges + 2 * s);
      for (let c = start; c <= Math.min(end, 0x2fff); c++) {
        if (c === 0xffff) break;
        let g: number;
        if (rangeOff === 0) g = (c + delta) & 0xffff;
        else {
          g = buf.readUInt16BE(ranges + 2 * s + rangeOff + 2 * (c - start));
          if (g !== 0) g = (g + delta) & 0xffff;
        }
        if (g !== 0) advance.set(c, glyphAdvance(g));
      }
    }
  }
  return { unitsPerEm, advance, fallback: advance.get(0x4d) ?? unitsPerEm * 0.8 };
}

let regular: Metrics | undefined;
let bold: Metrics | undefined;

/** Width in pixels of `text` at `size` px in DejaVu Sans (bold if asked). */
export function textWidth(text: string, size: number, isBold = false): number {
  const dir = fontsDir();
  regular ??= parseMetrics(readFileSync(`${dir}DejaVuSans.ttf`));
  bold ??= parseMetrics(readFileSync(`${dir}DejaVuSans-Bold.ttf`));
  const m = isBold ? bold : regular;
  let units = 0;
  for (const ch of text) units += m.advance.get(ch.codePointAt(0)!) ?? m.fallback;
  return (units / m.unitsPerEm) * size;
}

import * as vega from 'vega';
import * as vl from 'vega-lite';
import { Resvg } from '@resvg/resvg-js';
import { FONT_FAMILY, fontFiles, textWidth } from './fonts.js';
import { baseConfig } from './chart-config.js';

export type VlSpec = vl.TopLevelSpec;

export { VL_SCHEMA } from './vl-schema.js';

let metricsInstalled = false;
/** Vega measures text with our font's real advance widths (no canvas in Node). */
function installTextMetrics(): void {
  if (metricsInstalled) return;
  metricsInstalled = true;
  const tm = (vega as unknown as { textMetrics: unknown }).textMetrics as { width: (item: Record<string, unknown>, text: unknown) => number };
  tm.width = (item, text) => {
    const size = item.fontSize != null ? Number(item.fontSize) || 0 : 11;
    const t = text == null ? '' : String(text).trim();
    const weight = item.fontWeight;
    return textWidth(t, size, weight === 'bold' || (typeof weight === 'number' && weight >= 600));
  };
}

export { baseConfig };

/**
 * Vega numbers gradients and clip paths with process-wide counters, and caches some gradient
 * objects with their ids across views, so a chart's ids depend on what was rendered before it.
 * Renumber them in order of appearance: the same chart gives the same bytes in any run.
 */
function canonicalIds(svg: string): string {
  const seen = new Map<string, string>();
  const next: Record<string, number> = {};
  return svg.replace(/(gradient_|clip)(\d+)/g, (m: string, prefix: string) => {
    let id = seen.get(m);
    if (id === undefined) {
      id = `${prefix}${(next[prefix] = (next[prefix] ?? -1) + 1)}`;
      seen.set(m, id);
    }
    return id;
  });
}

/** Vega-Lite → Vega → SVG (headless view, no renderer) → PNG (resvg with the shipped fonts). */
export async function renderSpec(spec: VlSpec): Promise<{ svg: string; png: Buffer }> {
  installTextMetrics();
  const withConfig = { ...spec, config: { ...baseConfig, ...(spec.config ?? {}) } } as VlSpec;
  const compiled = vl.compile(withConfig).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
  const svg = canonicalIds(await view.toSVG());
  view.finalize();
  const png = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: 2 },
    font: { fontFiles: fontFiles(), loadSystemFonts: false, defaultFontFamily: FONT_FAMILY },
    background: 'white',
  })
    .render()
    .asPng();
  return { svg, png };
}

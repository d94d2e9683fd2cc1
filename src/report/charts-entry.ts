/// <reference lib="dom" />
/**
 * Browser entry of reports/assets/charts.js. Every report figure carries its Vega-Lite spec inline
 * (<script type="application/json">, so file:// works: no fetch); this draws it live with
 * vega-embed over the committed SVG, which stays in place when scripts are off or drawing fails.
 * Tooltips show every field of the datum under the pointer, at full precision.
 */
import vegaEmbed from 'vega-embed';
import { baseConfig, keepSlantedLabels, restackSpec, shrinkSpec } from './chart-config.js';

/**
 * Draw one spec into `el`. The workbench redraws on every edit and asks for 'canvas': repainting a
 * canvas is several times cheaper than patching hundreds of SVG nodes; report pages keep 'svg'.
 */
export async function embed(el: HTMLElement, spec: Record<string, unknown>, renderer: 'svg' | 'canvas' = 'svg'): Promise<unknown> {
  // merged a level deep: a spec's own `axis` (restackSpec's label limit) keeps the house label
  // size, thinning and separation instead of replacing them
  const own = (spec.config as Record<string, unknown> | undefined) ?? {};
  const config: Record<string, unknown> = { ...baseConfig, font: 'DejaVu Sans, Verdana, sans-serif' };
  for (const [k, v] of Object.entries(own)) {
    const base = config[k];
    config[k] = v !== null && typeof v === 'object' && !Array.isArray(v) && base !== null && typeof base === 'object' ? { ...base, ...v } : v;
  }
  const withConfig = { ...keepSlantedLabels(spec), config: { ...config, mark: { tooltip: { content: 'data' } } } };
  // a chart restacked for a narrow box (chart-config's restackSpec): its legends, all under the
  // plot, stacked one above the other rather than side by side (a Vega setting Vega-Lite does not pass)
  const narrow = (spec.usermeta as { narrow?: boolean } | undefined)?.narrow === true;
  const patch = (vg: { config?: { legend?: Record<string, unknown> } }) => {
    vg.config = { ...(vg.config ?? {}), legend: { ...(vg.config?.legend ?? {}), layout: { bottom: { anchor: 'start', direction: 'vertical', margin: 6 } } } };
    return vg;
  };
  // `as never`: vega-embed's VisualizationSpec and its patch type (a Vega Spec) take neither this
  // untyped spec nor a patch typed by only the part it touches
  const r = await vegaEmbed(el, withConfig as never, { actions: { export: true, source: false, compiled: false, editor: false }, renderer, tooltip: { theme: 'light' }, ...(narrow ? { patch: patch as never } : {}) });
  return r.view;
}

/** The width the chart drew at: plot, axes, legend, title and vega-embed's menu button beside them. */
function drawnWidth(el: HTMLElement): number {
  const box = el.querySelector<HTMLElement>('.vega-embed') ?? el;
  return Math.max(box.getBoundingClientRect().width, box.scrollWidth);
}

/**
 * Draw a spec so that it fits `el`'s width: drawn as written, then, while wider than its box,
 * restacked (side-by-side views stacked, facets wrapped, legend under the plot) and narrowed
 * (plot widths shrink by the overflow). A phone reads the headline without
 * scrolling sideways; a wide screen gets the chart as written.
 */
export async function embedFitted(el: HTMLElement, spec: Record<string, unknown>): Promise<{ steps: number }> {
  const avail = el.clientWidth;
  let s = spec;
  let view = (await embed(el, s)) as { finalize?: () => void };
  let steps = 0;
  for (const step of ['restack', 'shrink', 'shrink', 'shrink', 'shrink'] as const) {
    const w = drawnWidth(el);
    if (w <= avail + 0.5) break;
    s = step === 'shrink' ? shrinkSpec(s, avail, w) : restackSpec(s, avail);
    view.finalize?.();
    el.textContent = '';
    view = (await embed(el, s)) as { finalize?: () => void };
    steps++;
  }
  el.dataset.fit = String(steps);
  return { steps };
}

const drawn = new Map<HTMLElement, { spec: Record<string, unknown>; width: number }>();

async function drawAll(): Promise<void> {
  for (const fig of Array.from(document.querySelectorAll<HTMLElement>('figure[data-vl]'))) {
    const json = fig.querySelector('script[type="application/json"]');
    const img = fig.querySelector('img');
    if (!json || !img) continue;
    const holder = document.createElement('div');
    holder.className = 'live-chart';
    try {
      img.replaceWith(holder);
      const spec = JSON.parse(json.textContent ?? '{}') as Record<string, unknown>;
      await embedFitted(holder, spec);
      drawn.set(holder, { spec, width: holder.clientWidth });
      fig.setAttribute('data-rendered', 'live');
    } catch (e) {
      // the static SVG is the fallback
      holder.replaceWith(img);
      fig.setAttribute('data-rendered', 'static');
      console.warn(`chart ${fig.id}: drawn as the static SVG (${(e as Error).message})`);
    }
  }
  document.body.setAttribute('data-charts', 'done');
}

/** A window that changes width (a phone turned, a window resized) refits the charts whose box changed. */
let resizeTimer: ReturnType<typeof setTimeout> | undefined;
function onResize(): void {
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(() => {
    for (const [holder, d] of drawn) {
      if (Math.abs(holder.clientWidth - d.width) < 8) continue;
      d.width = holder.clientWidth;
      holder.textContent = '';
      void embedFitted(holder, d.spec);
    }
  }, 200);
}

(globalThis as unknown as { oddsmithCharts: unknown }).oddsmithCharts = { embed, embedFitted };
if (typeof document !== 'undefined') {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => void drawAll());
  else void drawAll();
  window.addEventListener('resize', onResize);
}

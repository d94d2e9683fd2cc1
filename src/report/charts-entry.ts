/// <reference lib="dom" />
/**
 * Browser entry of reports/assets/charts.js. Every report figure carries its Vega-Lite spec inline
 * (<script type="application/json">, so file:// works: no fetch); this draws it live with
 * vega-embed over the committed SVG, which stays in place when scripts are off or drawing fails.
 * Tooltips show every field of the datum under the pointer, at full precision.
 */
import vegaEmbed from 'vega-embed';
import { baseConfig } from './chart-config.js';

/**
 * Draw one spec into `el`. The workbench redraws on every edit and asks for 'canvas': repainting a
 * canvas is several times cheaper than patching hundreds of SVG nodes; report pages keep 'svg'.
 */
export async function embed(el: HTMLElement, spec: Record<string, unknown>, renderer: 'svg' | 'canvas' = 'svg'): Promise<unknown> {
  const withConfig = { ...spec, config: { ...baseConfig, font: 'DejaVu Sans, Verdana, sans-serif', ...((spec.config as object) ?? {}), mark: { tooltip: { content: 'data' } } } };
  const r = await vegaEmbed(el, withConfig as never, { actions: { export: true, source: false, compiled: false, editor: false }, renderer, tooltip: { theme: 'light' } });
  return r.view;
}

async function drawAll(): Promise<void> {
  for (const fig of Array.from(document.querySelectorAll<HTMLElement>('figure[data-vl]'))) {
    const json = fig.querySelector('script[type="application/json"]');
    const img = fig.querySelector('img');
    if (!json || !img) continue;
    const holder = document.createElement('div');
    holder.className = 'live-chart';
    try {
      img.replaceWith(holder);
      await embed(holder, JSON.parse(json.textContent ?? '{}') as Record<string, unknown>);
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

(globalThis as unknown as { oddsmithCharts: unknown }).oddsmithCharts = { embed };
if (typeof document !== 'undefined') {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => void drawAll());
  else void drawAll();
}

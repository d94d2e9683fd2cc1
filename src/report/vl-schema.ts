/** The Vega-Lite schema every chart spec names (its own module: the browser's chart bundles and questions import it without the renderer). */
export const VL_SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';

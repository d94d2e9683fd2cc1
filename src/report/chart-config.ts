/** Shared by the Node renderer and the page script (no Node imports here). */
const FONT_FAMILY = 'DejaVu Sans';

/** House style: our font everywhere, readable sizes, white background. */
export const baseConfig = {
  font: FONT_FAMILY,
  background: 'white',
  padding: 12,
  view: { stroke: '#ccc' },
  axis: { labelFontSize: 11, titleFontSize: 12, titlePadding: 8, labelLimit: 260 },
  legend: { labelFontSize: 11, titleFontSize: 12, labelLimit: 300, titleLimit: 300 },
  header: { labelFontSize: 12, titleFontSize: 12 },
  title: { fontSize: 15, anchor: 'start', subtitleFontSize: 12, subtitleColor: '#555', offset: 10 },
} as const;

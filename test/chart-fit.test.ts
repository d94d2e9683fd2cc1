/** How a report chart is refitted to a narrow box (src/report/chart-config.ts; the page script measures and calls these). */
import { describe, expect, it } from 'vitest';
import { restackSpec, shrinkSpec, wrapText } from '../src/report/chart-config.js';

const bars = { width: 560, data: { values: [{ a: 'x', n: 1 }, { a: 'y', n: 2 }] }, mark: 'bar', encoding: { y: { field: 'a', type: 'nominal' }, x: { field: 'n', type: 'quantitative', title: 'a long axis title that would set the width of the whole chart on a phone' }, color: { field: 'a', type: 'nominal' } } };

describe('charts refitted to a narrow box', () => {
  it('shrinkSpec takes what overflowed off the plot width, keeping axes and legend', () => {
    // drawn 700 px wide with a 560 px plot: 140 px of axes, legend and padding stay
    expect(shrinkSpec(bars, 371, 700).width).toBe(Math.floor(560 * ((371 - 140 - 8) / 560)));
    expect(shrinkSpec(bars, 900, 700).width).toBe(560);
    // never below a readable plot
    expect(shrinkSpec(bars, 150, 700).width).toBe(90);
    // band steps shrink too, each facet panel by the same factor
    expect(shrinkSpec({ width: { step: 90 }, data: { values: [{ o: 1 }, { o: 2 }, { o: 3 }, { o: 4 }] }, mark: 'rect', encoding: { x: { field: 'o', type: 'nominal' } } }, 371, 480).width).toEqual({ step: Math.floor(90 * ((371 - 120 - 8) / 360)) });
    const facet = { data: { values: [{ k: 'a' }, { k: 'b' }] }, facet: { column: { field: 'k' } }, spec: { width: 280, mark: 'line' } };
    expect((shrinkSpec(facet, 371, 700).spec as { width: number }).width).toBe(Math.floor(280 * ((371 - 140 - 8) / 560)));
  });

  it('restackSpec stacks views, wraps facets and titles, puts legends under the plot, and leaves the spec it was given alone', () => {
    const given = JSON.parse(JSON.stringify(bars)) as typeof bars;
    const s = restackSpec(given, 371) as { encoding: { x: { title: unknown }; color: { legend: unknown } }; usermeta: unknown };
    expect(given).toEqual(bars);
    const title = s.encoding.x.title as string[];
    expect(title.length).toBeGreaterThan(1);
    expect(title.join(' ')).toBe(bars.encoding.x.title);
    for (const line of title) expect(line.length).toBeLessThanOrEqual(Math.floor((371 - 70) / 6.9));
    expect(s.encoding.color.legend).toMatchObject({ orient: 'bottom', direction: 'vertical', columns: 1 });
    expect(s.usermeta).toEqual({ narrow: true });
    const side = restackSpec({ hconcat: [{ width: 300 }, { width: 300 }] }, 371) as Record<string, unknown>;
    expect(side.hconcat).toBeUndefined();
    expect(side.vconcat).toHaveLength(2);
    const facet = restackSpec({ data: { values: [{ k: 'a' }, { k: 'b' }, { k: 'c' }] }, facet: { column: { field: 'k', type: 'nominal' } }, spec: { width: 170 } }, 371) as Record<string, unknown>;
    expect(facet.facet).toEqual({ field: 'k', type: 'nominal' });
    expect(facet.columns).toBe(1);
  });

  it('wrapText breaks at spaces and keeps a longer word whole', () => {
    expect(wrapText('one two three four', 9)).toEqual(['one two', 'three', 'four']);
    expect(wrapText('a 1234567890123 b', 5)).toEqual(['a', '1234567890123', 'b']);
  });
});

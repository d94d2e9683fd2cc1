/**
 * Pinned chart properties: the shared helpers every report chart uses, and — over a rendered
 * reports folder (the committed reports/, or $REPORTS_DIR, e.g. after `oddsmith report --out /tmp/r`)
 * — that every chart has a title, says in its image whether it is exact or simulated (with the
 * count, and the seed when simulated), and titles its axes in words.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { basisLine, sweptAxis, ticksWithZero, withSubtitleLine, wrapBasis } from '../src/report/chart-config.js';
import { linkPage, readManifest, writeIndex, writePage } from '../src/report/page.js';

describe('chart helpers', () => {
  it('basisLine says exact or simulated, with the sample size and seed', () => {
    expect(basisLine({ exact: 'every deal counted' })).toBe('exact: every deal counted');
    expect(basisLine({ simulated: 20000, of: 'games per point', seed: 1 })).toBe('simulated: 20,000 games per point, seed 1');
    expect(basisLine({ simulated: 500, of: 'games a run', seed: { seeds: [1, 2, 3, 4] } })).toBe('simulated: 500 games a run, seeds 1–4');
    expect(basisLine({ simulated: 500, of: 'games a run', seed: { seeds: [3, 9] } })).toBe('simulated: 500 games a run, seeds 3, 9');
    expect(basisLine({ simulated: 500, of: 'games per point', seed: { base: 1, derive: 'point v uses seed 1 + v' }, extra: 'lines exact' })).toBe('simulated: 500 games per point, base seed 1 (point v uses seed 1 + v); lines exact');
  });

  it('wrapBasis splits a long basis at "; " or ", " and only its first line is the basis', () => {
    const line = 'simulated: 6,000 4-player games per point (same dice at every point), seed 1; bands: 95% intervals';
    expect(wrapBasis(line, 200)).toEqual([line]);
    const w = wrapBasis(line, 80);
    expect(w).toEqual(['simulated: 6,000 4-player games per point (same dice at every point), seed 1;', 'bands: 95% intervals']);
    expect(w.every((l) => l.length <= 80)).toBe(true);
    expect(basisProblems(w)).toEqual([]);
  });

  it('withSubtitleLine appends once, to string and array subtitles', () => {
    expect(withSubtitleLine('T', 'x')).toEqual({ text: 'T', subtitle: 'x' });
    expect(withSubtitleLine({ text: 'T', subtitle: 'a' }, 'x')).toEqual({ text: 'T', subtitle: ['a', 'x'] });
    expect(withSubtitleLine({ text: 'T', subtitle: ['a', 'x'] }, 'x')).toEqual({ text: 'T', subtitle: ['a', 'x'] });
  });

  it('sweptAxis ticks every swept value and leaves half a step of room at both ends', () => {
    const a = sweptAxis([0.5, 1, 1.5, 2]);
    expect(a.axis.values).toEqual([0.5, 1, 1.5, 2]);
    expect(a.scale.domain).toEqual([0.25, 2.25]);
    expect(a.axis.format).toBe(',.1f');
  });

  it('ticksWithZero always labels zero and covers the range', () => {
    for (const [lo, hi] of [[-4.5, 1.9], [0.2, 3], [-0.3, -0.1], [-12, 40]]) {
      const t = ticksWithZero(lo, hi);
      expect(t.values).toContain(0);
      expect(t.domain[0]).toBeLessThanOrEqual(Math.min(lo, 0));
      expect(t.domain[1]).toBeGreaterThanOrEqual(Math.max(hi, 0));
    }
  });

  it('writePage puts a chart\'s basis into the subtitle of its image and spec', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oddsmith-charts-'));
    const spec = { title: { text: 'T', subtitle: 'what' }, width: 100, height: 50, data: { values: [{ x: 1, y: 2 }] }, mark: 'bar', encoding: { x: { field: 'x', type: 'ordinal' }, y: { field: 'y', type: 'quantitative' } } } as never;
    await writePage(dir, { path: 'g/p.html', title: 'P', summary: 'S' }, '', [{ heading: 'H', charts: [{ name: 'c', title: 'C', caption: '', spec, rows: [], basis: basisLine({ simulated: 1000, of: 'games', seed: 7 }) }] }]);
    const vl = JSON.parse(readFileSync(join(dir, 'g', 'c.vl.json'), 'utf8')) as { title: { subtitle: string[] } };
    expect(vl.title.subtitle).toEqual(['what', 'simulated: 1,000 games, seed 7']);
    expect(readFileSync(join(dir, 'g', 'c.svg'), 'utf8')).toContain('simulated: 1,000 games, seed 7');
  });

  it('a page a command writes is linked from the index and stays linked when the experiments are re-indexed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'oddsmith-link-'));
    const exp = { path: 'g/e.html', title: 'E', summary: 'from an experiment' };
    writeIndex(dir, [exp], { e: [exp] });
    linkPage(dir, { path: 'wulong/mine.html', title: 'Mine', summary: 'from wulong sweep --page' });
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).toMatch(/href="g\/e\.html"[\s\S]*command line[\s\S]*href="wulong\/mine\.html"/);
    writeIndex(dir, [exp], { e: [exp] }); // what `oddsmith report` does
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).toContain('href="wulong/mine.html"');
    expect(Object.keys(readManifest(dir))).toEqual(['e', 'cli:wulong/mine.html']);
  });
});

/** A title that is a raw field name or path ("bettingCards.panda.odds", "limitPerPlayer"), not words; text in parentheses may name the field. */
export function rawName(title: string): boolean {
  const words = title.replace(/\([^)]*\)/g, ' ');
  return /\b[A-Za-z_]\w*\.[A-Za-z_]\w*/.test(words) || /\b[a-z]+[A-Z]\w*/.test(words);
}

type Enc = { field?: string; datum?: unknown; type?: string; title?: unknown; axis?: { title?: unknown } | null; legend?: { title?: unknown } | null };
type Node = { encoding?: Record<string, Enc>; layer?: Node[]; spec?: Node; hconcat?: Node[]; vconcat?: Node[]; concat?: Node[] };

/**
 * Axis titles of every view of a Vega-Lite spec (a unit or a layer group, whose layers share their
 * axes): a quantitative x or y must have a title set in words (Vega-Lite would print the field's
 * name), and no title — set or defaulted to the field name — may be a raw field name or path.
 * Returns what is wrong, one line per problem.
 */
export function axisTitleProblems(spec: Node): string[] {
  const problems: string[] = [];
  const view = (node: Node, inherited: Record<string, Enc>[], where: string) => {
    if (node.spec) return view(node.spec, inherited, `${where}/facet`);
    for (const k of ['hconcat', 'vconcat', 'concat'] as const) node[k]?.forEach((n, i) => view(n, [...inherited, node.encoding ?? {}], `${where}/${k}[${i}]`));
    if (node.hconcat || node.vconcat || node.concat) return;
    const encs: Record<string, Enc>[] = [...inherited, node.encoding ?? {}];
    const collect = (n: Node) => { encs.push(n.encoding ?? {}); n.layer?.forEach(collect); };
    node.layer?.forEach(collect);
    for (const ch of ['x', 'y', 'color']) {
      const defs = encs.map((e) => e[ch]).filter((d): d is Enc => !!d && d.field !== undefined);
      if (!defs.length) continue;
      const explicit = defs.flatMap((d) => [d.title, ch === 'color' ? d.legend?.title : d.axis?.title]).filter((t) => t !== undefined);
      const titled = explicit.filter((t) => t !== null).map((t) => String(t));
      const hidden = defs.some((d) => (ch === 'color' ? d.legend === null : d.axis === null)) || (explicit.length > 0 && titled.length === 0);
      if (ch !== 'color' && defs.some((d) => d.type === 'quantitative' || d.type === 'temporal') && !titled.some((t) => t.trim()) && !defs.every((d) => d.axis === null)) problems.push(`${where}: quantitative ${ch} axis of ${defs[0].field} has no title`);
      for (const t of titled) if (rawName(t)) problems.push(`${where}: ${ch} title "${t}" is a raw field name`);
      if (!titled.length && !hidden && rawName(defs[0].field!)) problems.push(`${where}: ${ch} title defaults to the raw field name ${defs[0].field}`);
    }
  };
  view(spec, [], 'chart');
  return problems;
}

/** What is wrong with a chart's basis line (exact or simulated: one, with count and seed when simulated). */
export function basisProblems(subtitle: readonly string[]): string[] {
  const at = subtitle.flatMap((l, i) => (/^(exact|simulated):/.test(l) ? [i] : []));
  if (at.length !== 1) return [`${at.length} subtitle lines start with "exact:" or "simulated:" (want exactly one)`];
  // a long basis line wraps onto the lines after it (writePage puts it last)
  const basis = subtitle.slice(at[0]).join(' ');
  const problems: string[] = [];
  if (/\bsimulated\b/.test(basis)) {
    if (!/\bsimulated: \d[\d,]* \S|\bsimulated\b.*\b\d[\d,]* [a-z]/.test(basis)) problems.push(`simulated basis without a count: ${basis}`);
    if (!/\bseeds? \d|\bbase seed \d/.test(basis)) problems.push(`simulated basis without a seed: ${basis}`);
  }
  return problems;
}

describe('chart checks', () => {
  it('basisProblems wants one basis line, and a count and seed when simulated', () => {
    expect(basisProblems(['what', 'simulated: 1,000 games, seed 7'])).toEqual([]);
    expect(basisProblems(['exact: every deal counted'])).toEqual([]);
    expect(basisProblems(['simulated: 1,000 games'])).toHaveLength(1);
    expect(basisProblems(['simulated, 1,000 games, seed 3'])).toHaveLength(1);
    expect(basisProblems(['simulated: games, seed 3'])).toHaveLength(1);
    expect(basisProblems(['exact: the line', 'simulated: 10 turns, seed 1'])).toHaveLength(1);
    expect(basisProblems(['exact: the line; simulated: the squares'])).toHaveLength(2); // no count, no seed
    expect(basisProblems(['a', 'simulated: 4,000 games per point, base seed 1', '(point v uses seed 1 + v)'])).toEqual([]);
    expect(basisProblems(['sampled: 120000 hands'])).toHaveLength(1);
  });

  it('axisTitleProblems finds untitled quantitative axes and raw field names', () => {
    const unit = (x: Enc, y: Enc) => ({ mark: 'point', encoding: { x, y } }) as Node;
    expect(axisTitleProblems(unit({ field: 'a', type: 'quantitative', title: 'odds (chips)' }, { field: 'n', type: 'nominal', title: null }))).toEqual([]);
    expect(axisTitleProblems(unit({ field: 'a', type: 'quantitative' }, { field: 'n', type: 'nominal' }))).toHaveLength(1);
    expect(axisTitleProblems(unit({ field: 'a', type: 'quantitative', title: null }, { field: 'n', type: 'nominal' }))).toHaveLength(1);
    expect(axisTitleProblems(unit({ field: 'a', type: 'quantitative', title: 'bettingCards.panda.odds' }, { field: 'n', type: 'nominal' }))).toHaveLength(1);
    expect(axisTitleProblems(unit({ field: 'a', type: 'quantitative', title: 'safes limitPerPlayer' }, { field: 'n', type: 'nominal' }))).toHaveLength(1);
    expect(axisTitleProblems(unit({ field: 'a', type: 'quantitative', title: 'three 5s (faces.4.score.3)' }, { field: 'callBelow', type: 'nominal' }))).toHaveLength(1);
    // a layer's title serves the axis it shares with the other layers; facets and concats are walked
    const layered = { layer: [unit({ field: 'a', type: 'quantitative', axis: { title: 'A' } }, { field: 'b', type: 'quantitative', title: 'B' }), unit({ field: 'a', type: 'quantitative' }, { field: 'c', type: 'quantitative' })] } as Node;
    expect(axisTitleProblems({ facet: {}, spec: layered } as Node)).toEqual([]);
    expect(axisTitleProblems({ hconcat: [layered, unit({ field: 'a', type: 'quantitative' }, { field: 'b', type: 'quantitative', title: 'B' })] })).toHaveLength(1);
  });
});

// the committed reports by default (so CI checks them on every run); $REPORTS_DIR for a fresh render
const reportsDir = process.env.REPORTS_DIR ?? fileURLToPath(new URL('../reports', import.meta.url));
describe('every chart in $REPORTS_DIR (default: the committed reports/)', () => {
  it('the folder exists and holds charts', () => {
    expect(existsSync(reportsDir), reportsDir).toBe(true);
    expect(specs.length).toBeGreaterThan(0);
  });
  const specs: string[] = [];
  const walk = (d: string) => readdirSync(d).forEach((f) => (statSync(join(d, f)).isDirectory() ? walk(join(d, f)) : f.endsWith('.vl.json') && specs.push(join(d, f))));
  if (existsSync(reportsDir)) walk(reportsDir);
  it.each(specs.map((f) => [f.slice(reportsDir.length + 1), f]))('%s has a title, one basis (exact, or simulated with count and seed) and titled axes', (_, f) => {
    const spec = JSON.parse(readFileSync(f, 'utf8')) as Node & { title?: { text?: string; subtitle?: string | string[] } | string };
    const t = typeof spec.title === 'string' ? { text: spec.title } : spec.title ?? {};
    expect(t.text).toBeTruthy();
    expect(basisProblems(([] as string[]).concat(t.subtitle ?? []))).toEqual([]);
    expect(axisTitleProblems(spec)).toEqual([]);
  });
});

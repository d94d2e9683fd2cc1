import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ExperimentCache, codeFiles } from '../src/report/cache.js';
import { listExperiments } from '../src/report/experiment.js';
import { diffFigures, diffMarkdown, type PageFigures } from '../src/report/findings.js';
import { writeIndex, writePage } from '../src/report/page.js';
import { renderSpec } from '../src/report/render.js';
import { checkFigures } from '../src/report/run.js';
import { assumptionsSection } from '../src/report/assumptions.js';
import { ROOT, expectUserError, runCli } from './helpers/cli.js';

const tmp = (what: string) => mkdtempSync(join(tmpdir(), `oddsmith-trust-${what}-`));

/** An experiments folder holding one spec. */
function specDir(spec: Record<string, unknown>): string {
  const dir = tmp('exp');
  writeFileSync(join(dir, 'a.json'), JSON.stringify(spec));
  return dir;
}

describe('names from specs are names, never paths', () => {
  it('a spec name or page that is a path or markup is refused, naming the field', () => {
    const bad = ['../../../X', '/tmp/X', 'x"><img src=x onerror=alert(5)>', 'a/b', '.hidden', ''];
    for (const name of bad) expect(() => listExperiments(specDir({ name, game: 'g' }), ['g'])).toThrow(/a\.json: name must be letters, digits and dashes/);
    for (const page of bad) expect(() => listExperiments(specDir({ name: 'ok', game: 'g', page }), ['g'])).toThrow(/a\.json: page must be letters, digits and dashes/);
    expect(listExperiments(specDir({ name: 'wulong-turn-2', game: 'g', page: 'odds-and-games' }), ['g'])[0].name).toBe('wulong-turn-2');
  });

  it('oddsmith report refuses such a spec and an empty experiments folder, writing nothing', () => {
    const out = join(tmp('out'), 'reports');
    expectUserError(runCli(['report', '--experiments', specDir({ name: 'x', game: 'cant-stop', page: '../../../X' }), '--out', out]), /page must be letters, digits and dashes \(got "\.\.\/\.\.\/\.\.\/X"\)/);
    expectUserError(runCli(['report', '--experiments', specDir({ name: '../../../X', game: 'liars-dice' }), '--out', out]), /name must be letters, digits and dashes/);
    expectUserError(runCli(['report', '--experiments', tmp('empty'), '--out', out]), /experiments folder .* has no experiment specs/);
    expect(existsSync(out)).toBe(false);
  });

  it('a page path or chart name outside its folder is refused; a cache entry is never named by a path', async () => {
    const dir = tmp('page');
    for (const path of ['../X.html', '/tmp/X.html', 'g/../../X.html', 'g/x"><b>.html']) {
      await expect(writePage(dir, { path, title: 'T', summary: 'S' }, '', [])).rejects.toThrow(/a page is <name>\/<name>\.html/);
    }
    await expect(writePage(dir, { path: 'g/p.html', title: 'T', summary: 'S' }, '', [{ heading: 'H', charts: [{ name: '../../x', title: 't', caption: '', spec: {} as never, rows: [] }] }])).rejects.toThrow(/a chart's name is a file name/);
    expect(readdirSync(dir)).toEqual([]);
    expect(() => new ExperimentCache(join(dir, 'cache'), '../../../X', {}, [], dir)).toThrow(/is not a name/);
  });
});

describe('strings reach HTML, SVG and Markdown escaped', () => {
  const evil = 'x"><img src=x onerror=alert(5)>';

  it('the index escapes page paths, titles, summaries and findings from a damaged manifest or findings file', () => {
    const dir = tmp('index');
    mkdirSync(join(dir, 'g'));
    writeFileSync(join(dir, 'g', 'p.findings.json'), JSON.stringify({ page: 'g/p.html', title: 't', figures: [], sensitive: [evil], fails: [evil], holding: 1 }));
    writeIndex(dir, [{ path: evil, title: evil, summary: evil }, { path: 'g/p.html', title: 't', summary: 's' }]);
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    expect(html).not.toContain('<img');
    expect(html).toContain('href="x&quot;&gt;&lt;img src=x onerror=alert(5)&gt;"');
  });

  it('chart titles, subtitles and data reach the SVG as text', async () => {
    const { svg } = await renderSpec({ $schema: 'https://vega.github.io/schema/vega-lite/v6.json', title: { text: `T ${evil}`, subtitle: '</text><script>alert(1)</script>' }, data: { values: [{ a: '<b onload=1>', b: 1 }] }, mark: 'bar', encoding: { x: { field: 'a', type: 'nominal' }, y: { field: 'b', type: 'quantitative' } } } as never);
    const text = String(svg);
    expect(text).not.toMatch(/<script|<img|<b onload/);
    expect(text).toContain('&lt;script');
  });

  it('diff --markdown: figure ids, values and labels from rules and findings are inert text', () => {
    const page = (value: string): Map<string, PageFigures> => new Map([['g/p.html', { page: 'g/p.html', title: 't', figures: [{ id: `odds ${evil} | [link](javascript:alert(1)) **b**\n# heading`, value, exact: true }] }]]);
    const md = diffMarkdown(diffFigures(page('1:1'), page('<script>alert(1)</script>')), ['main', '<img src=x>']);
    // every markup character arrives backslash-escaped
    expect(md).not.toMatch(/(?<!\\)<(img|script)|(?<!\\)\]\(javascript|(?<!\\)\*(?<!\\)\*b/);
    expect(md).toContain('\\<script\\>alert(1)\\</script\\>');
    // a cell stays one cell of one row
    const row = md.split('\n').find((l) => l.startsWith('| g/p.html'))!;
    expect(row.split(/(?<!\\)\|/).length).toBe(8);
    // the title and "Changed": the id's "# heading" is not a third
    expect(md.split('\n').filter((l) => l.startsWith('#')).length).toBe(2);
  });
});

describe('index labels say what happened to each re-measured finding', () => {
  it('a finding that fails under the default rules is not called sensitive', async () => {
    const dir = tmp('labels');
    const section = assumptionsSection({
      game: 'g',
      assumptions: [{ field: 'penalty', question: 'q?', byDefault: '5', why: 'w', alternatives: ['3'] }],
      checks: [
        { finding: 'Abilities pay', field: 'penalty', values: [{ value: 'default (5)', measured: '-1%', holds: false }, { value: '3', measured: '2%', holds: true }] },
        { finding: 'Seat 1 leads', field: 'penalty', values: [{ value: 'default (5)', measured: '55%', holds: true }, { value: '3', measured: '49%', holds: false }] },
        { finding: 'Fair', field: 'penalty', values: [{ value: 'default (5)', measured: '50%', holds: true }, { value: '3', measured: '50%', holds: true }] },
      ],
      method: 'm',
    });
    const page = await writePage(dir, { path: 'g/p.html', title: 'T', summary: 'S' }, '', [section], [{ id: 'x', value: 1, exact: true }]);
    writeIndex(dir, [page]);
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    expect(html).toContain('Fails under the default rules: Abilities pay (fails at penalty = default (5)). Holds by default, fails under an assumed alternative: Seat 1 leads (fails at penalty = 3). 1 other finding holds under every alternative');
    expect(html).not.toMatch(/Sensitive to an assumed rule/);
  }, 60_000);
});

describe('every page records headline figures', () => {
  it('a page whose findings file has no figures fails the run (a bug, not a page diff cannot see)', () => {
    const dir = tmp('figures');
    mkdirSync(join(dir, 'g'));
    writeFileSync(join(dir, 'g', 'p.findings.json'), JSON.stringify({ page: 'g/p.html', title: 't', figures: [] }));
    expect(() => checkFigures(dir, 'e', { path: 'g/p.html', title: 't', summary: 's' })).toThrow(/e: page g\/p\.html records no headline figures/);
    writeFileSync(join(dir, 'g', 'p.findings.json'), JSON.stringify({ page: 'g/p.html', title: 't', figures: [{ id: 'x', value: 1 }] }));
    expect(() => checkFigures(dir, 'e', { path: 'g/p.html', title: 't', summary: 's' })).not.toThrow();
  });
});

describe('damaged diff inputs: one line naming the file, exit 2', () => {
  it('a truncated findings file, one holding null, a figure without an id', () => {
    const good = tmp('good');
    mkdirSync(join(good, 'g'));
    writeFileSync(join(good, 'g', 'p.findings.json'), JSON.stringify({ page: 'g/p.html', title: 't', figures: [{ id: 'x', value: 1, exact: true }] }));
    for (const [text, why] of [['{"page": "g/p.html", "figu', /JSON/], ['null', /expected an object, got null/], ['{"page":"g/p.html","figures":[{"value":1}]}', /figures\[0\] has no id/], ['', /JSON/]] as const) {
      const bad = tmp('bad');
      mkdirSync(join(bad, 'g'));
      writeFileSync(join(bad, 'g', 'p.findings.json'), text);
      const file = join(bad, 'g', 'p.findings.json').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const r = runCli(['diff', good, bad]);
      expectUserError(r, new RegExp(`^oddsmith: ${file} is not a findings file: `));
      expect(r.stderr).toMatch(why);
    }
  });
});

describe('the cache checks its entries before use', () => {
  /** A stored entry of experiment "e" in a package folder; returns a fresh lookup after `damage`. */
  function lookupAfter(damage: (files: string) => void): { hit: boolean; problem: string | null } {
    const pkg = tmp('pkg');
    mkdirSync(join(pkg, 'src', 'games', 'g'), { recursive: true });
    writeFileSync(join(pkg, 'src', 'games', 'g', 'k.ts'), 'export {};\n');
    const out = join(pkg, 'out');
    for (const [f, text] of [['g/p.html', '<p>page</p>'], ['g/p.findings.json', '{"page":"g/p.html","figures":[{"id":"x","value":1}]}']]) {
      mkdirSync(dirname(join(out, f)), { recursive: true });
      writeFileSync(join(out, f), text);
    }
    const cache = () => new ExperimentCache(join(pkg, 'cache'), 'e', { n: 1 }, codeFiles(join(pkg, 'src'), 'g', pkg), pkg);
    cache().store(out, ['g/p.html', 'g/p.findings.json'], [{ path: 'g/p.html', title: 't', summary: 's' }], [], 1, 1);
    const stored = cache().lookup();
    expect(stored).not.toBeNull();
    damage(stored!.files);
    const c = cache();
    const hit = c.lookup();
    return { hit: hit !== null, problem: c.problem };
  }

  it('serves an intact entry; a changed, emptied, added or missing file or folder is not served, and says why', () => {
    expect(lookupAfter(() => {})).toEqual({ hit: true, problem: null });
    expect(lookupAfter((f) => appendFileSync(join(f, 'g', 'p.html'), '<script>alert(1)</script>'))).toEqual({ hit: false, problem: join('g', 'p.html') + ' changed' });
    expect(lookupAfter((f) => writeFileSync(join(f, 'g', 'p.findings.json'), ''))).toEqual({ hit: false, problem: join('g', 'p.findings.json') + ' changed' });
    expect(lookupAfter((f) => writeFileSync(join(f, 'g', 'evil.js'), 'alert(1)'))).toEqual({ hit: false, problem: join('g', 'evil.js') + ' added' });
    expect(lookupAfter((f) => rmSync(join(f, 'g', 'p.html')))).toEqual({ hit: false, problem: join('g', 'p.html') + ' missing' });
    expect(lookupAfter((f) => rmSync(f, { recursive: true }))).toEqual({ hit: false, problem: 'its files folder missing' });
    expect(lookupAfter((f) => writeFileSync(join(dirname(f), 'meta.json'), 'null'))).toEqual({ hit: false, problem: 'its meta.json is unreadable' });
  });

  it('oddsmith report: a damaged entry is recomputed with one line saying so, and the page is the one computed', () => {
    const dir = tmp('run');
    mkdirSync(join(dir, 'exp'));
    writeFileSync(join(dir, 'exp', 'odds.json'), readFileSync(join(ROOT, 'experiments', 'liars-dice-odds.json')));
    const out = join(dir, 'reports');
    const run = () => runCli(['report', '--experiments', join(dir, 'exp'), '--out', out, '--workers', '1', '--quiet']);
    expect(run().code).toBe(0);
    const page = readFileSync(join(out, 'liars-dice', 'odds.html'), 'utf8');
    const [entry] = readdirSync(join(dir, '.oddsmith-cache', 'liars-dice-odds'));
    const files = join(dir, '.oddsmith-cache', 'liars-dice-odds', entry, 'files');
    appendFileSync(join(files, 'liars-dice', 'odds.html'), '<script>alert(1)</script>');
    const second = run();
    expect(second.code).toBe(0);
    expect(second.stderr).toContain(`[1/1] liars-dice-odds: cache entry not used (${join('liars-dice', 'odds.html')} changed); recomputing`);
    expect(readFileSync(join(out, 'liars-dice', 'odds.html'), 'utf8')).toBe(page);
    rmSync(files, { recursive: true });
    const third = run();
    expect(third.code).toBe(0);
    expect(third.stderr).toContain('cache entry not used (its files folder missing); recomputing');
    // recomputed and stored again: the next run is served quietly
    expect(run().stderr).not.toContain('cache entry');
  }, 120_000);

  it('a ladder\'s entry depends on its own game\'s rules only, not on every game the ladder code loads', () => {
    const dir = tmp('ladder');
    mkdirSync(join(dir, 'exp'));
    writeFileSync(join(dir, 'exp', 'l.json'), JSON.stringify({ name: 'wulong-ladder', game: 'wulong-ladder', deals: 4, seed: 1, replicates: 20, shardCount: 2 }));
    expect(runCli(['report', '--experiments', join(dir, 'exp'), '--out', join(dir, 'reports'), '--workers', '1', '--quiet']).code).toBe(0);
    const cache = join(dir, '.oddsmith-cache', 'wulong-ladder');
    const [entry] = readdirSync(cache);
    const meta = JSON.parse(readFileSync(join(cache, entry, 'meta.json'), 'utf8')) as { rules: Record<string, string> };
    expect(Object.keys(meta.rules)).toEqual(['rules/wulong/default.json']);
    const figures = JSON.parse(readFileSync(join(dir, 'reports', 'wulong', 'ladder.findings.json'), 'utf8')) as PageFigures;
    expect(figures.figures.length).toBeGreaterThan(0);
  }, 120_000);
});

describe('.ci/report-diff checks its base first', () => {
  it('a base that is not a commit: one line, exit 2, nothing run and no report-diff.md', () => {
    const repo = tmp('ci');
    spawnSync('git', ['init', '-q'], { cwd: repo });
    const r = spawnSync(join(ROOT, '.ci', 'report-diff'), ['nosuchref', '--experiments', tmp('empty')], { cwd: repo, encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toMatch(/^oddsmith: report-diff: base nosuchref is not a commit of this repository/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(existsSync(join(repo, 'report-diff.md'))).toBe(false);
    expect(existsSync(join(repo, 'reports'))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listExperiments } from '../src/report/experiment.js';
import { experimentRunners } from '../src/games/index.js';
import { toolRunners } from '../src/play/tool-runners.js';
import { parseExperiment, runExperiment } from '../src/games/dracula/report.js';

describe('dracula report', () => {
  it('the shipped experiment parses', () => {
    const [{ spec }] = listExperiments('experiments', Object.keys({ ...experimentRunners(), ...toolRunners() })).filter((x) => x.game === 'dracula');
    const e = parseExperiment(spec);
    expect(e.strategies.map((s) => s.name)).toEqual(['random', 'greedy', 'search']);
    expect(e.sweeps[0].values).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16]);
  });

  it('writes the page with its charts and data; bad specs are named', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dracula-report-'));
    try {
      const ctx = { reportsDir: dir, workers: 1, quiet: true };
      const spec = { name: 't', game: 'dracula', page: 't', strategies: ['random', 'greedy'], games: 200, seed: 1, shardCount: 2, sweeps: [{ field: 'health', values: [6, 18], games: 100, dracula: 'greedy', helsing: 'greedy' }], assumptions: true, assumptionGames: 100 };
      const [page] = await runExperiment(spec, ctx);
      expect(page.path).toBe('dracula/t.html');
      for (const f of ['pairs', 'districts-by-value', 'sweep-1-health']) {
        expect(existsSync(join(dir, 'dracula', `${f}.png`))).toBe(true);
        expect(existsSync(join(dir, 'dracula', `${f}.csv`))).toBe(true);
      }
      const html = readFileSync(join(dir, 'dracula', 't.html'), 'utf8');
      expect(html).toContain('closest to 50/50 at health = ');
      // the page ends with the assumptions table, health first
      expect(html.indexOf('<code>health</code>')).toBeGreaterThan(html.lastIndexOf('Balance sweeps'));
      expect(html).toContain('<code>weathervane</code>');
      expect(readFileSync(join(dir, 'dracula', 'pairs.csv'), 'utf8').split('\n').filter(Boolean)).toHaveLength(5);
      await expect(runExperiment({ ...spec, strategies: ['clever'] }, ctx)).rejects.toThrow(/unknown strategy "clever"/);
      await expect(runExperiment({ ...spec, sweeps: [{ field: 'health', values: [0], games: 10, dracula: 'greedy', helsing: 'greedy' }] }, ctx)).rejects.toThrow(/health must be an integer in 1\.\.1000/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

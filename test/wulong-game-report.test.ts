import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGameExperiment } from '../src/games/wulong/game/report.js';

describe('wulong game reports', () => {
  it('writes the game page and a sweep page with their charts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wulong-game-'));
    try {
      const ctx = { reportsDir: dir, workers: 1, quiet: true };
      const [game] = await runGameExperiment({ name: 't-game', game: 'wulong-game', kind: 'game', players: [3], games: 300, shardCount: 2 }, ctx);
      expect(game.path).toBe('wulong/game.html');
      for (const f of ['game-win-rates', 'game-length', 'game-endings', 'game-money-flows', 'game-card-ev']) {
        expect(existsSync(join(dir, 'wulong', `${f}.png`))).toBe(true);
        expect(existsSync(join(dir, 'wulong', `${f}.csv`))).toBe(true);
      }
      const html = readFileSync(join(dir, 'wulong', 'game.html'), 'utf8');
      expect(html).toContain('kelly:1@optimal');
      // issue 16: the tell, the assumed safe limit and the assumptions table, the last section
      await runGameExperiment({ name: 't-game', game: 'wulong-game', kind: 'game', players: [4], games: 100, shardCount: 2, tell: { accuracy: [0, 1], games: 100 }, safeLimits: { perPlayer: [4000, 6000], players: [4], games: 100 }, assumptions: { games: 100 } }, ctx);
      for (const f of ['game-tell', 'game-safe-limits']) expect(existsSync(join(dir, 'wulong', `${f}.png`))).toBe(true);
      const full = readFileSync(join(dir, 'wulong', 'game.html'), 'utf8');
      expect(full).toContain('Reading the active player (a tell)');
      expect(full).toContain('The assumed safe limit');
      expect(full.lastIndexOf('<h2')).toBe(full.indexOf('<h2 id="assumptions">Assumptions<'));
      expect(full).toContain('betting.readAccuracy');
      const [sweep] = await runGameExperiment({ name: 't-sweep', game: 'wulong-game', kind: 'sweep', page: 'sweep-t', players: 3, games: 100, shardCount: 2, sweeps: [{ set: ['bettingCards.panda.odds=2,8'], strategies: 'kelly,naive:panda' }] }, ctx);
      expect(sweep.path).toBe('wulong/sweep-t.html');
      for (const f of ['win', 'cards', 'spread']) expect(existsSync(join(dir, 'wulong', `sweep-t-1-${f}.svg`))).toBe(true);
      // the printed and fair odds' labels stand above the plot, a row each: no data line or rule crosses them
      const win = JSON.parse(readFileSync(join(dir, 'wulong', 'sweep-t-1-win.vl.json'), 'utf8')) as { layer: { mark: { type: string; baseline?: string; dy?: number }; encoding: { y?: { value?: number }; text?: { value: string } } }[] };
      const labels = win.layer.filter((l) => l.mark.type === 'text');
      expect(labels.map((l) => l.encoding.text?.value)).toEqual(['printed 1:2', expect.stringMatching(/^fair 1:\d+\.\d\d$/)]);
      for (const l of labels) expect([l.encoding.y?.value, l.mark.baseline, Math.sign(l.mark.dy!)]).toEqual([0, 'bottom', -1]);
      expect(new Set(labels.map((l) => l.mark.dy)).size).toBe(2);
      await expect(runGameExperiment({ name: 'bad', game: 'wulong-game', kind: 'sweep', sweeps: [{ set: ['nope=1..2'] }] }, ctx)).rejects.toThrow(/--set nope: no numeric rules field/);
      await expect(runGameExperiment({ name: 'bad', game: 'wulong-game', kind: 'race' }, ctx)).rejects.toThrow(/kind must be one of game, sweep/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * The generic assumptions table (src/play/assumptions.ts, `oddsmith <game> assumptions`) and the
 * generic game page (src/play/game-page.ts): the alternatives the schema gives, figures that are
 * the `balance` command's own, verdicts that follow what the rules really change (a rule no game
 * reaches holds exactly; Dracula's health moves the balance), the page's figures, and bad input.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GAMES } from '../src/games/index.js';
import { alternativesOf, checkGenericAssumptions, genericAssumptions } from '../src/play/assumptions.js';
import type { Field } from '../src/core/schema.js';
import { expectUserError, ROOT, runCli } from './helpers/cli.js';

const game = (id: string) => GAMES.find((g) => g.id === id)!;

describe('alternatives from the schema', () => {
  it('a switch: the other value; a choice: the other values; a number: half and double within range', () => {
    expect(alternativesOf({ kind: 'boolean', help: '' }, true)).toEqual({ values: ['false'], chosenBy: 'the other value' });
    expect(alternativesOf({ kind: 'enum', values: ['a', 'b', 'c'], help: '' }, 'b')).toEqual({ values: ['a', 'c'], chosenBy: 'the other values' });
    expect(alternativesOf({ kind: 'integer', min: 1, max: 1000, help: '' }, 12)).toMatchObject({ values: ['6', '24'] });
    expect(alternativesOf({ kind: 'integer', min: 1, max: 20, help: '' }, 12)).toMatchObject({ values: ['6', '20'] });
    // a default of 0 halves and doubles to itself: the range's ends
    expect(alternativesOf({ kind: 'number', min: 0, max: 1, help: '' }, 0)).toMatchObject({ values: ['1'] });
    expect(alternativesOf({ kind: 'integer', min: 5, max: 5, help: '' }, 5)).toEqual({ skipped: 'its range holds only its default' });
  });

  it('declared alternatives win; lists have none', () => {
    expect(alternativesOf({ kind: 'integer', min: 1, max: 99, help: '', alternatives: [3, 7, 5] }, 5)).toEqual({ values: ['3', '7'], chosenBy: 'declared by the game' });
    const list: Field = { kind: 'list', of: { kind: 'integer', min: 0, max: 9, help: '' }, minLength: 1, maxLength: 3, help: '' };
    expect(alternativesOf(list, [1])).toHaveProperty('skipped');
  });

  it('every assumed field of every game with a schema is listed, with alternatives or a reason', async () => {
    for (const g of GAMES.filter((x) => x.state)) {
      const rm = await g.rules();
      if (!rm.schema) continue;
      for (const a of genericAssumptions(rm.schema, rm.loadRules())) expect(a.alternatives.length > 0 || !!a.skipped, `${g.id} ${a.field}`).toBe(true);
    }
  });
});

describe('the verdicts', () => {
  it("a limit no game reaches changes nothing: Can't Stop's turnLimit holds with identical figures", async () => {
    const r = await checkGenericAssumptions(game('cant-stop'), { set: [], deals: 60, seed: 3, workers: 1 });
    expect(r.assumptions.map((a) => a.field)).toEqual(['turnLimit']);
    for (const c of r.checks) {
      for (const v of c.values.slice(1)) {
        expect(v.estimate).toBe(c.values[0].estimate);
        expect(v.verdict).toBe('holds');
      }
    }
    expect(r.summaries.every((s) => s.verdict === 'holds')).toBe(true);
  });

  it("Dracula's health moves the balance: sensitive or fails at half and double", async () => {
    const r = await checkGenericAssumptions(game('dracula'), { set: [], deals: 120, seed: 5, workers: 1, only: ['health'] });
    const first = r.checks.find((c) => c.finding === "first player's win rate")!;
    expect(first.values.map((v) => v.value)).toEqual(['default', '6', '24']);
    // Dracula (seat 0) loses more with less health and wins more with more
    expect(first.values[1].estimate).toBeLessThan(first.values[0].estimate);
    expect(first.values[2].estimate).toBeGreaterThan(first.values[0].estimate);
    for (const v of first.values.slice(1)) expect(['sensitive', 'fails']).toContain(v.verdict);
    expect(r.summaries[0].at).toEqual(['health=6', 'health=24']);
  });

  it("measures the game's own findings (Tichu's calls) at each value", async () => {
    const r = await checkGenericAssumptions(game('tichu'), { set: [], deals: 10, seed: 1, workers: 1, only: ['maxRounds'] });
    expect(r.summaries.map((s) => s.finding)).toEqual(["first player's win rate", 'game length (decisions)', 'Tichu called', 'Tichu calls made', 'Grand Tichu called', 'Grand Tichu made']);
  });
});

describe('the command', () => {
  it("prints the balance command's own first-player figure at the default", () => {
    const a = runCli(['cant-stop', 'duplicate-assumptions', '--deals', '80', '--seed', '4', '--workers', '1', '--quiet', '--json']);
    expect(a.code, a.stderr).toBe(0);
    const b = runCli(['cant-stop', 'balance', '--strategies', 'rule28', '--deals', '80', '--seed', '4', '--shard-count', '16', '--workers', '1', '--quiet', '--json']);
    expect(b.code, b.stderr).toBe(0);
    const r = JSON.parse(a.stdout), m = JSON.parse(b.stdout);
    expect(r.summaries[0].atDefault.estimate).toBe(m.seats[0].winRate.p);
    expect(r.summaries[1].atDefault.estimate).toBe(m.length.mean);
  });

  it('bad input: one line, exit 2', () => {
    expectUserError(runCli(['cant-stop', 'duplicate-assumptions', '--only', 'nope']), /"nope" is not an assumed field of cant-stop/);
    expectUserError(runCli(['cant-stop', 'duplicate-assumptions', '--players', '9']), /--players: cant-stop seats 2\.\.4/);
    expectUserError(runCli(['cant-stop', 'duplicate-assumptions', '--strategy', 'nobody']), /unknown player "nobody"/);
  });
});

describe('the generic game page', () => {
  it("writes the rules, balance, ladder and assumptions with figures for diff (Can't Stop)", async () => {
    const { toolRunners } = await import('../src/play/tool-runners.js');
    const dir = mkdtempSync(join(tmpdir(), 'oddsmith-game-page-'));
    try {
      const runner = await toolRunners()['cant-stop-page']();
      const pages = await runner({ name: 'cant-stop-page', game: 'cant-stop-page', deals: 40, seed: 2, ladder: { deals: 10, players: ['uniform', 'rule28'] }, assumptions: { deals: 40 } }, { reportsDir: dir, workers: 1, quiet: true });
      expect(pages.map((p) => p.path)).toEqual(['cant-stop/game.html']);
      const html = readFileSync(join(dir, 'cant-stop', 'game.html'), 'utf8');
      for (const h of ['Rules', 'Balance', 'Ladder: ratings', 'Assumptions']) expect(html).toContain(`>${h}</h2>`);
      expect(html).toContain('<td>turnLimit</td>');
      // the command it names reproduces its balance figures (the shard count decides the streams)
      expect(html).toContain('npx oddsmith cant-stop balance --strategies rule28 --players 2 --deals 40 --seed 2 --shard-count 16');
      for (const chart of ['game-balance', 'game-assumptions', 'game-ladder-ratings']) expect(existsSync(join(dir, 'cant-stop', `${chart}.png`)), chart).toBe(true);
      const found = JSON.parse(readFileSync(join(dir, 'cant-stop', 'game.findings.json'), 'utf8')) as { figures: { id: string; ci?: number[] }[] };
      const ids = found.figures.map((f) => f.id);
      expect(ids).toContain('Balance › rule28 › seat 1 (first) win rate');
      expect(ids).toContain("Assumptions › first player's win rate › verdict");
      expect(ids.some((i) => i.startsWith('Ladder › 1 rule28'))).toBe(true);
      expect(found.figures.find((f) => f.id === 'Balance › uniform › game length (decisions)')!.ci).toHaveLength(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes the page of a game named by its module, relative to the spec (the Pig fixture)', async () => {
    const { toolRunners } = await import('../src/play/tool-runners.js');
    const dir = mkdtempSync(join(tmpdir(), 'oddsmith-module-page-'));
    try {
      const runner = await toolRunners()['game-page']();
      const specFile = join(ROOT, 'test', 'fixtures', 'pig-page.json');
      const spec = { name: 'pig-page', game: 'game-page', module: './pig/index.js', deals: 40, seed: 2, ladder: { deals: 10 }, assumptions: { deals: 40 } };
      const pages = await runner(spec, { reportsDir: dir, workers: 1, quiet: true, specFile });
      expect(pages.map((p) => p.path)).toEqual(['pig/game.html']);
      const found = JSON.parse(readFileSync(join(dir, 'pig', 'game.findings.json'), 'utf8')) as { figures: { id: string }[] };
      // the game's own finding, re-measured at each alternative of its assumed field
      expect(found.figures.map((f) => f.id)).toContain('Assumptions › first player wins › maxTurns=500');
      await expect(runner({ ...spec, module: './nothing.js' }, { reportsDir: dir, workers: 1, quiet: true, specFile })).rejects.toThrow(/nothing\.js"?: no such file/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses an unknown spec field by name', async () => {
    const { toolRunners } = await import('../src/play/tool-runners.js');
    const runner = await toolRunners()['cant-stop-page']();
    await expect(runner({ name: 'x', game: 'cant-stop-page', deals: 40, seed: 2, deal: 3 }, { reportsDir: tmpdir(), workers: 1, quiet: true })).rejects.toThrow(/deal/);
  });
});

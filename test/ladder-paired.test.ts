/**
 * The ladder's paired findings (a rung against a changed version of itself on the same deals,
 * src/play/ladder.ts with a descriptor's `ladder.paired`): the estimator against known answers, each
 * game's measurement against the game's own command for the same comparison, the rungs a game
 * cannot change, and results that do not depend on workers or sharding.
 */
import { mkdtempSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { stateGame as liars } from '../src/games/liars-dice/state.js';
import { loadRules as liarsRules } from '../src/games/liars-dice/rules.js';
import { loadRules as weilongRules } from '../src/games/weilong/rules.js';
import { gamesKernel, gamesLayout, WORTH } from '../src/games/weilong/kernels.js';
import { paired as weilongPaired } from '../src/games/weilong/ladder-paired.js';
import { loadRules as mahjongRules } from '../src/games/sichuan-mahjong/rules.js';
import { strategyGain } from '../src/games/sichuan-mahjong/ladder-paired.js';
import { paired as mahjongPaired } from '../src/games/sichuan-mahjong/ladder-paired.js';
import { loadRules as tichuRules } from '../src/games/tichu/rules.js';
import { paired as tichuPaired } from '../src/games/tichu/ladder-paired.js';
import type { StateGame } from '../src/games/state.js';
import type { LadderPaired } from '../src/play/ladder-paired.js';
import { playLadder, summarizeLadder, type LadderParams } from '../src/play/ladder.js';
import { pairedRows } from '../src/play/ladder-text.js';
import { expectWithinSE } from './kit/within-se.js';
import { runCli } from './helpers/cli.js';

const L = liars as StateGame<never>;

/** Per finding: Σd / Σw over `deals` seeds and its delta-method standard error (written out here, not the ladder's). */
function sums(measure: (seed: number, out: Float64Array) => void, F: number, deals: number, seed: number) {
  const rng = new Rng(seed), out = new Float64Array(2 * F);
  const s = Array.from({ length: F }, () => ({ d: 0, w: 0, ds: [] as number[], ws: [] as number[], estimate: NaN, se: NaN }));
  for (let i = 0; i < deals; i++) {
    out.fill(0);
    measure(rng.nextU32(), out);
    for (let f = 0; f < F; f++) {
      s[f].d += out[2 * f];
      s[f].w += out[2 * f + 1];
      s[f].ds.push(out[2 * f]);
      s[f].ws.push(out[2 * f + 1]);
    }
  }
  for (const x of s) {
    x.estimate = x.d / x.w;
    // residuals d − r·w, their variance over deals, scaled by the mean weight
    const res = x.ds.map((d, i) => d - x.estimate * x.ws[i]);
    const variance = res.reduce((a, e) => a + e * e, 0) / (deals - 1);
    x.se = Math.sqrt(variance / deals) / (x.w / deals);
  }
  return s;
}

describe('the paired estimator', () => {
  // a made-up game measurement with known answers: rung "q=Q" counts 0, 1 or 2 trials a deal
  // (a ratio estimate) each a success with probability Q; every other rung is not measured
  const made: LadderPaired = {
    findings: [
      { name: 'per deal', kind: 'rate', about: 'one trial a deal', unit: 'share' },
      { name: 'per trial', kind: 'rate', about: '0–2 trials a deal', unit: 'share', counts: 'trials' },
    ],
    measurer: ((_rules: unknown, spec: string) => {
      const m = /^q=(.*)$/.exec(spec);
      if (!m) return null;
      const q = Number(m[1]);
      return (seed: number, out: Float64Array) => {
        const r = new Rng(seed);
        out[0] = r.nextFloat() < q ? 1 : 0;
        out[1] = 1;
        const trials = r.below(3);
        for (let t = 0; t < trials; t++) out[2] += r.nextFloat() < q ? 1 : 0;
        out[3] = trials;
      };
    }) as LadderPaired['measurer'],
  };

  it('recovers the known rates within 4 SE; unmeasured rungs are empty; rungs share their deals', () => {
    const rules = liarsRules();
    // the ladder's own rungs are Liar's Dice players; the made-up measurer reads its rungs' names only
    const p: LadderParams = { game: 'liars-dice', rules, rungs: ['uniform', 'uniform', 'uniform'], players: 2, replicates: 20 };
    // a measurer by rung index, as playing and summing up each ask once per rung (the summary: which rungs are measured)
    const byIndex = (): LadderPaired => {
      const specs = ['q=0.3', 'uniform', 'q=0.3'];
      return { ...made, measurer: ((r: never, _s: string, n: number) => made.measurer(r, specs.shift() ?? 'none', n)) as LadderPaired['measurer'] };
    };
    const r = summarizeLadder(L, p, playLadder(L, p, new Rng(5), 3000, byIndex()), byIndex());
    expect(r.paired).toHaveLength(2);
    for (const f of r.paired!) {
      expectWithinSE(f.byRung[0].estimate, 0.3, f.byRung[0].se, 4, f.name);
      expect(f.byRung[1].weight).toBe(0);
      expect(pairedRows(r)[1][f.name]).toBe('n/a');
      // the same stream for every rung: the same player measures the same deals
      expect(f.byRung[2]).toEqual(f.byRung[0]);
    }
    expect(r.paired![0].byRung[0].weight).toBe(3000);
    // 0, 1 or 2 trials a deal: about 3000 trials in all
    expect(r.paired![1].byRung[0].weight).toBeGreaterThan(2700);
    expect(r.paired![1].byRung[0].weight).toBeLessThan(3300);
    expect(pairedRows(r)[0]['per trial']).toMatch(/ trials\)$/);
  });
});

describe("each game's measurement against its own command", () => {
  it("Weilong: each Son's ability worth is `weilong simulate`'s, game for game; the no-ability player's is exactly 0", () => {
    const rules = weilongRules();
    const measure = weilongPaired.measurer(rules as never, 'adaptive', 4)!;
    const params = { rules, strategies: ['adaptive', 'adaptive', 'adaptive', 'adaptive'], rotate: false, abilityWorth: true };
    const worth = gamesLayout(params).layout.offset.worth, W = WORTH.offset;
    const out = new Float64Array(10);
    let moved = 0;
    for (let seed = 1; seed <= 40; seed++) {
      // the kernel's one game from the stream of `seed` draws the game seeds the ladder's deal draws
      const acc = gamesKernel.run(params, new Rng(seed), 1);
      out.fill(0);
      measure(seed, out);
      for (let k = 0; k < 5; k++) {
        expect(out[2 * k], `seed ${seed}, Son ${k + 1}`).toBe(acc[worth + WORTH.length * k + W.dWin]);
        expect(out[2 * k + 1], `seed ${seed}, Son ${k + 1}`).toBe(acc[worth + WORTH.length * k + W.n]);
        if (out[2 * k] !== 0) moved++;
      }
    }
    // the abilities change some games' round wins
    expect(moved).toBeGreaterThan(0);
    const none = sums(weilongPaired.measurer(rules as never, 'noability', 4)!, 5, 200, 3);
    for (const x of none) expect(x.d).toBe(0);
    expect(weilongPaired.measurer(rules as never, 'uniform', 4)).toBeNull();
    expect(weilongPaired.measurer(rules as never, 'ismcts:iters=10', 4)).toBeNull();
  });

  it("Sichuan: the value player's gain over greedy agrees with `mahjong compare`'s within 4 SE; greedy's own is exactly 0", async () => {
    const rules = mahjongRules();
    const G = 600;
    const mine = sums(mahjongPaired.measurer(rules as never, 'value', 4)!, 1, G, 21)[0];
    // the ladder's deal averages the four seats: per seat-deal, the compare command's unit
    const theirs = await strategyGain(rules, 'value', 'greedy', 4 * G, 22);
    expectWithinSE(mine.estimate, theirs.gain.mean, Math.hypot(mine.se, theirs.gain.se), 4, 'value over greedy');
    const same = sums(mahjongPaired.measurer(rules as never, 'greedy', 4)!, 1, 100, 3)[0];
    expect(same.d).toBe(0);
    expect(same.w).toBe(100);
    expect(mahjongPaired.measurer(rules as never, 'uniform', 4)).toBeNull();
  });

  it('Tichu: only the deals where seat 0 calls count, each once, under the kind it called', () => {
    const rules = tichuRules();
    // never calls: nothing to measure
    const never = sums(tichuPaired.measurer(rules as never, 'heuristic:grand=30,tichu=30', 4)!, 2, 200, 4);
    expect(never.map((x) => x.w)).toEqual([0, 0]);
    // random:call=1 calls Grand Tichu at its first chance, every deal, never Tichu after it
    const always = sums(tichuPaired.measurer(rules as never, 'random:call=1', 4)!, 2, 200, 4);
    expect(always.map((x) => x.w)).toEqual([200, 0]);
    // a call is worth its bonus when made and costs it when missed: a Grand Tichu moves 200 either way,
    // whatever else the other three do differently once they know
    expect(always[0].d).not.toBe(0);
    const heuristic = sums(tichuPaired.measurer(rules as never, 'heuristic', 4)!, 2, 400, 4);
    expect(heuristic[0].w).toBeGreaterThan(0);
    expect(heuristic[1].w).toBeGreaterThan(0);
    expect(heuristic[0].w + heuristic[1].w).toBeLessThan(400);
    expect(tichuPaired.measurer(rules as never, 'uniform', 4)).toBeNull();
  });
});

describe('the command and the page', () => {
  const strip = (j: Record<string, unknown>) => {
    const { seconds: _s, ...rest } = j;
    return rest;
  };

  it('paired findings: the same for 1 and 2 workers, and from two shards merged', () => {
    const args = ['weilong', 'ladder', '--players', 'uniform,noability,adaptive', '--deals', '16', '--shard-count', '2', '--replicates', '20', '--quiet', '--json'];
    const one = runCli([...args, '--workers', '1']), two = runCli([...args, '--workers', '2']);
    expect(one.code, one.stderr).toBe(0);
    const r = JSON.parse(one.stdout);
    expect(r.paired.map((f: { name: string }) => f.name)).toEqual(['First Son', 'Second Son', 'Third Son', 'Fourth Son', 'Fifth Son']);
    expect(r.paired[0].byRung[0].weight).toBe(0);
    expect(r.paired[0].byRung[2].weight).toBeGreaterThan(0);
    expect(strip(JSON.parse(two.stdout))).toEqual(strip(r));
    const dir = mkdtempSync(join(tmpdir(), 'oddsmith-ladder-paired-'));
    try {
      for (const i of [0, 1]) expect(runCli([...args, '--shard-index', String(i), '--out', join(dir, `p${i}.json`)]).code).toBe(0);
      const merged = runCli(['merge', join(dir, 'p0.json'), join(dir, 'p1.json'), '--json']);
      expect(merged.code, merged.stderr).toBe(0);
      expect(strip(JSON.parse(merged.stdout))).toEqual(strip(r));
      const text = runCli(['merge', join(dir, 'p0.json'), join(dir, 'p1.json')]).stdout;
      expect(text).toContain('Paired findings');
      for (const line of text.split('\n')) expect(line.length, line).toBeLessThanOrEqual(100);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the page draws each paired finding and tables the rows the command prints', async () => {
    const { toolRunners } = await import('../src/play/tool-runners.js');
    const dir = mkdtempSync(join(tmpdir(), 'oddsmith-ladder-paired-page-'));
    try {
      const runner = await toolRunners()['sichuan-mahjong-ladder']();
      await runner({ name: 'sichuan-mahjong-ladder', game: 'sichuan-mahjong-ladder', players: ['uniform', 'greedy', 'value'], deals: 12, seed: 2 }, { reportsDir: dir, workers: 1, quiet: true });
      const html = readFileSync(join(dir, 'sichuan-mahjong', 'ladder.html'), 'utf8');
      expect(existsSync(join(dir, 'sichuan-mahjong', 'ladder-paired-0.png'))).toBe(true);
      const cli = runCli(['mahjong', 'ladder', '--players', 'uniform,greedy,value', '--deals', '12', '--seed', '2', '--workers', '1', '--quiet', '--json']);
      expect(cli.code, cli.stderr).toBe(0);
      for (const row of pairedRows(JSON.parse(cli.stdout))) expect(html).toContain(`<td>${String(row['gain over greedy'])}</td>`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Command } from 'commander';
import { buildProgram } from '../src/cli/main.js';
import { CLI } from './helpers/cli.js';

// For every command that can run one shard: its shards merged by `oddsmith merge` print what the
// single run prints, field for field in --json and line for line in text, timing aside. The list
// of commands comes from the program itself, so a new shardable command without a row fails here.

const work = mkdtempSync(join(tmpdir(), 'oddsmith-merge-equal-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Small runs of each shardable command (2 shards). */
const CASES: Record<string, string[]> = {
  'wulong simulate': ['wulong', 'simulate', '--trials', '4000', '--exact'],
  'wulong game': ['wulong', 'game', '--games', '40'],
  'liars tournament': ['liars', 'tournament', '--strategies', 'threshold,conservative,bluffer', '--rounds', '600'],
  'mahjong simulate': ['mahjong', 'simulate', '--deals', '20'],
  'mahjong compare': ['mahjong', 'compare', '--strategy', 'value', '--baseline', 'greedy', '--deals', '20'],
  'mahjong odds': ['mahjong', 'odds', '1112345678999m', '--void', 's', '--tiles-left', '40', '--trials', '400'],
  'weilong simulate': ['weilong', 'simulate', '--games', '40', '--no-ability-worth'],
  'tichu simulate': ['tichu', 'simulate', '--games', '4', '--strategies', 'heuristic,random'],
  'tichu grand': ['tichu', 'grand', '--hand', 'Dr Ph Aj As Kp Kr Qs Jj', '--deals', '40'],
  'tichu call': ['tichu', 'call', '--hand', 'Dr Ph Aj As Kp Kr Qs Jj Tj 9j 8j 4s 3s 2s', '--deals', '40'],
  'tichu calls': ['tichu', 'calls', '--deals', '40', '--strategies', 'heuristic,random'],
  'dracula simulate': ['dracula', 'simulate', '--games', '200', '--dracula', 'greedy', '--helsing', 'random'],
  'cant-stop simulate': ['cant-stop', 'simulate', '--games', '200', '--player', 'rule28', '--player', 'random'],
  'cant-stop turn': ['cant-stop', 'turn', '--turns', '400', '--player', 'rule28'],
};
/** Commands that take the shard options but run whole (each point needs every shard): they refuse one shard. */
const WHOLE: Record<string, { args: string[]; refusal: RegExp }> = {
  'liars sweep': { args: ['liars', 'sweep', '--strategy', 'threshold', '--param', 'callBelow', '--values', '0.1,0.2', '--field', 'conservative', '--rounds', '100'], refusal: /liars sweep` runs whole tournaments/ },
  'wulong tell': { args: ['wulong', 'tell', '--accuracy', '0.5', '--simulate', '1000'], refusal: /--shard-index is not supported/ },
  'dracula sweep': { args: ['dracula', 'sweep', '--set', 'health=8..9', '--games', '20'], refusal: /--shard-index is not supported/ },
  'weilong odds': { args: ['weilong', 'odds', '--son', '1', '--simulate', '1000'], refusal: /weilong odds` runs one simulation per Son: --shard-index is not supported/ },
  // the generic sweep (src/cli/sweep.ts) of every game without its own
  'weilong sweep': { args: ['weilong', 'sweep', '--set', 'penalty.5=0..1', '--deals', '4'], refusal: /weilong sweep` runs every value here: --shard-index is not supported/ },
  'mahjong sweep': { args: ['mahjong', 'sweep', '--set', 'selfDrawBonus=0..1', '--deals', '4'], refusal: /mahjong sweep` runs every value here/ },
  'tichu sweep': { args: ['tichu', 'sweep', '--set', 'minStraight=4..5', '--deals', '2'], refusal: /tichu sweep` runs every value here/ },
  'cant-stop sweep': { args: ['cant-stop', 'sweep', '--set', 'columnsToWin=2..3', '--deals', '4'], refusal: /cant-stop sweep` runs every value here/ },
};

/** Every leaf command of the program, by its full name. */
export function leafCommands(c: Command, prefix: string[] = []): { name: string; cmd: Command }[] {
  return c.commands.flatMap((s) => (s.commands.length ? leafCommands(s, [...prefix, s.name()]) : [{ name: [...prefix, s.name()].join(' '), cmd: s }]));
}

function run(args: string[]) {
  const env = { ...process.env };
  for (const k of ['JOB_COMPLETION_INDEX', 'SLURM_ARRAY_TASK_ID']) delete env[k];
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: work, env, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const TIMING = new Set(['seconds', 'perSecond', 'turnsPerSecond', 'gamesPerSecond', 'dealsPerSecond', 'workers']);
/** The JSON without the fields that measure this machine (a merge reports the parts' summed time). */
const untimed = (json: string) => JSON.parse(json, (k, v) => (TIMING.has(k) ? undefined : v)) as unknown;
/** Text lines that carry a rate or a time are timing; the rest must match exactly. */
const untimedText = (t: string) => t.split('\n').map((l) => (/\/s\b| s\)/.test(l) ? '<timing>' : l));

describe('shards + merge print what the single run prints', async () => {
  const program = await buildProgram(['node', 'oddsmith']);
  const shardable = leafCommands(program).filter((c) => c.cmd.options.some((o) => o.attributeName() === 'shardIndex'));
  // the commands over the game interface (src/cli/play.ts), in every game that declares it: one row shape for all
  for (const c of shardable) {
    if (!(c.name in CASES) && / over the game interface/.test(c.cmd.description())) CASES[c.name] = [...c.name.split(' '), '--deals', '6'];
  }

  it('every shardable command has a row here (or runs whole and refuses one shard)', () => {
    expect(shardable.length).toBeGreaterThanOrEqual(10);
    for (const c of shardable) expect(c.name in CASES || c.name in WHOLE, `${c.name} needs a row in CASES or WHOLE`).toBe(true);
  });

  for (const [name, args] of Object.entries(CASES)) {
    it(name, () => {
      const base = [...args, '--quiet', '--workers', '1', '--shard-count', '2'];
      const dir = mkdtempSync(join(work, 'c-'));
      const single = run([...base, '--json']);
      const singleText = run(base);
      for (const i of [0, 1]) {
        const r = run([...base, '--shard-index', String(i), '--out', join(dir, `p${i}.json`)]);
        expect(r.code, r.stderr).toBe(0);
      }
      const merged = run(['merge', join(dir, 'p0.json'), join(dir, 'p1.json'), '--json']);
      const mergedText = run(['merge', join(dir, 'p0.json'), join(dir, 'p1.json')]);
      for (const r of [single, singleText, merged, mergedText]) expect(r.code, r.stderr).toBe(0);
      expect(untimed(merged.stdout)).toEqual(untimed(single.stdout));
      expect(untimedText(mergedText.stdout)).toEqual(untimedText(singleText.stdout));
    }, 180_000);
  }

  for (const [name, { args, refusal }] of Object.entries(WHOLE)) {
    it(`${name} refuses to run one shard`, () => {
      const r = run([...args, '--quiet', '--shard-index', '0', '--out', join(work, 'never.json')]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(refusal);
    });
  }
});

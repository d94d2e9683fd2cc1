import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { closeSync, copyFileSync, linkSync, lstatSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Command } from 'commander';
import { CLI, ROOT } from './helpers/cli.js';
import { main } from '../src/cli/main.js';
import { checksum, type PartialFile } from '../src/parallel/partial.js';
import { fuzzTableInProcess, listing, type FuzzRow } from './helpers/fuzz.js';

// Issue 27 ("Edges, third round"), items 1-4 and 8-11: each case found there, as a test. Refusals
// are fuzz rows (one line, exit 2, nothing left behind); what must now work runs as a real process.

const work = mkdtempSync(join(tmpdir(), 'oddsmith-round3-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const SHARD = ['wulong', 'simulate', '--trials', '1000', '--quiet', '--shard-count', '2', '--shard-index', '0'];
const WULONG_RULES = join(ROOT, 'rules/wulong/default.json');

function env(): NodeJS.ProcessEnv {
  const e = { ...process.env };
  for (const k of ['JOB_COMPLETION_INDEX', 'SLURM_ARRAY_TASK_ID']) delete e[k];
  return e;
}
const isPart = (text: string) => (JSON.parse(text) as { format: string }).format === 'oddsmith-partial/2';

describe('1. an output path that is a link, a stream or a device: written through, never replaced', () => {
  it('a symbolic link to a regular file: the file it names gets the result, the link stays a link', () => {
    const dir = mkdtempSync(join(work, 'link-'));
    writeFileSync(join(dir, 'target.json'), 'old');
    symlinkSync('target.json', join(dir, 'link.json'));
    const r = spawnSync(process.execPath, [CLI, ...SHARD, '--out', 'link.json'], { cwd: dir, env: env(), encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(lstatSync(join(dir, 'link.json')).isSymbolicLink()).toBe(true);
    expect(isPart(readFileSync(join(dir, 'target.json'), 'utf8'))).toBe(true);
    expect(listing(dir).map((l) => l.split(' ')[0])).toEqual(['link.json', 'target.json']);
  });

  it('a link to /proc/self/fd/1 (what /dev/stdout is) with stdout redirected to a file: the file gets the result', () => {
    const dir = mkdtempSync(join(work, 'stdout-'));
    symlinkSync('/proc/self/fd/1', join(dir, 'so'));
    const fd = openSync(join(dir, 'redirected.txt'), 'w');
    const r = spawnSync(process.execPath, [CLI, ...SHARD, '--out', 'so'], { cwd: dir, env: env(), stdio: ['ignore', fd, 'pipe'], encoding: 'utf8' });
    closeSync(fd);
    expect(r.status, r.stderr).toBe(0);
    expect(lstatSync(join(dir, 'so')).isSymbolicLink()).toBe(true);
    expect(isPart(readFileSync(join(dir, 'redirected.txt'), 'utf8'))).toBe(true);
  });

  it('--out /dev/stdout into a pipe: the result comes out of the pipe', () => {
    const r = spawnSync(process.execPath, [CLI, ...SHARD, '--out', '/dev/stdout'], { cwd: work, env: env(), encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(isPart(r.stdout)).toBe(true);
  });

  it('--out a named pipe with a reader: the reader gets the result, the pipe stays a pipe', async () => {
    const dir = mkdtempSync(join(work, 'fifo-'));
    execFileSync('mkfifo', [join(dir, 'ff')]);
    const reader = spawn('sh', ['-c', 'cat ff > got.json'], { cwd: dir });
    const readerDone = new Promise((resolve) => reader.on('exit', resolve));
    const r = spawnSync(process.execPath, [CLI, ...SHARD, '--out', 'ff'], { cwd: dir, env: env(), encoding: 'utf8', timeout: 60_000 });
    await readerDone;
    expect(r.status, r.stderr).toBe(0);
    expect(lstatSync(join(dir, 'ff')).isFIFO()).toBe(true);
    expect(isPart(readFileSync(join(dir, 'got.json'), 'utf8'))).toBe(true);
  });

  it('--out /dev/null: accepted, /dev/null stays the device, nothing left behind', () => {
    const dir = mkdtempSync(join(work, 'null-'));
    const r = spawnSync(process.execPath, [CLI, ...SHARD, '--out', '/dev/null'], { cwd: dir, env: env(), encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(lstatSync('/dev/null').isCharacterDevice()).toBe(true);
    expect(listing(dir)).toEqual([]);
  });
});

/** A rules file (a copy of the rulebook) in the row's folder, with a link and a hard link to it. */
function rulesCopies(dir: string): void {
  copyFileSync(WULONG_RULES, join(dir, 'r.json'));
  symlinkSync('r.json', join(dir, 'link.json'));
  linkSync(join(dir, 'r.json'), join(dir, 'hard.json'));
  copyFileSync(join(ROOT, 'rules/liars-dice/default.json'), join(dir, 'rules.svg'));
  mkdirSync(join(dir, 'e'));
}
const inputRows: FuzzRow[] = [
  { name: '--rules r.json --out r.json', args: [...SHARD, '--rules', '{dir}/r.json', '--out', '{dir}/r.json'], setup: rulesCopies, expect: /^partial result ".*r\.json" is the rules file ".*r\.json" this command reads/ },
  { name: '--rules through a link, --out the file', args: [...SHARD, '--rules', '{dir}/link.json', '--out', '{dir}/r.json'], setup: rulesCopies, expect: /is the rules file ".*link\.json" this command reads/ },
  { name: '--rules r.json --out a hard link to it', args: [...SHARD, '--rules', '{dir}/r.json', '--out', '{dir}/hard.json'], setup: rulesCopies, expect: /is the rules file/ },
  { name: '--rules a file --chart the same file', args: ['liars', 'sweep', '--strategy', 'threshold', '--param', 'callBelow', '--values', '0.1,0.2', '--field', 'conservative', '--rounds', '100', '--rules', '{dir}/rules.svg', '--chart', '{dir}/rules.svg'], setup: rulesCopies, expect: /^chart ".*rules\.svg" is the rules file/ },
  { name: 'report --out the --experiments folder', args: ['report', '--quiet', '--experiments', '{dir}/e', '--out', '{dir}/e'], setup: rulesCopies, expect: /^reports folder ".*e" is the experiments folder ".*e" this command reads/ },
];
describe('2. an output that is also an input is refused', () => fuzzTableInProcess('input as output', inputRows));

const DRACULA_SWEEP = ['dracula', 'sweep', '--set', 'health=8..9', '--games', '20', '--quiet'];
const wholeRows: FuzzRow[] = [
  { name: 'dracula sweep --shard-index 0 --out x.json', args: [...DRACULA_SWEEP, '--shard-index', '0', '--out', '{dir}/x.json'], expect: /^`oddsmith dracula sweep` runs every point here: --shard-index is not supported/ },
  { name: 'dracula sweep --out x.json with JOB_COMPLETION_INDEX=0', args: [...DRACULA_SWEEP, '--out', '{dir}/x.json'], env: { JOB_COMPLETION_INDEX: '0' }, expect: /^`oddsmith dracula sweep` runs every point here: --out is not supported/ },
  { name: 'dracula sweep with JOB_COMPLETION_INDEX=0', args: DRACULA_SWEEP, env: { JOB_COMPLETION_INDEX: '0' }, expect: /^JOB_COMPLETION_INDEX is set \(0\) but `oddsmith dracula sweep` cannot run as one shard/ },
  { name: 'liars sweep --shard-index 0', args: ['liars', 'sweep', '--strategy', 'threshold', '--param', 'callBelow', '--values', '0.1,0.2', '--field', 'conservative', '--rounds', '100', '--shard-index', '0', '--out', '{dir}/x.json'], expect: /runs whole tournaments .*--shard-index is not supported/ },
  { name: 'wulong tell --out with SLURM_ARRAY_TASK_ID=1', args: ['wulong', 'tell', '--accuracy', '0.5', '--simulate', '1000', '--out', '{dir}/x.json'], env: { SLURM_ARRAY_TASK_ID: '1' }, expect: /runs every accuracy here .*--out is not supported/ },
];
describe('3. a command that runs whole refuses one shard before any work', () => fuzzTableInProcess('runs whole', wholeRows));

// Two parts of each of three commands, made once; rows edit part 0 and recompute its checksum.
const parts = mkdtempSync(join(tmpdir(), 'oddsmith-round3-parts-'));
const PART_RUNS: Record<string, string[]> = {
  dracula: ['dracula', 'simulate', '--games', '300'],
  wulong: ['wulong', 'simulate', '--trials', '1000'],
  tichu: ['tichu', 'simulate', '--games', '4', '--strategies', 'heuristic,random'],
};
beforeAll(async () => {
  for (const [name, args] of Object.entries(PART_RUNS)) {
    for (const i of [0, 1]) {
      if ((await main(['node', 'oddsmith', ...args, '--quiet', '--workers', '1', '--shard-count', '2', '--shard-index', String(i), '--out', join(parts, `${name}${i}.json`)])) !== 0) throw new Error(`fixture part ${name}${i}`);
    }
  }
}, 120_000);
afterAll(() => rmSync(parts, { recursive: true, force: true }));

/** Part 0 of `name` with its accumulator changed by `edit` and the checksum recomputed, as an editor could. */
const editedParts = (name: string, edit: (acc: number[]) => void) => (dir: string) => {
  const p = JSON.parse(readFileSync(join(parts, `${name}0.json`), 'utf8')) as PartialFile;
  edit(p.acc);
  p.checksum = checksum(p, p.acc);
  writeFileSync(join(dir, 'p0.json'), JSON.stringify(p));
  copyFileSync(join(parts, `${name}1.json`), join(dir, 'p1.json'));
};
const negate = (acc: number[]) => acc.forEach((x, i) => (acc[i] = -x));
const mergeRows: FuzzRow[] = [
  ...Object.keys(PART_RUNS).map((name): FuzzRow => ({ name: `${name} simulate: every count negated`, args: ['merge', '{dir}/p0.json', '{dir}/p1.json'], setup: editedParts(name, negate), expect: /^the 2 part files add up to an impossible result: .*checksums catch damage, not edits/ })),
  { name: 'dracula simulate: a million games added to part 0', args: ['merge', '{dir}/p0.json', '{dir}/p1.json'], setup: editedParts('dracula', (acc) => void (acc[0] += 1e6)), expect: /impossible result: games 1000300, but the experiment ran 300/ },
  { name: 'dracula simulate: one entry negated', args: ['merge', '{dir}/p0.json', '{dir}/p1.json', '--json'], setup: editedParts('dracula', (acc) => void (acc[1] = -acc[1] - 1)), expect: /impossible result/ },
];
describe('4. merge refuses parts that add up to an impossible result', () => {
  fuzzTableInProcess('edited parts', mergeRows);
  it('the parts as written merge (the checks pass an honest run)', async () => {
    for (const name of Object.keys(PART_RUNS)) expect(await main(['node', 'oddsmith', 'merge', join(parts, `${name}0.json`), join(parts, `${name}1.json`), '--json']), name).toBe(0);
  });
});

const sweepRows: FuzzRow[] = [
  { name: 'dracula sweep --set values=6..20 (9 is out of range: refused before 6 runs)', args: ['dracula', 'sweep', '--set', 'values=6..20', '--games', '1000000000', '--quiet'], expect: /with --set values=9: effects must have 9\.\.16 entries/ },
  { name: 'wulong race --sweep dice=1..40 (9 is out of range: refused before 1 is solved)', args: ['wulong', 'race', '--rules', join(ROOT, 'rules/farkle/pig.json'), '--target', '100000', '--sweep', 'dice=1..40'], expect: /dice must be an integer in 1\.\.8 \(got 9\)/ },
];
sweepRows.push(
  { name: 'liars sweep --values 0.1,5 (5 is out of range: refused before 0.1 runs)', args: ['liars', 'sweep', '--strategy', 'threshold', '--param', 'callBelow', '--values', '0.1,5', '--field', 'conservative', '--rounds', '10000000000', '--quiet'], expect: /^strategy threshold: callBelow must be a number in 0\.\.1 \(got 5\)$/ },
  { name: 'wulong sweep --set bettingCards.panda.odds=1,2000 (refused before 1 runs)', args: ['wulong', 'sweep', '--set', 'bettingCards.panda.odds=1,2000', '--games', '100000000', '--quiet'], expect: /odds=2000: .*must be a number in 0\.\.1000 \(got 2000\)/ },
);
describe('9. a sweep validates every point before the first runs', () => fuzzTableInProcess('sweep points', sweepRows));

/** Start the CLI; once its action has begun and `wait` ms have passed, send `signal`. */
function interruptWhenStarted(args: string[], signal: NodeJS.Signals, dir: string, stdin: 'pipe' | 'ignore', wait = 300): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string; ms: number }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [CLI, ...args], { cwd: dir, env: { ...env(), ODDSMITH_TRACE_START: '1' }, stdio: [stdin, 'ignore', 'pipe'] });
    let stderr = '';
    let sentAt = 0;
    p.stderr!.on('data', (d: Buffer) => {
      stderr += d.toString('utf8');
      if (!sentAt && /^oddsmith: started /m.test(stderr)) {
        sentAt = -1;
        setTimeout(() => {
          sentAt = Date.now();
          p.kill(signal);
        }, wait);
      }
    });
    // never written, never closed: the command waits on it
    p.on('exit', (code, sig) => resolve({ code, signal: sig, stderr, ms: Date.now() - sentAt }));
  });
}

describe('10. an interrupt ends the process, always', () => {
  it('SIGTERM while --rules is a named pipe nobody writes (the worker is stuck opening it)', async () => {
    const dir = mkdtempSync(join(work, 'rules-fifo-'));
    execFileSync('mkfifo', [join(dir, 'rf')]);
    const r = await interruptWhenStarted(['wulong', 'solve', '--rules', './rf'], 'SIGTERM', dir, 'ignore');
    // the stuck worker cannot be stopped: the signal's own action ends the process (status 143 to a shell)
    expect(r.code === 143 || r.signal === 'SIGTERM', `code ${r.code} signal ${r.signal}`).toBe(true);
    expect(r.stderr).toBe('oddsmith: started wulong solve\noddsmith: interrupted; nothing written\n');
    expect(r.ms).toBeLessThan(10_000);
  }, 30_000);

  it('Ctrl-C (SIGINT) while mahjong discard --jsonl waits on a stdin that stays open: exit 130 at once', async () => {
    const dir = mkdtempSync(join(work, 'stdin-'));
    const r = await interruptWhenStarted(['mahjong', 'discard', '--jsonl'], 'SIGINT', dir, 'pipe');
    expect(r.code, r.stderr).toBe(130);
    expect(r.stderr).toBe('oddsmith: started mahjong discard\noddsmith: interrupted; nothing written\n');
    expect(r.ms).toBeLessThan(1500);
  }, 30_000);
});

const FARKLE = join(ROOT, 'rules/farkle/10000.json');
const PIG = join(ROOT, 'rules/farkle/pig.json');
const ignoredRows: FuzzRow[] = [
  ...['--seed', '--workers', '--samples'].map((flag): FuzzRow => ({ name: `mahjong starting-hands ${flag} without --swap-three`, args: ['mahjong', 'starting-hands', flag, '2'], expect: new RegExp(`^${flag} is for --swap-three \\(sampled deals\\); without it the distribution is exact`) })),
  { name: 'mahjong starting-hands --strategies without --swap-three', args: ['mahjong', 'starting-hands', '--strategies', 'greedy,greedy,greedy,greedy'], expect: /^--strategies is for --swap-three/ },
  { name: 'wulong advise --target --me without --race', args: ['wulong', 'advise', '--score', '0', '--dice', '5', '--target', '2000', '--me', '100'], expect: /^--target is for --race \(playing to win a race\); without --race, advise maximizes the turn score/ },
  { name: 'wulong advise --busts 0 without --race', args: ['wulong', 'advise', '--score', '0', '--dice', '5', '--busts', '0'], expect: /^--busts is for --race/ },
  { name: 'wulong race --target 2001 (score step 50)', args: ['wulong', 'race', '--rules', FARKLE, '--target', '2001'], expect: /^--target 2001 is off the score step: banked scores move in steps of 50 under these rules, so a race to 2001 is the race to 2050; give --target 2050 \(or 2000\)$/ },
  { name: 'wulong advise --race --target 2001 (score step 50)', args: ['wulong', 'advise', '--race', '--rules', FARKLE, '--target', '2001', '--me', '0', '--them', '0', '--score', '0', '--dice', '6'], expect: /^--target 2001 is off the score step/ },
  { name: 'wulong race --sweep at a target off a point\'s step', args: ['wulong', 'race', '--rules', FARKLE, '--target', '1025', '--sweep', 'faces.4.score.3=400,500'], expect: /^--target 1025 is off the score step/ },
];
describe('8. options that would be ignored, and targets off the score step, are refused', () => fuzzTableInProcess('ignored', ignoredRows));

describe('8. every command that prints a table has --csv, and it works', () => {
  const CSV: [string, string[], RegExp][] = [
    ['tichu grand', ['tichu', 'grand', '--hand', 'Dr Ph Aj As Kp Kr Qs Jj', '--deals', '20', '--quiet'], /^measure,value,low,high,n\nP\(first out\) with the call,/],
    ['tichu call', ['tichu', 'call', '--hand', 'Dr Ph Aj As Kp Kr Qs Jj Tj 9j 8j 4s 3s 2s', '--deals', '20', '--quiet'], /^measure,value,low,high,n\n(.+\n){5}$/],
    ['liars check', ['liars', 'check', '--table', '2,2,2,2,2,3,3,3,3,3', '--bid', '2x2', '9x3'], /^bid,counted,wild1s,verdict\n2x2,5,0,true\n9x3,5,0,false\n$/],
    ['liars strategies', ['liars', 'strategies'], /^name,description,defaults\nthreshold,/],
    ['wulong race (2 players)', ['wulong', 'race', '--rules', PIG, '--target', '10'], /^me,them,stop 1 dice\n0,0,10\n/],
    ['wulong race --players 3', ['wulong', 'race', '--rules', PIG, '--target', '10', '--players', '3'], /^seat,wins\n1,0\.\d+\n2,0\.\d+\n3,0\.\d+\n$/],
    ['wulong race --sweep', ['wulong', 'race', '--rules', PIG, '--target', '10', '--sweep', 'dice=1..2'], /^dice,firstPlayerWins,advantage,expectedTurns,turnScore\n1,.*\n2,.*\n$/],
    ['wulong advise', ['wulong', 'advise', '--score', '0', '--dice', '5'], /^action,total,dice,stopEv,rollEv,bustRisk\nroll,0,5,0,3713\.\d+,0\.077\d+\n$/],
    ['wulong advise --roll', ['wulong', 'advise', '--score', '0', '--dice', '5', '--roll', 'D,T,3,3,5'], /^setAside,score,newTotal,diceLeft,then,ev\nD,1000,1000,4,roll,/],
    ['wulong advise --race', ['wulong', 'advise', '--race', '--rules', PIG, '--target', '100', '--me', '41', '--them', '49', '--score', '27', '--dice', '1'], /^action,total,dice,me,them,target,stopWin,rollWin,stopFrom\nroll,27,1,41,49,100,0\.655\d+,0\.655\d+,22\n$/],
  ];
  for (const [name, args, expected] of CSV) {
    it(`${name} --csv`, () => {
      const r = spawnSync(process.execPath, [CLI, ...args, '--csv'], { cwd: work, env: env(), encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toMatch(expected);
    });
  }

  it('the README\'s promise holds: --json on every command that prints a result, --csv on every one that prints a table', async () => {
    const { buildProgram } = await import('../src/cli/main.js');
    const leafCommands = (c: Command, prefix: string[] = []): { name: string; cmd: Command }[] => c.commands.flatMap((sub) => (sub.commands.length ? leafCommands(sub, [...prefix, sub.name()]) : [{ name: [...prefix, sub.name()].join(' '), cmd: sub }]));
    const program = await buildProgram(['node', 'oddsmith']);
    // what these print is prose or a play-by-play log, not a table; report writes pages; check-game
    // prints a verdict and one line per failure
    const noTable = ['liars exploit', 'weilong play', 'report', 'check-game'];
    for (const { name, cmd } of leafCommands(program)) {
      const longs = cmd.options.map((o) => o.long);
      if (name !== 'report') expect(longs, `${name} --json`).toContain('--json');
      if (!noTable.includes(name)) expect(longs, `${name} --csv`).toContain('--csv');
    }
  });
});

const PRESETS = 'presets: default, farkle/10000, farkle/facebook, farkle/kingdom-come, farkle/patch, farkle/pig, farkle/zilch';
const wordRows: FuzzRow[] = [
  { name: 'a missing rules file is a missing file, not a missing folder', args: ['wulong', 'solve', '--rules', '{dir}/nope.json'], expect: new RegExp(`^cannot read rules file ".*nope\\.json": no such file \\(${PRESETS}\\)$`) },
  { name: 'a missing part file is a missing file', args: ['merge', '{dir}/nope.json'], expect: /^cannot read partial result ".*nope\.json": no such file$/ },
  { name: '--rules 10000: what was looked for, and the presets', args: ['wulong', 'solve', '--rules', '10000'], expect: new RegExp(`^cannot read rules file "10000": no preset by that name \\(looked for "rules/wulong/10000\\.json" in the package\\); ${PRESETS}; or give a \\.json file$`) },
  { name: '--rules farkle/100 (no such Farkle preset)', args: ['wulong', 'solve', '--rules', 'farkle/100'], expect: /^cannot read rules file "farkle\/100": no preset by that name \(looked for "rules\/farkle\/100\.json" in the package\)/ },
  { name: '--rules nope for tichu lists tichu\'s presets', args: ['tichu', 'odds', '--rules', 'nope'], expect: /no preset by that name \(looked for "rules\/tichu\/nope\.json" in the package\); presets: default; or give a \.json file$/ },
  { name: 'oddsmith farkle: a pointer to the wulong commands', args: ['farkle', 'solve'], expect: /^unknown command 'farkle': Farkle is played with the wulong commands and a Farkle preset, e\.g\. `npx oddsmith wulong solve --rules farkle\/10000`/ },
  { name: '--busts 1 where the rules count no busts in a row', args: ['wulong', 'advise', '--race', '--target', '2000', '--me', '0', '--them', '0', '--score', '0', '--dice', '5', '--busts', '1'], expect: /^--busts 1: these rules have no penalty for busts in a row \(no consecutiveBusts\), so there is nothing to count; leave --busts out$/ },
  { name: '--busts 5 where the rules penalize 3 in a row', args: ['wulong', 'advise', '--race', '--rules', 'farkle/facebook', '--target', '2000', '--me', '0', '--them', '0', '--score', '0', '--dice', '6', '--busts', '5'], expect: /^--busts must be in 0\.\.2 \(the rules penalize 3 busts in a row, and the count starts again\)$/ },
  { name: 'threshold:1e12 is out of range, not a fraction', args: ['wulong', 'solve', '--policy', 'threshold:1e12'], expect: /^policy threshold:1e12: expected threshold:T with a total in 0\.\.10,000,000 \(got "1e12"\)$/ },
  { name: 'threshold:2.5 is not a whole number', args: ['wulong', 'solve', '--policy', 'threshold:2.5'], expect: /expected threshold:T with a whole-number total \(got "2\.5"\)$/ },
  { name: 'a turn total off the step says the step', args: ['wulong', 'advise', '--score', '350', '--dice', '3'], expect: /^a turn total of 350 cannot occur under these rules: turn totals move in steps of 500$/ },
  { name: 'a turn total on the step but unreachable with those dice', args: ['wulong', 'advise', '--score', '0', '--dice', '3'], expect: /^a turn total of 0 with 3 dice to roll cannot occur under these rules$/ },
  { name: '--die 3 beside a missing --dice: the unknown option first, with its suggestion', args: ['wulong', 'advise', '--score', '0', '--die', '3'], expect: /^unknown option '--die' \(Did you mean --dice\?\)$/ },
  { name: '--polcy', args: ['wulong', 'solve', '--polcy', 'x'], expect: /^unknown option '--polcy' \(Did you mean --policy\?\)$/ },
];
describe('11. words: each message says what is wrong', () => fuzzTableInProcess('words', wordRows));

it('11. --rules farkle/10000 finds the shipped preset from any folder', () => {
  const r = spawnSync(process.execPath, [CLI, 'wulong', 'solve', '--rules', 'farkle/10000', '--json'], { cwd: work, env: env(), encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  expect((JSON.parse(r.stdout) as { rules: string }).rules).toMatch(/^10000 /);
});

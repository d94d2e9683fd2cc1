import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzTable, fuzzTableInProcess, type FuzzRow } from './helpers/fuzz.js';
import { main } from '../src/cli/main.js';

// Hostile input to the shared commands: merge, report, the simulation options every simulate
// command shares (through `wulong simulate`), output paths, cluster index variables, and the CLI's
// own parsing. Each row must be refused in one line, exit 2, with nothing left behind.
//
// The rows run in-process (through the CLI's `main`, as test/edges-fuzz-commands.test.ts does):
// every one is refused before any work starts. A few run again as real processes — the exit code,
// the one line and the folder as the program itself leaves them — and so do the full-disk rows,
// which write. Bad numbers for --seed, --shard-index, --shard-count and --workers are rows of
// edges-fuzz-commands (every numeric option of every command), not repeated here.

const SIM = ['wulong', 'simulate', '--trials', '1000', '--quiet'];
const SHARD = [...SIM, '--shard-count', '2', '--shard-index', '0', '--out'];

// two valid parts of one experiment, and one part of another, made once
const fixtures = mkdtempSync(join(tmpdir(), 'oddsmith-parts-'));
beforeAll(async () => {
  const run = async (args: string[]) => {
    if ((await main(['node', 'oddsmith', ...args])) !== 0) throw new Error(`fixture part: ${args.join(' ')}`);
  };
  for (const i of [0, 1]) await run([...SIM, '--shard-count', '2', '--shard-index', String(i), '--out', join(fixtures, `p${i}.json`)]);
  await run([...SIM, '--seed', '2', '--shard-count', '2', '--shard-index', '1', '--out', join(fixtures, 'other1.json')]);
}, 120_000);
afterAll(() => rmSync(fixtures, { recursive: true, force: true }));

type Part = Record<string, unknown> & { experiment: Record<string, unknown>; acc: unknown[] };
const part = (name: string): Part => JSON.parse(readFileSync(join(fixtures, name), 'utf8')) as Part;

/** Write part 0 changed by `edit` (and part 1 as it is) into the row's folder. */
const edited = (edit: (p: Part) => unknown) => (dir: string) => {
  const p = part('p0.json');
  const out = edit(p) ?? p;
  writeFileSync(join(dir, 'p0.json'), typeof out === 'string' ? out : JSON.stringify(out));
  writeFileSync(join(dir, 'p1.json'), readFileSync(join(fixtures, 'p1.json')));
};
const mergeRow = (name: string, edit: (p: Part) => unknown, expect: RegExp): FuzzRow => ({ name, args: ['merge', '{dir}/p0.json', '{dir}/p1.json'], setup: edited(edit), expect });

const mergeRows: FuzzRow[] = [
  mergeRow('acc entry null', (p) => void (p.acc[3] = null), /acc\[3\] must be a finite number \(got null\)/),
  mergeRow('acc entry "abc"', (p) => void (p.acc[0] = 'abc'), /acc\[0\] must be a finite number/),
  mergeRow('acc entry -1e308 (finite, but not what was computed)', (p) => void (p.acc[1] = -1e308), /checksum does not match/),
  mergeRow('acc entry changed by one count', (p) => void ((p.acc as number[])[0] += 1), /checksum does not match/),
  mergeRow('acc one entry short', (p) => void p.acc.pop(), /acc must have \d+ entries/),
  mergeRow('acc and accLength both shortened', (p) => void (p.acc.pop(), (p.accLength as number)--), /checksum does not match/),
  mergeRow('acc not an array', (p) => void (p.acc = {} as never), /acc must be an array/),
  mergeRow('checksum missing', (p) => void delete p.checksum, /checksum does not match/),
  mergeRow('kernel "toString"', (p) => void (p.experiment.kernel = 'toString'), /is not a kernel name/),
  mergeRow('kernel "__proto__.x"', (p) => void (p.experiment.kernel = '__proto__.x'), /is not a kernel name/),
  mergeRow('kernel of no game', (p) => void (p.experiment.kernel = 'nogame.turn'), /experiment id does not match|unknown kernel/),
  mergeRow('kernel a number', (p) => void (p.experiment.kernel = 7), /experiment\.kernel must be a string/),
  mergeRow('params null', (p) => void (p.experiment.params = null), /experiment\.params must be an object/),
  mergeRow('params an array', (p) => void (p.experiment.params = []), /experiment\.params must be an object/),
  mergeRow('shardCount 2e9', (p) => void (p.experiment.shardCount = 2e9), /shardCount must be an integer in 1\.\.1000000/),
  mergeRow('shardCount 0', (p) => void (p.experiment.shardCount = 0), /shardCount must be an integer in 1\.\.1000000/),
  mergeRow('relabelled shardCount 1 (a part passed off as the whole)', (p) => void (p.experiment.shardCount = 1), /experiment id does not match/),
  mergeRow('total below shardCount', (p) => void (p.experiment.total = 1), /total must be an integer in 2\.\./),
  mergeRow('seed 2^32', (p) => void (p.experiment.seed = 2 ** 32), /seed must be an integer in 0\.\.4294967295/),
  mergeRow('seed -1', (p) => void (p.experiment.seed = -1), /seed must be an integer/),
  mergeRow('seed 1.5', (p) => void (p.experiment.seed = 1.5), /seed must be an integer/),
  mergeRow('shardIndex out of range', (p) => void (p.shardIndex = 5), /shardIndex must be an integer in 0\.\.1/),
  mergeRow('count not the shard size', (p) => void (p.count = 7), /count 7 is not the size of shard 0/),
  mergeRow('format of another version', (p) => void (p.format = 'oddsmith-partial/1'), /not an oddsmith partial result of this version/),
  mergeRow('a JSON array', () => '[1,2,3]', /must be an object/),
  mergeRow('not JSON', () => '{"format": ', /is not valid JSON/),
  mergeRow('empty file', () => '', /is not valid JSON/),
  mergeRow('JSON nested 100,000 deep', () => '['.repeat(100_000) + ']'.repeat(100_000), /must be an object|is not valid JSON/),
  mergeRow('params nested 100,000 deep', () => '{"format":"oddsmith-partial/2","experiment":{"kernel":"wulong.turn","params":{"a":' + '['.repeat(100_000) + ']'.repeat(100_000) + '}}}', /nested more than 64 deep/),
  mergeRow('100k-character kernel name', (p) => void (p.experiment.kernel = 'x'.repeat(100_000)), /is not a kernel name/),
  { name: 'the same shard twice', args: ['merge', '{dir}/p0.json', '{dir}/p0.json'], setup: edited(() => undefined), expect: /shard 0 appears twice|2 files given|missing shard/ },
  { name: 'a missing shard', args: ['merge', '{dir}/p0.json'], setup: edited(() => undefined), expect: /missing shard\(s\) 1 of 2/ },
  { name: 'parts of two experiments', args: ['merge', '{dir}/p0.json', '{dir}/o1.json'], setup: (d) => (edited(() => undefined)(d), writeFileSync(join(d, 'o1.json'), readFileSync(join(fixtures, 'other1.json')))), expect: /belongs to a different experiment/ },
  { name: 'more files than shards', args: ['merge', '{dir}/p0.json', '{dir}/p1.json', '{dir}/p1.json'], setup: edited(() => undefined), expect: /3 files given for an experiment of 2 shard/ },
  { name: 'a file that does not exist', args: ['merge', '{dir}/nope.json'], expect: /cannot read partial result ".*\/nope\.json"/ },
  { name: 'a folder', args: ['merge', '{dir}'], expect: /cannot read partial result .*it is a folder/ },
  { name: 'no files', args: ['merge'], expect: /missing required argument/ },
];

/** Paths no output can be written to; `{dir}` holds a regular file, a folder and a dangling link. */
function badPaths(dir: string): void {
  writeFileSync(join(dir, 'regular'), 'x');
  mkdirSync(join(dir, 'folder'));
  symlinkSync(join(dir, 'nowhere'), join(dir, 'dangling'));
}
const long = 'a'.repeat(305);
const pathCases: [string, string, RegExp][] = [
  ['a folder', 'folder', /is a folder|is a file, not a folder|ends with/],
  ['/proc/x', '/proc/x', /cannot write .*"\/proc\/x": this folder takes no new (files|folders)/],
  ['deep under /proc (no recursive-mkdir spin)', '/proc/1/nope/deeper/x', /cannot create folder|takes no new/],
  ['a path under a regular file', 'regular/x', /"[^"]*regular" is a file, not a folder/],
  ['a trailing slash', 'new/', /ends with "\/"|is a folder/],
  ['a 305-character name', long, /longer than 255 bytes/],
  ['a dangling symlink', 'dangling', /symbolic link to nothing/],
  ['a path through a dangling symlink', 'dangling/x', /symbolic link to nothing/],
  ['an empty name', '', /needs a (file|folder) name/],
  // a stream (/dev/null, a pipe, /dev/stdout) is written through: see edges-round3; a disk never is
  ...(existsSync('/dev/loop0') ? [['a disk device', '/dev/loop0', /is a disk device/] as [string, string, RegExp]] : []),
];

const outRows: FuzzRow[] = pathCases.map(([name, path, expect]) => ({ name: `--out ${name}`, args: [...SHARD, path.startsWith('/') || path === '' ? path : `{dir}/${path}`], setup: badPaths, expect }));
const reportRows: FuzzRow[] = [
  ...pathCases
    .filter(([name]) => !['a folder', 'a trailing slash', 'a disk device'].includes(name))
    .map(([name, path, expect]): FuzzRow => ({ name: `report --out ${name}`, args: ['report', '--quiet', '--out', path.startsWith('/') || path === '' ? path : `{dir}/${path}`], setup: badPaths, expect: new RegExp(`${expect.source}|is a file, not a folder`) })),
  { name: 'report --out /dev/null', args: ['report', '--quiet', '--out', '/dev/null'], expect: /is a file, not a folder/ },
  { name: 'report --experiments missing', args: ['report', '--quiet', '--experiments', '{dir}/none', '--out', '{dir}/r'], expect: /cannot read experiments folder/ },
  { name: 'report --experiments a file', args: ['report', '--quiet', '--experiments', '{dir}/regular', '--out', '{dir}/r'], setup: badPaths, expect: /cannot read experiments folder/ },
  { name: 'report --experiments with a bad JSON file', args: ['report', '--quiet', '--experiments', '{dir}/e', '--out', '{dir}/r'], setup: (d) => (mkdirSync(join(d, 'e')), writeFileSync(join(d, 'e', 'x.json'), '{')), expect: /is not valid JSON/ },
  { name: 'report --experiments with an unknown game', args: ['report', '--quiet', '--experiments', '{dir}/e', '--out', '{dir}/r'], setup: (d) => (mkdirSync(join(d, 'e')), writeFileSync(join(d, 'e', 'x.json'), '{"game":"chess","name":"x"}')), expect: /game must be one of/ },
  { name: 'report --experiments with an array file', args: ['report', '--quiet', '--experiments', '{dir}/e', '--out', '{dir}/r'], setup: (d) => (mkdirSync(join(d, 'e')), writeFileSync(join(d, 'e', 'x.json'), '[]')), expect: /must be an object/ },
  { name: 'report --only unknown', args: ['report', '--quiet', '--only', 'nope', '--out', '{dir}/r'], expect: /unknown experiment\(s\): nope/ },
  { name: 'report --only empty', args: ['report', '--quiet', '--only', '', '--out', '{dir}/r'], expect: /--only needs experiment names/ },
  { name: 'report --only a 100k-character name', args: ['report', '--quiet', '--only', 'x'.repeat(100_000), '--out', '{dir}/r'], expect: /unknown experiment/ },
  { name: 'report --workers 0', args: ['report', '--quiet', '--workers', '0'], expect: /--workers must be an integer in 1\.\.256/ },
];

const simRows: FuzzRow[] = [
  { name: '--seed 2^32 (would alias seed 0)', args: [...SIM, '--seed', '4294967296'], expect: /--seed must be an integer in 0\.\.4294967295/ },
  { name: '--shard-index past the last shard', args: [...SIM, '--shard-count', '4', '--shard-index', '4', '--out', '{dir}/p.json'], expect: /--shard-index must be an integer in 0\.\.3/ },
  { name: '--shard-count 2e9', args: [...SIM, '--shard-count', '2e9'], expect: /--shard-count must be an integer in 1\.\.1000000/ },
  { name: '--out without --shard-index', args: [...SIM, '--out', '{dir}/p.json'], expect: /--out writes one shard's partial result: give --shard-index too/ },
  { name: '--shard-index without --out', args: [...SIM, '--shard-index', '0'], expect: /a single shard needs --out FILE/ },
  ...[' ', 'abc', '-1', '1.0', '1e3', '99999999', '0x1', '٣'].map((v): FuzzRow => ({ name: `JOB_COMPLETION_INDEX=${JSON.stringify(v)}`, args: [...SIM, '--out', '{dir}/p.json'], env: { JOB_COMPLETION_INDEX: v }, expect: /^JOB_COMPLETION_INDEX must be a shard index, an integer 0\.\.999999/ })),
  { name: 'SLURM_ARRAY_TASK_ID=x', args: [...SIM, '--out', '{dir}/p.json'], env: { SLURM_ARRAY_TASK_ID: 'x' }, expect: /^SLURM_ARRAY_TASK_ID must be a shard index/ },
  { name: 'JOB_COMPLETION_INDEX past the last shard', args: [...SIM, '--shard-count', '4', '--out', '{dir}/p.json'], env: { JOB_COMPLETION_INDEX: '9' }, expect: /--shard-index must be an integer in 0\.\.3/ },
  { name: 'a cluster index for a command that cannot run one shard (wulong sweep)', args: ['wulong', 'sweep', '--set', 'bettingCards.panda.odds=1..2', '--games', '100', '--quiet'], env: { SLURM_ARRAY_TASK_ID: '1' }, expect: /SLURM_ARRAY_TASK_ID is set \(1\) but `oddsmith wulong sweep` cannot run as one shard/ },
];

const cliRows: FuzzRow[] = [
  { name: 'a typo in a command (commander\'s two lines made one)', args: ['wulong', 'simulat'], expect: /unknown command 'simulat' \(Did you mean simulate\?\)/ },
  { name: 'an unknown top-level command', args: ['chess'], expect: /unknown command 'chess'/ },
  { name: 'an unknown option', args: [...SIM, '--bogus'], expect: /unknown option '--bogus'/ },
  { name: 'an option without its value', args: ['wulong', 'simulate', '--trials'], expect: /option '--trials <n>' argument missing/ },
  { name: 'a missing required option', args: ['wulong', 'simulate'], expect: /required option '--trials <n>' not specified/ },
  { name: 'an unknown option at the top', args: ['--frobnicate'], expect: /unknown option '--frobnicate'/ },
];

/**
 * Output paths are checked before the work: each row asks for hours of work and names a path that
 * cannot be written. Run in-process with no way to stop the work, a row that computed first would
 * not come back; it must come back with the path's one line.
 */
const WULONG_SWEEP = ['wulong', 'sweep', '--set', 'bettingCards.panda.odds=1..2', '--games', '100000000', '--quiet', '--page', 'x', '--reports'];
const LIARS_SWEEP = ['liars', 'sweep', '--strategy', 'threshold', '--param', 'callBelow', '--values', '0.1,0.2', '--field', 'conservative', '--rounds', '10000000000', '--quiet', '--chart'];
const HUGE_SHARD = ['wulong', 'simulate', '--trials', '1e12', '--quiet', '--shard-index', '0', '--out'];
const beforeWorkRows: FuzzRow[] = [
  { name: 'wulong sweep of 1e8 games, --reports under /proc', args: [...WULONG_SWEEP, '/proc/x'], expect: /^cannot write reports folder "\/proc\/x": this folder takes no new files \("\/proc" is on proc/ },
  { name: 'wulong sweep of 1e8 games, --reports a regular file', args: [...WULONG_SWEEP, '{dir}/regular'], setup: badPaths, expect: /^reports folder ".*regular" is a file, not a folder/ },
  { name: 'wulong sweep of 1e8 games, --reports a dangling symlink', args: [...WULONG_SWEEP, '{dir}/dangling'], setup: badPaths, expect: /^reports folder ".*dangling" is a symbolic link to nothing/ },
  { name: 'wulong sweep of 1e8 games, --reports under a regular file', args: [...WULONG_SWEEP, '{dir}/regular/reports'], setup: badPaths, expect: /^cannot write reports folder .*regular" is a file, not a folder/ },
  { name: 'wulong sweep of 1e8 games, the page a folder', args: [...WULONG_SWEEP, '{dir}/reports'], setup: (d) => mkdirSync(join(d, 'reports', 'wulong', 'x.html'), { recursive: true }), expect: /^report page ".*x\.html" is a folder/ },
  { name: 'liars sweep of 1e10 rounds, --chart under /proc', args: [...LIARS_SWEEP, '/proc/x/c.svg'], expect: /^cannot write chart "\/proc\/x\/c\.svg": this folder takes no new files/ },
  { name: 'liars sweep of 1e10 rounds, --chart in /sys', args: [...LIARS_SWEEP, '/sys/c.svg'], expect: /^cannot write chart "\/sys\/c\.svg": this folder takes no new files \("\/sys" is on sysfs/ },
  { name: 'liars sweep of 1e10 rounds, --chart a folder', args: [...LIARS_SWEEP, '{dir}/folder'], setup: badPaths, expect: /^chart ".*folder" is a folder/ },
  { name: 'liars sweep of 1e10 rounds, --chart under a regular file', args: [...LIARS_SWEEP, '{dir}/regular/c.svg'], setup: badPaths, expect: /regular" is a file, not a folder/ },
  { name: 'liars sweep of 1e10 rounds, --chart a dangling symlink', args: [...LIARS_SWEEP, '{dir}/dangling'], setup: badPaths, expect: /symbolic link to nothing/ },
  { name: 'liars sweep of 1e10 rounds, --chart a 305-character name', args: [...LIARS_SWEEP, `{dir}/${long}.svg`], expect: /longer than 255 bytes/ },
  { name: 'liars sweep of 1e10 rounds, --chart with a trailing slash', args: [...LIARS_SWEEP, '{dir}/c/'], expect: /ends with "\/"/ },
  { name: 'wulong simulate of 1e12 trials, shard --out in /sys', args: [...HUGE_SHARD, '/sys/p.json'], expect: /^cannot write partial result "\/sys\/p\.json": this folder takes no new files/ },
  { name: 'wulong simulate of 1e12 trials, shard --out deep under /proc', args: [...HUGE_SHARD, '/proc/self/x/y/p.json'], expect: /this folder takes no new files/ },
  { name: 'wulong simulate of 1e12 trials, shard --out through /dev/fd (a link into /proc)', args: [...HUGE_SHARD, '/dev/fd/x/p.json'], expect: /this folder takes no new files|is a file, not a folder|not a regular file/ },
  { name: 'report of every experiment, --out under /proc', args: ['report', '--quiet', '--out', '/proc/x/r'], expect: /^cannot write reports folder "\/proc\/x\/r": this folder takes no new files/ },
];

describe('fuzz: merge refuses damaged, edited and mismatched part files', () => fuzzTableInProcess('merge', mergeRows));
describe('fuzz: --out of a single shard refuses unwritable paths', () => fuzzTableInProcess('shard --out', outRows));
describe('fuzz: report refuses bad folders and unwritable --out', () => fuzzTableInProcess('report', reportRows));
describe('fuzz: shared simulation options and cluster index variables', () => fuzzTableInProcess('simulate', simRows));
describe('fuzz: the CLI\'s own parsing', () => fuzzTableInProcess('cli', cliRows));
describe('fuzz: output paths are refused before the work starts', () => fuzzTableInProcess('before the work', beforeWorkRows));

// The real program, in its own process, for a few rows of each kind: what `main` returns is what
// the process exits with, its one line is all of stderr, and it leaves its folder as it was.
const SPAWNED = ['acc entry null', 'a file that does not exist', '--out /proc/x', '--out a dangling symlink', 'report --out a path under a regular file', 'JOB_COMPLETION_INDEX="abc"', 'a typo in a command (commander\'s two lines made one)', 'an option without its value', 'wulong sweep of 1e8 games, --reports under /proc', 'liars sweep of 1e10 rounds, --chart a folder'];
const everyRow = [...mergeRows, ...outRows, ...reportRows, ...simRows, ...cliRows, ...beforeWorkRows];
describe('fuzz: the same refusals from the real program (separate processes)', () => {
  it('names rows that exist', () => expect(SPAWNED.filter((n) => !everyRow.some((r) => r.name === n))).toEqual([]));
  fuzzTable('process', everyRow.filter((r) => SPAWNED.includes(r.name)));
});

// A full disk needs a tiny file system: mount a tmpfs when this machine lets us (root), else skip.
const tiny = mkdtempSync(join(tmpdir(), 'oddsmith-tiny-'));
let mounted = false;
try {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=12k', 'tmpfs', tiny], { stdio: 'ignore' });
  writeFileSync(join(tiny, 'filler'), Buffer.alloc(11 * 1024));
  mounted = true;
} catch {
  console.warn('edges-fuzz: cannot mount a tmpfs here (not root?): the full-disk rows are skipped');
}
afterAll(() => {
  if (mounted) execFileSync('umount', [tiny]);
  rmSync(tiny, { recursive: true, force: true });
});
describe.runIf(mounted)('fuzz: a full disk', () =>
  fuzzTable('full disk', [
    { name: 'shard --out on a full disk', args: [...SIM, '--trials', '100000', '--shard-count', '1', '--shard-index', '0', '--out', `${tiny}/part.json`], watch: [tiny], expect: /cannot write partial result .*no space left on the device/ },
    { name: 'shard --out in a new folder on a full disk', args: [...SIM, '--trials', '100000', '--shard-count', '1', '--shard-index', '0', '--out', `${tiny}/a/b/part.json`], watch: [tiny], expect: /no space left on the device/ },
    { name: 'report --only into a full disk', args: ['report', '--quiet', '--workers', '1', '--only', 'liars-dice-odds', '--out', `${tiny}/reports`], watch: [tiny], expect: /no space left on the device/, timeoutMs: 180_000 },
  ]),
);

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Command, Option } from 'commander';
import { fileURLToPath } from 'node:url';
import { buildProgram } from '../src/cli/main.js';
import { loadGames } from '../src/games/registry.js';
import { fuzzTableInProcess, type FuzzRow } from './helpers/fuzz.js';

// Hostile input to EVERY command of the program, run in-process (thousands of rows in seconds).
// The command list comes from the commander program itself: a command added later without rows
// fails the coverage test below. Rows:
//   - every numeric option × non-numbers, NaN, Infinity, huge, empty, unicode digits, 100k
//     characters (always refused), and negatives/zero/fractions where the option's range excludes them;
//   - every command × an unknown option and a stray argument;
//   - every command that reads rules × malformed rules files and --set mistakes;
//   - every command that writes a file × an unwritable path;
//   - malformed hands, bids, melds, dice, cards and strategies, command by command.

// a game module's commands too (the Pig fixture): the generic commands are fuzzed for it as for a built-in
await loadGames([fileURLToPath(new URL('fixtures/pig/index.js', import.meta.url))]);
const program = await buildProgram(['node', 'oddsmith']);
function leafCommands(c: Command, prefix: string[] = []): { name: string; cmd: Command }[] {
  return c.commands.flatMap((s) => (s.commands.length ? leafCommands(s, [...prefix, s.name()]) : [{ name: [...prefix, s.name()].join(' '), cmd: s }]));
}
const COMMANDS = leafCommands(program);

/** A valid, quick invocation of each command: string rows change one thing in it. */
const BASE: Record<string, string[]> = {
  'wulong game': ['wulong', 'game', '--games', '10'],
  'wulong sweep': ['wulong', 'sweep', '--set', 'bettingCards.panda.odds=1..2', '--games', '10'],
  'wulong solve': ['wulong', 'solve'],
  'wulong advise': ['wulong', 'advise', '--score', '0', '--dice', '5'],
  'wulong bets': ['wulong', 'bets', '--score', '5000', '--dice', '5'],
  'wulong simulate': ['wulong', 'simulate', '--trials', '100'],
  'wulong race': ['wulong', 'race', '--rules', 'rules/farkle/pig.json', '--target', '20'],
  'wulong tell': ['wulong', 'tell', '--accuracy', '0.5'],
  'wulong assumptions': ['wulong', 'assumptions', '--exact-only'],
  'wulong grade': ['wulong', 'grade', 'rules/wulong/examples/turn-decisions.jsonl'],
  'liars assumptions': ['liars', 'assumptions', '--rounds', '1000'],
  'mahjong compare': ['mahjong', 'compare', '--strategy', 'value', '--deals', '2'],
  'mahjong assumptions': ['mahjong', 'assumptions', '--deals', '100', '--only', 'rootCounts'],
  'weilong assumptions': ['weilong', 'assumptions', '--games', '100', '--only', 'penalty'],
  'liars odds': ['liars', 'odds', '--players', '4', '--mine', '2,2,4,1,6', '--bid', '8x2'],
  'liars table': ['liars', 'table', '--unknown', '15'],
  'liars check': ['liars', 'check', '--table', '2,2,2,2,2,3,3,3,3,3', '--bid', '2x2'],
  'liars tournament': ['liars', 'tournament', '--strategies', 'threshold,conservative', '--rounds', '100'],
  'liars sweep': ['liars', 'sweep', '--strategy', 'threshold', '--param', 'callBelow', '--values', '0.1,0.2', '--field', 'conservative', '--rounds', '100'],
  'liars solve': ['liars', 'solve', '--max-iterations', '1'],
  'liars exploit': ['liars', 'exploit', '--strategy', 'threshold:outOfTurnBelow=0'],
  'liars strategies': ['liars', 'strategies'],
  'liars grade': ['liars', 'grade', 'rules/liars-dice/examples/round-decisions.jsonl'],
  'mahjong discard': ['mahjong', 'discard', '11123456789m135p', '--void', 's'],
  'mahjong waits': ['mahjong', 'waits', '1112345678999m', '--void', 's'],
  'mahjong starting-hands': ['mahjong', 'starting-hands'],
  'mahjong simulate': ['mahjong', 'simulate', '--deals', '2'],
  'mahjong odds': ['mahjong', 'odds', '1112345678999m', '--void', 's', '--tiles-left', '40', '--trials', '10'],
  'mahjong defense': ['mahjong', 'defense', '--deals', '2'],
  'weilong simulate': ['weilong', 'simulate', '--games', '2'],
  'weilong odds': ['weilong', 'odds', '--son', '1', '--collected', '1,1'],
  'weilong play': ['weilong', 'play', '--players', '3'],
  'tichu odds': ['tichu', 'odds'],
  'tichu simulate': ['tichu', 'simulate', '--games', '1'],
  'tichu grand': ['tichu', 'grand', '--hand', 'Dr Ph Aj As Kp Kr Qs Jj', '--deals', '2'],
  'tichu call': ['tichu', 'call', '--hand', 'Dr Ph Aj As Kp Kr Qs Jj Tj 9j 8j 4s 3s 2s', '--deals', '2'],
  'tichu calls': ['tichu', 'calls', '--deals', '2'],
  'tichu assumptions': ['tichu', 'assumptions', '--rounds', '100', '--only', 'assumptions.bombsAfterPasses'],
  'dracula simulate': ['dracula', 'simulate', '--games', '2'],
  'dracula odds': ['dracula', 'odds', '--card', '5R', '--trump', 'Y'],
  'dracula sweep': ['dracula', 'sweep', '--set', 'health=8..9', '--games', '2'],
  'weilong sweep': ['weilong', 'sweep', '--set', 'penalty.5=0..1', '--deals', '2'],
  'mahjong sweep': ['mahjong', 'sweep', '--set', 'selfDrawBonus=0..1', '--deals', '2'],
  'tichu sweep': ['tichu', 'sweep', '--set', 'minStraight=4..5', '--deals', '2'],
  'cant-stop sweep': ['cant-stop', 'sweep', '--set', 'columnsToWin=2..3', '--deals', '2'],
  'dracula assumptions': ['dracula', 'assumptions', '--games', '100', '--only', 'extraTurnOnLastTurn'],
  'cant-stop odds': ['cant-stop', 'odds', '--columns', '6,7,8'],
  'cant-stop simulate': ['cant-stop', 'simulate', '--games', '2'],
  'cant-stop turn': ['cant-stop', 'turn', '--turns', '2'],
  'cant-stop assumptions': ['cant-stop', 'assumptions', '--games', '100', '--only', 'turnLimit'],
  merge: ['merge', '{dir}/p0.json'],
  report: ['report', '--quiet', '--only', 'nope', '--out', '{dir}/r'],
  diff: ['diff', '{dir}/folder', '{dir}/folder'],
  'check-game': ['check-game', 'cant-stop', '--playouts', '1'],
  'pig sweep': ['pig', 'sweep', '--set', 'target=20..30:10', '--deals', '2'],
};
// the commands over the game interface (src/cli/play.ts), in every game that declares it: one row shape for all
for (const { name, cmd } of COMMANDS) {
  if (!BASE[name] && / over the game interface/.test(cmd.description())) BASE[name] = [...name.split(' '), '--deals', '2'];
  // the fields command of every game with a rules schema: no input but its flags
  if (!BASE[name] && /from the rules schema/.test(cmd.description())) BASE[name] = name.split(' ');
}

/** Game-specific malformed input: [command, name, the changed arguments, what the line says]. */
const SPECIFIC: [string, string, string[], RegExp][] = [
  ['wulong solve', 'unknown policy', ['--policy', 'nope'], /unknown policy/],
  ['wulong solve', 'policy threshold: with no total', ['--policy', 'threshold:'], /threshold:T/],
  ['wulong solve', 'policy threshold:-1', ['--policy', 'threshold:-1'], /threshold:T/],
  ['wulong solve', 'policy of 100k characters', ['--policy', 'x'.repeat(100_000)], /unknown policy/],
  ['wulong advise', '--roll with an unknown face', ['--roll', 'Q,3,3,5,5'], /--roll: unknown face/],
  ['wulong advise', '--roll empty', ['--roll', ''], /--roll needs the faces/],
  ['wulong grade', 'a decisions file that is not JSON lines', ['{dir}/bad.json'], /line 1: not valid JSON/],
  ['wulong grade', 'a decision nested 100,000 deep', ['{dir}/deep.json'], /line 1: /],
  ['wulong grade', 'a decision that is an array', ['{dir}/array.json'], /line 1: a decision is a JSON object/],
  ['wulong grade', 'a decisions file that does not exist', ['{dir}/none.jsonl'], /cannot read decisions file/],
  ['wulong advise', '--roll with an empty face', ['--roll', 'D,,T'], /--roll: an empty face/],
  ['wulong advise', '--score 1e10 (tables would not fit)', ['--score', '1e10'], /more than the 100,000 it allows/],
  ['wulong advise', '--score 1e9 (42 s and 1.1 GB before)', ['--score', '1e9'], /more than the 100,000 it allows/],
  ['wulong bets', 'unknown policy', ['--policy', 'nope'], /unknown policy/],
  ['wulong simulate', 'unknown policy', ['--policy', 'nope'], /unknown policy/],
  ['wulong game', 'unknown betting strategy', ['--strategies', 'nope'], /unknown betting strategy/],
  ['wulong game', 'a stop total of 10,000,000 (ran > 400 s)', ['--strategies', 'min@threshold:10000000,min'], /stop totals above 100,000/],
  ['wulong game', 'fractional money', ['--set', 'game.startingCash=1234.5'], /startingCash must be a whole number/],
  ['wulong game', 'a range in --set', ['--set', 'game.chip=1..3'], /takes one value per field/],
  ['wulong sweep', '--set without values', ['--set', 'x'], /expected FIELD=VALUES/],
  ['wulong sweep', '--set of an unknown field', ['--set', 'game.nope=1..2'], /no numeric rules field/],
  ['wulong sweep', '--page unwritable', ['--page', 'x', '--reports', '{dir}/regular'], /is a file, not a folder/],
  ['wulong sweep', '--page not a name', ['--page', '../x'], /--page must be letters/],
  ['liars odds', 'bid without a face', ['--bid', '8x'], /bid/],
  ['liars odds', 'bid of a word', ['--bid', 'abc'], /bid/],
  ['liars odds', 'bid face 9', ['--bid', '8x9'], /face must be in 1\.\.6/],
  ['liars odds', '--mine 1,,2', ['--mine', '1,,2'], /an empty die between commas/],
  ['liars odds', '--mine with 2 of 5 dice', ['--mine', '2,2'], /give all of yours/],
  ['liars odds', '--mine with a 7', ['--mine', '2,2,4,1,7'], /every die must be a face in 1\.\.6/],
  ['liars odds', '--mine unicode', ['--mine', '２,２,４,１,６'], /every die must be a face/],
  ['liars odds', '--previous a word', ['--previous', 'zz'], /--previous must look like COUNTxFACE/],
  ['liars check', 'empty table', ['--table', 'a'], /--table/],
  ['liars tournament', 'unknown strategy', ['--strategies', 'nope,threshold'], /unknown strategy|nope/],
  ['liars sweep', 'values not numbers', ['--values', 'a,b'], /values|number/],
  ['liars sweep', 'unknown parameter', ['--param', 'nope'], /nope|parameter/],
  ['liars sweep', '--chart unwritable', ['--chart', '{dir}/regular/c.svg'], /is a file, not a folder/],
  ['liars solve', '--dice 3,3', ['--dice', '3,3'], /--dice must be one or two counts in 1\.\.2/],
  ['liars solve', '--dice empty', ['--dice', ''], /--dice must be one or two counts/],
  ['liars solve', 'unknown variant', ['--variant', 'x'], /--variant must be one of/],
  ['liars exploit', '--dice 1,2 (unequal)', ['--dice', '1,2'], /same dice/],
  ['liars exploit', '--dice abc', ['--dice', 'abc'], /--dice must be one or two counts/],
  ['liars exploit', 'unknown strategy', ['--strategy', 'nope'], /nope|strategy/],
  ['liars grade', 'a decisions file that is not JSON lines', ['{dir}/bad.json'], /line 1: not valid JSON/],
  ['liars grade', 'a decision that is an array', ['{dir}/array.json'], /line 1: a decision is a JSON object/],
  ['liars grade', 'a decisions file that does not exist', ['{dir}/none.jsonl'], /cannot read decisions file/],
  ['liars grade', 'unknown variant', ['--variant', 'x'], /--variant must be one of/],
  ['liars grade', '--dice 3,3', ['--dice', '3,3'], /--dice must be one or two counts in 1\.\.2/],
  ['mahjong waits', 'ranks split from their suit by spaces', ['111 234 567 8999m'], /no suit letter before the space/],
  ['mahjong waits', 'a word for a hand', ['abc'], /unknown suit letter|hand/],
  ['mahjong waits', 'rank 0', ['0123456789999m'], /rank 0/],
  ['mahjong waits', 'melds with empty entries', ['--melds', 'pung 5p,,'], /cannot read meld ""/],
  ['mahjong waits', 'a meld of a word', ['--melds', 'bogus'], /cannot read meld/],
  ['mahjong waits', 'void x', ['--void', 'x'], /unknown suit|--void|void/],
  ['mahjong waits', 'seen tiles unreadable', ['--seen', 'zz'], /seen/],
  ['mahjong waits', 'a hand of 100k characters', ['1'.repeat(100_000) + 'm'], /hand|tiles/],
  ['mahjong discard', 'ranks split from their suit by a space', ['111 23456789m135p'], /no suit letter before the space/],
  ['mahjong odds', 'a hand of unicode', ['１１１m'], /unknown suit letter|hand/],
  ['mahjong simulate', 'three strategies', ['--strategies', 'greedy,value,random'], /four names/],
  ['mahjong simulate', 'unknown strategy', ['--strategies', 'a,b,c,d'], /strateg|unknown/],
  ['mahjong defense', 'three strategies', ['--strategies', 'greedy,value,random'], /four names/],
  ['mahjong defense', 'a defender with a bad parameter', ['--strategies', 'defender:risk=-1,greedy,greedy,greedy'], /risk must be a number/],
  ['weilong odds', 'Son six', ['--son', 'sixth'], /--son must be a Son 1\.\.5/],
  ['weilong odds', 'collected words', ['--collected', 'a,b'], /--collected/],
  ['weilong odds', 'unknown strategy', ['--strategy', 'nope'], /nope|strategy/],
  ['weilong simulate', 'unknown strategy', ['--strategies', 'nope'], /nope|strateg/],
  ['weilong simulate', '--set past the last Son', ['--set', 'penalty.6=1'], /no rules field by that name \(penalty has entries 1\.\.5\)/],
  ['weilong simulate', '--set Son 0 (Sons are 1..5)', ['--set', 'penalty.0=1'], /no rules field by that name \(penalty has entries 1\.\.5\)/],
  ['weilong play', 'unknown strategy', ['--strategies', 'nope'], /nope|strateg/],
  ['tichu odds', 'unknown card', ['--hand', 'Zz Aj As Kp Kr Qs Jj Tj'], /card|Zz/],
  ['tichu odds', 'a card twice', ['--hand', 'Dr Dr Aj As Kp Kr Qs Jj'], /twice|Dr|more than once|duplicate/],
  ['tichu grand', 'seven cards', ['--hand', 'Dr Ph Aj As Kp Kr Qs'], /8 cards|--hand/],
  ['tichu call', 'an empty hand', ['--hand', ''], /--hand/],
  ['tichu simulate', 'unknown strategy', ['--strategies', 'nope'], /nope|strateg/],
  ['tichu calls', 'three strategies', ['--strategies', 'expert,heuristic,random'], /--strategies needs 1, 2 or 4/],
  ['dracula odds', 'unknown card', ['--card', 'ZZ'], /card|ZZ/],
  ['dracula odds', 'unknown trump', ['--trump', 'Q'], /trump|Q/],
  ['dracula simulate', 'unknown strategy', ['--dracula', 'nope'], /nope|strateg/],
  ['dracula sweep', 'a range of words', ['--set', 'health=a..b'], /is not a number/],
  ['report', 'an unknown experiment', [], /unknown experiment\(s\): nope/],
  ['weilong tournament', 'unknown player', ['--strategies', 'adaptive,nope'], /unknown player "nope"/],
  ['weilong balance', 'an empty player', ['--strategies', 'adaptive,,element'], /an empty name/],
  ['weilong sweep', 'no swept field', ['--set', 'penalty.5=1'], /name the field to sweep with --set field=a\.\.b/],
  ['tichu sweep', 'a range that runs backwards', ['--set', 'minStraight=6..4'], /runs backwards/],
  ['cant-stop sweep', 'a swept field that does not exist', ['--set', 'nope=1..2'], /nope/],
  ['liars sweep', 'both forms at once', ['--set', 'dicePerPlayer=1..2'], /either --set field=a\.\.b/],
  ['liars balance', 'two swept fields', ['--set', 'sides=4..5', '--set', 'dicePerPlayer=1..2'], /one field may be swept/],
  ['diff', 'a folder without figures', ['{dir}/folder'], /has no headline figures/],
  ['diff', 'neither a folder nor a git ref', ['{dir}/no-such-ref'], /is neither a reports folder nor a git ref/],
  ['diff', 'an unknown experiment', ['--experiment', 'nope'], /unknown experiment nope/],
];

/** A value to give an option, where `{base}` runs are changed: replace it or add it. */
function withOption(base: string[], flag: string, value: string): string[] {
  const i = base.indexOf(flag);
  // a sweep's --set is its swept field: replaced, not repeated
  if (i >= 0 && (flag !== '--set' || base[1] === 'sweep')) return [...base.slice(0, i + 1), value, ...base.slice(i + 2)];
  return [...base, flag, value];
}
/** Positional hand arguments (mahjong) replace the base's first argument after the command. */
function withChange(name: string, change: string[]): string[] {
  // a command without a BASE row is named by the coverage test below (not a TypeError at load)
  const base = BASE[name] ?? name.split(' ');
  if (change.length === 1 || (change.length > 0 && !change[0].startsWith('--'))) return [...base.slice(0, 2), change[0], ...base.slice(3), ...change.slice(1)];
  let args = base;
  for (let i = 0; i < change.length; i += 2) args = withOption(args, change[i], change[i + 1]);
  return args;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const ALWAYS_BAD: [string, string][] = [
  ['a word', 'abc'], ['NaN', 'NaN'], ['Infinity', 'Infinity'], ['huge', '1e400'], ['empty', ''],
  ['unicode digits', '١٢٣'], ['full-width digits', '１２'], ['100k characters', '9'.repeat(100_000)],
];
const MAYBE_BAD: [string, string][] = [['negative', '-1'], ['zero', '0'], ['a fraction', '0.5'], ['past 2^53', '9007199254740993']];

/** Does the option's own parser refuse this text? (decides the range rows: -1, 0, 0.5) */
function refuses(o: Option, text: string): boolean {
  try {
    o.parseArg!(text, undefined as never);
    return false;
  } catch {
    return true;
  }
}
/** An option that takes a number: it has a parser, and that parser refuses a word. */
const isNumeric = (o: Option) => !!o.parseArg && (o.required || o.optional) && o.long !== '--set' && refuses(o, 'abc');

const rowsFor = new Map<string, FuzzRow[]>();
const add = (name: string, row: FuzzRow) => rowsFor.set(name, [...(rowsFor.get(name) ?? []), row]);
const categories = new Map<string, Set<string>>();
const mark = (name: string, c: string) => categories.set(name, (categories.get(name) ?? new Set()).add(c));

function badRules(dir: string): void {
  writeFileSync(join(dir, 'bad.json'), '{"dice": 5,');
  writeFileSync(join(dir, 'deep.json'), '['.repeat(100_000) + ']'.repeat(100_000));
  writeFileSync(join(dir, 'array.json'), '[]');
  writeFileSync(join(dir, 'regular'), 'x');
  mkdirSync(join(dir, 'folder'));
}

for (const { name, cmd } of COMMANDS) {
  const base = BASE[name] ?? name.split(' ');
  for (const o of cmd.options) {
    if (!o.long || !isNumeric(o)) continue;
    mark(name, 'numeric');
    const values = [...ALWAYS_BAD, ...MAYBE_BAD.filter(([, v]) => refuses(o, v))];
    for (const [what, v] of values) {
      add(name, { name: `${o.long} ${what}`, args: [...name.split(' '), o.long, v], expect: new RegExp(escape(o.long)) });
      mark(name, what);
    }
  }
  add(name, { name: 'an unknown option', args: [...base, '--bogus'], setup: badRules, expect: /unknown option '--bogus'/ });
  if (!cmd.registeredArguments.some((a) => a.variadic)) add(name, { name: 'a stray argument', args: [...base, 'stray', 'more'], setup: badRules, expect: name === 'liars check' ? /bid/ : /too many arguments/ });
  if (cmd.options.some((o) => o.long === '--rules')) {
    mark(name, 'rules');
    const rules: [string, string[], RegExp][] = [
      ['a rules file that is not JSON', ['--rules', '{dir}/bad.json'], /is not valid JSON/],
      ['a rules file nested 100,000 deep', ['--rules', '{dir}/deep.json'], /nested more than 32 deep/],
      ['a rules file that is an array', ['--rules', '{dir}/array.json'], /must be an object|must be|is empty|no (numeric )?rules field/],
      ['a rules file that is a folder', ['--rules', '{dir}/folder.json'], /cannot read rules file/],
      ['a missing preset', ['--rules', 'nope'], /cannot read rules file/],
      ['a preset name in unicode', ['--rules', 'ルール'], /expected a preset name/],
      ['a preset name of 100k characters', ['--rules', 'x'.repeat(100_000)], /name too long|cannot read rules file/],
      ['--set without "="', ['--set', 'noequals'], /--set expects field=value|expected FIELD=VALUES/],
      ['--set of an unknown field', ['--set', 'nope.field=1'], /no rules field by that name|no numeric rules field/],
    ];
    if (name.endsWith(' sweep')) rules.splice(7); // its --set is the swept field, covered in SPECIFIC
    for (const [what, change, expect] of rules) add(name, { name: what, args: withChange(name, change), setup: badRules, expect });
  }
  if (cmd.options.some((o) => o.long === '--out') && cmd.options.some((o) => o.long === '--shard-index')) {
    mark(name, 'paths');
    add(name, { name: '--out under a regular file', args: [...base, '--shard-count', '2', '--shard-index', '0', '--out', '{dir}/regular/p.json'], setup: badRules, expect: /is a file, not a folder|not supported|whole tournaments/ });
    add(name, { name: '--out a folder', args: [...base, '--shard-count', '2', '--shard-index', '0', '--out', '{dir}/folder'], setup: badRules, expect: /is a folder|not supported|whole tournaments/ });
  }
}
for (const [name, what, change, expect] of SPECIFIC) {
  add(name, { name: what, args: withChange(name, change), setup: badRules, expect });
  mark(name, 'specific');
}
add('check-game', { name: 'a module that does not exist', args: ['check-game', '{dir}/none.js'], setup: badRules, expect: /game module .*none\.js.*: no such file/ });
add('check-game', { name: 'a module that does not run', args: ['check-game', '{dir}/regular'], setup: badRules, expect: /game module .*regular.* does not load: ReferenceError/ });
add('check-game', { name: 'a folder without index.js', args: ['check-game', '{dir}/folder'], setup: badRules, expect: /is a folder without index\.js/ });
mark('check-game', 'specific');
add('merge', { name: 'a corrupted part file', args: ['merge', '{dir}/bad.json'], setup: badRules, expect: /is not valid JSON/ });
add('merge', { name: 'a part nested 100,000 deep', args: ['merge', '{dir}/deep.json'], setup: badRules, expect: /must be an object|nested/ });
add('merge', { name: 'a part file in unicode that does not exist', args: ['merge', '{dir}/パート.json'], expect: /cannot read partial result/ });
mark('merge', 'specific');

describe('fuzz coverage', () => {
  it('the program has the commands this table knows, and every command has rows', () => {
    expect(COMMANDS.length).toBeGreaterThanOrEqual(30);
    for (const { name } of COMMANDS) {
      expect(BASE[name], `${name}: add a valid quick invocation to BASE`).toBeDefined();
      expect((rowsFor.get(name) ?? []).length, `${name} has no fuzz rows`).toBeGreaterThanOrEqual(2);
    }
  });
  it('every command with a numeric option gets every kind of bad number', () => {
    for (const { name } of COMMANDS) {
      if (!categories.get(name)?.has('numeric')) continue;
      for (const [what] of ALWAYS_BAD) expect(categories.get(name)!.has(what), `${name}: ${what}`).toBe(true);
      expect(['negative', 'zero'].some((w) => categories.get(name)!.has(w)), `${name}: a negative or zero row`).toBe(true);
    }
  });
  it('every command that takes input beyond numbers has malformed-input rows', () => {
    const plain = ['liars strategies', 'mahjong starting-hands', 'wulong assumptions'];
    for (const { name } of COMMANDS) {
      if (plain.includes(name) || name.endsWith(' fields')) continue;
      const c = categories.get(name) ?? new Set();
      expect(c.has('rules') || c.has('specific'), `${name}: rows for its rules or its own inputs`).toBe(true);
    }
  });
});

for (const [name, rows] of rowsFor) describe(`fuzz ${name}`, () => fuzzTableInProcess(name, rows));

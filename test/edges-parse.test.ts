import fc from 'fast-check';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UserError } from '../src/core/errors.js';
import { parseDecimal, parseJsonText, parseWhole, splitList } from '../src/core/parse.js';
import { applySets, getPath, readRawRules } from '../src/core/rules.js';
import { parseSpec, splitSpecList } from '../src/core/spec.js';
import { STRATEGIES as DRACULA_STRATEGIES } from '../src/games/dracula/strategies/index.js';
import { getStrategy as getMahjongStrategy } from '../src/games/sichuan-mahjong/strategies/index.js';
import { parseStrategySpec as parseTichuStrategy } from '../src/games/tichu/strategies/index.js';
import { parsePolicy } from '../src/games/wulong/strategies/index.js';
import { fuzzTableInProcess, type FuzzRow } from './helpers/fuzz.js';
import { ROOT, runCli } from './helpers/cli.js';

// Issue 27, items 5–7: one strict parser for every list, number, strategy spec and rules file,
// and a hand read as a set. Each case of the issue is a row here; the parsers are fuzzed below:
// any text either parses to exactly what it says or is refused with one line (a UserError).

const RUNS = { numRuns: 300 };
const FARKLE = join(ROOT, 'rules/farkle/10000.json');

/** A UserError with one line, or a value: nothing else may come out of a parser. */
function outcome<T>(f: () => T): { ok: T } | { refused: string } {
  try {
    return { ok: f() };
  } catch (e) {
    expect(e).toBeInstanceOf(UserError);
    expect((e as Error).message).not.toContain('\n');
    return { refused: (e as Error).message };
  }
}

const rulesFiles = mkdtempSync(join(tmpdir(), 'oddsmith-parse-'));
afterAll(() => rmSync(rulesFiles, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  writeFileSync(join(rulesFiles, name), text);
  return join(rulesFiles, name);
};
const wulongDefault = readFileSync(join(ROOT, 'rules/wulong/default.json'), 'utf8');

describe('issue 27 item 7: lax lists, numbers and rules files are refused in one line', () => {
  const rows: FuzzRow[] = [
    { name: 'tell --accuracy 0,,1', args: ['wulong', 'tell', '--accuracy', '0,,1'], expect: /^--accuracy: item 2 of "0,,1" is empty/ },
    { name: 'tell --accuracy 0.5,', args: ['wulong', 'tell', '--accuracy', '0.5,'], expect: /^--accuracy: item 2 of "0\.5," is empty/ },
    { name: 'tell --accuracy " ,1"', args: ['wulong', 'tell', '--accuracy', ' ,1'], expect: /^--accuracy: item 1 of " ,1" is empty/ },
    { name: 'tell --accuracy 0x1', args: ['wulong', 'tell', '--accuracy', '0x1'], expect: /^--accuracy must be a number in 0\.\.1 \(got "0x1"\)/ },
    { name: 'Tichu hand Aj,,As', args: ['tichu', 'grand', '--hand', 'Aj,,As,Kp,Kr,Qs,Jj,Dr,Ph'], expect: /^--hand: item 2 of .* is empty/ },
    { name: 'Tichu hand with a trailing comma', args: ['tichu', 'odds', '--hand', 'Aj As Kp Qr 7s 7j Dr MJ,'], expect: /^--hand: item 2 of .* is empty/ },
    { name: 'tichu --strategies heuristic,,random', args: ['tichu', 'simulate', '--games', '2', '--strategies', 'heuristic,,random'], expect: /^--strategies: item 2 of "heuristic,,random" is empty/ },
    { name: 'tichu search:0x4', args: ['tichu', 'simulate', '--games', '2', '--strategies', 'search:0x4'], expect: /^strategy search: budget must be an integer in 1\.\.100000 \(got "0x4"\)/ },
    { name: 'tichu search:2.5', args: ['tichu', 'simulate', '--games', '2', '--strategies', 'search:2.5'], expect: /^strategy search: budget must be an integer in 1\.\.100000 \(got 2\.5\)/ },
    { name: 'tichu heuristic:callerBomb=0.5 (a 0/1 flag)', args: ['tichu', 'simulate', '--games', '2', '--strategies', 'heuristic:callerBomb=0.5'], expect: /^strategy heuristic: callerBomb must be an integer in 0\.\.1 \(got 0\.5\)/ },
    { name: 'dracula search:n=2.5,k=1.5', args: ['dracula', 'simulate', '--games', '2', '--dracula', 'search:n=2.5,k=1.5'], expect: /^strategy search: n must be an integer in 1\.\.10000 \(got 2\.5\)/ },
    { name: 'dracula search:k=0x2', args: ['dracula', 'simulate', '--games', '2', '--dracula', 'search:k=0x2'], expect: /^strategy search: parameter "k=0x2" must look like name=number/ },
    { name: 'dracula greedy:call=0.5,,x=1', args: ['dracula', 'simulate', '--games', '2', '--dracula', 'greedy:call=0.5,,x=1'], expect: /^strategy greedy: item 2 of "call=0\.5,,x=1" is empty/ },
    { name: 'dracula --seen 6R,,7R', args: ['dracula', 'odds', '--card', '5R', '--seen', '6R,,7R'], expect: /^--seen: item 2 of "6R,,7R" is empty/ },
    { name: 'dracula sweep health=8,,10', args: ['dracula', 'sweep', '--set', 'health=8,,10', '--games', '10'], expect: /^--set health: item 2 of "8,,10" is empty/ },
    { name: 'liars --strategies a,,b', args: ['liars', 'tournament', '--strategies', 'threshold:callBelow=0.3,,random', '--rounds', '10'], expect: /^--strategies: item 2 of .* is empty/ },
    { name: 'liars threshold:edge=0.5 (a 0/1 flag)', args: ['liars', 'tournament', '--strategies', 'threshold:edge=0.5,random', '--rounds', '10'], expect: /^strategy threshold: edge must be an integer in 0\.\.1 \(got 0\.5\)/ },
    { name: 'liars sweep --values 0.1,,0.3', args: ['liars', 'sweep', '--strategy', 'threshold', '--param', 'callBelow', '--values', '0.1,,0.3', '--field', 'random', '--rounds', '10'], expect: /^--values: item 2 of "0\.1,,0\.3" is empty/ },
    { name: 'wulong game --strategies kelly,,naive', args: ['wulong', 'game', '--games', '2', '--strategies', 'kelly,,naive'], expect: /^--strategies: item 2 of "kelly,,naive" is empty/ },
    { name: 'wulong per-dice:300,0x10', args: ['wulong', 'simulate', '--trials', '10', '--policy', 'per-dice:300,0x10'], expect: /^policy per-dice:300,0x10: .*whole-number total \(got "0x10"\)/ },
    { name: 'wulong per-dice with more totals than dice can be', args: ['wulong', 'simulate', '--trials', '10', '--policy', 'per-dice:1,2,3,4,5,6,7,8,9'], expect: /per-dice lists a total for each count of dice left, 1\.\.8 \(got 9 totals\)/ },
    { name: 'wulong sweep odds=1,,2', args: ['wulong', 'sweep', '--set', 'bettingCards.panda.odds=1,,2', '--games', '10'], expect: /^--set bettingCards\.panda\.odds: item 2 of "1,,2" is empty/ },
    { name: 'weilong --strategies adaptive,,element', args: ['weilong', 'simulate', '--games', '10', '--strategies', 'adaptive,,element'], expect: /^--strategies: item 2 of "adaptive,,element" is empty/ },
    { name: 'mahjong waits --void "" (not "infer")', args: ['mahjong', 'waits', '1112345678999m', '--void', ''], expect: /^void: unknown suit ""/ },
    { name: 'mahjong value:minFan=1.5', args: ['mahjong', 'simulate', '--deals', '2', '--strategies', 'value:minFan=1.5,greedy,greedy,greedy'], expect: /^strategy value: minFan must be an integer in 1\.\.13 \(got 1\.5\)/ },
    { name: 'mahjong --strategies greedy,,value', args: ['mahjong', 'simulate', '--deals', '2', '--strategies', 'greedy,,value,random,greedy'], expect: /^--strategies: item 2 of .* is empty/ },
    { name: 'assumptions --only a,,b', args: ['weilong', 'assumptions', '--only', 'a,,b'], expect: /^--only: item 2 of "a,,b" is empty/ },
    {
      name: 'rules file with a duplicate key',
      args: ['wulong', 'solve', '--rules', '{dir}/dup.json'],
      setup: (d) => writeFileSync(join(d, 'dup.json'), wulongDefault.replace('"dice": 5,', '"dice": 5, "dice": 6,')),
      expect: /^rules file ".*dup\.json": key "dice" appears twice in the top level/,
    },
    {
      name: 'rules file with a duplicate key inside a group',
      args: ['wulong', 'solve', '--rules', '{dir}/dup.json'],
      setup: (d) => writeFileSync(join(d, 'dup.json'), '{"game": {"chip": 1, "chip": 2}}'),
      expect: /key "chip" appears twice in game/,
    },
    {
      name: 'rules file with 1e400',
      args: ['wulong', 'solve', '--rules', '{dir}/big.json'],
      setup: (d) => writeFileSync(join(d, 'big.json'), wulongDefault.replace('"dice": 5,', '"dice": 1e400,')),
      expect: /^rules file ".*big\.json": dice is 1e400, out of range/,
    },
    { name: '--set faces.7 (no such id or position)', args: ['wulong', 'solve', '--rules', FARKLE, '--set', 'faces.7.score.3=600'], expect: /no rules field by that name \(faces has entries by id: 1, 2, 3, 4, 5, 6; by position faces\[0\]\.\.faces\[5\]\)/ },
    { name: '--set with a broken bracket', args: ['wulong', 'solve', '--set', 'faces[x].score.1=100'], expect: /^--set faces\[x\]\.score\.1: cannot read the path/ },
  ];
  fuzzTableInProcess('parse', rows);

  it('a UTF-8 byte-order mark is read past: the same result as without it', () => {
    const bom = file('bom.json', '\ufeff' + wulongDefault);
    const a = runCli(['wulong', 'solve', '--rules', bom, '--json']);
    const b = runCli(['wulong', 'solve', '--json']);
    expect(a.code).toBe(0);
    expect(JSON.parse(a.stdout).expectedTurnScore).toBe(JSON.parse(b.stdout).expectedTurnScore);
  });

  it('per-dice: a list shorter than the dice repeats its last total (as documented)', () => {
    const short = runCli(['wulong', 'solve', '--policy', 'per-dice:1000,2000', '--json']);
    const full = runCli(['wulong', 'solve', '--policy', 'per-dice:1000,2000,2000,2000,2000', '--json']);
    expect(JSON.parse(short.stdout).expectedTurnScore).toBe(JSON.parse(full.stdout).expectedTurnScore);
    expect(parsePolicy('per-dice:1000,2000').stop).toEqual({ kind: 'per-dice', totals: [1000, 2000] });
  });
});

describe('issue 27 item 6: --set names a list entry by id, and by position only in brackets', () => {
  const raw = readRawRules('wulong', FARKLE).raw as { faces: { id: string; score: Record<string, number> }[] };
  it('faces.5 is the face with id 5 (the fives); faces[5] the sixth entry (the sixes)', () => {
    const byId = applySets(raw, ['faces.5.score.3=600']) as typeof raw;
    expect(byId.faces.find((f) => f.id === '5')?.score['3']).toBe(600);
    expect(byId.faces.find((f) => f.id === '6')?.score['3']).toBe(raw.faces[5].score['3']);
    const byPos = applySets(raw, ['faces[5].score.3=700']) as typeof raw;
    expect(byPos.faces[5].id).toBe('6');
    expect(byPos.faces[5].score['3']).toBe(700);
    expect((applySets(raw, ['faces.1.score.1=150']) as typeof raw).faces[0].score['1']).toBe(150);
  });
  it('for every entry, faces[i] and faces.<its id> are the same field', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: raw.faces.length - 1 }), (i) => {
      const id = raw.faces[i].id;
      for (const k of Object.keys(raw.faces[i].score)) expect(getPath(raw, `faces[${i}].score.${k}`)).toBe(getPath(raw, `faces.${id}.score.${k}`));
    }), { numRuns: 20 });
  });
  it('a list counted from 1 (Weilong\'s Sons) counts from 1 in brackets too', () => {
    const w = readRawRules('weilong').raw as { penalty: number[] };
    const oneBased = ['penalty'];
    expect(applySets(w, ['penalty[1]=9'], oneBased)).toEqual(applySets(w, ['penalty.1=9'], oneBased));
    expect((applySets(w, ['penalty[1]=9'], oneBased) as typeof w).penalty[0]).toBe(9);
    expect(outcome(() => applySets(w, ['penalty[0]=9'], oneBased))).toEqual({ refused: '--set penalty[0]: no rules field by that name (penalty has entries 1..5)' });
  });
  it('a number that is no entry\'s id is still the position (Wulong default faces D, T, 3…6; straights by name)', () => {
    const w = readRawRules('wulong').raw as { faces: { id: string }[] };
    expect(getPath(w, 'faces.0.id')).toBe('D');
    expect(getPath(w, 'faces.3.id')).toBe('3'); // id 3 (third position is id 4)
    expect(getPath(w, 'faces[3].id')).toBe('4');
  });
});

describe('issue 27 item 5: a hand is a set (the same cards in another order: the same numbers)', () => {
  const shuffled = <T>(xs: T[], keys: number[]) => xs.map((x, i) => [keys[i % keys.length] + i / 1000, x] as const).sort((a, b) => a[0] - b[0]).map(([, x]) => x);
  const perm = (n: number) => fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: n, maxLength: n });

  it('tichu grand: any order of the 8 cards prints the same result', () => {
    const cards = 'Dr Ph Aj As Kp Kr Qs Jj'.split(' ');
    const args = (hand: string) => ['tichu', 'grand', '--hand', hand, '--deals', '40', '--seed', '3', '--workers', '1', '--quiet'];
    const ref = runCli(args(cards.join(' ')));
    expect(ref.code).toBe(0);
    fc.assert(fc.property(perm(8), (keys) => {
      expect(runCli(args(shuffled(cards, keys).join(' '))).stdout).toBe(ref.stdout);
    }), { numRuns: 3 });
  }, 120_000);

  it('tichu call: shards of the same hand typed in two orders merge into the whole run', () => {
    const dir = mkdtempSync(join(tmpdir(), 'oddsmith-hand-'));
    try {
      const a = 'Dr Ph Aj As Kp Kr Qs Jj Tj 9j 8j 4s 3s 2s', b = '2s 3s 4s 8j 9j Tj Jj Qs Kr Kp As Aj Ph Dr';
      const base = ['tichu', 'call', '--deals', '40', '--seed', '5', '--workers', '1', '--quiet', '--shard-count', '2'];
      expect(runCli([...base, '--hand', a, '--shard-index', '0', '--out', join(dir, 'p0.json')]).code).toBe(0);
      expect(runCli([...base, '--hand', b, '--shard-index', '1', '--out', join(dir, 'p1.json')]).code).toBe(0);
      const merged = runCli(['merge', join(dir, 'p0.json'), join(dir, 'p1.json')]);
      expect(merged.stderr).toBe('');
      expect(merged.stdout).toBe(runCli(['tichu', 'call', '--hand', b, '--deals', '40', '--seed', '5', '--workers', '1', '--quiet', '--shard-count', '2']).stdout);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('tichu odds, dracula --seen, mahjong tiles, Wulong and Weilong dice: any order, the same output', () => {
    const cases: [string[], (list: string) => string[]][] = [
      ['Aj As Kp Qr 7s 7j Dr MJ'.split(' '), (l) => ['tichu', 'odds', '--hand', l.replace(/,/g, ' ')]],
      ['6R,7R,1Y,2G'.split(','), (l) => ['dracula', 'odds', '--card', '5R', '--trump', 'Y', '--seen', l]],
      ['1m,1m,1m,2m,3m,4m,5m,6m,7m,8m,9m,9m,9m'.split(','), (l) => ['mahjong', 'waits', l.replace(/,/g, ''), '--void', 's']],
      ['1,5,5,2,3'.split(','), (l) => ['wulong', 'advise', '--score', '0', '--dice', '5', '--roll', l]],
      ['1,1,3'.split(','), (l) => ['weilong', 'odds', '--son', '1', '--collected', l]],
    ];
    // the output may echo the list as typed ("set-aside choices for 5,5,2,3,1") or in its own
    // order; everything else must agree
    const run = (args: (list: string) => string[], list: string, first: string) => runCli(args(list)).stdout.split(list).join('<list>').split(first).join('<list>');
    for (const [items, args] of cases) {
      const ref = runCli(args(items.join(',')));
      expect(ref.code, `${args(items.join(',')).join(' ')}: ${ref.stderr}`).toBe(0);
      const want = run(args, items.join(','), items.join(','));
      fc.assert(fc.property(perm(items.length), (keys) => {
        expect(run(args, shuffled(items, keys).join(','), items.join(','))).toBe(want);
      }), { numRuns: 2 });
    }
  }, 120_000);
});

describe('the parser itself, fuzzed: exactly what it says, or refused in one line', () => {
  const item = fc.stringMatching(/^[A-Za-z0-9.:=_-]{1,8}$/);

  it('splitList(items joined by commas) gives the items back; an empty item anywhere is refused naming its place', () => {
    fc.assert(fc.property(fc.array(item, { minLength: 1, maxLength: 6 }), fc.nat(), fc.constantFrom('', ' ', '  '), (items, at, blank) => {
      expect(splitList(items.join(','), '--x')).toEqual(items);
      expect(splitList(items.join(' , '), '--x')).toEqual(items);
      const i = at % (items.length + 1);
      const holed = [...items.slice(0, i), blank, ...items.slice(i)].join(',');
      expect(outcome(() => splitList(holed, '--x'))).toEqual({ refused: `--x: item ${i + 1} of ${JSON.stringify(holed)} is empty (a list is separated by single commas)` });
    }), RUNS);
  });

  it('any text as a list: items that are exactly the comma-separated pieces, or one line', () => {
    fc.assert(fc.property(fc.string({ maxLength: 20 }), (text) => {
      const r = outcome(() => splitList(text, '--x'));
      if ('ok' in r) expect(r.ok).toEqual(text.split(',').map((s) => s.trim()));
    }), RUNS);
  });

  it('parseDecimal(String(x)) is x for every finite double; hex, Infinity, NaN and words are refused', () => {
    fc.assert(fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
      expect(parseDecimal(String(x), '--x')).toBe(x === 0 ? 0 : x); // -0 prints as "0"
    }), RUNS);
    for (const bad of ['0x1', '0b1', '0o7', 'Infinity', '-Infinity', 'NaN', '', ' ', '1,5', '1e400', '--1', '1.2.3', '½']) {
      expect(outcome(() => parseDecimal(bad, '--x'))).toEqual({ refused: `--x must be a number in -Infinity..Infinity (got ${JSON.stringify(bad)})` });
    }
  });

  it('any text as a number: the number the digits say, or one line', () => {
    fc.assert(fc.property(fc.oneof(fc.string({ maxLength: 12 }), fc.stringMatching(/^[-+]?[0-9x.e]{1,8}$/)), (text) => {
      const r = outcome(() => parseDecimal(text, '--x'));
      if ('ok' in r) {
        expect(/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text.trim())).toBe(true);
        expect(r.ok).toBe(Number(text.trim()));
      }
    }), RUNS);
  });

  it('parseWhole: every safe integer back; a fraction, exponent or hex is refused', () => {
    fc.assert(fc.property(fc.maxSafeInteger(), (n) => {
      expect(parseWhole(String(n), '--n')).toBe(n);
    }), RUNS);
    fc.assert(fc.property(fc.integer(), fc.integer({ min: 1, max: 99 }), (n, f) => {
      expect('refused' in outcome(() => parseWhole(`${n}.${f}`, '--n'))).toBe(true);
    }), RUNS);
    for (const bad of ['0x4', '1e3', '2.5', '4.0', '']) expect('refused' in outcome(() => parseWhole(bad, '--n'))).toBe(true);
  });

  it('any text as a strategy spec: the name and parameters it says, or one line', () => {
    fc.assert(fc.property(fc.oneof(fc.string({ maxLength: 24 }), fc.stringMatching(/^[a-z]{1,6}(:([a-z]{1,3}=[-0-9.ex]{0,4}|[,:]){0,4})?$/)), (text) => {
      const r = outcome(() => parseSpec(text));
      if (!('ok' in r)) return;
      const t = text.trim();
      const colon = t.indexOf(':');
      expect(r.ok.name).toBe(colon < 0 ? t : t.slice(0, colon));
      for (const [k, v] of Object.entries(r.ok.params)) {
        const written = t.slice(colon + 1).split(/[,:]/).map((p) => p.trim()).find((p) => p.startsWith(`${k}=`));
        expect(Number(written?.slice(k.length + 1))).toBe(v);
      }
      if (r.ok.arg !== undefined) expect(r.ok.arg.split(/[,:]/).every((p) => p.trim() !== '')).toBe(true);
    }), RUNS);
  });

  it('declared parameters: integers where counts are meant, every number in range exactly as written', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 10000 }), fc.integer({ min: 1, max: 64 }), fc.double({ min: 0, max: 1.01, noNaN: true }), (n, k, call) => {
      expect(DRACULA_STRATEGIES.parse(`search:n=${n},k=${k},call=${call}`).params).toEqual({ n, k, call });
      expect(DRACULA_STRATEGIES.parse(`search:${n}`).params.n).toBe(n);
      expect(parseTichuStrategy(`search:budget=${n}`).params.budget).toBe(n);
    }), RUNS);
    fc.assert(fc.property(fc.double({ min: 1, max: 64, noNaN: true }).filter((x) => !Number.isInteger(x)), (x) => {
      expect(outcome(() => DRACULA_STRATEGIES.parse(`search:k=${x}`))).toEqual({ refused: `strategy search: k must be an integer in 1..64 (got ${x})` });
      expect('refused' in outcome(() => parseTichuStrategy(`search:${x}`))).toBe(true);
      expect('refused' in outcome(() => getMahjongStrategy(`value:minFan=${x}`))).toBe(true);
    }), RUNS);
  });

  it('a list of specs: a k=v item belongs to the spec before it; the colon form of parameters is read the same', () => {
    expect(splitSpecList('search:n=4,k=2,random,greedy:call=0.5', '--s')).toEqual(['search:n=4,k=2', 'random', 'greedy:call=0.5']);
    expect(getMahjongStrategy('value:minFan=3,reach=1').name).toBe('value:minFan=3,reach=1');
    expect(parseSpec('value:minFan=3:reach=1').params).toEqual(parseSpec('value:minFan=3,reach=1').params);
    fc.assert(fc.property(fc.array(fc.constantFrom('random', 'greedy', 'search:n=2', 'search:n=2,k=3'), { minLength: 1, maxLength: 5 }), (specs) => {
      expect(splitSpecList(specs.join(','), '--s')).toEqual(specs);
    }), RUNS);
  });

  it('JSON files: any JSON value reads back the same, with or without a byte-order mark; a key given twice is refused', () => {
    fc.assert(fc.property(fc.jsonValue(), fc.boolean(), (v, bom) => {
      const text = (bom ? '\ufeff' : '') + JSON.stringify(v, null, 1);
      expect(parseJsonText(text, 'f')).toEqual(JSON.parse(JSON.stringify(v)));
    }), RUNS);
    fc.assert(fc.property(fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue(), { minKeys: 1, maxKeys: 4 }), (obj) => {
      const key = Object.keys(obj)[0];
      const text = `{${JSON.stringify(key)}: 1, ${JSON.stringify(obj).slice(1)}`;
      expect(outcome(() => parseJsonText(text, 'f'))).toEqual({ refused: `f: key ${JSON.stringify(key)} appears twice in the top level (a JSON object has each key once)` });
    }), RUNS);
  });
});

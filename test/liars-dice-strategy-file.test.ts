import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { expectWithinSE } from './kit/within-se.js';
import { LiarsSolver, solve } from '../src/games/liars-dice/exact-cfr.js';
import { exactMatch, fillBotPolicy, rulesForVariant } from '../src/games/liars-dice/exact-play.js';
import { loadIntoSolver, maskSource, readStrategyFile, solverSource, writeStrategyFile } from '../src/games/liars-dice/strategy-file.js';
import { equilibriumSource } from '../src/games/liars-dice/exact-cfr-source.js';
import { Tournament, summarizeTournament, type TournamentParams } from '../src/games/liars-dice/kernels.js';
import { exploit } from '../src/games/liars-dice/questions.js';
import { createStrategy, parseStrategyList, parseStrategySpec, specLabel } from '../src/games/liars-dice/strategies/index.js';
import { Rng } from '../src/core/rng.js';

const dir = mkdtempSync(join(tmpdir(), 'liars-strategy-file-'));
const ctx = { workers: 1, quiet: true } as never;

// one solve for the whole file: seed variant, one die each, 4 sides
const { solver, result } = solve({ variant: 'seed', dice: [1, 1], sides: 4, target: 1e-3, maxIterations: 3000 });
const info = { iterations: result.iterations, target: result.target, value0: result.value0, br0: result.br0, br1: result.br1, exploitability: result.exploitability };
const path = join(dir, 'seed-1v1-4.gz');
const written = writeStrategyFile(path, solverSource(solver), info, 1e-6);

describe('strategy files (liars solve --out)', () => {
  it('round-trips: the stored strategy is the solver\'s to float32 where kept, and its exploitability is re-measured exactly', () => {
    const read = readStrategyFile(path);
    expect(read.config).toEqual({ variant: 'seed', dice: [1, 1], sides: 4 });
    expect(read.stored).toEqual(written.stored);
    expect(read.solveInfo).toEqual(info);
    const a = new Float64Array(read.bids + 1), b = new Float64Array(read.bids + 1);
    for (const m of read.masks) {
      for (let h = 0; h < 4; h++) {
        const n = read.probabilitiesAt(m, h, a);
        solverSource(solver).probabilitiesAt(m, h, b);
        for (let k = 0; k < n; k++) expect(Math.abs(a[k] - b[k])).toBeLessThan(2e-6 * n);
      }
    }
    // loading it again gives the recorded exploitability, bit for bit; it is close to the solve's
    const s = new LiarsSolver(read.config);
    loadIntoSolver(read, s, read.masks);
    expect(s.exploitability().exploitability).toBe(read.stored.exploitability);
    expect(Math.abs(read.stored.exploitability - result.exploitability)).toBeLessThan(1e-5);
  });

  it('the solver\'s EquilibriumSource (histories as rank lists, what liars solve --out writes) gives the same file', () => {
    const other = join(dir, 'via-source.gz');
    writeStrategyFile(other, maskSource(equilibriumSource(solver)), info, 1e-6);
    expect(gunzipSync(readFileSync(other)).equals(gunzipSync(readFileSync(path)))).toBe(true);
  });

  it('keeps only histories its movers reach: a heavy prune drops histories and is measured, not assumed', () => {
    const pruned = writeStrategyFile(join(dir, 'pruned.gz'), solverSource(solver), info, 0.01);
    expect(pruned.stored.histories).toBeLessThan(written.stored.histories);
    // here cutting the CFR+ average's stray 1% mass lands on an exact equilibrium: value 1/8, exploitability 0
    expect(pruned.stored.value0).toBeCloseTo(1 / 8, 7);
    expect(pruned.stored.exploitability).toBeLessThan(1e-7);
    expect(written.stored.exploitability).toBeGreaterThan(1e-4);
    expect(readStrategyFile(join(dir, 'pruned.gz')).stored.exploitability).toBe(pruned.stored.exploitability);
  });

  it('refuses a missing, cut-short, non-gzip, damaged or inconsistent file in one line (13 kinds)', () => {
    const bytes = readFileSync(path);
    const data = gunzipSync(bytes), nl = data.indexOf(10);
    const doc = JSON.parse(data.subarray(0, nl).toString()) as Record<string, unknown>;
    const body = data.subarray(nl + 1), histories = (doc.stored as { histories: number }).histories;
    // a file of this header and body, the header padded as the writer pads it
    const file = (d: unknown, b: Buffer = body) => {
      const h = JSON.stringify(d);
      return gzipSync(Buffer.concat([Buffer.from(h + ' '.repeat((4 - ((Buffer.byteLength(h) + 1) % 4)) % 4) + '\n'), b]));
    };
    const twice = Buffer.from(body);
    twice.writeUInt32LE(0, 4); // the second history made the opening one again
    const outside = Buffer.from(body);
    outside.writeUInt32LE(2 ** 8, 4); // a ninth bid in a game of eight
    const sums = Buffer.from(body);
    sums.writeFloatLE(2, histories * 4); // the first probability
    const cases: [string, Buffer | string, RegExp][] = [
      ['cut.gz', bytes.subarray(0, Math.floor(bytes.length / 2)), /cut short or damaged/],
      ['text.gz', 'not a strategy', /not gzip/],
      ['json.gz', gzipSync(Buffer.from('{"format":\n')), /JSON header is damaged/],
      ['format.gz', file({ ...doc, format: 'other' }), /format is not/],
      ['version.gz', file({ ...doc, version: 1 }), /version 1, this oddsmith reads 2/],
      ['config.gz', file({ ...doc, config: { variant: 'x', dice: [1, 1], sides: 4 } }), /config/],
      ['bids.gz', file({ ...doc, config: { variant: 'seed', dice: [3, 3], sides: 6 } }), /config/],
      ['hands.gz', file({ ...doc, hands: [4, 10] }), /its bids and hands \(8, \[4,10\]\) are not 8 and \[4,4\], those of its config/],
      ['count.gz', file({ ...doc, stored: { ...(doc.stored as object), histories: 1e6 } }), /1000000 histories announced/],
      ['probs.gz', file(doc, body.subarray(0, body.length - 400)), /probabilities expected/],
      ['twice.gz', file(doc, twice), /history 1 \(0\) is not a bid set of this game or is stored twice/],
      ['outside.gz', file(doc, outside), /history 1 \(256\) is not a bid set of this game/],
      ['sums.gz', file(doc, sums), /sum to/],
    ];
    for (const [name, data, re] of cases) {
      writeFileSync(join(dir, name), data);
      expect(() => readStrategyFile(join(dir, name)), name).toThrow(re);
    }
    expect(() => readStrategyFile(join(dir, 'absent.gz'))).toThrow(/no such file/);
    // a file for another game than the table's
    const rules6 = rulesForVariant('seed', 1, 6);
    expect(() => createStrategy(parseStrategySpec(`equilibrium:file=${path}`), { rules: rules6, players: 2 })).toThrow(/is for seed, 1 v 1 dice, 4 sides; these rules are seed, 1 v 1 dice, 6 sides/);
  });
});

describe('the equilibrium player', () => {
  it('parses equilibrium:file=PATH (also in a list) and only for strategies that read files', () => {
    const spec = parseStrategySpec(`equilibrium:file=${path}`);
    expect(spec).toEqual({ name: 'equilibrium', params: {}, file: path });
    expect(specLabel(spec)).toBe(`equilibrium:file=${path}`);
    expect(parseStrategyList(`equilibrium:file=${path},threshold`).map((s) => s.name)).toEqual(['equilibrium', 'threshold']);
    expect(() => parseStrategySpec('threshold:file=x')).toThrow(/reads no file/);
    expect(() => parseStrategySpec('equilibrium:file=')).toThrow(/needs a path/);
  });

  it('liars exploit: its exact exploitability is its solve\'s, and a file\'s is the one the file records', async () => {
    const own = await exploit.answer({ strategy: parseStrategySpec('equilibrium'), variant: 'seed', dice: 1, sides: 4, target: 1e-3, maxIterations: 3000 }, ctx);
    expect(own.exploitability).toBe(result.exploitability);
    expect(own.recorded!.exploitability).toBe(result.exploitability);
    const fromFile = await exploit.answer({ strategy: parseStrategySpec(`equilibrium:file=${path}`), variant: 'seed', dice: 1, sides: 4, target: 1e-3, maxIterations: 3000 }, ctx);
    expect(fromFile.exploitability).toBe(written.stored.exploitability);
    expect(fromFile.brAsOpener).toBe(written.stored.br0);
    expect(() => exploit.answer({ strategy: parseStrategySpec(`equilibrium:file=${path}`), variant: "plain", dice: 1, sides: 4, target: 1e-3, maxIterations: 3000 }, ctx)).toThrow(/is for seed/);
  });

  it('a saved strategy in the tournament simulator matches its exact match against a bot (≤ 4 SE)', () => {
    const rules = rulesForVariant('seed', 1, 4);
    const fileSolver = new LiarsSolver(written.config);
    loadIntoSolver(written, fileSolver, written.masks);
    const botSolver = new LiarsSolver(written.config);
    const bot = createStrategy({ name: 'threshold', params: { outOfTurnBelow: 0 } }, { rules, players: 2 });
    fillBotPolicy(botSolver, bot, rules, 0);
    fillBotPolicy(botSolver, bot, rules, 1);
    const exact = exactMatch(fileSolver, botSolver);
    const params: TournamentParams = { rules, strategies: [parseStrategySpec(`equilibrium:file=${path}`), { name: 'threshold', params: { outOfTurnBelow: 0 } }] };
    const t = new Tournament(params);
    const acc = new Float64Array(t.lay.size);
    t.playRounds(new Rng(5), 100_000, acc);
    const m = summarizeTournament(params, acc).seats[0].penaltiesPerRound;
    expectWithinSE(m.mean, exact.penaltiesA, m.se);
  });
});

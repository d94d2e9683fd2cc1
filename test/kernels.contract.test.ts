/**
 * The contract every game keeps, checked over every game in src/games/index.ts and every kernel it
 * registers (like OpenSpiel's shared game tests): a new game gets these tests by being listed.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { GAMES } from '../src/games/index.js';
import { runExperiment } from '../src/parallel/pool.js';
import { measureAllocation } from './helpers/alloc.js';
import { ROOT } from './helpers/cli.js';

const games = await Promise.all(GAMES.map(async (g) => ({ g, kernels: await g.kernels(), rules: await g.rules() })));
const kernels = games.flatMap(({ g, kernels }) => kernels.map((k) => ({ game: g.id, k })));

describe('every game', () => {
  it('has a unique id and command, and kernels named <id>.<what>', () => {
    expect(new Set(GAMES.map((g) => g.id)).size).toBe(GAMES.length);
    expect(new Set(GAMES.map((g) => g.command)).size).toBe(GAMES.length);
    for (const { game, k } of kernels) expect(k.name.startsWith(`${game}.`), k.name).toBe(true);
  });

  it.each(games.map((x) => [x.g.id, x] as const))('%s: every shipped rules file loads, and the defaults in code equal default.json', (id, { rules }) => {
    const files = readdirSync(join(ROOT, 'rules', id)).filter((f) => f.endsWith('.json'));
    expect(files).toContain('default.json');
    for (const f of files) expect(() => rules.loadRules(f.replace(/\.json$/, ''))).not.toThrow();
    if (rules.DEFAULT_RULES !== undefined) expect(rules.loadRules()).toEqual(rules.DEFAULT_RULES);
  });
});

describe.each(kernels.map(({ k }) => [k.name, k] as const))('kernel %s', (_name, k) => {
  const { params, count } = k.sample();

  it('same (seed, shard) → the same accumulator; another shard → another', () => {
    const a = k.run(params, Rng.forShard(11, 3), count);
    const b = k.run(params, Rng.forShard(11, 3), count);
    const c = k.run(params, Rng.forShard(11, 4), count);
    expect(Array.from(b)).toEqual(Array.from(a));
    expect(Array.from(c)).not.toEqual(Array.from(a));
    expect(a.every(Number.isFinite)).toBe(true);
    // the summary of a real run is plain data
    expect(() => JSON.stringify(k.summarize(params, a, count))).not.toThrow();
  });

  it('1 and 2 workers give bit-identical results', async () => {
    const e = { kernel: k.name, params, seed: 5, total: count, shardCount: 4 };
    const one = await runExperiment(e, { workers: 1 });
    const two = await runExperiment(e, { workers: 2 });
    expect(Array.from(two)).toEqual(Array.from(one));
  });

  it('the loop allocates nothing once its tables are built', () => {
    const rng = Rng.forShard(1, 0);
    const m = measureAllocation(() => {
      k.run(params, rng, count);
    });
    expect(m.gcEvents).toBe(0);
    expect(m.bytes).toBeLessThan(64 * 1024);
  });
});

/**
 * boardgame.io games through the adapter (src/bgio): the examples of examples/boardgame-io load
 * with `--game bgio:<path>`, tic-tac-toe's random play equals its exact figures, the seeded PRNG
 * makes results independent of the worker count, and bad Games and bad play are one line each.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { gameById, loadGames } from '../src/games/registry.js';
import { CHANCE, MAX_ACTIONS, type GameState, type StateGame } from '../src/games/state.js';
import { Rng } from '../src/core/rng.js';
import { runBalance } from '../src/play/runners.js';
import { expectUserError, ROOT, runCli } from './helpers/cli.js';

const TTT = `bgio:${join(ROOT, 'examples/boardgame-io/tic-tac-toe.js')}`;
const PIG = 'bgio:./examples/boardgame-io/pig.js';

/** Exact fractions (BigInt), enough for the outcome probabilities of random play. */
type Frac = [bigint, bigint];
const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));
const norm = ([n, d]: Frac): Frac => {
  const g = gcd(n, d) || 1n;
  return [n / g, d / g];
};
const add = (a: Frac, b: Frac): Frac => norm([a[0] * b[1] + b[0] * a[1], a[1] * b[1]]);
const scale = (a: Frac, n: number): Frac => norm([a[0], a[1] * BigInt(n)]);

/**
 * The exact probabilities of [seat 0 wins, seat 1 wins, draw] when both seats play uniformly at
 * random: every state of the game, through the adapter (boardgame.io's own engine), memoized.
 */
function exactRandomPlay(start: GameState): Frac[] {
  const memo = new Map<string, Frac[]>();
  const returns = new Float64Array(2), actions = new Int32Array(MAX_ACTIONS);
  const visit = (s: GameState): Frac[] => {
    const key = s.informationKey(0);
    const known = memo.get(key);
    if (known) return known;
    let out: Frac[];
    if (s.isTerminal()) {
      s.returns(returns);
      out = returns[0] === 1 ? [[1n, 1n], [0n, 1n], [0n, 1n]] : returns[1] === 1 ? [[0n, 1n], [1n, 1n], [0n, 1n]] : [[0n, 1n], [0n, 1n], [1n, 1n]];
    } else {
      const n = s.legalActions(actions);
      const acts = Array.from(actions.subarray(0, n));
      out = [[0n, 1n], [0n, 1n], [0n, 1n]];
      for (const a of acts) {
        const c = s.clone();
        c.applyAction(a);
        const v = visit(c);
        out = out.map((o, i) => add(o, scale(v[i], n)));
      }
    }
    memo.set(key, out);
    return out;
  };
  return visit(start);
}

describe('tic-tac-toe, as boardgame.io\'s tutorial writes it', () => {
  let sg: StateGame<never>;
  beforeAll(async () => {
    await loadGames([TTT]);
    sg = await gameById('tic-tac-toe')!.state!();
  });

  it('exact random play by enumeration: the first player wins 737/1260, the second 363/1260, draws 160/1260', () => {
    const s = sg.newGame(undefined as never, 2);
    expect(s.currentPlayer()).toBe(CHANCE);
    s.applyChance(new Rng(1));
    const [first, second, draw] = exactRandomPlay(s);
    expect(first).toEqual([737n, 1260n]);
    expect(norm(second)).toEqual(norm([363n, 1260n]));
    expect(norm(draw)).toEqual(norm([160n, 1260n]));
  });

  it('balance with uniform players is within 4 standard errors of the exact figures (6,000 games)', async () => {
    const r = (await runBalance(TTT, 'uniform', { deals: 3000, seed: 7 })) as {
      games: number;
      seats: { winRate: { p: number } }[];
      sharedWins: { p: number };
    };
    const n = r.games;
    expect(n).toBe(6000);
    // seat 0's share: its wins plus half the draws
    const exactShare = (737 + 160 / 2) / 1260, exactDraw = 160 / 1260;
    const se = (p: number) => Math.sqrt((p * (1 - p)) / n);
    expect(Math.abs(r.seats[0].winRate.p - exactShare)).toBeLessThan(4 * se(exactShare));
    expect(Math.abs(r.sharedWins.p - exactDraw)).toBeLessThan(4 * se(exactDraw));
  }, 120_000);

  it('the same seed gives the same games on 1 and 2 workers (boardgame.io\'s PRNG seeded per deal)', () => {
    const run = (w: string) => runCli(['--game', PIG, 'pig', 'balance', '--deals', '60', '--strategies', 'uniform', '--workers', w, '--quiet', '--json']);
    const strip = (s: string) => JSON.parse(s, (k, v) => (k === 'seconds' || k === 'workers' ? undefined : v));
    const a = run('1'), b = run('2');
    expect(a.code, a.stderr).toBe(0);
    expect(strip(a.stdout)).toEqual(strip(b.stdout));
  }, 120_000);
});

describe('shards of a boardgame.io game', () => {
  it('part files merge without --game into the pooled run\'s result', () => {
    const dir = mkdtempSync(join(tmpdir(), 'oddsmith-bgio-parts-'));
    const args = ['--game', PIG, 'pig', 'balance', '--strategies', 'uniform', '--deals', '24', '--shard-count', '3', '--quiet'];
    for (let i = 0; i < 3; i++) expect(runCli([...args, '--shard-index', String(i), '--out', join(dir, `p${i}.json`)]).code).toBe(0);
    const merged = runCli(['merge', ...[0, 1, 2].map((i) => join(dir, `p${i}.json`)), '--json']);
    const pooled = runCli([...args, '--json']);
    expect(merged.code, merged.stderr).toBe(0);
    const strip = (s: string) => JSON.parse(s, (k, v) => (['seconds', 'workers', 'perSecond'].includes(k) ? undefined : v));
    expect(strip(merged.stdout).seats).toEqual(strip(pooled.stdout).seats);
    expect(strip(merged.stdout).length).toEqual(strip(pooled.stdout).length);
  }, 120_000);
});

describe('boardgame.io games on the command line', () => {
  it('setupData as the rules: --set changes Pig\'s target, and a value the fields refuse is one line', () => {
    const short = runCli(['--game', PIG, 'pig', 'balance', '--deals', '40', '--strategies', 'uniform', '--set', 'target=10', '--quiet', '--json']);
    const long = runCli(['--game', PIG, 'pig', 'balance', '--deals', '40', '--strategies', 'uniform', '--set', 'target=60', '--quiet', '--json']);
    expect(short.code, short.stderr).toBe(0);
    expect(JSON.parse(short.stdout).length.mean).toBeLessThan(JSON.parse(long.stdout).length.mean);
    expectUserError(runCli(['--game', PIG, 'pig', 'balance', '--set', 'target=0']), /target/);
  }, 120_000);

  it('seats within minPlayers..maxPlayers', () => {
    expectUserError(runCli(['--game', PIG, 'pig', 'balance', '--deals', '4', '--players', '5']), /2\.\.4|seats|players/);
    const three = runCli(['--game', PIG, 'pig', 'balance', '--deals', '4', '--players', '3', '--strategies', 'uniform', '--quiet']);
    expect(three.code, three.stderr).toBe(0);
  }, 60_000);

  it('check-game bgio:<path> holds for every example', () => {
    for (const name of ['tic-tac-toe', 'pig', 'high-card']) {
      const r = runCli(['check-game', `bgio:./examples/boardgame-io/${name}.js`, '--playouts', '2']);
      expect(r.stdout + r.stderr).toMatch(new RegExp(`^${name}: the contract holds`));
      expect(r.code).toBe(0);
    }
  }, 120_000);
});

describe('bad boardgame.io input: one line, exit 2 for the module, 1 for the game\'s own error', () => {
  const dir = mkdtempSync(join(tmpdir(), 'oddsmith-bgio-'));
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return `bgio:${path}`;
  };
  const base = (extra: string) => `
    export default {
      name: 'bad',
      setup: () => ({ n: 0 }),
      turn: { minMoves: 1, maxMoves: 1 },
      moves: { step: ({ G }, k) => { G.n += 1; }, boom: () => { throw new Error('the move broke'); } },
      endIf: ({ G }) => (G.n >= 4 ? { winner: '0' } : undefined),
      ai: { enumerate: () => [{ move: 'step', args: [1] }] },
      ${extra}
    };`;

  it('a module whose export is not a Game', () => {
    expectUserError(runCli(['--game', file('not-game.mjs', 'export default 42;'), 'bad', 'balance']), /no boardgame\.io Game/);
  });

  it('a Game without a usable name, or without ai.enumerate', () => {
    expectUserError(runCli(['--game', file('no-name.mjs', 'export default { moves: { a: () => {} }, ai: { enumerate: () => [] } };'), 'x', 'balance']), /name/);
    expectUserError(runCli(['--game', file('no-ai.mjs', "export default { name: 'bad', moves: { a: () => {} } };"), 'bad', 'balance']), /has no ai\.enumerate/);
  });

  it('a move that throws: the game\'s own error, with the deal\'s seed and the move', () => {
    const r = runCli(['--game', file('throws.mjs', base("ai: { enumerate: () => [{ move: 'boom' }] },").replace(/ai: \{ enumerate: \(\) => \[\{ move: 'step', args: \[1\] \}\] \},/, '')), 'bad', 'balance', '--deals', '2', '--strategies', 'uniform', '--quiet']);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^oddsmith: bad threw during play: deal seed \d+, move 1, seat 0 playing 0 \(boom\): Error: the move broke/);
  });

  it('ai.enumerate offering an illegal move is named with the seed and the turn', () => {
    const text = base('').replace("step: ({ G }, k) => { G.n += 1; }", "step: ({ G }, k) => (k > 1 ? 'INVALID_MOVE' : void (G.n += 1))").replace("args: [1]", 'args: [2]');
    const r = runCli(['--game', file('illegal.mjs', text), 'bad', 'balance', '--deals', '2', '--strategies', 'uniform', '--quiet']);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/deal seed \d+, move 1, .*ai\.enumerate offered an illegal move: step\(2\) by player 0 at turn 1/);
  });

  it('a game that never ends stops at the move cap, which the line states', () => {
    const text = base('oddsmith: { maxMoves: 50 },').replace('G.n >= 4', 'G.n < 0');
    const r = runCli(['--game', file('endless.mjs', text), 'bad', 'balance', '--deals', '2', '--strategies', 'uniform', '--quiet']);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/did not end within 50 moves \(the move cap/);
  });

  it('a CommonJS Game loads too', () => {
    const cjs = file('cjs-game.cjs', base('').replace('export default', 'module.exports.game =').replace("name: 'bad'", "name: 'cjs-game'"));
    const r = runCli(['--game', cjs, 'cjs-game', 'balance', '--deals', '4', '--strategies', 'uniform', '--quiet', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).seats[0].winRate.p).toBe(1);
  });
});

describe('hidden information', () => {
  it('High Card\'s search players redraw the hidden hand (its hook); without the hook the output says they see it', () => {
    const hooked = runCli(['--game', 'bgio:./examples/boardgame-io/high-card.js', 'high-card', 'tournament', '--strategies', 'ismcts:iters=20,bgio-mcts:iters=20', '--deals', '4', '--quiet']);
    expect(hooked.code, hooked.stderr).toBe(0);
    expect(hooked.stderr).toBe('');
    const dir = mkdtempSync(join(tmpdir(), 'oddsmith-bgio-'));
    const text = readFileSync(join(ROOT, 'examples/boardgame-io/high-card.js'), 'utf8').replace("name: 'high-card'", "name: 'face-up'").replace('oddsmith: {', 'notForOddsmith: {');
    writeFileSync(join(dir, 'face-up.mjs'), text);
    const faceUp = runCli(['--game', `bgio:${join(dir, 'face-up.mjs')}`, 'face-up', 'tournament', '--strategies', 'ismcts:iters=20,bgio-mcts:iters=20', '--deals', '4', '--quiet', '--workers', '2']);
    expect(faceUp.code, faceUp.stderr).toBe(0);
    expect(faceUp.stderr).toBe('note: face-up hides information (playerView) but declares no oddsmith.determinize: search players see every hidden card\n');
  }, 120_000);
});

describe('the report page of a boardgame.io game', () => {
  it('an experiment spec with "module": "bgio:…" writes the generic page, which diff reads', () => {
    const dir = mkdtempSync(join(tmpdir(), 'oddsmith-bgio-report-'));
    mkdirSync(join(dir, 'experiments'));
    writeFileSync(join(dir, 'experiments', 'ttt-page.json'), JSON.stringify({
      name: 'ttt-page', game: 'game-page', module: `bgio:${join(ROOT, 'examples/boardgame-io/tic-tac-toe.js')}`, deals: 200, seed: 1,
      ladder: { players: ['uniform', 'bgio-mcts:iters=10'], deals: 4, replicates: 20 }, assumptions: false,
    }));
    const run = (out: string) => runCli(['report', '--experiments', 'experiments', '--out', out, '--no-cache', '--workers', '1', '--quiet'], { cwd: dir });
    const a = run('a');
    expect(a.code, a.stderr).toBe(0);
    const figures = JSON.parse(readFileSync(join(dir, 'a', 'tic-tac-toe', 'game.findings.json'), 'utf8')).figures as { id: string }[];
    expect(figures.map((f) => f.id)).toContain('Balance › uniform › seat 1 (first) win rate');
    expect(run('b').code).toBe(0);
    const d = runCli(['diff', 'a', 'b'], { cwd: dir });
    expect(d.stdout).toMatch(/no change: \d+ figures equal \(1 page\)/);
  }, 180_000);
});

describe('High Card\'s determinize hook', () => {
  it('redraws the other hand from the unseen cards, keeps the seat\'s own hand and view, and reseeds the PRNG', async () => {
    await loadGames(['bgio:./examples/boardgame-io/high-card.js']);
    const g = gameById('high-card')!;
    const sg = await g.state!();
    const rules = (await g.rules()).DEFAULT_RULES as never;
    const s = sg.newGame(rules, 2);
    s.applyChance(new Rng(5));
    const G = (x: GameState) => (x as unknown as { s: { G: { hands: Record<string, number[]>; deck: number[] }; plugins: { random: { data: unknown } } } }).s;
    const rng = new Rng(9), others = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const d = s.determinize(0, rng);
      expect(d.informationKey(0)).toBe(s.informationKey(0));
      expect(G(d).G.hands[0]).toEqual(G(s).G.hands[0]);
      expect([...G(d).G.hands[1], ...G(d).G.deck].sort((a, b) => a - b)).toEqual([...G(s).G.hands[1], ...G(s).G.deck].sort((a, b) => a - b));
      expect(G(d).plugins.random.data).not.toEqual(G(s).plugins.random.data);
      others.add(JSON.stringify(G(d).G.hands[1]));
    }
    // the original is untouched, and the redraws differ
    expect(others.size).toBeGreaterThan(5);
  });
});

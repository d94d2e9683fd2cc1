/**
 * The generic search player (strategies/ismcts.ts): legal in every game, deterministic for a seed,
 * independent of the worker count, stronger than random and stronger with more iterations, and
 * strict about its spec.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../src/core/rng.js';
import { UserError } from '../src/core/errors.js';
import { GAMES } from '../src/games/index.js';
import { CHANCE, TERMINAL, type GameState, type StateGame } from '../src/games/state.js';
import { ISMCTS, IsmctsPlayer, heuristicName, parseIsmctsSpec } from '../strategies/ismcts.js';
import { playMatches, summarizeMatches, type MatchParams } from '../src/play/match.js';
import { makePlayer, playerNames } from '../src/play/players.js';
import { playOut, trace } from './kit/playout.js';
import { gameOf } from './helpers/games.js';
import { measureAllocation } from './helpers/alloc.js';
import { expectUserError, runCli, sameForWorkers } from './helpers/cli.js';

function tournament(sg: StateGame<never>, rules: never, entrants: string[], seed: number, deals: number) {
  const p: MatchParams = { game: sg.id, rules, entrants };
  return summarizeMatches(sg, p, playMatches(sg, p, new Rng(seed), deals));
}

describe('ismcts is offered in every game', () => {
  it('every game with the interface lists it after its own players, and names a heuristic for rollouts', async () => {
    for (const g of GAMES.filter((x) => x.state)) {
      const sg = (await g.state!()) as StateGame<never>;
      const names = playerNames(sg);
      expect(names[0], g.id).toBe('uniform');
      expect(names.slice(1 + sg.playerNames.length), g.id).toContain(ISMCTS);
      expect(sg.playerNames, g.id).not.toContain(ISMCTS);
      expect(heuristicName(sg), g.id).toBeDefined();
      expect(heuristicName(sg), g.id).not.toBe('random');
    }
  });

  for (const g of GAMES.filter((x) => x.state)) {
    it(`${g.id}: only legal moves at a tiny budget (every seat searching, uniform rollouts; seat 0 with heuristic rollouts)`, async () => {
      const { sg, rules, P } = await gameOf(g.id);
      const all = Array.from({ length: P }, (_, s) => makePlayer(sg, rules, 'ismcts:iters=3,rollout=uniform', s, P));
      expect(playOut(sg.newGame(rules, P), all, new Rng(2))).toBeGreaterThan(0);
      const one = Array.from({ length: P }, (_, s) => makePlayer(sg, rules, s === 0 ? 'ismcts:iters=3,rollout=heuristic' : 'uniform', s, P));
      expect(playOut(sg.newGame(rules, P), one, new Rng(3))).toBeGreaterThan(0);
    }, 30_000);
  }
});

describe('ismcts is deterministic', () => {
  it('the same seed replays the same game bit for bit; another seed plays another', async () => {
    for (const id of ['liars-dice', 'cant-stop', 'dracula']) {
      const { sg, rules, P } = await gameOf(id);
      const fresh = () => Array.from({ length: P }, (_, s) => makePlayer(sg, rules, 'ismcts:iters=15', s, P));
      const a = trace(sg, rules, fresh(), 7), b = trace(sg, rules, fresh(), 7);
      expect(b, id).toEqual(a);
      // one player reused for a second game gives the same game again (the tree is reset, nothing carries over)
      const players = fresh();
      trace(sg, rules, players, 8);
      expect(trace(sg, rules, players, 7), id).toEqual(a);
    }
  });

  it('a tournament with it gives the same result for 1 and 2 workers', () => {
    const args = ['liars', 'duplicate-tournament', '--strategies', 'ismcts:iters=20,c=0.5,threshold', '--deals', '20', '--shard-count', '4', '--quiet', '--json'];
    const result = sameForWorkers(args);
    expect((result.entrants as { player: string }[])[0].player).toBe('ismcts:iters=20,c=0.5');
  });
});

describe('ismcts plays well', () => {
  // duplicate tournaments at a fixed seed: the interval must exclude an even split
  const cases: [string, string, number][] = [
    ['liars-dice', 'ismcts:iters=50,rollout=uniform', 100],
    ['cant-stop', 'ismcts:iters=10,rollout=uniform', 12],
    ['dracula', 'ismcts:iters=20,rollout=uniform', 40],
  ];
  for (const [id, spec, deals] of cases) {
    it(`${id}: ${spec} beats uniform clearly`, async () => {
      const { sg, rules } = await gameOf(id);
      const r = tournament(sg, rules, [spec, 'uniform'], 5, deals);
      expect(r.entrants[0].winRate.ci95[0], `${id} win rate ${r.entrants[0].winRate.p}`).toBeGreaterThan(0.5);
    }, 30_000);
  }

  it("Liar's Dice: more iterations play better (100 against 5)", async () => {
    const { sg, rules } = await gameOf('liars-dice');
    const r = tournament(sg, rules, ['ismcts:iters=100,rollout=uniform', 'ismcts:iters=5,rollout=uniform'], 9, 100);
    expect(r.entrants[0].winRate.ci95[0], `win rate ${r.entrants[0].winRate.p}`).toBeGreaterThan(0.5);
  }, 30_000);
});

describe('ismcts specs', () => {
  it('defaults, named and numbered rollouts, the main parameter', () => {
    expect(parseIsmctsSpec('ismcts')).toEqual({ iters: 1000, c: 0.7, rollout: 1, prior: 0, follow: 0, belief: 0, widen: 0 });
    expect(parseIsmctsSpec('ismcts:iters=50,c=0.25,rollout=uniform')).toEqual({ iters: 50, c: 0.25, rollout: 0, prior: 0, follow: 0, belief: 0, widen: 0 });
    expect(parseIsmctsSpec('ismcts:rollout=heuristic,iters=5')).toEqual({ iters: 5, c: 0.7, rollout: 1, prior: 0, follow: 0, belief: 0, widen: 0 });
    expect(parseIsmctsSpec('ismcts:rollout=0')).toEqual({ iters: 1000, c: 0.7, rollout: 0, prior: 0, follow: 0, belief: 0, widen: 0 });
    expect(parseIsmctsSpec('ismcts:200')).toEqual({ iters: 200, c: 0.7, rollout: 1, prior: 0, follow: 0, belief: 0, widen: 0 });
  });

  it('bad parameters are user errors naming the parameter', () => {
    const bad: [string, RegExp][] = [
      ['ismcts:iters=0', /iters must be an integer in 1\.\./],
      ['ismcts:iters=2.5', /iters must be an integer/],
      ['ismcts:c=-1', /c must be a number in 0\.\./],
      ['ismcts:depth=3', /unknown parameter depth/],
      ['ismcts:rollout=smart!', /must look like name=number/],
      ['ismcts:rollout=2', /rollout must be an integer in 0\.\.1/],
      ['ismcts:iters=', /must look like name=number/],
    ];
    for (const [spec, message] of bad) {
      expect(() => parseIsmctsSpec(spec), spec).toThrow(UserError);
      expect(() => parseIsmctsSpec(spec), spec).toThrow(message);
    }
  });

  it('on the command line: one line, exit code 2', () => {
    expectUserError(runCli(['dracula', 'tournament', '--strategies', 'ismcts:iters=0,greedy', '--deals', '5']), /iters must be an integer/);
    expectUserError(runCli(['cant-stop', 'tournament', '--strategies', 'ismcts:iters=1.5,rule28', '--deals', '5']), /iters must be an integer/);
    expectUserError(runCli(['liars', 'duplicate-tournament', '--strategies', 'ismcts:c=-0.5,threshold', '--deals', '5']), /c must be a number/);
    expectUserError(runCli(['weilong', 'tournament', '--strategies', 'ismcts:budget=9,adaptive', '--deals', '5']), /unknown parameter budget/);
  });
});

/**
 * A toy race for the allocation test: seats alternately add 1..3 to a shared total, then a coin adds
 * 0 or 1; whoever brings it to 21 wins. Its determinize hands out one of two preallocated states,
 * so whatever allocates in a decision is the search's own.
 */
class Race implements GameState {
  readonly players = 2;
  total = 0;
  toMove = 0;
  coin = false;
  winner = -1;
  spare: Race | null = null;
  currentPlayer(): number {
    return this.winner >= 0 ? TERMINAL : this.coin ? CHANCE : this.toMove;
  }
  legalActions(out: Int32Array): number {
    out[0] = 1;
    out[1] = 2;
    out[2] = 3;
    return 3;
  }
  applyAction(a: number): void {
    this.total += a;
    if (this.total >= 21) this.winner = this.toMove;
    else this.coin = true;
  }
  applyChance(rng: Rng): void {
    this.applyChanceOutcome(rng.below(2));
  }
  chanceOutcomes(outcomes: Int32Array, probabilities: Float64Array): number {
    outcomes[0] = 0;
    outcomes[1] = 1;
    probabilities[0] = probabilities[1] = 0.5;
    return 2;
  }
  applyChanceOutcome(o: number): void {
    this.coin = false;
    this.total += o;
    if (this.total >= 21) this.winner = this.toMove;
    this.toMove = 1 - this.toMove;
  }
  isTerminal(): boolean {
    return this.winner >= 0;
  }
  returns(out: Float64Array): void {
    out[0] = this.winner === 0 ? 1 : 0;
    out[1] = 1 - out[0];
  }
  informationKey(): string {
    return `${this.total} ${this.toMove} ${this.coin}`;
  }
  determinize(): GameState {
    this.spare ??= new Race();
    const d = this.spare;
    d.total = this.total;
    d.toMove = this.toMove;
    d.coin = this.coin;
    d.winner = this.winner;
    return d;
  }
  clone(): GameState {
    const c = new Race();
    c.total = this.total;
    c.toMove = this.toMove;
    c.coin = this.coin;
    c.winner = this.winner;
    return c;
  }
  actionText(a: number): string {
    return `add ${a}`;
  }
  toString(): string {
    return `race ${this.informationKey()}`;
  }
}

describe('ismcts allocates nothing of its own per iteration', () => {
  it('a decision of 3,000 iterations in a game whose determinize does not allocate: no heap growth, no GC', () => {
    const race: StateGame<never> = {
      id: 'race', playerNames: [], seats: () => ({ min: 2, max: 2, default: 2 }), newGame: () => new Race(),
      player: () => {
        throw new Error('none');
      },
    };
    const player = makePlayer(race, undefined as never, 'ismcts:iters=3000,rollout=uniform', 0, 2);
    const state = new Race(), rng = new Rng(4);
    // a first decision grows the tree pool to its size; the measured one reuses it
    expect([1, 2, 3]).toContain(player.act(state, rng));
    const r = measureAllocation(() => {
      player.act(state, rng);
    });
    expect(r.gcEvents).toBe(0);
    expect(r.bytes).toBeLessThan(64 * 1024);
  });
});

/**
 * One wide decision for seat 0: `width` actions, each won or lost against a hidden number that
 * determinize draws. With `varying`, the hidden number also takes some actions away, so the root's
 * legal actions differ between determinizations.
 */
class Guess implements GameState {
  readonly players = 2;
  chosen = -1;
  constructor(readonly width: number, readonly varying: boolean, readonly hidden = 0) {}
  private legal(a: number): boolean {
    return !this.varying || (a + this.hidden) % 9 !== 0;
  }
  currentPlayer(): number {
    return this.chosen >= 0 ? TERMINAL : 0;
  }
  legalActions(out: Int32Array): number {
    let n = 0;
    for (let a = 0; a < this.width; a++) if (this.legal(a)) out[n++] = a;
    return n;
  }
  applyAction(a: number): void {
    this.chosen = a;
  }
  applyChance(): void {
    throw new Error('no chance');
  }
  isTerminal(): boolean {
    return this.chosen >= 0;
  }
  returns(out: Float64Array): void {
    out[0] = (this.chosen * 37 + this.hidden * 11) % 23 < this.chosen % 17 ? 1 : 0;
    out[1] = 1 - out[0];
  }
  informationKey(): string {
    return `${this.chosen}`;
  }
  determinize(_seat: number, rng: Rng): Guess {
    return new Guess(this.width, this.varying, rng.below(40));
  }
  clone(): Guess {
    return new Guess(this.width, this.varying, this.hidden);
  }
  actionText(a: number): string {
    return `guess ${a}`;
  }
  toString(): string {
    return `guess ${this.chosen}`;
  }
}

/**
 * SO-ISMCTS at a single decision written plainly: every legal child scored on every iteration, its
 * count of trials the times it was available. The search player must choose as this does.
 */
function plainIsmcts(state: Guess, iters: number, c: number, rng: Rng): number {
  const visits = new Map<number, number>(), reward = new Map<number, number>(), avail = new Map<number, number>();
  const buf = new Int32Array(state.width), out = new Float64Array(2);
  for (let it = 0; it < iters; it++) {
    const d = state.determinize(0, rng), m = d.legalActions(buf), legal = Array.from(buf.subarray(0, m));
    const untried = legal.filter((a) => !visits.has(a));
    for (const a of legal) if (visits.has(a)) avail.set(a, avail.get(a)! + 1);
    let a: number;
    if (untried.length > 0) {
      a = untried[untried.length === 1 ? 0 : rng.below(untried.length)];
      visits.set(a, 0);
      reward.set(a, 0);
      avail.set(a, 1);
    } else {
      let best = -1, bestScore = -Infinity;
      for (const k of legal) {
        const v = visits.get(k)!, score = reward.get(k)! / v + c * Math.sqrt(Math.log(avail.get(k)!) / v);
        if (score > bestScore) {
          bestScore = score;
          best = k;
        }
      }
      a = best;
    }
    d.applyAction(a);
    d.returns(out);
    visits.set(a, visits.get(a)! + 1);
    reward.set(a, reward.get(a)! + out[0]);
  }
  // the most visited among the actions legal in the state itself
  let best = -1;
  for (const a of buf.subarray(0, state.legalActions(buf))) {
    if (!visits.has(a)) continue;
    if (best < 0 || visits.get(a)! > visits.get(best)! || (visits.get(a) === visits.get(best) && reward.get(a)! > reward.get(best)!)) best = a;
  }
  return best;
}

describe('ismcts at a wide root', () => {
  it('chooses as every child scored on every iteration would, whether or not every determinization offers the same actions', () => {
    for (const varying of [false, true]) {
      for (const [width, iters, c] of [[300, 4000, 0.7], [900, 2500, 0.3], [40, 3000, 1.5]]) {
        for (const seed of [1, 2, 3]) {
          const player = new IsmctsPlayer({ iters, c, rollout: 0, prior: 0, follow: 0, belief: 0, widen: 0 }, 2, { kind: 'win-lose' }, null);
          const state = new Guess(width, varying);
          expect(player.act(state, new Rng(seed)), `width ${width}, ${iters} iterations, c ${c}, seed ${seed}, varying ${varying}`)
            .toBe(plainIsmcts(state, iters, c, new Rng(seed)));
        }
      }
    }
  });
});

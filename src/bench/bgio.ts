// `npm run bench -- bgio`: uniformly random playouts of boardgame.io example games through the
// adapter (src/bgio), beside plain loops over boardgame.io's own Simulate (with its RandomBot) and
// its headless Client on the same Game. Printed, never asserted.
import { createRequire } from 'node:module';
import { Rng } from '../core/rng.js';
import { gameById, loadGames } from '../games/registry.js';
import { CHANCE, MAX_ACTIONS } from '../games/state.js';
import { f } from './timing.js';

const EXAMPLES = new URL('../../../examples/boardgame-io/', import.meta.url);
const GAMES = [
  { id: 'tic-tac-toe', file: 'tic-tac-toe.js', playouts: 3000 },
  { id: 'pig', file: 'pig.js', playouts: 600 },
];

type Enumerate = (G: unknown, ctx: unknown, playerID: string) => { move: string; args?: unknown[] }[];
interface Game {
  ai: { enumerate: Enumerate };
  [k: string]: unknown;
}
interface State {
  G: unknown;
  ctx: { gameover?: unknown; currentPlayer: string; activePlayers: Record<string, string> | null };
}

export async function bench(log: (line: string) => void): Promise<void> {
  const require = createRequire(import.meta.url);
  const { InitializeGame } = require('boardgame.io/internal') as { InitializeGame(a: { game: object; numPlayers: number }): State };
  const { Simulate, RandomBot } = require('boardgame.io/ai') as {
    Simulate(a: { game: object; bots: object; state: State }): Promise<{ state: State }>;
    RandomBot: new (a: { enumerate: Enumerate; seed: unknown }) => object;
  };
  const { Client } = require('boardgame.io/client') as {
    Client(a: { game: object; numPlayers: number }): { start(): void; stop(): void; getState(): State | null; moves: Record<string, (...a: unknown[]) => void> };
  };
  log('uniformly random playouts per CPU second, one thread, best of 6 interleaved rounds');
  log('game          oddsmith adapter  boardgame.io Simulate  boardgame.io Client  adapter/Simulate');
  for (const g of GAMES) {
    const url = new URL(g.file, EXAMPLES);
    await loadGames([`bgio:${url.href}`]);
    const sg = await gameById(g.id)!.state!();
    const rules = (await gameById(g.id)!.rules()).DEFAULT_RULES ?? null;
    const module = (await import(url.href)) as Record<string, Game>;
    const game = Object.values(module).find((v) => typeof v === 'object' && v !== null && 'moves' in v)!;
    // the adapter: the interface's own loop with the uniform player's draws
    const ours = (n: number) => {
      const rng = new Rng(1), actions = new Int32Array(MAX_ACTIONS);
      for (let i = 0; i < n; i++) {
        const s = sg.newGame(rules, 2);
        while (!s.isTerminal()) {
          if (s.currentPlayer() === CHANCE) s.applyChance(rng);
          else s.applyAction(actions[rng.below(s.legalActions(actions))]);
        }
      }
    };
    // boardgame.io's Simulate with its RandomBot, each game from InitializeGame
    const simulate = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const seeded = { ...game, seed: i + 1 };
        await Simulate({ game: seeded, bots: new RandomBot({ enumerate: game.ai.enumerate, seed: i + 1 }), state: InitializeGame({ game: seeded, numPlayers: 2 }) });
      }
    };
    // a headless Client, moves chosen from ai.enumerate as a person's clicks would be
    const client = (n: number) => {
      const rng = new Rng(1);
      for (let i = 0; i < n; i++) {
        const c = Client({ game: { ...game, seed: i + 1 }, numPlayers: 2 });
        c.start();
        for (let s = c.getState()!; s.ctx.gameover === undefined; s = c.getState()!) {
          const id = s.ctx.activePlayers ? Object.keys(s.ctx.activePlayers)[0] : s.ctx.currentPlayer;
          const moves = game.ai.enumerate(s.G, s.ctx, id);
          const m = moves[rng.below(moves.length)];
          c.moves[m.move](...(m.args ?? []));
        }
        c.stop();
      }
    };
    // rounds interleaved, each timed by this thread's CPU time (steadier than the wall clock on a
    // shared machine); the best round of each
    const cpu = async (run: () => unknown, n: number) => {
      const t0 = process.cpuUsage();
      await run();
      const t = process.cpuUsage(t0);
      return n / ((t.user + t.system) / 1e6);
    };
    const n = g.playouts / 5, m = Math.ceil(n / 4);
    let a = 0, b = 0, c = 0;
    for (let round = 0; round < 6; round++) {
      a = Math.max(a, await cpu(() => ours(n), n));
      b = Math.max(b, await cpu(() => simulate(n), n));
      c = Math.max(c, await cpu(() => client(m), m));
    }
    log(`${g.id.padEnd(13)} ${f(a).padStart(16)}  ${f(b).padStart(21)}  ${f(c).padStart(19)}  ${f(a / b, 2).padStart(15)}×`);
  }
  log("(games from examples/boardgame-io; the adapter turns boardgame.io's undo history off: a playout never undoes)");
}

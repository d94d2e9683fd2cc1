// `npm run bench -- search [--game=<id>…]`: the search player (strategies/ismcts.ts) in every game
// with the interface (or the games named) — iterations per second on one thread and the cost of one
// decision at each budget, early in a game and, where the game lasts, late in it (a state that
// replayed its past would slow down there). Printed, never asserted. Timed in the process's CPU
// time, not the wall clock: on a shared machine the wall clock counts the other programs' turns too.
import { Rng } from '../core/rng.js';
import { GAMES } from '../games/index.js';
import { CHANCE, MAX_ACTIONS, type GameState, type StateGame } from '../games/state.js';
import { heuristicName } from '../../strategies/ismcts.js';
import { makePlayer } from '../play/players.js';
import { f } from './timing.js';

/** Milliseconds of this process's CPU time (user and system) since a process.cpuUsage() stamp. */
const cpuMs = (c0: NodeJS.CpuUsage): number => {
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
};

const BUDGETS = [100, 1000, 10_000];
/** uniform moves played before the measured decision: early in a game, and late in a long one */
const WARM_MOVES = 8;
const LATE_MOVES = 400;

/**
 * A decision point of the game (more than one legal action): the first after WARM_MOVES uniform
 * moves, or the last one before the end when the game is shorter.
 */
function positionOf<R>(sg: StateGame<R>, rules: R, players: number, warm: number): GameState {
  const rng = new Rng(3), actions = new Int32Array(MAX_ACTIONS);
  const s = sg.newGame(rules, players);
  let moves = 0, last: GameState | null = null;
  while (!s.isTerminal()) {
    if (s.currentPlayer() === CHANCE) {
      s.applyChance(rng);
      continue;
    }
    const n = s.legalActions(actions);
    if (n > 1) {
      if (moves >= warm) return s;
      last = s.clone();
    }
    s.applyAction(actions[rng.below(n)]);
    moves++;
  }
  if (!last) throw new Error(`${sg.id}: no decision with a choice in a uniform game`);
  return last;
}

/** A decision predicted (cost is about linear in the budget) to take longer than this is not run. */
const LONGEST_MS = 30_000;

/** The games named by `--game=<id>` arguments (none: every game). */
const onlyGames = process.argv.filter((a) => a.startsWith('--game=')).map((a) => a.slice('--game='.length));

export async function bench(log: (line: string) => void): Promise<void> {
  log(`one decision of ismcts (c default) at a position after ${WARM_MOVES} (and ${LATE_MOVES}) uniform moves, one thread; iterations/s from the largest budget (CPU time)`);
  for (const g of GAMES) {
    if (!g.state || (onlyGames.length && !onlyGames.includes(g.id))) continue;
    const sg = await g.state();
    const rules = (await g.rules()).loadRules(undefined, []);
    const P = sg.seats(rules).default;
    const early = positionOf(sg, rules, P, WARM_MOVES), late = positionOf(sg, rules, P, LATE_MOVES);
    for (const [at, state] of [['', early], [`, late (${LATE_MOVES} moves)`, late]] as const) {
      // a game shorter than the late position has no late decision of its own
      if (at && state.toString() === early.toString()) continue;
      const seat = state.currentPlayer();
      for (const rollout of ['uniform', 'heuristic']) {
        const costs: string[] = [];
        let perSecond = 0;
        // a first decision warms the JIT and the game's caches up
        makePlayer(sg, rules, `ismcts:iters=${BUDGETS[0]},rollout=${rollout}`, seat, P).act(state, new Rng(2));
        for (const iters of BUDGETS) {
          if (perSecond > 0 && (iters / perSecond) * 1000 > LONGEST_MS) {
            costs.push(`${f(iters)}: not run (≈ ${f(iters / perSecond, 0)} s)`);
            continue;
          }
          const player = makePlayer(sg, rules, `ismcts:iters=${iters},rollout=${rollout}`, seat, P);
          const c0 = process.cpuUsage();
          player.act(state, new Rng(1));
          const t = cpuMs(c0);
          costs.push(`${f(iters)}: ${f(t, t < 10 ? 2 : 0)} ms`);
          perSecond = iters / (t / 1000);
        }
        const label = rollout === 'heuristic' ? `heuristic (${heuristicName(sg)})` : rollout;
        log(`${g.id}, ${P} players${at}, rollout ${label}: ${f(perSecond)} iterations/s; a decision at ${costs.join(', ')}`);
      }
    }
  }
}

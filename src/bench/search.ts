// `npm run bench -- search`: the search player (src/play/ismcts.ts) in every game with the
// interface — iterations per second on one thread and the cost of one decision at each budget.
// Printed, never asserted.
import { Rng } from '../core/rng.js';
import { GAMES } from '../games/index.js';
import { CHANCE, MAX_ACTIONS, type GameState, type StateGame } from '../games/state.js';
import { heuristicName } from '../play/ismcts.js';
import { makePlayer } from '../play/players.js';
import { f, ms } from './timing.js';

const BUDGETS = [100, 1000, 10_000];
/** uniform moves played before the measured decision, so that it is a decision in the middle of things */
const WARM_MOVES = 8;

/** A decision point of the game: its start, then WARM_MOVES uniform moves (fewer if it ends). */
function positionOf(sg: StateGame<never>, rules: never, players: number): GameState {
  const rng = new Rng(3), actions = new Int32Array(MAX_ACTIONS);
  const s = sg.newGame(rules, players);
  let moves = 0;
  for (;;) {
    const p = s.currentPlayer();
    if (p === CHANCE) s.applyChance(rng);
    else {
      const n = s.legalActions(actions);
      if (n > 1 && moves >= WARM_MOVES) return s;
      const probe = s.clone();
      probe.applyAction(actions[rng.below(n)]);
      if (probe.isTerminal()) return s;
      s.applyAction(actions[rng.below(n)]);
      moves++;
    }
  }
}

export async function bench(log: (line: string) => void): Promise<void> {
  log(`one decision of ismcts (c default) at a position after ${WARM_MOVES} uniform moves, one thread; iterations/s from the largest budget`);
  for (const g of GAMES) {
    if (!g.state) continue;
    const sg = await g.state();
    const rules = (await g.rules()).loadRules(undefined, []) as never;
    const P = sg.seats(rules).default;
    const state = positionOf(sg, rules, P);
    const seat = state.currentPlayer();
    for (const rollout of ['uniform', 'heuristic']) {
      const costs: string[] = [];
      let perSecond = 0;
      for (const iters of BUDGETS) {
        const player = makePlayer(sg, rules, `ismcts:iters=${iters},rollout=${rollout}`, seat, P);
        const t0 = process.hrtime.bigint();
        player.act(state, new Rng(1));
        const t = ms(t0);
        costs.push(`${f(iters)}: ${f(t, t < 10 ? 2 : 0)} ms`);
        perSecond = iters / (t / 1000);
      }
      const label = rollout === 'heuristic' ? `heuristic (${heuristicName(sg)})` : rollout;
      log(`${g.id}, ${P} players, rollout ${label}: ${f(perSecond)} iterations/s; a decision at ${costs.join(', ')}`);
    }
  }
}

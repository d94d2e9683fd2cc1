// Can't Stop figures for `npm run bench -- cant-stop`: measured and printed, never asserted.
import { Rng } from '../../core/rng.js';
import { best, f, poolScaling } from '../../bench/timing.js';
import { STRATEGIES } from './strategies/index.js';
import { gamesKernel, turnKernel, type GamesParams } from './kernels.js';
import { loadRules } from './rules.js';
import { bustTable, OptimalTurn, Solitaire } from './exact.js';
import { CantStopState } from './state.js';
import { stateGame } from './state.js';
import { CHANCE } from '../state.js';

export async function bench(log: (line: string) => void): Promise<void> {
  const rules = loadRules();
  for (const [a, b, games] of [['random', 'random', 20_000], ['rule28', 'random', 20_000], ['rule28', 'rule28', 20_000]] as const) {
    const p: GamesParams = { rules, players: [STRATEGIES.parse(a), STRATEGIES.parse(b)], rotate: true };
    gamesKernel.run(p, new Rng(7), games / 10); // warm-up
    const r = best(3, () => gamesKernel.run(p, new Rng(1), games));
    log(`whole games, ${a} vs ${b} (kernel, 1 thread): ${f(games / (r.ms / 1000))} games/s`);
  }
  // the same games through the game interface (state + StatePlayers), for the cost of the interface
  const players = [stateGame.player(rules, 'rule28', 0), stateGame.player(rules, 'rule28', 1)];
  const viaState = (n: number, rng: Rng) => {
    for (let i = 0; i < n; i++) {
      const s = new CantStopState(rules, 2);
      for (;;) {
        const cur = s.currentPlayer();
        if (cur === CHANCE) s.applyChance(rng);
        else if (cur < 0) break;
        else s.applyAction(players[cur].act(s, rng));
      }
    }
  };
  viaState(2_000, new Rng(7));
  const st = best(3, () => viaState(20_000, new Rng(1)));
  log(`whole games, rule28 vs rule28 (game interface, 1 thread): ${f(20_000 / (st.ms / 1000))} games/s`);
  const tp = { rules, player: STRATEGIES.parse('rule28') };
  turnKernel.run(tp, new Rng(7), 10_000);
  const tr = best(3, () => turnKernel.run(tp, new Rng(1), 200_000));
  log(`single turns, rule28 (1 thread): ${f(200_000 / (tr.ms / 1000))} turns/s`);
  const e = { kernel: gamesKernel.name, params: { rules, players: [STRATEGIES.parse('rule28'), STRATEGIES.parse('rule28')], rotate: true }, seed: 1, total: 100_000, shardCount: 32 };
  const { oneMs, twoMs, same } = await poolScaling(e);
  log(`parallel, rule28 vs rule28 (100,000 games, 32 shards): 1 worker ${f(100_000 / (oneMs / 1000))} games/s, 2 workers ${f(100_000 / (twoMs / 1000))} games/s → ${(oneMs / twoMs).toFixed(2)}×; bit-identical: ${same}`);
  const bt = best(3, () => bustTable(3));
  log(`exact bust table, all 165 runner triples × 1296 rolls: ${f(bt.ms, 1)} ms`);
  const ot = best(1, () => new OptimalTurn(rules));
  log(`exact optimal single turn (${f(ot.value.result.states)} runner configurations): ${f(ot.ms)} ms`);
  const tiny = loadRules('tiny');
  const so = best(1, () => new Solitaire(tiny));
  log(`exact solitaire, tiny board (${f(so.value.result.boards)} boards, ${f(so.value.result.states)} in-turn configurations): ${f(so.ms)} ms`);
}

import type { GameDescriptor } from '../types.js';

/** Can't Stop: exact bust odds and optimal turns, whole games between strategies. */
export const descriptor: GameDescriptor = {
  id: 'cant-stop',
  command: 'cant-stop',
  title: "Can't Stop",
  summary: "Can't Stop: exact bust odds, the optimal single turn and small-board solitaire, games between strategies",
  rules: async () => import('./rules.js'),
  kernels: async () => [...(await import('./kernels.js')).kernels],
  experiments: { 'cant-stop': async () => (await import('./report.js')).runExperiment },
  cli: async () => (await import('./cli.js')).register,
  benches: { 'cant-stop': async () => (await import('./bench.js')).bench, 'exact-generic': async () => (await import('./bench-exact.js')).bench },
  questions: async () => (await import('./questions.js')).questions,
  state: async () => (await import('./state.js')).stateGame,
  ladder: { rungs: ['uniform', 'random', 'rule28', 'ismcts:iters=50'] },
  assumptionsPage: 'cant-stop/odds-and-games.html',
  examples: {
    group: ['odds --columns 6,7,8', 'odds --turn', 'simulate --games 20000 --player rule28 --player random'],
    tournament: ['--strategies rule28,random --deals 2000', '--strategies rule28,rule28:stop=20,random --deals 1000'],
    balance: ['--strategies rule28 --deals 2000', '--strategies rule28 --deals 1000 --set columnsToWin=2..5'],
  },
};

// the module a game is: its default export, loaded by the registry like a `--game` module
export default descriptor;

import type { GameDescriptor } from '../types.js';

/** Dracula vs Van Helsing: engine, bots, role balance, exact district odds. */
export const descriptor: GameDescriptor = {
  id: 'dracula',
  command: 'dracula',
  title: 'Dracula vs Van Helsing',
  summary: 'Dracula vs Van Helsing: role win rates between bots, exact district odds, balance sweeps',
  rules: async () => import('./rules.js'),
  kernels: async () => [...(await import('./kernels.js')).kernels],
  experiments: { dracula: async () => (await import('./report.js')).runExperiment },
  cli: async () => (await import('./cli.js')).register,
  benches: { dracula: async () => (await import('./bench.js')).bench },
  questions: async () => (await import('./questions.js')).questions,
  state: async () => (await import('./state.js')).stateGame,
  ladder: { rungs: ['uniform', 'greedy', 'search', 'ismcts:iters=200,prior=10'] },
  assumptionsPage: 'dracula/balance.html',
  examples: { group: ['odds --card 5R --hand 1G,2G,3B,4B,5R --trump Y --seen 6R,7R,1Y', 'simulate --games 20000 --dracula greedy --helsing random', 'sweep --set health=8..16 --games 4000'] },
};

// the module a game is: its default export, loaded by the registry like a `--game` module
export default descriptor;

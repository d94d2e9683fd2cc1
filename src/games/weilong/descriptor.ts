import type { GameDescriptor } from '../types.js';

/** Weilong: whole games, each Son's ability worth, exact single-turn odds. */
export const descriptor: GameDescriptor = {
  id: 'weilong',
  command: 'weilong',
  title: 'Weilong',
  summary: 'Weilong: whole games, what each Son\'s ability is worth, exact single-turn odds',
  rules: async () => import('./rules.js'),
  kernels: async () => [...(await import('./kernels.js')).kernels],
  experiments: { weilong: async () => (await import('./report.js')).runExperiment },
  cli: async () => (await import('./cli.js')).register,
  benches: { weilong: async () => (await import('./bench.js')).bench },
  state: async () => (await import('./state.js')).stateGame,
};

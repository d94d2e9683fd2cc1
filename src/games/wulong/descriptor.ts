import type { GameDescriptor } from '../types.js';

/** Wulong: the turn analyzer (exact solver, advice, simulation) and the full betting game. */
export const descriptor: GameDescriptor = {
  id: 'wulong',
  command: 'wulong',
  title: 'Wulong',
  summary: 'Wulong and the Farkle family: exact turn solver, advice, bets, simulation, full game, sweeps',
  rules: async () => import('./rules.js'),
  kernels: async () => [...(await import('./kernels.js')).kernels],
  experiments: {
    wulong: async () => (await import('./report.js')).runExperiment,
    'wulong-game': async () => (await import('./game-report.js')).runGameExperiment,
  },
  cli: async () => (await import('../../cli/wulong.js')).registerWulong,
  benches: {
    wulong: async () => (await import('./bench.js')).bench,
    'wulong-game': async () => (await import('./game-bench.js')).bench,
  },
};

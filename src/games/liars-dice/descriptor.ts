import type { GameDescriptor } from '../types.js';

/** Liar's Dice: exact bid odds, the round engine, tournaments, CFR+ equilibria. */
export const descriptor: GameDescriptor = {
  id: 'liars-dice',
  command: 'liars',
  title: "Liar's Dice",
  summary: "Liar's Dice: exact bid odds, calls, tournaments, sweeps, equilibrium solver",
  rules: async () => import('./rules.js'),
  kernels: async () => [...(await import('./kernels.js')).kernels],
  experiments: { 'liars-dice': async () => (await import('./report.js')).runExperiment },
  cli: async () => (await import('./cli.js')).register,
  benches: { 'liars-dice': async () => (await import('./bench.js')).bench },
  state: async () => (await import('./state.js')).stateGame,
};

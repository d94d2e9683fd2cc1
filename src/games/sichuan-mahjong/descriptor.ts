import type { GameDescriptor } from '../types.js';

/** Sichuan bloody-battle mahjong: waits, shanten, hand values, starting hands, full deals. */
export const descriptor: GameDescriptor = {
  id: 'sichuan-mahjong',
  command: 'mahjong',
  title: 'Sichuan mahjong',
  summary: 'Sichuan bloody-battle mahjong: waits, shanten, hand values, starting-hand odds, full-deal simulation',
  rules: async () => import('./rules.js'),
  kernels: async () => [...(await import('./kernels.js')).kernels],
  experiments: { 'sichuan-mahjong': async () => (await import('./report.js')).runExperiment },
  cli: async () => (await import('./cli.js')).register,
  benches: { 'sichuan-mahjong': async () => (await import('./bench.js')).bench },
  questions: async () => (await import('./questions.js')).questions,
  state: async () => (await import('./state.js')).stateGame,
  ladder: { rungs: ['uniform', 'greedy', 'value', 'advisor', 'defender'], paired: async () => (await import('./ladder-paired.js')).paired },
  assumptionsPage: 'sichuan-mahjong/deal.html',
  examples: { group: ['waits 1112345678999m --void s', 'discard 11123456789m135p --void s', 'simulate --deals 2000 --seed 7'], sweep: ['--set selfDrawBonus=0..2 --deals 100'] },
};

// the module a game is: its default export, loaded by the registry like a `--game` module
export default descriptor;

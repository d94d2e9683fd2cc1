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
  questions: async () => (await import('./questions.js')).questions,
  state: async () => (await import('./state.js')).stateGame,
  ladder: { rungs: ['uniform', 'noability', 'dragon', 'element', 'adaptive', 'ismcts:iters=10'], paired: async () => (await import('./ladder-paired.js')).paired },
  assumptionsPage: 'weilong/sons.html',
  examples: {
    group: ['simulate --games 20000 --seed 1', 'odds --son 1 --collected 1,1', 'play --players 3 --seed 7'],
    tournament: ['--strategies adaptive,element,dragon,noability --deals 200', '--strategies adaptive,element --deals 100 --set penalty.1=0..10:5'],
    balance: ['--strategies adaptive --players 4 --deals 200', '--strategies adaptive --players 3 --deals 100 --set penalty.5=0..10:5'],
  },
};

// the module a game is: its default export, loaded by the registry like a `--game` module
export default descriptor;

import type { GameDescriptor } from '../types.js';

/** Tichu: exact deal odds, the full four-player game with bots, and the Grand Tichu / Tichu call questions. */
export const descriptor: GameDescriptor = {
  id: 'tichu',
  command: 'tichu',
  title: 'Tichu',
  summary: 'Tichu: exact deal odds (bombs, specials, aces), full-game bot tournaments, "should I call (Grand) Tichu?"',
  rules: async () => import('./rules.js'),
  kernels: async () => [...(await import('./kernels.js')).kernels],
  experiments: { tichu: async () => (await import('./report.js')).runExperiment },
  cli: async () => (await import('./cli.js')).register,
  benches: { tichu: async () => (await import('./bench.js')).bench },
  questions: async () => (await import('./questions.js')).questions,
  state: async () => (await import('./state.js')).stateGame,
  ladder: { rungs: ['uniform', 'heuristic', 'search', 'ismcts:iters=500,widen=2,prior=10,follow=1'], paired: async () => (await import('./ladder-paired.js')).paired },
  assumptionsPage: 'tichu/tournament.html',
  examples: {
    group: ['odds', 'grand --hand "Dr Ph Aj As Kp Kr Qs Jj" --deals 2000', 'simulate --games 200 --seed 1'],
    tournament: ['--strategies heuristic,random,heuristic,random --deals 20'],
    balance: ['--strategies heuristic --deals 20'],
    sweep: ['--strategies heuristic --set minStraight=4..6 --deals 10'],
  },
};

// the module a game is: its default export, loaded by the registry like a `--game` module
export default descriptor;

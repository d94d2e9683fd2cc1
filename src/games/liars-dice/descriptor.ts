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
  benches: { 'liars-dice': async () => (await import('./bench.js')).bench, 'liars-2v2': async () => (await import('./bench.js')).bench2v2('seed'), 'liars-2v2-openspiel': async () => (await import('./bench.js')).bench2v2('openspiel'), 'liars-2v2-plain': async () => (await import('./bench.js')).bench2v2('plain'), 'liars-2v1': async () => (await import('./bench.js')).bench2v1, 'liars-frontier': async () => (await import('./bench-frontier.js')).bench, 'exact-generic': async () => (await import('./bench-generic.js')).benchGeneric },
  questions: async () => (await import('./questions.js')).questions,
  state: async () => (await import('./state.js')).stateGame,
  ladder: { rungs: ['uniform', 'bluffer', 'threshold', 'conservative', 'ismcts:iters=10000,rollout=conservative,follow=1'] },
  assumptionsPage: 'liars-dice/tournament.html',
  examples: {
    group: ['odds --players 4 --mine 2,2,4,1,6 --bid 8x2', 'tournament --strategies threshold,conservative,bluffer --rounds 50000', 'solve --dice 1,1 --variant openspiel'],
    tournament: ['--strategies threshold,bluffer,conservative --deals 2000', '--strategies threshold,uniform --set dicePerPlayer=1..5'],
    balance: ['--strategies threshold --players 3 --deals 2000', '--strategies threshold --deals 1000 --set dicePerPlayer=1..5 --csv'],
  },
};

// the module a game is: its default export, loaded by the registry like a `--game` module
export default descriptor;

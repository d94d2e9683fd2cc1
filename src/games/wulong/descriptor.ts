import type { GameDescriptor } from '../types.js';

/**
 * Wulong: two sub-packages under one game. turn/ is the turn analyzer (exact solver, advice,
 * bets, turn simulation); game/ is the full betting game (engine, sweeps), built on turn/'s tables.
 */
export const descriptor: GameDescriptor = {
  id: 'wulong',
  command: 'wulong',
  title: 'Wulong',
  summary: 'Wulong and the Farkle family: exact turn solver, advice, bets, simulation, full game, sweeps',
  rules: async () => import('./turn/rules.js'),
  kernels: async () => [...(await import('./turn/kernels.js')).kernels, ...(await import('./game/kernels.js')).kernels],
  experiments: {
    wulong: async () => (await import('./turn/report.js')).runExperiment,
    'wulong-game': async () => (await import('./game/report.js')).runGameExperiment,
    'wulong-race': async () => (await import('./race/report.js')).runRaceExperiment,
  },
  cli: async () => (await import('./cli.js')).register,
  benches: {
    wulong: async () => (await import('./turn/bench.js')).bench,
    'wulong-game': async () => (await import('./game/bench.js')).bench,
    'wulong-race': async () => (await import('./race/bench.js')).bench,
    'wulong-race-facebook': async () => (await import('./race/bench.js')).benchFacebook,
  },
  questions: async () => (await import('./questions.js')).questions,
  // the full game (the turn alone and the race are parts of it)
  state: async () => (await import('./game/state.js')).stateGame,
  ladder: { rungs: ['uniform', 'naive', 'fraction', 'kelly', 'lookahead'] },
  assumptionsPage: 'wulong/game.html',
  examples: { group: ['solve', 'advise --score 2000 --dice 3', 'simulate --trials 1e6 --seed 7', 'game --players 4 --games 20000'] },
};

// the module a game is: its default export, loaded by the registry like a `--game` module
export default descriptor;

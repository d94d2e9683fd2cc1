// Kuhn poker as an outside game: `npx oddsmith --game ./examples/kuhn-poker/index.js kuhn-poker …`.
// The state is in state.js; its equilibrium value for the first player is -1/18
// (`npx oddsmith --game ./examples/kuhn-poker/index.js kuhn-poker equilibrium`).
import { defineGame } from 'oddsmith';
import { KuhnState } from './state.js';

export default defineGame({
  id: 'kuhn-poker',
  title: 'Kuhn poker',
  summary: 'three cards, two players, one bet: the smallest poker, solved exactly',
  rules: {
    fields: {},
  },
  state: {
    seats: () => ({ min: 2, max: 2, default: 2 }),
    newGame: () => new KuhnState(),
    outcome: () => ({ kind: 'points', min: -2, max: 2 }),
  },
  findings: [
    { name: 'first player wins chips', kind: 'rate', measure: (_state, returns) => (returns[0] > 0 ? 1 : 0) },
  ],
});

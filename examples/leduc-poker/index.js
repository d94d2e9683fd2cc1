// Leduc poker as an outside game: `npx oddsmith --game ./examples/leduc-poker/index.js leduc-poker …`.
// The state is in state.js; its equilibrium value for the first player is about -0.0856 chips
// (`npx oddsmith --game ./examples/leduc-poker/index.js leduc-poker equilibrium`).
import { defineGame, MAX_ACTIONS } from 'oddsmith';
import { CALL, FOLD, LeducState, RAISE, handStrength } from './state.js';

export default defineGame({
  id: 'leduc-poker',
  title: 'Leduc poker',
  summary: 'six cards, two betting rounds, a public card: the poker research uses to test solvers',
  rules: {
    fields: {},
  },
  state: {
    seats: () => ({ min: 2, max: 2, default: 2 }),
    newGame: () => new LeducState(),
    // the most a seat puts in: the ante, two raises of 2, two of 4
    outcome: () => ({ kind: 'points', min: -13, max: 13 }),
  },
  players: {
    aggressive: {
      summary: 'raises whenever it may unless it holds an unpaired jack, calls otherwise; folds that jack facing a bet after the public card',
      params: {},
      create: () => {
        const actions = new Int32Array(MAX_ACTIONS);
        return {
          act(state) {
            const s = /** @type {LeducState} */ (state);
            const n = s.legalActions(actions);
            const legal = Array.from(actions.subarray(0, n));
            const strength = handStrength(s, s.currentPlayer());
            if (strength >= 1 && legal.includes(RAISE)) return RAISE;
            if (strength === 0 && s.round === 1 && legal.includes(FOLD)) return FOLD;
            return CALL;
          },
        };
      },
    },
  },
  findings: [
    { name: 'first player wins chips', kind: 'rate', measure: (_state, returns) => (returns[0] > 0 ? 1 : 0) },
  ],
});

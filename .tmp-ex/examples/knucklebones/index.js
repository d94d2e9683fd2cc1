// Knucklebones for oddsmith: `npx oddsmith --game ./examples/knucklebones/index.js knucklebones …`
import { defineGame, MAX_ACTIONS } from 'oddsmith';
import { KnucklebonesState, placementValue } from './state.js';

/** @typedef {import('./state.js').KnucklebonesRules} KnucklebonesRules */

export default defineGame({
  id: 'knucklebones',
  title: 'Knucklebones',
  summary: 'two grids of dice: place each roll, match to multiply, knock out the opponent\'s',
  rules: {
    fields: {
      columns: { kind: 'integer', help: 'columns in each grid', unit: 'columns', min: 1, max: 6, default: 3 },
      rows: { kind: 'integer', help: 'dice a column holds', unit: 'dice', min: 1, max: 6, default: 3 },
      faces: { kind: 'integer', help: 'faces of the die, numbered from 1', unit: 'faces', min: 2, max: 12, default: 6 },
      ties: {
        kind: 'enum',
        values: ['shared', 'second-player'],
        help: 'a tied total: shared, or won by the player who moved second',
        default: 'shared',
        assumed: 'the game names no winner of a tied total: the win is shared',
      },
    },
    presets: {
      quick: { columns: 2, rows: 2 },
      tall: { rows: 4 },
    },
  },
  state: {
    seats: () => ({ min: 2, max: 2, default: 2 }),
    newGame: (/** @type {KnucklebonesRules} */ rules) => new KnucklebonesState(rules),
  },
  players: {
    greedy: {
      summary: 'places each die where its own gain plus attack × the points knocked out is largest',
      params: {
        attack: { kind: 'number', help: 'weight of the opponent\'s points knocked out', unit: 'points', min: 0, max: 4, default: 1 },
      },
      create: (_rules, /** @type {{ attack: number }} */ params) => {
        const actions = new Int32Array(MAX_ACTIONS);
        return {
          act(state) {
            const s = /** @type {KnucklebonesState} */ (state);
            const n = s.legalActions(actions);
            let best = actions[0], bestValue = -Infinity;
            for (let i = 0; i < n; i++) {
              const v = placementValue(s, actions[i], params.attack);
              if (v > bestValue) [best, bestValue] = [actions[i], v];
            }
            return best;
          },
        };
      },
    },
  },
  findings: [
    {
      name: 'tied totals',
      kind: 'rate',
      measure: (state) => {
        const s = /** @type {KnucklebonesState} */ (state);
        return s.total(0) === s.total(1) ? 1 : 0;
      },
    },
    { name: 'dice placed', kind: 'value', measure: (state) => /** @type {KnucklebonesState} */ (state).placed },
    { name: 'dice knocked out', kind: 'value', measure: (state) => /** @type {KnucklebonesState} */ (state).knocked },
  ],
  ladder: { rungs: ['uniform', 'greedy:attack=0', 'greedy', 'ismcts:iters=200'] },
});

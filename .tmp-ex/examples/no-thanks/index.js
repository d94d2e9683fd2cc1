// No Thanks! for oddsmith: `npx oddsmith --game ./examples/no-thanks/index.js no-thanks …`
import { defineGame, UserError } from 'oddsmith';
import { NoThanksState, PASS, TAKE, takeCost } from './state.js';

/** @typedef {import('./state.js').NoThanksRules} NoThanksRules */

export default defineGame({
  id: 'no-thanks',
  title: 'No Thanks!',
  summary: 'pay a chip to pass a card on, or take it and its chips; runs score their lowest card',
  rules: {
    fields: {
      lowest: { kind: 'integer', help: 'the lowest card', unit: 'points', min: 1, max: 99, default: 3 },
      highest: { kind: 'integer', help: 'the highest card', unit: 'points', min: 2, max: 120, default: 35 },
      removed: { kind: 'integer', help: 'cards removed unseen before play', unit: 'cards', min: 0, max: 100, default: 9 },
      chips: { kind: 'integer', help: 'chips each player starts with at 3 to 5 players', unit: 'chips', min: 0, max: 100, default: 11 },
      chipsAt6: { kind: 'integer', help: 'chips each player starts with at 6 players', unit: 'chips', min: 0, max: 100, default: 9 },
      chipsAt7: { kind: 'integer', help: 'chips each player starts with at 7 players', unit: 'chips', min: 0, max: 100, default: 7 },
      runs: { kind: 'boolean', help: 'a run of consecutive cards scores only its lowest card', default: true },
      ties: {
        kind: 'enum',
        values: ['shared', 'most-chips'],
        help: 'a tied lowest score: shared, or won by the one with most chips left',
        default: 'shared',
        assumed: 'the rules text we follow breaks no ties: the win is shared',
      },
    },
    check: (/** @type {NoThanksRules} */ rules, where) => {
      if (rules.highest - rules.lowest + 1 <= rules.removed) {
        throw new UserError(`${where}: removed must leave a card in play (${rules.highest - rules.lowest + 1} cards, ${rules.removed} removed)`);
      }
    },
    presets: {
      'no-runs': { runs: false },
      short: { lowest: 3, highest: 20, removed: 5, chips: 7, chipsAt6: 6, chipsAt7: 5 },
    },
  },
  state: {
    seats: () => ({ min: 3, max: 7, default: 4 }),
    newGame: (/** @type {NoThanksRules} */ rules, players) => new NoThanksState(rules, players),
  },
  players: {
    thrifty: {
      summary: 'takes a card when what it adds to the score, less the chips on it, is at most `take`',
      params: {
        take: { kind: 'integer', help: 'the most a card may cost (its points less the chips on it)', unit: 'points', min: -50, max: 150, default: 8 },
        reserve: { kind: 'integer', help: 'below this many chips, takes any card that costs under 15', unit: 'chips', min: 0, max: 50, default: 2 },
      },
      create: (_rules, params) => ({
        act(state) {
          const s = /** @type {NoThanksState} */ (state);
          if (s.chips[s.toMove] === 0) return TAKE;
          const cost = takeCost(s);
          if (cost <= /** @type {number} */ (params.take)) return TAKE;
          return s.chips[s.toMove] < /** @type {number} */ (params.reserve) && cost < 15 ? TAKE : PASS;
        },
      }),
    },
  },
  findings: [
    {
      name: 'winning score',
      kind: 'value',
      measure: (state, returns) => {
        const s = /** @type {NoThanksState} */ (state);
        return s.score(returns.indexOf(Math.max(...returns)));
      },
    },
  ],
  ladder: { rungs: ['uniform', 'thrifty', 'ismcts:iters=200'] },
});

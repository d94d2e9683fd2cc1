// Zombie Dice for oddsmith: `npx oddsmith --game ./examples/zombie-dice/index.js zombie-dice …`
import { defineGame, UserError } from 'oddsmith';
import { ZombieDiceState, STOP, ROLL } from './state.js';
import { oneTurnSolver } from './analysis.js';

/** @typedef {import('./state.js').ZombieDiceRules} ZombieDiceRules */

/** The one-turn solver of each rules set this process has met (it takes seconds to fill). */
const solvers = new Map();
/** @param {ZombieDiceRules} rules @returns {ReturnType<typeof oneTurnSolver>} */
function solverFor(rules) {
  const key = JSON.stringify([rules.green, rules.yellow, rules.red, rules.hand, rules.shotguns]);
  if (!solvers.has(key)) solvers.set(key, oneTurnSolver(rules));
  return solvers.get(key);
}

/**
 * In the last round (someone has the target, or this is a tie-break) a player behind the leader
 * must roll on: stopping short loses for sure. @param {ZombieDiceState} s
 */
function mustChase(s) {
  let best = 0;
  for (let q = 0; q < s.players; q++) if (q !== s.toMove) best = Math.max(best, s.banked[q]);
  const lastRound = best >= s.rules.target || s.tieBreaks > 0;
  return lastRound && s.banked[s.toMove] + s.inHand() <= best;
}

export default defineGame({
  id: 'zombie-dice',
  title: 'Zombie Dice',
  summary: 'push your luck with dice drawn from a cup: brains score, three shotguns end the turn',
  rules: {
    fields: {
      green: { kind: 'integer', help: 'green dice in the cup (3 brains, 2 footsteps, 1 shotgun)', unit: 'dice', min: 0, max: 12, default: 6 },
      yellow: { kind: 'integer', help: 'yellow dice in the cup (2 brains, 2 footsteps, 2 shotguns)', unit: 'dice', min: 0, max: 12, default: 4 },
      red: { kind: 'integer', help: 'red dice in the cup (1 brain, 2 footsteps, 3 shotguns)', unit: 'dice', min: 0, max: 12, default: 3 },
      hand: { kind: 'integer', help: 'dice rolled at a time (footsteps kept, the rest drawn)', unit: 'dice', min: 1, max: 6, default: 3 },
      shotguns: { kind: 'integer', help: 'shotguns that end a turn with no brains', unit: 'shotguns', min: 1, max: 6, default: 3 },
      target: { kind: 'integer', help: 'brains that make the round under way the last', unit: 'brains', min: 1, max: 100, default: 13 },
      tieBreakRounds: {
        kind: 'integer',
        help: 'rounds the tied leaders play before a tie stands',
        unit: 'rounds',
        min: 0,
        max: 10,
        default: 1,
        assumed: 'the rules give the tied leaders one tie-breaker round and do not say what a tie after it means: it stands (a shared win)',
      },
    },
    check: (/** @type {ZombieDiceRules} */ rules, where) => {
      if (rules.green + rules.yellow + rules.red < rules.hand + rules.shotguns) {
        throw new UserError(`${where}: the cup needs at least hand + shotguns dice (got ${rules.green + rules.yellow + rules.red})`);
      }
    },
    presets: {
      short: { target: 8 },
      'no-reds': { green: 9, red: 0 },
    },
  },
  state: {
    seats: () => ({ min: 2, max: 8, default: 2 }),
    newGame: (/** @type {ZombieDiceRules} */ rules, players) => new ZombieDiceState(rules, players),
  },
  players: {
    threshold: {
      summary: 'stops once the brains in hand reach a threshold set by the shotguns taken',
      params: {
        none: { kind: 'integer', help: 'stop at this many brains while three or more shotguns from the end', unit: 'brains', min: 1, max: 99, default: 10 },
        one: { kind: 'integer', help: 'stop at this many brains while two shotguns from the end', unit: 'brains', min: 1, max: 99, default: 5 },
        two: { kind: 'integer', help: 'stop at this many brains while one shotgun from the end', unit: 'brains', min: 1, max: 99, default: 1 },
      },
      create: (rules, params) => ({
        act(state) {
          const s = /** @type {ZombieDiceState} */ (state);
          if (mustChase(s)) return ROLL;
          const spare = rules.shotguns - s.shotguns();
          const at = /** @type {number} */ (spare <= 1 ? params.two : spare === 2 ? params.one : params.none);
          return s.inHand() >= at ? STOP : ROLL;
        },
      }),
    },
    expectimax: {
      summary: 'maximizes the brains it expects to bank this turn (exact), chasing in the last round',
      create: (rules) => {
        const solver = solverFor(rules);
        return {
          act(state) {
            const s = /** @type {ZombieDiceState} */ (state);
            return mustChase(s) || solver.rollsOn(s) ? ROLL : STOP;
          },
        };
      },
    },
  },
  findings: [
    {
      name: 'turns ended by shotguns',
      kind: 'rate',
      measure: (state) => {
        const s = /** @type {ZombieDiceState} */ (state);
        return s.busts / s.turns;
      },
    },
    { name: 'games to a tie-break', kind: 'rate', measure: (state) => (/** @type {ZombieDiceState} */ (state).tieBreaks > 0 ? 1 : 0) },
  ],
  ladder: { rungs: ['uniform', 'threshold', 'expectimax'] },
});

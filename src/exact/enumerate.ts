/**
 * Exact odds by enumeration: the expected returns of each seat and the game's declared findings
 * (StateGame.findings) for given players, by walking every chance outcome with its probability and
 * every action the players take with its frequency — the probability a deterministic player gives
 * its choice is 1; a randomized one is asked `seeds` times (its action frequencies); a player that
 * states its probabilities (a strategy file) is read. Where the tree is too big, it says so and
 * how many sampled games the same precision would take.
 */
import { UserError } from '../core/errors.js';
import { Rng } from '../core/rng.js';
import { CHANCE, MAX_ACTIONS, TERMINAL, type GameState, type StateFinding, type StatePlayer } from '../games/state.js';
import { isProbabilistic } from './players.js';
import { MAX_PLAY_STEPS, tooLong } from './tree.js';

/** The most states the enumeration visits before it gives up (and gives the sample size instead). */
export const MAX_ENUMERATED_STATES = 20_000_000;

export class TooManyStates extends UserError {
  constructor(readonly limit: number) {
    super(`more than ${limit.toLocaleString('en-US')} states to enumerate`);
  }
}

export interface EnumeratedOdds {
  /** expected returns by seat (a win/lose game's win shares) */
  returns: number[];
  /** each finding's expectation over the games where it says something, and the probability of those */
  findings: { name: string; kind: 'rate' | 'value'; value: number; weight: number }[];
  /** states visited, and end states reached */
  states: number;
  ends: number;
}

export function enumerateOdds(root: GameState, players: readonly StatePlayer[], findings: readonly StateFinding[] = [], seeds = 1, seed = 1, maxStates = MAX_ENUMERATED_STATES, what = 'this game'): EnumeratedOdds {
  const P = root.players;
  if (players.length !== P) throw new Error(`enumerate: ${players.length} players for ${P} seats`);
  const returns = new Array<number>(P).fill(0);
  const fsum = findings.map(() => 0), fweight = findings.map(() => 0);
  const ret = new Float64Array(P);
  let states = 0, ends = 0, asked = 0;
  const walk = (s: GameState, p: number, steps = 0): void => {
    if (steps > MAX_PLAY_STEPS) throw tooLong(what, s);
    if (++states > maxStates) throw new TooManyStates(maxStates);
    const who = s.currentPlayer();
    if (who === TERMINAL) {
      ends++;
      s.returns(ret);
      for (let k = 0; k < P; k++) returns[k] += p * ret[k];
      findings.forEach((f, i) => {
        const x = f.measure(s, ret);
        if (Number.isNaN(x)) return;
        fsum[i] += p * x;
        fweight[i] += p;
      });
      return;
    }
    const acts = new Int32Array(MAX_ACTIONS), probs = new Float64Array(MAX_ACTIONS);
    if (who === CHANCE) {
      if (!s.chanceOutcomes || !s.applyChanceOutcome) throw new UserError(`${what}: its states do not list their chance outcomes (chanceOutcomes), so they cannot be enumerated`);
      const n = s.chanceOutcomes(acts, probs);
      if (n <= 0) throw new UserError(`${what}: a chance event is not enumerated (too many outcomes to list) at ${s.toString()}`);
      for (let k = 0; k < n; k++) {
        const c = s.clone();
        c.applyChanceOutcome!(acts[k]);
        walk(c, p * probs[k], steps + 1);
      }
      return;
    }
    const player = players[who];
    const freq = new Map<number, number>();
    const n = s.legalActions(acts), legal = new Set(acts.subarray(0, n));
    if (isProbabilistic(player)) {
      const [as, ps] = player.probabilities(s);
      as.forEach((a, j) => { if (ps[j] > 0) freq.set(a, (freq.get(a) ?? 0) + ps[j]); });
    } else {
      for (let j = 0; j < seeds; j++) {
        const a = player.act(s.clone(), new Rng(seed + (asked++) * 7919 + j));
        freq.set(a, (freq.get(a) ?? 0) + 1 / seeds);
      }
    }
    for (const [a, q] of freq) {
      if (!legal.has(a)) throw new UserError(`${what}: seat ${who}'s player chose ${a}, not a legal action at ${s.toString()} (the exact tools ask players at any state, in any order: a player must decide from the state alone, not from its own memory of the game)`);
      const c = s.clone();
      c.applyAction(a);
      walk(c, p * q, steps + 1);
    }
  };
  walk(root.clone(), 1);
  return {
    returns, states, ends,
    findings: findings.map((f, i) => ({ name: f.name, kind: f.kind, value: fweight[i] > 0 ? fsum[i] / fweight[i] : NaN, weight: fweight[i] })),
  };
}

/** Games a sampled run needs to know a rate within ±`within` at 95% (p(1 − p) at most 1/4). */
export function sampleSizeFor(within: number): number {
  return Math.ceil((1.96 * 1.96 * 0.25) / (within * within));
}

import { Rng } from '../../core/rng.js';
import { UserError } from '../../core/errors.js';
import { Round } from './engine.js';
import type { Strategy } from './strategy.js';
import { DEFAULT_RULES, type LiarsRules } from './rules.js';
import { LiarsSolver, type Variant } from './exact-cfr.js';

/**
 * Exact two-player play of bots in the solver's game: a deterministic bot (one that never draws a
 * random number, like threshold or conservative) is turned into a policy table over every public
 * history and hand, written into a solver's average-strategy array, and then the solver's exact
 * traversals give the value of any pairing and the best response against the bot. No sampling.
 */

/** The round-engine rules that make a two-player round exactly the solver's game of this variant. */
export function rulesForVariant(variant: Variant, dice: number, sides: number): LiarsRules {
  if (variant === 'openspiel') throw new UserError('bots play the round engine\'s rules; the openspiel variant (top face wild) has no engine counterpart');
  return {
    ...DEFAULT_RULES, dicePerPlayer: dice, sides,
    wildOnes: variant === 'seed', onesBidCancelsWilds: true, onesRankHighest: variant === 'seed',
    outOfTurnCalls: false, multipleCalls: false,
  };
}

/**
 * Write the bot's choices into `solver.avg` for the histories where `seat` (0 = opener) moves:
 * probability 1 on the action it takes. Throws if the bot draws random numbers (its choice would
 * not be a function of the history) or calls anything but the last bid.
 */
export function fillBotPolicy(solver: LiarsSolver, bot: Strategy, rules: LiarsRules, seat: 0 | 1): void {
  const d = solver.config.dice[0];
  if (solver.config.dice[1] !== d) throw new UserError('bots need the same number of dice on both sides');
  const round = new Round(rules, 2);
  const B = solver.B, Hm = solver.Hmax, avg = solver.avg;
  const rng = new Rng(1);
  const other = Array.from({ length: d }, () => 2);
  for (let mask = 0; mask < 2 ** B; mask++) {
    let depth = 0, top = -1;
    for (let b = 0; b < B; b++) if (mask & (1 << b)) { depth++; top = b; }
    if ((depth & 1) !== seat) continue;
    const nA = (depth > 0 ? 1 : 0) + B - 1 - top;
    solver.hands[seat].forEach((hand, h) => {
      round.setDice(seat === 0 ? [hand, other] : [other, hand]);
      round.begin(0);
      for (let b = 0; b < B; b++) {
        if (!(mask & (1 << b))) continue;
        round.applyBid(b);
        if (round.numBids === 1) round.setDirection(1);
        round.advance();
      }
      const s0 = Array.from(rng.s);
      let action: number;
      if (top === B - 1) action = 0; // the top bid: only a call is left
      else if (depth > 0 && bot.challenge(round, seat, true, rng) > 0) {
        for (let i = 0; i < round.numBids - 1; i++) if (round.marks[i]) throw new UserError(`${bot.name} calls an earlier bid, which the two-player solver's game does not have (set its out-of-turn threshold to 0)`);
        round.marks.fill(0);
        action = 0;
      } else {
        const r = bot.bid(round, seat, rng);
        action = (depth > 0 ? 1 : 0) + r - top - 1;
      }
      if (Array.from(rng.s).some((x, i) => x !== s0[i])) throw new UserError(`${bot.name} draws random numbers: only deterministic bots have an exact policy table`);
      const base = solver.off[mask] * Hm + h;
      for (let a = 0; a < nA; a++) avg[base + a * Hm] = a === action ? 1 : 0;
    });
  }
}

/** Copy the average strategy of `from` into `to` for the histories where `seat` moves. */
export function copyPolicy(from: LiarsSolver, to: LiarsSolver, seat: 0 | 1): void {
  const B = from.B, Hm = from.Hmax;
  for (let mask = 0; mask < 2 ** B; mask++) {
    let depth = 0;
    for (let b = 0; b < B; b++) if (mask & (1 << b)) depth++;
    if ((depth & 1) !== seat) continue;
    const start = from.off[mask] * Hm, end = (mask + 1 < 2 ** B ? from.off[mask + 1] : from.avg.length / Hm) * Hm;
    to.avg.set(from.avg.subarray(start, end), start);
  }
}

export interface BotExactResult {
  bot: string;
  /** the bot against itself: the opener's value */
  selfValue0: number;
  /** a best response's value against the bot, as opener and as responder */
  brAsOpener: number;
  brAsResponder: number;
  /** NashConv/2 of (bot, bot): how much a best response gains per round on average over the seats */
  exploitability: number;
}

export function botExploitability(variant: Variant, dice: number, sides: number, bot: Strategy): BotExactResult {
  const rules = rulesForVariant(variant, dice, sides);
  const s = new LiarsSolver({ variant, dice: [dice, dice], sides });
  fillBotPolicy(s, bot, rules, 0);
  fillBotPolicy(s, bot, rules, 1);
  const e = s.exploitability();
  return { bot: bot.name, selfValue0: s.value0(), brAsOpener: e.br0, brAsResponder: e.br1, exploitability: e.exploitability };
}

export interface MatchExactResult {
  /** opener's value when A opens against B, and when B opens against A */
  valueAOpens: number;
  valueBOpens: number;
  /** A's long-run penalties per round when the loser opens the next round */
  penaltiesA: number;
}

/**
 * Exact match between two policies held in solvers' average strategies (A: `a`, B: `b`): values for
 * both openers, and A's long-run penalties per round when the loser opens the next round (a
 * two-state chain: A loses with chance α when A opens, β when B opens; A opens next iff A lost).
 */
export function exactMatch(a: LiarsSolver, b: LiarsSolver): MatchExactResult {
  const mix = new LiarsSolver(a.config);
  copyPolicy(a, mix, 0);
  copyPolicy(b, mix, 1);
  const valueAOpens = mix.value0();
  copyPolicy(b, mix, 0);
  copyPolicy(a, mix, 1);
  const valueBOpens = mix.value0();
  const alpha = (1 - valueAOpens) / 2, beta = (1 + valueBOpens) / 2;
  return { valueAOpens, valueBOpens, penaltiesA: beta / (1 - alpha + beta) };
}

import { defineLayout, slots } from '../../core/accumulator.js';
import { Memo } from '../../core/memo.js';
import { Rng } from '../../core/rng.js';
import { meanEstimate, proportion, type MeanEstimate, type Proportion } from '../../core/stats.js';
import { registerKernels } from '../../parallel/registry.js';
import type { Kernel } from '../../parallel/kernel.js';
import { textTable } from '../../core/format.js';
import { cardsText } from './cards.js';
import { handOdds, type HandOddsResult } from './exact.js';
import { REAL_GAMES } from './reference.js';
import { createStrategy, parseStrategySpec } from './strategies/index.js';
import { Engine } from './engine.js';
import { loadRules, type TichuRules } from './rules.js';

/**
 * Simulation kernels. Each builds its engine once per thread (Memo keyed by the params) with the
 * shard's stream, then plays without allocating.
 * - tichu.games: whole games, seats rotated game by game (strategy i sits in seat (i + g) mod 4 …
 *   so the pair of specs 1 and 3 plays as team A on even rotations and as team B on odd ones);
 * - tichu.call: the "should I call?" comparison, each deal played twice from the same random state
 *   (common random numbers), once with seat 0 forced to call and once forced not to; seat 0's own
 *   view never shows its call, so its player plays alike in both;
 * - tichu.strength: rounds without calls; P(first out) by hand-strength bucket (8 and 14 cards).
 */

export interface GamesParams { rules: TichuRules; strategies: string[] }
export interface CallParams { rules: TichuRules; strategies: string[]; hand: number[]; call: 'grand' | 'tichu' }
export interface StrengthParams { rules: TichuRules; strategies: string[] }

// conditions for call statistics: 0 all, 1 caller holds a bomb after passing, 2 caller holds none, 3 an opponent holds one, 4 no opponent does
const COND = 5;
const GAMES = defineLayout({
  games: 1, winsA: 1, ties: 1, winsSeat0: 1, rounds: 1, roundsSq: 1,
  roundCount: 1, ptsA: 1, ptsASq: 1, doubleWinA: 1, doubleWinB: 1,
  // [type (0 tichu, 1 grand)][condition][calls, successes]
  calls: 2 * COND * 2,
  // calls and successes by strategy position: [pos][type][calls, successes]
  callsByPos: 4 * 2 * 2,
  firstOutByPos: 4,
  bombAfterPassSeats: 1, bombAfterPassRounds: 1, bombsPlayed: 1, bombsPlayedSq: 1, roundsWithBombPlayed: 1,
  tricks: 1, plays: 1,
});

const engines = new Memo<Engine>(8);

/**
 * The thread's engine for these params. Engine and strategies share one Rng object of their own;
 * each run copies the shard's stream state into it (and back out at the end), so results depend
 * only on (seed, shard), never on what this thread ran before.
 */
function engineFor(params: { rules: TichuRules; strategies: string[] }, rng: Rng, key: string): Engine {
  const e = engines.get(key + JSON.stringify(params), () => {
    const own = new Rng(1);
    return new Engine(params.rules, params.strategies.map((s) => createStrategy(parseStrategySpec(s), params.rules, own)), own);
  });
  e.rng.s.set(rng.s);
  return e;
}

/** After a run, hand the advanced stream state back (so the caller's rng moves on). */
function syncBack(e: Engine, rng: Rng): void {
  rng.s.set(e.rng.s);
}

export const gamesKernel: Kernel<GamesParams, GamesSummary> = {
  name: 'tichu.games',
  // what `tichu simulate` prints, and `oddsmith merge` of its parts
  finish(params, acc, count, run) {
    const r = gamesKernel.summarize(params, acc, count);
    const csv = () => r.byStrategy.map((b) => ({ strategy: b.strategy, firstOut: b.firstOut.p, tichuCalls: b.tichuCalls, tichuSuccess: b.tichuSuccess.p, grandCalls: b.grandCalls, grandSuccess: b.grandSuccess.p }));
    return { result: { ...r, reference: REAL_GAMES, run }, text: () => formatGamesWithReference(r), csv };
  },
  progress: { label: 'Tichu games', unit: 'games' },
  run(params, rng, count) {
    const e = engineFor(params, rng, 'games');
    const acc = new Float64Array(GAMES.length);
    const o = GAMES.offset;
    const base = e.strategies.slice();
    const strategies = e.strategies;
    for (let g = 0; g < count; g++) {
      const rot = g & 3;
      // strategy position i sits in seat (i + rot) & 3
      for (let i = 0; i < 4; i++) strategies[(i + rot) & 3] = base[i];
      const teamA = rot & 1; // the seat team of positions 0 and 2
      let rounds = 0;
      e.scores.fill(0);
      const r = e.rules;
      while (rounds < r.maxRounds) {
        e.playRound();
        rounds++;
        e.scores[0] += e.roundPoints[0];
        e.scores[1] += e.roundPoints[1];
        // round statistics
        const pa = e.roundPoints[teamA];
        acc[o.roundCount]++;
        acc[o.ptsA] += pa; acc[o.ptsASq] += pa * pa;
        if (e.doubleWin) acc[(e.outOrder[0] & 1) === teamA ? o.doubleWinA : o.doubleWinB]++;
        let anyBomb = 0;
        for (let p = 0; p < 4; p++) {
          if (e.bombAfterPass[p]) { acc[o.bombAfterPassSeats]++; anyBomb = 1; }
        }
        acc[o.bombAfterPassRounds] += anyBomb;
        acc[o.bombsPlayed] += e.bombsPlayed; acc[o.bombsPlayedSq] += e.bombsPlayed * e.bombsPlayed;
        if (e.bombsPlayed > 0) acc[o.roundsWithBombPlayed]++;
        acc[o.tricks] += e.tricks; acc[o.plays] += e.plays;
        acc[o.firstOutByPos + ((e.outOrder[0] - rot) & 3)]++;
        for (let p = 0; p < 4; p++) {
          const c = e.calls[p];
          if (!c) continue;
          const type = c === 2 ? 1 : 0;
          const ok = e.outOrder[0] === p ? 1 : 0;
          const oppBomb = e.bombAfterPass[(p + 1) & 3] | e.bombAfterPass[(p + 3) & 3];
          const base2 = o.calls + type * COND * 2;
          acc[base2]++; acc[base2 + 1] += ok;
          const c1 = e.bombAfterPass[p] ? 1 : 2, c2 = oppBomb ? 3 : 4;
          acc[base2 + c1 * 2]++; acc[base2 + c1 * 2 + 1] += ok;
          acc[base2 + c2 * 2]++; acc[base2 + c2 * 2 + 1] += ok;
          const pos = (p - rot) & 3;
          acc[o.callsByPos + pos * 4 + type * 2]++;
          acc[o.callsByPos + pos * 4 + type * 2 + 1] += ok;
        }
        const a = e.scores[0], b = e.scores[1];
        if ((a >= r.targetScore || b >= r.targetScore) && (a !== b || !r.assumptions.tieAtTargetContinues)) break;
      }
      acc[o.games]++;
      acc[o.rounds] += rounds; acc[o.roundsSq] += rounds * rounds;
      const sA = e.scores[teamA], sB = e.scores[teamA ^ 1];
      if (sA > sB) acc[o.winsA]++;
      else if (sA === sB) acc[o.ties]++;
      if (e.scores[0] > e.scores[1]) acc[o.winsSeat0]++;
    }
    for (let i = 0; i < 4; i++) strategies[i] = base[i];
    syncBack(e, rng);
    return acc;
  },
  summarize(params, acc) {
    return summarizeGames(params, acc);
  },
  format(r) {
    return formatGames(r);
  },
  sample: () => ({ params: { rules: loadRules(), strategies: ['heuristic', 'random', 'heuristic', 'random'] }, count: 4 }),
};

export interface CallStat { calls: number; successes: number; success: Proportion }
export interface GamesSummary {
  strategies: string[];
  games: number;
  /** team A = strategies 1 and 3 of the list, team B = 2 and 4 (seats rotated game by game) */
  teamAWin: Proportion;
  ties: number;
  /** seat team 0 (seats 0 and 2, the first to be dealt) wins, whatever strategies sit there */
  seatTeam0Win: Proportion;
  roundsPerGame: MeanEstimate;
  rounds: number;
  pointsPerRoundA: MeanEstimate;
  doubleWinRateA: Proportion;
  doubleWinRateB: Proportion;
  tichu: { all: CallStat; callerBomb: CallStat; callerNoBomb: CallStat; opponentBomb: CallStat; noOpponentBomb: CallStat; rate: Proportion };
  grandTichu: { all: CallStat; callerBomb: CallStat; callerNoBomb: CallStat; opponentBomb: CallStat; noOpponentBomb: CallStat; rate: Proportion };
  byStrategy: { strategy: string; firstOut: Proportion; tichuCalls: number; tichuSuccess: Proportion; grandCalls: number; grandSuccess: Proportion }[];
  bombAfterPassingPerPlayer: Proportion;
  bombAfterPassingPerRound: Proportion;
  bombsPlayedPerRound: MeanEstimate;
  roundsWithBombPlayed: Proportion;
  tricksPerRound: number;
  playsPerRound: number;
}

function summarizeGames(params: GamesParams, acc: Float64Array): GamesSummary {
  const o = GAMES.offset;
  const n = acc[o.games], R = acc[o.roundCount];
  const callStats = (type: number) => {
    const s = (c: number): CallStat => {
      const k = acc[o.calls + type * COND * 2 + c * 2], ok = acc[o.calls + type * COND * 2 + c * 2 + 1];
      return { calls: k, successes: ok, success: proportion(ok, k) };
    };
    return { all: s(0), callerBomb: s(1), callerNoBomb: s(2), opponentBomb: s(3), noOpponentBomb: s(4), rate: proportion(acc[o.calls + type * COND * 2], 4 * R) };
  };
  const byPos = slots(GAMES, acc, 'callsByPos');
  return {
    strategies: params.strategies,
    games: n,
    teamAWin: proportion(acc[o.winsA], n),
    ties: acc[o.ties],
    seatTeam0Win: proportion(acc[o.winsSeat0], n),
    roundsPerGame: meanEstimate(n, acc[o.rounds], acc[o.roundsSq]),
    rounds: R,
    pointsPerRoundA: meanEstimate(R, acc[o.ptsA], acc[o.ptsASq]),
    doubleWinRateA: proportion(acc[o.doubleWinA], R),
    doubleWinRateB: proportion(acc[o.doubleWinB], R),
    tichu: callStats(0),
    grandTichu: callStats(1),
    byStrategy: params.strategies.map((s, i) => ({
      strategy: s,
      firstOut: proportion(acc[o.firstOutByPos + i], R),
      tichuCalls: byPos[i * 4], tichuSuccess: proportion(byPos[i * 4 + 1], byPos[i * 4]),
      grandCalls: byPos[i * 4 + 2], grandSuccess: proportion(byPos[i * 4 + 3], byPos[i * 4 + 2]),
    })),
    bombAfterPassingPerPlayer: proportion(acc[o.bombAfterPassSeats], 4 * R),
    bombAfterPassingPerRound: proportion(acc[o.bombAfterPassRounds], R),
    bombsPlayedPerRound: meanEstimate(R, acc[o.bombsPlayed], acc[o.bombsPlayedSq]),
    roundsWithBombPlayed: proportion(acc[o.roundsWithBombPlayed], R),
    tricksPerRound: acc[o.tricks] / R,
    playsPerRound: acc[o.plays] / R,
  };
}

const pct = (p: number, d = 1) => (Number.isFinite(p) ? `${(p * 100).toFixed(d)}%` : '-');
const ci = (c: readonly number[], d = 1) => `[${(c[0] * 100).toFixed(d)}, ${(c[1] * 100).toFixed(d)}]`;

function formatGames(r: GamesSummary): string {
  const s = r.strategies;
  const lines: string[] = [];
  lines.push(`${r.games} games, ${r.rounds} rounds · team A = ${s[0]} + ${s[2]}, team B = ${s[1]} + ${s[3]} (seats rotated every game)`);
  lines.push(`team A wins ${pct(r.teamAWin.p)} ${ci(r.teamAWin.ci95)}${r.ties ? ` · ${r.ties} tied` : ''} · seat team 0 wins ${pct(r.seatTeam0Win.p)} ${ci(r.seatTeam0Win.ci95)}`);
  lines.push(`team A points per round ${r.pointsPerRoundA.mean.toFixed(1)} ± ${(1.96 * r.pointsPerRoundA.se).toFixed(1)} · double wins A ${pct(r.doubleWinRateA.p)}, B ${pct(r.doubleWinRateB.p)}`);
  lines.push(`rounds per game ${r.roundsPerGame.mean.toFixed(2)} ± ${(1.96 * r.roundsPerGame.se).toFixed(2)} · tricks per round ${r.tricksPerRound.toFixed(2)} · plays per round ${r.playsPerRound.toFixed(2)}`);
  lines.push(`bombs after passing: ${pct(r.bombAfterPassingPerPlayer.p)} of hands, ${pct(r.bombAfterPassingPerRound.p)} of rounds · bombs played per round ${r.bombsPlayedPerRound.mean.toFixed(3)} · rounds with a bomb played ${pct(r.roundsWithBombPlayed.p)}`);
  const row = (name: string, c: GamesSummary['tichu']) =>
    `${name.padEnd(12)} rate ${pct(c.rate.p, 2).padStart(7)} of hands · success ${pct(c.all.success.p)} ${ci(c.all.success.ci95)} (${c.all.calls}) · caller bomb ${pct(c.callerBomb.success.p)} (${c.callerBomb.calls}), none ${pct(c.callerNoBomb.success.p)} (${c.callerNoBomb.calls}) · opponent bomb ${pct(c.opponentBomb.success.p)} (${c.opponentBomb.calls}), none ${pct(c.noOpponentBomb.success.p)} (${c.noOpponentBomb.calls})`;
  lines.push(row('Tichu', r.tichu));
  lines.push(row('Grand Tichu', r.grandTichu));
  lines.push('by strategy position:');
  for (const b of r.byStrategy) lines.push(`  ${b.strategy.padEnd(22)} first out ${pct(b.firstOut.p)} · Tichu ${b.tichuCalls} calls, ${pct(b.tichuSuccess.p)} made · Grand ${b.grandCalls} calls, ${pct(b.grandSuccess.p)} made`);
  return lines.join('\n');
}

// ---------------- call analysis ----------------
const CALL = defineLayout({ n: 1, firstOutCall: 1, firstOutNo: 1, diffCall: 1, diffCallSq: 1, diffNo: 1, diffNoSq: 1, gain: 1, gainSq: 1, bothFirst: 1 });

export interface CallSummary {
  call: 'grand' | 'tichu';
  deals: number;
  firstOutWithCall: Proportion;
  firstOutWithoutCall: Proportion;
  /** own team − opponents, round points including the call */
  pointsWithCall: MeanEstimate;
  pointsWithoutCall: MeanEstimate;
  /** paired (same deal, same random numbers) difference: with − without */
  gainFromCalling: MeanEstimate;
}

export const callKernel: Kernel<CallParams, CallSummary> = {
  name: 'tichu.call',
  // what `tichu grand` / `tichu call` print, and `oddsmith merge` of their parts
  finish(params, acc, count, run) {
    const r = callKernel.summarize(params, acc, count);
    const exact = params.hand.length === 8 ? handOdds(14, params.hand, params.rules.minStraightFlush) : null;
    const hand = cardsText(params.hand);
    const row = (measure: string, e: Proportion | MeanEstimate) => ({ measure, value: 'p' in e ? e.p : e.mean, low: e.ci95[0], high: e.ci95[1], n: e.n });
    const csv = () => [
      row('P(first out) with the call', r.firstOutWithCall), row('P(first out) without the call', r.firstOutWithoutCall),
      row('round points (team - theirs) with the call', r.pointsWithCall), row('round points (team - theirs) without the call', r.pointsWithoutCall),
      row('gain from calling (paired)', r.gainFromCalling),
    ];
    return { result: { ...r, hand, strategies: params.strategies, exact14: exact, run }, text: () => formatCall(r, hand, params.strategies, exact), csv };
  },
  progress: { label: 'Tichu deals', unit: 'deals' },
  run(params, rng, count) {
    const e = engineFor(params, rng, 'call');
    const acc = new Float64Array(CALL.length);
    const o = CALL.offset;
    const n = params.hand.length;
    for (let i = 0; i < n; i++) e.fixed[i] = params.hand[i];
    e.fixedN = n;
    const forced = params.call === 'grand' ? e.forceGrand : e.forceTichu;
    // nobody else calls: the question is this seat's call alone
    e.forceGrand.fill(0); e.forceTichu.fill(0);
    // the same player in both branches: seat 0 never sees its own call, so it plays the same way;
    // the call changes only the score and what the other three see
    e.hideOwnCall[0] = 1;
    const saved = new Int32Array(4);
    for (let t = 0; t < count; t++) {
      saved.set(e.rng.s);
      forced[0] = 1;
      if (params.call === 'grand') e.forceTichu[0] = 0;
      e.playRound();
      const first1 = e.outOrder[0] === 0 ? 1 : 0;
      const d1 = e.roundPoints[0] - e.roundPoints[1];
      e.rng.s.set(saved);
      forced[0] = 0;
      e.playRound();
      const first0 = e.outOrder[0] === 0 ? 1 : 0;
      const d0 = e.roundPoints[0] - e.roundPoints[1];
      acc[o.n]++;
      acc[o.firstOutCall] += first1; acc[o.firstOutNo] += first0; acc[o.bothFirst] += first1 & first0;
      acc[o.diffCall] += d1; acc[o.diffCallSq] += d1 * d1;
      acc[o.diffNo] += d0; acc[o.diffNoSq] += d0 * d0;
      acc[o.gain] += d1 - d0; acc[o.gainSq] += (d1 - d0) * (d1 - d0);
    }
    e.fixedN = 0; e.forceGrand.fill(-1); e.forceTichu.fill(-1); e.hideOwnCall[0] = 0;
    syncBack(e, rng);
    return acc;
  },
  summarize(params, acc) {
    const o = CALL.offset, n = acc[o.n];
    return {
      call: params.call,
      deals: n,
      firstOutWithCall: proportion(acc[o.firstOutCall], n),
      firstOutWithoutCall: proportion(acc[o.firstOutNo], n),
      pointsWithCall: meanEstimate(n, acc[o.diffCall], acc[o.diffCallSq]),
      pointsWithoutCall: meanEstimate(n, acc[o.diffNo], acc[o.diffNoSq]),
      gainFromCalling: meanEstimate(n, acc[o.gain], acc[o.gainSq]),
    };
  },
  sample: () => ({ params: { rules: loadRules(), strategies: ['heuristic', 'heuristic', 'heuristic', 'heuristic'], hand: [55, 54, 51, 50, 49, 48, 47, 46], call: 'grand' }, count: 4 }),
};

// ---------------- P(first out) and the gain from calling by hand strength ----------------
/** strength buckets of 0.5 from −4 to +12 (clamped) */
export const BUCKETS = 33;
/** bucket of a strength in quarter points: 0.5-point buckets, rounding half up (q = 4 × score) */
export const bucketOf = (q: number) => Math.max(0, Math.min(BUCKETS - 1, (q + 17) >> 1));
export const bucketValue = (b: number) => b / 2 - 4;
// per bucket, for seat 0: hands, first out without a call / with Grand Tichu / with Tichu, paired gains
const STRENGTH = defineLayout({
  n8: BUCKETS, firstNo8: BUCKETS, firstGrand: BUCKETS, gainGrand: BUCKETS, gainGrandSq: BUCKETS,
  n14: BUCKETS, firstNo14: BUCKETS, firstTichu: BUCKETS, gainTichu: BUCKETS, gainTichuSq: BUCKETS,
});

export interface StrengthBucket { strength: number; hands: number; firstOutNoCall: number; firstOutCall: number; gain: MeanEstimate }
export interface StrengthSummary { deals: number; grand: StrengthBucket[]; tichu: StrengthBucket[] }

/**
 * Each deal is played three times from the same random state (common random numbers): nobody
 * calls; seat 0 calls Grand Tichu; seat 0 calls Tichu. Seat 0's hand strength (first 8 / dealt 14)
 * buckets the first-out rates and the paired gain of calling (round points, own team − opponents).
 */
export const strengthKernel: Kernel<StrengthParams, StrengthSummary> = {
  name: 'tichu.strength',
  progress: { label: 'Tichu hands', unit: 'hands' },
  run(params, rng, count) {
    const e = engineFor(params, rng, 'strength');
    const acc = new Float64Array(STRENGTH.length);
    const o = STRENGTH.offset;
    const saved = new Int32Array(4);
    e.forceGrand.fill(0); e.forceTichu.fill(0);
    for (let t = 0; t < count; t++) {
      saved.set(e.rng.s);
      e.playRound();
      const b8 = bucketOf(e.strength8[0]), b14 = bucketOf(e.strength14[0]);
      const first0 = e.outOrder[0] === 0 ? 1 : 0;
      const d0 = e.roundPoints[0] - e.roundPoints[1];
      e.rng.s.set(saved);
      e.forceGrand[0] = 1;
      e.playRound();
      e.forceGrand[0] = 0;
      const firstG = e.outOrder[0] === 0 ? 1 : 0;
      const dG = e.roundPoints[0] - e.roundPoints[1] - d0;
      e.rng.s.set(saved);
      e.forceTichu[0] = 1;
      e.playRound();
      e.forceTichu[0] = 0;
      const firstT = e.outOrder[0] === 0 ? 1 : 0;
      const dT = e.roundPoints[0] - e.roundPoints[1] - d0;
      acc[o.n8 + b8]++; acc[o.firstNo8 + b8] += first0; acc[o.firstGrand + b8] += firstG; acc[o.gainGrand + b8] += dG; acc[o.gainGrandSq + b8] += dG * dG;
      acc[o.n14 + b14]++; acc[o.firstNo14 + b14] += first0; acc[o.firstTichu + b14] += firstT; acc[o.gainTichu + b14] += dT; acc[o.gainTichuSq + b14] += dT * dT;
    }
    e.forceGrand.fill(-1); e.forceTichu.fill(-1);
    syncBack(e, rng);
    return acc;
  },
  summarize(_p, acc, count) {
    const o = STRENGTH.offset;
    const grand: StrengthBucket[] = [], tichu: StrengthBucket[] = [];
    for (let b = 0; b < BUCKETS; b++) {
      grand.push({ strength: bucketValue(b), hands: acc[o.n8 + b], firstOutNoCall: acc[o.firstNo8 + b], firstOutCall: acc[o.firstGrand + b], gain: meanEstimate(acc[o.n8 + b], acc[o.gainGrand + b], acc[o.gainGrandSq + b]) });
      tichu.push({ strength: bucketValue(b), hands: acc[o.n14 + b], firstOutNoCall: acc[o.firstNo14 + b], firstOutCall: acc[o.firstTichu + b], gain: meanEstimate(acc[o.n14 + b], acc[o.gainTichu + b], acc[o.gainTichuSq + b]) });
    }
    return { deals: count, grand, tichu };
  },
  sample: () => ({ params: { rules: loadRules(), strategies: ['heuristic', 'heuristic', 'heuristic', 'heuristic'] }, count: 6 }),
};

/** The threshold t maximising the mean gain per hand when calling at strength ≥ t (Infinity: never call). */
export function bestThreshold(buckets: readonly StrengthBucket[]): { threshold: number; gainPerHand: number; callRate: number } {
  const N = buckets.reduce((a, b) => a + b.hands, 0);
  let best = { threshold: Infinity, gainPerHand: 0, callRate: 0 };
  let sum = 0, calls = 0;
  for (let i = buckets.length - 1; i >= 0; i--) {
    const b = buckets[i];
    if (!b.hands) continue;
    sum += b.gain.mean * b.hands;
    calls += b.hands;
    if (sum / N > best.gainPerHand) best = { threshold: b.strength, gainPerHand: sum / N, callRate: calls / N };
  }
  return best;
}

// ---------------- one rules choice against another, on the same deals ----------------
export interface CompareParams { rules: TichuRules; alt: TichuRules; strategies: string[] }
// per rule set (0 = rules, 1 = alt): rounds' call and bomb statistics; then rounds the choice decides
const SIDE = defineLayout({
  tichuCalls: 1, tichuMade: 1, grandCalls: 1, grandMade: 1,
  bombCallerCalls: 1, bombCallerMade: 1, noBombCallerCalls: 1, noBombCallerMade: 1,
  bombSeats: 1, bombs: 1, bombsSq: 1, roundsWithBomb: 1, doubleWins: 1,
});
const COMPARE = defineLayout({ rounds: 1, scoreDiffers: 1, firstOutDiffers: 1, sides: 2 * SIDE.length });

export interface CompareSide {
  tichu: CallStat; grandTichu: CallStat; tichuCallerBomb: CallStat; tichuCallerNoBomb: CallStat;
  /** share of hands holding a bomb after passing */
  bombAfterPassing: Proportion;
  bombsPlayedPerRound: MeanEstimate;
  roundsWithBombPlayed: Proportion;
  doubleWins: Proportion;
}
export interface CompareSummary {
  rounds: number;
  /** rounds whose score (either team) differs between the two rule sets, same deal and random numbers */
  scoreDiffers: Proportion;
  firstOutDiffers: Proportion;
  rules: CompareSide;
  alt: CompareSide;
}

function tallySide(e: Engine, acc: Float64Array, at: number): void {
  const o = SIDE.offset;
  for (let p = 0; p < 4; p++) {
    if (e.bombAfterPass[p]) acc[at + o.bombSeats]++;
    const c = e.calls[p];
    if (!c) continue;
    const ok = e.outOrder[0] === p ? 1 : 0;
    if (c === 2) { acc[at + o.grandCalls]++; acc[at + o.grandMade] += ok; continue; }
    acc[at + o.tichuCalls]++; acc[at + o.tichuMade] += ok;
    if (e.bombAfterPass[p]) { acc[at + o.bombCallerCalls]++; acc[at + o.bombCallerMade] += ok; } else { acc[at + o.noBombCallerCalls]++; acc[at + o.noBombCallerMade] += ok; }
  }
  const bombs = e.bombsPlayed;
  acc[at + o.bombs] += bombs; acc[at + o.bombsSq] += bombs * bombs;
  if (bombs > 0) acc[at + o.roundsWithBomb]++;
  if (e.doubleWin) acc[at + o.doubleWins]++;
}

/**
 * Each deal is played twice from the same random state (common random numbers): under `rules` and
 * under `alt`. Rounds are independent (scores start at 0), so the share of rounds whose score differs
 * is the share of play the rules choice decides.
 */
export const compareKernel: Kernel<CompareParams, CompareSummary> = {
  name: 'tichu.compare',
  progress: { label: 'Tichu deals', unit: 'deals' },
  run(params, rng, count) {
    const a = engineFor({ rules: params.rules, strategies: params.strategies }, rng, 'compare-a');
    const b = engineFor({ rules: params.alt, strategies: params.strategies }, rng, 'compare-b');
    const acc = new Float64Array(COMPARE.length);
    const o = COMPARE.offset;
    for (let t = 0; t < count; t++) {
      b.rng.s.set(a.rng.s);
      a.scores.fill(0); b.scores.fill(0);
      a.playRound();
      b.playRound();
      acc[o.rounds]++;
      if (a.roundPoints[0] !== b.roundPoints[0] || a.roundPoints[1] !== b.roundPoints[1]) acc[o.scoreDiffers]++;
      if (a.outOrder[0] !== b.outOrder[0]) acc[o.firstOutDiffers]++;
      tallySide(a, acc, o.sides);
      tallySide(b, acc, o.sides + SIDE.length);
      // the next deal starts from the stream as the first rule set left it
    }
    syncBack(a, rng);
    return acc;
  },
  summarize(_params, acc) {
    const o = COMPARE.offset, R = acc[o.rounds];
    const side = (at: number): CompareSide => {
      const x = (k: keyof typeof SIDE.offset) => acc[at + SIDE.offset[k]];
      const stat = (calls: number, made: number): CallStat => ({ calls, successes: made, success: proportion(made, calls) });
      return {
        tichu: stat(x('tichuCalls'), x('tichuMade')),
        grandTichu: stat(x('grandCalls'), x('grandMade')),
        tichuCallerBomb: stat(x('bombCallerCalls'), x('bombCallerMade')),
        tichuCallerNoBomb: stat(x('noBombCallerCalls'), x('noBombCallerMade')),
        bombAfterPassing: proportion(x('bombSeats'), 4 * R),
        bombsPlayedPerRound: meanEstimate(R, x('bombs'), x('bombsSq')),
        roundsWithBombPlayed: proportion(x('roundsWithBomb'), R),
        doubleWins: proportion(x('doubleWins'), R),
      };
    };
    return { rounds: R, scoreDiffers: proportion(acc[o.scoreDiffers], R), firstOutDiffers: proportion(acc[o.firstOutDiffers], R), rules: side(o.sides), alt: side(o.sides + SIDE.length) };
  },
  sample: () => ({ params: { rules: loadRules(), alt: loadRules(undefined, ['assumptions.bombsAfterPasses=false']), strategies: ['heuristic', 'heuristic', 'heuristic', 'heuristic'] }, count: 4 }),
};

// ---------------- call and bomb statistics over single deals ----------------
export interface CallsParams { rules: TichuRules; strategies: string[] }
/** [type (0 Tichu, 1 Grand)][what] — what: calls, made, caller bomb calls/made, opponent bomb calls/made */
const CALLS_STAT = 6;
const CALLS = defineLayout({
  deals: 1, calls: 2 * CALLS_STAT,
  // by strategy position: [pos][type][calls, made] and first out
  byPos: 4 * 2 * 2, firstOutByPos: 4,
  bombFirst8: 1, bombFirst14: 1, bombAfterPass: 1, roundsBombAfterPass: 1,
  bombsPlayed: 1, bombsPlayedSq: 1, roundsBombPlayed: 1, doubleWins: 1,
});
export const CALLS_LENGTH = CALLS.length;

/** What a finished round leaves for the call statistics (an Engine after playRound). */
export interface RoundRecord {
  readonly calls: ArrayLike<number>; readonly outOrder: ArrayLike<number>; readonly doubleWin: boolean;
  readonly bombFirst8: ArrayLike<number>; readonly bombFirst14: ArrayLike<number>; readonly bombAfterPass: ArrayLike<number>;
  readonly bombsPlayed: number;
}

/**
 * Add one finished round to `acc` (CALLS layout). Strategy position i sat in seat (i + rot) & 3.
 * A call is made when its caller went out first; "caller bomb" / "opponent bomb" mean a bomb in
 * the caller's / either opponent's hand after passing (as the reference counts them).
 */
export function tallyCallRound(r: RoundRecord, rot: number, acc: Float64Array): void {
  const o = CALLS.offset;
  acc[o.deals]++;
  let anyAfter = 0;
  for (let p = 0; p < 4; p++) {
    acc[o.bombFirst8] += r.bombFirst8[p]; acc[o.bombFirst14] += r.bombFirst14[p]; acc[o.bombAfterPass] += r.bombAfterPass[p];
    anyAfter |= r.bombAfterPass[p];
  }
  acc[o.roundsBombAfterPass] += anyAfter;
  acc[o.bombsPlayed] += r.bombsPlayed; acc[o.bombsPlayedSq] += r.bombsPlayed * r.bombsPlayed;
  if (r.bombsPlayed > 0) acc[o.roundsBombPlayed]++;
  if (r.doubleWin) acc[o.doubleWins]++;
  const first = r.outOrder[0];
  acc[o.firstOutByPos + ((first - rot) & 3)]++;
  for (let p = 0; p < 4; p++) {
    const c = r.calls[p];
    if (!c) continue;
    const type = c === 2 ? 1 : 0, made = first === p ? 1 : 0;
    const b = o.calls + type * CALLS_STAT;
    acc[b]++; acc[b + 1] += made;
    if (r.bombAfterPass[p]) { acc[b + 2]++; acc[b + 3] += made; }
    if (r.bombAfterPass[(p + 1) & 3] || r.bombAfterPass[(p + 3) & 3]) { acc[b + 4]++; acc[b + 5] += made; }
    const at = o.byPos + ((p - rot) & 3) * 4 + type * 2;
    acc[at]++; acc[at + 1] += made;
  }
}

export interface CallsSummary {
  strategies: string[];
  deals: number;
  tichu: { rate: Proportion; success: Proportion; callerBomb: Proportion; bombGivenCall: Proportion; opponentBomb: Proportion };
  grandTichu: { rate: Proportion; success: Proportion; callerBomb: Proportion; bombGivenCall: Proportion; opponentBomb: Proportion };
  byStrategy: { strategy: string; firstOut: Proportion; tichuRate: Proportion; tichuSuccess: Proportion; grandRate: Proportion; grandSuccess: Proportion }[];
  bombFirst8: Proportion; bombFirst14: Proportion; bombAfterPassing: Proportion; roundsBombAfterPassing: Proportion;
  bombsPlayedPerRound: MeanEstimate; roundsBombPlayed: Proportion; doubleWinPerTeam: Proportion;
}

export function summarizeCalls(strategies: string[], acc: Float64Array): CallsSummary {
  const o = CALLS.offset, D = acc[o.deals];
  const type = (t: number) => {
    const b = o.calls + t * CALLS_STAT;
    return { rate: proportion(acc[b], 4 * D), success: proportion(acc[b + 1], acc[b]), callerBomb: proportion(acc[b + 3], acc[b + 2]), bombGivenCall: proportion(acc[b + 2], acc[b]), opponentBomb: proportion(acc[b + 5], acc[b + 4]) };
  };
  return {
    strategies, deals: D, tichu: type(0), grandTichu: type(1),
    byStrategy: strategies.map((s, i) => {
      const at = o.byPos + i * 4;
      return { strategy: s, firstOut: proportion(acc[o.firstOutByPos + i], D), tichuRate: proportion(acc[at], D), tichuSuccess: proportion(acc[at + 1], acc[at]), grandRate: proportion(acc[at + 2], D), grandSuccess: proportion(acc[at + 3], acc[at + 2]) };
    }),
    bombFirst8: proportion(acc[o.bombFirst8], 4 * D), bombFirst14: proportion(acc[o.bombFirst14], 4 * D),
    bombAfterPassing: proportion(acc[o.bombAfterPass], 4 * D), roundsBombAfterPassing: proportion(acc[o.roundsBombAfterPass], D),
    bombsPlayedPerRound: meanEstimate(D, acc[o.bombsPlayed], acc[o.bombsPlayedSq]), roundsBombPlayed: proportion(acc[o.roundsBombPlayed], D),
    doubleWinPerTeam: proportion(acc[o.doubleWins], 2 * D),
  };
}

/**
 * Single deals (rounds from 0 : 0, so the score never matters), seats rotated deal by deal
 * (strategy i in seat (i + d) mod 4): call rates and success, bombs, beside the real games.
 */
export const callsKernel: Kernel<CallsParams, CallsSummary> = {
  name: 'tichu.calls',
  finish(params, acc, count, run) {
    const r = callsKernel.summarize(params, acc, count);
    const csv = () => callsRows(r).map((x) => ({ statistic: x.statistic, bots: x.p, low: x.low, high: x.high, n: x.n, real: x.real }));
    return { result: { ...r, reference: REAL_GAMES, run }, text: () => formatCalls(r), csv };
  },
  progress: { label: 'Tichu deals', unit: 'deals' },
  run(params, rng, count) {
    const e = engineFor(params, rng, 'calls');
    const acc = new Float64Array(CALLS.length);
    const base = e.strategies.slice();
    for (let d = 0; d < count; d++) {
      const rot = d & 3;
      for (let i = 0; i < 4; i++) e.strategies[(i + rot) & 3] = base[i];
      e.scores.fill(0);
      e.playRound();
      tallyCallRound(e, rot, acc);
    }
    for (let i = 0; i < 4; i++) e.strategies[i] = base[i];
    syncBack(e, rng);
    return acc;
  },
  summarize(params, acc) {
    return summarizeCalls(params.strategies, acc);
  },
  sample: () => ({ params: { rules: loadRules(), strategies: ['heuristic', 'random', 'heuristic', 'random'] }, count: 8 }),
};

function callsRows(r: CallsSummary) {
  const R = REAL_GAMES;
  const row = (statistic: string, x: Proportion, real: number | null) => ({ statistic, p: x.p, low: x.ci95[0], high: x.ci95[1], n: x.n, real });
  return [
    row('bomb in the first 8 cards', r.bombFirst8, R.bombFirst8),
    row('bomb in the dealt 14 cards', r.bombFirst14, R.bombFirst14),
    row('bomb in a hand after passing', r.bombAfterPassing, R.bombAfterPassingPerPlayer),
    row('some player holds a bomb after passing', r.roundsBombAfterPassing, R.bombInRound),
    row('a bomb played in the round', r.roundsBombPlayed, null),
    row('Tichu calls per player-round', r.tichu.rate, R.tichuCallRate),
    row('Tichu success', r.tichu.success, R.tichuSuccess),
    row('Tichu caller holds a bomb', r.tichu.bombGivenCall, R.bombGivenTichuCall),
    row('Tichu success, caller holds a bomb', r.tichu.callerBomb, R.tichuSuccessCallerBomb),
    row('Tichu success, an opponent holds a bomb', r.tichu.opponentBomb, R.tichuSuccessOpponentBomb),
    row('Grand Tichu calls per player-round', r.grandTichu.rate, R.grandCallRate),
    row('Grand Tichu success', r.grandTichu.success, R.grandSuccess),
    row('Grand Tichu caller holds a bomb', r.grandTichu.bombGivenCall, R.bombGivenGrandCall),
    row('Grand Tichu success, an opponent holds a bomb', r.grandTichu.opponentBomb, R.grandSuccessOpponentBomb),
    row('double wins per team and round', r.doubleWinPerTeam, R.doubleWinPerTeam),
  ];
}

function formatCalls(r: CallsSummary): string {
  const s = r.strategies;
  const iv = (p: number, lo: number, hi: number) => (Number.isFinite(p) ? `${(p * 100).toFixed(2)}% [${(lo * 100).toFixed(2)}, ${(hi * 100).toFixed(2)}]` : '-');
  const rows = callsRows(r).map((x) => ({ statistic: x.statistic, bots: iv(x.p, x.low, x.high), n: String(x.n), 'real games': x.real === null ? 'not published' : `${x.real.toFixed(2)}%` }));
  const lines = [
    `${r.deals.toLocaleString('en-US')} deals from 0 : 0 · players ${s.join(', ')} (seats rotated every deal)`,
    textTable(rows),
    `bombs played per round ${r.bombsPlayedPerRound.mean.toFixed(3)} ± ${(1.96 * r.bombsPlayedPerRound.se).toFixed(3)}`,
    'by strategy position (rates per deal):',
  ];
  for (const b of r.byStrategy) {
    lines.push(`  ${b.strategy.padEnd(22)} first out ${pct(b.firstOut.p)} · Tichu ${pct(b.tichuRate.p)}, made ${pct(b.tichuSuccess.p)} · Grand ${pct(b.grandRate.p)}, made ${pct(b.grandSuccess.p)}`);
  }
  lines.push(`real games: ${REAL_GAMES.source}`);
  return lines.join('\n');
}

export const kernels: readonly Kernel<never, unknown>[] = [gamesKernel as Kernel<never, unknown>, callKernel as Kernel<never, unknown>, strengthKernel as Kernel<never, unknown>, compareKernel as Kernel<never, unknown>, callsKernel as Kernel<never, unknown>];
registerKernels(import.meta.url, kernels);

const pct2 = (p: number, d = 2) => (Number.isFinite(p) ? `${(p * 100).toFixed(d)}%` : '-');

function formatCall(r: CallSummary, hand: string, strategies: string[], exact: HandOddsResult | null): string {
  const name = r.call === 'grand' ? 'Grand Tichu' : 'Tichu';
  const m = (x: { mean: number; ci95: [number, number] }) => `${x.mean.toFixed(1)} [${x.ci95[0].toFixed(1)}, ${x.ci95[1].toFixed(1)}]`;
  const lines = [
    `${name} with ${hand} · ${r.deals.toLocaleString('en-US')} deals of the rest, each played with and without the call (same random numbers) · players ${strategies.join(', ')} (you are the first)`,
    textTable([
      { '': 'P(you go out first)', 'call': `${pct2(r.firstOutWithCall.p, 1)} [${(r.firstOutWithCall.ci95[0] * 100).toFixed(1)}, ${(r.firstOutWithCall.ci95[1] * 100).toFixed(1)}]`, 'no call': `${pct2(r.firstOutWithoutCall.p, 1)} [${(r.firstOutWithoutCall.ci95[0] * 100).toFixed(1)}, ${(r.firstOutWithoutCall.ci95[1] * 100).toFixed(1)}]` },
      { '': 'round points, your team − theirs', 'call': m(r.pointsWithCall), 'no call': m(r.pointsWithoutCall) },
    ]),
    `gain from calling: ${m(r.gainFromCalling)} points per round (paired) → ${r.gainFromCalling.ci95[0] > 0 ? 'call' : r.gainFromCalling.ci95[1] < 0 ? 'do not call' : 'too close to call at this sample size'}`,
  ];
  if (exact) {
    const by = Object.fromEntries(exact.lines.map((l) => [l.event, l]));
    lines.push(`exact odds for your 14 cards: any bomb ${by.anyBomb.fraction} = ${pct2(by.anyBomb.probability)}, Dragon ${pct2(by.dragon.probability, 1)}, Phoenix ${pct2(by.phoenix.probability, 1)}, two or more of Dragon/Phoenix/aces ${pct2(by.twoPlusPower.probability, 1)}`);
  }
  return lines.join('\n');
}

function formatGamesWithReference(r: GamesSummary): string {
  const R = REAL_GAMES;
  const rows = [
    { statistic: 'bomb in a hand after passing', bots: pct2(r.bombAfterPassingPerPlayer.p), 'real games': `${R.bombAfterPassingPerPlayer.toFixed(2)}%` },
    { statistic: 'some player holds a bomb after passing', bots: pct2(r.bombAfterPassingPerRound.p), 'real games': `${R.bombInRound.toFixed(2)}% ("bomb in round")` },
    { statistic: 'Tichu calls per player-round', bots: pct2(r.tichu.rate.p), 'real games': `${R.tichuCallRate.toFixed(2)}%` },
    { statistic: 'Tichu success', bots: pct2(r.tichu.all.success.p), 'real games': `${R.tichuSuccess.toFixed(2)}%` },
    { statistic: 'Tichu success, caller holds a bomb', bots: pct2(r.tichu.callerBomb.success.p), 'real games': `${R.tichuSuccessCallerBomb.toFixed(2)}%` },
    { statistic: 'Tichu success, an opponent holds a bomb', bots: pct2(r.tichu.opponentBomb.success.p), 'real games': `${R.tichuSuccessOpponentBomb.toFixed(2)}%` },
    { statistic: 'Grand Tichu calls per player-round', bots: pct2(r.grandTichu.rate.p), 'real games': `${R.grandCallRate.toFixed(2)}%` },
    { statistic: 'Grand Tichu success', bots: pct2(r.grandTichu.all.success.p), 'real games': `${R.grandSuccess.toFixed(2)}%` },
    { statistic: 'Grand Tichu success, an opponent holds a bomb', bots: pct2(r.grandTichu.opponentBomb.success.p), 'real games': `${R.grandSuccessOpponentBomb.toFixed(2)}%` },
    { statistic: 'double wins per team and round', bots: pct2((r.doubleWinRateA.p + r.doubleWinRateB.p) / 2), 'real games': `${R.doubleWinPerTeam.toFixed(2)}%` },
  ];
  return `${formatGames(r)}\n\nbeside real online games (${R.source}):\n${textTable(rows)}`;
}

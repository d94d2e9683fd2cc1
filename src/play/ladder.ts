/**
 * A skill ladder for any game over the interface (src/games/state.ts): rungs of players from random
 * to the strongest, every pair of rungs played on the same deals, ratings on an Elo scale, and the
 * game's headline figures measured in each rung's self-play.
 *
 * A trial is one deal. On it every pair of rungs (A, B) plays every seating of the pair: A holds
 * alternate units (seats, or teams where the game has teams) and B the others, then they swap; with
 * an odd number of units the pattern is also rotated through every unit, so each rung holds every
 * seat equally often and the majority as often as the minority. A's score on the deal is its mean
 * share of the win over those seatings (duplicate play: the deal's luck cancels). Then each rung
 * plays the deal once against itself in every seat, for the findings. Where the game declares paired
 * findings (its descriptor's `ladder.paired`), each rung is also measured against a changed version
 * of itself (with and without an ability, against greedy in its seat, calling against not) on one
 * stream per deal shared by every rung: Σ differences / Σ weights over deals, with the delta-method
 * standard error (deals are the independent unit).
 *
 * Ratings: Bradley–Terry, P(i beats j) = 1 / (1 + 10^((R_j − R_i)/400)), fitted to the pairs' scores
 * with one drawn prior deal per pair (so a rung that wins every game keeps a finite rating), the
 * first rung at 0. 95% intervals: percentile bootstrap over deals, by Poisson(1) weights drawn per
 * deal from the deal's own seed — so a replicate is the same whatever the sharding, and shards add up.
 */
import { Rng } from '../core/rng.js';
import { UserError } from '../core/errors.js';
import { defineLayout, type Layout } from '../core/accumulator.js';
import { Z95, proportion } from '../core/stats.js';
import type { StateGame, StatePlayer } from '../games/state.js';
import type { LadderPaired, PairedMeasure } from './ladder-paired.js';
import { makePlayer } from './players.js';
import { playGame, seatingOf, winShares } from './match.js';

export interface LadderParams {
  game: string;
  rules: unknown;
  /** player specs, weakest first by intent (the first is the rating's zero) */
  rungs: string[];
  /** seats at the table */
  players: number;
  /** bootstrap replicates for the rating intervals */
  replicates: number;
}

type Slot = 'deals' | 'pairScore' | 'pairScore2' | 'bootWeight' | 'bootScore' | 'finding' | 'paired';

/** Per rung and paired finding: Σd, Σd², Σw, Σw², Σdw over deals (d the deal's difference, w its weight), and the deals with w > 0. */
const PAIRED_SUMS = 6;

/** The figures measured in self-play: the first unit's win rate, then the game's own findings. */
export function findingNames(sg: StateGame<unknown>): { name: string; kind: 'rate' | 'value' }[] {
  const first = sg.roles ? `${sg.roles[0]} win rate` : sg.teams ? 'seats 0+2 team win rate' : 'first seat win rate';
  return [{ name: first, kind: 'rate' }, ...(sg.findings ?? []).map((f) => ({ name: f.name, kind: f.kind }))];
}

export function ladderLayout(sg: StateGame<unknown>, rungs: number, replicates: number, paired = 0): Layout<Slot> {
  const pairs = (rungs * (rungs - 1)) / 2, F = findingNames(sg).length;
  return defineLayout<Slot>({ deals: 1, pairScore: pairs, pairScore2: pairs, bootWeight: replicates, bootScore: replicates * pairs, finding: rungs * F * 3, paired: rungs * paired * PAIRED_SUMS });
}

const TWO_POW_32 = 4294967296;

/**
 * Which rung holds each seat in each seating of a pair: `aAt[k * P + s]` is 1 where A sits. Units
 * alternate A, B, A, …; an even number of units needs two seatings (the pattern and its swap), an
 * odd number the pattern rotated through every unit, each also swapped.
 */
export function pairSeatings(sg: StateGame<unknown>, P: number): { count: number; aAt: Uint8Array } {
  const { units, unitOf } = seatingOf(sg, P);
  const shifts = units % 2 === 0 ? 1 : units;
  const count = 2 * shifts, aAt = new Uint8Array(count * P);
  for (let r = 0; r < shifts; r++) {
    for (let swap = 0; swap < 2; swap++) {
      const k = r * 2 + swap;
      for (let s = 0; s < P; s++) aAt[k * P + s] = (((unitOf[s] + r) % units) % 2 === 0) !== (swap === 1) ? 1 : 0;
    }
  }
  return { count, aAt };
}

/** The players' streams of a deal, apart from its chance stream: one per (pair, seating), one per rung's self-play, the bootstrap's, then the paired findings'. */
function moveSeed(dealSeed: number, index: number): number {
  return dealSeed + TWO_POW_32 * (index + 1);
}

/** Poisson(1) by inversion: the bootstrap weight of one deal in one replicate. */
function poisson1(rng: Rng): number {
  const u = rng.nextFloat();
  let k = 0, p = Math.exp(-1), F = p;
  while (u > F && k < 30) {
    k++;
    p /= k;
    F += p;
  }
  return k;
}

/** Play `count` deals of the ladder into a new accumulator (`paired`: the game's paired findings, if any). */
export function playLadder(sg: StateGame<unknown>, p: LadderParams, rng: Rng, count: number, paired?: LadderPaired): Float64Array {
  const P = p.players, N = p.rungs.length, B = p.replicates, pairs = (N * (N - 1)) / 2;
  const PF = paired?.findings.length ?? 0;
  const L = ladderLayout(sg, N, B, PF), o = L.offset;
  const acc = new Float64Array(L.length);
  const rules = p.rules;
  const { units, unitOf } = seatingOf(sg, P);
  const { count: S, aAt } = pairSeatings(sg, P);
  const findings = sg.findings ?? [], F = 1 + findings.length;
  // players by (rung, seat): a strategy may depend on its seat (roles)
  const players: StatePlayer[] = [];
  for (let i = 0; i < N; i++) for (let s = 0; s < P; s++) players.push(makePlayer(sg, rules, p.rungs[i], s, P));
  const out = new Float64Array(P), win = new Float64Array(P), weight = new Float64Array(B), pairScore = new Float64Array(pairs);
  const atSeat: StatePlayer[] = new Array<StatePlayer>(P);
  const measures: (PairedMeasure | null)[] = p.rungs.map((spec) => (paired ? paired.measurer(rules, spec, P) : null));
  const measured = new Float64Array(2 * PF);
  for (let k = 0; k < count; k++) {
    const dealSeed = rng.nextU32();
    let pair = 0;
    for (let a = 0; a < N; a++) {
      for (let b = a + 1; b < N; b++, pair++) {
        let score = 0;
        for (let q = 0; q < S; q++) {
          for (let s = 0; s < P; s++) atSeat[s] = players[(aAt[q * P + s] ? a : b) * P + s];
          const state = playGame(sg, rules, P, dealSeed, moveSeed(dealSeed, pair * S + q), atSeat);
          state.returns(out);
          winShares(out, unitOf, units, P, win);
          // A's share: the win of every unit it holds, counted once per unit
          let share = 0;
          for (let s = 0; s < P; s++) if (aAt[q * P + s]) share += win[s];
          score += (share * units) / P / S;
        }
        pairScore[pair] = score;
        acc[o.pairScore + pair] += score;
        acc[o.pairScore2 + pair] += score * score;
      }
    }
    for (let i = 0; i < N; i++) {
      for (let s = 0; s < P; s++) atSeat[s] = players[i * P + s];
      const state = playGame(sg, rules, P, dealSeed, moveSeed(dealSeed, pairs * S + i), atSeat);
      state.returns(out);
      winShares(out, unitOf, units, P, win);
      const at = o.finding + i * F * 3;
      acc[at] += win[0];
      acc[at + 1] += win[0] * win[0];
      acc[at + 2]++;
      for (let f = 0; f < findings.length; f++) {
        const v = findings[f].measure(state, out);
        if (Number.isNaN(v)) continue;
        acc[at + (f + 1) * 3] += v;
        acc[at + (f + 1) * 3 + 1] += v * v;
        acc[at + (f + 1) * 3 + 2]++;
      }
    }
    // one stream for every rung's paired measurement: the same deals at every skill
    const pairedSeed = moveSeed(dealSeed, pairs * S + N + 1);
    for (let i = 0; i < N; i++) {
      const measure = measures[i];
      if (!measure) continue;
      measured.fill(0);
      measure(pairedSeed, measured);
      for (let f = 0; f < PF; f++) {
        const d = measured[2 * f], w = measured[2 * f + 1], at = o.paired + (i * PF + f) * PAIRED_SUMS;
        acc[at] += d;
        acc[at + 1] += d * d;
        acc[at + 2] += w;
        acc[at + 3] += w * w;
        acc[at + 4] += d * w;
        if (w > 0) acc[at + 5]++;
      }
    }
    const boot = new Rng(moveSeed(dealSeed, pairs * S + N));
    for (let r = 0; r < B; r++) weight[r] = poisson1(boot);
    for (let r = 0; r < B; r++) {
      acc[o.bootWeight + r] += weight[r];
      for (let q = 0; q < pairs; q++) acc[o.bootScore + r * pairs + q] += weight[r] * pairScore[q];
    }
    acc[o.deals]++;
  }
  return acc;
}

/**
 * Bradley–Terry strengths by Hunter's MM iteration: `games[i][j]` played between i and j, `wins[i][j]`
 * won by i (shares allowed). Returns log-strengths with the first at 0. The comparison graph must be
 * connected and every player must have won something (the ladder's prior sees to both).
 */
export function fitBradleyTerry(games: readonly (readonly number[])[], wins: readonly (readonly number[])[]): number[] {
  const N = games.length;
  let pi = new Array<number>(N).fill(1);
  const W = wins.map((row) => row.reduce((a, b) => a + b, 0));
  for (let iter = 0; iter < 100_000; iter++) {
    const next = pi.map((p, i) => {
      let d = 0;
      for (let j = 0; j < N; j++) if (j !== i && games[i][j] > 0) d += games[i][j] / (p + pi[j]);
      return W[i] / d;
    });
    const norm = next[0];
    for (let i = 0; i < N; i++) next[i] /= norm;
    let change = 0;
    for (let i = 0; i < N; i++) change = Math.max(change, Math.abs(Math.log(next[i] / pi[i])));
    pi = next;
    if (change < 1e-12) break;
  }
  return pi.map((p) => Math.log(p));
}

/**
 * A ladder's rungs are different players: the same one twice would be rated against itself, its
 * matchup an even share by construction, and its rating split between two names.
 */
export function checkRungs(rungs: readonly string[], where: string): void {
  const seen = new Map<string, number>();
  rungs.forEach((r, i) => {
    const key = r.trim();
    if (seen.has(key)) throw new UserError(`${where}: ${JSON.stringify(key)} is given twice (rungs ${seen.get(key)} and ${i}); a ladder's players are all different`);
    seen.set(key, i);
  });
}

/** Natural-log strength to Elo points. */
export const ELO_PER_NAT = 400 / Math.LN10;

export interface LadderRating {
  rung: number;
  player: string;
  /** Elo points above the first rung */
  elo: number;
  /** 95% percentile bootstrap interval over deals */
  ci95: [number, number];
  /** mean score against the other rungs */
  meanScore: number;
}

export interface LadderCell {
  /** row's score against the column (share of the win, duplicate deals) */
  score: number;
  /** its standard error over deals (the deal is the independent unit) */
  se: number;
  /** normal 95% interval from the spread over deals */
  ci95: [number, number];
}

export interface LadderFinding {
  name: string;
  kind: 'rate' | 'value';
  /** per rung: mean over self-play games where the game measured it, 95% interval (Wilson for rates, else normal), games */
  byRung: { mean: number; se: number; ci95: [number, number]; n: number }[];
}

export interface LadderPairedFinding {
  name: string;
  kind: 'rate' | 'value';
  about: string;
  unit: string;
  counts?: string;
  /**
   * per rung: Σ differences / Σ weights over the deals, its delta-method standard error and normal
   * 95% interval, and the summed weight (0: the rung was not measured, or no deal said anything)
   */
  byRung: { estimate: number; se: number; ci95: [number, number]; weight: number; measured?: boolean }[];
}

export interface LadderResult {
  game: string;
  rules: string | null;
  players: number;
  teams?: number;
  rungs: string[];
  deals: number;
  /** games of each pair per deal (its seatings) */
  seatings: number;
  replicates: number;
  /** the fair share of the first unit in self-play (1/units) */
  fairShare: number;
  ratings: LadderRating[];
  /** matrix[i][j]: rung i against rung j (null on the diagonal) */
  matrix: (LadderCell | null)[][];
  findings: LadderFinding[];
  /** the game's paired findings (absent where it declares none) */
  paired?: LadderPairedFinding[];
}

/** The weight of the prior: one deal per pair, drawn. */
const PRIOR_DEALS = 1;

function pairIndex(N: number, a: number, b: number): number {
  // pairs are numbered a < b in row order
  return a * N - (a * (a + 1)) / 2 + (b - a - 1);
}

function ratingsFrom(N: number, dealsOf: number, scoreOf: (pair: number) => number): number[] {
  const games = Array.from({ length: N }, () => new Array<number>(N).fill(0));
  const wins = Array.from({ length: N }, () => new Array<number>(N).fill(0));
  for (let a = 0; a < N; a++) {
    for (let b = a + 1; b < N; b++) {
      const s = scoreOf(pairIndex(N, a, b));
      games[a][b] = games[b][a] = dealsOf + PRIOR_DEALS;
      wins[a][b] = s + PRIOR_DEALS / 2;
      wins[b][a] = dealsOf - s + PRIOR_DEALS / 2;
    }
  }
  return fitBradleyTerry(games, wins).map((t) => t * ELO_PER_NAT);
}

/** The q-quantile of sorted values (linear between order statistics). */
function quantile(sorted: readonly number[], q: number): number {
  const x = q * (sorted.length - 1), i = Math.floor(x), f = x - i;
  return i + 1 < sorted.length ? sorted[i] * (1 - f) + sorted[i + 1] * f : sorted[i];
}

/**
 * Σd / Σw over G deals with the delta-method standard error (a plain mean where every weight is 1);
 * no error from fewer than two deals that measured something (`measuring`).
 */
function ratioOverDeals(G: number, sd: number, sd2: number, sw: number, sw2: number, sdw: number, measuring: number): LadderPairedFinding['byRung'][number] {
  if (sw === 0) return { estimate: NaN, se: NaN, ci95: [NaN, NaN], weight: 0 };
  const r = sd / sw;
  const ss = Math.max(0, sd2 - 2 * r * sdw + r * r * sw2);
  const se = measuring > 1 ? Math.sqrt(ss / (G * (G - 1))) / (sw / G) : NaN;
  return { estimate: r, se, ci95: [r - Z95 * se, r + Z95 * se], weight: sw };
}

export function summarizeLadder(sg: StateGame<unknown>, p: LadderParams, acc: Float64Array, paired?: LadderPaired): LadderResult {
  const N = p.rungs.length, B = p.replicates, pairs = (N * (N - 1)) / 2, PF = paired?.findings.length ?? 0, o = ladderLayout(sg, N, B, PF).offset;
  const deals = acc[o.deals];
  const { units } = seatingOf(sg, p.players);
  const elo = ratingsFrom(N, deals, (q) => acc[o.pairScore + q]);
  const seatings = pairSeatings(sg, p.players).count;
  const boot = Array.from({ length: B }, (_, r) => ratingsFrom(N, acc[o.bootWeight + r], (q) => acc[o.bootScore + r * pairs + q]));
  const matrix: (LadderCell | null)[][] = Array.from({ length: N }, (_, i) =>
    Array.from({ length: N }, (_, j) => {
      if (i === j) return null;
      const q = pairIndex(N, Math.min(i, j), Math.max(i, j));
      const mean = acc[o.pairScore + q] / deals;
      const variance = deals > 1 ? Math.max(0, (acc[o.pairScore2 + q] - deals * mean * mean) / (deals - 1)) : 0;
      const se = Math.sqrt(variance / deals), half = Z95 * se;
      const score = i < j ? mean : 1 - mean;
      // Wilson's interval at the number of games the spread over deals is worth (at most every game
      // of the pair): the normal interval where deals disagree, and still a width when every deal
      // went one way (the spread is then 0, which would print "100.0 ±0.0" after 10 deals)
      const games = deals * seatings, worth = se > 0 ? Math.min(games, (score * (1 - score)) / (se * se)) : games;
      const ci95 = worth > 0 ? proportion(score * worth, worth).ci95 : [Math.max(0, score - half), Math.min(1, score + half)];
      return { score, se, ci95: [ci95[0], ci95[1]] };
    }),
  );
  const ratings = p.rungs.map((player, i) => {
    const sorted = boot.map((b) => b[i]).sort((x, y) => x - y);
    const others = matrix[i].filter((c): c is LadderCell => c !== null);
    return {
      rung: i,
      player,
      elo: elo[i],
      ci95: [quantile(sorted, 0.025), quantile(sorted, 0.975)] as [number, number],
      meanScore: others.reduce((a, c) => a + c.score, 0) / others.length,
    };
  });
  const names = findingNames(sg), F = names.length;
  const findings = names.map((f, k) => ({
    ...f,
    byRung: p.rungs.map((_, i) => {
      const at = o.finding + (i * F + k) * 3, n = acc[at + 2];
      const mean = n > 0 ? acc[at] / n : NaN;
      const variance = n > 1 ? Math.max(0, (acc[at + 1] - n * mean * mean) / (n - 1)) : 0;
      const se = Math.sqrt(variance / n), half = Z95 * se;
      // a rate gets Wilson's interval (it stays inside [0, 1] when few games or none went the other way)
      const ci95: [number, number] = f.kind === 'rate' && n > 0 ? proportion(acc[at], n).ci95 : [mean - half, mean + half];
      return { mean, se, ci95, n };
    }),
  }));
  // which rungs the game can measure (its own players; not the generic uniform and search players)
  const measuredRungs = p.rungs.map((spec) => (paired ? paired.measurer(p.rules, spec, p.players) !== null : false));
  const pairedFindings = paired?.findings.map((f, k) => ({
    name: f.name,
    kind: f.kind,
    about: f.about,
    unit: f.unit,
    ...(f.counts ? { counts: f.counts } : {}),
    byRung: p.rungs.map((_, i) => {
      const at = o.paired + (i * PF + k) * PAIRED_SUMS;
      const b = ratioOverDeals(deals, acc[at], acc[at + 1], acc[at + 2], acc[at + 3], acc[at + 4], acc[at + 5]);
      // a rate's difference gets at least Wilson's distance over the measured weight: identical
      // deals (or a single one) would otherwise print as certain
      if (f.kind === 'rate' && b.weight > 0) {
        const a = Math.abs(b.estimate), reach = proportion(Math.min(a, 1) * b.weight, b.weight).ci95[1] - Math.min(a, 1);
        const lo = Number.isFinite(b.ci95[0]) ? b.ci95[0] : b.estimate, hi = Number.isFinite(b.ci95[1]) ? b.ci95[1] : b.estimate;
        b.ci95 = [Math.min(lo, b.estimate - reach), Math.max(hi, b.estimate + reach)];
      }
      return { ...b, measured: measuredRungs[i] };
    }),
  }));
  const name = (p.rules as { name?: unknown } | null)?.name;
  return {
    game: p.game,
    rules: typeof name === 'string' ? name : null,
    players: p.players,
    ...(units < p.players ? { teams: units } : {}),
    rungs: p.rungs,
    deals,
    seatings,
    replicates: B,
    fairShare: 1 / units,
    ratings,
    matrix,
    findings,
    ...(pairedFindings ? { paired: pairedFindings } : {}),
  };
}

/**
 * The Liar's Dice simulation kernel: tournaments of strategies, one seat each, a trial is one round.
 */
import type { Kernel } from '../../parallel/kernel.js';
import { registerKernels } from '../../parallel/registry.js';
import type { Rng } from '../../core/rng.js';
import { defineLayout } from '../../core/accumulator.js';
import { fmtPct, textTable, type Row } from '../../core/format.js';
import { Memo } from '../../core/memo.js';
import { meanEstimate, proportion, type MeanEstimate, type Proportion } from '../../core/stats.js';
import { Round } from './engine.js';
import type { Strategy } from './strategy.js';
import { loadRules, type LiarsRules } from './rules.js';
import { createStrategy, specLabel, type StrategySpec } from './strategies/index.js';

/** Tournament: one seat per strategy spec (repeat a name to seat it twice); a trial is one round. */
export interface TournamentParams {
  rules: LiarsRules;
  strategies: StrategySpec[];
}

/** The slots of one seat, of one distinct strategy, and of the whole table (each round adds to them). */
export const SEAT = defineLayout({ pen: 1, pen2: 1, callsIn: 1, callsInRight: 1, callsOut: 1, callsOutRight: 1, bids: 1, opened: 1, callerRounds: 1 });
export const STRATEGY = defineLayout({ pen: 1, pen2: 1 });
export const TABLE = defineLayout({ rounds: 1, bids: 1, bids2: 1, outOfTurnRounds: 1, multiCallRounds: 1, onesBidRounds: 1, challenged: 1, openerPen: 1, openerPen2: 1 });

export interface Layout {
  seats: number;
  labels: string[];
  /** distinct strategy index of each seat */
  seatStrategy: number[];
  /** where the per-seat, per-strategy and table blocks start */
  strategyOffset: number;
  globalOffset: number;
  size: number;
}

/** The accumulator: one SEAT block per seat, one STRATEGY block per distinct label, then TABLE. */
export function layout(p: TournamentParams): Layout {
  const labels: string[] = [];
  const seatStrategy = p.strategies.map((s) => {
    const l = specLabel(s);
    let i = labels.indexOf(l);
    if (i < 0) i = labels.push(l) - 1;
    return i;
  });
  const seats = p.strategies.length;
  const whole = defineLayout({ seats: seats * SEAT.length, strategies: labels.length * STRATEGY.length, table: TABLE.length });
  return { seats, labels, seatStrategy, strategyOffset: whole.offset.strategies, globalOffset: whole.offset.table, size: whole.length };
}

/** Everything a shard builds once: the round engine, the players, scratch for per-strategy sums. */
export class Tournament {
  readonly round: Round;
  readonly players: Strategy[];
  readonly lay: Layout;
  private readonly seatStrategy: Int32Array;
  private readonly perStrategy: Float64Array;
  opener = 0;

  constructor(readonly params: TournamentParams) {
    const n = params.strategies.length;
    this.round = new Round(params.rules, n);
    this.players = params.strategies.map((s) => createStrategy(s, { rules: params.rules, players: n }));
    this.lay = layout(params);
    this.seatStrategy = Int32Array.from(this.lay.seatStrategy);
    this.perStrategy = new Float64Array(this.lay.labels.length);
  }

  /** Play `count` rounds into `acc` (the loser of each round opens the next). Allocates nothing. */
  playRounds(rng: Rng, count: number, acc: Float64Array): void {
    const r = this.round, n = r.players, lay = this.lay, ps = this.perStrategy, ns = ps.length;
    const so = lay.strategyOffset, go = lay.globalOffset;
    const F = SEAT.offset, S = STRATEGY.offset, G = TABLE.offset, NF = SEAT.length, NS = STRATEGY.length;
    for (let k = 0; k < count; k++) {
      r.roll(rng);
      const opener = this.opener;
      this.opener = r.play(this.players, opener, rng);
      acc[opener * NF + F.opened]++;
      ps.fill(0);
      for (let s = 0; s < n; s++) {
        const o = s * NF, pen = r.penalties[s];
        acc[o + F.pen] += pen;
        acc[o + F.pen2] += pen * pen;
        acc[o + F.callsIn] += r.callsInTurn[s];
        acc[o + F.callsInRight] += r.callsInTurnRight[s];
        acc[o + F.callsOut] += r.callsOutOfTurn[s];
        acc[o + F.callsOutRight] += r.callsOutOfTurnRight[s];
        acc[o + F.bids] += r.bidsMade[s];
        ps[this.seatStrategy[s]] += pen;
      }
      acc[r.caller * NF + F.callerRounds]++;
      for (let j = 0; j < ns; j++) {
        acc[so + NS * j + S.pen] += ps[j];
        acc[so + NS * j + S.pen2] += ps[j] * ps[j];
      }
      acc[go + G.rounds]++;
      acc[go + G.bids] += r.numBids;
      acc[go + G.bids2] += r.numBids * r.numBids;
      if (!r.callerInTurn) acc[go + G.outOfTurnRounds]++;
      if (r.challenged > 1) acc[go + G.multiCallRounds]++;
      if (r.onesBid) acc[go + G.onesBidRounds]++;
      acc[go + G.challenged] += r.challenged;
      const op = r.penalties[opener];
      acc[go + G.openerPen] += op;
      acc[go + G.openerPen2] += op * op;
    }
  }
}

export interface CallStats {
  calls: number;
  right: Proportion;
}

export interface SeatResult {
  seat: number;
  strategy: string;
  penaltiesPerRound: MeanEstimate;
  bidsPerRound: number;
  openedShare: number;
  /** share of rounds this seat ended by calling */
  callRoundShare: number;
  callsInTurn: CallStats;
  callsOutOfTurn: CallStats;
}

export interface StrategyResult {
  strategy: string;
  seats: number;
  /** penalties per round per seat held by this strategy */
  penaltiesPerRound: MeanEstimate;
  callsInTurn: CallStats;
  callsOutOfTurn: CallStats;
}

export interface TournamentResult {
  rounds: number;
  players: number;
  dicePerPlayer: number;
  rules: string;
  seats: SeatResult[];
  strategies: StrategyResult[];
  bidsPerRound: MeanEstimate;
  penaltiesPerRound: number;
  outOfTurnRoundShare: number;
  multiCallRoundShare: number;
  onesBidRoundShare: number;
  /** penalties per round of whoever opened it */
  openerPenaltiesPerRound: MeanEstimate;
}

function scale(m: MeanEstimate, k: number): MeanEstimate {
  return { n: m.n, mean: m.mean / k, sd: m.sd / k, se: m.se / k, ci95: [m.ci95[0] / k, m.ci95[1] / k] };
}

export function summarizeTournament(p: TournamentParams, acc: Float64Array): TournamentResult {
  const lay = layout(p);
  const F = SEAT.offset, S = STRATEGY.offset, G = TABLE.offset;
  const go = lay.globalOffset, rounds = acc[go + G.rounds];
  const calls = (o: number, made: number, right: number): CallStats => ({ calls: acc[o + made], right: proportion(acc[o + right], acc[o + made]) });
  const seats: SeatResult[] = lay.seatStrategy.map((si, s) => {
    const o = s * SEAT.length;
    return {
      seat: s, strategy: lay.labels[si],
      penaltiesPerRound: meanEstimate(rounds, acc[o + F.pen], acc[o + F.pen2]),
      bidsPerRound: acc[o + F.bids] / rounds,
      openedShare: acc[o + F.opened] / rounds,
      callRoundShare: acc[o + F.callerRounds] / rounds,
      callsInTurn: calls(o, F.callsIn, F.callsInRight),
      callsOutOfTurn: calls(o, F.callsOut, F.callsOutRight),
    };
  });
  const strategies: StrategyResult[] = lay.labels.map((label, j) => {
    const mine = seats.filter((s) => s.strategy === label);
    const sum = (f: (s: SeatResult) => number) => mine.reduce((a, s) => a + f(s), 0);
    const o = lay.strategyOffset + STRATEGY.length * j;
    const inCalls = sum((s) => s.callsInTurn.calls), inRight = sum((s) => s.callsInTurn.right.k);
    const outCalls = sum((s) => s.callsOutOfTurn.calls), outRight = sum((s) => s.callsOutOfTurn.right.k);
    return {
      strategy: label, seats: mine.length,
      penaltiesPerRound: scale(meanEstimate(rounds, acc[o + S.pen], acc[o + S.pen2]), mine.length),
      callsInTurn: { calls: inCalls, right: proportion(inRight, inCalls) },
      callsOutOfTurn: { calls: outCalls, right: proportion(outRight, outCalls) },
    };
  });
  return {
    rounds, players: lay.seats, dicePerPlayer: p.rules.dicePerPlayer, rules: p.rules.name, seats, strategies,
    bidsPerRound: meanEstimate(rounds, acc[go + G.bids], acc[go + G.bids2]),
    penaltiesPerRound: acc[go + G.challenged] / rounds,
    outOfTurnRoundShare: acc[go + G.outOfTurnRounds] / rounds,
    multiCallRoundShare: acc[go + G.multiCallRounds] / rounds,
    onesBidRoundShare: acc[go + G.onesBidRounds] / rounds,
    openerPenaltiesPerRound: meanEstimate(rounds, acc[go + G.openerPen], acc[go + G.openerPen2]),
  };
}

const pct = (x: number) => fmtPct(x, 1);
const ci = (m: MeanEstimate, d = 3) => `${m.mean.toFixed(d)} [${m.ci95[0].toFixed(d)}, ${m.ci95[1].toFixed(d)}]`;

export function tournamentRows(r: TournamentResult): Record<string, string | number>[] {
  return r.seats.map((s) => ({
    seat: s.seat, strategy: s.strategy,
    penaltiesPerRound: +s.penaltiesPerRound.mean.toFixed(5), ci95Low: +s.penaltiesPerRound.ci95[0].toFixed(5), ci95High: +s.penaltiesPerRound.ci95[1].toFixed(5),
    callsInTurn: s.callsInTurn.calls, inTurnRight: +s.callsInTurn.right.p.toFixed(4),
    callsOutOfTurn: s.callsOutOfTurn.calls, outOfTurnRight: Number.isFinite(s.callsOutOfTurn.right.p) ? +s.callsOutOfTurn.right.p.toFixed(4) : '',
    bidsPerRound: +s.bidsPerRound.toFixed(3),
  }));
}

export function formatTournament(r: TournamentResult): string {
  const seatRows = r.seats.map((s) => ({
    seat: s.seat, strategy: s.strategy, 'penalties/round [95% CI]': ci(s.penaltiesPerRound),
    'ends round by calling': pct(s.callRoundShare),
    'in-turn calls': s.callsInTurn.calls, right: pct(s.callsInTurn.right.p),
    'out-of-turn calls': s.callsOutOfTurn.calls, 'right ': pct(s.callsOutOfTurn.right.p),
    'bids/round': s.bidsPerRound.toFixed(2),
  }));
  const stratRows = r.strategies.map((s) => ({
    strategy: s.strategy, seats: s.seats, 'penalties/round/seat [95% CI]': ci(s.penaltiesPerRound),
    'in-turn calls right': `${pct(s.callsInTurn.right.p)} of ${s.callsInTurn.calls}`,
    'out-of-turn calls right': `${pct(s.callsOutOfTurn.right.p)} of ${s.callsOutOfTurn.calls}`,
  }));
  return [
    `${r.rounds} rounds, ${r.players} players × ${r.dicePerPlayer} dice (${r.rules})`,
    `bids per round ${ci(r.bidsPerRound, 2)} · penalties per round ${r.penaltiesPerRound.toFixed(3)} · rounds ended out of turn ${pct(r.outOfTurnRoundShare)} · with several bids called ${pct(r.multiCallRoundShare)} · with 1s bid ${pct(r.onesBidRoundShare)} · opener's penalties per round ${ci(r.openerPenaltiesPerRound)}`,
    '',
    'By seat:',
    tableText(seatRows),
    '',
    'By strategy:',
    tableText(stratRows),
  ].join('\n');
}

/** A text table whose first two columns (seat, strategy) are its keys: left-aligned, repeated when it splits. */
function tableText(rows: Row[]): string {
  return textTable(rows, { keys: 2 });
}

/** one tournament (round engine, seated strategies) per parameter set and thread */
const tournaments = new Memo<Tournament>(16);

/** The tournament kernel: count rounds of the seated strategies; accumulator per seat and strategy. */
export const tournamentKernel: Kernel<TournamentParams, TournamentResult> = {
  name: 'liars-dice.tournament',
  progress: { label: 'Liar\'s Dice rounds', unit: 'rounds' },
  sample: () => ({ params: { rules: loadRules(), strategies: [{ name: 'threshold', params: {} }, { name: 'conservative', params: {} }, { name: 'bluffer', params: {} }] }, count: 3000 }),
  run(params, rng, count) {
    const t = tournaments.get(JSON.stringify(params), () => new Tournament(params));
    const acc = new Float64Array(t.lay.size);
    // each shard starts with a random opener drawn from its own stream
    t.opener = rng.below(t.round.players);
    t.playRounds(rng, count, acc);
    return acc;
  },
  summarize: (p, acc) => summarizeTournament(p, acc),
  format: (r) => formatTournament(r),
  // what `liars tournament` prints, and `oddsmith merge` of its parts (same fields, same table)
  finish(p, acc, _count, run) {
    const r = summarizeTournament(p, acc);
    return { result: { ...r, seed: run.seed, shardCount: run.shardCount }, text: () => formatTournament(r), csv: () => tournamentRows(r) };
  },
};

export const kernels: Kernel<never, unknown>[] = [tournamentKernel as unknown as Kernel<never, unknown>];

registerKernels(import.meta.url, kernels);

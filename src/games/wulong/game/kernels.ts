import { meanEstimate, proportion, Z95, type MeanEstimate, type Proportion } from '../../../core/stats.js';
import { defineLayout } from '../../../core/accumulator.js';
import { OPTIMAL, type PolicySpec } from '../turn/strategy.js';
import { cardOfScore, openingTellValue, readOdds, tellTablesFor } from '../turn/tell.js';
import { READ_SCALE } from './engine.js';
import { Memo } from '../../../core/memo.js';
import { slots } from '../../../core/accumulator.js';
import { fmtNum, fmtPct, fmtPctCi, textTable } from '../../../core/format.js';
import type { Kernel } from '../../../parallel/kernel.js';
import { registerKernels } from '../../../parallel/registry.js';
import { loadRules, type WulongRules } from '../turn/rules.js';
import { bettorFor, parsePlayers } from '../strategies/index.js';
import { WulongGame, type GameParams } from './engine.js';
import { END_NAMES, MONEY, MONEY_NAMES, SLOT, gameLayout, cardAt, slotAt } from './layout.js';
import { safeLimit, validateGameRules } from './rules.js';

const machines = new Memo<WulongGame>(64);
/** The game machine for these params, compiled once per thread. */
export function gameFor(params: GameParams): WulongGame {
  return machines.get(JSON.stringify(params), () => new WulongGame(params, bettorFor));
}

export interface StrategyResult {
  slot: number;
  label: string;
  /** share of games won (a tie for the largest fortune shares the win), Wilson 95% interval */
  win: Proportion;
  /** mean fortune at the end of the game */
  finalFortune: { mean: number; se: number };
  perGame: { bets: number; staked: number; betNet: number; scored: number; allIns: number; raises: number };
  /** net chips won per chip staked over all its bets */
  betReturnPerChip: number | null;
}

export interface CardResult {
  card: string;
  name: string;
  odds: number | null;
  bets: number;
  /** share of bets on the card that won */
  winRate: number | null;
  staked: number;
  /** realised net chips per chip staked (raises included), with a delta-method standard error */
  evPerChip: number | null;
  se: number | null;
}

export interface GameResult {
  rules: string;
  players: number;
  strategies: StrategyResult[];
  seats: { seat: number; win: Proportion }[];
  games: number;
  /** spread of win rates between strategies (max − min) */
  winSpread: number;
  length: { turnsMean: number; se: number; sd: number; ci95: [number, number]; rollsPerTurn: number; histogram: number[] };
  endings: Record<(typeof END_NAMES)[number], Proportion>;
  /** chips per game by route */
  moneyPerGame: Record<(typeof MONEY_NAMES)[number], number>;
  cards: CardResult[];
  safeLimit: number;
}

export function summarizeGame(params: GameParams, acc: Float64Array): GameResult {
  const P = params.players.length, C = params.rules.bettingCards.length;
  const L = gameLayout(P, C);
  const games = acc[L.offset.games];
  const labels = params.players.map((p) => p.label);
  const strategies: StrategyResult[] = params.players.map((p, i) => {
    const at = (field: keyof typeof SLOT.offset) => acc[slotAt(L, i, field)];
    const f = meanEstimate(games, at('fortune'), at('fortuneSq'));
    const dup = labels.filter((l) => l === p.label).length > 1;
    return {
      slot: i,
      label: dup ? `${p.label} #${i + 1}` : p.label,
      win: proportion(at('wins'), games),
      finalFortune: { mean: f.mean, se: f.se },
      perGame: { bets: at('bets') / games, staked: at('staked') / games, betNet: at('net') / games, scored: at('scored') / games, allIns: at('allIns') / games, raises: at('raises') / games },
      betReturnPerChip: at('staked') > 0 ? at('net') / at('staked') : null,
    };
  });
  const seats = Array.from({ length: P }, (_, s) => ({ seat: s + 1, win: proportion(acc[L.offset.seat + s], games) }));
  const len = meanEstimate(games, acc[L.offset.turns], acc[L.offset.turnsSq]);
  const hist = Array.from(slots(L, acc, 'hist'));
  let last = hist.length - 1;
  while (last > 0 && hist[last] === 0) last--;
  const endings = Object.fromEntries(END_NAMES.map((n, i) => [n, proportion(acc[L.offset.end + i], games)])) as GameResult['endings'];
  const moneyPerGame = Object.fromEntries(MONEY_NAMES.map((n) => [n, acc[L.offset.money + MONEY.offset[n]] / games])) as GameResult['moneyPerGame'];
  const cards: CardResult[] = [...params.rules.bettingCards.map((c) => ({ id: c.id, name: c.name, odds: c.odds as number | null })), { id: 'all-in', name: 'all-in (any card)', odds: null }].map((c, k) => {
    const bets = acc[cardAt(L, k, 'bets')], wins = acc[cardAt(L, k, 'wins')], staked = acc[cardAt(L, k, 'staked')], net = acc[cardAt(L, k, 'net')];
    const netSq = acc[cardAt(L, k, 'netSq')], stakeSq = acc[cardAt(L, k, 'stakeSq')], netStake = acc[cardAt(L, k, 'netStake')];
    let ev: number | null = null, se: number | null = null;
    if (staked > 0) {
      ev = net / staked;
      const mean = staked / bets;
      const resid = netSq - 2 * ev * netStake + ev * ev * stakeSq;
      se = bets > 1 ? Math.sqrt(Math.max(0, resid) / (bets - 1)) / (mean * Math.sqrt(bets)) : null;
    }
    return { card: c.id, name: c.name, odds: c.odds, bets, winRate: bets > 0 ? wins / bets : null, staked, evPerChip: ev, se };
  });
  const rates = strategies.map((s) => s.win.p);
  return {
    rules: params.rules.name,
    players: P,
    strategies,
    seats,
    games,
    winSpread: Math.max(...rates) - Math.min(...rates),
    length: { turnsMean: len.mean, se: len.se, sd: len.sd, ci95: len.ci95, rollsPerTurn: acc[L.offset.rolls] / acc[L.offset.turns], histogram: hist.slice(0, last + 1) },
    endings,
    moneyPerGame,
    cards,
    safeLimit: safeLimit(validateGameRules(params.rules), P),
  };
}

const pct = (p: Proportion) => `${fmtPct(p.p)} ${fmtPctCi(p.ci95, 2)}`;
const num = (x: number | null, d = 0) => (x === null || !Number.isFinite(x) ? '-' : fmtNum(x, d));

export function formatGame(r: GameResult): string {
  const out: string[] = [];
  out.push(`${r.rules}: ${num(r.games)} games, ${r.players} players (safe limit ${num(r.safeLimit)})`);
  out.push('', 'win rate by strategy (95% Wilson interval):');
  const table = textTable(
    r.strategies.map((s) => ({ strategy: s.label, 'win rate [95% CI]': pct(s.win), 'final fortune': num(s.finalFortune.mean), 'bet return/chip': num(s.betReturnPerChip, 4), 'staked/game': num(s.perGame.staked) })),
    { width: 98 },
  );
  out.push(...table.split('\n').map((l) => (l ? `  ${l}` : l)));
  out.push(`  spread of win rates (max − min): ${(r.winSpread * 100).toFixed(2)} points`);
  out.push('', 'win rate by seat (seat 1 rolls first):');
  for (const s of r.seats) out.push(`  seat ${s.seat}  ${pct(s.win)}`);
  out.push('', `game length: ${r.length.turnsMean.toFixed(2)} ± ${(Z95 * r.length.se).toFixed(2)} turns (95%), sd ${r.length.sd.toFixed(1)}; ${r.length.rollsPerTurn.toFixed(3)} rolls per turn`);
  out.push('how games end: ' + END_NAMES.map((n) => `${n} ${pct(r.endings[n])}`).join('; '));
  out.push('', 'money per game (chips):');
  out.push('  ' + MONEY_NAMES.map((n) => `${n} ${num(r.moneyPerGame[n], n === 'safesClosed' ? 2 : 0)}`).join(', '));
  out.push('', 'betting cards, realised in play (raises included):');
  for (const c of r.cards) {
    out.push(`  ${c.name.padEnd(22)} ${(c.odds === null ? 'all-in' : `1:${c.odds}`).padStart(6)}  bets ${num(c.bets).padStart(10)}  won ${c.winRate === null ? '-' : fmtPct(c.winRate)}  EV/chip ${num(c.evPerChip, 4)} ± ${num(c.se === null ? null : Z95 * c.se, 4)}`);
  }
  return out.join('\n');
}

export const gameKernel: Kernel<GameParams, GameResult> = {
  name: 'wulong.game',
  progress: { label: 'Wulong games', unit: 'games' },
  // with a tell, so the contract test covers the read's draws too
  sample: () => ({ params: { rules: loadRules(undefined, ['betting.readAccuracy=0.5']), players: parsePlayers('kelly,min,naive', 3) }, count: 300 }),
  run(params, rng, count) {
    const g = gameFor(params);
    const acc = new Float64Array(g.L.length);
    g.playGames(rng, count, acc);
    return acc;
  },
  summarize: (params, acc) => summarizeGame(params, acc),
  format: (r) => formatGame(r),
  // what `wulong game` prints, and `oddsmith merge` of its parts
  finish(params, acc, _count, run) {
    const r = summarizeGame(params, acc);
    const result = { ...r, seed: run.seed, workers: run.workers, shardCount: run.shardCount, seconds: run.seconds, gamesPerSecond: run.perSecond };
    const text = () => formatGame(r) + `\n\n${Math.round(run.perSecond).toLocaleString('en-US')} games/s (${run.workers} worker${run.workers > 1 ? 's' : ''}, ${run.seconds.toFixed(2)} s)`;
    const csv = () => r.strategies.map((s) => ({ slot: s.slot + 1, strategy: s.label, winRate: s.win.p, ciLow: s.win.ci95[0], ciHigh: s.win.ci95[1], finalFortune: s.finalFortune.mean, stakedPerGame: s.perGame.staked, betNetPerGame: s.perGame.betNet, betReturnPerChip: s.betReturnPerChip }));
    return { result, text, csv };
  },
};

/** A sweep: the same players over several rules variants, run as one experiment (one pool, tables compiled once per thread). */
export interface SweepParams {
  points: { values: Record<string, number>; rules: GameParams['rules'] }[];
  players: GameParams['players'];
  fixedSeats?: boolean;
}

function pointParams(params: SweepParams, i: number): GameParams {
  return { rules: params.points[i].rules, players: params.players, fixedSeats: params.fixedSeats };
}

/** Where each point's accumulator starts in a sweep accumulator (and the total length, last). */
export function sweepOffsets(params: SweepParams): number[] {
  const out = [0];
  for (const p of params.points) out.push(out[out.length - 1] + gameLayout(params.players.length, p.rules.bettingCards.length).length);
  return out;
}

/**
 * Every point plays `count` games from a copy of the shard's stream, so all points see the same
 * dice (common random numbers): differences between points come from the rules, not the luck.
 */
export const sweepKernel: Kernel<SweepParams, GameResult[]> = {
  name: 'wulong.game-sweep',
  progress: { label: 'Wulong sweep games', unit: 'games' },
  sample: () => {
    const rules = loadRules();
    const points = [2, 8].map((odds) => ({ values: { 'bettingCards.panda.odds': odds }, rules: { ...rules, bettingCards: rules.bettingCards.map((c) => (c.id === 'panda' ? { ...c, odds } : c)) } }));
    return { params: { points, players: parsePlayers('kelly,naive:panda,min', 3) }, count: 200 };
  },
  run(params, rng, count) {
    const off = sweepOffsets(params);
    const acc = new Float64Array(off[off.length - 1]);
    const start = Int32Array.from(rng.s);
    params.points.forEach((_, i) => {
      rng.s.set(start);
      gameFor(pointParams(params, i)).playGames(rng, count, acc.subarray(off[i], off[i + 1]));
    });
    return acc;
  },
  summarize(params, acc) {
    const off = sweepOffsets(params);
    return params.points.map((_, i) => summarizeGame(pointParams(params, i), acc.subarray(off[i], off[i + 1])));
  },
};

/** The tell kernel's parameters: rules (their `betting.readAccuracy` is the read's accuracy a) and the active player's turn policy. */
export interface TellSimParams {
  rules: WulongRules;
  policy: PolicySpec;
}

export interface TellSimResult {
  accuracy: number;
  turns: number;
  /** net chips per chip of the opening bet on the best card given the signal, realised over whole turns */
  evPerChip: MeanEstimate;
  /** the same, exact (turn/tell.ts openingTellValue) */
  exactEvPerChip: number;
  /** share of turns on which each card was picked */
  picks: { card: string; share: number }[];
}

/** Accumulator of the tell kernel: counts by card of picks, wins and voided bets (integers: nothing boxed). */
const tellLayout = (C: number) => defineLayout({ picks: C, wins: C, voids: C });

/**
 * One opening bet per turn, with the tell (turn/tell.ts): the first roll is drawn, then the signal
 * (the true roll class with probability a, else a fresh roll), the bettor stakes one chip on the card
 * with the best posterior EV, and the turn is played out under the policy. Checks the exact value of
 * the read by simulation. Allocation-free: integers, typed arrays and the per-thread tables.
 */
export const tellKernel: Kernel<TellSimParams, TellSimResult> = {
  name: 'wulong.tell',
  progress: { label: 'Wulong tell turns', unit: 'turns' },
  sample: () => ({ params: { rules: loadRules(undefined, ['betting.readAccuracy=0.5']), policy: OPTIMAL }, count: 20_000 }),
  run(params, rng, count) {
    const T = tellTablesFor(params.rules, params.policy), sim = T.sim, C = T.cards;
    const L = tellLayout(C).offset;
    const acc = new Float64Array(tellLayout(C).length);
    const a = params.rules.betting?.readAccuracy ?? 0, threshold = Math.round(a * READ_SCALE);
    const odds = Float64Array.from(params.rules.bettingCards, (c) => c.odds), post = new Float64Array(C + 1);
    // the card a final bin pays: final-score bins, then instant-win bins (voided unless settled: −2)
    const bins = sim.bins, binCard = new Int32Array(2 * bins);
    for (let b = 0; b < bins; b++) binCard[b] = cardOfScore(params.rules, b * sim.unit);
    const settled = !!params.rules.instantWin?.betsSettled, top = params.rules.bettingCards.findIndex((c) => c.max === null);
    for (let b = bins; b < 2 * bins; b++) binCard[b] = settled ? top : -2;
    const N = sim.dice, step = sim.step, rollClass = sim.rollClass, rollOffset = sim.rollOffset, outcomes = sim.outcomes;
    for (let i = 0; i < count; i++) {
      const g = rollClass[rollOffset[N] + rng.below(outcomes[N])];
      let sg = g;
      if (threshold < READ_SCALE && rng.below(READ_SCALE) >= threshold) sg = rollClass[rollOffset[N] + rng.below(outcomes[N])];
      readOdds(T, 0, N, sg, a, post);
      let pick = 0, best = -Infinity;
      for (let c = 0; c < C; c++) {
        const ev = post[c] * odds[c] - (1 - post[c] - post[C]);
        if (ev > best) {
          best = ev;
          pick = c;
        }
      }
      // play the turn out from the roll already made
      let code = step[g];
      while (code >= 0) {
        const n = code & 15;
        code = step[(code >> 4) + rollClass[rollOffset[n] + rng.below(outcomes[n])]];
      }
      const won = binCard[-code - 1];
      acc[L.picks + pick]++;
      if (won === pick) acc[L.wins + pick]++;
      else if (won === -2) acc[L.voids + pick]++;
    }
    return acc;
  },
  summarize(params, acc, count) {
    const C = params.rules.bettingCards.length, L = tellLayout(C).offset;
    let sum = 0, sumSq = 0;
    for (let c = 0; c < C; c++) {
      const b = params.rules.bettingCards[c].odds, w = acc[L.wins + c], v = acc[L.voids + c], l = acc[L.picks + c] - w - v;
      sum += w * b - l;
      sumSq += w * b * b + l;
    }
    const a = params.rules.betting?.readAccuracy ?? 0;
    return {
      accuracy: a,
      turns: count,
      evPerChip: meanEstimate(count, sum, sumSq),
      exactEvPerChip: openingTellValue(params.rules, params.policy, a).bestEvPerChip,
      picks: params.rules.bettingCards.map((c, i) => ({ card: c.id, share: acc[L.picks + i] / count })),
    };
  },
  format(r) {
    return [
      `read accuracy ${r.accuracy}: ${r.turns} opening bets on the best card given the read`,
      `EV per chip ${r.evPerChip.mean.toFixed(4)} ± ${r.evPerChip.se.toFixed(4)} (SE); exact ${r.exactEvPerChip.toFixed(4)}`,
      `picks: ${r.picks.map((p) => `${p.card} ${fmtPct(p.share)}`).join(', ')}`,
    ].join('\n');
  },
};

/** The full game's kernels (importing this module registers them). */
export const kernels: readonly Kernel<never, unknown>[] = [gameKernel as Kernel<never, unknown>, sweepKernel as Kernel<never, unknown>, tellKernel as Kernel<never, unknown>];
registerKernels(import.meta.url, kernels);

/**
 * The simulation kernels of Sichuan mahjong: full deals (`mahjong simulate`, the deal report) and
 * the odds of one hand before the wall runs out (`mahjong odds`). Engines and tables are built
 * once per thread (Memo, keyed by the parameters) and reseeded per run, so `run` allocates
 * nothing but its accumulator and gives the same result as a fresh build, bit for bit.
 */
import type { Kernel, RunInfo } from '../../parallel/kernel.js';
import { registerKernels } from '../../parallel/registry.js';
import { defineLayout } from '../../core/accumulator.js';
import { fmtPct, textTable } from '../../core/format.js';
import { Memo } from '../../core/memo.js';
import type { Rng } from '../../core/rng.js';
import { meanEstimate, proportion, type MeanEstimate, type Proportion } from '../../core/stats.js';
import { loadRules, type SichuanRules } from './rules.js';
import { Deal, DEAL, SEAT, SLOT } from './engine.js';
import { efficientDiscard } from './efficiency.js';
import { exactReadyOdds, type OddsParams } from './exact-ready-odds.js';
import { parsePosition } from './hand.js';
import { isWinningHand, shanten } from './shanten.js';
import { EV_LAST_TILE, FAN_COUNT, FAN_NAMES, FAN_IDS, Valuer } from './value.js';
import { getStrategy } from './strategies/index.js';
import { PairedDeal } from './paired-deal.js';

export type { OddsParams } from './exact-ready-odds.js';

export interface DealParams {
  rules: SichuanRules;
  /** four strategy names, one per slot */
  strategies: string[];
  /** rotate seats deal by deal so that every strategy sits in every seat equally often */
  rotate: boolean;
}

export interface SlotSummary {
  slot: number;
  strategy: string;
  points: MeanEstimate;
  winRate: Proportion;
  selfDrawRate: Proportion;
  /** share of player-deals finished 1st, 2nd, 3rd to win */
  winOrder: [number, number, number];
  flowerPigRate: Proportion;
  dealInRate: number;
  kongsPerDeal: number;
  readyAtEndRate: number;
  meanWinPoints: number;
  /** wins it could have declared and passed (a strategy with declareWin), per deal */
  declinedPerDeal: number;
  /** share of this strategy's wins carrying each fan (by fan id) */
  fanShare: Record<string, number>;
}

export interface DealSummary {
  deals: number;
  strategies: string[];
  rotate: boolean;
  bySlot: SlotSummary[];
  bySeat: { seat: number; dealer: boolean; points: MeanEstimate; winRate: Proportion }[];
  winners: { count: number; deals: number; share: number }[];
  exhaustionRate: Proportion;
  flowerPigRate: Proportion;
  wins: number;
  selfDrawShare: number;
  robbingWins: number;
  multiWinnerDiscards: number;
  fan: { fan: string; id: string; wins: number; shareOfWins: number }[];
  /** wins by points paid (1, 2, 4, … 32) */
  points: { points: number; wins: number; share: number }[];
  meanFan: number;
  meanWinPoints: number;
  kongsPerDeal: { exposed: number; added: number; concealed: number };
  drawsPerDeal: number;
  zeroSumViolations: number;
  conservationViolations: number;
  /** when a player first becomes ready: how many tile kinds complete the hand (10 = 10 or more) */
  waitKinds: { kinds: number; hands: number; share: number }[];
  /** … and how many copies of them the player cannot see (19 = 19 or more) */
  liveWaits: { live: number; hands: number; share: number }[];
  /** the player's own draws before first becoming ready, on average */
  meanDrawsToReady: number;
}


const A = DEAL.offset, SO = SLOT.offset, SE = SEAT.offset;

/** One engine per thread and rules + strategy mix; the seat rotation is chosen per deal. */
const deals = new Memo<Deal>(16);

function dealEngine(params: DealParams, rng: Rng): Deal {
  const deal = deals.get(`${params.strategies.join(',')}|${JSON.stringify(params.rules)}`, () => new Deal(params.rules, params.strategies.map(getStrategy), rng));
  deal.rng = rng;
  return deal;
}

export const dealKernel: Kernel<DealParams, DealSummary> = {
  name: 'sichuan-mahjong.deal',
  progress: { label: 'mahjong deals', unit: 'deals' },
  sample: () => ({ params: { rules: loadRules(), strategies: ['greedy', 'value', 'random', 'greedy'], rotate: true }, count: 200 }),
  run(params, rng, count) {
    const deal = dealEngine(params, rng);
    const acc = new Float64Array(DEAL.length);
    for (let i = 0; i < count; i++) deal.play(acc, params.rotate ? i & 3 : 0);
    return acc;
  },
  // what `mahjong simulate` prints, and `oddsmith merge` of its parts
  finish(params, acc, count, run) {
    const r = dealKernel.summarize(params, acc, count);
    return { result: { ...r, seconds: run.seconds, dealsPerSecond: run.perSecond, seed: run.seed, shardCount: run.shardCount }, text: () => formatDeal(r, run.perSecond), csv: () => dealRows(r) };
  },
  summarize(params, acc) {
    const deals = acc[A.deals];
    const bySlot: SlotSummary[] = params.strategies.map((name, slot) => {
      const o = A.slots + slot * SLOT.length;
      const pd = acc[o + SO.playerDeals];
      const wins = acc[o + SO.wins];
      return {
        slot,
        strategy: name,
        points: meanEstimate(pd, acc[o + SO.sum], acc[o + SO.sumSq]),
        winRate: proportion(wins, pd),
        selfDrawRate: proportion(acc[o + SO.selfDraws], pd),
        winOrder: [acc[o + SO.winOrder] / pd, acc[o + SO.winOrder + 1] / pd, acc[o + SO.winOrder + 2] / pd],
        flowerPigRate: proportion(acc[o + SO.pigs], pd),
        dealInRate: acc[o + SO.dealIns] / pd,
        kongsPerDeal: acc[o + SO.kongs] / pd,
        readyAtEndRate: acc[o + SO.readyAtEnd] / pd,
        meanWinPoints: wins ? acc[o + SO.winPoints] / wins : 0,
        declinedPerDeal: acc[o + SO.declined] / pd,
        fanShare: Object.fromEntries(FAN_IDS.map((id, f) => [id, wins ? acc[A.slotFan + slot * FAN_COUNT + f] / wins : 0])),
      };
    });
    const bySeat = [0, 1, 2, 3].map((seat) => {
      const o = A.seats + seat * SEAT.length;
      return { seat, dealer: seat === 0, points: meanEstimate(acc[o + SE.deals], acc[o + SE.sum], acc[o + SE.sumSq]), winRate: proportion(acc[o + SE.wins], acc[o + SE.deals]) };
    });
    const wins = acc[A.wins];
    const fan: DealSummary['fan'] = Array.from({ length: FAN_COUNT }, (_, f) => ({ fan: FAN_NAMES[f] as string, id: FAN_IDS[f] as string, wins: acc[A.fan + f], shareOfWins: wins ? acc[A.fan + f] / wins : 0 }));
    fan.push({ fan: 'plain hand (no fan)', id: 'plain', wins: NaN, shareOfWins: NaN });
    const points = [];
    for (let i = 0; i <= 12; i++) if (acc[A.pointsHist + i] > 0 || i <= params.rules.maxFan) points.push({ points: 2 ** i, wins: acc[A.pointsHist + i], share: wins ? acc[A.pointsHist + i] / wins : 0 });
    const plain = points[0]?.wins ?? 0;
    fan[fan.length - 1].wins = plain;
    fan[fan.length - 1].shareOfWins = wins ? plain / wins : 0;
    return {
      deals,
      strategies: params.strategies,
      rotate: params.rotate,
      bySlot,
      bySeat,
      winners: [0, 1, 2, 3].map((c) => ({ count: c, deals: acc[A.winnersHist + c], share: acc[A.winnersHist + c] / deals })),
      exhaustionRate: proportion(acc[A.exhausted], deals),
      flowerPigRate: proportion(acc[A.pigs], deals * 4),
      wins,
      selfDrawShare: wins ? acc[A.selfDraws] / wins : 0,
      robbingWins: acc[A.robWins],
      multiWinnerDiscards: acc[A.multiWinDiscards],
      fan,
      points,
      meanFan: wins ? acc[A.fanTotal] / wins : 0,
      meanWinPoints: wins ? acc[A.winPointsSum] / wins : 0,
      kongsPerDeal: { exposed: acc[A.kongsExposed] / deals, added: acc[A.kongsAdded] / deals, concealed: acc[A.kongsConcealed] / deals },
      drawsPerDeal: acc[A.draws] / deals,
      zeroSumViolations: acc[A.zeroSumViolations],
      conservationViolations: acc[A.conservationViolations],
      waitKinds: hist(acc, A.waitsHist, 10, 1).map(([kinds, hands, share]) => ({ kinds, hands, share })),
      liveWaits: hist(acc, A.liveWaitsHist, 20, 0).map(([live, hands, share]) => ({ live, hands, share })),
      meanDrawsToReady: acc[A.readyHands] ? acc[A.readyDrawsSum] / acc[A.readyHands] : NaN,
    };
  },
  format(r) {
    return formatDeal(r);
  },
};

function hist(acc: Float64Array, at: number, n: number, first: number): [number, number, number][] {
  let total = 0;
  for (let i = 0; i < n; i++) total += acc[at + i];
  return Array.from({ length: n }, (_, i) => [i + first, acc[at + i], total ? acc[at + i] / total : 0] as [number, number, number]);
}

const f2 = (x: number) => x.toFixed(2);
const pct = (x: number) => fmtPct(x, 1);

export function formatDeal(r: DealSummary, dealsPerSecond?: number): string {
  const lines: string[] = [];
  lines.push(`${r.deals} deals${r.rotate ? ' (seats rotated deal by deal)' : ''}${dealsPerSecond ? ` · ${dealsPerSecond.toFixed(0)} deals/s` : ''}`);
  lines.push('points per deal by strategy (95% interval), win rate, order of winning (1st/2nd/3rd), flower pig, dealt-in wins, kongs');
  const rows = r.bySlot.map((s) => [`${s.slot}:${s.strategy}`, `${f2(s.points.mean)} [${f2(s.points.ci95[0])}, ${f2(s.points.ci95[1])}]`, pct(s.winRate.p), s.winOrder.map(pct).join('/'), pct(s.flowerPigRate.p), f2(s.dealInRate), f2(s.kongsPerDeal)]);
  const head = ['strategy', 'points/deal', 'win', '1st/2nd/3rd', 'pig', 'deal-ins', 'kongs'];
  lines.push(table([head, ...rows]));
  lines.push('share of each strategy\'s wins with: full flush / seven pairs / all pungs (incl. 2/5/8) / root; mean points per win');
  lines.push(table(r.bySlot.map((s) => [`${s.slot}:${s.strategy}`, pct(s.fanShare.fullFlush), pct(s.fanShare.sevenPairs), pct(s.fanShare.allPungs + s.fanShare.all258Pungs), pct(s.fanShare.root), f2(s.meanWinPoints)])));
  lines.push('by seat (seat 0 deals):');
  lines.push(table([['seat', 'points/deal', 'win'], ...r.bySeat.map((s) => [`${s.seat}${s.dealer ? ' (dealer)' : ''}`, `${f2(s.points.mean)} ± ${f2(1.96 * s.points.se)}`, pct(s.winRate.p)])]));
  lines.push(`winners per deal: ${r.winners.map((w) => `${w.count}: ${pct(w.share)}`).join(', ')} · wall exhausted ${pct(r.exhaustionRate.p)} · flower pig ${pct(r.flowerPigRate.p)} of players`);
  lines.push(`wins ${r.wins}: self-draw ${pct(r.selfDrawShare)}, robbing a kong ${r.robbingWins}, discards with several winners ${r.multiWinnerDiscards} · mean fan ${f2(r.meanFan)}, mean points ${f2(r.meanWinPoints)}`);
  lines.push(`fan (share of wins): ${r.fan.filter((f) => f.wins > 0).map((f) => `${f.fan} ${pct(f.shareOfWins)}`).join(', ')}`);
  lines.push(`kongs per deal: exposed ${r.kongsPerDeal.exposed.toFixed(3)}, added ${r.kongsPerDeal.added.toFixed(3)}, concealed ${r.kongsPerDeal.concealed.toFixed(3)} · draws per deal ${r.drawsPerDeal.toFixed(1)}`);
  lines.push(`first ready hand: winning tile kinds ${r.waitKinds.filter((w) => w.hands > 0).map((w) => `${w.kinds}: ${pct(w.share)}`).join(', ')} · own draws to get there ${r.meanDrawsToReady.toFixed(1)}`);
  lines.push(`checks: zero-sum violations ${r.zeroSumViolations}, tile-conservation violations ${r.conservationViolations}`);
  return lines.join('\n');
}

/**
 * Aligned columns with no header line (a header, where wanted, is the first row and aligned like
 * the data): the core text table without its header line.
 */
function table(rows: string[][]): string {
  return textTable(rows.map((r) => Object.fromEntries(r.map((c, i) => [i, c]))), { header: false });
}

// ---- the odds of one hand (`mahjong odds`) -----------------------------------------------------

export interface OddsSummary {
  trials: number;
  winRate: Proportion;
  selfDrawRate: Proportion;
  discardWinRate: Proportion;
  points: MeanEstimate;
}

/** Accumulator of the odds kernel: walls played, wins by kind, points (sum, sum of squares). */
export const ODDS = defineLayout({ trials: 1, selfDraws: 1, discardWins: 1, sum: 1, sumSq: 1 });
const O = ODDS.offset;

/** How a simulated wall ended for the player: no win, a self-draw, a win on a discard. */
const ODDS_SELF_DRAW = 1, ODDS_DISCARD = 2;

/** Everything the walls of one parameter set need, built once per thread: the player's arrays, the valuer, the tile pool. */
export interface Walls {
  p: OddsParams;
  hand: Uint8Array;
  visible: Uint8Array;
  meldKinds: Uint8Array;
  meldSizes: Uint8Array;
  valuer: Valuer;
  /** the unseen tiles; reshuffled in place wall by wall, refilled at the start of each run */
  pool: Uint8Array;
  /** the hand starts in the discard form (14 − 3·sets tiles): it discards before the first draw */
  discardForm: boolean;
}

export function prepareWalls(p: OddsParams): Walls {
  const nm = p.meldKinds.length;
  const meldKinds = new Uint8Array(4), meldSizes = new Uint8Array(4);
  for (let j = 0; j < nm; j++) { meldKinds[j] = p.meldKinds[j]; meldSizes[j] = p.meldSizes[j]; }
  const startSize = p.hand.reduce((a, b) => a + b, 0);
  return {
    p, hand: new Uint8Array(27), visible: new Uint8Array(27), meldKinds, meldSizes, valuer: new Valuer(p.rules),
    pool: new Uint8Array(108), discardForm: startSize === 14 - 3 * nm,
  };
}

/**
 * Play `count` walls with `rng` and add them to `acc` (allocation-free). The model is described
 * in exact-ready-odds.ts: the player draws in turn with `opponents` opponents, who discard what
 * they draw; not yet ready, the player discards by tile efficiency, once ready it keeps its waits.
 */
export function playWalls(w: Walls, rng: Rng, count: number, acc: Float64Array): void {
  const { p, hand, visible, meldKinds, meldSizes, valuer, pool, discardForm } = w;
  const nm = p.meldKinds.length, v = p.voidSuit, K = p.opponents, N = p.tilesLeft;
  // the pool in kind order at the start of every run: a run's result depends on (params, rng) only
  let U = 0;
  for (let k = 0; k < 27; k++) for (let c = 0; c < p.live[k]; c++) pool[U++] = k;
  for (let i = 0; i < count; i++) {
    for (let k = 0; k < 27; k++) { hand[k] = p.hand[k]; visible[k] = 4 - p.live[k] - p.hand[k]; }
    let drawn = 0, pts = 0, kind = 0;
    let ready = false;
    if (discardForm) {
      const d = efficientDiscard(hand, nm, v, visible);
      hand[d]--; visible[d]++;
    }
    ready = shanten(hand, nm, v) === 0;
    let turn = discardForm ? 1 : 0; // 0 = the player, 1..K opponents
    while (drawn < N) {
      const j = drawn + rng.below(U - drawn);
      const tile = pool[j]; pool[j] = pool[drawn]; pool[drawn] = tile;
      drawn++;
      const last = drawn === N;
      if (turn === 0) {
        hand[tile]++;
        if (isWinningHand(hand, nm, v)) {
          pts = valuer.selfDrawPayment(valuer.evaluate(hand, meldKinds, meldSizes, nm, v, last ? EV_LAST_TILE : 0)) * K;
          kind = ODDS_SELF_DRAW;
          break;
        }
        let d = tile;
        if (!ready) d = efficientDiscard(hand, nm, v, visible);
        hand[d]--; visible[d]++;
        if (!ready) ready = shanten(hand, nm, v) === 0;
      } else {
        visible[tile]++;
        // the suit by comparison, not (tile / 9) | 0: until this long loop is optimized (OSR) a
        // division makes a boxed double per tile
        if ((tile < 9 ? 0 : tile < 18 ? 1 : 2) !== v) {
          hand[tile]++;
          if (isWinningHand(hand, nm, v)) {
            pts = valuer.evaluate(hand, meldKinds, meldSizes, nm, v, last && p.rules.lastTileIncludesDiscard ? EV_LAST_TILE : 0);
            kind = ODDS_DISCARD;
            hand[tile]--;
            break;
          }
          hand[tile]--;
        }
      }
      turn = turn === K ? 0 : turn + 1;
    }
    acc[O.trials]++;
    if (kind === ODDS_SELF_DRAW) acc[O.selfDraws]++;
    else if (kind === ODDS_DISCARD) acc[O.discardWins]++;
    acc[O.sum] += pts;
    acc[O.sumSq] += pts * pts;
  }
}

const walls = new Memo<Walls>(16);

export const oddsKernel: Kernel<OddsParams, OddsSummary> = {
  name: 'sichuan-mahjong.odds',
  progress: { label: 'mahjong walls', unit: 'walls' },
  sample: () => {
    const pos = parsePosition({ hand: '1112345678999m', void: 's' });
    return { params: { rules: loadRules(), hand: Array.from(pos.counts), meldKinds: Array.from(pos.meldKinds), meldSizes: Array.from(pos.meldSizes), voidSuit: pos.voidSuit, live: Array.from(pos.live), tilesLeft: 40, opponents: 3 }, count: 2000 };
  },
  run(p, rng, count) {
    const acc = new Float64Array(ODDS.length);
    playWalls(walls.get(JSON.stringify(p), () => prepareWalls(p)), rng, count, acc);
    return acc;
  },
  summarize(_p, acc) {
    const n = acc[O.trials];
    return {
      trials: n,
      winRate: proportion(acc[O.selfDraws] + acc[O.discardWins], n),
      selfDrawRate: proportion(acc[O.selfDraws], n),
      discardWinRate: proportion(acc[O.discardWins], n),
      points: meanEstimate(n, acc[O.sum], acc[O.sumSq]),
    };
  },
  // what `mahjong odds` prints, and `oddsmith merge` of its parts; extra: the hand as typed
  finish(p, acc, count, run, extra) {
    return finishOdds(p, oddsKernel.summarize(p, acc, count), run, (extra as { hand?: string } | null)?.hand ?? '');
  },
};

// ---- one strategy against a baseline on the same walls (`mahjong compare`, the advisor report) --

export interface PairedParams {
  rules: SichuanRules;
  /** the strategy measured: it sits in one seat, rotating deal by deal */
  strategy: string;
  /** the other three seats, and the measured seat in the baseline deal */
  baseline: string;
}

export interface PairedSummary {
  deals: number;
  strategy: string;
  baseline: string;
  /** the measured seat's points per deal with the strategy there */
  withStrategy: MeanEstimate;
  /** the same seat's points on the same wall with the baseline there (0 in expectation: four alike) */
  withBaseline: MeanEstimate;
  /** the gain per deal: the difference deal by deal (common walls cancel most of the luck) */
  gain: MeanEstimate;
  /** share of deals in which the seat's points differ between the two */
  differ: number;
}

/** Accumulator of the paired kernel: deals, the two seat results and their difference (sum, sum of squares). */
export const PAIRED = defineLayout({ deals: 1, sumA: 1, sumSqA: 1, sumB: 1, sumSqB: 1, sumD: 1, sumSqD: 1, differ: 1 });
const PA = PAIRED.offset;

/** Per thread and table: the two engines and their shared wall. */
const paired = new Memo<PairedDeal>(8);

/**
 * Deal i: a shuffled wall; the strategy in seat (4 − i mod 4) mod 4 and the baseline elsewhere,
 * then four baselines on the same wall; the seat's points in each. Strategies that draw from the
 * deal's random stream see different streams in the two deals; greedy, value and advisor do not.
 */
export const pairedKernel: Kernel<PairedParams, PairedSummary> = {
  name: 'sichuan-mahjong.paired',
  progress: { label: 'mahjong paired walls', unit: 'walls' },
  sample: () => ({ params: { rules: loadRules(), strategy: 'value', baseline: 'greedy' }, count: 100 }),
  run(p, rng, count) {
    const e = paired.get(`${p.strategy},${p.baseline}|${JSON.stringify(p.rules)}`, () => new PairedDeal(p.rules, getStrategy(p.strategy), getStrategy(p.baseline), rng));
    e.rng = rng;
    const acc = new Float64Array(PAIRED.length);
    for (let i = 0; i < count; i++) {
      e.shuffleWall();
      const r = i & 3;
      const x = e.playWithStrategy(r);
      e.playBaseline(r);
      const y = e.baseline.score[PairedDeal.seatOf(r)];
      acc[PA.deals]++;
      acc[PA.sumA] += x; acc[PA.sumSqA] += x * x;
      acc[PA.sumB] += y; acc[PA.sumSqB] += y * y;
      acc[PA.sumD] += x - y; acc[PA.sumSqD] += (x - y) * (x - y);
      if (x !== y) acc[PA.differ]++;
    }
    return acc;
  },
  summarize(p, acc) {
    const n = acc[PA.deals];
    return {
      deals: n, strategy: p.strategy, baseline: p.baseline,
      withStrategy: meanEstimate(n, acc[PA.sumA], acc[PA.sumSqA]),
      withBaseline: meanEstimate(n, acc[PA.sumB], acc[PA.sumSqB]),
      gain: meanEstimate(n, acc[PA.sumD], acc[PA.sumSqD]),
      differ: n ? acc[PA.differ] / n : 0,
    };
  },
  format(r) {
    return formatPaired(r);
  },
  // what `mahjong compare` prints, and `oddsmith merge` of its parts
  finish(p, acc, count, run) {
    const r = pairedKernel.summarize(p, acc, count);
    return {
      result: { ...r, seconds: run.seconds, seed: run.seed, shardCount: run.shardCount },
      text: () => formatPaired(r),
      csv: () => [{ strategy: r.strategy, baseline: r.baseline, deals: r.deals, gainMean: r.gain.mean, gainSe: r.gain.se, ci95Low: r.gain.ci95[0], ci95High: r.gain.ci95[1], differ: r.differ }],
    };
  },
};

export function formatPaired(r: PairedSummary): string {
  const ci = (m: MeanEstimate) => `${f2(m.mean)} [${f2(m.ci95[0])}, ${f2(m.ci95[1])}]`;
  return [
    `${r.deals} walls, each played twice: ${r.strategy} in one seat (rotating) against three ${r.baseline}, then four ${r.baseline}`,
    `gain of ${r.strategy} over ${r.baseline}, points per deal (95% interval): ${ci(r.gain)}`,
    `the seat's points per deal: with ${r.strategy} ${ci(r.withStrategy)}, with ${r.baseline} ${ci(r.withBaseline)}; the seat's result differs in ${pct(r.differ)} of deals`,
  ].join('\n');
}

// ---- starting hands after swap three (`mahjong starting-hands --swap-three`) --------------------

export interface SwapStartParams {
  /** the rules (swapThree.direction is used; the swap is made whether or not it is enabled) */
  rules: SichuanRules;
  /** the four seats' strategies (which three each passes) */
  strategies: string[];
}

/** Shanten −1..10 at index shanten + 1; tiles in the shortest suit 0..14. */
const SH = 12, FEW = 15;
export const SWAP_START = defineLayout({
  deals: 1,
  /** 13-tile hands (seats 1–3) and the dealer's 14, before and after the swap: shanten with the best void */
  before13: SH, after13: SH, before14: SH, after14: SH,
  /** tiles in the shortest suit of the 13-tile hands */
  fewestBefore13: FEW, fewestAfter13: FEW,
  /** the change in shanten, hand by hand (sum, sum of squares): 13-tile hands, then the dealer */
  diff13: 1, diffSq13: 1, diff14: 1, diffSq14: 1,
  /** the seats the tiles moved on: 1 clockwise, 2 across, 3 counter-clockwise */
  shift: 4,
});
const SW = SWAP_START.offset;

export interface SwapDistribution { value: number; before: Proportion; after: Proportion }
export interface SwapStartSummary {
  deals: number;
  direction: string;
  strategies: string[];
  /** 13-tile hands (three per deal) */
  shanten13: SwapDistribution[];
  shanten14: SwapDistribution[];
  fewestSuit13: SwapDistribution[];
  /** mean shanten before and after, and the mean change hand by hand */
  mean13: { before: number; after: number; change: MeanEstimate };
  mean14: { before: number; after: number; change: MeanEstimate };
  /** share of deals per direction */
  directions: { clockwise: number; across: number; counterClockwise: number };
}

function bestVoidShanten(h: Uint8Array): number {
  let best = 99;
  for (let v = 0; v < 3; v++) { const x = shanten(h, 0, v); if (x < best) best = x; }
  return best;
}

function fewestSuit(h: Uint8Array): number {
  let best = 99;
  for (let s = 0; s < 3; s++) { let n = 0; for (let r = 0; r < 9; r++) n += h[s * 9 + r]; if (n < best) best = n; }
  return best;
}

/** Per thread: the engine (its deal and swap steps only) and the shanten before the swap. */
const swapStarts = new Memo<{ deal: Deal; scratch: Float64Array; before: Int8Array }>(8);

export const swapStartKernel: Kernel<SwapStartParams, SwapStartSummary> = {
  name: 'sichuan-mahjong.swap-start',
  progress: { label: 'mahjong swap deals', unit: 'deals' },
  sample: () => ({ params: { rules: loadRules(), strategies: ['greedy', 'value', 'random', 'greedy'] }, count: 300 }),
  run(p, rng, count) {
    const e = swapStarts.get(`${p.strategies.join(',')}|${JSON.stringify(p.rules)}`, () => ({ deal: new Deal(p.rules, p.strategies.map(getStrategy), rng), scratch: new Float64Array(DEAL.length), before: new Int8Array(4) }));
    const deal = e.deal;
    deal.rng = rng;
    const acc = new Float64Array(SWAP_START.length);
    for (let i = 0; i < count; i++) {
      deal.startHands(e.scratch, 0);
      for (let s = 0; s < 4; s++) {
        const h = deal.hands[s];
        const sh = bestVoidShanten(h);
        e.before[s] = sh;
        if (s === 0) acc[SW.before14 + sh + 1]++;
        else { acc[SW.before13 + sh + 1]++; acc[SW.fewestBefore13 + fewestSuit(h)]++; }
      }
      deal.swapThree();
      for (let s = 0; s < 4; s++) {
        const h = deal.hands[s];
        const sh = bestVoidShanten(h);
        const d = sh - e.before[s];
        if (s === 0) { acc[SW.after14 + sh + 1]++; acc[SW.diff14] += d; acc[SW.diffSq14] += d * d; }
        else { acc[SW.after13 + sh + 1]++; acc[SW.fewestAfter13 + fewestSuit(h)]++; acc[SW.diff13] += d; acc[SW.diffSq13] += d * d; }
      }
      acc[SW.shift + deal.lastSwapShift]++;
      acc[SW.deals]++;
    }
    return acc;
  },
  summarize(p, acc) {
    const n = acc[SW.deals];
    const dist = (b: number, a: number, len: number, first: number, hands: number): SwapDistribution[] => {
      const out: SwapDistribution[] = [];
      for (let i = 0; i < len; i++) if (acc[b + i] > 0 || acc[a + i] > 0) out.push({ value: i + first, before: proportion(acc[b + i], hands), after: proportion(acc[a + i], hands) });
      return out;
    };
    const mean = (b: number, len: number, hands: number): number => { let m = 0; for (let i = 0; i < len; i++) m += (i - 1) * acc[b + i]; return m / hands; };
    return {
      deals: n, direction: p.rules.swapThree.direction, strategies: p.strategies,
      shanten13: dist(SW.before13, SW.after13, SH, -1, 3 * n),
      shanten14: dist(SW.before14, SW.after14, SH, -1, n),
      fewestSuit13: dist(SW.fewestBefore13, SW.fewestAfter13, FEW, 0, 3 * n),
      mean13: { before: mean(SW.before13, SH, 3 * n), after: mean(SW.after13, SH, 3 * n), change: meanEstimate(3 * n, acc[SW.diff13], acc[SW.diffSq13]) },
      mean14: { before: mean(SW.before14, SH, n), after: mean(SW.after14, SH, n), change: meanEstimate(n, acc[SW.diff14], acc[SW.diffSq14]) },
      directions: { clockwise: acc[SW.shift + 1] / n, across: acc[SW.shift + 2] / n, counterClockwise: acc[SW.shift + 3] / n },
    };
  },
};

/** The main table of `mahjong simulate --csv`: one row per strategy slot. */
export function dealRows(r: DealSummary) {
  return r.bySlot.map((x) => ({ slot: x.slot, strategy: x.strategy, pointsMean: x.points.mean, pointsSe: x.points.se, ci95Low: x.points.ci95[0], ci95High: x.points.ci95[1], winRate: x.winRate.p, first: x.winOrder[0], second: x.winOrder[1], third: x.winOrder[2], flowerPigRate: x.flowerPigRate.p, dealInRate: x.dealInRate, kongsPerDeal: x.kongsPerDeal }));
}

/** `mahjong odds`' result: the position, the simulated odds and, for a ready hand, the exact ones. */
function finishOdds(p: OddsParams, r: OddsSummary, run: RunInfo, hand: string) {
  const exact = exactReadyOdds(p);
  const out = { hand, void: ['m', 'p', 's'][p.voidSuit], tilesLeft: p.tilesLeft, opponents: p.opponents, ...r, exact, seconds: run.seconds, seed: run.seed, shardCount: run.shardCount };
  const pct = (x: number) => fmtPct(x, 2);
  const ci = (x: { ci95: [number, number] }) => `[${pct(x.ci95[0])}, ${pct(x.ci95[1])}]`;
  const text = () => [
    `${hand} · void ${out.void} · ${p.tilesLeft} tiles left · ${p.opponents} opponents · ${r.trials} simulated walls`,
    `wins before the wall runs out: ${pct(r.winRate.p)} ${ci(r.winRate)}${exact ? ` (exact ${pct(exact.winRate)})` : ''}`,
    `  by self-draw ${pct(r.selfDrawRate.p)} ${ci(r.selfDrawRate)}${exact ? ` (exact ${pct(exact.selfDrawRate)})` : ''}`,
    `  on a discard ${pct(r.discardWinRate.p)} ${ci(r.discardWinRate)}${exact ? ` (exact ${pct(exact.discardWinRate)})` : ''}`,
    `expected points ${r.points.mean.toFixed(3)} [${r.points.ci95[0].toFixed(3)}, ${r.points.ci95[1].toFixed(3)}]${exact ? ` (exact ${exact.points.toFixed(3)})` : ''}`,
  ].join('\n');
  const csv = () => [{ winRate: r.winRate.p, selfDrawRate: r.selfDrawRate.p, discardWinRate: r.discardWinRate.p, pointsMean: r.points.mean, pointsSe: r.points.se, exactWinRate: exact?.winRate ?? '', exactPoints: exact?.points ?? '' }];
  return { result: out, text, csv };
}

export const kernels: readonly Kernel<never, unknown>[] = [dealKernel as Kernel<never, unknown>, oddsKernel as Kernel<never, unknown>, pairedKernel as Kernel<never, unknown>, swapStartKernel as Kernel<never, unknown>];

registerKernels(import.meta.url, kernels);

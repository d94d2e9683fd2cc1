import type { Kernel } from '../../parallel/kernel.js';
import { registerKernels } from '../../parallel/registry.js';
import { meanEstimate, proportion, type MeanEstimate, type Proportion } from '../../core/stats.js';
import { loadRules, type SichuanRules } from './rules.js';
import { Deal, A, S, SEAT_FIELDS, SLOT_FIELDS } from './deal.js';
import { FAN_COUNT, FAN_NAMES, FAN_IDS } from './value.js';
import { getStrategy } from '../../../strategies/sichuan-mahjong/index.js';
import { oddsKernel } from './odds.js';

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



export const dealKernel: Kernel<DealParams, DealSummary> = {
  name: 'sichuan-mahjong.deal',
  sample: () => ({ params: { rules: loadRules(), strategies: ['greedy', 'value', 'random', 'greedy'], rotate: true }, count: 200 }),
  run(params, rng, count) {
    const strategies = params.strategies.map(getStrategy);
    const deal = new Deal(params.rules, strategies, rng);
    const acc = new Float64Array(A.size);
    for (let i = 0; i < count; i++) deal.play(acc, params.rotate ? i & 3 : 0);

    return acc;
  },
  summarize(params, acc) {
    const deals = acc[A.deals];
    const bySlot: SlotSummary[] = params.strategies.map((name, slot) => {
      const o = A.slot + slot * SLOT_FIELDS;
      const pd = acc[o + S.playerDeals];
      return {
        slot,
        strategy: name,
        points: meanEstimate(pd, acc[o + S.sum], acc[o + S.sumSq]),
        winRate: proportion(acc[o + S.wins], pd),
        selfDrawRate: proportion(acc[o + S.selfDraws], pd),
        winOrder: [acc[o + S.order1] / pd, acc[o + S.order2] / pd, acc[o + S.order3] / pd],
        flowerPigRate: proportion(acc[o + S.pigs], pd),
        dealInRate: acc[o + S.dealIns] / pd,
        kongsPerDeal: acc[o + S.kongs] / pd,
        readyAtEndRate: acc[o + S.readyAtEnd] / pd,
        meanWinPoints: acc[o + S.wins] ? acc[o + S.winPoints] / acc[o + S.wins] : 0,
        fanShare: Object.fromEntries(FAN_IDS.map((id, f) => [id, acc[o + S.wins] ? acc[A.slotFan + slot * FAN_COUNT + f] / acc[o + S.wins] : 0])),
      };
    });
    const bySeat = [0, 1, 2, 3].map((seat) => {
      const o = A.seat + seat * SEAT_FIELDS;
      return { seat, dealer: seat === 0, points: meanEstimate(acc[o + 3], acc[o], acc[o + 1]), winRate: proportion(acc[o + 2], acc[o + 3]) };
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
      kongsPerDeal: { exposed: acc[A.kongs] / deals, added: acc[A.kongs + 1] / deals, concealed: acc[A.kongs + 2] / deals },
      drawsPerDeal: acc[A.draws] / deals,
      zeroSumViolations: acc[A.zeroSumViolations],
      conservationViolations: acc[A.conservationViolations],
      waitKinds: hist(acc, A.waitsHist, 10, 1).map(([kinds, hands, share]) => ({ kinds, hands, share })),
      liveWaits: hist(acc, A.liveWaitsHist, 20, 0).map(([live, hands, share]) => ({ live, hands, share })),
      meanDrawsToReady: acc[A.readyTurns + 1] ? acc[A.readyTurns] / acc[A.readyTurns + 1] : NaN,
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
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

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

function table(rows: string[][]): string {
  const w = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(w[i]) : c.padStart(w[i]))).join('  ')).join('\n');
}

export const kernels: Kernel<never, unknown>[] = [dealKernel as Kernel<never, unknown>, oddsKernel as Kernel<never, unknown>];

registerKernels(import.meta.url, [dealKernel as Kernel<never, unknown>]);

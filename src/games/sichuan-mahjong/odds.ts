import type { Kernel } from '../../parallel/kernel.js';
import { registerKernels } from '../../parallel/registry.js';
import { parsePosition } from './hand.js';
import { Rng } from '../../core/rng.js';
import { meanEstimate, proportion, type MeanEstimate, type Proportion } from '../../core/stats.js';
import { loadRules, type SichuanRules } from './rules.js';
import { isWinningHand, shanten } from './shanten.js';
import { EV_LAST_TILE, Valuer } from './value.js';
import { efficientDiscard, type TableView } from './strategy.js';

/**
 * `mahjong odds`: the chance that a hand wins before the wall runs out, and what it earns.
 * Model: the unseen tiles (108 − hand − sets − seen) are shuffled; `tilesLeft` of them are drawn
 * in turn — the player first, then each of `opponents` opponents, and so on. An opponent discards
 * the tile it drew (opponents do not win or claim); the player wins on any such discard or on its
 * own draw. Not yet ready, the player discards by greedy tile efficiency (void tiles first);
 * once ready it keeps its waits. No kongs by the player. Points: a discard win is paid by the
 * discarder; a self-draw by every opponent (points + self-draw bonus each).
 */
export interface OddsParams {
  rules: SichuanRules;
  hand: number[];
  meldKinds: number[];
  meldSizes: number[];
  voidSuit: number;
  /** unseen copies per kind */
  live: number[];
  tilesLeft: number;
  opponents: number;
}

export interface OddsSummary {
  trials: number;
  winRate: Proportion;
  selfDrawRate: Proportion;
  discardWinRate: Proportion;
  points: MeanEstimate;
}

const O_TRIALS = 0, O_SELF = 1, O_DISC = 2, O_SUM = 3, O_SUMSQ = 4, O_SIZE = 5;

class OddsTable implements TableView {
  readonly hands = [new Uint8Array(27)];
  readonly meldKinds = new Uint8Array(4);
  readonly meldSizes = new Uint8Array(4);
  readonly nMelds = new Int8Array(1);
  readonly voids = new Int8Array(1);
  readonly visible = new Uint8Array(27);
  readonly won = new Uint8Array(1);
  left = 0;
  constructor(readonly rng: Rng) {}
  wallLeft(): number {
    return this.left;
  }
}

/** Everything one shard's walls need, built once: the table, the valuer, the live-tile pool. */
export function prepareWalls(p: OddsParams, rng: Rng) {
  const t = new OddsTable(rng);
  const valuer = new Valuer(p.rules);
  const pool = new Uint8Array(108);
  let U = 0;
  for (let k = 0; k < 27; k++) for (let c = 0; c < p.live[k]; c++) pool[U++] = k;
  const hand = t.hands[0];
  const nm = p.meldKinds.length;
  for (let j = 0; j < nm; j++) { t.meldKinds[j] = p.meldKinds[j]; t.meldSizes[j] = p.meldSizes[j]; }
  t.nMelds[0] = nm;
  t.voids[0] = p.voidSuit;
  const v = p.voidSuit, K = p.opponents, N = p.tilesLeft;
  const startSize = p.hand.reduce((a, b) => a + b, 0);
  const discardForm = startSize === 14 - 3 * nm;
  return { p, rng, t, valuer, pool, U, hand, nm, v, K, N, discardForm };
}

/** Play `count` walls and add them to `acc` (allocation-free: the tables were built by prepareWalls). */
export function playWalls(w: ReturnType<typeof prepareWalls>, count: number, acc: Float64Array): void {
  const { p, rng, t, valuer, pool, U, hand, nm, v, K, N, discardForm } = w;
  for (let i = 0; i < count; i++) {
    for (let k = 0; k < 27; k++) { hand[k] = p.hand[k]; t.visible[k] = 4 - p.live[k] - p.hand[k]; }
    let drawn = 0, pts = 0, type = 0;
    let ready = false;
    if (discardForm) {
      const d = efficientDiscard(t, 0);
      hand[d]--; t.visible[d]++;
    }
    ready = shanten(hand, nm, v) === 0;
    let turn = discardForm ? 1 : 0; // 0 = the player, 1..K opponents
    while (drawn < N) {
      const j = drawn + rng.below(U - drawn);
      const tile = pool[j]; pool[j] = pool[drawn]; pool[drawn] = tile;
      drawn++;
      t.left = N - drawn;
      const last = drawn === N;
      if (turn === 0) {
        hand[tile]++;
        if (isWinningHand(hand, nm, v)) {
          pts = (valuer.evaluate(hand, t.meldKinds, t.meldSizes, nm, v, last ? EV_LAST_TILE : 0) + p.rules.selfDrawBonus) * K;
          type = 1;
          break;
        }
        let d = tile;
        if (!ready) d = efficientDiscard(t, 0);
        hand[d]--; t.visible[d]++;
        if (!ready) ready = shanten(hand, nm, v) === 0;
      } else {
        t.visible[tile]++;
        // the suit by comparison, not (tile / 9) | 0: until this long loop is optimized (OSR) a
        // division makes a boxed double per tile
        if ((tile < 9 ? 0 : tile < 18 ? 1 : 2) !== v) {
          hand[tile]++;
          if (isWinningHand(hand, nm, v)) {
            pts = valuer.evaluate(hand, t.meldKinds, t.meldSizes, nm, v, last && p.rules.lastTileIncludesDiscard ? EV_LAST_TILE : 0);
            type = 2;
            hand[tile]--;
            break;
          }
          hand[tile]--;
        }
      }
      turn = turn === K ? 0 : turn + 1;
    }
    acc[O_TRIALS]++;
    if (type === 1) acc[O_SELF]++;
    else if (type === 2) acc[O_DISC]++;
    acc[O_SUM] += pts;
    acc[O_SUMSQ] += pts * pts;
  }
}

export const oddsKernel: Kernel<OddsParams, OddsSummary> = {
  name: 'sichuan-mahjong.odds',
  sample: () => {
    const pos = parsePosition({ hand: '1112345678999m', void: 's' });
    return { params: { rules: loadRules(), hand: Array.from(pos.counts), meldKinds: Array.from(pos.meldKinds), meldSizes: Array.from(pos.meldSizes), voidSuit: pos.voidSuit, live: Array.from(pos.live), tilesLeft: 40, opponents: 3 }, count: 2000 };
  },
  run(p, rng, count) {
    const acc = new Float64Array(O_SIZE);
    playWalls(prepareWalls(p, rng), count, acc);
    return acc;
  },
  summarize(_p, acc) {
    const n = acc[O_TRIALS];
    return {
      trials: n,
      winRate: proportion(acc[O_SELF] + acc[O_DISC], n),
      selfDrawRate: proportion(acc[O_SELF], n),
      discardWinRate: proportion(acc[O_DISC], n),
      points: meanEstimate(n, acc[O_SUM], acc[O_SUMSQ]),
    };
  },
};

export interface ExactReadyOdds {
  winRate: number;
  selfDrawRate: number;
  discardWinRate: number;
  points: number;
}

/**
 * The same model solved exactly for a hand that is ready now (waiting form): the wall order is a
 * uniform random sequence of the unseen tiles; the first wait tile among the first `tilesLeft`
 * draws decides, by its position (whose draw) and kind (its value).
 */
export function exactReadyOdds(p: OddsParams): ExactReadyOdds | null {
  const nm = p.meldKinds.length;
  const size = p.hand.reduce((a, b) => a + b, 0);
  if (size !== 13 - 3 * nm) return null;
  const hand = Uint8Array.from(p.hand);
  if (shanten(hand, nm, p.voidSuit) !== 0) return null;
  const valuer = new Valuer(p.rules);
  const mk = Uint8Array.from(p.meldKinds), ms = Uint8Array.from(p.meldSizes);
  const waits: { w: number; plain: number; lastSelf: number; lastDisc: number }[] = [];
  for (let t = 0; t < 27; t++) {
    if (((t / 9) | 0) === p.voidSuit || p.live[t] === 0) continue;
    hand[t]++;
    if (isWinningHand(hand, nm, p.voidSuit)) {
      const plain = valuer.evaluate(hand, mk, ms, nm, p.voidSuit, 0);
      const last = valuer.evaluate(hand, mk, ms, nm, p.voidSuit, EV_LAST_TILE);
      waits.push({ w: p.live[t], plain, lastSelf: last, lastDisc: p.rules.lastTileIncludesDiscard ? last : plain });
    }
    hand[t]--;
  }
  if (!waits.length) return { winRate: 0, selfDrawRate: 0, discardWinRate: 0, points: 0 };
  const U = p.live.reduce((a, b) => a + b, 0);
  const W = waits.reduce((a, x) => a + x.w, 0);
  const K = p.opponents, bonus = p.rules.selfDrawBonus;
  let none = 1, self = 0, disc = 0, points = 0;
  for (let j = 0; j < p.tilesLeft; j++) {
    const isLast = j === p.tilesLeft - 1;
    const ours = j % (K + 1) === 0;
    for (const x of waits) {
      const pr = (none * x.w) / (U - j);
      if (ours) { self += pr; points += pr * ((isLast ? x.lastSelf : x.plain) + bonus) * K; }
      else { disc += pr; points += pr * (isLast ? x.lastDisc : x.plain); }
    }
    none *= (U - W - j) / (U - j);
  }
  return { winRate: self + disc, selfDrawRate: self, discardWinRate: disc, points };
}

registerKernels(import.meta.url, [oddsKernel as Kernel<never, unknown>]);

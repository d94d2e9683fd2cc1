/**
 * What a seat can tell of the others from the table: each opponent's chance of being ready, the
 * chance that a given tile is one of its winning tiles, and what it would pay. Only public
 * information (discards per seat, sets, declared voids, each seat's draws) and the seat's own hand.
 *
 * The estimates are counts from simulated deals, kept per cell of a few public features (a
 * generated table, defense-model.data.ts; `fitDefenseCounts` (defense-fit.ts, beside it)
 * refits it and `mahjong defense` prints how well it is calibrated on other deals and opponents).
 * A tile that cannot complete any hand — in the opponent's void suit, or with no copy the opponent
 * could hold and no run it could complete — is safe exactly, not by the counts.
 * The rules model no furiten (a player may win on a tile it discarded earlier), so a tile the
 * opponent discarded itself (genbutsu) is only less likely, a feature of the counts.
 */
import type { TableView } from '../strategy.js';

/** Readiness cells: the opponent's draws (0..20, 20 = 20 or more) × its sets (0..3) × last discard in its void suit (or none yet). */
export const READY_DRAWS = 21;
export const READY_CELLS = READY_DRAWS * 4 * 2;
/** Wait cells: copies unseen by the observer (0..4) × run shapes it could complete (0..3) × discarded by the opponent × rank class (1/9, 2/8, 3–7). */
export const WAIT_CELLS = 5 * 4 * 2 * 3;
/** Cost cells: the opponent's sets (0..3) × all its sets in one suit (a flush sign). */
export const COST_CELLS = 4 * 2;
/** A tile that cannot complete the opponent's hand: no cell, danger 0. */
export const SAFE = -1;

/** The readiness cell of opponent `o` (public: its draws, sets, last discard, void). */
export function readyCell(t: TableView, o: number): number {
  const d = t.ownDraws[o] < READY_DRAWS - 1 ? t.ownDraws[o] : READY_DRAWS - 1;
  const m = t.nMelds[o] < 3 ? t.nMelds[o] : 3;
  const last = t.lastDiscard[o];
  const inVoid = last < 0 || (last < 9 ? 0 : last < 18 ? 1 : 2) === t.voids[o] ? 1 : 0;
  return (d * 4 + m) * 2 + inVoid;
}

/** Copies of `k` the observer cannot see: 4 − its hand − every visible tile. */
function unseen(t: TableView, me: number, k: number): number {
  const u = 4 - t.hands[me][k] - t.visible[k];
  return u > 0 ? u : 0;
}

/**
 * The wait cell of tile `k` for opponent `o` as seat `me` sees it, or SAFE when `o` cannot win on
 * it whatever it holds: `k` in o's void suit, or no copy of `k` left for o (so no pair, pung or
 * seven-pairs wait) and no run `k` completes with two tiles o could hold.
 */
export function waitCell(t: TableView, me: number, o: number, k: number): number {
  const suit = k < 9 ? 0 : k < 18 ? 1 : 2;
  if (suit === t.voids[o]) return SAFE;
  const u = unseen(t, me, k);
  const r = k - suit * 9;
  let runs = 0;
  if (r >= 2 && unseen(t, me, k - 2) > 0 && unseen(t, me, k - 1) > 0) runs++;
  if (r >= 1 && r <= 7 && unseen(t, me, k - 1) > 0 && unseen(t, me, k + 1) > 0) runs++;
  if (r <= 6 && unseen(t, me, k + 1) > 0 && unseen(t, me, k + 2) > 0) runs++;
  if (u === 0 && runs === 0) return SAFE;
  const own = t.seatDiscards[o * 27 + k] > 0 ? 1 : 0;
  const rank = r === 0 || r === 8 ? 0 : r === 1 || r === 7 ? 1 : 2;
  return ((u * 4 + runs) * 2 + own) * 3 + rank;
}

/** The cost cell of opponent `o`: its sets, and whether they all share one suit. */
export function costCell(t: TableView, o: number): number {
  const nm = t.nMelds[o];
  let oneSuit = nm > 0 ? 1 : 0;
  for (let j = 1; j < nm; j++) if (((t.meldKinds[o * 4 + j] / 9) | 0) !== ((t.meldKinds[o * 4] / 9) | 0)) oneSuit = 0;
  return (nm < 3 ? nm : 3) * 2 + oneSuit;
}

/** Simulated counts per cell: how often the event happened (`k`) of `n` chances; costs as sums. */
export interface DefenseCounts {
  /** what the counts come from: strategies, deals, seed */
  source: { strategies: string[]; deals: number; seed: number };
  readyN: number[];
  readyK: number[];
  /** chances: (ready opponent, tile, observer) triples; events: the tile completes the opponent's hand */
  waitN: number[];
  waitK: number[];
  /** wins on a discard that a ready opponent would make: number and points paid */
  costN: number[];
  costSum: number[];
}

/** How much a sparse cell leans on its coarser neighbour (pseudo-observations). */
const PRIOR = 4;

/**
 * Probabilities per cell from the counts, each shrunk towards a coarser cell so that a cell seen
 * rarely is not read as 0 or 1: readiness towards the same draws (any sets, any last discard),
 * a wait towards the same copies and run shapes, a cost towards the mean of all.
 */
export class DefenseModel {
  readonly ready = new Float64Array(READY_CELLS);
  readonly wait = new Float64Array(WAIT_CELLS);
  readonly cost = new Float64Array(COST_CELLS);

  constructor(readonly counts: DefenseCounts) {
    const { readyN, readyK, waitN, waitK, costN, costSum } = counts;
    for (let d = 0; d < READY_DRAWS; d++) {
      let n = 0, k = 0;
      for (let j = 0; j < 8; j++) { n += readyN[d * 8 + j]; k += readyK[d * 8 + j]; }
      const coarse = (k + 0.5) / (n + 1);
      for (let j = 0; j < 8; j++) this.ready[d * 8 + j] = (readyK[d * 8 + j] + PRIOR * coarse) / (readyN[d * 8 + j] + PRIOR);
    }
    for (let c = 0; c < 20; c++) {
      let n = 0, k = 0;
      for (let j = 0; j < 6; j++) { n += waitN[c * 6 + j]; k += waitK[c * 6 + j]; }
      const coarse = (k + 0.5) / (n + 1);
      for (let j = 0; j < 6; j++) this.wait[c * 6 + j] = (waitK[c * 6 + j] + PRIOR * coarse) / (waitN[c * 6 + j] + PRIOR);
    }
    let n = 0, s = 0;
    for (let c = 0; c < COST_CELLS; c++) { n += costN[c]; s += costSum[c]; }
    const mean = n ? s / n : 1;
    for (let c = 0; c < COST_CELLS; c++) this.cost[c] = (costSum[c] + PRIOR * mean) / (costN[c] + PRIOR);
  }

  /** Opponent `o`'s chance of being ready now. */
  pReady(t: TableView, o: number): number {
    return this.ready[readyCell(t, o)];
  }

  /** The chance that `k` completes opponent `o`'s hand, given that it is ready (0 when SAFE). */
  pWait(t: TableView, me: number, o: number, k: number): number {
    const c = waitCell(t, me, o, k);
    return c === SAFE ? 0 : this.wait[c];
  }

  /** Points `o` would win on a discard (expected, given it wins). */
  winCost(t: TableView, o: number): number {
    return this.cost[costCell(t, o)];
  }

  /**
   * For seat `me` about to discard: for every kind, the chance that some active opponent wins on
   * it (`dealIn`) and the points expected to be paid for it (`danger`). Allocation-free.
   */
  dangers(t: TableView, me: number, dealIn: Float64Array, danger: Float64Array): void {
    // cells looked up inline: a helper returning a fraction boxes a heap number per call when the
    // JIT does not inline it
    for (let k = 0; k < 27; k++) { dealIn[k] = 1; danger[k] = 0; }
    for (let o = 0; o < 4; o++) {
      if (o === me || t.won[o]) continue;
      const p = this.ready[readyCell(t, o)], cost = this.cost[costCell(t, o)];
      for (let k = 0; k < 27; k++) {
        const c = waitCell(t, me, o, k);
        if (c === SAFE) continue;
        const q = p * this.wait[c];
        dealIn[k] *= 1 - q;
        danger[k] += q * cost;
      }
    }
    for (let k = 0; k < 27; k++) dealIn[k] = 1 - dealIn[k];
  }
}

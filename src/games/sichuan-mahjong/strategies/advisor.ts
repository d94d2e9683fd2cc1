/**
 * advisor — discards by the discard advisor's expected points (src/games/sichuan-mahjong/exact-advisor.ts).
 *
 * Budget, so a deal stays fast: among the discards that keep the lowest shanten (tile efficiency's
 * candidates), the one with the most expected self-draw points under the advisor's solitaire model
 * (own draws uniform over the tiles this player cannot see, draws kept only when they lower the
 * shanten, best later discards for points), computed exactly — but only when that shanten is at
 * most ADVISOR_MAX_SHANTEN (2) and the player has draws left; otherwise, and when no candidate
 * has any expected points, it discards as `greedy` (tile efficiency). The draws left are the wall
 * shared by the players still in the deal, ⌊wall / active players⌋. Ties: the higher chance to
 * win, then greedy's order. Void, claims and kongs as `greedy`.
 *
 * Unlike the other strategies it allocates per decision (the advisor's memo of hands).
 */
import type { MahjongStrategy, TableView } from '../strategy.js';
import { Rng } from '../../../core/rng.js';
import { efficientDiscard, improvingCount, voidDiscard } from '../efficiency.js';
import { handText } from '../tiles.js';
import { Advisor } from '../exact-advisor.js';
import type { Position } from '../hand.js';
import { holdsVoid } from '../shanten.js';
import { IncrementalShanten } from '../suit-keys.js';
import { fewestTilesVoid, kongKeeps, pungImproves, weakestThree } from './greedy.js';

/** The largest shanten (after the discard) at which the advisor's exact expected points decide. */
export const ADVISOR_MAX_SHANTEN = 2;

const inc = new IncrementalShanten();
const shAfter = new Int8Array(27);

/** The seat's own draws left: the wall shared by the players still in the deal. */
function drawsLeft(t: TableView): number {
  let active = 0;
  for (let s = 0; s < 4; s++) if (!t.won[s]) active++;
  return Math.floor(t.wallLeft() / (active || 1));
}

/** The seat's position as the advisor takes it: live = 4 − own hand − everything visible (sets included). */
function positionOf(t: TableView, seat: number): Position {
  const hand = t.hands[seat], nm = t.nMelds[seat];
  const live = new Uint8Array(27), seen = new Uint8Array(27);
  let size = 0;
  for (let k = 0; k < 27; k++) { const l = 4 - hand[k] - t.visible[k]; live[k] = l > 0 ? l : 0; seen[k] = t.visible[k]; size += hand[k]; }
  return {
    counts: Uint8Array.from(hand), melds: [], meldKinds: t.meldKinds.slice(seat * 4, seat * 4 + nm), meldSizes: t.meldSizes.slice(seat * 4, seat * 4 + nm),
    voidSuit: t.voids[seat], voidInferred: false, seen, live, size, form: 'discard',
  };
}

/**
 * The advisor's discard, with what it weighed: `choice` (the kind), `greedy` (tile efficiency's
 * kind), and for each candidate kind its expected points and chance to win (NaN if not weighed).
 * `exact` is false when the budget sent the decision to tile efficiency.
 */
export interface AdvisorDecision { choice: number; greedy: number; exact: boolean; points: Float64Array; win: Float64Array; draws: number }

export function advisorDecision(t: TableView, seat: number): AdvisorDecision {
  const hand = t.hands[seat], v = t.voids[seat], nm = t.nMelds[seat];
  const greedy = efficientDiscard(hand, nm, v, t.visible);
  const points = new Float64Array(27).fill(NaN), win = new Float64Array(27).fill(NaN);
  const N = drawsLeft(t);
  const out: AdvisorDecision = { choice: greedy, greedy, exact: false, points, win, draws: N };
  if (holdsVoid(hand, v) || N < 1) return out;
  inc.set(hand);
  let best = 99;
  for (let k = 0; k < 27; k++) {
    if (!hand[k]) continue;
    inc.remove(k);
    shAfter[k] = inc.shanten(nm, v);
    inc.add(k);
    if (shAfter[k] < best) best = shAfter[k];
  }
  if (best > ADVISOR_MAX_SHANTEN || best < 0) return out;
  const adv = new Advisor(positionOf(t, seat), t.rules, 'points', N);
  const h = Uint8Array.from(hand);
  let pick = -1;
  for (let k = 0; k < 27; k++) {
    if (!hand[k] || shAfter[k] !== best) continue;
    h[k]--;
    const val = adv.evaluate(h, 0);
    h[k]++;
    points[k] = val.points[N];
    win[k] = val.win[N];
  }
  // greedy's choice first, so that ties keep it
  pick = greedy;
  for (let k = 0; k < 27; k++) {
    if (Number.isNaN(points[k]) || k === greedy) continue;
    const dp = points[k] - points[pick];
    if (dp > 1e-12 || (dp > -1e-12 && win[k] > win[pick] + 1e-12)) pick = k;
  }
  if (!(points[pick] > 0)) return out;
  out.choice = pick;
  out.exact = true;
  return out;
}

/**
 * The advisor's expected points (objective points, `draws` own draws) of discarding each kind, one
 * kind at a time: for discards advisorDecision does not weigh (e.g. one shanten above the lowest).
 */
export function advisorEvaluator(t: TableView, seat: number, draws: number): (kind: number) => number {
  const adv = new Advisor(positionOf(t, seat), t.rules, 'points', draws);
  const h = Uint8Array.from(t.hands[seat]);
  return (k: number) => {
    h[k]--;
    const val = adv.evaluate(h, 0);
    h[k]++;
    return val.points[draws];
  };
}

const DESCRIPTION = `discard with the most expected points by the advisor's exact solitaire model among the lowest-shanten discards when at most ${ADVISOR_MAX_SHANTEN} from ready, else as greedy; void, claims, kongs as greedy`;

export const advisor: MahjongStrategy = {
  name: 'advisor',
  description: DESCRIPTION,
  usage: `advisor — ${DESCRIPTION}`,
  chooseSwap: (t: TableView, seat: number, out: Uint8Array) => weakestThree(t.hands[seat], out),
  chooseVoid: (t: TableView, seat: number) => fewestTilesVoid(t.hands[seat], 0),
  chooseDiscard: (t: TableView, seat: number) => {
    const hand = t.hands[seat], v = t.voids[seat];
    if (holdsVoid(hand, v)) return voidDiscard(hand, v);
    return advisorDecision(t, seat).choice;
  },
  wantPung: (t: TableView, seat: number, tile: number) => pungImproves(t, seat, tile),
  wantKong: (t: TableView, seat: number, tile: number, kind: number) => kongKeeps(t, seat, tile, kind),
};

/** A position where the advisor and greedy tile efficiency choose different discards, with the advisor's numbers for both. */
export interface Disagreement {
  hand: string;
  void: number;
  draws: number;
  shanten: number;
  greedy: { kind: number; points: number; win: number; improving: number };
  advisor: { kind: number; points: number; win: number; improving: number };
}

/**
 * Random concealed 14-tile hands of two suits (the third is the void, already clear, nothing
 * declared, nothing seen) at most ADVISOR_MAX_SHANTEN from ready, with `draws` own draws left:
 * the first `count` where the advisor's discard differs from greedy's, and how many hands were
 * looked at. Deterministic in `seed`.
 */
export function findDisagreements(rules: TableView['rules'], count: number, seed: number, draws: number, maxHands = 20000): { examples: Disagreement[]; hands: number; agreed: number } {
  const rng = new Rng(seed);
  const hand = new Uint8Array(27), zero = new Uint8Array(27);
  const view: TableView = {
    hands: [hand, zero, zero, zero], meldKinds: new Uint8Array(16), meldSizes: new Uint8Array(16), nMelds: new Int8Array(4),
    voids: Int8Array.from([2, 0, 0, 0]), visible: new Uint8Array(27), won: new Uint8Array(4), seatDiscards: new Uint8Array(4 * 27), lastDiscard: new Int8Array(4).fill(-1), ownDraws: new Int32Array(4), wallLeft: () => draws * 4, rng, rules,
  };
  const wall = new Uint8Array(72);
  const examples: Disagreement[] = [];
  let hands = 0, agreed = 0;
  while (examples.length < count && hands < maxHands) {
    for (let i = 0; i < 72; i++) wall[i] = i >> 2;
    for (let i = 71; i > 0; i--) { const j = rng.below(i + 1); const x = wall[i]; wall[i] = wall[j]; wall[j] = x; }
    hand.fill(0);
    for (let i = 0; i < 14; i++) hand[wall[i]]++;
    const d = advisorDecision(view, 0);
    if (!d.exact) continue;
    hands++;
    if (d.choice === d.greedy) { agreed++; continue; }
    const side = (k: number) => {
      hand[k]--;
      inc.set(hand);
      const sh = inc.shanten(0, 2);
      const imp = improvingCount(hand, 0, 2, view.visible, sh);
      hand[k]++;
      return { kind: k, points: d.points[k], win: d.win[k], improving: imp };
    };
    hand[d.choice]--;
    const sh = shantenOf(hand);
    hand[d.choice]++;
    examples.push({ hand: handText(hand), void: 2, draws, shanten: sh, greedy: side(d.greedy), advisor: side(d.choice) });
  }
  return { examples, hands, agreed };
}

function shantenOf(hand: Uint8Array): number {
  inc.set(hand);
  return inc.shanten(0, 2);
}

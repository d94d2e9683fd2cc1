/**
 * defender — the advisor that also looks at the table before throwing a tile.
 *
 * For every tile it holds, the danger: Σ over active opponents of P(ready) · P(the tile completes
 * its hand | ready) · the points such a win pays, all estimated from public information and its
 * own hand (defense-model.ts). It starts from the advisor's discard and departs from it only when
 * (a) that discard leaves the hand at most `reach` from ready (default 0: it defends a ready hand,
 * by changing its wait), (b) another tile saves at least `quiet` points of danger, and (c) that
 * tile scores better on attack − risk · danger, where attack is:
 * - from 2 or fewer from ready: the advisor's expected points (its exact solitaire model) for the
 *   discards that keep the lowest shanten or sit one above it (still ≤ 2); 0 for a tile that
 *   breaks the hand further;
 * - farther than 2 from ready: `far` points scaled by the share of its draws left, for the
 *   lowest-shanten discards (times their live improving tiles relative to the best), else 0.
 * With `fold` 0 (default) only discards that keep the lowest shanten are candidates.
 * Why the defaults are this cautious (measured, docs/sichuan-mahjong.md): in bloody battle a
 * deal-in avoided is mostly a payment deferred — the ready player goes on and often self-draws,
 * and a hand broken to play safe pays the ready-hand check at the wall's end — and the solitaire
 * model ties discards that differ in shape, so departing from the advisor's order costs wins.
 * Void, claims and kongs as `greedy`.
 *
 * The danger estimate allocates nothing; the advisor's evaluation allocates its memo per decision.
 */
import type { ParamSchemas } from '../../../core/spec.js';
import type { MahjongStrategy, TableView } from '../strategy.js';
import { improvingCount, voidDiscard } from '../efficiency.js';
import { holdsVoid } from '../shanten.js';
import { IncrementalShanten } from '../suit-keys.js';
import { ADVISOR_MAX_SHANTEN, advisorDecision, advisorEvaluator } from './advisor.js';
import { DefenseModel } from './defense-model.js';
import { DEFENSE_COUNTS } from './defense-model.data.js';
import { fewestTilesVoid, kongKeeps, pungImproves, weakestThree } from './greedy.js';

export interface DefenderParams {
  /** weight of the danger (expected points paid on this discard) against attack's expected points */
  risk: number;
  /** the worth, in points, of a hand farther than ADVISOR_MAX_SHANTEN from ready with all its draws left */
  far: number;
  /** the least danger (points) a departure from the advisor's discard must save */
  quiet: number;
  /** 1: may break the hand (a discard raising the shanten) to play safe; 0: only discards keeping the lowest shanten */
  fold: number;
  /** defend only when the advisor's discard leaves the hand at most this far from ready */
  reach: number;
}

export const DEFENDER_PARAMS: ParamSchemas = {
  risk: { default: 1, min: 0, max: 100, help: 'weight of the expected points paid on a discard against attack\'s expected points' },
  far: { default: 1, min: 0, max: 100, help: 'worth in points of a hand 3 or more from ready with all its draws left' },
  quiet: { default: 0.05, min: 0, max: 100, help: 'the least danger (expected points paid) a departure from the advisor\'s discard must save' },
  fold: { default: 0, min: 0, max: 1, integer: true, help: '1: may raise the shanten to play safe; 0: only discards keeping the lowest shanten' },
  reach: { default: 0, min: 0, max: 8, integer: true, help: 'defend only when the advisor\'s discard leaves the hand at most this far from ready' },
};

/** The defense model of the shipped counts (four greedy players). */
export const DEFENSE_MODEL = new DefenseModel(DEFENSE_COUNTS);

/** What a defender decision weighed (for tests and the docs): per kind, attack, danger and deal-in chance. */
export interface DefenderDecision {
  choice: number;
  advisor: number;
  quiet: boolean;
  attack: Float64Array;
  danger: Float64Array;
  dealIn: Float64Array;
}

const inc = new IncrementalShanten();
const shAfter = new Int8Array(27);
const FULL_DRAWS = 13;

export function defenderDecision(t: TableView, seat: number, p: DefenderParams, model: DefenseModel = DEFENSE_MODEL): DefenderDecision {
  const hand = t.hands[seat], v = t.voids[seat], nm = t.nMelds[seat];
  const attack = new Float64Array(27), danger = new Float64Array(27), dealIn = new Float64Array(27);
  model.dangers(t, seat, dealIn, danger);
  const adv = advisorDecision(t, seat);
  const out: DefenderDecision = { choice: adv.choice, advisor: adv.choice, quiet: true, attack, danger, dealIn };
  if (danger[adv.choice] < p.quiet) return out;
  out.quiet = false;
  inc.set(hand);
  let best = 99;
  for (let k = 0; k < 27; k++) {
    attack[k] = NaN;
    if (!hand[k]) continue;
    inc.remove(k);
    shAfter[k] = inc.shanten(nm, v);
    inc.add(k);
    if (shAfter[k] < best) best = shAfter[k];
  }
  if (shAfter[adv.choice] > p.reach) { out.quiet = true; return out; }
  if (best >= 0 && best <= ADVISOR_MAX_SHANTEN && adv.draws >= 1) {
    const evaluate = advisorEvaluator(t, seat, adv.draws);
    for (let k = 0; k < 27; k++) {
      if (!hand[k]) continue;
      if (!Number.isNaN(adv.points[k])) attack[k] = adv.points[k];
      else if (shAfter[k] <= best + 1 && shAfter[k] <= ADVISOR_MAX_SHANTEN) attack[k] = evaluate(k);
      else attack[k] = 0;
    }
  } else {
    const worth = p.far * Math.min(1, adv.draws / FULL_DRAWS);
    let maxImp = 0;
    for (let k = 0; k < 27; k++) {
      attack[k] = 0;
      if (!hand[k] || shAfter[k] !== best) continue;
      hand[k]--;
      const imp = improvingCount(hand, nm, v, t.visible, best);
      hand[k]++;
      attack[k] = imp;
      if (imp > maxImp) maxImp = imp;
    }
    for (let k = 0; k < 27; k++) attack[k] = maxImp > 0 ? worth * attack[k] / maxImp : 0;
  }
  // the advisor's choice first, so that ties keep it
  let pick = adv.choice, pickScore = attack[pick] - p.risk * danger[pick];
  for (let k = 0; k < 27; k++) {
    if (!hand[k] || k === adv.choice || (!p.fold && shAfter[k] !== best)) continue;
    // the solitaire model ties many discards that differ in shape (it keeps no sideways draw):
    // depart from the advisor's order only for a material saving
    if (danger[adv.choice] - danger[k] < p.quiet) continue;
    const s = attack[k] - p.risk * danger[k];
    if (s > pickScore + 1e-12) { pick = k; pickScore = s; }
  }
  out.choice = pick;
  return out;
}

const DESCRIPTION = 'the advisor, but when some held tile is dangerous (opponents\' readiness and waits estimated from the table) it throws the tile with the best attack − risk · danger; void, claims, kongs as greedy';

/** The defender with the given parameters. */
export function makeDefender(p: DefenderParams, name = 'defender'): MahjongStrategy {
  return {
    name,
    description: DESCRIPTION,
    usage: `defender[:risk=R,far=F,quiet=Q] — ${DESCRIPTION}`,
    params: DEFENDER_PARAMS,
    chooseSwap: (t: TableView, seat: number, out: Uint8Array) => weakestThree(t.hands[seat], out),
    chooseVoid: (t: TableView, seat: number) => fewestTilesVoid(t.hands[seat], 0),
    chooseDiscard: (t: TableView, seat: number) => {
      const hand = t.hands[seat], v = t.voids[seat];
      if (holdsVoid(hand, v)) return voidDiscard(hand, v);
      return defenderDecision(t, seat, p).choice;
    },
    wantPung: (t: TableView, seat: number, tile: number) => pungImproves(t, seat, tile),
    wantKong: (t: TableView, seat: number, tile: number, kind: number) => kongKeeps(t, seat, tile, kind),
  };
}

export const defender = makeDefender({ risk: 1, far: 1, quiet: 0.05, fold: 0, reach: 0 });

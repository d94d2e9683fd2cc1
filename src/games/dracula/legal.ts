/**
 * Which turn actions are legal, from a player's view (the engine checks the same rules on its own
 * state). Shared by the engine and the strategies so that both read the rules the same way.
 */
import { FX_END, FX_REVEAL_OPP, FX_REVEAL_OWN, FX_SWAP_OPP, FX_SWAP_OWN, FX_TRUMP, EFFECT_CODE, type DraculaRules } from './rules.js';
import type { DraculaView } from './strategy.js';

/** Effect code of each card id (compiled once per rules). */
export function effectTable(rules: DraculaRules): Int8Array {
  const N = rules.suits * rules.values, t = new Int8Array(N);
  for (let c = 0; c < N; c++) t[c] = EFFECT_CODE[rules.effects[c % rules.values]];
  return t;
}

/** The card a keep choice discards. */
export const discardedBy = (view: DraculaView, drawn: number, keep: number): number => (keep === 0 ? drawn : view.hand[keep - 1]);

/**
 * May this keep choice be made? An endRound card may be discarded only once the pile is big enough,
 * unless every choice would discard one (then it is discarded without effect: see the engine).
 */
export function keepLegal(view: DraculaView, fx: Int8Array, drawn: number, keep: number): boolean {
  if (view.canEnd || fx[discardedBy(view, drawn, keep)] !== FX_END) return true;
  return allEnd(view, fx, drawn);
}

export function allEnd(view: DraculaView, fx: Int8Array, drawn: number): boolean {
  if (fx[drawn] !== FX_END) return false;
  for (let d = 0; d < view.hand.length; d++) if (fx[view.hand[d]] !== FX_END) return false;
  return true;
}

/**
 * The effect choices for a keep choice, written to `out`; returns how many. Reveal effects list
 * the districts not yet known to the one who learns (all districts when every card is known: the
 * effect then does nothing); an effect without a choice has the single argument 0.
 */
export function legalArgs(view: DraculaView, fx: Int8Array, drawn: number, keep: number, out: Int32Array): number {
  const D = view.hand.length, S = view.rankOf.length;
  const f = fx[discardedBy(view, drawn, keep)];
  let n = 0;
  switch (f) {
    case FX_REVEAL_OWN:
      for (let d = 0; d < D; d++) {
        // the drawn card put in district keep − 1 is unknown to the opponent unless it was the revealed top card
        const known = d === keep - 1 ? (drawn === view.top && view.rules.revealTopToBoth ? 1 : 0) : view.myKnown[d];
        if (!known) out[n++] = d;
      }
      break;
    case FX_REVEAL_OPP:
      for (let d = 0; d < D; d++) if (view.opp[d] < 0) out[n++] = d;
      break;
    case FX_SWAP_OWN:
      for (let a = 0; a < D; a++) for (let b = a + 1; b < D; b++) out[n++] = a * 8 + b;
      break;
    case FX_SWAP_OPP:
      for (let d = 0; d < D; d++) out[n++] = d;
      break;
    case FX_TRUMP:
      for (let s = 0; s < S; s++) if (view.rankOf[s] !== S - 1) out[n++] = s;
      break;
    default:
  }
  if (n === 0 && (f === FX_REVEAL_OWN || f === FX_REVEAL_OPP)) for (let d = 0; d < D; d++) out[n++] = d;
  if (n === 0) out[n++] = 0;
  return n;
}

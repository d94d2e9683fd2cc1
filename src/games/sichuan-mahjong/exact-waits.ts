import type { SichuanRules } from './rules.js';
import { parsePosition, type HandSpec, type Position } from './hand.js';
import { sevenPairsShanten, shanten, standardShanten, isWinningHand } from './shanten.js';
import { Valuer } from './value.js';
import { KINDS, SUIT_LETTERS, handText, kindName, meldText } from './tiles.js';

/** One winning tile of a ready hand. */
export interface Wait {
  tile: string;
  /** copies not in the hand, the sets or the seen tiles */
  live: number;
  fan: number;
  fanNames: string[];
  /** points the discarder pays */
  discardPoints: number;
  /** points each remaining opponent pays on a self-draw (base + bonus) */
  selfDrawPointsEach: number;
}

export interface DiscardOption {
  discard: string;
  shanten: number;
  /** live tiles that lower the shanten after this discard */
  improvingTiles: number;
  improving: string[];
  /** for a ready result: its waits' live copies and its ready-hand-check value */
  waitsLive?: number;
  readyValue?: number;
}

export interface WaitsResult {
  hand: string;
  melds: string[];
  void: string;
  voidInferred: boolean;
  tiles: number;
  form: 'waiting' | 'discard';
  shanten: number;
  shantenStandard: number;
  shantenSevenPairs: number | null;
  ready: boolean;
  /** waiting form: the winning tiles */
  waits?: Wait[];
  /** ready-hand-check value: best discard-win points over all waits (no self-draw or event fan) */
  readyValue?: number;
  /** waiting form, not ready: tiles that lower the shanten */
  improving?: { tile: string; live: number }[];
  improvingTiles?: number;
  /** discard form: the hand is already complete */
  complete?: boolean;
  completeValue?: { fan: number; fanNames: string[]; discardPoints: number; selfDrawPointsEach: number };
  /** discard form: every discard, best first */
  discards?: DiscardOption[];
}

function waitsOf(pos: Position, counts: Uint8Array, live: Uint8Array, valuer: Valuer, rules: SichuanRules): { waits: Wait[]; readyValue: number } {
  const waits: Wait[] = [];
  let readyValue = 0;
  const nm = pos.melds.length;
  for (let t = 0; t < KINDS; t++) {
    if (((t / 9) | 0) === pos.voidSuit) continue;
    let held = counts[t];
    for (let j = 0; j < nm; j++) if (pos.meldKinds[j] === t) held += pos.meldSizes[j];
    if (held >= 4) continue;
    counts[t]++;
    if (isWinningHand(counts, nm, pos.voidSuit)) {
      const pts = valuer.evaluate(counts, pos.meldKinds, pos.meldSizes, nm, pos.voidSuit, 0);
      waits.push({ tile: kindName(t), live: live[t], fan: valuer.fan, fanNames: valuer.fanList(), discardPoints: pts, selfDrawPointsEach: valuer.selfDrawPayment(pts) });
      if ((live[t] > 0 || rules.readyCheckCountsDeadWaits) && pts > readyValue) readyValue = pts;
    }
    counts[t]--;
  }
  return { waits, readyValue };
}

function improvingOf(pos: Position, counts: Uint8Array, live: Uint8Array, sh: number): { tile: string; live: number }[] {
  const out: { tile: string; live: number }[] = [];
  const nm = pos.melds.length;
  for (let t = 0; t < KINDS; t++) {
    if (((t / 9) | 0) === pos.voidSuit || live[t] === 0) continue;
    counts[t]++;
    // the best shanten after drawing t and discarding something
    let best = 99;
    for (let d = 0; d < KINDS; d++) {
      if (!counts[d]) continue;
      counts[d]--;
      const s = shanten(counts, nm, pos.voidSuit);
      counts[d]++;
      if (s < best) best = s;
    }
    counts[t]--;
    if (best < sh) out.push({ tile: kindName(t), live: live[t] });
  }
  return out;
}

/** Everything `mahjong waits` reports for one position. */
export function analyze(spec: HandSpec, rules: SichuanRules, valuer = new Valuer(rules)): WaitsResult {
  const pos = parsePosition(spec);
  const nm = pos.melds.length;
  const counts = Uint8Array.from(pos.counts);
  const sh = shanten(counts, nm, pos.voidSuit);
  const base: WaitsResult = {
    hand: handText(counts),
    melds: pos.melds.map(meldText),
    void: SUIT_LETTERS[pos.voidSuit],
    voidInferred: pos.voidInferred,
    tiles: pos.size,
    form: pos.form,
    shanten: sh,
    shantenStandard: standardShanten(counts, nm, pos.voidSuit),
    shantenSevenPairs: nm === 0 && rules.sevenPairsAllowed ? sevenPairsShanten(counts, pos.voidSuit) : null,
    ready: false,
  };
  if (!rules.sevenPairsAllowed && nm === 0) base.shanten = base.shantenStandard;
  if (pos.form === 'waiting') {
    const { waits, readyValue } = waitsOf(pos, counts, pos.live, valuer, rules);
    if (waits.length) return { ...base, ready: true, waits, readyValue };
    const improving = improvingOf(pos, counts, pos.live, base.shanten);
    return { ...base, improving, improvingTiles: improving.reduce((a, b) => a + b.live, 0) };
  }
  // discard form (14 − 3·sets tiles)
  const out: WaitsResult = { ...base };
  if (isWinningHand(counts, nm, pos.voidSuit)) {
    const pts = valuer.evaluate(counts, pos.meldKinds, pos.meldSizes, nm, pos.voidSuit, 0);
    out.complete = true;
    out.completeValue = { fan: valuer.fan, fanNames: valuer.fanList(), discardPoints: pts, selfDrawPointsEach: valuer.selfDrawPayment(pts) };
  }
  const hasVoid = counts.slice(pos.voidSuit * 9, pos.voidSuit * 9 + 9).some((c) => c > 0);
  const discards: DiscardOption[] = [];
  const live = Uint8Array.from(pos.live);
  for (let d = 0; d < KINDS; d++) {
    if (!counts[d]) continue;
    if (hasVoid && ((d / 9) | 0) !== pos.voidSuit) continue; // void-suit tiles must go first
    counts[d]--;
    // the discarded tile goes to the table: its live count (which already excluded it as a hand tile) stays
    const s = rules.sevenPairsAllowed || nm > 0 ? shanten(counts, nm, pos.voidSuit) : standardShanten(counts, nm, pos.voidSuit);
    const opt: DiscardOption = { discard: kindName(d), shanten: s, improvingTiles: 0, improving: [] };
    if (s === 0) {
      const { waits, readyValue } = waitsOf(pos, counts, live, valuer, rules);
      if (waits.length) {
        opt.waitsLive = waits.reduce((a, w) => a + w.live, 0);
        opt.readyValue = readyValue;
        opt.improving = waits.filter((w) => w.live > 0).map((w) => w.tile);
        opt.improvingTiles = opt.waitsLive;
      }
    } else {
      const imp = improvingOf(pos, counts, live, s);
      opt.improving = imp.map((i) => i.tile);
      opt.improvingTiles = imp.reduce((a, b) => a + b.live, 0);
    }
    counts[d]++;
    discards.push(opt);
  }
  discards.sort((a, b) => a.shanten - b.shanten || b.improvingTiles - a.improvingTiles || (b.readyValue ?? 0) - (a.readyValue ?? 0));
  out.discards = discards;
  return out;
}

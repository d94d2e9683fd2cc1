import type { SichuanRules } from './rules.js';
import { isSevenPairs, isStandardWin, voidClear } from './shanten.js';

/** Fan patterns, in the order of the rules page. */
export const FAN = {
  allPungs: 0, sevenPairs: 1, outsideHand: 2, all258Pungs: 3, fullFlush: 4,
  singleWaitFourSets: 5, root: 6, kongReplacement: 7, robbingKong: 8, lastTile: 9,
} as const;
export const FAN_COUNT = 10;
export const FAN_NAMES = ['all pungs', 'seven pairs', 'outside hand', 'all 2/5/8 pungs', 'full flush', 'single wait with four sets', 'root', 'kong replacement', 'robbing a kong', 'last tile'] as const;
export const FAN_IDS = ['allPungs', 'sevenPairs', 'outsideHand', 'all258Pungs', 'fullFlush', 'singleWaitFourSets', 'root', 'kongReplacement', 'robbingKong', 'lastTile'] as const;

/** Event bits of a win (they add fan but do not count in the ready-hand check). */
export const EV_KONG_REPLACEMENT = 1, EV_ROBBING_KONG = 2, EV_LAST_TILE = 4;

// reading flags packed under the fan value: value = fan·8 + flags
const RF_ALLP = 1, RF_258 = 2, RF_OUT = 4;

/**
 * Values winning hands without allocating: `evaluate` returns the points (0 if not a winning
 * hand) and leaves the fan total and the fan count of each pattern of the best reading in
 * `fan` / `counts`. A hand that can be read several ways scores its best reading.
 */
export class Valuer {
  readonly fanValue = new Int32Array(FAN_COUNT);
  readonly maxFan: number;
  readonly sevenPairsAllowed: boolean;
  readonly outsideIn7p: boolean;
  /** roots: only declared kongs count (rootCounts "kong-only"), not any kind held four times */
  readonly rootKongOnly: boolean;
  readonly selfDrawBonus: number;
  readonly bonusInCap: boolean;
  /** fan count per pattern of the last evaluation (root: number of roots) */
  readonly counts = new Int32Array(FAN_COUNT);
  fan = 0;
  points = 0;
  private readonly w = new Uint8Array(27);
  private meldsOutside = true;
  private melds258 = true;

  constructor(rules: SichuanRules) {
    for (let i = 0; i < FAN_COUNT; i++) this.fanValue[i] = rules.fan[FAN_IDS[i]];
    this.maxFan = rules.maxFan;
    this.sevenPairsAllowed = rules.sevenPairsAllowed;
    this.outsideIn7p = rules.outsideHandInSevenPairs;
    this.rootKongOnly = rules.rootCounts === 'kong-only';
    this.selfDrawBonus = rules.selfDrawBonus;
    this.bonusInCap = rules.selfDrawBonusInCap;
  }

  /** What each opponent pays on a self-draw worth `points`: the points plus the bonus, capped at 2^maxFan if the bonus sits inside the cap. */
  selfDrawPayment(points: number): number {
    const p = points + this.selfDrawBonus;
    if (!this.bonusInCap) return p;
    const cap = 1 << this.maxFan;
    return p < cap ? p : cap;
  }

  /** 2^min(fan, maxFan), as a small integer (a double here would be boxed on every return) */
  pointsForFan(fan: number): number {
    return 1 << (fan < this.maxFan ? fan : this.maxFan);
  }

  /** Best reading's shape value (fan·8 + flags) over standard decompositions of this.w, −1 if none. */
  private best(i: number, pairLeft: number, allP: boolean, out: boolean, is258: boolean): number {
    const w = this.w;
    while (i < 27 && w[i] === 0) i++;
    if (i === 27) {
      if (pairLeft) return -1;
      const fv = this.fanValue;
      const fan = (allP ? (is258 ? fv[FAN.all258Pungs] : fv[FAN.allPungs]) : 0) + (out ? fv[FAN.outsideHand] : 0);
      return fan * 8 + (allP ? RF_ALLP : 0) + (allP && is258 ? RF_258 : 0) + (out ? RF_OUT : 0);
    }
    const r = (i % 9) + 1;
    const end19 = r === 1 || r === 9;
    const is25 = r === 2 || r === 5 || r === 8;
    let best = -1;
    if (pairLeft && w[i] >= 2) {
      w[i] -= 2;
      const v = this.best(i, 0, allP, out && end19, is258 && is25);
      w[i] += 2;
      if (v > best) best = v;
    }
    if (w[i] >= 3) {
      w[i] -= 3;
      const v = this.best(i, pairLeft, allP, out && end19, is258 && is25);
      w[i] += 3;
      if (v > best) best = v;
    }
    if (r <= 7 && w[i + 1] > 0 && w[i + 2] > 0) {
      w[i]--; w[i + 1]--; w[i + 2]--;
      const v = this.best(i, pairLeft, false, out && (r === 1 || r === 7), false);
      w[i]++; w[i + 1]++; w[i + 2]++;
      if (v > best) best = v;
    }
    return best;
  }

  /**
   * Points of a complete hand: `hand` = concealed tiles including the winning tile; `meldKinds`
   * and `meldSizes` (3 pung, 4 kong) for `nMelds` declared sets from `meldOffset`; `events` = EV_* bits.
   */
  evaluate(hand: ArrayLike<number>, meldKinds: ArrayLike<number>, meldSizes: ArrayLike<number>, nMelds: number, voidSuit: number, events: number, meldOffset = 0): number {
    const mo0 = meldOffset;
    const counts = this.counts;
    counts.fill(0);
    this.fan = 0;
    this.points = 0;
    if (!voidClear(hand, voidSuit)) return 0;
    for (let j = 0; j < nMelds; j++) if (((meldKinds[mo0 + j] / 9) | 0) === voidSuit) return 0;
    let shape = -1;
    let seven = false;
    if (isStandardWin(hand)) {
      let mo = true, m258 = true;
      for (let j = 0; j < nMelds; j++) {
        const r = (meldKinds[mo0 + j] % 9) + 1;
        if (r !== 1 && r !== 9) mo = false;
        if (r !== 2 && r !== 5 && r !== 8) m258 = false;
      }
      this.meldsOutside = mo;
      this.melds258 = m258;
      const w = this.w;
      for (let k = 0; k < 27; k++) w[k] = hand[k];
      shape = this.best(0, 1, true, this.meldsOutside, this.melds258);
    }
    if (nMelds === 0 && this.sevenPairsAllowed && isSevenPairs(hand)) {
      let out = this.outsideIn7p;
      if (out) {
        for (let k = 0; k < 27; k++) {
          const r = (k % 9) + 1;
          if (hand[k] && r !== 1 && r !== 9) { out = false; break; }
        }
      }
      const fan = this.fanValue[FAN.sevenPairs] + (out ? this.fanValue[FAN.outsideHand] : 0);
      const v = fan * 8 + (out ? RF_OUT : 0);
      if (v > shape) { shape = v; seven = true; }
    }
    if (shape < 0) return 0;
    const fv = this.fanValue;
    let fan = shape >> 3;
    if (seven) counts[FAN.sevenPairs] = 1;
    if (shape & RF_258) counts[FAN.all258Pungs] = 1;
    else if (shape & RF_ALLP) counts[FAN.allPungs] = 1;
    if (shape & RF_OUT) counts[FAN.outsideHand] = 1;
    // full flush: every tile (hand and sets) of one suit
    let suits = 0;
    for (let k = 0; k < 27; k++) if (hand[k]) suits |= 1 << ((k / 9) | 0);
    for (let j = 0; j < nMelds; j++) suits |= 1 << ((meldKinds[mo0 + j] / 9) | 0);
    if (suits === 1 || suits === 2 || suits === 4) { counts[FAN.fullFlush] = 1; fan += fv[FAN.fullFlush]; }
    if (nMelds === 4) { counts[FAN.singleWaitFourSets] = 1; fan += fv[FAN.singleWaitFourSets]; }
    // roots: every kind of which all four tiles are held (hand and sets together), or only declared kongs
    let roots = 0;
    if (this.rootKongOnly) {
      for (let j = 0; j < nMelds; j++) if (meldSizes[mo0 + j] === 4) roots++;
    } else {
      for (let k = 0; k < 27; k++) {
        let n = hand[k];
        for (let j = 0; j < nMelds; j++) if (meldKinds[mo0 + j] === k) n += meldSizes[mo0 + j];
        if (n === 4) roots++;
      }
    }
    counts[FAN.root] = roots;
    fan += roots * fv[FAN.root];
    if (events & EV_KONG_REPLACEMENT) { counts[FAN.kongReplacement] = 1; fan += fv[FAN.kongReplacement]; }
    if (events & EV_ROBBING_KONG) { counts[FAN.robbingKong] = 1; fan += fv[FAN.robbingKong]; }
    if (events & EV_LAST_TILE) { counts[FAN.lastTile] = 1; fan += fv[FAN.lastTile]; }
    this.fan = fan;
    this.points = this.pointsForFan(fan);
    return this.points;
  }

  /** Names of the fan of the last evaluation, e.g. ["full flush", "root ×2"]. */
  fanList(): string[] {
    const out: string[] = [];
    for (let f = 0; f < FAN_COUNT; f++) {
      const c = this.counts[f];
      if (c > 0) out.push(c > 1 ? `${FAN_NAMES[f]} ×${c}` : FAN_NAMES[f]);
    }
    return out;
  }
}

import type { Rng } from '../../core/rng.js';
import type { SichuanRules } from './rules.js';
import { isWinningHand, shanten } from './shanten.js';
import { FAN_COUNT, Valuer, EV_KONG_REPLACEMENT, EV_LAST_TILE, EV_ROBBING_KONG } from './value.js';
import { KONG_ADDED, KONG_CONCEALED, KONG_EXPOSED, holdsVoid, type MahjongStrategy, type TableView } from './strategy.js';

/** Meld types in `meldTypes`. */
export const MELD_PUNG = 0, MELD_EXPOSED_KONG = 1, MELD_CONCEALED_KONG = 2, MELD_ADDED_KONG = 3;

/** Accumulator layout of one shard (all counts and sums; merged by addition). */
export const A = {
  deals: 0,
  exhausted: 1,
  winnersHist: 2, // 0..3 winners: 4 slots
  pigs: 6,
  zeroSumViolations: 7,
  conservationViolations: 8,
  draws: 9,
  kongs: 10, // exposed, added, concealed: 3 slots
  robbed: 13,
  multiWinDiscards: 14,
  wins: 15,
  selfDraws: 16,
  discardWins: 17,
  robWins: 18,
  fan: 19, // FAN_COUNT slots: wins with that fan
  pointsHist: 29, // 13 slots: wins paying 2^i
  readyAtEnd: 42,
  rootsTotal: 43,
  fanTotal: 44,
  winPointsSum: 45,
  seat: 48, // 4 seats × SEAT_FIELDS
  slot: 64, // 4 strategy slots × SLOT_FIELDS
  waitsHist: 128, // 10 slots: winning tile kinds (1..10+) when a player first becomes ready
  liveWaitsHist: 138, // 20 slots: live copies of those waits (0..19+), as the player sees them
  readyTurns: 158, // sum of the player's own draws before first ready, and count (2 slots)
  slotFan: 160, // 4 strategy slots × FAN_COUNT: wins with that fan
  size: 200,
} as const;
export const SEAT_FIELDS = 4; // sum, sumSq, wins, deals
export const SLOT_FIELDS = 16;
/** fields of a strategy slot */
export const S = {
  sum: 0, sumSq: 1, wins: 2, selfDraws: 3, discardWins: 4, order1: 5, order2: 6, order3: 7,
  pigs: 8, dealIns: 9, kongs: 10, readyAtEnd: 11, playerDeals: 12, winPoints: 13, exhaustedNotReady: 14,
} as const;

/**
 * One full deal of Sichuan bloody-battle mahjong, played in preallocated typed arrays.
 * Seat 0 is the dealer (14 tiles). The deal goes on after wins until `winnersToEnd` players
 * have won or the wall is empty; every payment of the rules page is applied to `score`.
 */
export class Deal implements TableView {
  readonly hands: Uint8Array[] = [new Uint8Array(27), new Uint8Array(27), new Uint8Array(27), new Uint8Array(27)];
  readonly meldKinds = new Uint8Array(16);
  readonly meldSizes = new Uint8Array(16);
  readonly meldTypes = new Uint8Array(16);
  readonly nMelds = new Int8Array(4);
  readonly voids = new Int8Array(4);
  readonly visible = new Uint8Array(27);
  readonly won = new Uint8Array(4);
  readonly wall = new Uint8Array(108);
  wallPos = 0;
  /** discarded tiles lying on the table, per kind */
  readonly discards = new Uint8Array(27);
  readonly score = new Int32Array(4);
  /** kong income: receiver·4 + payer */
  readonly kongIncome = new Int32Array(16);
  /** 1, 2, 3: order of winning; 0 not won */
  readonly winOrder = new Int8Array(4);
  nWinners = 0;
  exhausted = false;
  private readonly winners = new Int8Array(4);
  private readonly tmpHand = new Uint8Array(27);
  private readonly readyFlag = new Int8Array(4);
  private readonly readyVals = new Int32Array(4);
  private readonly everReady = new Uint8Array(4);
  private readonly ownDraws = new Int32Array(4);
  readonly valuer: Valuer;
  /** strategy of each seat for the current deal */
  readonly seatStrategy: MahjongStrategy[];
  /** strategy slot (index into the strategies list) of each seat */
  readonly slotOfSeat = new Int8Array(4);
  private acc: Float64Array = new Float64Array(A.size);

  constructor(readonly rules: SichuanRules, readonly strategies: readonly MahjongStrategy[], readonly rng: Rng) {
    this.valuer = new Valuer(rules);
    this.seatStrategy = [strategies[0], strategies[1], strategies[2], strategies[3]];
  }

  wallLeft(): number {
    return 108 - this.wallPos;
  }

  private nextActive(s: number): number {
    for (let i = 1; i <= 4; i++) {
      const o = (s + i) & 3;
      if (!this.won[o]) return o;
    }
    return s;
  }

  private canWinWith(seat: number, tile: number): boolean {
    if (((tile / 9) | 0) === this.voids[seat]) return false;
    const h = this.hands[seat];
    h[tile]++;
    const ok = isWinningHand(h, this.nMelds[seat], this.voids[seat]);
    h[tile]--;
    return ok;
  }

  /** Value the seat's current hand (already holding the winning tile) and record the win. */
  private recordWin(seat: number, events: number, type: number): number {
    const v = this.valuer;
    const pts = v.evaluate(this.hands[seat], this.meldKinds, this.meldSizes, this.nMelds[seat], this.voids[seat], events, seat * 4);
    const acc = this.acc;
    acc[A.wins]++;
    acc[type === 1 ? A.selfDraws : type === 2 ? A.discardWins : A.robWins]++;
    const sf = A.slotFan + this.slotOfSeat[seat] * FAN_COUNT;
    for (let f = 0; f < FAN_COUNT; f++) {
      if (v.counts[f] > 0) { acc[A.fan + f]++; acc[sf + f]++; }
    }
    acc[A.rootsTotal] += v.counts[6];
    acc[A.fanTotal] += v.fan;
    acc[A.winPointsSum] += pts;
    let lg = 0;
    while (1 << (lg + 1) <= pts) lg++;
    acc[A.pointsHist + (lg > 12 ? 12 : lg)]++;
    const so = A.slot + this.slotOfSeat[seat] * SLOT_FIELDS;
    acc[so + S.wins]++;
    acc[so + (type === 1 ? S.selfDraws : S.discardWins)]++;
    acc[so + S.winPoints] += pts;
    acc[A.seat + seat * SEAT_FIELDS + 2]++;
    return pts;
  }

  private markWon(seat: number): void {
    this.won[seat] = 1;
    this.nWinners++;
    this.winOrder[seat] = this.nWinners;
    const so = A.slot + this.slotOfSeat[seat] * SLOT_FIELDS;
    this.acc[so + S.order1 + this.nWinners - 1]++;
  }

  private pay(from: number, to: number, amount: number): void {
    this.score[from] -= amount;
    this.score[to] += amount;
  }

  private kongPay(from: number, to: number, amount: number): void {
    this.pay(from, to, amount);
    this.kongIncome[to * 4 + from] += amount;
  }

  private addMeld(seat: number, kind: number, size: number, type: number): void {
    const j = seat * 4 + this.nMelds[seat];
    this.meldKinds[j] = kind;
    this.meldSizes[j] = size;
    this.meldTypes[j] = type;
    this.nMelds[seat]++;
  }

  /** Best discard-win points over the tiles that complete the seat's hand (no self-draw or event fan); 0 if not ready. */
  readyValue(seat: number): number {
    const h = this.hands[seat];
    const v = this.voids[seat], nm = this.nMelds[seat];
    if (holdsVoid(h, v)) return 0;
    let best = 0;
    for (let t = 0; t < 27; t++) {
      if (((t / 9) | 0) === v) continue;
      let held = h[t];
      for (let j = 0; j < nm; j++) if (this.meldKinds[seat * 4 + j] === t) held += this.meldSizes[seat * 4 + j];
      if (held >= 4) continue;
      if (!this.rules.readyCheckCountsDeadWaits && 4 - held - this.visible[t] <= 0) continue;
      h[t]++;
      if (isWinningHand(h, nm, v)) {
        const p = this.valuer.evaluate(h, this.meldKinds, this.meldSizes, nm, v, 0, seat * 4);
        if (p > best) best = p;
      }
      h[t]--;
    }
    return best;
  }

  /** The first time a seat's hand is ready: how many kinds complete it, how many of them it cannot see. */
  private noteFirstReady(seat: number): void {
    const h = this.hands[seat];
    const v = this.voids[seat], nm = this.nMelds[seat];
    if (holdsVoid(h, v) || shanten(h, nm, v) !== 0) return;
    let kinds = 0, live = 0;
    for (let t = 0; t < 27; t++) {
      if (((t / 9) | 0) === v) continue;
      let held = h[t];
      for (let j = 0; j < nm; j++) if (this.meldKinds[seat * 4 + j] === t) held += this.meldSizes[seat * 4 + j];
      if (held >= 4) continue;
      h[t]++;
      if (isWinningHand(h, nm, v)) {
        kinds++;
        const u = 4 - held - this.visible[t];
        if (u > 0) live += u;
      }
      h[t]--;
    }
    if (kinds === 0) return;
    this.everReady[seat] = 1;
    const acc = this.acc;
    acc[A.waitsHist + (kinds > 10 ? 9 : kinds - 1)]++;
    acc[A.liveWaitsHist + (live > 19 ? 19 : live)]++;
    acc[A.readyTurns] += this.ownDraws[seat];
    acc[A.readyTurns + 1]++;
  }

  private reset(wallOrder?: ArrayLike<number>): void {
    for (let s = 0; s < 4; s++) this.hands[s].fill(0);
    this.meldKinds.fill(0); this.meldSizes.fill(0); this.meldTypes.fill(0); this.nMelds.fill(0);
    this.voids.fill(0); this.visible.fill(0); this.won.fill(0); this.discards.fill(0);
    this.score.fill(0); this.kongIncome.fill(0); this.winOrder.fill(0);
    this.nWinners = 0;
    this.exhausted = false;
    this.everReady.fill(0);
    this.ownDraws.fill(0);
    const w = this.wall, rng = this.rng;
    if (wallOrder) {
      for (let i = 0; i < 108; i++) w[i] = wallOrder[i];
    } else {
      for (let i = 0; i < 108; i++) w[i] = i >> 2;
      for (let i = 107; i > 0; i--) {
        const j = rng.below(i + 1);
        const t = w[i]; w[i] = w[j]; w[j] = t;
      }
    }
    this.wallPos = 0;
  }

  /**
   * Play one deal with the given seat → strategy-slot assignment; add its statistics to `acc`.
   * `wallOrder` (tests): the 108 tiles in dealing order — seats 0..3 get 13 each in turn, then
   * the dealer's 14th, then the wall is drawn from the front.
   */
  play(acc: Float64Array, rotation: number, wallOrder?: ArrayLike<number>): void {
    this.acc = acc;
    this.reset(wallOrder);
    const n = this.strategies.length;
    for (let s = 0; s < 4; s++) {
      const slot = (s + rotation) % n;
      this.slotOfSeat[s] = slot;
      this.seatStrategy[s] = this.strategies[slot];
    }
    for (let s = 0; s < 4; s++) for (let i = 0; i < 13; i++) this.hands[s][this.wall[this.wallPos++]]++;
    this.hands[0][this.wall[this.wallPos++]]++;
    for (let s = 0; s < 4; s++) this.voids[s] = this.seatStrategy[s].chooseVoid(this, s);

    const rules = this.rules;
    let cur = 0;
    let needDraw = false, replacement = false, afterPung = false;
    for (;;) {
      let events = 0;
      const hand = this.hands[cur];
      const strat = this.seatStrategy[cur];
      if (needDraw) {
        if (this.wallPos >= 108) { this.exhausted = true; break; }
        hand[this.wall[this.wallPos++]]++;
        acc[A.draws]++;
        this.ownDraws[cur]++;
        if (replacement) events |= EV_KONG_REPLACEMENT;
        if (this.wallPos === 108) events |= EV_LAST_TILE;
      }
      needDraw = false;
      if (!afterPung) {
        // self-draw win
        if (isWinningHand(hand, this.nMelds[cur], this.voids[cur])) {
          const pts = this.recordWin(cur, events, 1);
          for (let o = 0; o < 4; o++) if (o !== cur && !this.won[o]) this.pay(o, cur, pts + rules.selfDrawBonus);
          this.markWon(cur);
          if (this.nWinners >= rules.winnersToEnd) break;
          cur = this.nextActive(cur);
          needDraw = true; replacement = false;
          continue;
        }
        // kongs (a replacement tile must be left; not while holding void tiles)
        if (this.wallPos < 108 && !holdsVoid(hand, this.voids[cur])) {
          let done = false;
          for (let k = 0; k < 27 && !done; k++) {
            if (hand[k] === 4 && ((k / 9) | 0) !== this.voids[cur] && strat.wantKong(this, cur, k, KONG_CONCEALED)) {
              hand[k] -= 4;
              this.addMeld(cur, k, 4, MELD_CONCEALED_KONG);
              this.visible[k] += 4;
              for (let o = 0; o < 4; o++) if (o !== cur && !this.won[o]) this.kongPay(o, cur, rules.kongPayments.concealed);
              acc[A.kongs + 2]++;
              acc[A.slot + this.slotOfSeat[cur] * SLOT_FIELDS + S.kongs]++;
              done = true;
            }
          }
          if (done) { needDraw = true; replacement = true; continue; }
          let robbedBy = -1;
          for (let j = 0; j < this.nMelds[cur] && !done; j++) {
            const mi = cur * 4 + j;
            const k = this.meldKinds[mi];
            if (this.meldTypes[mi] !== MELD_PUNG || hand[k] === 0 || !strat.wantKong(this, cur, k, KONG_ADDED)) continue;
            done = true;
            // robbing the kong: every other active player who can win on the tile
            let nw = 0;
            for (let i = 1; i < 4; i++) {
              const o = (cur + i) & 3;
              if (!this.won[o] && this.canWinWith(o, k)) this.winners[nw++] = o;
            }
            if (nw > 0) {
              acc[A.robbed]++;
              for (let i = 0; i < nw; i++) {
                const o = this.winners[i];
                this.hands[o][k]++;
                const pts = this.recordWin(o, EV_ROBBING_KONG, 3);
                this.hands[o][k]--;
                this.pay(cur, o, pts);
                acc[A.slot + this.slotOfSeat[cur] * SLOT_FIELDS + S.dealIns]++;
              }
              for (let i = 0; i < nw; i++) this.markWon(this.winners[i]);
              hand[k]--;
              this.hands[this.winners[0]][k]++;
              robbedBy = this.winners[nw - 1];
            } else {
              hand[k]--;
              this.meldTypes[mi] = MELD_ADDED_KONG;
              this.meldSizes[mi] = 4;
              this.visible[k]++;
              for (let o = 0; o < 4; o++) if (o !== cur && !this.won[o]) this.kongPay(o, cur, rules.kongPayments.added);
              acc[A.kongs + 1]++;
              acc[A.slot + this.slotOfSeat[cur] * SLOT_FIELDS + S.kongs]++;
            }
          }
          if (done) {
            if (robbedBy >= 0) {
              if (this.nWinners >= rules.winnersToEnd) break;
              cur = this.nextActive(robbedBy);
              needDraw = true; replacement = false;
            } else {
              needDraw = true; replacement = true;
            }
            continue;
          }
        }
      }
      afterPung = false;
      replacement = false;
      // discard
      const d = strat.chooseDiscard(this, cur);
      if (d < 0 || d >= 27 || hand[d] === 0 || (holdsVoid(hand, this.voids[cur]) && ((d / 9) | 0) !== this.voids[cur])) {
        throw new Error(`strategy ${strat.name} made an illegal discard ${d}`);
      }
      hand[d]--;
      if (!this.everReady[cur]) this.noteFirstReady(cur);
      // wins on the discard, in seat order from the discarder
      let nw = 0;
      for (let i = 1; i < 4; i++) {
        const o = (cur + i) & 3;
        if (!this.won[o] && this.canWinWith(o, d)) this.winners[nw++] = o;
      }
      if (nw > 0) {
        const ev = this.wallPos === 108 && rules.lastTileIncludesDiscard ? EV_LAST_TILE : 0;
        if (nw > 1) acc[A.multiWinDiscards]++;
        for (let i = 0; i < nw; i++) {
          const o = this.winners[i];
          this.hands[o][d]++;
          const pts = this.recordWin(o, ev, 2);
          this.hands[o][d]--;
          this.pay(cur, o, pts);
          acc[A.slot + this.slotOfSeat[cur] * SLOT_FIELDS + S.dealIns]++;
        }
        for (let i = 0; i < nw; i++) this.markWon(this.winners[i]);
        this.hands[this.winners[0]][d]++;
        if (this.nWinners >= rules.winnersToEnd) break;
        cur = this.nextActive(this.winners[nw - 1]);
        needDraw = true;
        continue;
      }
      // pung / kong claims (at most one player can hold two or more of the tile)
      let claimed = false;
      for (let i = 1; i < 4 && !claimed; i++) {
        const o = (cur + i) & 3;
        if (this.won[o] || ((d / 9) | 0) === this.voids[o]) continue;
        const ho = this.hands[o];
        if (ho[d] < 2 || holdsVoid(ho, this.voids[o])) continue;
        const so = this.seatStrategy[o];
        if (ho[d] === 3 && this.wallPos < 108 && so.wantKong(this, o, d, KONG_EXPOSED)) {
          ho[d] -= 3;
          this.addMeld(o, d, 4, MELD_EXPOSED_KONG);
          this.visible[d] += 4;
          this.kongPay(cur, o, rules.kongPayments.exposed);
          acc[A.kongs]++;
          acc[A.slot + this.slotOfSeat[o] * SLOT_FIELDS + S.kongs]++;
          cur = o;
          needDraw = true; replacement = true;
          claimed = true;
        } else if (so.wantPung(this, o, d)) {
          ho[d] -= 2;
          this.addMeld(o, d, 3, MELD_PUNG);
          this.visible[d] += 3;
          cur = o;
          afterPung = true;
          claimed = true;
        }
      }
      if (claimed) continue;
      this.discards[d]++;
      this.visible[d]++;
      cur = this.nextActive(cur);
      needDraw = true;
    }
    if (this.exhausted) this.settleExhaustion();
    this.finish();
  }

  /** End of the wall: kong refunds, flower pigs, the ready-hand check. */
  settleExhaustion(): void {
    const rules = this.rules, acc = this.acc;
    const ready = this.readyFlag; // 1 ready, 2 flower pig, 0 not ready
    const value = this.readyVals;
    for (let s = 0; s < 4; s++) {
      ready[s] = 0;
      if (this.won[s]) continue;
      if (holdsVoid(this.hands[s], this.voids[s])) { ready[s] = 2; continue; }
      const v = this.readyValue(s);
      if (v > 0) { ready[s] = 1; value[s] = v; }
    }
    for (let s = 0; s < 4; s++) {
      if (this.won[s]) continue;
      const so = A.slot + this.slotOfSeat[s] * SLOT_FIELDS;
      if (ready[s] === 1) { acc[A.readyAtEnd]++; acc[so + S.readyAtEnd]++; continue; }
      acc[so + S.exhaustedNotReady]++;
      if (rules.kongRefundWhenNotReady) {
        for (let q = 0; q < 4; q++) {
          const amt = this.kongIncome[s * 4 + q];
          if (amt > 0) { this.pay(s, q, amt); this.kongIncome[s * 4 + q] = 0; }
        }
      }
    }
    for (let s = 0; s < 4; s++) {
      if (this.won[s] || ready[s] === 1) continue;
      const pig = ready[s] === 2;
      if (pig) {
        acc[A.pigs]++;
        acc[A.slot + this.slotOfSeat[s] * SLOT_FIELDS + S.pigs]++;
        for (let o = 0; o < 4; o++) {
          if (o === s) continue;
          if (!this.won[o] && ready[o] === 2) continue; // another pig
          if (this.won[o] && !rules.flowerPigPaysWinners) continue;
          this.pay(s, o, rules.flowerPigPenalty);
        }
      }
      if (rules.readyCheck && (!pig || rules.flowerPigPaysReadyCheck)) {
        for (let o = 0; o < 4; o++) if (o !== s && !this.won[o] && ready[o] === 1) this.pay(s, o, value[o]);
      }
    }
  }

  /** Per-deal statistics and the two invariants (zero sum, 108 tiles, 4 of each kind). */
  private finish(): void {
    const acc = this.acc;
    acc[A.deals]++;
    if (this.exhausted) acc[A.exhausted]++;
    acc[A.winnersHist + this.nWinners]++;
    let sum = 0;
    for (let s = 0; s < 4; s++) {
      const x = this.score[s];
      sum += x;
      const so = A.slot + this.slotOfSeat[s] * SLOT_FIELDS;
      acc[so + S.sum] += x;
      acc[so + S.sumSq] += x * x;
      acc[so + S.playerDeals]++;
      const se = A.seat + s * SEAT_FIELDS;
      acc[se] += x;
      acc[se + 1] += x * x;
      acc[se + 3]++;
    }
    if (sum !== 0) acc[A.zeroSumViolations]++;
    if (!this.tilesConserved()) acc[A.conservationViolations]++;
  }

  /** Every kind has exactly four tiles across wall, hands, sets and the discards on the table. */
  tilesConserved(): boolean {
    const c = this.tmpHand;
    c.fill(0);
    for (let i = this.wallPos; i < 108; i++) c[this.wall[i]]++;
    for (let s = 0; s < 4; s++) {
      const h = this.hands[s];
      for (let k = 0; k < 27; k++) c[k] += h[k];
      for (let j = 0; j < this.nMelds[s]; j++) c[this.meldKinds[s * 4 + j]] += this.meldSizes[s * 4 + j];
    }
    for (let k = 0; k < 27; k++) if (c[k] + this.discards[k] !== 4) return false;
    return true;
  }
}

import type { Rng } from '../../core/rng.js';
import { defineLayout } from '../../core/accumulator.js';
import type { SichuanRules } from './rules.js';
import { holdsVoid, isWinningHand, shanten } from './shanten.js';
import { FAN, FAN_COUNT, Valuer, EV_KONG_REPLACEMENT, EV_LAST_TILE, EV_ROBBING_KONG } from './value.js';
import { KONG_ADDED, KONG_CONCEALED, KONG_EXPOSED, WIN_DISCARD, WIN_ROBBING_KONG, WIN_SELF_DRAW, type MahjongStrategy, type TableView } from './strategy.js';

/** Meld types in `meldTypes`. */
export const MELD_PUNG = 0, MELD_EXPOSED_KONG = 1, MELD_CONCEALED_KONG = 2, MELD_ADDED_KONG = 3;

/** How a player won: on its own draw, on another player's discard, or by robbing an added kong (defined with the strategy contract, which asks about them). */
export { WIN_SELF_DRAW, WIN_DISCARD, WIN_ROBBING_KONG };
type WinKind = typeof WIN_SELF_DRAW | typeof WIN_DISCARD | typeof WIN_ROBBING_KONG;

/**
 * How the seat to act begins its turn. The dealer's first turn starts with 14 dealt tiles; a
 * player who claimed a pung discards at once (no self-draw win, no kong); the others draw, from
 * the wall or — after a kong — a replacement tile (which adds the kong-replacement fan).
 */
const TURN_DEALT = 0, TURN_DRAW = 1, TURN_REPLACEMENT = 2, TURN_AFTER_PUNG = 3, DEAL_OVER = 4;
type TurnStart = typeof TURN_DEALT | typeof TURN_DRAW | typeof TURN_REPLACEMENT | typeof TURN_AFTER_PUNG | typeof DEAL_OVER;
/** a step that did not happen (no kong made, no claim): the turn goes on */
const NOT_TAKEN = -1;

/** A non-winner's hand at the end of the wall. */
const NOT_READY = 0, READY = 1, FLOWER_PIG = 2;

const WALL = 108;

/** One seat's statistics: net points (sum, sum of squares), wins, deals played. */
export const SEAT = defineLayout({ sum: 1, sumSq: 1, wins: 1, deals: 1 });
/** One strategy slot's statistics (rates per player-deal); `winOrder`: finished 1st, 2nd, 3rd. */
export const SLOT = defineLayout({
  sum: 1, sumSq: 1, wins: 1, selfDraws: 1, discardWins: 1, winOrder: 3,
  pigs: 1, dealIns: 1, kongs: 1, readyAtEnd: 1, playerDeals: 1, winPoints: 1, exhaustedNotReady: 1,
  /** wins the strategy could have declared and did not */
  declined: 1,
});
/** Accumulator of one shard (all counts and sums; merged by addition). */
export const DEAL = defineLayout({
  deals: 1,
  exhausted: 1,
  /** deals with 0..3 winners */
  winnersHist: 4,
  pigs: 1,
  zeroSumViolations: 1,
  conservationViolations: 1,
  draws: 1,
  kongsExposed: 1,
  kongsAdded: 1,
  kongsConcealed: 1,
  robbed: 1,
  multiWinDiscards: 1,
  wins: 1,
  selfDraws: 1,
  discardWins: 1,
  robWins: 1,
  /** wins carrying each fan */
  fan: FAN_COUNT,
  /** wins paying 2^i points, i = 0..12 */
  pointsHist: 13,
  readyAtEnd: 1,
  rootsTotal: 1,
  fanTotal: 1,
  winPointsSum: 1,
  /** 4 seats × SEAT */
  seats: 4 * SEAT.length,
  /** 4 strategy slots × SLOT */
  slots: 4 * SLOT.length,
  /** winning tile kinds (1..10+) when a player first becomes ready */
  waitsHist: 10,
  /** live copies of those waits (0..19+), as the player sees them */
  liveWaitsHist: 20,
  /** the player's own draws before first ready: their sum, and the number of ready hands */
  readyDrawsSum: 1,
  readyHands: 1,
  /** 4 strategy slots × FAN_COUNT: wins with that fan */
  slotFan: 4 * FAN_COUNT,
});
const A = DEAL.offset, SO = SLOT.offset, SE = SEAT.offset;

/**
 * One full deal of Sichuan bloody-battle mahjong, played in preallocated typed arrays.
 * Seat 0 is the dealer (14 tiles). The deal goes on after wins until `winnersToEnd` players
 * have won or the wall is empty; every payment of the rules page is applied to `score`.
 * Built once per thread and strategy mix; `rng` is set per run (the kernel reseeds it), and
 * `play` resets everything else at the start of each deal.
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
  readonly wall = new Uint8Array(WALL);
  wallPos = 0;
  /** discarded tiles lying on the table, per kind */
  readonly discards = new Uint8Array(27);
  /** every tile each seat has discarded, seat·27 + kind (the table's public record) */
  readonly seatDiscards = new Uint8Array(4 * 27);
  readonly lastDiscard = new Int8Array(4);
  readonly score = new Int32Array(4);
  /** kong income: receiver·4 + payer */
  readonly kongIncome = new Int32Array(16);
  /** 1, 2, 3: order of winning; 0 not won */
  readonly winOrder = new Int8Array(4);
  nWinners = 0;
  exhausted = false;
  /** the seat to act */
  protected cur = 0;
  protected readonly winners = new Int8Array(4);
  private readonly tmpHand = new Uint8Array(27);
  protected readonly swapPass = new Uint8Array(12);
  private readonly swapOut = new Uint8Array(3);
  /** the seats the last swap moved tiles on (1, 2 or 3; 0 before any swap) */
  lastSwapShift = 0;
  private readonly readyFlag = new Int8Array(4);
  private readonly readyVals = new Int32Array(4);
  protected readonly everReady = new Uint8Array(4);
  readonly ownDraws = new Int32Array(4);
  /** the seat declined a discard or robbing win and has not drawn since (declinedWinWaitsForDraw) */
  protected readonly passedWin = new Uint8Array(4);
  readonly valuer: Valuer;
  /** strategy of each seat for the current deal */
  readonly seatStrategy: MahjongStrategy[];
  /** strategy slot (index into the strategies list) of each seat */
  readonly slotOfSeat = new Int8Array(4);
  protected acc: Float64Array = new Float64Array(DEAL.length);

  constructor(readonly rules: SichuanRules, readonly strategies: readonly MahjongStrategy[], public rng: Rng) {
    this.valuer = new Valuer(rules);
    this.seatStrategy = [strategies[0], strategies[1], strategies[2], strategies[3]];
  }

  wallLeft(): number {
    return WALL - this.wallPos;
  }

  /**
   * Play one deal with the given seat → strategy-slot assignment; add its statistics to `acc`.
   * `wallOrder` (tests): the 108 tiles in dealing order — seats 0..3 get 13 each in turn, then
   * the dealer's 14th, then the wall is drawn from the front.
   */
  play(acc: Float64Array, rotation: number, wallOrder?: ArrayLike<number>): void {
    this.acc = acc;
    this.reset(wallOrder);
    this.seatStrategies(rotation);
    this.dealHands();
    if (this.rules.swapThree.enabled) this.swapThree();
    for (let s = 0; s < 4; s++) this.voids[s] = this.seatStrategy[s].chooseVoid(this, s);
    this.cur = 0;
    let start: TurnStart = TURN_DEALT;
    while (start !== DEAL_OVER) start = this.turn(start);
    if (this.exhausted) this.settleExhaustion();
    this.finish();
  }

  // ---- the steps of a deal -------------------------------------------------------------------

  private seatStrategies(rotation: number): void {
    const n = this.strategies.length;
    for (let s = 0; s < 4; s++) {
      const slot = (s + rotation) % n;
      this.slotOfSeat[s] = slot;
      this.seatStrategy[s] = this.strategies[slot];
    }
  }

  /**
   * The deal up to the swap (for the starting-hand sampler): a fresh wall, seats, 13 tiles each
   * and the dealer's 14th. `swapThree()` may follow; `play` does both itself.
   */
  startHands(acc: Float64Array, rotation: number): void {
    this.acc = acc;
    this.reset();
    this.seatStrategies(rotation);
    this.dealHands();
  }

  /** 13 tiles to each seat in turn, then the dealer's 14th. */
  protected dealHands(): void {
    for (let s = 0; s < 4; s++) for (let i = 0; i < 13; i++) this.hands[s][this.wall[this.wallPos++]]++;
    this.hands[0][this.wall[this.wallPos++]]++;
  }

  /**
   * Swap three: every seat chooses three tiles of one suit (all choose before any tile moves),
   * then they go clockwise (seat s → s + 1, the turn order), counter-clockwise (s → s − 1) or
   * across (s → s + 2); with direction "dice", two dice decide: total mod 3 = 1 clockwise,
   * 2 counter-clockwise, 0 across (12 of the 36 outcomes each).
   */
  swapThree(): void {
    const pass = this.swapPass, out = this.swapOut;
    for (let s = 0; s < 4; s++) {
      this.seatStrategy[s].chooseSwap(this, s, out);
      const hand = this.hands[s];
      const suit = (out[0] / 9) | 0;
      for (let i = 0; i < 3; i++) {
        const k = out[i];
        if (k >= 27 || ((k / 9) | 0) !== suit || hand[k] === 0) throw new Error(`strategy ${this.seatStrategy[s].name} passed an illegal swap ${out[0]},${out[1]},${out[2]}`);
        hand[k]--;
        pass[s * 3 + i] = k;
      }
    }
    const shift = this.swapShift();
    this.lastSwapShift = shift;
    for (let s = 0; s < 4; s++) {
      const to = this.hands[(s + shift) & 3];
      for (let i = 0; i < 3; i++) to[pass[s * 3 + i]]++;
    }
  }

  /** Seats to move the passed tiles on: 1 clockwise, 3 counter-clockwise, 2 across. */
  protected swapShift(): number {
    const d = this.rules.swapThree.direction;
    if (d === 'clockwise') return 1;
    if (d === 'counter-clockwise') return 3;
    if (d === 'across') return 2;
    const total = this.rng.below(6) + this.rng.below(6) + 2;
    const m = total % 3;
    return m === 1 ? 1 : m === 2 ? 3 : 2;
  }

  /** One turn of the seat to act: draw, self-draw win, kong, discard (and what follows it). */
  private turn(start: TurnStart): TurnStart {
    const seat = this.cur;
    if (start === TURN_AFTER_PUNG) return this.discard(seat);
    let events = 0;
    if (start !== TURN_DEALT) {
      if (this.wallPos >= WALL) { this.exhausted = true; return DEAL_OVER; }
      events = this.draw(seat, start === TURN_REPLACEMENT);
    }
    if (isWinningHand(this.hands[seat], this.nMelds[seat], this.voids[seat]) && this.declares(seat, -1, WIN_SELF_DRAW, events)) return this.selfDrawWin(seat, events);
    // a kong needs a replacement tile left, and is not allowed while holding void tiles
    if (this.wallPos < WALL && !holdsVoid(this.hands[seat], this.voids[seat])) {
      const next = this.concealedKong(seat);
      if (next !== NOT_TAKEN) return next;
      const added = this.addedKong(seat);
      if (added !== NOT_TAKEN) return added;
    }
    return this.discard(seat);
  }

  /** Draw the next wall tile; returns the event bits it carries (kong replacement, last tile). */
  protected draw(seat: number, replacement: boolean): number {
    this.hands[seat][this.wall[this.wallPos++]]++;
    this.acc[A.draws]++;
    this.ownDraws[seat]++;
    this.passedWin[seat] = 0;
    let events = 0;
    if (replacement) events |= EV_KONG_REPLACEMENT;
    if (this.wallPos === WALL) events |= EV_LAST_TILE;
    return events;
  }

  /** The seat's own tile completes its hand: every active opponent pays points + the self-draw bonus. */
  private selfDrawWin(seat: number, events: number): TurnStart {
    const pts = this.recordWin(seat, events, WIN_SELF_DRAW);
    const each = this.valuer.selfDrawPayment(pts);
    for (let o = 0; o < 4; o++) if (o !== seat && !this.won[o]) this.pay(o, seat, each);
    this.markWon(seat);
    return this.afterWin(seat);
  }

  /** The first kind held four times that the strategy wants to kong; every active opponent pays. */
  private concealedKong(seat: number): TurnStart | typeof NOT_TAKEN {
    const hand = this.hands[seat], strat = this.seatStrategy[seat];
    for (let k = 0; k < 27; k++) {
      if (hand[k] === 4 && ((k / 9) | 0) !== this.voids[seat] && strat.wantKong(this, seat, k, KONG_CONCEALED)) {
        hand[k] -= 4;
        this.addMeld(seat, k, 4, MELD_CONCEALED_KONG);
        this.visible[k] += 4;
        for (let o = 0; o < 4; o++) if (o !== seat && !this.won[o]) this.kongPay(o, seat, this.rules.kongPayments.concealed);
        this.acc[A.kongsConcealed]++;
        this.acc[this.slotBase(seat) + SO.kongs]++;
        return TURN_REPLACEMENT;
      }
    }
    return NOT_TAKEN;
  }

  /**
   * The first pung the seat holds the fourth tile of and wants to extend. Any active player who
   * can win on that tile robs the kong (the kong is not made); otherwise every active opponent pays.
   */
  private addedKong(seat: number): TurnStart | typeof NOT_TAKEN {
    const hand = this.hands[seat], strat = this.seatStrategy[seat];
    for (let j = 0; j < this.nMelds[seat]; j++) {
      const mi = seat * 4 + j;
      const k = this.meldKinds[mi];
      if (this.meldTypes[mi] !== MELD_PUNG || hand[k] === 0 || !strat.wantKong(this, seat, k, KONG_ADDED)) continue;
      const nw = this.winOnTile(seat, k, WIN_ROBBING_KONG, EV_ROBBING_KONG);
      hand[k]--;
      if (nw > 0) {
        this.acc[A.robbed]++;
        return this.afterWin(this.winners[nw - 1]);
      }
      this.meldTypes[mi] = MELD_ADDED_KONG;
      this.meldSizes[mi] = 4;
      this.visible[k]++;
      for (let o = 0; o < 4; o++) if (o !== seat && !this.won[o]) this.kongPay(o, seat, this.rules.kongPayments.added);
      this.acc[A.kongsAdded]++;
      this.acc[this.slotBase(seat) + SO.kongs]++;
      return TURN_REPLACEMENT;
    }
    return NOT_TAKEN;
  }

  /** The strategy's discard; then wins on it, then a claim, else it stays on the table. */
  private discard(seat: number): TurnStart {
    const hand = this.hands[seat], strat = this.seatStrategy[seat];
    const d = strat.chooseDiscard(this, seat);
    if (d < 0 || d >= 27 || hand[d] === 0 || (holdsVoid(hand, this.voids[seat]) && ((d / 9) | 0) !== this.voids[seat])) {
      throw new Error(`strategy ${strat.name} made an illegal discard ${d}`);
    }
    hand[d]--;
    this.noteDiscard(seat, d);
    if (!this.everReady[seat]) this.noteFirstReady(seat);
    const events = this.wallPos === WALL && this.rules.lastTileIncludesDiscard ? EV_LAST_TILE : 0;
    const nw = this.winOnTile(seat, d, WIN_DISCARD, events);
    if (nw > 0) {
      if (nw > 1) this.acc[A.multiWinDiscards]++;
      return this.afterWin(this.winners[nw - 1]);
    }
    const claimed = this.claim(seat, d);
    if (claimed !== NOT_TAKEN) return claimed;
    this.discards[d]++;
    this.visible[d]++;
    this.cur = this.nextActive(seat);
    return TURN_DRAW;
  }

  /**
   * A pung or exposed-kong claim of the discard `d`, in seat order from the discarder (at most
   * one player can hold two or more of the tile). An exposed kong is paid by the discarder.
   */
  private claim(from: number, d: number): TurnStart | typeof NOT_TAKEN {
    for (let i = 1; i < 4; i++) {
      const o = (from + i) & 3;
      if (this.won[o] || ((d / 9) | 0) === this.voids[o]) continue;
      const ho = this.hands[o];
      if (ho[d] < 2 || holdsVoid(ho, this.voids[o])) continue;
      const so = this.seatStrategy[o];
      if (ho[d] === 3 && this.wallPos < WALL && so.wantKong(this, o, d, KONG_EXPOSED)) {
        this.takeExposedKong(o, from, d);
        return TURN_REPLACEMENT;
      }
      if (so.wantPung(this, o, d)) {
        this.takePung(o, d);
        return TURN_AFTER_PUNG;
      }
    }
    return NOT_TAKEN;
  }

  /** Seat `o` makes an exposed kong of `from`'s discard `d`; `from` pays for it. Then `o` draws a replacement. */
  protected takeExposedKong(o: number, from: number, d: number): void {
    this.hands[o][d] -= 3;
    this.addMeld(o, d, 4, MELD_EXPOSED_KONG);
    this.visible[d] += 4;
    this.kongPay(from, o, this.rules.kongPayments.exposed);
    this.acc[A.kongsExposed]++;
    this.acc[this.slotBase(o) + SO.kongs]++;
    this.cur = o;
  }

  /** Seat `o` pungs the discard `d`; then `o` discards. */
  protected takePung(o: number, d: number): void {
    this.hands[o][d] -= 2;
    this.addMeld(o, d, 3, MELD_PUNG);
    this.visible[d] += 3;
    this.cur = o;
  }

  /**
   * Every active player who can win on `tile` given up by `from` (a discard, or the tile of an
   * added kong) wins, in seat order from `from`; `from` pays each. The tile goes to the first
   * winner. Returns the number of winners (they are in `winners`).
   */
  private winOnTile(from: number, tile: number, kind: WinKind, events: number): number {
    let nw = 0;
    for (let i = 1; i < 4; i++) {
      const o = (from + i) & 3;
      if (!this.won[o] && !(this.passedWin[o] && this.rules.declinedWinWaitsForDraw) && this.canWinWith(o, tile) && this.declares(o, tile, kind, events)) this.winners[nw++] = o;
    }
    if (nw === 0) return 0;
    this.payWinners(from, tile, kind, events, nw);
    return nw;
  }

  /** `from` pays each of the `nw` (≥ 1) winners in `winners` for `tile`; the tile goes to the first. */
  protected payWinners(from: number, tile: number, kind: WinKind, events: number, nw: number): void {
    for (let i = 0; i < nw; i++) {
      const o = this.winners[i];
      this.hands[o][tile]++;
      const pts = this.recordWin(o, events, kind);
      this.hands[o][tile]--;
      if (kind === WIN_ROBBING_KONG && this.rules.robbedKongPays === 'kong-maker-for-all') {
        // the kong maker pays what every active opponent of the winner would pay on a self-draw
        const each = this.valuer.selfDrawPayment(pts);
        for (let q = 0; q < 4; q++) if (q !== o && !this.won[q]) this.pay(from, o, each);
      } else this.pay(from, o, pts);
      this.acc[this.slotBase(from) + SO.dealIns]++;
    }
    for (let i = 0; i < nw; i++) this.markWon(this.winners[i]);
    this.hands[this.winners[0]][tile]++;
  }

  /** After a win: the deal ends once enough players have won; else the next active seat after `last` draws. */
  private afterWin(last: number): TurnStart {
    if (this.nWinners >= this.rules.winnersToEnd) return DEAL_OVER;
    this.cur = this.nextActive(last);
    return TURN_DRAW;
  }

  // ---- helpers --------------------------------------------------------------------------------

  protected slotBase(seat: number): number {
    return A.slots + this.slotOfSeat[seat] * SLOT.length;
  }

  protected nextActive(s: number): number {
    for (let i = 1; i <= 4; i++) {
      const o = (s + i) & 3;
      if (!this.won[o]) return o;
    }
    return s;
  }

  /**
   * The seat's strategy declares this win (kind, events as the win would carry them)? Strategies
   * without `declareWin` always do, and their hand is not valued here. A declined discard or
   * robbing win marks the seat until its next draw.
   */
  private declares(seat: number, tile: number, kind: number, events: number): boolean {
    const strat = this.seatStrategy[seat];
    if (strat.declareWin === undefined) return true;
    const h = this.hands[seat];
    if (tile >= 0) h[tile]++;
    this.valuer.evaluate(h, this.meldKinds, this.meldSizes, this.nMelds[seat], this.voids[seat], events, seat * 4);
    if (tile >= 0) h[tile]--;
    if (strat.declareWin(this, seat, tile, kind, this.valuer.fan)) return true;
    if (kind !== WIN_SELF_DRAW) this.passedWin[seat] = 1;
    this.acc[this.slotBase(seat) + SO.declined]++;
    return false;
  }

  protected canWinWith(seat: number, tile: number): boolean {
    if (((tile / 9) | 0) === this.voids[seat]) return false;
    const h = this.hands[seat];
    h[tile]++;
    const ok = isWinningHand(h, this.nMelds[seat], this.voids[seat]);
    h[tile]--;
    return ok;
  }

  /** Value the seat's current hand (already holding the winning tile) and record the win. */
  protected recordWin(seat: number, events: number, kind: WinKind): number {
    const v = this.valuer;
    const pts = v.evaluate(this.hands[seat], this.meldKinds, this.meldSizes, this.nMelds[seat], this.voids[seat], events, seat * 4);
    const acc = this.acc;
    acc[A.wins]++;
    acc[kind === WIN_SELF_DRAW ? A.selfDraws : kind === WIN_DISCARD ? A.discardWins : A.robWins]++;
    const sf = A.slotFan + this.slotOfSeat[seat] * FAN_COUNT;
    for (let f = 0; f < FAN_COUNT; f++) {
      if (v.counts[f] > 0) { acc[A.fan + f]++; acc[sf + f]++; }
    }
    acc[A.rootsTotal] += v.counts[FAN.root];
    acc[A.fanTotal] += v.fan;
    acc[A.winPointsSum] += pts;
    let lg = 0;
    while (1 << (lg + 1) <= pts) lg++;
    acc[A.pointsHist + (lg > 12 ? 12 : lg)]++;
    const so = this.slotBase(seat);
    acc[so + SO.wins]++;
    // a robbed kong counts as a win on a discard for the strategy
    acc[so + (kind === WIN_SELF_DRAW ? SO.selfDraws : SO.discardWins)]++;
    acc[so + SO.winPoints] += pts;
    acc[A.seats + seat * SEAT.length + SE.wins]++;
    return pts;
  }

  protected markWon(seat: number): void {
    this.won[seat] = 1;
    this.nWinners++;
    this.winOrder[seat] = this.nWinners;
    this.acc[this.slotBase(seat) + SO.winOrder + this.nWinners - 1]++;
  }

  protected pay(from: number, to: number, amount: number): void {
    this.score[from] -= amount;
    this.score[to] += amount;
  }

  protected kongPay(from: number, to: number, amount: number): void {
    this.pay(from, to, amount);
    this.kongIncome[to * 4 + from] += amount;
  }

  /** The public record of a discard (before anyone wins on or claims it). */
  protected noteDiscard(seat: number, d: number): void {
    this.seatDiscards[seat * 27 + d]++;
    this.lastDiscard[seat] = d;
  }

  protected addMeld(seat: number, kind: number, size: number, type: number): void {
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
  protected noteFirstReady(seat: number): void {
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
    acc[A.readyDrawsSum] += this.ownDraws[seat];
    acc[A.readyHands]++;
  }

  protected reset(wallOrder?: ArrayLike<number>): void {
    for (let s = 0; s < 4; s++) this.hands[s].fill(0);
    this.meldKinds.fill(0); this.meldSizes.fill(0); this.meldTypes.fill(0); this.nMelds.fill(0);
    this.voids.fill(0); this.visible.fill(0); this.won.fill(0); this.discards.fill(0);
    this.score.fill(0); this.kongIncome.fill(0); this.winOrder.fill(0);
    this.nWinners = 0;
    this.exhausted = false;
    this.everReady.fill(0);
    this.ownDraws.fill(0);
    this.passedWin.fill(0);
    this.seatDiscards.fill(0);
    this.lastDiscard.fill(-1);
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

  /** End of the wall: kong refunds, flower pigs, the ready-hand check. */
  settleExhaustion(): void {
    const rules = this.rules, acc = this.acc;
    const ready = this.readyFlag; // READY, FLOWER_PIG or NOT_READY
    const value = this.readyVals;
    for (let s = 0; s < 4; s++) {
      ready[s] = NOT_READY;
      if (this.won[s]) continue;
      if (holdsVoid(this.hands[s], this.voids[s])) { ready[s] = FLOWER_PIG; continue; }
      const v = this.readyValue(s);
      if (v > 0) { ready[s] = READY; value[s] = v; }
    }
    for (let s = 0; s < 4; s++) {
      if (this.won[s]) continue;
      const so = this.slotBase(s);
      if (ready[s] === READY) { acc[A.readyAtEnd]++; acc[so + SO.readyAtEnd]++; continue; }
      acc[so + SO.exhaustedNotReady]++;
      if (rules.kongRefundWhenNotReady) {
        for (let q = 0; q < 4; q++) {
          const amt = this.kongIncome[s * 4 + q];
          if (amt > 0) { this.pay(s, q, amt); this.kongIncome[s * 4 + q] = 0; }
        }
      }
    }
    for (let s = 0; s < 4; s++) {
      if (this.won[s] || ready[s] === READY) continue;
      const pig = ready[s] === FLOWER_PIG;
      if (pig) {
        acc[A.pigs]++;
        acc[this.slotBase(s) + SO.pigs]++;
        for (let o = 0; o < 4; o++) {
          if (o === s) continue;
          if (!this.won[o] && ready[o] === FLOWER_PIG) continue; // another pig
          if (this.won[o] && !rules.flowerPigPaysWinners) continue;
          this.pay(s, o, rules.flowerPigPenalty);
        }
      }
      if (rules.readyCheck && (!pig || rules.flowerPigPaysReadyCheck)) {
        for (let o = 0; o < 4; o++) if (o !== s && !this.won[o] && ready[o] === READY) this.pay(s, o, value[o]);
      }
    }
  }

  /** Per-deal statistics and the two invariants (zero sum, 108 tiles, 4 of each kind). */
  protected finish(): void {
    const acc = this.acc;
    acc[A.deals]++;
    if (this.exhausted) acc[A.exhausted]++;
    acc[A.winnersHist + this.nWinners]++;
    let sum = 0;
    for (let s = 0; s < 4; s++) {
      const x = this.score[s];
      sum += x;
      const so = this.slotBase(s);
      acc[so + SO.sum] += x;
      acc[so + SO.sumSq] += x * x;
      acc[so + SO.playerDeals]++;
      const se = A.seats + s * SEAT.length;
      acc[se + SE.sum] += x;
      acc[se + SE.sumSq] += x * x;
      acc[se + SE.deals]++;
    }
    if (sum !== 0) acc[A.zeroSumViolations]++;
    if (!this.tilesConserved()) acc[A.conservationViolations]++;
  }

  /**
   * Make this table a copy of `from` (same rules): every tile, set, payment and flag, and the
   * statistics so far (for the game-interface state, src/games/sichuan-mahjong/state.ts).
   */
  protected copyTable(from: Deal): void {
    for (let s = 0; s < 4; s++) this.hands[s].set(from.hands[s]);
    this.meldKinds.set(from.meldKinds); this.meldSizes.set(from.meldSizes); this.meldTypes.set(from.meldTypes);
    this.nMelds.set(from.nMelds); this.voids.set(from.voids); this.visible.set(from.visible); this.won.set(from.won);
    this.wall.set(from.wall); this.discards.set(from.discards); this.score.set(from.score);
    this.kongIncome.set(from.kongIncome); this.winOrder.set(from.winOrder); this.winners.set(from.winners);
    this.swapPass.set(from.swapPass); this.everReady.set(from.everReady); this.ownDraws.set(from.ownDraws);
    this.passedWin.set(from.passedWin); this.slotOfSeat.set(from.slotOfSeat);
    this.seatDiscards.set(from.seatDiscards); this.lastDiscard.set(from.lastDiscard);
    this.wallPos = from.wallPos; this.nWinners = from.nWinners; this.exhausted = from.exhausted;
    this.cur = from.cur; this.lastSwapShift = from.lastSwapShift;
    this.acc = Float64Array.from(from.acc);
  }

  /** Every kind has exactly four tiles across wall, hands, sets and the discards on the table. */
  tilesConserved(): boolean {
    const c = this.tmpHand;
    c.fill(0);
    for (let i = this.wallPos; i < WALL; i++) c[this.wall[i]]++;
    for (let s = 0; s < 4; s++) {
      const h = this.hands[s];
      for (let k = 0; k < 27; k++) c[k] += h[k];
      for (let j = 0; j < this.nMelds[s]; j++) c[this.meldKinds[s * 4 + j]] += this.meldSizes[s * 4 + j];
    }
    for (let k = 0; k < 27; k++) if (c[k] + this.discards[k] !== 4) return false;
    return true;
  }
}

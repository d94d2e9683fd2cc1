/**
 * Sichuan mahjong through the game interface (src/games/state.ts): one full four-player
 * bloody-battle deal as the engine (engine.ts) plays it, one decision at a time. The state is the
 * engine's own table (it extends Deal, so strategies read it as their TableView) and makes the same
 * moves with the same helpers; only the order of questions is turned inside out: where the engine
 * asks a strategy, the state stops and waits for an action. `strategyPlayer` asks the strategy the
 * engine's questions in the engine's order, so a strategy played through the interface draws from
 * the random stream exactly as in the engine (test/sichuan-mahjong-state.test.ts plays both).
 *
 * Chance events: the shuffle and deal (the engine's 108 draws), and the swap-three dice when the
 * rules roll for the direction. Draws from the wall follow from the shuffle and are not chance events.
 */
import { UserError } from '../../core/errors.js';
import { Rng } from '../../core/rng.js';
import { CHANCE, TERMINAL, type GameState, type StateGame, type StatePlayer } from '../state.js';
import { DEAL, Deal, MELD_ADDED_KONG, MELD_CONCEALED_KONG, MELD_PUNG, SLOT } from './engine.js';
import type { SichuanRules } from './rules.js';
import { holdsVoid, isWinningHand } from './shanten.js';
import { KONG_ADDED, KONG_CONCEALED, KONG_EXPOSED, WIN_DISCARD, WIN_ROBBING_KONG, WIN_SELF_DRAW, type MahjongStrategy } from './strategy.js';
import { handText, kindName } from './tiles.js';
import { EV_LAST_TILE, EV_ROBBING_KONG } from './value.js';
import { STRATEGIES, getStrategy } from './strategies/index.js';
import { StrategyPlayer } from '../../play/strategy-player.js';

/** Actions: discard a kind, kong it (concealed, added), the answers to a question, a void, a swap. */
export const DISCARD = 0, CONCEALED_KONG = 27, ADDED_KONG = 54;
export const WIN = 81, PASS = 82, PUNG = 83, EXPOSED_KONG = 84, VOID = 85;
/** swap three: SWAP + suit·729 + r1·81 + r2·9 + r3, ranks 0..8 with r1 ≤ r2 ≤ r3 */
export const SWAP = 100;

/** What the deal waits for. */
const PH_DEAL = 0, PH_SWAP = 1, PH_DICE = 2, PH_VOID = 3, PH_TURN = 4, PH_WIN_CLAIM = 5, PH_CLAIM = 6, PH_OVER = 7;
/** How a turn starts (as in the engine): dealt (the dealer's 14), a draw, a kong replacement, after a pung. */
const TURN_DEALT = 0, TURN_DRAW = 1, TURN_REPLACEMENT = 2, TURN_AFTER_PUNG = 3;

const WALL = 108;
const A = DEAL.offset, SO = SLOT.offset;
/** in the history: a draw by a seat (the tile is seen by that seat only) */
const LOG_DRAW = -1000;
/** in the history: the swap direction the dice chose (seats on) */
const LOG_DICE = -2000;

const suitOf = (k: number) => (k / 9) | 0;

export class SichuanMahjongState extends Deal implements GameState {
  readonly players = 4;
  private phase = PH_DEAL;
  /** the seat asked in the swap, void, win-claim and claim phases */
  private asked = 0;
  /** the current turn: after a pung (discard only), and the event bits a self-draw win would carry */
  private afterPung = false;
  private turnEvents = 0;
  /** the tile offered to winners and claimants, by whom, how (WIN_DISCARD or WIN_ROBBING_KONG) */
  private offerFrom = 0;
  private offerTile = 0;
  private offerKind = 0;
  private offerEvents = 0;
  /** how far the question goes round from `offerFrom` (1..3), and the winners so far */
  private offerStep = 0;
  private nOfferWinners = 0;
  /** 1: the seat's last discard was outside its void suit, so it held (and, waiting, holds) none of it */
  private readonly voidClear = new Uint8Array(4);
  /** each seat's hand as dealt (before the swap), which that seat remembers */
  private readonly dealt = new Uint8Array(4 * 27);
  /** the history: who acted (a seat, or CHANCE) and what; draws as LOG_DRAW − tile */
  private logSeat: number[] = [];
  private logAction: number[] = [];

  constructor(rules: SichuanRules) {
    super(rules, [], new Rng(1));
    // one strategy slot per seat, so the deal statistics read as the engine's with rotation 0
    for (let s = 0; s < 4; s++) this.slotOfSeat[s] = s;
  }

  // ---- the interface ----------------------------------------------------------------------------

  currentPlayer(): number {
    switch (this.phase) {
      case PH_DEAL: case PH_DICE: return CHANCE;
      case PH_OVER: return TERMINAL;
      case PH_TURN: return this.cur;
      default: return this.asked;
    }
  }

  isTerminal(): boolean {
    return this.phase === PH_OVER;
  }

  legalActions(out: Int32Array): number {
    let n = 0;
    switch (this.phase) {
      case PH_SWAP: return this.swapActions(out);
      case PH_VOID: out[0] = VOID; out[1] = VOID + 1; out[2] = VOID + 2; return 3;
      case PH_WIN_CLAIM: out[0] = WIN; out[1] = PASS; return 2;
      case PH_CLAIM:
        out[n++] = PASS; out[n++] = PUNG;
        if (this.hands[this.asked][this.offerTile] === 3 && this.wallPos < WALL) out[n++] = EXPOSED_KONG;
        return n;
      case PH_TURN: break;
      default: throw new Error(`sichuan-mahjong state: no seat to move (${this.toString()})`);
    }
    const seat = this.cur, hand = this.hands[seat], v = this.voids[seat];
    const mustVoid = holdsVoid(hand, v);
    for (let k = 0; k < 27; k++) if (hand[k] > 0 && (!mustVoid || suitOf(k) === v)) out[n++] = DISCARD + k;
    if (this.afterPung) return n;
    if (this.wallPos < WALL && !mustVoid) {
      for (let k = 0; k < 27; k++) if (hand[k] === 4 && suitOf(k) !== v) out[n++] = CONCEALED_KONG + k;
      for (let k = 0; k < 27; k++) if (hand[k] > 0 && this.pungOf(seat, k) >= 0) out[n++] = ADDED_KONG + k;
    }
    if (isWinningHand(hand, this.nMelds[seat], v)) out[n++] = WIN;
    return n;
  }

  applyChance(rng: Rng): void {
    this.rng = rng;
    if (this.phase === PH_DEAL) {
      this.reset();
      this.dealHands();
      for (let s = 0; s < 4; s++) this.dealt.set(this.hands[s], s * 27);
      if (this.rules.swapThree.enabled) this.ask(PH_SWAP, 0);
      else this.ask(PH_VOID, 0);
    } else if (this.phase === PH_DICE) {
      this.finishSwap(this.swapShift());
    } else throw new Error(`sichuan-mahjong state: no chance event pending (${this.toString()})`);
  }

  applyAction(action: number): void {
    const seat = this.currentPlayer();
    this.remember(seat, action);
    switch (this.phase) {
      case PH_SWAP: return this.swap(seat, action);
      case PH_VOID: return this.declareVoid(seat, action);
      case PH_WIN_CLAIM: return this.answerWin(seat, action);
      case PH_CLAIM: return this.answerClaim(seat, action);
      case PH_TURN: return this.turnAction(seat, action);
      default: throw new Error(`sichuan-mahjong state: no seat to move (${this.toString()})`);
    }
  }

  /** each seat's points for the deal */
  returns(out: Float64Array): void {
    for (let s = 0; s < 4; s++) out[s] = this.score[s];
  }

  scores(out: Float64Array): void {
    this.returns(out);
  }

  /** the points so far (kongs and wins are paid as they happen) */
  runningScores(out: Float64Array): void {
    this.returns(out);
  }

  /**
   * What `seat` knows: its hand as dealt, its own swap, its draws, and everything played in the
   * open (voids once all are declared, discards, claims, kongs, wins, the swap dice). Other seats'
   * swap tiles, draws and declined wins or claims are hidden; so is what they still hold.
   */
  informationKey(seat: number): string {
    const parts = [`seat ${seat}`, this.phase === PH_DEAL ? 'before the deal' : `dealt ${handText(this.dealt.subarray(seat * 27, seat * 27 + 27))}`];
    const votingVoids = this.phase === PH_SWAP || this.phase === PH_DICE || this.phase === PH_VOID;
    for (let i = 0; i < this.logSeat.length; i++) {
      const who = this.logSeat[i], a = this.logAction[i];
      if (who === CHANCE) { parts.push(`dice ${a - LOG_DICE}`); continue; }
      const own = who === seat;
      if (a <= LOG_DRAW) parts.push(own ? `${who} draws ${kindName(LOG_DRAW - a)}` : `${who} draws`);
      else if (a >= SWAP) parts.push(own ? `${who} ${this.actionText(a)}` : `${who} swaps`);
      else if (a >= VOID && a < VOID + 3 && votingVoids && !own) parts.push(`${who} chooses a void`);
      else if (a === PASS && !own) continue;
      else parts.push(`${who} ${this.actionText(a)}`);
    }
    return parts.join('; ');
  }

  /**
   * The same deal with the tiles `seat` cannot see dealt again at random: the concealed hands of
   * the other seats still playing and the rest of the wall are shuffled together and dealt back,
   * as many to each hand as it held. What the table shows is kept: a seat whose last discard was
   * outside its void suit held none of it (void tiles must go first), and holds none now but the
   * one tile it has just drawn, when it is its turn — so it is dealt from
   * the other suits first (one seat after another, so close to, not exactly, uniform). Kept as
   * they are: everything in the open, the seat's own tiles, and the hands a pending question
   * depends on (a seat asked about a win or a claim, the winners already named on that tile, the
   * player whose tile is offered), so the state stays legal. Not modelled: what the seat passed in
   * the swap going to its receiver.
   */
  determinize(seat: number, rng: Rng): SichuanMahjongState {
    const d = this.clone();
    if (this.phase === PH_DEAL || this.phase === PH_OVER) return d;
    let pinned = 1 << seat;
    for (let s = 0; s < 4; s++) if (this.won[s]) pinned |= 1 << s;
    if (this.phase === PH_WIN_CLAIM || this.phase === PH_CLAIM) {
      pinned |= (1 << this.asked) | (1 << this.offerFrom);
      for (let i = 0; i < this.nOfferWinners; i++) pinned |= 1 << this.winners[i];
    }
    const pool: number[] = [];
    for (let s = 0; s < 4; s++) {
      if (pinned & (1 << s)) continue;
      const h = d.hands[s];
      for (let k = 0; k < 27; k++) for (let c = 0; c < h[k]; c++) pool.push(k);
    }
    for (let i = d.wallPos; i < WALL; i++) pool.push(d.wall[i]);
    for (let i = pool.length - 1; i > 0; i--) {
      const j = rng.below(i + 1);
      const t = pool[i]; pool[i] = pool[j]; pool[j] = t;
    }
    let p = 0;
    // the seats known to hold no void tile first, then the others, then the wall
    for (const known of [true, false]) {
      for (let s = 0; s < 4; s++) {
        if (pinned & (1 << s) || (this.voidClear[s] === 1) !== known) continue;
        const h = d.hands[s], v = this.voids[s];
        let n = 0;
        for (let k = 0; k < 27; k++) n += h[k];
        const drawn = this.phase === PH_TURN && this.cur === s && !this.afterPung ? 1 : 0;
        const from = p;
        // outside the void suit: bring the first such tiles of the shuffled pool forward
        if (known) {
          for (let j = p; j < pool.length && p < from + n - drawn; j++) {
            if (suitOf(pool[j]) === v) continue;
            const t = pool[j]; pool[j] = pool[p]; pool[p] = t;
            p++;
          }
        }
        p = from + n;
        h.fill(0);
        for (let i = from; i < p; i++) h[pool[i]]++;
      }
    }
    for (let i = d.wallPos; i < WALL; i++) d.wall[i] = pool[p++];
    return d;
  }

  /** the seat's last discard was outside its void suit: the table knows it holds none (but a tile just drawn) */
  knownVoidClear(seat: number): boolean {
    return this.voidClear[seat] === 1;
  }

  clone(): SichuanMahjongState {
    const c = new SichuanMahjongState(this.rules);
    c.copyTable(this);
    c.rng = this.rng;
    c.phase = this.phase; c.asked = this.asked; c.afterPung = this.afterPung; c.turnEvents = this.turnEvents;
    c.offerFrom = this.offerFrom; c.offerTile = this.offerTile; c.offerKind = this.offerKind; c.offerEvents = this.offerEvents;
    c.offerStep = this.offerStep; c.nOfferWinners = this.nOfferWinners;
    c.dealt.set(this.dealt);
    c.voidClear.set(this.voidClear);
    c.logSeat = this.logSeat.slice();
    c.logAction = this.logAction.slice();
    return c;
  }

  actionText(action: number): string {
    if (action >= SWAP) {
      const x = action - SWAP, suit = (x / 729) | 0, r = x % 729;
      const ks = [((r / 81) | 0), ((r / 9) | 0) % 9, r % 9].map((q) => kindName(suit * 9 + q));
      return `swap ${ks.join(' ')}`;
    }
    if (action >= VOID) return `void ${'mps'[action - VOID]}`;
    if (action === WIN) return 'win';
    if (action === PASS) return 'pass';
    if (action === PUNG) return 'pung';
    if (action === EXPOSED_KONG) return 'kong';
    if (action >= ADDED_KONG) return `add kong ${kindName(action - ADDED_KONG)}`;
    if (action >= CONCEALED_KONG) return `concealed kong ${kindName(action - CONCEALED_KONG)}`;
    return `discard ${kindName(action)}`;
  }

  override toString(): string {
    const phase = ['deal', 'swap', 'dice', 'void', 'turn', 'win?', 'claim?', 'over'][this.phase];
    const hands = [0, 1, 2, 3].map((s) => `${s}${this.won[s] ? '*' : ''}:${handText(this.hands[s])}`).join(' ');
    return `${phase} seat ${this.currentPlayer()} · wall ${this.wallLeft()} · ${hands} · points ${Array.from(this.score).join(' ')}`;
  }

  // ---- what the pending question is (for strategyPlayer) ----------------------------------------

  /** the tile offered to the seat asked (a discard, or the tile of an added kong) */
  get offeredTile(): number {
    return this.offerTile;
  }

  /** how the asked seat would win: WIN_SELF_DRAW on its turn, else WIN_DISCARD or WIN_ROBBING_KONG */
  get offeredWinKind(): number {
    return this.phase === PH_TURN ? WIN_SELF_DRAW : this.offerKind;
  }

  /** the event bits the win would carry (kong replacement, robbing a kong, last tile) */
  get offeredWinEvents(): number {
    return this.phase === PH_TURN ? this.turnEvents : this.offerEvents;
  }

  /** the asked seat may make an exposed kong of the offered tile */
  get kongOffered(): boolean {
    return this.phase === PH_CLAIM && this.hands[this.asked][this.offerTile] === 3 && this.wallPos < WALL;
  }

  /** the current turn follows a pung (discard only) */
  get turnAfterPung(): boolean {
    return this.afterPung;
  }

  /** the state waits for a swap, a void, a turn, an answer to a win or an answer to a claim */
  get question(): 'swap' | 'void' | 'turn' | 'win' | 'claim' | 'none' {
    const q = ['none', 'swap', 'none', 'void', 'turn', 'win', 'claim', 'none'] as const;
    return q[this.phase];
  }

  /** the value the asked seat's hand would score with the offered tile (for strategies that decide on fan) */
  winFan(seat: number): number {
    const h = this.hands[seat];
    const tile = this.phase === PH_TURN ? -1 : this.offerTile;
    if (tile >= 0) h[tile]++;
    this.valuer.evaluate(h, this.meldKinds, this.meldSizes, this.nMelds[seat], this.voids[seat], this.offeredWinEvents, seat * 4);
    if (tile >= 0) h[tile]--;
    return this.valuer.fan;
  }

  // ---- the steps ----------------------------------------------------------------------------------

  private remember(seat: number, action: number): void {
    this.logSeat.push(seat);
    this.logAction.push(action);
  }

  private ask(phase: number, seat: number): void {
    this.phase = phase;
    this.asked = seat;
  }

  /** every three tiles of one suit the asked seat holds (a kind held twice or three times may repeat) */
  private swapActions(out: Int32Array): number {
    const hand = this.hands[this.asked];
    let n = 0;
    for (let suit = 0; suit < 3; suit++) {
      const b = suit * 9;
      for (let a = 0; a < 9; a++) {
        if (hand[b + a] < 1) continue;
        for (let c = a; c < 9; c++) {
          if (hand[b + c] < (c === a ? 2 : 1)) continue;
          for (let e = c; e < 9; e++) {
            if (hand[b + e] < (e === a ? 3 : e === c ? 2 : 1)) continue;
            out[n++] = SWAP + suit * 729 + a * 81 + c * 9 + e;
          }
        }
      }
    }
    return n;
  }

  private swap(seat: number, action: number): void {
    const x = action - SWAP, suit = (x / 729) | 0, r = x % 729;
    const ranks = [(r / 81) | 0, ((r / 9) | 0) % 9, r % 9];
    const hand = this.hands[seat];
    for (let i = 0; i < 3; i++) {
      const k = suit * 9 + ranks[i];
      if (hand[k] === 0) throw new Error(`sichuan-mahjong state: seat ${seat} cannot pass ${kindName(k)}`);
      hand[k]--;
      this.swapPass[seat * 3 + i] = k;
    }
    if (seat < 3) return this.ask(PH_SWAP, seat + 1);
    if (this.rules.swapThree.direction === 'dice') this.phase = PH_DICE;
    else this.finishSwap(this.swapShift());
  }

  private finishSwap(shift: number): void {
    this.lastSwapShift = shift;
    this.remember(CHANCE, LOG_DICE + shift);
    for (let s = 0; s < 4; s++) {
      const to = this.hands[(s + shift) & 3];
      for (let i = 0; i < 3; i++) to[this.swapPass[s * 3 + i]]++;
    }
    this.ask(PH_VOID, 0);
  }

  private declareVoid(seat: number, action: number): void {
    this.voids[seat] = action - VOID;
    if (seat < 3) return this.ask(PH_VOID, seat + 1);
    this.cur = 0;
    this.beginTurn(TURN_DEALT);
  }

  /** The engine's turn up to the seat's decision: the draw (or the end of the wall). */
  private beginTurn(start: number): void {
    const seat = this.cur;
    this.phase = PH_TURN;
    this.afterPung = start === TURN_AFTER_PUNG;
    this.turnEvents = 0;
    if (start === TURN_DEALT || start === TURN_AFTER_PUNG) return;
    if (this.wallPos >= WALL) {
      this.exhausted = true;
      return this.end();
    }
    const tile = this.wall[this.wallPos];
    this.turnEvents = this.draw(seat, start === TURN_REPLACEMENT);
    this.remember(seat, LOG_DRAW - tile);
  }

  private turnAction(seat: number, action: number): void {
    const hand = this.hands[seat];
    if (action !== WIN && !this.afterPung && isWinningHand(hand, this.nMelds[seat], this.voids[seat])) {
      this.acc[this.slotBase(seat) + SO.declined]++;
    }
    if (action === WIN) {
      const pts = this.recordWin(seat, this.turnEvents, WIN_SELF_DRAW);
      const each = this.valuer.selfDrawPayment(pts);
      for (let o = 0; o < 4; o++) if (o !== seat && !this.won[o]) this.pay(o, seat, each);
      this.markWon(seat);
      return this.nextAfterWin(seat);
    }
    if (action >= ADDED_KONG) {
      // others may rob the kong: ask them before it is made
      return this.offer(seat, action - ADDED_KONG, WIN_ROBBING_KONG, EV_ROBBING_KONG);
    }
    if (action >= CONCEALED_KONG) {
      const k = action - CONCEALED_KONG;
      hand[k] -= 4;
      this.addMeld(seat, k, 4, MELD_CONCEALED_KONG);
      this.visible[k] += 4;
      for (let o = 0; o < 4; o++) if (o !== seat && !this.won[o]) this.kongPay(o, seat, this.rules.kongPayments.concealed);
      this.acc[A.kongsConcealed]++;
      this.acc[this.slotBase(seat) + SO.kongs]++;
      return this.beginTurn(TURN_REPLACEMENT);
    }
    const d = action - DISCARD;
    hand[d]--;
    this.noteDiscard(seat, d);
    // a discard outside the void suit shows the seat holds none of it (void tiles must go first)
    this.voidClear[seat] = suitOf(d) === this.voids[seat] ? 0 : 1;
    if (!this.everReady[seat]) this.noteFirstReady(seat);
    this.offer(seat, d, WIN_DISCARD, this.wallPos === WALL && this.rules.lastTileIncludesDiscard ? EV_LAST_TILE : 0);
  }

  /** A tile is given up (discarded, or added to a kong): ask every seat that can win on it, in order. */
  private offer(from: number, tile: number, kind: number, events: number): void {
    this.offerFrom = from; this.offerTile = tile; this.offerKind = kind; this.offerEvents = events;
    this.offerStep = 0;
    this.nOfferWinners = 0;
    this.nextWinQuestion();
  }

  private nextWinQuestion(): void {
    const from = this.offerFrom, tile = this.offerTile;
    while (++this.offerStep < 4) {
      const o = (from + this.offerStep) & 3;
      if (!this.won[o] && !(this.passedWin[o] && this.rules.declinedWinWaitsForDraw) && this.canWinWith(o, tile)) return this.ask(PH_WIN_CLAIM, o);
    }
    this.settleOffer();
  }

  private answerWin(seat: number, action: number): void {
    if (action === WIN) this.winners[this.nOfferWinners++] = seat;
    else {
      this.passedWin[seat] = 1;
      this.acc[this.slotBase(seat) + SO.declined]++;
    }
    this.nextWinQuestion();
  }

  /** Everyone has answered: pay the winners (the tile goes to the first), or go on to claims / the kong. */
  private settleOffer(): void {
    const from = this.offerFrom, tile = this.offerTile, kind = this.offerKind, nw = this.nOfferWinners;
    if (nw > 0) this.payWinners(from, tile, kind as typeof WIN_DISCARD, this.offerEvents, nw);
    if (kind === WIN_ROBBING_KONG) {
      this.hands[from][tile]--;
      if (nw > 0) {
        this.acc[A.robbed]++;
        return this.nextAfterWin(this.winners[nw - 1]);
      }
      const mi = from * 4 + this.pungOf(from, tile);
      this.meldTypes[mi] = MELD_ADDED_KONG;
      this.meldSizes[mi] = 4;
      this.visible[tile]++;
      for (let o = 0; o < 4; o++) if (o !== from && !this.won[o]) this.kongPay(o, from, this.rules.kongPayments.added);
      this.acc[A.kongsAdded]++;
      this.acc[this.slotBase(from) + SO.kongs]++;
      this.cur = from;
      return this.beginTurn(TURN_REPLACEMENT);
    }
    if (nw > 0) {
      if (nw > 1) this.acc[A.multiWinDiscards]++;
      return this.nextAfterWin(this.winners[nw - 1]);
    }
    this.offerStep = 0;
    this.nextClaimQuestion();
  }

  /** The next seat (in order from the discarder) that may pung or kong the discard. */
  private nextClaimQuestion(): void {
    const from = this.offerFrom, d = this.offerTile;
    while (++this.offerStep < 4) {
      const o = (from + this.offerStep) & 3;
      if (this.won[o] || suitOf(d) === this.voids[o]) continue;
      const ho = this.hands[o];
      if (ho[d] < 2 || holdsVoid(ho, this.voids[o])) continue;
      return this.ask(PH_CLAIM, o);
    }
    // nobody claims: the tile stays on the table, the next seat draws
    this.discards[d]++;
    this.visible[d]++;
    this.cur = this.nextActive(from);
    this.beginTurn(TURN_DRAW);
  }

  private answerClaim(seat: number, action: number): void {
    if (action === EXPOSED_KONG) {
      this.takeExposedKong(seat, this.offerFrom, this.offerTile);
      return this.beginTurn(TURN_REPLACEMENT);
    }
    if (action === PUNG) {
      this.takePung(seat, this.offerTile);
      return this.beginTurn(TURN_AFTER_PUNG);
    }
    this.nextClaimQuestion();
  }

  private nextAfterWin(last: number): void {
    if (this.nWinners >= this.rules.winnersToEnd) return this.end();
    this.cur = this.nextActive(last);
    this.beginTurn(TURN_DRAW);
  }

  private end(): void {
    if (this.exhausted) this.settleExhaustion();
    this.finish();
    this.phase = PH_OVER;
  }

  /** index j of the seat's pung of kind k, or −1 */
  private pungOf(seat: number, k: number): number {
    for (let j = 0; j < this.nMelds[seat]; j++) if (this.meldKinds[seat * 4 + j] === k && this.meldTypes[seat * 4 + j] === MELD_PUNG) return j;
    return -1;
  }

  /** the statistics of the deal so far, in the engine's layout (DEAL) */
  statistics(): Float64Array {
    return this.acc;
  }
}

/**
 * A Sichuan mahjong strategy as a player of the interface: it is asked the engine's questions in
 * the engine's order (declare the win; the first concealed kong, then added kong, it wants; the
 * discard — or, offered a discard, the kong before the pung), reading the state as its table view
 * and drawing from `rng`.
 */
export function strategyPlayer(strategy: MahjongStrategy): StatePlayer {
  return new StrategyPlayer({ strategy, swapOut: new Uint8Array(3) }, askMahjong);
}

/** How a Sichuan strategy answers the state's question (for src/play/strategy-player.ts); `swapOut` is its buffer. */
export function askMahjong(p: { strategy: MahjongStrategy; swapOut: Uint8Array }, t: SichuanMahjongState, rng: Rng): number {
  const { strategy, swapOut } = p;
  t.rng = rng;
  const seat = t.currentPlayer();
  switch (t.question) {
    case 'swap': {
      strategy.chooseSwap(t, seat, swapOut);
      const a = Math.min(swapOut[0], swapOut[1], swapOut[2]), e = Math.max(swapOut[0], swapOut[1], swapOut[2]);
      const c = swapOut[0] + swapOut[1] + swapOut[2] - a - e;
      const suit = suitOf(a);
      return SWAP + suit * 729 + (a - suit * 9) * 81 + (c - suit * 9) * 9 + (e - suit * 9);
    }
    case 'void': return VOID + strategy.chooseVoid(t, seat);
    case 'win': return declares(strategy, t, seat) ? WIN : PASS;
    case 'claim': {
      const d = t.offeredTile;
      if (t.kongOffered && strategy.wantKong(t, seat, d, KONG_EXPOSED)) return EXPOSED_KONG;
      return strategy.wantPung(t, seat, d) ? PUNG : PASS;
    }
    case 'turn': return turn(strategy, t, seat);
    default: throw new Error(`sichuan-mahjong: no question for seat ${seat} (${t.toString()})`);
  }
}

function declares(strategy: MahjongStrategy, t: SichuanMahjongState, seat: number): boolean {
  if (strategy.declareWin === undefined) return true;
  const fan = t.winFan(seat);
  const tile = t.offeredWinKind === WIN_SELF_DRAW ? -1 : t.offeredTile;
  return strategy.declareWin(t, seat, tile, t.offeredWinKind, fan);
}

function turn(strategy: MahjongStrategy, t: SichuanMahjongState, seat: number): number {
  const hand = t.hands[seat], v = t.voids[seat];
  if (!t.turnAfterPung) {
    if (isWinningHand(hand, t.nMelds[seat], v) && declares(strategy, t, seat)) return WIN;
    if (t.wallLeft() > 0 && !holdsVoid(hand, v)) {
      for (let k = 0; k < 27; k++) {
        if (hand[k] === 4 && suitOf(k) !== v && strategy.wantKong(t, seat, k, KONG_CONCEALED)) return CONCEALED_KONG + k;
      }
      for (let j = 0; j < t.nMelds[seat]; j++) {
        const k = t.meldKinds[seat * 4 + j];
        if (t.meldTypes[seat * 4 + j] === MELD_PUNG && hand[k] > 0 && strategy.wantKong(t, seat, k, KONG_ADDED)) return ADDED_KONG + k;
      }
    }
  }
  return DISCARD + strategy.chooseDiscard(t, seat);
}

/**
 * The most points a seat can win or lose in one deal under these rules: three wins of the top
 * value, each paid three times over (a self-draw, or a robbed kong that pays for all), sixteen
 * kongs at the largest kong payment from each of three players, and the flower-pig penalty and
 * ready-hand check to each of three players. A bound, not a value that occurs.
 */
export function pointsBound(rules: SichuanRules): number {
  const top = 2 ** rules.maxFan + rules.selfDrawBonus;
  const kong = Math.max(rules.kongPayments.exposed, rules.kongPayments.added, rules.kongPayments.concealed);
  return 9 * top + 48 * kong + 3 * (rules.flowerPigPenalty + 2 ** rules.maxFan);
}

/** Sichuan mahjong as the tools written once over the interface see it; `returns` are points (outcome). */
export const stateGame: StateGame<SichuanRules> & { outcome(rules: SichuanRules): { kind: 'points'; min: number; max: number } } = {
  id: 'sichuan-mahjong',
  outcome: (rules) => ({ kind: 'points', min: -pointsBound(rules), max: pointsBound(rules) }),
  seats: () => ({ min: 4, max: 4, default: 4 }),
  newGame(rules, players) {
    if (players !== 4) throw new UserError(`sichuan-mahjong: a deal has 4 players (got ${players})`);
    return new SichuanMahjongState(rules);
  },
  playerNames: STRATEGIES.names,
  player: (_rules, spec) => strategyPlayer(getStrategy(spec)),
};

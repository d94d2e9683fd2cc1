import type { Rng } from '../../../core/rng.js';
import type { WulongRules } from '../turn/rules.js';
import { ROLL } from '../turn/engine.js';
import { policyTablesFor, raiseValue, type PolicyTables } from './policy-tables.js';
import { readOdds } from '../turn/tell.js';
import { CARD, END, MONEY, SLOT, gameLayout, type GameLayout } from './layout.js';
import { checkPlayers, safeLimit, validateGameRules, type GameRules } from './rules.js';
import { ALL_IN_ODDS, AMOUNT, BET_ODDS, BettingPhase, CHIP, EDGE, FORTUNE, MIN_BET, PICK, PlannedBettor, SIZING, STAKE, type Bettor, type BettorOf, type PlayerSpec } from './strategy.js';

/** What the game kernel is handed: rules (with `game`), one player spec per strategy slot, seating. */
export interface GameParams {
  rules: WulongRules;
  players: PlayerSpec[];
  /** false (default): each game seats the slots in a random rotation, so seat and strategy effects separate */
  fixedSeats?: boolean;
}

/**
 * Check game params before any worker sees them (a bad card id or player count is the user's
 * mistake, exit 2). `bettorOf` builds a betting strategy from its spec (the game's registry's
 * `bettorFor`): the engine is handed it, so it never imports its strategies.
 */
export function checkGameParams(params: GameParams, bettorOf: BettorOf): GameRules {
  const g = validateGameRules(params.rules);
  checkPlayers(params.players.length, 'number of players');
  // a bettor the rules cannot play (a fixed card these rules lack) is refused before any worker starts
  for (const pl of params.players) bettorOf(pl.passive, params.rules);
  return g;
}

/** The tell's draw: a 30-bit integer (small integers are never boxed), compared with a × 2^30. */
export const READ_SCALE = 1 << 30;

// the accumulator slots the hot path writes, by name from the layout (layout.ts)
const S_WINS = SLOT.offset.wins, S_FORT = SLOT.offset.fortune, S_FORTSQ = SLOT.offset.fortuneSq, S_BETS = SLOT.offset.bets;
const S_STAKED = SLOT.offset.staked, S_NET = SLOT.offset.net, S_SCORED = SLOT.offset.scored, S_ALLINS = SLOT.offset.allIns, S_RAISES = SLOT.offset.raises;
const C_BETS = CARD.offset.bets, C_WINS = CARD.offset.wins, C_STAKED = CARD.offset.staked, C_NET = CARD.offset.net;
const C_NETSQ = CARD.offset.netSq, C_STAKESQ = CARD.offset.stakeSq, C_NETSTAKE = CARD.offset.netStake;
const M_SCORES = MONEY.offset.scoresPaid, M_CARDWIN = MONEY.offset.cardWinnings, M_ALLINWIN = MONEY.offset.allInWinnings;
const M_TOSAFES = MONEY.offset.stakesToSafes, M_SAFESBANK = MONEY.offset.safesToBank, M_SURPLUS = MONEY.offset.surplusToBank;
const M_LEFT = MONEY.offset.leftOnSafes, M_VOID = MONEY.offset.voidedStakes, M_CLOSED = MONEY.offset.safesClosed;

/** The rules as typed arrays and flags: what the betting phases and settlement look up. */
interface CompiledRules {
  cardMin: Float64Array;
  cardMax: Float64Array;
  cardOdds: Float64Array;
  /** the minimum-bet table: from fortune mbFortune[i] on, the minimum is mbBet[i] */
  mbFortune: Float64Array;
  mbBet: Float64Array;
  safeLimit: number;
  /** each safe's all-in side, which becomes the all-in card when the safe closes */
  sideLimit: Float64Array;
  sideOdds: Float64Array;
  instantScores: boolean;
  betsSettledOnInstant: boolean;
  sitOut: boolean;
  splitTies: boolean;
}

function compileRules(rules: WulongRules, g: GameRules, P: number): CompiledRules {
  return {
    cardMin: Float64Array.from(rules.bettingCards, (c) => c.min),
    cardMax: Float64Array.from(rules.bettingCards, (c) => (c.max === null ? Infinity : c.max)),
    cardOdds: Float64Array.from(rules.bettingCards, (c) => c.odds),
    mbFortune: Float64Array.from(g.minimumBet, (e) => e.fortune),
    mbBet: Float64Array.from(g.minimumBet, (e) => e.bet),
    safeLimit: safeLimit(g, P),
    sideLimit: Float64Array.from(g.safes.allInSides, (s) => s.limit),
    sideOdds: Float64Array.from(g.safes.allInSides, (s) => s.odds),
    instantScores: g.instantWin === 'scores',
    betsSettledOnInstant: !!rules.instantWin?.betsSettled,
    sitOut: g.shortStack === 'sit-out',
    splitTies: g.ties === 'split',
  };
}

/** The strategy slots: which policy tables each rolls with, and the bettor each bets with. */
interface CompiledSlots {
  /** one PolicyTables per distinct turn policy among the players */
  policies: PolicyTables[];
  policy: Int32Array;
  bettors: Bettor[];
}

function compileSlots(rules: WulongRules, players: readonly PlayerSpec[], bettorOf: BettorOf): CompiledSlots {
  const keys: string[] = [];
  const out: CompiledSlots = { policies: [], policy: new Int32Array(players.length), bettors: [] };
  players.forEach((pl, i) => {
    // players sharing a turn policy share its tables
    const key = JSON.stringify([pl.policy.stop, pl.policy.choice]);
    let pi = keys.indexOf(key);
    if (pi < 0) {
      pi = keys.length;
      keys.push(key);
      out.policies.push(policyTablesFor(rules, pl.policy));
    }
    out.policy[i] = pi;
    out.bettors.push(bettorOf(pl.passive, rules));
  });
  return out;
}

/** Per policy and card, the exact value of the card's later raises ([pi * C + c]): what `lookahead` adds to a card's opening EV. */
function raiseValues(policies: readonly PolicyTables[], cardOdds: Float64Array): Float64Array {
  const C = cardOdds.length;
  const out = new Float64Array(policies.length * C);
  policies.forEach((pol, pi) => {
    const S = pol.sim.dice + 1;
    for (let c = 0; c < C; c++) out[pi * C + c] = raiseValue(pol, c, cardOdds[c], S, C);
  });
  return out;
}

/**
 * The full game, as a reusable machine: all state in typed arrays and numbers, so a game (and any
 * number of games) runs without allocating. Tests drive its pieces (bets, settlement, safes)
 * directly for the rulebook's worked example.
 */
export class WulongGame {
  readonly rules: WulongRules;
  readonly game: GameRules;
  readonly P: number;
  readonly C: number;
  readonly L: GameLayout;
  readonly policies: PolicyTables[];
  /** accumulator the game writes into (`playGames` points it at the shard's) */
  acc: Float64Array;

  // rules, compiled
  private readonly cardMin: Float64Array;
  private readonly cardMax: Float64Array;
  private readonly cardOdds: Float64Array;
  private readonly mbFortune: Float64Array;
  private readonly mbBet: Float64Array;
  readonly safeLimit: number;
  private readonly sideLimit: Float64Array;
  private readonly sideOdds: Float64Array;
  private readonly baseAllInLimit: number;
  private readonly baseAllInOdds: number;
  private readonly instantScores: boolean;
  private readonly betsSettledOnInstant: boolean;
  private readonly sitOut: boolean;
  private readonly splitTies: boolean;

  /** per policy and card: expected EV of one-unit raises at every later phase where the card is favourable ([pi * C + c]) */
  readonly raiseValue: Float64Array;

  // strategy slots, compiled
  private readonly slotPolicy: Int32Array;
  private readonly slotBettor: Bettor[];
  /** each slot's bettor's allIn and raises, as bytes (a property read on several bettor classes is slow in the hot loop) */
  private readonly slotAllIn: Uint8Array;
  private readonly slotRaises: Uint8Array;
  /**
   * A PlannedBettor's numbers, read once (pick −1: not planned, the bettor is called): the engine
   * makes planned bettors' decisions in its own loop, without a call (strategy.ts PlannedBettor)
   */
  private readonly slotPick: Int32Array;
  private readonly slotCard: Int32Array;
  private readonly slotSizing: Int32Array;
  private readonly slotSize: Float64Array;
  /** what a bettor is shown at a betting phase (refilled for each decision) */
  private readonly bettingPhase: BettingPhase;
  readonly fixedSeats: boolean;
  /** the tell: accuracy a of the passive players' read of each hidden roll (betting.readAccuracy), and a as a threshold on a 30-bit draw */
  readonly readAccuracy: number;
  private readonly readThreshold: number;
  /** the passive players' card odds for the roll being bet on (win probability by card, then the void probability at [C]) */
  readonly odds: Float64Array;

  // state, by seat
  readonly fortune: Float64Array;
  readonly stake: Float64Array;
  readonly card: Int32Array; // -1: no bet this turn
  readonly allIn: Uint8Array;
  readonly betOdds: Float64Array;
  readonly slotOfSeat: Int32Array;
  readonly safes: Float64Array;
  topSafe = 0;
  turns = 0;
  /**
   * Doubles live in typed arrays, never in arguments or return values of the hot path's calls:
   * V8 boxes a double crossing a call that is not inlined (a heap allocation per call).
   * [0] all-in limit, [1] all-in odds, [2] scratch amount (stake, raise, score)
   */
  private readonly num = new Float64Array(3);
  get allInLimit(): number {
    return this.num[0];
  }
  get allInOdds(): number {
    return this.num[1];
  }
  /** how the last game ended (END.*) and the seat of its instant-win roller (or −1) */
  endReason = 0;
  instantWinner = -1;

  /** `bettorOf`: as for `checkGameParams` (the registry's `bettorFor`). */
  constructor(params: GameParams, bettorOf: BettorOf) {
    const { rules, players } = params;
    this.rules = rules;
    this.game = checkGameParams(params, bettorOf);
    const P = (this.P = players.length);
    const C = (this.C = rules.bettingCards.length);
    this.L = gameLayout(P, C);
    this.acc = new Float64Array(this.L.length);
    this.fixedSeats = !!params.fixedSeats;
    const g = this.game;
    const r = compileRules(rules, g, P);
    this.cardMin = r.cardMin;
    this.cardMax = r.cardMax;
    this.cardOdds = r.cardOdds;
    this.mbFortune = r.mbFortune;
    this.mbBet = r.mbBet;
    this.safeLimit = r.safeLimit;
    this.sideLimit = r.sideLimit;
    this.sideOdds = r.sideOdds;
    this.baseAllInLimit = rules.allIn.limit;
    this.baseAllInOdds = rules.allIn.odds;
    this.instantScores = r.instantScores;
    this.betsSettledOnInstant = r.betsSettledOnInstant;
    this.sitOut = r.sitOut;
    this.splitTies = r.splitTies;
    const slots = compileSlots(rules, players, bettorOf);
    this.policies = slots.policies;
    this.slotPolicy = slots.policy;
    this.slotBettor = slots.bettors;
    this.slotAllIn = Uint8Array.from(slots.bettors, (b) => (b.allIn ? 1 : 0));
    this.slotRaises = Uint8Array.from(slots.bettors, (b) => (b.raises ? 1 : 0));
    const planned = slots.bettors.map((b) => (b instanceof PlannedBettor ? b : null));
    this.slotPick = Int32Array.from(planned, (b) => (b ? b.pick : -1));
    this.slotCard = Int32Array.from(planned, (b) => (b ? b.card : 0));
    this.slotSizing = Int32Array.from(planned, (b) => (b ? b.sizing : 0));
    this.slotSize = Float64Array.from(planned, (b) => (b ? b.size : 0));
    this.raiseValue = raiseValues(this.policies, this.cardOdds);
    this.readAccuracy = rules.betting?.readAccuracy ?? 0;
    this.readThreshold = Math.round(this.readAccuracy * READ_SCALE);
    this.odds = new Float64Array(C + 1);
    this.bettingPhase = new BettingPhase(C, this.odds, this.cardOdds, this.raiseValue);
    this.bettingPhase.num[CHIP] = this.game.chip;
    this.fortune = new Float64Array(P);
    this.stake = new Float64Array(P);
    this.card = new Int32Array(P);
    this.allIn = new Uint8Array(P);
    this.betOdds = new Float64Array(P);
    this.slotOfSeat = new Int32Array(P);
    this.safes = new Float64Array(g.safes.count);
    this.newGame(0);
  }

  /** Set the table for a new game: starting cash, empty safes, the base all-in card; slot (s + rotation) % P sits at seat s. */
  newGame(rotation: number): void {
    for (let s = 0; s < this.P; s++) {
      this.fortune[s] = this.game.startingCash;
      this.stake[s] = 0;
      this.card[s] = -1;
      this.allIn[s] = 0;
      this.slotOfSeat[s] = (s + rotation) % this.P;
    }
    this.safes.fill(0);
    this.topSafe = 0;
    this.num[0] = this.baseAllInLimit;
    this.num[1] = this.baseAllInOdds;
    this.turns = 0;
    this.endReason = END.none;
    this.instantWinner = -1;
  }

  /**
   * A copy of this machine with a table of its own (fortunes, bets, safes, the all-in card, the
   * accumulator) and the same compiled rules and strategies, which are not compiled again: what the
   * game-interface state (state.ts) clones with.
   */
  copy(): this {
    const c = Object.assign(Object.create(Object.getPrototypeOf(this) as object) as this, this);
    const from = this as unknown as Record<string, Float64Array>, to = c as unknown as Record<string, Float64Array>;
    for (const k of ['acc', 'fortune', 'stake', 'card', 'allIn', 'betOdds', 'slotOfSeat', 'safes', 'num', 'odds']) to[k] = from[k].slice();
    return c;
  }

  /** Set the all-in card (limit and odds) now in play: for the game-interface state (state.ts) and its players. */
  setAllInCard(limit: number, odds: number): void {
    this.num[0] = limit;
    this.num[1] = odds;
  }

  /** The minimum bet for a fortune (the rules' table). */
  minimumBet(fortune: number): number {
    let bet = this.mbBet[0];
    for (let i = 1; i < this.mbFortune.length; i++) if (fortune >= this.mbFortune[i]) bet = this.mbBet[i];
    return bet;
  }

  /** Row of the minimum-bet table for a seat's fortune (an integer, so nothing is boxed); the table's fortunes ascend (rules.ts). */
  private minBetRow(seat: number): number {
    const f = this.fortune[seat], last = this.mbFortune.length - 1;
    let row = 0;
    while (row < last && f >= this.mbFortune[row + 1]) row++;
    return row;
  }

  /** Place a bet (initial phase): stake moves from fortune onto the card; all-in takes the whole fortune at the all-in odds. */
  placeBet(seat: number, card: number, stake: number, allIn: boolean): void {
    this.num[2] = stake;
    this.bet(seat, card, allIn);
  }

  /** Raise a standing bet (later phases). */
  raise(seat: number, amount: number): void {
    this.num[2] = amount;
    this.raiseBy(seat);
  }

  /** Pay the active player and settle every bet on final score `score`; losing stakes go onto the top safe, which may close. */
  endTurn(active: number, score: number): void {
    this.num[2] = score;
    this.endTurnAt(active);
  }

  /** Where the accumulator slots of the strategy sitting at `seat` start. */
  private slotBase(seat: number): number {
    return this.L.offset.slot + this.slotOfSeat[seat] * SLOT.length;
  }

  /** The stake is num[2]. */
  private bet(seat: number, card: number, allIn: boolean): void {
    const stake = allIn ? this.fortune[seat] : this.num[2];
    this.fortune[seat] -= stake;
    this.stake[seat] = stake;
    this.card[seat] = card;
    this.allIn[seat] = allIn ? 1 : 0;
    this.betOdds[seat] = allIn ? this.num[1] : this.cardOdds[card];
    const o = this.slotBase(seat);
    this.acc[o + S_BETS]++;
    this.acc[o + S_STAKED] += stake;
    if (allIn) this.acc[o + S_ALLINS]++;
  }

  /** The amount is num[2]. */
  private raiseBy(seat: number): void {
    const amount = this.num[2];
    this.fortune[seat] -= amount;
    this.stake[seat] += amount;
    const o = this.slotBase(seat);
    this.acc[o + S_STAKED] += amount;
    this.acc[o + S_RAISES]++;
  }

  /** The score is num[2]. */
  private endTurnAt(active: number): void {
    const a = this.acc, L = this.L;
    const score = this.num[2];
    this.fortune[active] += score;
    a[L.offset.money + M_SCORES] += score;
    a[this.slotBase(active) + S_SCORED] += score;
    this.settleBets();
    this.closeSafes();
  }

  /** Settle on the score in num[2]. */
  private settleBets(): void {
    const a = this.acc, L = this.L;
    const score = this.num[2];
    let won = -1;
    for (let c = 0; c < this.C; c++) {
      if (score >= this.cardMin[c] && score <= this.cardMax[c]) {
        won = c;
        break;
      }
    }
    for (let s = 0; s < this.P; s++) {
      const c = this.card[s];
      if (c < 0) continue;
      const st = this.stake[s];
      // all-in bets are counted as card C, whatever card they are on
      const k = L.offset.card + (this.allIn[s] ? this.C : c) * CARD.length;
      const slotNet = this.slotBase(s) + S_NET;
      let net: number;
      if (won === c) {
        net = st * this.betOdds[s];
        this.fortune[s] += st + net;
        a[L.offset.money + (this.allIn[s] ? M_ALLINWIN : M_CARDWIN)] += net;
        a[k + C_WINS]++;
      } else {
        net = -st;
        if (this.topSafe < this.safes.length) this.safes[this.topSafe] += st;
        a[L.offset.money + M_TOSAFES] += st;
      }
      a[slotNet] += net;
      a[k + C_BETS]++;
      a[k + C_STAKED] += st;
      a[k + C_NET] += net;
      a[k + C_NETSQ] += net * net;
      a[k + C_STAKESQ] += st * st;
      a[k + C_NETSTAKE] += net * st;
      this.stake[s] = 0;
      this.card[s] = -1;
      this.allIn[s] = 0;
    }
  }

  /** Return every stake unsettled (an instant win when bets are not settled). */
  voidBets(): void {
    for (let s = 0; s < this.P; s++) {
      if (this.card[s] < 0) continue;
      this.fortune[s] += this.stake[s];
      this.acc[this.L.offset.money + M_VOID] += this.stake[s];
      this.stake[s] = 0;
      this.card[s] = -1;
      this.allIn[s] = 0;
    }
  }

  /** Close the top safe while it holds its limit: limit → bank, surplus → next safe, its all-in side becomes the all-in card. */
  closeSafes(): void {
    const a = this.acc, L = this.L;
    while (this.topSafe < this.safes.length && this.safes[this.topSafe] >= this.safeLimit) {
      const i = this.topSafe;
      const surplus = this.safes[i] - this.safeLimit;
      this.safes[i] = 0;
      a[L.offset.money + M_SAFESBANK] += this.safeLimit;
      a[L.offset.money + M_CLOSED]++;
      this.num[0] = this.sideLimit[i];
      this.num[1] = this.sideOdds[i];
      this.topSafe = i + 1;
      if (this.topSafe < this.safes.length) this.safes[this.topSafe] += surplus;
      else a[L.offset.money + M_SURPLUS] += surplus;
    }
  }

  /**
   * What the passive players believe about the roll just made (global roll class g at total index
   * t, n dice): with no read, the state's card odds; with the tell, the posterior given a signal
   * that is the true class with probability a, else a fresh draw of n dice (turn/tell.ts). Writes
   * this.odds. At a = 0 no random number is drawn, so games without a tell keep their streams.
   */
  readRoll(rng: Rng, pol: PolicyTables, t: number, n: number, g: number): void {
    let s = g;
    if (this.readThreshold > 0 && rng.below(READ_SCALE) >= this.readThreshold) {
      const T = pol.sim;
      s = T.classOffset[n] + T.classOfRoll[T.rollOffset[n] + rng.below(T.outcomes[n])];
    }
    readOdds(pol, t, n, s, this.readAccuracy, this.odds);
  }

  /** The initial betting phase: every passive player with chips picks a card and stakes, on the odds in this.odds (readRoll). */
  initialBets(active: number): void {
    const ph = this.bettingPhase, n = ph.num;
    const C = this.C, chip = this.game.chip, W = this.odds, vp = W[C], rv = this.slotPolicy[this.slotOfSeat[active]] * C;
    ph.raiseBase = rv;
    n[ALL_IN_ODDS] = this.num[1];
    for (let s = 0; s < this.P; s++) {
      if (s === active) continue;
      const f = this.fortune[s];
      if (f <= 0) continue;
      const slot = this.slotOfSeat[s];
      const mb = this.mbBet[this.minBetRow(s)];
      const mayAllIn = this.slotAllIn[slot] === 1 && f <= this.num[0];
      if (f < mb && this.sitOut && !mayAllIn) continue;
      const pick = this.slotPick[slot];
      if (pick < 0) {
        n[FORTUNE] = f;
        n[STAKE] = 0;
        n[MIN_BET] = mb;
        ph.mayAllIn = mayAllIn ? 1 : 0;
        const c = this.slotBettor[slot].open(ph);
        if (c < 0) this.bet(s, -1 - c, true);
        else {
          this.num[2] = n[AMOUNT];
          this.bet(s, c, false);
        }
        continue;
      }
      // a PlannedBettor's open(), written out: the card, the stake, all in when better
      let c = this.slotCard[slot];
      if (pick !== PICK.fixed) {
        let best = -Infinity;
        for (let k = 0; k < C; k++) {
          const p = W[k];
          const ev = p * this.cardOdds[k] - (1 - p - vp) + (pick === PICK.lookahead ? this.raiseValue[rv + k] : 0);
          if (ev > best) {
            best = ev;
            c = k;
          }
        }
      }
      const p = W[c], lose = 1 - p - vp, b = this.cardOdds[c], ev = p * b - lose;
      const sizing = this.slotSizing[slot];
      let target = 0;
      if (sizing !== SIZING.min && ev > 0) target = sizing === SIZING.fraction ? this.slotSize[slot] * f : (this.slotSize[slot] * ev * f) / (b * (p + lose));
      target = Math.floor(target / chip + 1e-9) * chip;
      let st = target > mb ? target : mb;
      if (st > f) st = f;
      if (mayAllIn) {
        let ca = 0, evA = -Infinity;
        for (let k = 0; k < C; k++) {
          const q = W[k];
          const e = q * this.num[1] - (1 - q - vp);
          if (e > evA) {
            evA = e;
            ca = k;
          }
        }
        if (evA > 0 && evA * f > ev * st) {
          this.bet(s, ca, true);
          continue;
        }
      }
      this.num[2] = st;
      this.bet(s, c, false);
    }
  }

  /** A later betting phase: players holding an ordinary bet may raise on the conditional EV of their card (this.odds). */
  raises(active: number): void {
    const ph = this.bettingPhase, n = ph.num, chip = this.game.chip;
    ph.raiseBase = this.slotPolicy[this.slotOfSeat[active]] * this.C;
    for (let s = 0; s < this.P; s++) {
      if (s === active) continue;
      const c = this.card[s];
      if (c < 0 || this.allIn[s] === 1) continue;
      const slot = this.slotOfSeat[s];
      if (this.slotRaises[slot] === 0) continue;
      const f = this.fortune[s];
      if (f <= 0) continue;
      // a raise on a card that is not favourable loses chips in expectation: no bettor is asked to
      const p = this.odds[c], b = this.betOdds[s], lose = 1 - p - this.odds[this.C], edge = p * b - lose;
      if (edge <= 0) continue;
      let amount: number;
      const sizing = this.slotSizing[slot];
      if (this.slotPick[slot] < 0) {
        n[FORTUNE] = f;
        n[STAKE] = this.stake[s];
        n[MIN_BET] = this.mbBet[this.minBetRow(s)];
        n[BET_ODDS] = b;
        n[EDGE] = edge;
        this.slotBettor[slot].raise(ph, c);
        amount = n[AMOUNT];
      } else if (sizing === SIZING.min) amount = this.mbBet[this.minBetRow(s)];
      else {
        // a PlannedBettor's raise(), written out: up to the rule's stake on fortune + stake
        const wealth = f + this.stake[s];
        const target = sizing === SIZING.fraction ? this.slotSize[slot] * wealth : (this.slotSize[slot] * edge * wealth) / (b * (p + lose));
        amount = Math.floor((target - this.stake[s]) / chip + 1e-9) * chip;
      }
      if (amount > f) amount = f;
      if (amount > 0) {
        this.num[2] = amount;
        this.raiseBy(s);
      }
    }
  }

  /**
   * Play the turn of `active`, roll by roll with the simulator's tables; a betting phase follows
   * each roll before it is revealed (passive players see only the revealed state). Returns END.*.
   */
  playTurn(rng: Rng, active: number): number {
    const a = this.acc, L = this.L;
    const pol = this.policies[this.slotPolicy[this.slotOfSeat[active]]];
    const T = pol.sim;
    const { unit, cap, classTotal, outcomes, rollOffset, classOffset, classOfRoll, kind, nextTotal, nextDice, stop } = T;
    const S = T.dice + 1;
    let t = 0, n = T.dice, first = true, score = 0, rolls = 0;
    this.turns++;
    for (;;) {
      const g = classOffset[n] + classOfRoll[rollOffset[n] + rng.below(outcomes[n])];
      rolls++;
      this.readRoll(rng, pol, t, n, g);
      if (first) this.initialBets(active);
      else this.raises(active);
      first = false;
      const k = kind[g];
      if (k === ROLL.bust) {
        score = 0;
        break;
      }
      if (k === ROLL.instantWin) {
        a[L.offset.rolls] += rolls;
        a[L.offset.phases] += rolls;
        this.num[2] = t * unit + T.instantValue;
        return this.instantWin(active);
      }
      const j = t * classTotal + g;
      t = nextTotal[j];
      n = nextDice[j];
      if (n === 0 || t > cap || stop[t * S + n] === 1) {
        score = t * unit;
        break;
      }
    }
    a[L.offset.rolls] += rolls;
    a[L.offset.phases] += rolls;
    this.num[2] = score;
    this.endTurnAt(active);
    return this.checkEnd();
  }

  /** The instant win of `active`, worth `score` where it scores; returns END.*. */
  instantWinWith(active: number, score: number): number {
    this.num[2] = score;
    return this.instantWin(active);
  }

  /** The instant win, worth num[2] where it scores. */
  private instantWin(active: number): number {
    const score = this.num[2];
    if (this.betsSettledOnInstant) {
      this.endTurnAt(active);
    } else {
      this.voidBets();
      if (this.instantScores) {
        this.fortune[active] += score;
        this.acc[this.L.offset.money + M_SCORES] += score;
        this.acc[this.slotBase(active) + S_SCORED] += score;
      }
    }
    if (!this.instantScores) {
      this.instantWinner = active;
      return END.instantWin;
    }
    return this.checkEnd();
  }

  /** End-of-turn checks: a fortune at the end limit, the last safe closed, the turn limit. */
  checkEnd(): number {
    for (let s = 0; s < this.P; s++) if (this.fortune[s] >= this.game.endFortune) return END.fortune;
    if (this.topSafe >= this.safes.length) return END.safes;
    if (this.turns >= this.game.maxTurns) return END.turnLimit;
    return END.none;
  }

  /** Play one whole game from `newGame`; accumulates its outcome. Returns END.*. */
  playGame(rng: Rng): number {
    this.newGame(this.fixedSeats ? 0 : rng.below(this.P));
    let active = 0, end = 0;
    while ((end = this.playTurn(rng, active)) === END.none) active = active + 1 === this.P ? 0 : active + 1;
    this.finishGame(end);
    return end;
  }

  /** Record a finished game: winners (instant-win roller, else largest fortune; ties per the rules), fortunes, length, how it ended. */
  finishGame(end: number): void {
    const a = this.acc, L = this.L;
    this.endReason = end;
    a[L.offset.games]++;
    a[L.offset.turns] += this.turns;
    a[L.offset.turnsSq] += this.turns * this.turns;
    a[L.offset.hist + (this.turns < L.size.hist - 1 ? this.turns : L.size.hist - 1)]++;
    a[L.offset.end + end - 1]++;
    let left = 0;
    for (let i = 0; i < this.safes.length; i++) left += this.safes[i];
    a[L.offset.money + M_LEFT] += left;
    for (let s = 0; s < this.P; s++) {
      const o = this.slotBase(s);
      a[o + S_FORT] += this.fortune[s];
      a[o + S_FORTSQ] += this.fortune[s] * this.fortune[s];
    }
    if (end === END.instantWin) {
      a[this.slotBase(this.instantWinner) + S_WINS] += 1;
      a[L.offset.seat + this.instantWinner] += 1;
      return;
    }
    let best = -Infinity, k = 0;
    for (let s = 0; s < this.P; s++) {
      if (this.fortune[s] > best) {
        best = this.fortune[s];
        k = 1;
      } else if (this.fortune[s] === best) k++;
    }
    if (k > 1 && !this.splitTies) return;
    for (let s = 0; s < this.P; s++) {
      if (this.fortune[s] !== best) continue;
      a[this.slotBase(s) + S_WINS] += 1 / k;
      a[L.offset.seat + s] += 1 / k;
    }
  }

  /** Play `count` games into `acc` (allocation-free). */
  playGames(rng: Rng, count: number, acc: Float64Array): void {
    this.acc = acc;
    for (let i = 0; i < count; i++) this.playGame(rng);
  }
}

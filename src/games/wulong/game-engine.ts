import type { Rng } from '../../core/rng.js';
import { UserError } from '../../core/errors.js';
import type { WulongRules } from './rules.js';
import type { PolicySpec } from './policy.js';
import { TurnAnalysis, bettingCards } from './analysis.js';
import { buildSimTables, type TurnSimTables } from './simulator.js';
import { checkPlayers, safeLimit, validateGameRules, type GameRules } from './game-rules.js';
import type { PlayerSpec } from './game-passive.js';

/** What the game kernel is handed: rules (with `game`), one player spec per strategy slot, seating. */
export interface GameParams {
  rules: WulongRules;
  players: PlayerSpec[];
  /** false (default): each game seats the slots in a random rotation, so seat and strategy effects separate */
  fixedSeats?: boolean;
}

/** Check game params before any worker sees them (a bad card id or player count is the user's mistake, exit 2). */
export function checkGameParams(params: GameParams): GameRules {
  const g = validateGameRules(params.rules);
  checkPlayers(params.players.length, 'number of players');
  for (const pl of params.players) {
    const s = pl.passive;
    if (s.card === 'fixed' && !params.rules.bettingCards.some((x) => x.id === s.fixedCard)) {
      throw new UserError(`strategy ${s.name}: no betting card "${s.fixedCard}" (cards: ${params.rules.bettingCards.map((x) => x.id).join(', ')})`);
    }
  }
  return g;
}

/**
 * One active policy's tables: the turn simulator's roll-step tables and, for every state a roll
 * is made from (total index t ≤ cap, n dice), each card's exact win probability and the chance
 * that the turn's bets are voided (an unsettled instant win). Decisions are lookups.
 */
export interface PolicyTables {
  policy: PolicySpec;
  sim: TurnSimTables;
  /** [(t * (dice + 1) + n) * cards + c] */
  winP: Float64Array;
  /** [t * (dice + 1) + n] */
  voidP: Float64Array;
  /** probability that a roll is made at (t, n) during a turn: [t * (dice + 1) + n]; sums to the expected rolls per turn */
  occupancy: Float64Array;
}

/** How often the active player rolls from each state (t ≤ cap, n dice): a forward pass over the roll-step tables. */
export function rollOccupancy(sim: TurnSimTables, classWeight: Float64Array): Float64Array {
  const S = sim.dice + 1, N = sim.dice;
  const occ = new Float64Array((sim.cap + 1) * S);
  occ[N] = 1;
  for (let t = 0; t <= sim.cap; t++) {
    for (let n = 1; n <= N; n++) {
      const m = occ[t * S + n];
      if (m === 0) continue;
      const from = sim.classOffset[n], to = n < N ? sim.classOffset[n + 1] : sim.classTotal;
      for (let g = from; g < to; g++) {
        if (sim.kind[g] !== 0) continue;
        const j = t * sim.classTotal + g;
        const nt = sim.nextTotal[j], nn = sim.nextDice[j];
        if (nn === 0 || nt > sim.cap || sim.stop[nt * S + nn] === 1) continue;
        occ[nt * S + nn] += (m * classWeight[g]) / sim.outcomes[n];
      }
    }
  }
  return occ;
}

export function buildPolicyTables(rules: WulongRules, policy: PolicySpec): PolicyTables {
  const sim = buildSimTables(rules, policy);
  const a = new TurnAnalysis(rules, policy);
  if (a.solution.cap !== sim.cap) throw new Error('turn analysis and simulator tables disagree on the cap');
  const S = sim.dice + 1, C = rules.bettingCards.length;
  const winP = new Float64Array((sim.cap + 1) * S * C);
  const voidP = new Float64Array((sim.cap + 1) * S);
  const voids = !!rules.instantWin && !rules.instantWin.betsSettled;
  for (let t = 0; t <= sim.cap; t++) {
    for (let n = 1; n <= sim.dice; n++) {
      const d = a.distribution(t * sim.unit, n);
      const cards = bettingCards(rules, d, sim.unit);
      for (let c = 0; c < C; c++) winP[(t * S + n) * C + c] = cards[c].probability;
      voidP[t * S + n] = voids ? d.instantWin : 0;
    }
  }
  const classWeight = new Float64Array(sim.classTotal);
  for (let n = 1; n <= sim.dice; n++) a.tables.classes[n].forEach((c, i) => (classWeight[sim.classOffset[n] + i] = c.weight));
  return { policy, sim, winP, voidP, occupancy: rollOccupancy(sim, classWeight) };
}

/**
 * The expected net chips, per unit raised, of raising one unit on card c at every later betting
 * phase where its conditional EV is positive: Σ over roll states s after the first of
 * occupancy(s) × max(0, EV_c(s)). With the `min` raise rule (one minimum bet per favourable phase)
 * this is the exact value, in minimum bets, that the card's later raises add to the opening bet.
 */
export function raiseValue(pol: PolicyTables, c: number, odds: number, S: number, C: number): number {
  let v = 0;
  for (let t = 0; t <= pol.sim.cap; t++) {
    for (let n = 1; n < S; n++) {
      const i = t * S + n;
      if (i === pol.sim.dice || pol.occupancy[i] === 0) continue; // the opening roll is the bet itself
      const p = pol.winP[i * C + c];
      const ev = p * odds - (1 - p - pol.voidP[i]);
      if (ev > 0) v += pol.occupancy[i] * ev;
    }
  }
  return v;
}

/** How a game ended. */
export const END = { none: 0, instantWin: 1, fortune: 2, safes: 3, turnLimit: 4 } as const;
export const END_NAMES = ['instantWin', 'fortune', 'safes', 'turnLimit'] as const;
export const MONEY_NAMES = [
  'scoresPaid', // bank → active players (final turn scores)
  'cardWinnings', // bank → winning bets at card odds (net of the returned stake)
  'allInWinnings', // bank → winning all-in bets at all-in odds
  'stakesToSafes', // losing stakes → top safe
  'safesToBank', // closing safes → bank (their limits)
  'surplusToBank', // the last safe's surplus when it closes
  'leftOnSafes', // chips still on safes when the game ends
  'voidedStakes', // stakes returned unsettled (instant win)
  'safesClosed', // count
] as const;
const SLOT_FIELDS = ['wins', 'fortune', 'fortuneSq', 'bets', 'staked', 'net', 'scored', 'allIns', 'raises'] as const;
const CARD_FIELDS = ['bets', 'wins', 'staked', 'net', 'netSq', 'stakeSq', 'netStake'] as const;
export const HIST_BINS = 400;

/** Accumulator layout for P strategy slots and C cards (the all-in bets are card C). */
export function gameLayout(P: number, C: number) {
  const games = 0, turns = 1, turnsSq = 2, rolls = 3, phases = 4, end = 5;
  const money = end + END_NAMES.length;
  const slot = money + MONEY_NAMES.length;
  const seat = slot + P * SLOT_FIELDS.length;
  const card = seat + P;
  const hist = card + (C + 1) * CARD_FIELDS.length;
  return { games, turns, turnsSq, rolls, phases, end, money, slot, slotStride: SLOT_FIELDS.length, seat, card, cardStride: CARD_FIELDS.length, hist, size: hist + HIST_BINS };
}
export type GameLayout = ReturnType<typeof gameLayout>;
export { SLOT_FIELDS, CARD_FIELDS };

// slot field offsets
const S_WINS = 0, S_FORT = 1, S_FORTSQ = 2, S_BETS = 3, S_STAKED = 4, S_NET = 5, S_SCORED = 6, S_ALLINS = 7, S_RAISES = 8;
// card field offsets
const C_BETS = 0, C_WINS = 1, C_STAKED = 2, C_NET = 3, C_NETSQ = 4, C_STAKESQ = 5, C_NETSTAKE = 6;
// money offsets
const M_SCORES = 0, M_CARDWIN = 1, M_ALLINWIN = 2, M_TOSAFES = 3, M_SAFESBANK = 4, M_SURPLUS = 5, M_LEFT = 6, M_VOID = 7, M_CLOSED = 8;

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
  private readonly slotCardMode: Int32Array; // 0 exact, 1 fixed
  private readonly slotFixedCard: Int32Array;
  private readonly slotStake: Int32Array; // 0 min, 1 fraction, 2 kelly
  private readonly slotSize: Float64Array;
  private readonly slotRaises: Uint8Array;
  private readonly slotAllIn: Uint8Array;
  readonly fixedSeats: boolean;

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

  constructor(params: GameParams) {
    const { rules, players } = params;
    this.rules = rules;
    this.game = checkGameParams(params);
    const P = (this.P = players.length);
    const C = (this.C = rules.bettingCards.length);
    this.L = gameLayout(P, C);
    this.acc = new Float64Array(this.L.size);
    this.fixedSeats = !!params.fixedSeats;
    const g = this.game;
    this.cardMin = Float64Array.from(rules.bettingCards, (c) => c.min);
    this.cardMax = Float64Array.from(rules.bettingCards, (c) => (c.max === null ? Infinity : c.max));
    this.cardOdds = Float64Array.from(rules.bettingCards, (c) => c.odds);
    this.mbFortune = Float64Array.from(g.minimumBet, (e) => e.fortune);
    this.mbBet = Float64Array.from(g.minimumBet, (e) => e.bet);
    this.safeLimit = safeLimit(g, P);
    this.sideLimit = Float64Array.from(g.safes.allInSides, (s) => s.limit);
    this.sideOdds = Float64Array.from(g.safes.allInSides, (s) => s.odds);
    this.baseAllInLimit = rules.allIn.limit;
    this.baseAllInOdds = rules.allIn.odds;
    this.instantScores = g.instantWin === 'scores';
    this.betsSettledOnInstant = !!rules.instantWin?.betsSettled;
    this.sitOut = g.shortStack === 'sit-out';
    this.splitTies = g.ties === 'split';

    const keys: string[] = [];
    this.policies = [];
    this.slotPolicy = new Int32Array(P);
    this.slotCardMode = new Int32Array(P);
    this.slotFixedCard = new Int32Array(P);
    this.slotStake = new Int32Array(P);
    this.slotSize = new Float64Array(P);
    this.slotRaises = new Uint8Array(P);
    this.slotAllIn = new Uint8Array(P);
    players.forEach((pl, i) => {
      const key = JSON.stringify([pl.policy.stop, pl.policy.choice]);
      let pi = keys.indexOf(key);
      if (pi < 0) {
        pi = keys.length;
        keys.push(key);
        this.policies.push(policyTablesFor(rules, pl.policy));
      }
      this.slotPolicy[i] = pi;
      const s = pl.passive;
      this.slotCardMode[i] = s.card === 'fixed' ? 1 : s.card === 'lookahead' ? 2 : 0;
      if (s.card === 'fixed') this.slotFixedCard[i] = rules.bettingCards.findIndex((x) => x.id === s.fixedCard);
      this.slotStake[i] = s.stake === 'min' ? 0 : s.stake === 'fraction' ? 1 : 2;
      this.slotSize[i] = s.size;
      this.slotRaises[i] = s.raises ? 1 : 0;
      this.slotAllIn[i] = s.allIn ? 1 : 0;
    });
    this.raiseValue = new Float64Array(this.policies.length * C);
    this.policies.forEach((pol, pi) => {
      const S = pol.sim.dice + 1;
      for (let c = 0; c < C; c++) this.raiseValue[pi * C + c] = raiseValue(pol, c, this.cardOdds[c], S, C);
    });
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

  /** The minimum bet for a fortune (the rules' table). */
  minimumBet(fortune: number): number {
    let bet = this.mbBet[0];
    for (let i = 1; i < this.mbFortune.length; i++) if (fortune >= this.mbFortune[i]) bet = this.mbBet[i];
    return bet;
  }

  /** Row of the minimum-bet table for a seat's fortune (an integer, so nothing is boxed). */
  private minBetRow(seat: number): number {
    const f = this.fortune[seat];
    let row = 0;
    for (let i = 1; i < this.mbFortune.length; i++) if (f >= this.mbFortune[i]) row = i;
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

  /** The stake is num[2]. */
  private bet(seat: number, card: number, allIn: boolean): void {
    const stake = allIn ? this.fortune[seat] : this.num[2];
    this.fortune[seat] -= stake;
    this.stake[seat] = stake;
    this.card[seat] = card;
    this.allIn[seat] = allIn ? 1 : 0;
    this.betOdds[seat] = allIn ? this.num[1] : this.cardOdds[card];
    const o = this.L.slot + this.slotOfSeat[seat] * this.L.slotStride;
    this.acc[o + S_BETS]++;
    this.acc[o + S_STAKED] += stake;
    if (allIn) this.acc[o + S_ALLINS]++;
  }

  /** The amount is num[2]. */
  private raiseBy(seat: number): void {
    const amount = this.num[2];
    this.fortune[seat] -= amount;
    this.stake[seat] += amount;
    const o = this.L.slot + this.slotOfSeat[seat] * this.L.slotStride;
    this.acc[o + S_STAKED] += amount;
    this.acc[o + S_RAISES]++;
  }

  /** The score is num[2]. */
  private endTurnAt(active: number): void {
    const a = this.acc, L = this.L;
    const score = this.num[2];
    this.fortune[active] += score;
    a[L.money + M_SCORES] += score;
    a[L.slot + this.slotOfSeat[active] * L.slotStride + S_SCORED] += score;
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
      const k = L.card + (this.allIn[s] ? this.C : c) * L.cardStride;
      const slotNet = L.slot + this.slotOfSeat[s] * L.slotStride + S_NET;
      let net: number;
      if (won === c) {
        net = st * this.betOdds[s];
        this.fortune[s] += st + net;
        a[L.money + (this.allIn[s] ? M_ALLINWIN : M_CARDWIN)] += net;
        a[k + C_WINS]++;
      } else {
        net = -st;
        if (this.topSafe < this.safes.length) this.safes[this.topSafe] += st;
        a[L.money + M_TOSAFES] += st;
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
      this.acc[this.L.money + M_VOID] += this.stake[s];
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
      a[L.money + M_SAFESBANK] += this.safeLimit;
      a[L.money + M_CLOSED]++;
      this.num[0] = this.sideLimit[i];
      this.num[1] = this.sideOdds[i];
      this.topSafe = i + 1;
      if (this.topSafe < this.safes.length) this.safes[this.topSafe] += surplus;
      else a[L.money + M_SURPLUS] += surplus;
    }
  }

  /** The initial betting phase: every passive player with chips picks a card and stakes (state: total index t, n dice being rolled). */
  initialBets(active: number, pol: PolicyTables, t: number, n: number): void {
    const C = this.C, S = pol.sim.dice + 1, chip = this.game.chip;
    const base = (t * S + n) * C, vp = pol.voidP[t * S + n], W = pol.winP;
    for (let s = 0; s < this.P; s++) {
      if (s === active) continue;
      const f = this.fortune[s];
      if (f <= 0) continue;
      const slot = this.slotOfSeat[s];
      const mb = this.mbBet[this.minBetRow(s)];
      const mayAllIn = this.slotAllIn[slot] === 1 && f <= this.num[0];
      if (f < mb && this.sitOut && !mayAllIn) continue;
      // card
      let c = this.slotFixedCard[slot];
      const mode0 = this.slotCardMode[slot];
      if (mode0 !== 1) {
        let best = -Infinity;
        const rv = this.slotPolicy[this.slotOfSeat[active]] * C;
        for (let k = 0; k < C; k++) {
          const p = W[base + k];
          const ev = p * this.cardOdds[k] - (1 - p - vp) + (mode0 === 2 ? this.raiseValue[rv + k] : 0);
          if (ev > best) {
            best = ev;
            c = k;
          }
        }
      }
      const p = W[base + c], lose = 1 - p - vp, b = this.cardOdds[c];
      const ev = p * b - lose;
      // the sizing rule's target stake (0: the minimum)
      let target = 0;
      const mode = this.slotStake[slot];
      if (mode !== 0 && ev > 0) target = mode === 1 ? this.slotSize[slot] * f : (this.slotSize[slot] * ev * f) / (b * (p + lose));
      target = Math.floor(target / chip + 1e-9) * chip;
      let st = target > mb ? target : mb;
      if (st > f) st = f;
      if (mayAllIn) {
        let ca = 0, evA = -Infinity;
        for (let k = 0; k < C; k++) {
          const q = W[base + k];
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

  /** A later betting phase: players holding an ordinary bet may raise on the conditional EV of their card. */
  raises(active: number, pol: PolicyTables, t: number, n: number): void {
    const C = this.C, S = pol.sim.dice + 1, chip = this.game.chip;
    const base = (t * S + n) * C, vp = pol.voidP[t * S + n], W = pol.winP;
    for (let s = 0; s < this.P; s++) {
      if (s === active) continue;
      const c = this.card[s];
      if (c < 0 || this.allIn[s] === 1) continue;
      const slot = this.slotOfSeat[s];
      if (this.slotRaises[slot] === 0) continue;
      const f = this.fortune[s];
      if (f <= 0) continue;
      const p = W[base + c], lose = 1 - p - vp, b = this.betOdds[s];
      if (p * b - lose <= 0) continue;
      let amount: number;
      const mode = this.slotStake[slot];
      if (mode === 0) amount = this.mbBet[this.minBetRow(s)];
      else {
        const wealth = f + this.stake[s], ev = p * b - lose;
        const target = mode === 1 ? this.slotSize[slot] * wealth : (this.slotSize[slot] * ev * wealth) / (b * (p + lose));
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
      if (first) this.initialBets(active, pol, t, n);
      else this.raises(active, pol, t, n);
      first = false;
      const k = kind[g];
      if (k === 1) {
        score = 0;
        break;
      }
      if (k === 2) {
        a[L.rolls] += rolls;
        a[L.phases] += rolls;
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
    a[L.rolls] += rolls;
    a[L.phases] += rolls;
    this.num[2] = score;
    this.endTurnAt(active);
    return this.checkEnd();
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
        this.acc[this.L.money + M_SCORES] += score;
        this.acc[this.L.slot + this.slotOfSeat[active] * this.L.slotStride + S_SCORED] += score;
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
    a[L.games]++;
    a[L.turns] += this.turns;
    a[L.turnsSq] += this.turns * this.turns;
    a[L.hist + (this.turns < HIST_BINS - 1 ? this.turns : HIST_BINS - 1)]++;
    a[L.end + end - 1]++;
    let left = 0;
    for (let i = 0; i < this.safes.length; i++) left += this.safes[i];
    a[L.money + M_LEFT] += left;
    for (let s = 0; s < this.P; s++) {
      const o = L.slot + this.slotOfSeat[s] * L.slotStride;
      a[o + S_FORT] += this.fortune[s];
      a[o + S_FORTSQ] += this.fortune[s] * this.fortune[s];
    }
    if (end === END.instantWin) {
      a[L.slot + this.slotOfSeat[this.instantWinner] * L.slotStride + S_WINS] += 1;
      a[L.seat + this.instantWinner] += 1;
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
      a[L.slot + this.slotOfSeat[s] * L.slotStride + S_WINS] += 1 / k;
      a[L.seat + s] += 1 / k;
    }
  }

  /** Play `count` games into `acc` (allocation-free). */
  playGames(rng: Rng, count: number, acc: Float64Array): void {
    this.acc = acc;
    for (let i = 0; i < count; i++) this.playGame(rng);
  }
}

const policyCache = new Map<string, PolicyTables>();
/** Policy tables, built once per (rules, policy) in this thread. */
export function policyTablesFor(rules: WulongRules, policy: PolicySpec): PolicyTables {
  // the tables depend on the cards' ranges, not their odds: an odds sweep compiles them once
  const ranges = rules.bettingCards.map((c) => [c.min, c.max]);
  const key = JSON.stringify([rules.faces, rules.straights, rules.threePairs, rules.hotDice, rules.minimumBank, rules.instantWin, ranges, rules.dice, policy.stop, policy.choice]);
  let t = policyCache.get(key);
  if (!t) {
    if (policyCache.size > 32) policyCache.clear();
    policyCache.set(key, (t = buildPolicyTables(rules, policy)));
  }
  return t;
}

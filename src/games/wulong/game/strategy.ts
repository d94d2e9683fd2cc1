import type { PolicySpec } from '../turn/strategy.js';
import type { WulongRules } from '../turn/rules.js';

/**
 * The betting contract of the full game. A passive player's betting strategy is a module in
 * src/games/wulong/strategies/passive-*.ts: it parses its spec (plain data, which crosses into worker threads)
 * and builds a `Bettor`, the code the engine calls at every betting phase. The engine owns the rules
 * of betting (who may bet, chips, the minimum bet, settlement); the bettor owns the decisions (which
 * card, how much, whether to raise or go all in) — so a new betting strategy is a new module, and
 * the engine does not change. The built-in strategies build a `PlannedBettor` (a card pick and a
 * stake rule, as numbers), whose decisions the engine makes in its own loop.
 */
export interface PassiveSpec {
  /** display label, e.g. "kelly:0.5" */
  name: string;
  /** the registered strategy that builds the bettor ("kelly", "naive", …) */
  strategy: string;
  /** the strategy's numeric parameter (fortune fraction, Kelly multiplier; 0 when it has none) */
  size: number;
  /** card id, for strategies that always play one card */
  fixedCard?: string;
}

/**
 * Indices of BettingPhase.num: what the engine tells a bettor (FORTUNE … BET_ODDS), the helpers'
 * scratch (EDGE, TARGET) and the amount the bettor decides (AMOUNT).
 */
export const FORTUNE = 0, STAKE = 1, MIN_BET = 2, ALL_IN_ODDS = 3, CHIP = 4, BET_ODDS = 5, EDGE = 6, TARGET = 7, AMOUNT = 8;

/**
 * A betting phase as a passive player sees it (the only inputs of its decision): the revealed state
 * of the active player's turn turned into each card's exact win probability and the chance the bets
 * are voided — the posterior given the read of the hidden roll when `betting.readAccuracy` > 0
 * (turn/tell.ts); its own fortune, stake and card; the minimum bet for its fortune; the current
 * all-in odds and whether it may go all in. Not the dice of the roll being made (beyond the read),
 * and not the other bettors' cards. One object per engine, refilled for each decision: numbers live
 * in typed arrays because a double crossing a call that is not inlined is boxed (an allocation).
 */
export class BettingPhase {
  /** [raiseBase + k] the exact value of card k's later one-unit raises under the active player's policy */
  raiseBase = 0;
  /** indexed by FORTUNE … AMOUNT */
  readonly num = new Float64Array(9);
  /** 1 when the bettor may go all in now (the rules allow it at its fortune) */
  mayAllIn = 0;

  constructor(
    readonly cards: number,
    /** [k] P(card k wins) given what is revealed; [cards] P(the bets are returned unsettled) */
    readonly odds: Float64Array,
    /** [k] the payout odds of card k */
    readonly cardOdds: Float64Array,
    readonly raiseValue: Float64Array,
  ) {}
}

/** What a betting strategy builds: the decisions of one passive player. */
export interface Bettor {
  /** whether it goes all in when allowed and better (a short stack that may not sits out where the rules say so) */
  readonly allIn: boolean;
  /**
   * The opening bet: returns the card (index), with the stake in num[AMOUNT] (whole chips, at least
   * the minimum bet, at most the fortune), or −1 − k to go all in on card k.
   */
  open(phase: BettingPhase): number;
  /** whether it ever raises (the engine skips it at later phases when not) */
  readonly raises: boolean;
  /**
   * A later phase, holding an ordinary bet on `card` at odds num[BET_ODDS] that is favourable now
   * (its expected net chips per chip staked, num[EDGE], is positive — a raise on an unfavourable
   * card loses chips in expectation, so the engine does not ask): the raise in num[AMOUNT] (0: none).
   */
  raise(phase: BettingPhase, card: number): void;
}

/** A betting strategy as src/games/wulong/strategies/ registers it: `name` or `name:value`. */
export interface BettingStrategy {
  name: string;
  /** one line for --help, e.g. "kelly:K" */
  usage: string;
  description: string;
  /** the name of its one parameter, so that `kelly:k=0.5` means `kelly:0.5` */
  param?: string;
  /** the spec for the text after the colon (undefined: none); throws Error with a one-line reason */
  parse(arg: string | undefined): PassiveSpec;
  /** the bettor for a spec it parsed, under these rules; a spec the rules cannot play is a UserError */
  bettor(spec: PassiveSpec, rules: WulongRules): Bettor;
}

/** Builds the bettor a spec names under these rules (the registry's `bettorFor`, handed to the engine). */
export type BettorOf = (spec: PassiveSpec, rules: WulongRules) => Bettor;

/** The card with the best expected net chips per chip staked (plus, with `withRaises`, the value of its later raises). */
export function bestCard(phase: BettingPhase, withRaises: boolean): number {
  const W = phase.odds, C = phase.cards, vp = W[C];
  let best = -Infinity, c = 0;
  for (let k = 0; k < C; k++) {
    const p = W[k];
    const ev = p * phase.cardOdds[k] - (1 - p - vp) + (withRaises ? phase.raiseValue[phase.raiseBase + k] : 0);
    if (ev > best) {
      best = ev;
      c = k;
    }
  }
  return c;
}

/** Whether `card`'s expected net chips per chip staked at its odds is positive on what is revealed now; the edge itself into num[EDGE]. */
export function favourable(phase: BettingPhase, card: number): boolean {
  const p = phase.odds[card], n = phase.num;
  n[EDGE] = p * phase.cardOdds[card] - (1 - p - phase.odds[phase.cards]);
  return n[EDGE] > 0;
}

/**
 * The opening bet on `card` wanting num[TARGET] chips (0: the minimum): the stake rounded down to
 * whole chips, at least the minimum bet, at most the fortune — or all in on the best card at the
 * all-in odds when allowed and its expected gain beats the ordinary bet's. Returns as Bettor.open.
 */
export function openBet(phase: BettingPhase, card: number): number {
  const n = phase.num, W = phase.odds, C = phase.cards, vp = W[C], f = n[FORTUNE], chip = n[CHIP], mb = n[MIN_BET];
  const target = Math.floor(n[TARGET] / chip + 1e-9) * chip;
  let st = target > mb ? target : mb;
  if (st > f) st = f;
  if (phase.mayAllIn === 1) {
    const p = W[card], ev = p * phase.cardOdds[card] - (1 - p - vp);
    let ca = 0, evA = -Infinity;
    for (let k = 0; k < C; k++) {
      const q = W[k];
      const e = q * n[ALL_IN_ODDS] - (1 - q - vp);
      if (e > evA) {
        evA = e;
        ca = k;
      }
    }
    if (evA > 0 && evA * f > ev * st) return -1 - ca;
  }
  n[AMOUNT] = st;
  return card;
}

/** The raise that brings the stake up to num[TARGET] chips, rounded down to whole chips, into num[AMOUNT]. */
export function raiseToTarget(phase: BettingPhase): void {
  const n = phase.num;
  n[AMOUNT] = Math.floor((n[TARGET] - n[STAKE]) / n[CHIP] + 1e-9) * n[CHIP];
}

/** How a planned bettor picks its opening card: best EV per chip, best with the value of its later raises, or always one card. */
export const PICK = { best: 0, lookahead: 1, fixed: 2 } as const;
/** How a planned bettor stakes and raises: the minimum (+1 minimum bet per raise), a fraction of its fortune, or Kelly. */
export const SIZING = { min: 0, fraction: 1, kelly: 2 } as const;

/**
 * The built-in betting strategies (kelly, fraction, min, lookahead, naive) as one bettor
 * parameterised by data: a card pick (PICK), a stake rule (SIZING) with its size, whether it raises
 * and goes all in. The engine reads these numbers once and makes a planned bettor's decisions in
 * its own loop — the same arithmetic as `open` and `raise` below, which the engine does not call
 * (test/wulong-game.test.ts plays both ways and compares them bit for bit): a call to a bettor
 * per decision, with its inputs and answer passed through BettingPhase, costs the full game 5–6%
 * of its speed (with several bettor classes at the call, 20%). A strategy with other decisions
 * implements Bettor itself and is called.
 */
export class PlannedBettor implements Bettor {
  constructor(
    readonly pick: number,
    /** the card, for PICK.fixed */
    readonly card: number,
    readonly sizing: number,
    /** the fortune fraction (SIZING.fraction) or the Kelly multiplier (SIZING.kelly) */
    readonly size: number,
    readonly raises: boolean,
    readonly allIn: boolean,
  ) {}

  /**
   * The card by the pick; the stake by the rule when the card is favourable, else the minimum:
   * size × fortune (fraction), or size × f* × fortune with the Kelly fraction
   * f* = (p·b − q) / (b·(p + q)) for win probability p, loss probability q and odds b (an
   * unsettled Wulong is a push).
   */
  open(phase: BettingPhase): number {
    const c = this.pick === PICK.fixed ? this.card : bestCard(phase, this.pick === PICK.lookahead), n = phase.num;
    if (this.sizing === SIZING.min || !favourable(phase, c)) n[TARGET] = 0;
    else if (this.sizing === SIZING.fraction) n[TARGET] = this.size * n[FORTUNE];
    else {
      const p = phase.odds[c], lose = 1 - p - phase.odds[phase.cards], b = phase.cardOdds[c];
      n[TARGET] = (this.size * n[EDGE] * n[FORTUNE]) / (b * (p + lose));
    }
    return openBet(phase, c);
  }

  /** One minimum bet (min), or up to the rule's stake for the odds now, on wealth = fortune + stake (fraction, Kelly). */
  raise(phase: BettingPhase, card: number): void {
    const n = phase.num;
    if (!this.raises) n[AMOUNT] = 0;
    else if (this.sizing === SIZING.min) n[AMOUNT] = n[MIN_BET];
    else {
      if (this.sizing === SIZING.fraction) n[TARGET] = this.size * (n[FORTUNE] + n[STAKE]);
      else {
        const p = phase.odds[card], lose = 1 - p - phase.odds[phase.cards], b = n[BET_ODDS];
        n[TARGET] = (this.size * n[EDGE] * (n[FORTUNE] + n[STAKE])) / (b * (p + lose));
      }
      raiseToTarget(phase);
    }
  }
}

/** One player of the game: how it bets when passive, how it rolls when active. */
export interface PlayerSpec {
  /** display label, e.g. "kelly:0.5@optimal" */
  label: string;
  passive: PassiveSpec;
  policy: PolicySpec;
}

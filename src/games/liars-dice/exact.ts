/**
 * Exact bid odds: binomial tails as BigInt fractions (`liars odds`, `liars table`, the odds page),
 * bid parsing and the bid order. Nothing here samples.
 */
import { UserError } from '../../core/errors.js';
import { chooseBig, fractionText } from '../../core/stats.js';
import { bidRank, type LiarsRules } from './rules.js';

/** An exact probability num/den (BigInt) with its decimal value. */
export interface Exact {
  num: bigint;
  den: bigint;
}

export function exactValue(e: Exact): number {
  // Scale before dividing so that huge numerators and denominators keep full double precision.
  const SCALE = 10n ** 18n;
  if (e.den === 0n) return NaN;
  return Number((e.num * SCALE) / e.den) / 1e18;
}

export function exactText(e: Exact): string {
  return fractionText(e.num, e.den);
}

/**
 * P(X ≥ k) for X ~ Binomial(u, a/s), exactly: Σ_{x ≥ k} C(u, x) a^x (s − a)^(u − x) / s^u.
 */
export function binomialAtLeast(u: number, a: number, s: number, k: number): Exact {
  const den = BigInt(s) ** BigInt(u);
  if (k <= 0) return { num: den, den };
  if (k > u) return { num: 0n, den };
  const A = BigInt(a), B = BigInt(s - a);
  let num = 0n;
  for (let x = k; x <= u; x++) num += chooseBig(u, x) * A ** BigInt(x) * B ** BigInt(u - x);
  return { num, den };
}

/** A die shows `face` or counts as it: numerator of the per-die chance over `sides`. */
export function matchingFaces(rules: Pick<LiarsRules, 'wildOnes'>, face: number, wildsActive: boolean): number {
  return rules.wildOnes && wildsActive && face !== 1 ? 2 : 1;
}

export interface Bid {
  count: number;
  face: number;
}

/** "8x2" (also "8-2", "8 2") → {count 8, face 2}, checked against the table size and die sides. */
export function parseBid(text: string, rules: Pick<LiarsRules, 'sides'>, totalDice: number, name = '--bid'): Bid {
  const m = /^\s*(-?\d+)\s*[xX×\- ]\s*(-?\d+)\s*$/.exec(text);
  if (!m) throw new UserError(`${name} must look like COUNTxFACE, for example 8x2 (got ${JSON.stringify(text)})`);
  const count = Number(m[1]), face = Number(m[2]);
  if (count < 1 || count > totalDice) throw new UserError(`${name} count must be in 1..${totalDice} (the dice on the table) (got ${count})`);
  if (face < 1 || face > rules.sides) throw new UserError(`${name} face must be in 1..${rules.sides} (got ${face})`);
  return { count, face };
}

/** "2,2,4,1,6" → [2,2,4,1,6], each a face, at most dicePerPlayer of them. */
export function parseDice(text: string, rules: Pick<LiarsRules, 'sides' | 'dicePerPlayer'>, name = '--mine'): number[] {
  const t = text.trim();
  if (t === '') return [];
  // every comma separates a die: "1,,2" is a typing mistake, not two dice
  const parts = t.split(/\s*,\s*|\s+/);
  if (parts.some((p) => p === '')) throw new UserError(`${name}: an empty die between commas (got ${JSON.stringify(text)})`);
  const dice = parts.map((p) => {
    if (!/^\d+$/.test(p) || Number(p) < 1 || Number(p) > rules.sides) throw new UserError(`${name}: every die must be a face in 1..${rules.sides} (got ${JSON.stringify(p)})`);
    return Number(p);
  });
  if (dice.length > rules.dicePerPlayer) throw new UserError(`${name} has ${dice.length} dice but each player has only ${rules.dicePerPlayer} (--dice-per-player)`);
  return dice;
}

/** Throws unless `next` is strictly higher than `prev` in the bid order of the rules. */
export function checkHigher(rules: Pick<LiarsRules, 'sides' | 'onesRankHighest'>, prev: Bid, next: Bid): void {
  if (bidRank(rules, next.count, next.face) <= bidRank(rules, prev.count, prev.face)) {
    const order = rules.onesRankHighest ? `2 < … < ${rules.sides} < 1` : `1 < … < ${rules.sides}`;
    throw new UserError(`bid ${next.count}x${next.face} is not higher than the previous bid ${prev.count}x${prev.face} (a higher bid has a larger count, or the same count and a higher face, ${order})`);
  }
}

export interface FaceSafety {
  face: number;
  /** whether 1s count for this face */
  wild: boolean;
  /** highest count still at least 50% likely (0 if none) */
  atLeast50: number;
  probability50: number;
  fraction50: string;
  /** highest count still at least 1/3 likely */
  atLeast33: number;
  probability33: number;
  fraction33: string;
}

export interface OddsResult {
  players: number;
  dicePerPlayer: number;
  sides: number;
  mine: number[];
  bid: Bid;
  onesBid: boolean;
  /** 1s count as the bid face */
  wild: boolean;
  totalDice: number;
  unknownDice: number;
  /** my dice that match the bid (wild 1s included) */
  ownMatching: number;
  /** chance that one unknown die matches, exactly */
  perDie: string;
  /** matches the unknown dice must still supply */
  needed: number;
  probability: number;
  fraction: string;
  expectedCount: number;
  expectedCountFraction: string;
  safestBids: FaceSafety[];
}

/** Whether 1s count as `face` given the rules and whether 1s have been bid this round. */
export function onesWildFor(rules: Pick<LiarsRules, 'wildOnes' | 'onesBidCancelsWilds'>, face: number, onesBid: boolean): boolean {
  return rules.wildOnes && face !== 1 && !(onesBid && rules.onesBidCancelsWilds);
}

/** Chance that the table holds at least `count` of `face`, exactly, given my dice. */
export function bidProbability(rules: LiarsRules, players: number, mine: readonly number[], count: number, face: number, onesBid: boolean): { exact: Exact; own: number; unknown: number; wild: boolean } {
  const wild = onesWildFor(rules, face, onesBid);
  const own = mine.filter((d) => d === face || (wild && d === 1)).length;
  const unknown = players * rules.dicePerPlayer - mine.length;
  const exact = binomialAtLeast(unknown, wild ? 2 : 1, rules.sides, count - own);
  return { exact, own, unknown, wild };
}

/** `liars odds`: the exact chance a bid is true given my dice, and the safest bid per face. */
export function bidOdds(rules: LiarsRules, players: number, mine: readonly number[], bid: Bid, onesBidBefore: boolean): OddsResult {
  if (players < rules.minPlayers || players > rules.maxPlayers) throw new UserError(`--players must be in ${rules.minPlayers}..${rules.maxPlayers} (got ${players})`);
  if (mine.length > rules.dicePerPlayer) throw new UserError(`--mine has ${mine.length} dice but each player has only ${rules.dicePerPlayer}`);
  const totalDice = players * rules.dicePerPlayer;
  if (bid.count > totalDice) throw new UserError(`--bid count must be in 1..${totalDice} (the dice on the table) (got ${bid.count})`);
  // 1s never stand in for 1s, so a bid on 1s is non-wild whatever --ones-bid says.
  const main = bidProbability(rules, players, mine, bid.count, bid.face, onesBidBefore);
  const a = main.wild ? 2 : 1;
  const expNum = BigInt(main.own * rules.sides + main.unknown * a);
  const safestBids: FaceSafety[] = [];
  for (let face = 1; face <= rules.sides; face++) {
    let k50 = 0, k33 = 0;
    let e50: Exact = { num: 1n, den: 1n }, e33: Exact = { num: 1n, den: 1n };
    for (let k = 1; k <= totalDice; k++) {
      const { exact } = bidProbability(rules, players, mine, k, face, onesBidBefore);
      if (exact.num * 2n >= exact.den) { k50 = k; e50 = exact; }
      if (exact.num * 3n >= exact.den) { k33 = k; e33 = exact; }
      else break;
    }
    safestBids.push({
      face, wild: onesWildFor(rules, face, onesBidBefore),
      atLeast50: k50, probability50: exactValue(e50), fraction50: exactText(e50),
      atLeast33: k33, probability33: exactValue(e33), fraction33: exactText(e33),
    });
  }
  return {
    players, dicePerPlayer: rules.dicePerPlayer, sides: rules.sides, mine: [...mine], bid, onesBid: onesBidBefore, wild: main.wild,
    totalDice, unknownDice: main.unknown, ownMatching: main.own, perDie: fractionText(BigInt(a), BigInt(rules.sides)),
    needed: Math.max(0, bid.count - main.own),
    probability: exactValue(main.exact), fraction: exactText(main.exact),
    expectedCount: Number(expNum) / rules.sides, expectedCountFraction: fractionText(expNum, BigInt(rules.sides)),
    safestBids,
  };
}

export interface TableRow {
  k: number;
  wild: number;
  wildFraction: string;
  nonWild: number;
  nonWildFraction: string;
}

/** `liars table`: P(at least k of a face among u unknown dice), wild face (2/s) and non-wild (1/s). */
export function atLeastTable(unknown: number, sides: number): TableRow[] {
  const rows: TableRow[] = [];
  for (let k = 0; k <= unknown; k++) {
    const w = binomialAtLeast(unknown, 2, sides, k), n = binomialAtLeast(unknown, 1, sides, k);
    rows.push({ k, wild: exactValue(w), wildFraction: exactText(w), nonWild: exactValue(n), nonWildFraction: exactText(n) });
  }
  return rows;
}

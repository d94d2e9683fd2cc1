/**
 * Exact district odds. At the end of a round my card in a district meets the opponent's card; if I
 * have not seen it, it is (as far as I know) any card I have not seen, each equally likely — the
 * deal is a uniform shuffle and every card I saw is out of the running. So P(win) is a count
 * ratio, and a whole row's distribution of districts won is an enumeration of the ways to deal
 * the unseen cards to the opponent's unknown districts. "If the round ended now": later draws,
 * swaps and trump moves are not modelled here (the simulator does that).
 */
import { UserError } from '../../core/errors.js';
import { fractionText } from '../../core/stats.js';
import { strength, cardText } from './cards.js';
import type { DraculaRules } from './rules.js';

export interface CardOdds {
  card: string;
  /** the opponent's card when known */
  opponent: string | null;
  /** unseen cards my card beats, of `unseen` (or 1/1, 0/1 against a known card) */
  wins: number;
  outOf: number;
  p: number;
  fraction: string;
}

/** The unseen cards: every card not in `seen` (ids). */
export function unseenOf(rules: DraculaRules, seen: readonly number[]): number[] {
  const N = rules.suits * rules.values, mask = new Uint8Array(N);
  for (const c of seen) mask[c] = 1;
  const out: number[] = [];
  for (let c = 0; c < N; c++) if (!mask[c]) out.push(c);
  return out;
}

/** P(my card beats the opponent's card): against a known card 1 or 0; else over the unseen cards. */
export function cardOdds(rules: DraculaRules, rankOf: ArrayLike<number>, card: number, unseen: readonly number[], opponent = -1): CardOdds {
  const V = rules.values, S = rules.suits, sc = strength(card, V, rankOf, S);
  let wins: number, outOf: number;
  if (opponent >= 0) [wins, outOf] = [sc > strength(opponent, V, rankOf, S) ? 1 : 0, 1];
  else {
    if (unseen.length === 0) throw new UserError('every card is seen: there is no unknown card for the opponent');
    wins = unseen.filter((u) => strength(u, V, rankOf, S) < sc).length;
    outOf = unseen.length;
  }
  return { card: cardText(card, V), opponent: opponent >= 0 ? cardText(opponent, V) : null, wins, outOf, p: wins / outOf, fraction: fractionText(BigInt(wins), BigInt(outOf)) };
}

export interface RowOdds {
  districts: CardOdds[];
  /** E[districts won] = Σ P(win d) (linearity; exact) */
  expected: number;
  /** P(exactly k districts won), k = 0..D, by enumerating every deal of the unseen cards to the unknown districts */
  distribution: number[];
  /** the same as exact fractions */
  distributionFractions: string[];
  /** ordered deals enumerated */
  deals: number;
}

/** Largest enumeration allowed (ordered deals of unseen cards to the opponent's unknown districts). */
export const MAX_DEALS = 2e8;

/**
 * A whole row: my card per district, the opponent's card per district (−1 unknown), all other seen
 * cards in `alsoSeen`. The opponent's unknown districts hold distinct unseen cards.
 */
export function rowOdds(rules: DraculaRules, rankOf: ArrayLike<number>, mine: readonly number[], opp: readonly number[], alsoSeen: readonly number[]): RowOdds {
  const D = mine.length, V = rules.values, S = rules.suits;
  const unseen = unseenOf(rules, [...mine, ...opp.filter((o) => o >= 0), ...alsoSeen]);
  const districts = mine.map((c, d) => cardOdds(rules, rankOf, c, unseen, opp[d]));
  const expected = districts.reduce((a, o) => a + o.p, 0);
  const unknown = opp.map((o, d) => (o < 0 ? d : -1)).filter((d) => d >= 0);
  const U = unseen.length, m = unknown.length;
  if (m > U) throw new UserError(`${m} unknown opponent cards but only ${U} unseen cards`);
  let deals = 1;
  for (let i = 0; i < m; i++) deals *= U - i;
  if (deals > MAX_DEALS) throw new UserError(`too many deals to enumerate (${deals}); mark more cards as seen`);
  // beatsU[j][u]: my card in unknown district j beats unseen card u
  const su = unseen.map((u) => strength(u, V, rankOf, S));
  const beatsU = unknown.map((d) => {
    const sc = strength(mine[d], V, rankOf, S);
    return Uint8Array.from(su, (s) => (s < sc ? 1 : 0));
  });
  const fixedWins = districts.reduce((a, o, d) => a + (opp[d] >= 0 ? o.wins : 0), 0);
  const counts = new Float64Array(D + 1);
  const used = new Uint8Array(U);
  const walk = (j: number, won: number): void => {
    if (j === m) {
      counts[fixedWins + won]++;
      return;
    }
    const b = beatsU[j];
    for (let u = 0; u < U; u++) {
      if (used[u]) continue;
      used[u] = 1;
      walk(j + 1, won + b[u]);
      used[u] = 0;
    }
  };
  walk(0, 0);
  return {
    districts,
    expected,
    distribution: Array.from(counts, (c) => c / deals),
    distributionFractions: Array.from(counts, (c) => fractionText(BigInt(c), BigInt(deals))),
    deals,
  };
}

export interface FreshRow {
  value: number;
  /** P(win) of a trump card of this value against a random other card of a fresh deck */
  trump: number;
  /** non-trump at each track position below trump (0 = lowest) */
  byPosition: number[];
  /** non-trump averaged over the positions (the ranking is random) */
  nonTrump: number;
}

/** P(win) by value × trump/non-trump for a fresh deck: only my own card seen. */
export function freshTable(rules: DraculaRules): FreshRow[] {
  const S = rules.suits, V = rules.values, N = S * V;
  const rankOf = Array.from({ length: S }, (_, s) => s); // suit s at position s; S − 1 trump
  const rows: FreshRow[] = [];
  for (let v = 1; v <= V; v++) {
    const p = (s: number) => {
      const c = s * V + v - 1, sc = strength(c, V, rankOf, S);
      let b = 0;
      for (let u = 0; u < N; u++) if (u !== c && strength(u, V, rankOf, S) < sc) b++;
      return b / (N - 1);
    };
    const byPosition = Array.from({ length: S - 1 }, (_, s) => p(s));
    rows.push({ value: v, trump: p(S - 1), byPosition, nonTrump: byPosition.reduce((a, b) => a + b, 0) / (S - 1) });
  }
  return rows;
}

import { defineLayout, type Layout } from '../../../core/accumulator.js';

/**
 * The full game's accumulator, slots named once: the engine writes them, the summary
 * (kernels.ts) reads them, both by name. Per-player, per-card and money slots are small
 * layouts of their own, repeated per strategy slot / card inside the game layout.
 */

/** How a game ended (END.none: still running). The `end` slots are indexed by END code − 1. */
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
export type MoneyName = (typeof MONEY_NAMES)[number];

/** Chips per game by route: one slot each. */
export const MONEY: Layout<MoneyName> = defineLayout(Object.fromEntries(MONEY_NAMES.map((n) => [n, 1])) as Record<MoneyName, number>);

/** One strategy slot's totals over the games. */
export const SLOT = defineLayout({ wins: 1, fortune: 1, fortuneSq: 1, bets: 1, staked: 1, net: 1, scored: 1, allIns: 1, raises: 1 });
export const SLOT_FIELDS = Object.keys(SLOT.offset) as (keyof typeof SLOT.offset)[];

/** One betting card's totals (the all-in bets are card C): counts, chips, and the sums a delta-method SE needs. */
export const CARD = defineLayout({ bets: 1, wins: 1, staked: 1, net: 1, netSq: 1, stakeSq: 1, netStake: 1 });
export const CARD_FIELDS = Object.keys(CARD.offset) as (keyof typeof CARD.offset)[];

/** Game lengths in turns, one bin per turn; the last bin holds every longer game. */
export const HIST_BINS = 400;

export type GameLayout = Layout<'games' | 'turns' | 'turnsSq' | 'rolls' | 'phases' | 'end' | 'money' | 'slot' | 'seat' | 'card' | 'hist'>;

/** The accumulator for P strategy slots and C cards. */
export function gameLayout(P: number, C: number): GameLayout {
  return defineLayout({
    games: 1,
    turns: 1,
    turnsSq: 1,
    rolls: 1,
    phases: 1,
    end: END_NAMES.length,
    money: MONEY.length,
    slot: P * SLOT.length,
    seat: P,
    card: (C + 1) * CARD.length,
    hist: HIST_BINS,
  });
}

/** Index of a strategy slot's field. */
export function slotAt(L: GameLayout, slot: number, field: keyof typeof SLOT.offset): number {
  return L.offset.slot + slot * SLOT.length + SLOT.offset[field];
}

/** Index of a card's field (card C: the all-in bets). */
export function cardAt(L: GameLayout, card: number, field: keyof typeof CARD.offset): number {
  return L.offset.card + card * CARD.length + CARD.offset[field];
}

/** Index of a money route. */
export function moneyAt(L: GameLayout, name: MoneyName): number {
  return L.offset.money + MONEY.offset[name];
}

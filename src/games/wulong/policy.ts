/**
 * A turn policy as data: when to stop, and which dice to set aside. Strategy modules in
 * strategies/wulong/ build these; the solver turns any of them into exact tables.
 */
export type StopRule =
  | { kind: 'optimal' }
  /** stop once the turn total reaches `total` */
  | { kind: 'threshold'; total: number }
  /** stop once the turn total reaches totals[n − 1] with n dice left to roll */
  | { kind: 'per-dice'; totals: number[] };

/** 'best': the set-aside with the highest expected value under the stop rule; 'keep-all': as many scoring dice as possible. */
export type ChoiceRule = 'best' | 'keep-all';

export interface PolicySpec {
  name: string;
  stop: StopRule;
  choice: ChoiceRule;
}

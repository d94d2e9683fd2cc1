/**
 * The turn-policy contract. A policy is data (it crosses into worker threads): when to stop, and
 * which dice to set aside. Strategy modules in src/games/wulong/strategies/ build these; the exact solver
 * turns any of them into tables (stop flags and set-aside choices per state), which the kernels
 * and the full game then follow by lookup.
 *
 * What a policy sees — its view — is the decision point only: the turn total so far and the
 * dice left to roll (plus, for `optimal`, the exact value of rolling from there). It never sees
 * the other players' fortunes or bets.
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

/** The view of a stop decision: what the active player knows when he may stop. */
export interface TurnView {
  /** the turn total so far (points) */
  total: number;
  /** dice left to roll */
  dice: number;
  /** the exact expected final score if he rolls on (the solver's value; what `optimal` compares with) */
  rollValue: number;
}

/** The policy that maximizes the expected final turn score: the solver's default. */
export const OPTIMAL: PolicySpec = { name: 'optimal', stop: { kind: 'optimal' }, choice: 'best' };

/**
 * Whether a stop rule stops at this decision point (where the rules allow stopping at all).
 * Arguments are the view's fields, not an object, so the solver's loop allocates nothing.
 */
export function stopsAt(rule: StopRule, total: TurnView['total'], dice: TurnView['dice'], rollValue: TurnView['rollValue']): boolean {
  switch (rule.kind) {
    case 'optimal':
      return total >= rollValue;
    case 'threshold':
      return total >= rule.total;
    case 'per-dice':
      // a shorter list repeats its last entry for more dice
      return total >= rule.totals[Math.min(dice, rule.totals.length) - 1];
  }
}

/** A turn-policy strategy as src/games/wulong/strategies/ registers it: `name` or `name:value`. */
export interface TurnStrategy {
  name: string;
  /** one line for --help, e.g. "threshold:T" */
  usage: string;
  description: string;
  /** the name of its one parameter, so that `threshold:total=3000` means `threshold:3000` */
  param?: string;
  /** the policy for the text after the colon (undefined: none); throws Error with a one-line reason */
  parse(arg: string | undefined): PolicySpec;
}

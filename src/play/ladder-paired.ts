/**
 * The ladder's paired findings (src/play/ladder.ts): what a game declares (its descriptor's
 * `ladder.paired`) to compare a rung's player with a changed version of itself on the same deals.
 * Types only, so a game implements them without loading the ladder.
 */
/**
 * A ladder finding that compares two versions of a rung's player on the same deals (paired): the
 * rung with and without an ability, the rung against greedy in its seat, calling against not.
 */
export interface PairedFinding {
  /** short, for table headers ("Son 1 ability") */
  name: string;
  /** 'rate': a difference of shares (printed in percentage points); 'value': in the game's units */
  kind: 'rate' | 'value';
  /** what the difference is, for captions ("round wins with − without the First Son's ability") */
  about: string;
  /** its unit, short, for chart axes ("points a deal") */
  unit: string;
  /** where deals differ in what they count (calls made, not deals): what the weight counts, shown beside the estimate ("calls") */
  counts?: string;
}

/**
 * Plays one deal of a rung's measurement from `seed`, both ways; for finding f it writes the sum of
 * the paired differences to out[2f] and their weight to out[2f + 1] — the units they are counted
 * over (1 for a deal, the rounds a Son was in play; 0 where the deal says nothing). The estimate is
 * Σ differences / Σ weights over deals. Must depend on `seed` only.
 */
export type PairedMeasure = (seed: number, out: Float64Array) => void;

/** A game's paired ladder findings (the descriptor's `ladder.paired`). */
export interface LadderPaired<R = unknown> {
  findings: readonly PairedFinding[];
  /** the measurement of a rung's player at a table of `players`; null where it does not apply (a player the game's engine does not know) */
  measurer(rules: R, spec: string, players: number): PairedMeasure | null;
}

/**
 * The four-dice tables, compiled once: the 1296 ordered rolls (one bounded draw picks one), the
 * column pair of each of a roll's three pairings, and the 126 distinct sorted rolls with their
 * multinomial weights (what the exact solvers and chanceOutcomes enumerate).
 */

/** Ordered rolls of four six-sided dice. */
export const ROLLS = 1296;

/** Die i (0..3) of roll r, 1..6: roll r is the base-6 number d3 d2 d1 d0 of faces − 1. */
export function die(r: number, i: number): number {
  return (Math.floor(r / 6 ** i) % 6) + 1;
}

/**
 * For roll r and pairing k (0..2), the two columns (sum − 2): PAIRINGS[r*6 + 2k] and [r*6 + 2k + 1].
 * Pairing 0 is (d0+d1, d2+d3), 1 is (d0+d2, d1+d3), 2 is (d0+d3, d1+d2).
 */
export const PAIRINGS: Int8Array = (() => {
  const t = new Int8Array(ROLLS * 6);
  for (let r = 0; r < ROLLS; r++) {
    const d0 = die(r, 0), d1 = die(r, 1), d2 = die(r, 2), d3 = die(r, 3);
    const sums = [d0 + d1, d2 + d3, d0 + d2, d1 + d3, d0 + d3, d1 + d2];
    for (let k = 0; k < 6; k++) t[r * 6 + k] = sums[k] - 2;
  }
  return t;
})();

/** The distinct sorted rolls: a representative ordered roll of each and how many ordered rolls it stands for. */
export interface RollClasses {
  /** representative roll index (its dice ascending), ascending */
  roll: Int32Array;
  /** ordered rolls with these dice (sums to 1296) */
  weight: Int32Array;
}

export const ROLL_CLASSES: RollClasses = (() => {
  const count = new Map<number, number>();
  for (let r = 0; r < ROLLS; r++) {
    const d = [die(r, 0), die(r, 1), die(r, 2), die(r, 3)].sort((a, b) => a - b);
    const rep = (d[0] - 1) + 6 * (d[1] - 1) + 36 * (d[2] - 1) + 216 * (d[3] - 1);
    count.set(rep, (count.get(rep) ?? 0) + 1);
  }
  const reps = [...count.keys()].sort((a, b) => a - b);
  return { roll: Int32Array.from(reps), weight: Int32Array.from(reps.map((r) => count.get(r)!)) };
})();

/** The dice of a roll as text, ascending: "1-3-4-6". */
export function rollText(r: number): string {
  return [die(r, 0), die(r, 1), die(r, 2), die(r, 3)].sort((a, b) => a - b).join('-');
}

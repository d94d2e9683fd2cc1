/**
 * Hand features on per-rank suit masks (mask[r − 2], bit s = suit s held): bombs. Shared by the
 * engine's statistics, the strategies and the deal sampler; allocation-free.
 */
export function hasFourOfAKind(mask: Uint8Array, off = 0): boolean {
  for (let r = 0; r < 13; r++) if (mask[off + r] === 15) return true;
  return false;
}

export function hasStraightFlush(mask: Uint8Array, L: number, off = 0): boolean {
  for (let s = 0; s < 4; s++) {
    let run = 0;
    const bit = 1 << s;
    for (let r = 0; r < 13; r++) {
      if (mask[off + r] & bit) {
        if (++run >= L) return true;
      } else run = 0;
    }
  }
  return false;
}

/** Fill `mask` (13 entries from `off`) from card ids `cards[from..to)`. */
export function fillMasks(cards: ArrayLike<number>, from: number, to: number, mask: Uint8Array, off = 0): void {
  for (let r = 0; r < 13; r++) mask[off + r] = 0;
  for (let i = from; i < to; i++) {
    const c = cards[i];
    if (c < 52) mask[off + (c >> 2)] |= 1 << (c & 3);
  }
}

/**
 * A simple hand-strength score (the report charts P(first out) against it, and the heuristic
 * player's call thresholds use it): Dragon 2, Phoenix 1.5, each ace 1, each king 0.25, a bomb 2,
 * minus 0.25 for each rank 2–9 held as a lone card (hard to get rid of). Inputs: rank counts
 * cnt[off + r] (r = 2..14), whether the Dragon / Phoenix are held, and whether a bomb is held.
 * Returned in quarter points (an integer, so the play loop never boxes a double): 4 × score.
 */
export function handStrengthQuarters(cnt: Uint8Array, off: number, dragon: boolean, phoenix: boolean, bomb: boolean): number {
  let s = (dragon ? 8 : 0) + (phoenix ? 6 : 0) + (bomb ? 8 : 0) + 4 * cnt[off + 14] + cnt[off + 13];
  for (let r = 2; r <= 9; r++) if (cnt[off + r] === 1) s -= 1;
  return s;
}

/** The score in points (handStrengthQuarters / 4). */
export function handStrength(cnt: Uint8Array, off: number, dragon: boolean, phoenix: boolean, bomb: boolean): number {
  return handStrengthQuarters(cnt, off, dragon, phoenix, bomb) / 4;
}

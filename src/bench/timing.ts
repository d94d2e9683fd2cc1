// Timing helpers shared by every game's bench.

/** Milliseconds since a process.hrtime.bigint() stamp. */
export const ms = (t0: bigint): number => Number(process.hrtime.bigint() - t0) / 1e6;

/** A number with thousands separators and d decimals. */
export const f = (x: number, d = 0): string => x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

/** Best of a few runs: the least disturbed by whatever else the machine is doing. */
export function best<T>(runs: number, fn: () => T): { ms: number; value: T } {
  let bestMs = Infinity, value!: T;
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    value = fn();
    bestMs = Math.min(bestMs, ms(t0));
  }
  return { ms: bestMs, value };
}

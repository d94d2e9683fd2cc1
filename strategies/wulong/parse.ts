/** A turn total in a policy string: a whole number of points, 0 … 10,000,000. */
export function parseTotal(text: string | undefined, usage: string): number {
  const v = text === undefined ? NaN : Number(text.replace(/_/g, ''));
  if (!Number.isInteger(v) || v < 0 || v > 10_000_000) throw new Error(`expected ${usage} with a whole-number total (got ${JSON.stringify(text ?? '')})`);
  return v;
}

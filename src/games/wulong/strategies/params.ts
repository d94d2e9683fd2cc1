/** A turn total in a policy string: a whole number of points, 0 … 10,000,000. */
export function parseTotal(text: string | undefined, usage: string): number {
  // digits (with _ between them, or an exponent such as 1e4): never hex
  const v = text === undefined || !/^\d[\d_]*(e\+?\d+)?$/i.test(text.trim()) ? NaN : Number(text.trim().replace(/_/g, ''));
  if (!Number.isInteger(v)) throw new Error(`expected ${usage} with a whole-number total (got ${JSON.stringify(text ?? '')})`);
  if (v < 0 || v > 10_000_000) throw new Error(`expected ${usage} with a total in 0..10,000,000 (got ${JSON.stringify(text ?? '')})`);
  return v;
}
/** A positive number up to `max` in a strategy string ("0.25"). */
export function parseFraction(text: string, usage: string, max: number): number {
  const v = /^\d*\.?\d+$/.test(text.trim()) ? Number(text) : NaN;
  if (!Number.isFinite(v) || v <= 0 || v > max) throw new Error(`expected ${usage} with a number in (0, ${max}] (got ${JSON.stringify(text)})`);
  return v;
}

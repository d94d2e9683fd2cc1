/** A positive number up to `max` in a strategy string ("0.25"). */
export function parseFraction(text: string, usage: string, max: number): number {
  const v = /^\d*\.?\d+$/.test(text.trim()) ? Number(text) : NaN;
  if (!Number.isFinite(v) || v <= 0 || v > max) throw new Error(`expected ${usage} with a number in (0, ${max}] (got ${JSON.stringify(text)})`);
  return v;
}

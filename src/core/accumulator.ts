/**
 * A named accumulator layout: the slots of a kernel's Float64Array declared once, read by name by
 * the engine that fills them and by the summary that reads them — no raw offsets anywhere else.
 *
 *   const L = defineLayout({ turns: 1, sum: 1, sum2: 1, hist: 64 });
 *   acc[L.offset.sum] += score;        // L.length is the accumulator's size
 */
export interface Layout<K extends string> {
  readonly offset: Readonly<Record<K, number>>;
  readonly size: Readonly<Record<K, number>>;
  readonly length: number;
}

export function defineLayout<K extends string>(sizes: Record<K, number>): Layout<K> {
  const offset = {} as Record<K, number>;
  let at = 0;
  for (const k of Object.keys(sizes) as K[]) {
    const n = sizes[k];
    if (!Number.isInteger(n) || n < 0) throw new Error(`layout slot ${k}: size must be a whole number (got ${n})`);
    offset[k] = at;
    at += n;
  }
  return { offset, size: { ...sizes }, length: at };
}

/** The slots of one named field as a view (for summaries; not for hot loops). */
export function slots<K extends string>(layout: Layout<K>, acc: Float64Array, name: K): Float64Array {
  return acc.subarray(layout.offset[name], layout.offset[name] + layout.size[name]);
}

/**
 * A small per-thread cache of built things (compiled tables, engines, policy tables) keyed by a
 * string such as the JSON of their parameters. Each worker thread has its own module instance, so
 * nothing is shared across threads. The oldest entry goes first once `limit` is reached, so a long
 * sweep over many rules cannot grow memory without bound.
 */
export class Memo<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly limit = 32) {}

  get(key: string, build: () => V): V {
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const value = build();
    if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, value);
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}

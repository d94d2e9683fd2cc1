import v8 from 'node:v8';

/**
 * Measure a hot loop: bytes the heap grew by and GC events while `fn` runs (after a warm-up run
 * so that the JIT has compiled it). With no GC in between, heap growth is what was allocated.
 */
export function measureAllocation(fn: () => void, warmup: () => void = fn): { bytes: number; gcEvents: number } {
  warmup();
  warmup();
  (globalThis as { gc?: () => void }).gc?.();
  const profiler = new v8.GCProfiler();
  const before = process.memoryUsage().heapUsed;
  profiler.start();
  fn();
  const after = process.memoryUsage().heapUsed;
  const stats = profiler.stop();
  return { bytes: after - before, gcEvents: stats?.statistics.length ?? 0 };
}

import v8 from 'node:v8';
import vm from 'node:vm';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/**
 * Measure a hot loop: bytes the heap grew by and GC events while `fn` runs, after warm-up runs so
 * that the JIT has compiled it. With no GC in between, heap growth is what was allocated.
 *
 * A loop that is still being tiered up (interpreter → optimized code, or a deopt and re-opt after
 * a rare branch is first taken) boxes numbers for a while; that is warm-up, not the loop's steady
 * state. So the measurement is repeated (with more warm-up in between), up to `attempts` times, and the first clean run counts;
 * a loop that really allocates does so every time and still fails.
 */
export function measureAllocation(fn: () => void, warmup: () => void = fn, attempts = 8): { bytes: number; gcEvents: number } {
  warmup();
  warmup();
  let last = { bytes: Infinity, gcEvents: Infinity };
  for (let i = 0; i < attempts; i++) {
    // optimized code is compiled on a background thread: on a busy machine it can take a while
    if (i > 0) warmup();
    gc();
    const profiler = new v8.GCProfiler();
    const before = process.memoryUsage().heapUsed;
    profiler.start();
    fn();
    const after = process.memoryUsage().heapUsed;
    const stats = profiler.stop();
    last = { bytes: after - before, gcEvents: stats?.statistics.length ?? 0 };
    if (last.gcEvents === 0 && last.bytes < 64 * 1024) return last;
  }
  return last;
}

/// <reference lib="webworker" />
/**
 * The workbench's worker: exact computations that take seconds (the Tichu table-level bomb count,
 * ~2 s) run here, so the page stays responsive. Bundled into the page's script as text
 * (src/report/bundle.ts) and started from a Blob.
 */
import { tableBombOdds, TICHU_DECK } from '../games/tichu/exact-table.js';
import { tableFourOfAKind } from '../games/tichu/exact.js';

export type WorkerRequest = { id: number; job: 'tichuTable'; minStraightFlush: number };

addEventListener('message', (e: MessageEvent<WorkerRequest>) => {
  const { id, job } = e.data;
  try {
    if (job !== 'tichuTable') throw new Error(`unknown job ${String(job)}`);
    const t0 = performance.now();
    const result = { four: tableFourOfAKind(), bomb: tableBombOdds({ ...TICHU_DECK, minStraightFlush: e.data.minStraightFlush }) };
    postMessage({ id, result, ms: performance.now() - t0 });
  } catch (err) {
    postMessage({ id, error: (err as Error).message });
  }
});

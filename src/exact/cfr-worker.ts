// A worker thread of the generic CFR (src/core/thread-pool.ts): a solver over the shared stores.
import { workerData } from 'node:worker_threads';
import { TreeCfr, type TreeCfrShared } from './cfr.js';
import { servePool } from '../core/thread-pool.js';
import type { Algorithm } from './cfr.js';
import type { GameTree } from './tree.js';

const data = workerData as { solver: { tree: GameTree; algorithm: Algorithm; shared: TreeCfrShared }; control: SharedArrayBuffer };
servePool(data.control, new TreeCfr(data.solver.tree, data.solver.algorithm, { shared: data.solver.shared }));

// A worker thread of the generic CFR (cfr-threads.ts): a solver over the shared stores.
import { workerData } from 'node:worker_threads';
import { TreeCfr, type TreeCfrShared } from './cfr.js';
import { serveTreeTasks } from './cfr-threads.js';
import type { Algorithm } from './cfr.js';
import type { GameTree } from './tree.js';

const data = workerData as { solver: { tree: GameTree; algorithm: Algorithm; shared: TreeCfrShared }; control: SharedArrayBuffer };
serveTreeTasks(new Int32Array(data.control), new TreeCfr(data.solver.tree, data.solver.algorithm, { shared: data.solver.shared }));

// A worker thread of the Liar's Dice solver (src/core/thread-pool.ts): a solver over the shared stores.
import { workerData } from 'node:worker_threads';
import { LiarsSolver, type SolverConfig, type SolverOptions } from './exact-cfr.js';
import { servePool } from '../../core/thread-pool.js';

const data = workerData as { solver: { config: SolverConfig; options: SolverOptions }; control: SharedArrayBuffer };
servePool(data.control, new LiarsSolver(data.solver.config, data.solver.options));

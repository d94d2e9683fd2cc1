// A worker thread of the Liar's Dice solver (exact-cfr-threads.ts): a solver over the shared stores.
import { workerData } from 'node:worker_threads';
import { LiarsSolver, type SolverConfig, type SolverOptions } from './exact-cfr.js';
import { serveTasks } from './exact-cfr-threads.js';

const data = workerData as { solver: { config: SolverConfig; options: SolverOptions }; control: SharedArrayBuffer };
serveTasks(new Int32Array(data.control), new LiarsSolver(data.solver.config, data.solver.options));

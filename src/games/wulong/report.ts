import type { ExperimentRunner } from '../../experiments.js';
export const runExperiment: ExperimentRunner = async () => [];

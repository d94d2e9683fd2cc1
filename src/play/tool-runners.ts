/**
 * The experiment runners of the tools over the game interface (the ladder page of every game that
 * declares it), by the `game` field of experiment files: "<id>-ladder". Small: the page's code (and
 * every game's interface) loads only when such an experiment runs.
 */
import { allGames } from '../games/registry.js';
import type { ExperimentRunner } from '../report/experiment.js';

const withState = () => allGames().filter((g) => g.state);

export function toolRunners(): Record<string, () => Promise<ExperimentRunner>> {
  return Object.fromEntries(withState().map((g) => [`${g.id}-ladder`, async () => (await import('./ladder-report.js')).ladderRunner(g)]));
}

/** The games/ folder of each tool runner (what the report cache hashes). */
export function toolRunnerFolders(): Record<string, string> {
  return Object.fromEntries(withState().map((g) => [`${g.id}-ladder`, g.id]));
}

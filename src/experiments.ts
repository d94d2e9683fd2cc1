import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from './core/errors.js';
import { readJsonFile } from './core/files.js';
import { integer, object, string } from './core/validate.js';
import type { PageInfo } from './report/page.js';

/** What an experiment runner gets besides its spec. */
export interface ExperimentContext {
  reportsDir: string;
  workers: number;
  quiet: boolean;
}

export type ExperimentRunner = (spec: Record<string, unknown>, ctx: ExperimentContext) => Promise<PageInfo[]>;

/** One runner per game; an experiment file names its game. Games register here. */
const runners: Record<string, () => Promise<ExperimentRunner>> = {
  wulong: async () => (await import('./games/wulong/report.js')).runExperiment,
  'sichuan-mahjong': async () => (await import('./games/sichuan-mahjong/report.js')).runExperiment,
  'wulong-game': async () => (await import('./games/wulong/game-report.js')).runGameExperiment,
  weilong: async () => (await import('./games/weilong/report.js')).runExperiment,
  'liars-dice': async () => (await import('./games/liars-dice/report.js')).runExperiment,
};

export interface ExperimentFile {
  file: string;
  name: string;
  game: string;
  spec: Record<string, unknown>;
  order: number;
}

export function listExperiments(dir: string): ExperimentFile[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  } catch {
    throw new UserError(`cannot read experiments folder ${dir}`);
  }
  // `order` (optional) places an experiment's pages in the index; it is not part of the game's spec
  return files
    .map((f) => {
      const path = join(dir, f);
      const { order, ...spec } = object(readJsonFile(path, 'experiment'), path);
      const game = string(spec.game, `${path}: game`, Object.keys(runners));
      return { file: path, name: string(spec.name, `${path}: name`), game, spec, order: order === undefined ? 1000 : integer(order, `${path}: order`, 0, 1000) };
    })
    .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
}

export async function runnerFor(game: string): Promise<ExperimentRunner> {
  const r = runners[game];
  if (!r) throw new UserError(`no experiment runner for game ${game}`);
  return r();
}

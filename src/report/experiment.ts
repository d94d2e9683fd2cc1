import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../core/errors.js';
import { readJsonFile } from '../core/files.js';
import { integer, object, string } from '../core/validate.js';
import type { PageInfo } from './page.js';

/** What an experiment runner gets besides its spec. */
export interface ExperimentContext {
  reportsDir: string;
  workers: number;
  quiet: boolean;
}

export type ExperimentRunner = (spec: Record<string, unknown>, ctx: ExperimentContext) => Promise<PageInfo[]>;

export interface ExperimentFile {
  file: string;
  name: string;
  game: string;
  spec: Record<string, unknown>;
  order: number;
}

/** The experiment specs of a folder, in index order; `runners` are the known values of their `game` field. */
export function listExperiments(dir: string, runners: readonly string[]): ExperimentFile[] {
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
      const game = string(spec.game, `${path}: game`, runners);
      return { file: path, name: string(spec.name, `${path}: name`), game, spec, order: order === undefined ? 1000 : integer(order, `${path}: order`, 0, 1000) };
    })
    .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
}

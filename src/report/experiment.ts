import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../core/errors.js';
import { readJsonFile } from '../core/files.js';
import { integer, number, object, string } from '../core/validate.js';
import type { PageInfo } from './page.js';
import type { QuestionContext } from './question.js';

/** What an experiment runner gets besides its spec. */
export interface ExperimentContext {
  reportsDir: string;
  workers: number;
  quiet: boolean;
  /** the spec's file (a spec may name files relative to itself: an outside game's module) */
  specFile?: string;
}

/** The context a report page asks its questions in (src/report/question.ts): all shards on the pool of `ctx.workers`. */
export function reportQuestionContext(ctx: ExperimentContext): QuestionContext {
  return {
    workers: ctx.workers,
    quiet: ctx.quiet,
    simulate: async (kernel, params, total, run) => {
      const { runExperiment } = await import('../parallel/pool.js');
      const { getKernel } = await import('../parallel/registry.js');
      const acc = await runExperiment({ kernel, params, seed: run.seed, total, shardCount: run.shardCount }, { workers: ctx.workers });
      return getKernel(kernel).summarize(params, acc, total);
    },
  };
}

export type ExperimentRunner = (spec: Record<string, unknown>, ctx: ExperimentContext) => Promise<PageInfo[]>;

export interface ExperimentFile {
  file: string;
  name: string;
  game: string;
  spec: Record<string, unknown>;
  order: number;
  /** CPU seconds a run took on the 2-core development machine (for the estimate of time left), or 0 */
  expectedSeconds: number;
}

function isPlainObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** `over` laid over `base`: objects merge field by field, anything else (arrays too) replaces. */
export function overlay(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = isPlainObject(v) && isPlainObject(out[k]) ? overlay(out[k] as Record<string, unknown>, v) : v;
  return out;
}

/** Letters, digits and dashes (as `--page` takes): a name, never a path. */
export const NAME = /^[A-Za-z0-9][A-Za-z0-9-]{0,99}$/;

/** A spec's `name` or `page`: a name (letters, digits, dashes), never a path or markup. */
export function specName(v: unknown, field: string): string {
  const s = string(v, field);
  if (!NAME.test(s)) throw new UserError(`${field} must be letters, digits and dashes (got ${JSON.stringify(s)})`);
  return s;
}

/**
 * The experiment specs of a folder, in index order; `runners` are the known values of their `game`
 * field. A spec's optional `full` block holds the full sizes: laid over the spec with `full` true
 * (`npm start -- --full`); the default run is sized for a first look.
 */
export function listExperiments(dir: string, runners: readonly string[], full = false): ExperimentFile[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  } catch {
    throw new UserError(`cannot read experiments folder ${dir}`);
  }
  // an empty folder would replace a reports site with an empty one
  if (!files.length) throw new UserError(`experiments folder ${dir} has no experiment specs (*.json)`);
  // `order` (optional) places an experiment's pages in the index, `expectedSeconds` feeds the
  // estimate of time left: neither is part of the game's spec
  return files
    .map((f) => {
      const path = join(dir, f);
      const { order, expectedSeconds, full: fullSizes, ...base } = object(readJsonFile(path, 'experiment'), path);
      const spec = full && fullSizes !== undefined ? overlay(base, object(fullSizes, `${path}: full`)) : base;
      const game = string(spec.game, `${path}: game`, runners);
      const seconds = expectedSeconds === undefined ? 0 : number(expectedSeconds, `${path}: expectedSeconds`, 0, 1e6);
      // a spec is a file a pull request can change: its name and page become paths, so they must be names
      if (spec.page !== undefined) specName(spec.page, `${path}: page`);
      return { file: path, name: specName(spec.name, `${path}: name`), game, spec, order: order === undefined ? 1000 : integer(order, `${path}: order`, 0, 1000), expectedSeconds: seconds };
    })
    .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
}

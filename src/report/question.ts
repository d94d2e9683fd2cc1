/**
 * Named questions (issue 21): each analysis of a game written once — typed parameters → result, and
 * the result as text, as rows (CSV, report tables) and, where it has one, as a report section. The
 * command line (src/cli/common.ts `questionContext`), the report pages (`reportQuestionContext`
 * in experiment.ts) and the workbench call the same question; a game lists its questions in `questions.ts` and
 * its descriptor. docs/architecture.md says how one is added.
 */
import { UserError } from '../core/errors.js';
import type { Row } from '../core/format.js';
import type { Section } from './page.js';

/**
 * What a question gets besides its parameters. `simulate` runs a registered kernel over its shards
 * (the pool; shard i draws from (seed, i), so the result does not depend on the workers) and returns
 * the kernel's summary; it is absent where nothing can be simulated (the browser workbench).
 */
export interface QuestionContext {
  workers: number;
  quiet?: boolean;
  simulate?: (kernel: string, params: unknown, total: number, run: { seed: number; shardCount: number }) => Promise<unknown>;
}

/**
 * One analysis of a game. Its module (a game's `questions.ts`) imports no engine, kernel, command
 * line or Node module, so the browser can bundle it; a simulation goes through `ctx.simulate` by
 * kernel name (the caller has loaded the game's kernels).
 */
export interface Question<P, R> {
  /** the command that asks it, e.g. 'exploit' for `oddsmith liars exploit` */
  name: string;
  /** one line: what it answers */
  summary: string;
  /** the answer is exact (a simulated check of it, when asked for, still goes through `ctx.simulate`) */
  exact: boolean;
  answer(params: P, ctx: QuestionContext): R | Promise<R>;
  /** the command line's text output */
  text(result: R, params: P): string;
  /** the result as a table: --csv, report tables, the workbench */
  rows?(result: R, params: P): readonly Row[];
  /** the report section of the result, where it has one */
  section?(result: R, params: P): Section | Promise<Section>;
  /** the report sections of the result, where it fills several (a page adds its own around them) */
  sections?(result: R, params: P): readonly Section[];
}

/** A question with its parameter and result types checked (a registry holds it as Question<never, unknown>). */
export function defineQuestion<P, R>(q: Question<P, R>): Question<P, R> {
  return q;
}

/** Run a kernel through the context's simulator, typed by the caller; a UserError where there is none. */
export async function simulateIn<R>(ctx: QuestionContext, kernel: string, params: unknown, total: number, run: { seed: number; shardCount: number }): Promise<R> {
  if (!ctx.simulate) throw new UserError(`${kernel} is a simulation: it cannot run here`);
  return (await ctx.simulate(kernel, params, total, run)) as R;
}

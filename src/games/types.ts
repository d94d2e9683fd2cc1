import type { Command } from 'commander';
import type { RulesSchema } from '../core/schema.js';
import type { Kernel } from '../parallel/kernel.js';
import type { ExperimentRunner } from '../report/experiment.js';
import type { Question } from '../report/question.js';
import type { StateGame } from './state.js';
import type { LadderPaired } from '../play/ladder-paired.js';

/** A game's bench: prints its figures and ratios (never asserts). */
export type Bench = (log: (line: string) => void) => Promise<void>;

/** A game's rules module as the shared tests and tools see it. */
export interface GameRules {
  /** a shipped preset by name (rules/<id>/<name>.json) or a file, with `--set field=value` overrides; validated */
  loadRules(nameOrPath?: string, sets?: readonly string[]): unknown;
  /** defaults written in code (where the validator fills missing fields): must equal rules/<id>/default.json */
  DEFAULT_RULES?: unknown;
  /** the rules file described once (src/core/schema.ts): validation, defaults, `--set` paths, docs table, assumptions */
  schema?: RulesSchema;
}

/**
 * What a game package tells the rest of the program about itself — everything lazily, so that
 * `oddsmith wulong solve` loads Wulong's code only and a worker thread loads only its kernel's game.
 * Adding a built-in game is its folder plus one line in src/games/registry.ts (the built-in list);
 * see docs/architecture.md.
 */
export interface GameDescriptor {
  /** folder name under src/games and rules/, and the prefix of its kernel names */
  id: string;
  /** the CLI group: `oddsmith <command> …` */
  command: string;
  title: string;
  /** one line for `oddsmith --help` */
  summary: string;
  /** the game's rules module */
  rules: () => Promise<GameRules>;
  /** every simulation kernel of the game (importing them registers them) */
  kernels: () => Promise<readonly Kernel<never, unknown>[]>;
  /** experiment runners by the `game` field of an experiment file */
  experiments: Record<string, () => Promise<ExperimentRunner>>;
  /** adds the game's command group to the program */
  cli: () => Promise<(program: Command) => void>;
  /** benches by name, for `npm run bench [-- name…]` */
  benches: Record<string, () => Promise<Bench>>;
  /**
   * the game's named analyses (`questions.ts`, see src/report/question.ts): the command line, the
   * report pages and the workbench call these; keyed by `Question.name`
   */
  questions?: () => Promise<Readonly<Record<string, Question<never, unknown>>>>;
  /** the game through the one state interface (src/games/state.ts), for the tools written once */
  state?: () => Promise<StateGame<unknown>>;
  /**
   * `oddsmith <command> ladder`: its default rungs, weakest first (player specs over the interface;
   * "uniform" is the random player). Absent: uniform, then the game's players in their order.
   */
  ladder?: {
    rungs: readonly string[];
    /** findings that compare a rung's player with a changed version of itself on the same deals */
    paired?: () => Promise<LadderPaired>;
  };
  /**
   * the report page (path under reports/) that holds the game's assumptions table, the one its
   * experiments check them on; every other page of the game links there
   */
  assumptionsPage?: string;
  /**
   * Examples for the help, as typed after `npx oddsmith <command>`: `group` for
   * `oddsmith <command> --help`; `tournament`, `balance`, `ladder` and `sweep` for the commands over
   * the interface (each without the command name; `sweep` defaults to the `balance` examples with a
   * --set range).
   */
  /** what follows `npx oddsmith` to reach the group in help examples, where not `command` (a game module: `--game ./x.js x`) */
  invoke?: string;
  /** the names `--rules` takes besides files, where the game declares them (a game module's presets) */
  presets?: readonly string[];
  examples: { group: string[]; tournament?: string[]; balance?: string[]; ladder?: string[]; sweep?: string[] };
}

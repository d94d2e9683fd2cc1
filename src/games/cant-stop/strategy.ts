/**
 * The strategy contract. Can't Stop has no hidden information, so a strategy's view is the board
 * itself (read only): every marker, every claimed column, the runners of the turn and the roll.
 */
import type { CantStopPlayer } from './engine.js';
import type { CantStopRules } from './rules.js';
import type { ParamSchemas } from '../../core/spec.js';

// the player contract lives beside the engine that calls it (one direction of imports)
export type { CantStopPlayer };

export interface CantStopStrategyDef {
  name: string;
  /** one line for --help */
  usage: string;
  params: ParamSchemas;
  create(params: Readonly<Record<string, number>>, rules: CantStopRules): CantStopPlayer;
}

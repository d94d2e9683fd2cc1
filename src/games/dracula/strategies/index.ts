/**
 * The one registry of Dracula vs Van Helsing strategies (src/play/strategy-registry.ts). Specs:
 * `name`, `name:k=v,k=v` (e.g. `search:n=16,k=4`, `greedy:call=0.7`) or `name:value` for the
 * first parameter; unknown names and parameters are user errors; labels write every parameter.
 */
import { StrategyRegistry } from '../../../play/strategy-registry.js';
import type { DraculaStrategyDef } from '../strategy.js';
import { random } from './random.js';
import { greedy } from './greedy.js';
import { search } from './search.js';

// `name:value` sets a strategy's first parameter
export const STRATEGIES = new StrategyRegistry<DraculaStrategyDef>(
  'dracula',
  [random, greedy, search].map((s) => ({ ...s, main: Object.keys(s.params)[0] })),
  { labelEvery: true, usageSeparator: '; ' },
);

/**
 * The one registry of Can't Stop strategies (src/play/strategy-registry.ts). Specs: `name` or
 * `name:k=v,k=v` (e.g. `rule28:stop=20`, `random:roll=0.3`); unknown names and parameters are
 * user errors; labels write the parameters that differ from their defaults.
 */
import { StrategyRegistry } from '../../../play/strategy-registry.js';
import type { CantStopStrategyDef } from '../strategy.js';
import { random } from './random.js';
import { rule28 } from './rule28.js';
import { optimal } from './optimal.js';

export const STRATEGIES = new StrategyRegistry<CantStopStrategyDef>('cant-stop', [random, rule28, optimal]);

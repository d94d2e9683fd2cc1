import { UserError } from '../../src/core/errors.js';
import type { Rng } from '../../src/core/rng.js';
import type { TichuRules } from '../../src/games/tichu/rules.js';
import type { TichuStrategy } from '../../src/games/tichu/strategy.js';
import { HEURISTIC_DEFAULTS, HeuristicStrategy } from './heuristic.js';
import { RandomStrategy } from './random.js';
import { SearchStrategy } from './search.js';

/**
 * The Tichu strategy registry: specs are `name` or `name:k=v,k=v` (a single positional value sets
 * the main parameter). Each factory gets the rules and the shard's random stream, so every run
 * is reproducible from (seed, shard).
 */
export interface StrategyInfo {
  name: string;
  summary: string;
  params: Record<string, { default: number; min: number; max: number; about: string }>;
  main?: string;
  create(p: Record<string, number>, rules: TichuRules, rng: Rng): TichuStrategy;
}

export const STRATEGIES: StrategyInfo[] = [
  {
    name: 'random',
    summary: 'uniformly random legal play; random passes, wishes and Dragon gifts',
    params: {
      call: { default: 0, min: 0, max: 1, about: 'probability of calling (Grand) Tichu at each chance' },
      bomb: { default: 0.1, min: 0, max: 1, about: 'probability of bombing out of turn when able' },
    },
    create: (p, _r, rng) => new RandomStrategy(rng, p.call, p.bomb),
  },
  {
    name: 'heuristic',
    summary: 'sheds low combinations first, keeps bombs and top cards, helps a calling partner, calls above hand-strength thresholds',
    params: {
      grand: { default: HEURISTIC_DEFAULTS.grand, min: -10, max: 30, about: 'Grand Tichu threshold on the 8-card hand strength' },
      tichu: { default: HEURISTIC_DEFAULTS.tichu, min: -10, max: 30, about: 'Tichu threshold on the 14-card hand strength' },
    },
    create: (p) => new HeuristicStrategy({ grand: p.grand, tichu: p.tichu }),
  },
  {
    name: 'search',
    summary: 'determinized Monte Carlo rollouts (heuristic playouts) for every in-turn play',
    main: 'budget',
    params: {
      budget: { default: 48, min: 1, max: 100000, about: 'rollouts per decision' },
      grand: { default: HEURISTIC_DEFAULTS.grand, min: -10, max: 30, about: 'Grand Tichu threshold' },
      tichu: { default: HEURISTIC_DEFAULTS.tichu, min: -10, max: 30, about: 'Tichu threshold' },
    },
    create: (p, rules, rng) => new SearchStrategy(rules, rng, p.budget, { grand: p.grand, tichu: p.tichu }),
  },
];

export interface StrategySpec { name: string; params: Record<string, number>; text: string }

/** Parse and validate "name" / "name:k=v,k=v" / "name:value". */
export function parseStrategySpec(text: string): StrategySpec {
  const t = text.trim();
  const [name, rest] = t.includes(':') ? [t.slice(0, t.indexOf(':')), t.slice(t.indexOf(':') + 1)] : [t, ''];
  const info = STRATEGIES.find((s) => s.name === name);
  if (!info) throw new UserError(`unknown Tichu strategy "${name}" (known: ${STRATEGIES.map((s) => s.name).join(', ')})`);
  const params: Record<string, number> = {};
  for (const [k, d] of Object.entries(info.params)) params[k] = d.default;
  if (rest) {
    for (const part of rest.split(',')) {
      let [k, v] = part.includes('=') ? part.split('=') : [info.main ?? '', part];
      k = k.trim();
      if (!(k in info.params)) throw new UserError(`strategy ${name}: unknown parameter "${k}" (known: ${Object.keys(info.params).join(', ')})`);
      const num = Number(v);
      const d = info.params[k];
      if (v === undefined || v.trim() === '' || !Number.isFinite(num) || num < d.min || num > d.max) throw new UserError(`strategy ${name}: ${k} must be a number in ${d.min}..${d.max} (got ${JSON.stringify(v)})`);
      params[k] = num;
    }
  }
  return { name, params, text: t };
}

export function createStrategy(spec: StrategySpec, rules: TichuRules, rng: Rng): TichuStrategy {
  return STRATEGIES.find((s) => s.name === spec.name)!.create(spec.params, rules, rng);
}

import type { ParamSchemas } from '../../../core/spec.js';
import { StrategyRegistry } from '../../../play/strategy-registry.js';
import type { Rng } from '../../../core/rng.js';
import type { TichuRules } from '../rules.js';
import type { TichuStrategy } from '../strategy.js';
import { HEURISTIC_DEFAULTS, HeuristicStrategy } from './heuristic.js';
import { RandomStrategy } from './random.js';
import { SearchStrategy } from './search.js';
import { EXPERT_DEFAULTS, ExpertStrategy } from './expert.js';

/**
 * The Tichu strategy registry (src/play/strategy-registry.ts): specs are `name` or `name:k=v,k=v` (a single positional value sets
 * the main parameter). Each factory gets the rules and the shard's random stream, so every run
 * is reproducible from (seed, shard).
 */
export interface StrategyInfo {
  name: string;
  usage: string;
  summary: string;
  params: ParamSchemas;
  main?: string;
  create(p: Record<string, number>, rules: TichuRules, rng: Rng): TichuStrategy;
}

const STRATEGY_LIST: StrategyInfo[] = [
  {
    name: 'random',
    usage: 'random[:call=P,bomb=P] — uniformly random legal play',
    summary: 'uniformly random legal play; random passes, wishes and Dragon gifts',
    params: {
      call: { default: 0, min: 0, max: 1, help: 'probability of calling (Grand) Tichu at each chance' },
      bomb: { default: 0.1, min: 0, max: 1, help: 'probability of bombing out of turn when able' },
    },
    create: (p, _r, rng) => new RandomStrategy(rng, p.call, p.bomb),
  },
  {
    name: 'heuristic',
    usage: 'heuristic[:grand=G,tichu=T,callerBomb=B] — sheds low combinations first, calls above hand-strength thresholds',
    summary: 'sheds low combinations first, keeps bombs and top cards, helps a calling partner, calls above hand-strength thresholds',
    params: {
      grand: { default: HEURISTIC_DEFAULTS.grand, min: -10, max: 30, help: 'Grand Tichu threshold on the 8-card hand strength' },
      tichu: { default: HEURISTIC_DEFAULTS.tichu, min: -10, max: 30, help: 'Tichu threshold on the 14-card hand strength' },
      callerBomb: { default: HEURISTIC_DEFAULTS.callerBomb ?? 0, min: 0, max: 1, integer: true, help: '1: a player who called bombs an opponent winning a trick (keeps the lead); 0: bombs only an opponent close to going out' },
    },
    create: (p) => new HeuristicStrategy({ grand: p.grand, tichu: p.tichu, callerBomb: p.callerBomb }),
  },
  {
    name: 'search',
    usage: 'search[:B | budget=B,grand=G,tichu=T] — determinized rollouts, B per decision',
    summary: 'determinized Monte Carlo rollouts (heuristic playouts) for every in-turn play',
    main: 'budget',
    params: {
      budget: { default: 48, min: 1, max: 100000, integer: true, help: 'rollouts per decision' },
      grand: { default: HEURISTIC_DEFAULTS.grand, min: -10, max: 30, help: 'Grand Tichu threshold' },
      tichu: { default: HEURISTIC_DEFAULTS.tichu, min: -10, max: 30, help: 'Tichu threshold' },
    },
    create: (p, rules, rng) => new SearchStrategy(rules, rng, p.budget, { grand: p.grand, tichu: p.tichu }),
  },
  {
    name: 'expert',
    usage: 'expert[:B | budget=B,tichu=P,grand=P,callRollouts=R] — search play, team play, calls from rollout estimates',
    summary: 'determinized rollouts with a team player (supports a calling partner, fights a calling opponent); calls when a rollout estimate of P(first out) reaches a threshold',
    main: 'budget',
    params: {
      budget: { default: EXPERT_DEFAULTS.budget, min: 1, max: 100000, integer: true, help: 'rollouts per in-turn play' },
      tichu: { default: EXPERT_DEFAULTS.tichu, min: 0, max: 1, help: 'call Tichu (after the exchange) when the estimated P(first out) is at least this' },
      grand: { default: EXPERT_DEFAULTS.grand, min: 0, max: 1, help: 'call Grand Tichu when the estimated P(first out) from the first 8 cards is at least this' },
      callRollouts: { default: EXPERT_DEFAULTS.callRollouts, min: 1, max: 100000, integer: true, help: 'rollouts per call decision' },
    },
    create: (p, rules, rng) => new ExpertStrategy(rules, rng, { budget: p.budget, tichu: p.tichu, grand: p.grand, callRollouts: p.callRollouts }),
  },
];

export const STRATEGIES = new StrategyRegistry<StrategyInfo>('tichu', STRATEGY_LIST);

export interface TichuStrategySpec { name: string; params: Record<string, number>; text: string }

/** Parse and validate "name" / "name:k=v,k=v" / "name:value" (the main parameter); defaults filled in. */
export function parseStrategySpec(text: string): TichuStrategySpec {
  const { strategy, params } = STRATEGIES.resolve(text);
  return { name: strategy.name, params, text: text.trim() };
}

export function createStrategy(spec: TichuStrategySpec, rules: TichuRules, rng: Rng): TichuStrategy {
  return STRATEGIES.create(spec, rules, rng);
}

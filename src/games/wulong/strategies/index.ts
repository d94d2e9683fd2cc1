/**
 * Wulong's one strategy registry (src/play/strategy-registry.ts). Two contracts, so two lists: turn policies (how the active
 * player rolls: src/games/wulong/turn/strategy.ts) and betting strategies (how a passive player
 * bets: src/games/wulong/game/strategy.ts). One spec syntax for both: `name`, `name:value` for a
 * strategy's one main parameter (`threshold:3000`, `kelly:0.5`, `naive:panda`), or the same
 * parameter by name (`threshold:total=3000`). A full-game player is `BETTING[@POLICY]`. The main
 * parameter is not always a number (`naive:panda`, `per-dice:2000,4000`), so each strategy reads
 * its own argument (`parse`): the registry names, lists and finds them.
 */
import { UserError } from '../../../core/errors.js';
import { parseSpec, splitSpecList } from '../../../core/spec.js';
import { StrategyRegistry } from '../../../play/strategy-registry.js';
import type { PolicySpec, TurnStrategy } from '../turn/strategy.js';
import type { Bettor, BettingStrategy, PassiveSpec, PlayerSpec } from '../game/strategy.js';
import type { WulongRules } from '../turn/rules.js';
import { optimal } from './optimal.js';
import { threshold } from './threshold.js';
import { perDice } from './per-dice.js';
import { keepAll } from './keep-all.js';
import { kelly } from './passive-kelly.js';
import { fraction } from './passive-fraction.js';
import { minStake } from './passive-min.js';
import { lookahead } from './passive-lookahead.js';
import { naive } from './passive-naive.js';

/** Turn policies, in the order --help lists them. */
export const turnPolicies = new StrategyRegistry<TurnStrategy>('wulong', [optimal, threshold, perDice, keepAll]);
/** Betting strategies of the full game, in the order --help lists them. */
export const bettors = new StrategyRegistry<BettingStrategy>('wulong', [kelly, fraction, minStake, lookahead, naive]);

/** The same lists as arrays (library API). */
export const turnStrategies: readonly TurnStrategy[] = turnPolicies.all;
export const passiveStrategies: readonly BettingStrategy[] = bettors.all;

/**
 * A spec's argument for a strategy: `name:value` gives value; `name:param=value` the named
 * parameter's value; nothing after the name (or a bare trailing colon), undefined.
 */
function argOf<S extends TurnStrategy | BettingStrategy>(registry: StrategyRegistry<S>, text: string, unknown: () => string): { strategy: S; arg: string | undefined } {
  const t = text.trim().replace(/:$/, '');
  const name = t.split(':')[0];
  if (!registry.has(name)) throw new UserError(unknown());
  const spec = parseSpec(t);
  const strategy = registry.get(spec.name);
  if (spec.arg !== undefined) return { strategy, arg: spec.arg };
  const keys = Object.keys(spec.params);
  if (keys.length === 0) return { strategy, arg: undefined };
  if (keys.length > 1 || keys[0] !== strategy.param) {
    throw new UserError(`strategy ${strategy.name}: ${strategy.param ? `its parameter is ${strategy.param}` : 'takes no named parameter'} (usage: ${strategy.usage})`);
  }
  return { strategy, arg: String(spec.params[keys[0]]) };
}

/** A turn policy from its spec ("optimal", "threshold:3000", "per-dice:2000,4000,…", "keep-all:3000"). */
export function parsePolicy(text: string): PolicySpec {
  const { strategy, arg } = argOf(turnPolicies, text, () => `unknown policy "${text}" (known: ${turnPolicies.all.map((x) => x.usage).join(', ')})`);
  try {
    return strategy.parse(arg);
  } catch (e) {
    throw new UserError(`policy ${text}: ${(e as Error).message}`);
  }
}

/** A betting strategy from its spec ("kelly", "kelly:0.5", "fraction:0.1", "min", "lookahead", "naive:panda"). */
export function parsePassive(text: string): PassiveSpec {
  const { strategy, arg } = argOf(bettors, text, () => `unknown betting strategy "${text}" (known: ${bettors.all.map((x) => x.usage).join(', ')})`);
  try {
    return strategy.parse(arg);
  } catch (e) {
    throw new UserError(`betting strategy ${text}: ${(e as Error).message}`);
  }
}

/** The bettor a parsed betting spec plays with under these rules (a spec the rules cannot play is a UserError). */
export function bettorFor(spec: PassiveSpec, rules: WulongRules): Bettor {
  return bettors.get(spec.strategy).bettor(spec, rules);
}

/**
 * A player: "betting[@policy]" — the betting strategy used when passive and the turn policy used
 * when active (default optimal), e.g. "kelly:0.5", "naive:panda@threshold:3000".
 */
export function parsePlayer(text: string): PlayerSpec {
  const at = text.indexOf('@');
  const passive = parsePassive(at < 0 ? text : text.slice(0, at));
  const policy = parsePolicy(at < 0 ? 'optimal' : text.slice(at + 1));
  return { label: `${passive.name}@${policy.name}`, passive, policy };
}

/** Split a comma-separated list of players; bare numbers continue the previous item (per-dice:2000,4000,…). */
export function splitPlayers(list: string): string[] {
  return splitSpecList(list, '--strategies', /^\d[\d_]*$/);
}

/** Players from a comma-separated list; a shorter list is repeated to fill `players` seats. */
export function parsePlayers(list: string, players: number): PlayerSpec[] {
  const items = splitPlayers(list);
  if (items.length === 0) throw new UserError('--strategies needs at least one strategy');
  if (items.length > players) throw new UserError(`--strategies lists ${items.length} strategies for ${players} players`);
  const out: PlayerSpec[] = [];
  for (let i = 0; i < players; i++) out.push(parsePlayer(items[i % items.length]));
  return out;
}

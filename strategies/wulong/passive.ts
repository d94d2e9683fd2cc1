import { UserError } from '../../src/core/errors.js';
import type { PassiveSpec, PlayerSpec } from '../../src/games/wulong/game-passive.js';
import { parsePolicy } from './index.js';
import { naive } from './passive-naive.js';
import { minStake } from './passive-min.js';
import { fraction } from './passive-fraction.js';
import { kelly } from './passive-kelly.js';
import { lookahead } from './passive-lookahead.js';

/** Every passive (betting) strategy of the full game, by name. A strategy string is "name" or "name:parameter". */
export const passiveStrategies = [kelly, fraction, minStake, lookahead, naive];

export function parsePassive(text: string): PassiveSpec {
  const [name, ...rest] = text.trim().split(':');
  const s = passiveStrategies.find((x) => x.name === name);
  if (!s) throw new UserError(`unknown betting strategy "${text}" (known: ${passiveStrategies.map((x) => x.usage).join(', ')})`);
  try {
    return s.parse(rest.length ? rest.join(':') : undefined);
  } catch (e) {
    throw new UserError(`betting strategy ${text}: ${(e as Error).message}`);
  }
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
  const items: string[] = [];
  for (const raw of list.split(',')) {
    const s = raw.trim();
    if (!s) continue;
    if (/^\d[\d_]*$/.test(s) && items.length) items[items.length - 1] += `,${s}`;
    else items.push(s);
  }
  return items;
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

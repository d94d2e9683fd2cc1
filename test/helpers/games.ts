import { GAMES } from '../../src/games/index.js';
import type { StateGame } from '../../src/games/state.js';

/** A built-in game by id: its descriptor, its state interface, its default rules and seat count. */
export async function gameOf(id: string) {
  const g = GAMES.find((x) => x.id === id)!;
  const sg = (await g.state!()) as StateGame<never>;
  const rules = (await g.rules()).loadRules(undefined, []) as never;
  return { g, sg, rules, P: sg.seats(rules).default };
}

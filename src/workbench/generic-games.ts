/**
 * The outside games bundled into the workbench (their modules' default exports, registered by the
 * bundle before the page or its worker starts: src/report/bundle.ts), and each as the tools see
 * it — the state interface and the rules schema — built from the definition the way the command
 * line's registry builds it (src/games/registry.ts), without its file and module loading.
 */
import { definitionSchema, type GameDefinition } from '../games/define.js';
import type { StateGame } from '../games/state.js';
import type { RulesSchema } from '../core/schema.js';
import { definitionStateGame } from '../play/player-registry.js';

const games = new Map<string, GameDefinition<never>>();

/** Called by the bundle's injected registration, before anything else runs. */
export function registerWorkbenchGames(defs: readonly unknown[]): void {
  for (const d of defs) games.set((d as GameDefinition<never>).id, d as GameDefinition<never>);
}

export interface WorkbenchGame {
  definition: GameDefinition<never>;
  sg: StateGame<unknown>;
  schema: RulesSchema;
}

const built = new Map<string, WorkbenchGame>();

/** A bundled game by id (an Error naming the ones bundled when it is not). */
export function workbenchGame(id: string): WorkbenchGame {
  const known = built.get(id);
  if (known) return known;
  const def = games.get(id);
  if (!def) throw new Error(`the game ${id} is not bundled into this workbench (bundled: ${[...games.keys()].join(', ') || 'none'})`);
  const sg = definitionStateGame(def);
  const g = { definition: def, sg, schema: definitionSchema(def) };
  built.set(id, g);
  return g;
}

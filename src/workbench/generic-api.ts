/**
 * What `import … from 'oddsmith'` gives a game module bundled into the workbench (an outside game's
 * generic tab): the browser-safe part of the public API (src/index.ts), so the module a designer
 * wrote runs in the page as written. The bundler aliases 'oddsmith' to this file.
 */
export { defineGame, checkDefinition, GameDefinitionError, GAME_ID } from '../games/define.js';
export type { GameDefinition, DefinedGame, PlayerDefinition, PartialRules } from '../games/define.js';
export type { StateFinding, GameState, StatePlayer, StateGame, Outcome } from '../games/state.js';
export { CHANCE, TERMINAL, MAX_ACTIONS } from '../games/state.js';
export { UserError } from '../core/errors.js';
export { UniformPlayer, makePlayer, playerNames } from '../play/players.js';
export { playMatches, summarizeMatches } from '../play/match.js';
export { Rng } from '../core/rng.js';
export { meanEstimate, proportion } from '../core/stats.js';

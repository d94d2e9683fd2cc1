// oddsmith's typed API: one namespace per built-in game (the registry's built-in list: a test checks
// that none is missing), the game interface and the tools over it, and the shared core.
export * as wulong from './games/wulong/index.js';
export * as sichuanMahjong from './games/sichuan-mahjong/index.js';
export * as weilong from './games/weilong/index.js';
export * as liarsDice from './games/liars-dice/index.js';
export * as tichu from './games/tichu/index.js';
export * as dracula from './games/dracula/index.js';
export * as cantStop from './games/cant-stop/index.js';
export { GAMES } from './games/index.js';
export type { GameDescriptor } from './games/types.js';
// the public game API: a game is one module whose default export is defineGame({ … })
export { defineGame, checkDefinition, GameDefinitionError, GAME_ID, type GameDefinition, type DefinedGame, type PlayerDefinition, type PartialRules } from './games/define.js';
export { loadGames, loadGameModule, allGames, gameById, descriptorOf } from './games/registry.js';
export type { StateFinding } from './games/state.js';
export { UserError } from './core/errors.js';
// rules: the schema (validation, defaults, the field table), `--set` and presets
export { validate, defaults, fieldRows, markdownTable, assumedFields, type Field, type RulesSchema, type FieldRow } from './core/schema.js';
export { applySets, setPath, getPath, parseSweepSet, layOver, loadSchemaRules } from './core/rules.js';
export { parseSpec, specText } from './core/spec.js';
// players: the registry of a game's own players with declared parameters
export { playerFromRegistry, playerParams, type PlayerRegistry, type RegisteredPlayer } from './play/player-registry.js';
// the behaviour contract (`oddsmith check-game`)
export { checkContract, contractLines, type ContractFailure, type ContractReport, type ContractOptions } from './play/contract.js';
// the runners and formatters of tournament, balance and ladder (results as the commands' --json)
export { runMatches, runBalance, runLadder, resolveGame, type RunnerOptions } from './play/runners.js';
export { playLadder, summarizeLadder, type LadderParams, type LadderResult } from './play/ladder.js';
export { matchText, matchRows, sweepText, sweepRows } from './play/text.js';
export { ladderText, ladderCsvRows } from './play/ladder-text.js';
export { textTable, type Row } from './core/format.js';
export { toCsv } from './report/csv.js';
export { CHANCE, TERMINAL, MAX_ACTIONS, GAME_PLAY_ERROR, type GameState, type StatePlayer, type StateGame, type Outcome } from './games/state.js';
export { UniformPlayer, makePlayer, playerNames } from './play/players.js';
export { playMatches, summarizeMatches, type MatchParams, type MatchResult } from './play/match.js';
export { Rng } from './core/rng.js';
export { meanEstimate, proportion } from './core/stats.js';
export { runExperiment } from './parallel/pool.js';

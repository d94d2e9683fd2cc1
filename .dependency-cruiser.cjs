/**
 * The architecture, checked (`npm run lint`): what may import what. See docs/architecture.md.
 * `$1` in a `to` path is the game folder matched by the `from` path.
 */
/**
 * A game's composition files: they put its core and its strategies together (command line, report
 * pages, kernels, benches, descriptor, the state adapters, questions, assumptions, sweeps, paired
 * ladder findings, the library index), at the game's top level or one folder down.
 */
const COMPOSITION = '(index|descriptor|cli|report|bench[a-z-]*|kernels|assumptions|state|ladder-paired|call-gain|questions|sweep)';

module.exports = {
  forbidden: [
    { name: 'no-cycles', severity: 'error', comment: 'import cycles make load order and tests fragile', from: {}, to: { circular: true } },
    {
      name: 'core-is-a-leaf', severity: 'error', comment: 'src/core holds shared helpers only: it imports nothing else of the project',
      from: { path: '^src/core/' }, to: { path: '^(src|strategies)/', pathNot: '^src/core/' },
    },
    {
      name: 'infrastructure-knows-no-game', severity: 'error', comment: 'src/report, src/parallel and src/core never import a game or a strategy (games register themselves)',
      from: { path: '^src/(report|parallel|core)/' }, to: { path: '^(src/games|strategies)/' },
    },
    {
      name: 'games-are-independent', severity: 'error', comment: 'a game never imports another game (only src/games/types.ts and state.ts are shared)',
      from: { path: '^src/games/([^/]+)/' }, to: { path: '^src/games/', pathNot: ['^src/games/$1/', '^src/games/(types|state)\\.ts$'] },
    },
    {
      name: 'game-core-never-imports-its-strategies', severity: 'error', comment: 'a game\'s core (rules, cards, engine, exact solvers, tables) never imports its strategies: what it needs of them is handed in (a parameter or callback); only the composition files import both',
      from: { path: '^src/games/([^/]+)/', pathNot: ['^src/games/[^/]+/strategies/', `^src/games/[^/]+/${COMPOSITION}\\.ts$`, `^src/games/[^/]+/[^/]+/${COMPOSITION}\\.ts$`] }, to: { path: '^src/games/$1/strategies/' },
    },
    {
      name: 'game-core-never-reaches-its-strategies', severity: 'error', comment: 'nor through another file: what a game\'s core imports never leads to strategies (a composition file it imports would bring them in); any game\'s, as reachable rules take no $1',
      from: { path: '^src/games/[^/]+/', pathNot: ['^src/games/[^/]+/strategies/', `^src/games/[^/]+/${COMPOSITION}\\.ts$`, `^src/games/[^/]+/[^/]+/${COMPOSITION}\\.ts$`] }, to: { path: '^src/games/[^/]+/strategies/', reachable: true },
    },
    {
      name: 'strategies-import-only-their-game-core', severity: 'error', comment: 'src/games/<game>/strategies implements its game\'s contract with its game\'s core files, src/core, src/games/state.ts, the generic players (top-level strategies/*.ts) and the one strategy registry (src/play/strategy-registry.ts): nothing else',
      from: { path: '^src/games/([^/]+)/strategies/' }, to: { path: '^(src|strategies)/', pathNot: ['^src/games/$1/', '^src/core/', '^src/games/state\\.ts$', '^strategies/[^/]+\\.ts$', '^src/play/strategy-registry\\.ts$'] },
    },
    {
      name: 'strategies-see-the-core-not-the-composition', severity: 'error', comment: 'a strategy never imports its game\'s composition files (command line, reports, kernels, bench, descriptor, state adapters, questions, library index …), which import it',
      from: { path: '^src/games/([^/]+)/strategies/' }, to: { path: [`^src/games/$1/${COMPOSITION}\\.ts$`, `^src/games/$1/(?!strategies/)[^/]+/${COMPOSITION}\\.ts$`] },
    },
    {
      name: 'only-its-game-composes-a-games-strategies', severity: 'error', comment: 'outside src/games/<game> nothing imports its strategies (tests aside): the tools reach them through the game\'s descriptor, state adapters and library index',
      from: { path: '^(src|strategies)/', pathNot: '^src/games/[^/]+/' }, to: { path: '^src/games/[^/]+/strategies/' },
    },
    {
      name: 'generic-players-see-only-the-interface', severity: 'error', comment: 'the game-independent players (top-level strategies/*.ts) are written over src/games/state.ts with core helpers and each other: no game, no tool',
      from: { path: '^strategies/[^/]+\\.ts$' }, to: { path: '^(src|strategies)/', pathNot: ['^src/core/', '^src/games/state\\.ts$', '^strategies/[^/]+\\.ts$'] },
    },
    {
      name: 'games-reach-generic-players-through-play', severity: 'error', comment: 'a game file never imports the generic players of strategies/: they come to every game through src/play (its strategies folder may build on them)',
      from: { path: '^src/games/', pathNot: '^src/games/[^/]+/strategies/' }, to: { path: '^strategies/' },
    },
    {
      name: 'cli-reaches-games-through-the-list', severity: 'error', comment: 'src/cli knows the games only through src/games/index.ts, types.ts and state.ts (each game adds its own command group)',
      from: { path: '^src/cli/' }, to: { path: '^(src/games/[^/]+/|strategies/)' },
    },
    {
      name: 'bench-reaches-games-through-the-list', severity: 'error', comment: 'src/bench runs the benches the descriptors list: no game file (nor a game\'s strategies); the generic players of strategies/ it may name',
      from: { path: '^src/bench/' }, to: { path: '^src/games/[^/]+/' },
    },
    {
      name: 'play-knows-only-the-interface', severity: 'error', comment: 'the tools in src/play are written over src/games/state.ts (and the list of games) and offer the generic players of strategies/: no game file, no game\'s strategy, no command line',
      from: { path: '^src/play/' }, to: { path: '^(src/games/[^/]+/|src/cli/|src/bench/|src/workbench/)' },
    },
    {
      name: 'exact-knows-only-the-interface', severity: 'error', comment: 'the exact tools in src/exact are written over src/games/state.ts: no game file, no strategy, no command line, no play layer',
      from: { path: '^src/exact/' }, to: { path: '^(src/games/[^/]+/|strategies/|src/cli/|src/bench/|src/workbench/|src/play/)' },
    },
    {
      name: 'workbench-imports-only-pure-game-modules', severity: 'error', comment: 'the browser workbench may bundle a game\'s rules, card notation, exact solvers and questions, never its engine, kernels, command line or reports (nor strategies)',
      from: { path: '^src/workbench/' }, to: { path: '^(src/games/[^/]+/|strategies/)', pathNot: ['^src/games/[^/]+/(rules|cards|exact[a-z-]*|questions)\\.ts$', '^src/games/[^/]+/[^/]+/(rules|exact[a-z-]*|questions)\\.ts$'] },
    },
    {
      name: 'workbench-solves-through-the-summary', severity: 'error', comment: 'a generic workbench tab shows the report page\'s exact answers through src/exact/summary.ts (same budget, same lines), not the command-line parts of src/exact (checkpoints, strategy files)',
      from: { path: '^src/workbench/' }, to: { path: '^src/exact/', pathNot: '^src/exact/summary\\.ts$' },
    },
    {
      name: 'exact-solvers-are-browser-safe', severity: 'error', comment: 'src/exact/summary.ts and the solvers it runs are bundled into the workbench: no node: module. cfr.ts still imports src/core/thread-pool.ts (node:worker_threads), which only runs with threads > 1, never in a page; the bundle stubs its node: modules',
      from: { path: '^src/exact/(summary|cfr|tree|optimal)\\.ts$' }, to: { dependencyTypes: ['core'] },
    },
    {
      name: 'questions-are-browser-safe', severity: 'error', comment: 'a game\'s questions and src/report/question.ts are bundled into the browser workbench: they import no engine, kernel, pool, command line, page writer or renderer (types excepted; simulations go through QuestionContext.simulate)',
      from: { path: ['^src/games/.+/questions\\.ts$', '^src/report/question\\.ts$'] },
      to: { path: ['^src/(parallel|cli|bench|play|workbench)/', '^src/report/(render|page|bundle|run|cache|fonts|experiment|csv|findings|assumptions)\\.ts$', '^src/games/[^/]+/(engine|kernels|cli|report|bench|state|descriptor|assumptions)\\.ts$', '^src/games/[^/]+/[^/]+/(engine|kernels|cli|report|bench|state|descriptor|assumptions)\\.ts$'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'questions-use-no-node-module', severity: 'error', comment: 'a question runs in the browser too: no node: module',
      from: { path: ['^src/games/.+/questions\\.ts$', '^src/report/question\\.ts$'] }, to: { dependencyTypes: ['core'] },
    },
    {
      name: 'games-use-only-the-shared-helpers', severity: 'error', comment: 'a game may use src/cli/common.ts (its command group), src/bench/timing.ts (its bench) the players every game has (src/play/players.ts), the types of the ladder paired findings (src/play/ladder-paired.ts) and the one strategy registry and adapter (src/play/strategy-registry.ts, strategy-player.ts), nothing else of src/cli, src/bench, src/play or src/workbench',
      from: { path: '^src/games/', pathNot: '^src/games/registry\\.ts$' }, to: { path: '^src/(cli|bench|play|workbench)/', pathNot: '^src/(cli/common|bench/timing|play/players|play/strategy-registry|play/strategy-player|play/ladder-paired)\\.ts$' },
    },
    {
      name: 'nothing-below-imports-the-tools', severity: 'error', comment: 'src/core, src/parallel, src/report and strategies never import src/cli, src/bench, src/play or src/workbench (strategies: only the one strategy registry)',
      from: { path: '^(src/(core|parallel|report)|strategies|src/games/[^/]+/strategies)/' }, to: { path: '^src/(cli|bench|play|workbench)/', pathNot: '^src/play/strategy-registry\\.ts$' },
    },
    {
      name: 'bgio-adapter-sees-only-the-game-api', severity: 'error', comment: 'src/bgio (boardgame.io games) builds a game definition over src/games/define.ts and state.ts with core helpers: nothing else of the project',
      from: { path: '^src/bgio/' }, to: { path: '^(src|strategies)/', pathNot: ['^src/bgio/', '^src/core/', '^src/games/(define|state)\\.ts$'] },
    },
    {
      name: 'only-the-registry-loads-bgio', severity: 'error', comment: 'boardgame.io games come in through the registry (`--game bgio:…`); the bench measures the adapter through the registry too',
      from: { path: '^(src|strategies)/', pathNot: ['^src/bgio/', '^src/games/registry\\.ts$'] }, to: { path: '^src/bgio/' },
    },
    {
      name: 'game-reports-do-not-import-the-cli', severity: 'error', comment: 'a report page and a command share code through a module both import, not through cli.ts',
      from: { path: '^src/games/.+/report\\.ts$' }, to: { path: '^src/games/.+/cli\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};

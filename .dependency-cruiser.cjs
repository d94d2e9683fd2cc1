/**
 * The architecture, checked (`npm run lint`): what may import what. See docs/architecture.md.
 * `$1` in a `to` path is the game folder matched by the `from` path.
 */
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
      name: 'games-use-their-strategy-registry', severity: 'error', comment: 'a game reaches its strategies only through strategies/<game>/index.ts',
      from: { path: '^src/games/([^/]+)/' }, to: { path: '^strategies/', pathNot: '^strategies/$1/index\\.ts$' },
    },
    {
      name: 'strategies-stay-in-their-game', severity: 'error', comment: 'strategies/<game> implements src/games/<game>/strategy.ts with core helpers, nothing else',
      from: { path: '^strategies/([^/]+)/' }, to: { path: '^(src|strategies)/', pathNot: ['^src/games/$1/', '^src/core/', '^strategies/$1/'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};

/**
 * `oddsmith check-game <module>`: the behaviour contract of the game interface (src/play/contract.ts)
 * on a game module (or a built-in, by id): one line per failure naming the method and a seed that
 * reproduces it (`--seed`), exit 1 when any; a module that does not load is one line, exit 2.
 */
import { Option, type Command } from 'commander';
import { UserError } from '../core/errors.js';
import { intArg } from './common.js';

interface CheckOptions {
  seed?: number;
  playouts: number;
  json?: boolean;
  debug?: boolean;
}

export function registerCheckGame(root: Command): void {
  root
    .command('check-game')
    .description('check a game module against the game interface: playouts end, legal actions only, returns as declared, determinize, clone, replay, its players, its rules')
    .argument('<module>', 'a game module (path or package name), or a built-in game\'s id')
    .addOption(new Option('--playouts <n>', 'random playouts per table size, seeds 1..n (default 6)').default(6).argParser(intArg('--playouts', 1, 10_000)))
    .addOption(new Option('--seed <s>', 'check with this seed only (the seed a failure names)').argParser(intArg('--seed', 0, 2 ** 32 - 1)))
    .option('--json', 'print the report as JSON')
    .option('--debug', 'print the stack of each exception a game threw (stderr)')
    .addHelpText('after', '\nExamples:\n  npx oddsmith check-game ./my-game/index.js\n  npx oddsmith check-game ./my-game/index.js --seed 3 --debug\n\nExit code 0 when the contract holds, 1 when a check fails, 2 when the module cannot be used.')
    .action(async (module: string, opts: CheckOptions) => {
      const { GAMES } = await import('../games/index.js');
      const { loadGames, loadedGames, moduleUrlOf } = await import('../games/registry.js');
      const { checkContract, contractLines } = await import('../play/contract.js');
      let game = GAMES.find((g) => g.id === module);
      if (!game) {
        await loadGames([module]);
        let url: string;
        try {
          url = moduleUrlOf(module);
        } catch (e) {
          throw new UserError(`game module ${module}: ${(e as Error).message}`);
        }
        game = loadedGames().find((g) => g.url === url)?.descriptor;
        if (!game) throw new Error(`check-game: ${module} loaded but is not in the registry`);
      }
      const report = await checkContract(game, { playouts: opts.playouts, seed: opts.seed });
      const lines = contractLines(report);
      if (opts.json) process.stdout.write(`${JSON.stringify({ ...report, failures: report.failures.map(({ error: _, ...f }) => f) }, null, 2)}\n`);
      else if (lines.length === 0) {
        // the players on a line of their own: a game with many keeps the first line short
        const players = report.playersChecked.length ? `\nplayers checked: ${report.playersChecked.join(', ')}` : '';
        process.stdout.write(`${game.id}: the contract holds: ${report.playouts} playouts, ${report.decisions.toLocaleString('en-US')} decisions, ${report.tables.join(', ')} players${players}\n`);
      } else {
        process.stdout.write(`${lines.join('\n')}\n`);
        const seed = report.failures.find((f) => f.seed !== undefined)?.seed;
        process.stdout.write(`${game.id}: ${lines.length} check${lines.length === 1 ? '' : 's'} failed${seed !== undefined && opts.seed === undefined ? ` (one at a time: npx oddsmith check-game ${module} --seed ${seed} --debug)` : ''}\n`);
      }
      if (opts.debug) for (const f of report.failures) if (f.error instanceof Error && f.error.stack) process.stderr.write(`${f.method}: ${f.error.stack}\n`);
      if (report.failures.length) process.exitCode = 1;
    });
}

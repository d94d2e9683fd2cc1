import { Option, type Command } from 'commander';
import { availableParallelism } from 'node:os';
import { register as registerTurn } from './turn/cli.js';
import { register as registerGame } from './game/cli.js';
import { register as registerRace } from './race/cli.js';
import { emit, intArg } from '../../cli/common.js';
import { assumptionsText, findingRows } from '../../report/assumptions.js';
import { checkAssumptions } from './assumptions.js';

/** The `wulong` command group: the full game's commands (game, sweep), then the turn analyzer's (solve, advise, bets, simulate), then the race to a target (race), then the assumptions table. */
export function register(program: Command): void {
  const wulong = program.command('wulong').description('Wulong push-your-luck: exact turn solver, advice, bets, simulation, full game');
  registerGame(wulong);
  registerTurn(wulong);
  registerRace(wulong);
  wulong
    .command('assumptions')
    .description("every rule the rulebook leaves open, its default and alternatives, and whether each headline finding survives them (exact turn findings; small fixed-seed game runs)")
    .addOption(new Option('--games <n>', 'simulated 4-player games per alternative for the game findings').default(2000).argParser(intArg('--games', 100, 1e8)))
    .addOption(new Option('--seed <k>', 'random seed of the game runs').default(1).argParser(intArg('--seed', 0)))
    .addOption(new Option('--workers <w>', 'worker threads (results do not depend on it)').default(availableParallelism()).argParser(intArg('--workers', 1, 256)))
    .option('--exact-only', 'only the exact (turn and betting) findings: no games played')
    .option('--json', 'print the report as JSON')
    .option('--csv', 'print one row per (finding, value) as CSV')
    .addHelpText('after', '\nExamples:\n  npx oddsmith wulong assumptions --exact-only\n  npx oddsmith wulong assumptions --games 2000 --workers 2 --csv')
    .action(async (opts: { games: number; seed: number; workers: number; exactOnly?: boolean; json?: boolean; csv?: boolean }) => {
      const r = await checkAssumptions({ games: opts.games, seed: opts.seed, workers: opts.workers, exactOnly: !!opts.exactOnly });
      emit(r, opts, () => assumptionsText(r), () => findingRows(r));
    });
}

import type { Command } from 'commander';
import { register as registerTurn } from './turn/cli.js';
import { register as registerGame } from './game/cli.js';
import { register as registerRace } from './race/cli.js';
import { register as registerGrade } from './turn/grade-cli.js';
import { addAssumptionsCommand } from '../../cli/common.js';
import { checkAssumptions } from './assumptions.js';

/** The `wulong` command group: the full game's commands (game, sweep), then the turn analyzer's (solve, advise, bets, simulate), then the race to a target (race), then the assumptions table. */
export function register(program: Command): void {
  const wulong = program.command('wulong').description('Wulong push-your-luck: exact turn solver, advice, bets, simulation, full game');
  registerGame(wulong);
  registerTurn(wulong);
  registerGrade(wulong);
  registerRace(wulong);
  addAssumptionsCommand(wulong, {
    description: 'every rule the rulebook leaves open, its default and alternatives, and whether each headline finding survives them (exact turn findings; small fixed-seed game runs)',
    size: { flag: '--games', help: 'simulated 4-player games per alternative for the game findings', min: 100, max: 1e8, default: 2000 },
    seed: { help: 'random seed of the game runs', default: 1 },
    exactOnly: 'only the exact (turn and betting) findings: no games played',
    json: 'print the report as JSON',
    csv: 'print one row per (finding, value) as CSV',
    examples: ['--exact-only', '--games 2000 --workers 2 --csv'],
    checkAssumptions: (o) => checkAssumptions({ games: o.size, seed: o.seed, workers: o.workers, exactOnly: o.exactOnly }),
  });
}

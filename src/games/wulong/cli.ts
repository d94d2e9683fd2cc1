import type { Command } from 'commander';
import { register as registerTurn } from './turn/cli.js';
import { register as registerGame } from './game/cli.js';
import { register as registerRace } from './race/cli.js';

/** The `wulong` command group: the full game's commands (game, sweep), then the turn analyzer's (solve, advise, bets, simulate), then the race to a target (race). */
export function register(program: Command): void {
  const wulong = program.command('wulong').description('Wulong push-your-luck: exact turn solver, advice, bets, simulation, full game');
  registerGame(wulong);
  registerTurn(wulong);
  registerRace(wulong);
}

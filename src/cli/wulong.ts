import type { Command } from 'commander';
export function registerWulong(program: Command): void {
  program.command('wulong').description('Wulong push-your-luck: exact turn solver, advice, bets, simulation');
}

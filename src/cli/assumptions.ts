/**
 * `oddsmith <game> assumptions` written once (src/play/assumptions.ts), added to the group of every
 * game whose descriptor declares `state`. A game with its own `assumptions` command keeps it, and
 * the generic one is added as `duplicate-assumptions` (as src/cli/play.ts does for its commands).
 */
import { Option, type Command } from 'commander';
import { availableParallelism } from 'node:os';
import { splitList } from '../core/parse.js';
import type { GameDescriptor } from '../games/types.js';
import { addRulesOptions, emit, intArg, type RulesOptions } from './common.js';
import { playCommandName } from './play.js';

type Options = RulesOptions & { deals: number; seed: number; workers: number; strategy?: string; players?: number; only?: string; quiet?: boolean; json?: boolean; csv?: boolean };

export function addGenericAssumptionsCommand(group: Command, g: GameDescriptor): void {
  const name = playCommandName(group, 'assumptions');
  const cmd = group
    .command(name)
    .description('every field the rules schema marks assumed, re-run at its alternatives over the game interface: the first player\'s win rate, the game\'s length and the game\'s own findings, each with its verdict (holds, sensitive, fails)')
    .addOption(new Option('--deals <n>', 'deals per rule set (default 400)').default(400).argParser(intArg('--deals', 2, 10_000_000)))
    .addOption(new Option('--seed <k>', 'seed, the same for every value (default 16)').default(16).argParser(intArg('--seed', 0, 2 ** 32 - 1)))
    .option('--strategy <spec>', 'the player in every seat (default: as balance, the game\'s first player)')
    .addOption(new Option('--players <n>', 'seats at the table (default: the game\'s usual table)').argParser(intArg('--players', 1, 64)))
    .option('--only <fields>', 'comma-separated assumed fields to re-run (default: all)')
    .addOption(new Option('--workers <w>', 'worker threads (results do not depend on it)').default(availableParallelism()).argParser(intArg('--workers', 1, 256)))
    .option('--quiet', 'no progress lines');
  addRulesOptions(cmd, g.id);
  cmd
    .option('--json', 'print as JSON')
    .option('--csv', 'print the findings table as CSV (one row per finding, field and value)')
    .addHelpText('after', `\nAlternatives: a field's declared "alternatives", else a switch's other value, a choice's other\nvalues, half and double a number's default. See docs/tools.md.\n\nExamples:\n  npx oddsmith ${g.invoke ?? g.command} ${name} --deals 200\n  npx oddsmith ${g.invoke ?? g.command} ${name} --deals 1000 --csv`)
    .action(async (opts: Options) => {
      const { checkGenericAssumptions, checkRows, genericAssumptionsText } = await import('../play/assumptions.js');
      // a line per rule set on a terminal only: a log or a pipe gets the result alone, as from `balance`
      const log = opts.quiet || !process.stderr.isTTY ? undefined : (line: string) => process.stderr.write(`${line}\n`);
      const r = await checkGenericAssumptions(g, { rules: opts.rules, set: opts.set, player: opts.strategy, players: opts.players, deals: opts.deals, seed: opts.seed, workers: opts.workers, only: opts.only === undefined ? undefined : splitList(opts.only, '--only'), log });
      emit(r, opts, () => genericAssumptionsText(r), () => checkRows(r));
    });
}

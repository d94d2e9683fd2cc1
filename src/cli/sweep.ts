/**
 * `oddsmith <game> sweep --set field=a..b:step`: one syntax for every game. A game with its own
 * `sweep` (Wulong, Liar's Dice, Dracula) reads the same --set range there; every other game that
 * declares `state` gets this one: the balance figures of src/play (`<game> balance`) at each value
 * of the field — the balance command's own sweep, as a command of its own name.
 */
import { Option, type Command } from 'commander';
import { UserError } from '../core/errors.js';
import type { GameDescriptor } from '../games/types.js';
import { addRulesOptions, addSimOptions, intArg, type RulesOptions, type SimOptions } from './common.js';
import { run } from './play.js';

/** A --set value that sweeps: a range a..b or a..b:step (as `balance` reads it). */
const isSweepSet = (s: string): boolean => /^[^=]*=.*\.\./.test(s);

/** Add the generic `sweep` to a game's group, unless the game has its own. */
export function addSweepCommand(group: Command, g: GameDescriptor): void {
  if (group.commands.some((c) => c.name() === 'sweep')) return;
  const examples = g.examples.sweep ?? (g.examples.balance ?? []).filter((e) => /--set \S+=\S*\.\./.test(e));
  const cmd = group
    .command('sweep')
    .description('the balance figures (as `balance` prints them) at each value of one rules field: --set field=a..b:step')
    .option('--strategies <list>', 'the player at every seat, or one per seat (default: the game\'s first player)')
    .addOption(new Option('--deals <n>', 'deals per value, each played once per seating (seats rotated) (default 400)').default(400).argParser(intArg('--deals', 1, 10_000_000)))
    .addOption(new Option('--players <n>', 'seats at the table when one strategy is given (default: the game\'s usual table)').argParser(intArg('--players', 1, 64)));
  addRulesOptions(cmd, g.id);
  addSimOptions(cmd, { runsWhole: 'runs every value here' })
    .addHelpText('after', `\nThe one --set whose value is a range (a..b or a..b:step) is swept, with the same deals at every\nvalue; other --set fields stay fixed. The same figures as \`${g.command} balance\`.${examples.length ? `\n\nExamples:\n${examples.map((e) => `  npx oddsmith ${g.invoke ?? g.command} sweep ${e}`).join('\n')}` : ''}`)
    .action(async (opts: SimOptions & RulesOptions & { strategies?: string; players?: number; deals: number }) => {
      if (!opts.set.some(isSweepSet)) throw new UserError('sweep: name the field to sweep with --set field=a..b or field=a..b:step');
      await run(g, 'balance', opts);
    });
}

import { Option, type Command } from 'commander';
import { UserError } from '../../core/errors.js';
import { addAssumptionsCommand, addRulesOptions, addSimOptions, ask, intArg, rulesFromOptions, runAndPrint, type RulesOptions, type SimOptions } from '../../cli/common.js';
import { splitSpecList } from '../../core/spec.js';
import { parseStrategySpec, STRATEGIES } from './strategies/index.js';
import { parseCards, sortCards } from './cards.js';
import { odds } from './questions.js';
import { callKernel, callsKernel, gamesKernel } from './kernels.js';
import { ASSUMPTIONS_ROUNDS, ASSUMPTIONS_SEED, checkAssumptions } from './assumptions.js';
import { validateRules } from './rules.js';
import { printDefaultPlayerNote, type LadderDefault } from '../../core/default-player.js';

/**
 * Who plays out the deals of `tichu grand`, `call`, `calls` and `simulate` unless --strategies
 * says: the game's strongest own player (about 35 times slower than heuristic, whose calls succeed
 * far less often than people's). The ladder rates the generic search rung a little above it, within
 * noise (18 of their 32 games on the page), so the answers keep the game's player.
 */
export const CALL_DEFAULT: LadderDefault = {
  game: 'tichu', spec: 'search', elo: 559, low: 449, high: 673,
  strongest: { spec: 'ismcts:iters=500,widen=2,prior=10,follow=1', elo: 578, low: 478, high: 692, why: 'a near tie' },
};

/** "a,b,c,d" where a spec may carry its own k=v list: split on commas that start a new strategy name. */
export function splitStrategies(text: string): string[] {
  return splitSpecList(text, '--strategies');
}

function fourStrategies(text: string): string[] {
  let list = splitStrategies(text);
  if (list.length === 1) list = [list[0], list[0], list[0], list[0]];
  if (list.length === 2) list = [list[0], list[1], list[0], list[1]];
  if (list.length !== 4) throw new UserError(`--strategies needs 1, 2 or 4 strategies (seat order; got ${list.length})`);
  return list.map((s) => parseStrategySpec(s).text);
}


export function register(program: Command): void {
  const t = program.command('tichu').description('Tichu: exact deal odds, full-game bot tournaments, "should I call (Grand) Tichu?"');

  addRulesOptions(
    t.command('odds')
      .description('exact deal odds: any bomb, four of a kind, straight flush, each special card, k aces, two or more of Dragon/Phoenix/aces — for the first 8 and the full 14 cards, or the 14 given your first 8')
      .option('--hand <cards>', 'your first 8 cards, e.g. "As Ah Kj 9p 5s 2r Dr Ph": odds for your 14 given them')
      .option('--json', 'print the result as JSON')
      .option('--csv', 'print the 14-card table as CSV')
      .addHelpText('after', '\nCards: rank 2-9 T J Q K A + suit j (Jade) s (Sword) p (Pagoda) r (Star);\nMJ, Dg, Ph, Dr for Mah Jong, Dog, Phoenix, Dragon.\nExamples:\n  npx oddsmith tichu odds\n  npx oddsmith tichu odds --hand "Aj As Kp Qr 7s 7j Dr MJ"'),
    'tichu',
  ).action(async (opts: RulesOptions & { hand?: string; json?: boolean; csv?: boolean }) => {
    const rules = rulesFromOptions('tichu', opts, validateRules);
    const given = opts.hand === undefined ? undefined : sortCards(parseCards(opts.hand, 8, '--hand'));
    return ask(odds, { rules, given, atTable: true }, opts);
  });

  addRulesOptions(
    addSimOptions(
      t.command('simulate')
        .description('bot tournament: whole games to the target score, seats rotated every game; team win rate, points, double wins, call rates and success (split by bombs), bombs, lengths — beside published real-game figures')
        .addOption(new Option('--games <n>', 'games to play').default(200).argParser(intArg('--games', 1, 1e9)))
        .option('--strategies <list>', `four strategies in seat order (or 1 for all, 2 alternating; default: ${CALL_DEFAULT.spec}, the ladder's strongest; heuristic is ~35× faster): ${STRATEGIES.usage()}`),
      { shardCount: 16 },
    ),
    'tichu',
  )
    .addHelpText('after', '\nExamples:\n  npx oddsmith tichu simulate --games 200 --strategies heuristic,random,heuristic,random --seed 1\n  npx oddsmith tichu simulate --games 20 --strategies search:32,heuristic --workers 2')
    .action(async (opts: SimOptions & RulesOptions & { games: number; strategies?: string }) => {
      const rules = rulesFromOptions('tichu', opts, validateRules);
      const strategies = fourStrategies(opts.strategies ?? CALL_DEFAULT.spec);
      printDefaultPlayerNote(CALL_DEFAULT, opts.strategies === undefined, opts);
      // through the kernel's finish: `oddsmith merge` of its parts prints the same
      await runAndPrint(gamesKernel, { rules, strategies }, opts.games, opts);
    });

  addRulesOptions(
    addSimOptions(
      t.command('calls')
        .description('call and bomb statistics over single deals (from 0 : 0, seats rotated): call rates, success, callers and opponents with bombs, bombs in the first 8 / 14 / after passing, bombs played — beside published real-game figures')
        .addOption(new Option('--deals <n>', 'deals to play').default(2000).argParser(intArg('--deals', 1, 1e9)))
        .option('--strategies <list>', `four strategies in seat order (or 1 for all, 2 alternating; default: ${CALL_DEFAULT.spec}, the ladder's strongest; heuristic is ~35× faster)`),
      { shardCount: 16 },
    ),
    'tichu',
  )
    .addHelpText('after', '\nExamples:\n  npx oddsmith tichu calls --deals 4000\n  npx oddsmith tichu calls --strategies expert --deals 400 --workers 2')
    .action(async (opts: SimOptions & RulesOptions & { deals: number; strategies?: string }) => {
      const rules = rulesFromOptions('tichu', opts, validateRules);
      const strategies = fourStrategies(opts.strategies ?? CALL_DEFAULT.spec);
      printDefaultPlayerNote(CALL_DEFAULT, opts.strategies === undefined, opts);
      await runAndPrint(callsKernel, { rules, strategies }, opts.deals, opts);
    });

  const callCommand = (name: 'grand' | 'call', size: number, what: string) =>
    addRulesOptions(
      addSimOptions(
        t.command(name)
          .description(`should I call ${what}? P(going out first) and round points with and without the call, by simulating the rest of the deal (common random numbers), plus the exact 14-card odds`)
          .requiredOption('--hand <cards>', `your ${size} cards`)
          .addOption(new Option('--deals <n>', 'deals of the unseen cards to play out').default(2000).argParser(intArg('--deals', 1, 1e9)))
          .option('--strategies <list>', `who plays the seats (you are the first): 1, 2 or 4 strategies (default: ${CALL_DEFAULT.spec}, the ladder's strongest; heuristic is ~35× faster)`),
        { shardCount: 16 },
      ),
      'tichu',
    )
      .addHelpText('after', `\nExample:\n  npx oddsmith tichu ${name} --hand "${size === 8 ? 'Dr Ph Aj As Kp Kr Qs Jj' : 'Dr Ph Aj As Kp Kr Qs Jj Tj 9j 8j 4s 3s 2s'}" --deals 2000`)
      .action(async (opts: SimOptions & RulesOptions & { hand: string; deals: number; strategies?: string }) => {
        const rules = rulesFromOptions('tichu', opts, validateRules);
        // a hand is a set: the same cards in any order are the same question, with the same numbers
        const hand = sortCards(parseCards(opts.hand, size, '--hand'));
        const strategies = fourStrategies(opts.strategies ?? CALL_DEFAULT.spec);
        printDefaultPlayerNote(CALL_DEFAULT, opts.strategies === undefined, opts);
        const call = name === 'grand' ? 'grand' : 'tichu';
        // through the kernel's finish: `oddsmith merge` of its parts prints the same
        await runAndPrint(callKernel, { rules, strategies, hand, call }, opts.deals, opts);
      });
  callCommand('grand', 8, 'Grand Tichu (after 8 cards)');
  callCommand('call', 14, 'Tichu (with 14 cards, before passing)');

  addAssumptionsCommand(t, {
    description: 'every assumed rule (the rules text leaves it open), its default and alternative, and the headline findings re-measured at each on the same deals (share of rounds the choice decides; 95% intervals)',
    size: { flag: '--rounds', help: 'deals per assumption, each played under the default and the alternative', min: 100, max: 1e7, default: ASSUMPTIONS_ROUNDS },
    seed: { help: 'seed', default: ASSUMPTIONS_SEED },
    only: true,
    rules: 'tichu',
    examples: ['', '--rounds 2000 --only assumptions.bombsAfterPasses --csv'],
    checkAssumptions: (o) => checkAssumptions({ rules: rulesFromOptions('tichu', o, validateRules), rounds: o.size, seed: o.seed, workers: o.workers, only: o.only }),
  });
}

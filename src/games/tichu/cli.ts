import { Option, type Command } from 'commander';
import { UserError } from '../../core/errors.js';
import { fmtPct, textTable } from '../../core/format.js';
import { addAssumptionsCommand, addRulesOptions, addSimOptions, emit, intArg, rulesFromOptions, runAndPrint, type RulesOptions, type SimOptions } from '../../cli/common.js';
import { splitSpecList } from '../../core/spec.js';
import { parseStrategySpec, REGISTRY } from '../../../strategies/tichu/index.js';
import { cardsText, parseCards, sortCards } from './cards.js';
import { handOdds, tableFourOfAKind, type HandOddsResult, type OddsLine } from './exact.js';
import { tableBombOdds, TICHU_DECK, type TableBombResult } from './exact-table.js';
import { callKernel, callsKernel, gamesKernel } from './kernels.js';
import { ASSUMPTIONS_ROUNDS, ASSUMPTIONS_SEED, checkAssumptions } from './assumptions.js';
import { validateRules } from './rules.js';

function oddsRows(r: HandOddsResult) {
  return r.lines.map((l) => ({ event: l.label, fraction: l.fraction, probability: fmtPct(l.probability, 4) }));
}

/** --csv: plain numbers (exact count and total, and the probability as a decimal) */
function oddsCsv(r: HandOddsResult) {
  return r.lines.map((l) => ({ event: l.event, label: l.label, count: l.count, total: l.total, fraction: l.fraction, probability: l.probability }));
}

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

/** largest minimum straight-flush length for which `odds` computes the table-level any-bomb figure */
export const TABLE_MAX_L = 8;

export function formatOdds(r8: HandOddsResult | null, r14: HandOddsResult, table: OddsLine | null, tableBomb: TableBombResult | null): string {
  const out: string[] = [];
  if (r8) out.push(`First 8 cards (exact, counts over C(56,8) = ${BigInt(r8.lines[0].total).toLocaleString('en-US')} hands):`, textTable(oddsRows(r8)), '');
  if (r14.given) out.push(`Full 14 cards given ${r14.given} (exact, the 6 still to come from the 48 unseen: C(48,6) = ${BigInt(r14.lines[0].total).toLocaleString('en-US')}):`);
  else out.push(`Full 14 cards (exact, counts over C(56,14) = ${BigInt(r14.lines[0].total).toLocaleString('en-US')} hands):`);
  out.push(textTable(oddsRows(r14)));
  if (table) {
    out.push('', 'At the table (14 cards each, before passing):');
    out.push(`  some player holds a four of a kind: ${fmtPct(table.probability, 4)} (exact: ${table.fraction})`);
    if (!tableBomb) out.push(`  some player holds any bomb: not computed for minStraightFlush > ${TABLE_MAX_L} (the exact count would take minutes)`);
    else {
      out.push(`  some player holds any bomb: ${fmtPct(tableBomb.probability, 10)} (exact combinatorics to 12 digits, not sampled)`);
      out.push(`  no player holds a bomb:     ${fmtPct(tableBomb.noBomb, 10)} of the ${BigInt(tableBomb.deals).toLocaleString('en-US')} deals`);
    }
  }
  return out.join('\n');
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
  ).action((opts: RulesOptions & { hand?: string; json?: boolean; csv?: boolean }) => {
    const rules = rulesFromOptions('tichu', opts, validateRules);
    const L = rules.minStraightFlush;
    if (opts.hand !== undefined) {
      const given = sortCards(parseCards(opts.hand, 8, '--hand'));
      const r14 = handOdds(14, given, L);
      const result = { given: cardsText(given), fourteen: r14 };
      emit(result, opts, () => formatOdds(null, r14, null, null), () => oddsCsv(r14));
      return;
    }
    const r8 = handOdds(8, [], L), r14 = handOdds(14, [], L);
    const table = tableFourOfAKind();
    // the DP's state grows as (4·(L−1))^4/24: beyond L = TABLE_MAX_L it takes from seconds to minutes
    const tb = L <= TABLE_MAX_L ? tableBombOdds({ ...TICHU_DECK, minStraightFlush: L }) : null;
    const anyBomb = tb ? { ...tb, exact: true, method: 'DP over ranks (suit runs as a multiset) with a discrete Fourier transform in the hand sizes; a double, ~12 significant digits' } : { notComputed: `minStraightFlush ${L} > ${TABLE_MAX_L}` };
    const result = { eight: r8, fourteen: r14, table: { fourOfAKind: table, anyBomb } };
    emit(result, opts, () => formatOdds(r8, r14, table, tb), () => oddsCsv(r14));
  });

  addRulesOptions(
    addSimOptions(
      t.command('simulate')
        .description('bot tournament: whole games to the target score, seats rotated every game; team win rate, points, double wins, call rates and success (split by bombs), bombs, lengths — beside published real-game figures')
        .addOption(new Option('--games <n>', 'games to play').default(200).argParser(intArg('--games', 1, 1e9)))
        .option('--strategies <list>', `four strategies in seat order (or 1 for all, 2 alternating): ${REGISTRY.usage()}`, 'heuristic'),
      { shardCount: 16 },
    ),
    'tichu',
  )
    .addHelpText('after', '\nExamples:\n  npx oddsmith tichu simulate --games 200 --strategies heuristic,random,heuristic,random --seed 1\n  npx oddsmith tichu simulate --games 20 --strategies search:32,heuristic --workers 2')
    .action(async (opts: SimOptions & RulesOptions & { games: number; strategies: string }) => {
      const rules = rulesFromOptions('tichu', opts, validateRules);
      const strategies = fourStrategies(opts.strategies);
      // through the kernel's finish: `oddsmith merge` of its parts prints the same
      await runAndPrint(gamesKernel, { rules, strategies }, opts.games, opts);
    });

  addRulesOptions(
    addSimOptions(
      t.command('calls')
        .description('call and bomb statistics over single deals (from 0 : 0, seats rotated): call rates, success, callers and opponents with bombs, bombs in the first 8 / 14 / after passing, bombs played — beside published real-game figures')
        .addOption(new Option('--deals <n>', 'deals to play').default(2000).argParser(intArg('--deals', 1, 1e9)))
        .option('--strategies <list>', 'four strategies in seat order (or 1 for all, 2 alternating)', 'heuristic'),
      { shardCount: 16 },
    ),
    'tichu',
  )
    .addHelpText('after', '\nExamples:\n  npx oddsmith tichu calls --deals 4000\n  npx oddsmith tichu calls --strategies expert --deals 400 --workers 2')
    .action(async (opts: SimOptions & RulesOptions & { deals: number; strategies: string }) => {
      const rules = rulesFromOptions('tichu', opts, validateRules);
      await runAndPrint(callsKernel, { rules, strategies: fourStrategies(opts.strategies) }, opts.deals, opts);
    });

  const callCommand = (name: 'grand' | 'call', size: number, what: string) =>
    addRulesOptions(
      addSimOptions(
        t.command(name)
          .description(`should I call ${what}? P(going out first) and round points with and without the call, by simulating the rest of the deal (common random numbers), plus the exact 14-card odds`)
          .requiredOption('--hand <cards>', `your ${size} cards`)
          .addOption(new Option('--deals <n>', 'deals of the unseen cards to play out').default(2000).argParser(intArg('--deals', 1, 1e9)))
          .option('--strategies <list>', 'who plays the seats (you are the first): 1, 2 or 4 strategies', 'heuristic'),
        { shardCount: 16 },
      ),
      'tichu',
    )
      .addHelpText('after', `\nExample:\n  npx oddsmith tichu ${name} --hand "${size === 8 ? 'Dr Ph Aj As Kp Kr Qs Jj' : 'Dr Ph Aj As Kp Kr Qs Jj Tj 9j 8j 4s 3s 2s'}" --deals 2000`)
      .action(async (opts: SimOptions & RulesOptions & { hand: string; deals: number; strategies: string }) => {
        const rules = rulesFromOptions('tichu', opts, validateRules);
        // a hand is a set: the same cards in any order are the same question, with the same numbers
        const hand = sortCards(parseCards(opts.hand, size, '--hand'));
        const strategies = fourStrategies(opts.strategies);
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

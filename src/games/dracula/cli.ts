/** `oddsmith dracula …`: simulate, odds, sweep. */
import { Command } from 'commander';
import { UserError } from '../../core/errors.js';
import { splitList } from '../../core/parse.js';
import { parseSweepSet, readRawRules, sweepRules } from '../../core/rules.js';
import { addAssumptionsCommand, addRulesOptions, addSimOptions, ask, emit, intArg, runAndPrint, simulate, type RulesOptions, type SimOptions } from '../../cli/common.js';
import { STRATEGIES } from './strategies/index.js';
import { cardText, parseCard, parseRanking, SUIT_LETTERS } from './cards.js';
import { cardOdds, freshTable, rowOdds } from './questions.js';
import { gamesKernel, type GamesParams, type GamesResult } from './kernels.js';
import { loadRules, validateRules, type DraculaRules } from './rules.js';
import { sweepResult, formatSweep } from './sweep.js';
import { ASSUMPTIONS_SEED, checkAssumptions } from './assumptions.js';
import { printDefaultPlayerNote, type LadderDefault } from '../../core/default-player.js';

/**
 * Who plays both roles of `simulate` and `sweep` unless --dracula / --helsing say: the ladder's
 * strongest usable player. Its strongest, search, is about 10 times slower, which a sweep pays at
 * every point.
 */
export const GAMES_DEFAULT: LadderDefault = {
  game: 'dracula', spec: 'greedy', elo: 436, low: 328, high: 522,
  strongest: { spec: 'search', elo: 728, low: 578, high: 886, why: 'about 10 times slower' },
};

/** The ranking from --ranking (lowest → trump) or --trump (the others in suit order below it). */
function rankingFrom(rules: DraculaRules, opts: { ranking?: string; trump?: string }): Int8Array {
  const letters = SUIT_LETTERS.slice(0, rules.suits);
  if (opts.ranking !== undefined) {
    const r = parseRanking(opts.ranking, rules);
    if (opts.trump !== undefined && letters[r.indexOf(rules.suits - 1)] !== opts.trump.trim().toUpperCase()) throw new UserError(`--trump ${opts.trump} disagrees with --ranking ${opts.ranking} (its last suit is trump)`);
    return r;
  }
  const t = (opts.trump ?? letters[rules.suits - 1]).trim().toUpperCase();
  const ts = letters.indexOf(t);
  if (t.length !== 1 || ts < 0) throw new UserError(`--trump ${JSON.stringify(opts.trump)}: must be one of ${letters.split('').join(', ')}`);
  return parseRanking([...letters.split('').filter((s) => s !== t), t].join(','), rules);
}

function cardList(text: string | undefined, rules: DraculaRules, what: string, allowUnknown = false): number[] {
  if (text === undefined || text.trim() === '') return [];
  return splitList(text, what).map((t) => (allowUnknown && (t.trim() === '-' || t.trim() === '?') ? -1 : parseCard(t, rules, what)));
}

/** --hand: exactly one card per district, --card among them; undefined without --hand. */
function handFrom(text: string | undefined, card: number, rules: DraculaRules): number[] | undefined {
  if (text === undefined) return undefined;
  const hand = cardList(text, rules, '--hand');
  if (hand.length !== rules.districts) throw new UserError(`--hand needs my ${rules.districts} cards, one per district (got ${hand.length})`);
  if (new Set(hand).size !== hand.length) throw new UserError(`--hand: ${twice(hand, rules)} given twice`);
  if (!hand.includes(card)) throw new UserError(`--card ${cardText(card, rules.values)} is not in --hand ${hand.map((c) => cardText(c, rules.values)).join(',')}`);
  return hand;
}

/** The first card that appears twice in a list, as text. */
function twice(cards: readonly number[], rules: DraculaRules): string {
  const c = cards.find((x, i) => cards.indexOf(x) !== i);
  return c === undefined ? '' : cardText(c, rules.values);
}

export function register(program: Command): void {
  const g = program.command('dracula').description('Dracula vs Van Helsing: whole games between strategies, exact district odds, balance sweeps');

  addRulesOptions(
    addSimOptions(
      g
        .command('simulate')
        .description('play whole games: role win rates (Wilson intervals), how games and rounds end, game and round length, the first mover\'s edge (same deals replayed with the other player starting), districts won by card value')
        .requiredOption('--games <n>', 'games to play', intArg('--games', 1, 1e10))
        .option('--dracula <spec>', `Dracula's strategy (${STRATEGIES.usage()}; default greedy)`)
        .option('--helsing <spec>', 'Van Helsing\'s strategy (default greedy)')
        .option('--no-swap-first', 'skip the replays with the other player moving first (half the work)'),
      { shardCount: 32 },
    ),
    'dracula',
  )
    .addHelpText('after', '\nExamples:\n  npx oddsmith dracula simulate --games 20000 --dracula greedy --helsing random --seed 1 --workers 2\n  npx oddsmith dracula simulate --games 2000 --dracula search:n=8,k=3 --helsing greedy \\\n      --set health=10 --json')
    .action(async (opts: SimOptions & RulesOptions & { games: number; dracula?: string; helsing?: string; swapFirst: boolean }) => {
      const params: GamesParams = { rules: loadRules(opts.rules, opts.set), dracula: STRATEGIES.parse(opts.dracula ?? GAMES_DEFAULT.spec), helsing: STRATEGIES.parse(opts.helsing ?? GAMES_DEFAULT.spec), swapFirst: opts.swapFirst };
      printDefaultPlayerNote(GAMES_DEFAULT, opts.dracula === undefined && opts.helsing === undefined, opts, '--dracula, --helsing');
      // through the kernel's finish: `oddsmith merge` of its parts prints the same
      await runAndPrint(gamesKernel, params, opts.games, opts);
    });

  addRulesOptions(
    g
      .command('odds')
      .description('exact P(win) of a district against the unknown card (any card not seen, equally likely), a whole row\'s expected districts and their distribution, and the fresh-deck table by value × trump')
      .option('--card <card>', 'my card in the district, e.g. 5R (value then suit letter R, G, B, Y)')
      .option('--opp <card>', 'the opponent\'s card in that district if known')
      .option('--row <cards>', 'my whole row, e.g. 5R,8Y,1G,3B,6R')
      .option('--opp-row <cards>', 'the opponent\'s row with - for unknown, e.g. -,7G,-,-,-')
      .option('--ranking <suits>', 'suit ranking lowest → highest, the last is trump, e.g. R,G,B,Y')
      .option('--trump <suit>', 'the trump suit (the others ranked R < G < B < Y below it) when --ranking is not given')
      .option('--hand <cards>', 'with --card: all my cards, one per district in order (I always know my own), e.g. 1G,2G,3B,4B,5R; --card must be one of them')
      .option('--seen <cards>', 'every other card whose place I know, besides my own cards and the opponent\'s given with --opp/--opp-row: the discard pile, opponent cards revealed to me, a revealed top card, e.g. 1R,2G')
      .option('--table', 'the P(win) table by value × trump / non-trump for a fresh deck (the default without --card or --row)')
      .option('--json', 'print as JSON')
      .option('--csv', 'print the table as CSV'),
    'dracula',
  )
    .addHelpText('after', '\nThe unknown card is any card not seen, each equally likely: give every card you know of (--hand,\n--seen, --opp) or P(win) is computed over cards that cannot be the opponent\'s.\n\nExamples:\n  npx oddsmith dracula odds --table\n  npx oddsmith dracula odds --card 5R --hand 1G,2G,3B,4B,5R --trump Y --seen 6R,7R,1Y\n  npx oddsmith dracula odds --row 5R,8Y,1G,3B,6R --opp-row -,7G,-,-,- --ranking G,B,R,Y --seen 2Y,4B')
    .action(async (opts: RulesOptions & { card?: string; opp?: string; row?: string; oppRow?: string; hand?: string; ranking?: string; trump?: string; seen?: string; table?: boolean; json?: boolean; csv?: boolean }) => {
      const rules = loadRules(opts.rules, opts.set);
      if (opts.card !== undefined && opts.row !== undefined) throw new UserError('give --card or --row, not both');
      if (opts.hand !== undefined && opts.card === undefined) throw new UserError(opts.row !== undefined ? '--hand goes with --card (--row is already my whole hand)' : '--hand goes with --card');
      if (opts.opp !== undefined && opts.card === undefined) throw new UserError('--opp goes with --card (for a row use --opp-row)');
      if (opts.oppRow !== undefined && opts.row === undefined) throw new UserError('--opp-row goes with --row');
      if (opts.card === undefined && opts.row === undefined) return ask(freshTable, { rules }, opts);
      const rankOf = rankingFrom(rules, opts);
      const seen = cardList(opts.seen, rules, '--seen');
      if (opts.card !== undefined) {
        const card = parseCard(opts.card, rules, '--card');
        const opp = opts.opp !== undefined ? parseCard(opts.opp, rules, '--opp') : -1;
        const hand = handFrom(opts.hand, card, rules);
        const all = [...(hand ?? [card]), ...seen, ...(opp >= 0 ? [opp] : [])];
        if (new Set(all).size !== all.length) throw new UserError(`a card is given twice (${hand ? '--hand' : '--card'}, --opp, --seen): ${twice(all, rules)}`);
        return ask(cardOdds, { rules, rankOf, card, opponent: opp, known: all, wholeHand: !!hand }, opts);
      }
      const mine = cardList(opts.row, rules, '--row');
      if (mine.length !== rules.districts) throw new UserError(`--row needs ${rules.districts} cards, one per district (got ${mine.length})`);
      const opp = opts.oppRow !== undefined ? cardList(opts.oppRow, rules, '--opp-row', true) : mine.map(() => -1);
      if (opp.length !== rules.districts) throw new UserError(`--opp-row needs ${rules.districts} entries, - for unknown (got ${opp.length})`);
      const all = [...mine, ...opp.filter((c) => c >= 0), ...seen];
      if (new Set(all).size !== all.length) throw new UserError(`a card is given twice (--row, --opp-row, --seen): ${twice(all, rules)}`);
      return ask(rowOdds, { rules, rankOf, mine, opponent: opp, seen }, opts);
    });

  addRulesOptions(
    addSimOptions(
      g
        .command('sweep')
        .description('role win rates with Wilson intervals at each value of one rules field (health, rounds, values = deck size, ...), and the value closest to 50/50')
        .requiredOption('--games <n>', 'games at each value', intArg('--games', 1, 1e10))
        .option('--dracula <spec>', 'Dracula\'s strategy (default greedy)')
        .option('--helsing <spec>', 'Van Helsing\'s strategy (default greedy)'),
      { shardCount: 16, runsWhole: 'runs every point here' },
    ),
    'dracula',
  )
    .addHelpText('after', '\nThe one --set whose value is a range (a..b, a..b:step) or a list (a,b,c) is swept;\nother --set fields stay fixed.\n\nExamples:\n  npx oddsmith dracula sweep --set health=8..16 --games 4000 --seed 1\n  npx oddsmith dracula sweep --set values=6..8 --set health=10 --games 2000 --json')
    .action(async (opts: SimOptions & RulesOptions & { games: number; dracula?: string; helsing?: string }) => {
      const swept = opts.set.filter((s) => /=.*(\.\.|,)/.test(s));
      if (swept.length !== 1) throw new UserError(`sweep needs exactly one --set with a range or list, e.g. --set health=8..16 (got ${swept.length})`);
      const field = parseSweepSet(swept[0]);
      const fixed = opts.set.filter((s) => s !== swept[0]);
      const { raw, label } = readRawRules('dracula', opts.rules);
      const dracula = STRATEGIES.parse(opts.dracula ?? GAMES_DEFAULT.spec), helsing = STRATEGIES.parse(opts.helsing ?? GAMES_DEFAULT.spec);
      printDefaultPlayerNote(GAMES_DEFAULT, opts.dracula === undefined && opts.helsing === undefined, opts, '--dracula, --helsing');
      const points: { value: number; result: GamesResult }[] = [];
      const rulesAt = sweepRules(raw, label, fixed, field, validateRules);
      for (const [i, v] of field.values.entries()) {
        const rules = rulesAt[i];
        const out = await simulate(gamesKernel, { rules, dracula, helsing, swapFirst: false }, opts.games, { ...opts, quiet: true });
        if (!out) throw new UserError('sweep runs every point here: --shard-index is not supported');
        points.push({ value: v, result: out.result });
      }
      const s = sweepResult(field.path, points);
      emit(s, opts, () => formatSweep(s), () => s.points.map((p) => ({ [field.path]: p.value, draculaWins: p.dracula.p, low: p.dracula.ci95[0], high: p.dracula.ci95[1], games: p.dracula.n })));
    });

  addAssumptionsCommand(g, {
    description: 'every assumed rule (the help text leaves it open), its default and alternatives, and the headline findings re-measured at each alternative (95% intervals)',
    size: { flag: '--games', help: 'games per pair of strategies per rule set', min: 100, max: 1e7, default: 2000 },
    seed: { help: 'seed (every rule set plays the same deals)', default: ASSUMPTIONS_SEED },
    only: true,
    rules: 'dracula',
    examples: ['', '--games 400 --only weathervane', '--only health --csv'],
    checkAssumptions: (o) => checkAssumptions({ rules: loadRules(o.rules, o.set), games: o.size, seed: o.seed, workers: o.workers, only: o.only }),
  });
}

/** `oddsmith dracula …`: simulate, odds, sweep. */
import { Command } from 'commander';
import { UserError } from '../../core/errors.js';
import { fmtPct, textTable } from '../../core/format.js';
import { parseSweepSet, readRawRules, sweepRules } from '../../core/rules.js';
import { addRulesOptions, addSimOptions, emit, intArg, runAndPrint, simulate, type RulesOptions, type SimOptions } from '../../cli/common.js';
import { parseStrategy, strategyUsage } from '../../../strategies/dracula/index.js';
import { cardText, parseCard, parseRanking, SUIT_LETTERS } from './cards.js';
import { freshTable, rowOdds, unseenOf, cardOdds } from './exact.js';
import { gamesKernel, type GamesParams, type GamesResult } from './kernels.js';
import { loadRules, validateRules, type DraculaRules } from './rules.js';
import { sweepResult, formatSweep } from './sweep.js';

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
  return text.split(',').map((t) => (allowUnknown && (t.trim() === '-' || t.trim() === '?') ? -1 : parseCard(t, rules, what)));
}

export function register(program: Command): void {
  const g = program.command('dracula').description('Dracula vs Van Helsing: whole games between strategies, exact district odds, balance sweeps');

  addRulesOptions(
    addSimOptions(
      g
        .command('simulate')
        .description('play whole games: role win rates (Wilson intervals), how games and rounds end, game and round length, the first mover\'s edge (same deals replayed with the other player starting), districts won by card value')
        .requiredOption('--games <n>', 'games to play', intArg('--games', 1, 1e10))
        .option('--dracula <spec>', `Dracula's strategy (${strategyUsage()})`, 'greedy')
        .option('--helsing <spec>', 'Van Helsing\'s strategy', 'greedy')
        .option('--no-swap-first', 'skip the replays with the other player moving first (half the work)'),
      { shardCount: 32 },
    ),
    'dracula',
  )
    .addHelpText('after', '\nExamples:\n  npx oddsmith dracula simulate --games 20000 --dracula greedy --helsing random --seed 1 --workers 2\n  npx oddsmith dracula simulate --games 2000 --dracula search:n=8,k=3 --helsing greedy \\\n      --set health=10 --json')
    .action(async (opts: SimOptions & RulesOptions & { games: number; dracula: string; helsing: string; swapFirst: boolean }) => {
      const params: GamesParams = { rules: loadRules(opts.rules, opts.set), dracula: parseStrategy(opts.dracula), helsing: parseStrategy(opts.helsing), swapFirst: opts.swapFirst };
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
      .option('--seen <cards>', 'other cards I have seen (discard pile, revealed cards), e.g. 1R,2G')
      .option('--table', 'the P(win) table by value × trump / non-trump for a fresh deck (the default without --card or --row)')
      .option('--json', 'print as JSON')
      .option('--csv', 'print the table as CSV'),
    'dracula',
  )
    .addHelpText('after', '\nExamples:\n  npx oddsmith dracula odds --table\n  npx oddsmith dracula odds --card 5R --trump Y --seen 6R,7R,1Y\n  npx oddsmith dracula odds --row 5R,8Y,1G,3B,6R --opp-row -,7G,-,-,- --ranking G,B,R,Y --seen 2Y,4B')
    .action((opts: RulesOptions & { card?: string; opp?: string; row?: string; oppRow?: string; ranking?: string; trump?: string; seen?: string; table?: boolean; json?: boolean; csv?: boolean }) => {
      const rules = loadRules(opts.rules, opts.set);
      if (opts.card !== undefined && opts.row !== undefined) throw new UserError('give --card or --row, not both');
      if (opts.opp !== undefined && opts.card === undefined) throw new UserError('--opp goes with --card (for a row use --opp-row)');
      if (opts.oppRow !== undefined && opts.row === undefined) throw new UserError('--opp-row goes with --row');
      if (opts.card === undefined && opts.row === undefined) {
        const t = freshTable(rules);
        const rows = t.map((r) => ({ value: r.value, trump: r.trump, nonTrump: r.nonTrump, ...Object.fromEntries(r.byPosition.map((p, i) => [`position${i + 1}`, p])) }));
        const text = () =>
          `P(win) of a district by my card against a random other card (fresh deck: ${rules.suits * rules.values - 1} unseen), exact\n` +
          textTable(t.map((r) => ({ value: String(r.value), trump: fmtPct(r.trump, 1), 'non-trump (avg)': fmtPct(r.nonTrump, 1), ...Object.fromEntries(r.byPosition.map((p, i) => [`${i + 1}${['st', 'nd', 'rd'][i] ?? 'th'} suit`, fmtPct(p, 1)])) }))) +
          `\n(non-trump columns by the suit's place on the track, 1st = lowest; average = a random ranking)`;
        emit({ table: t }, opts, text, () => rows);
        return;
      }
      const rankOf = rankingFrom(rules, opts);
      const seen = cardList(opts.seen, rules, '--seen');
      const order = Array.from({ length: rules.suits }, (_, i) => SUIT_LETTERS[rankOf.indexOf(i)]).join(' < ');
      if (opts.card !== undefined) {
        const card = parseCard(opts.card, rules, '--card');
        const opp = opts.opp !== undefined ? parseCard(opts.opp, rules, '--opp') : -1;
        const all = [card, ...seen, ...(opp >= 0 ? [opp] : [])];
        if (new Set(all).size !== all.length) throw new UserError('a card is given twice (--card, --opp, --seen)');
        const o = cardOdds(rules, rankOf, card, unseenOf(rules, all), opp);
        emit({ ranking: order, ...o }, opts, () => `${o.card}${o.opponent ? ` against ${o.opponent}` : ` against the unknown card (${o.outOf} unseen)`}: P(win) = ${o.wins}/${o.outOf}${o.fraction === `${o.wins}/${o.outOf}` ? '' : ` = ${o.fraction}`} = ${fmtPct(o.p, 2)}\n(suits ranked ${order}, trump last)`, () => [{ card: o.card, opponent: o.opponent ?? '', wins: o.wins, outOf: o.outOf, p: o.p }]);
        return;
      }
      const mine = cardList(opts.row, rules, '--row');
      if (mine.length !== rules.districts) throw new UserError(`--row needs ${rules.districts} cards, one per district (got ${mine.length})`);
      const opp = opts.oppRow !== undefined ? cardList(opts.oppRow, rules, '--opp-row', true) : mine.map(() => -1);
      if (opp.length !== rules.districts) throw new UserError(`--opp-row needs ${rules.districts} entries, - for unknown (got ${opp.length})`);
      const all = [...mine, ...opp.filter((c) => c >= 0), ...seen];
      if (new Set(all).size !== all.length) throw new UserError('a card is given twice (--row, --opp-row, --seen)');
      const r = rowOdds(rules, rankOf, mine, opp, seen);
      const text = () =>
        [
          `row ${mine.map((c) => cardText(c, rules.values)).join(' ')} (ranking ${order}, trump last), exact over ${r.deals} deals of the unseen cards:`,
          textTable(r.districts.map((o, d) => ({ district: String(d + 1), card: o.card, against: o.opponent ?? 'unknown', 'P(win)': `${fmtPct(o.p, 1)}`, exact: `${o.wins}/${o.outOf}` }))),
          `expected districts won ${r.expected.toFixed(4)}`,
          textTable(r.distribution.map((p, k) => ({ 'districts won': String(k), probability: fmtPct(p, 2), exact: r.distributionFractions[k] }))),
        ].join('\n');
      emit({ ranking: order, ...r }, opts, text, () => r.districts.map((o, d) => ({ district: d + 1, card: o.card, opponent: o.opponent ?? '', p: o.p })));
    });

  addRulesOptions(
    addSimOptions(
      g
        .command('sweep')
        .description('role win rates with Wilson intervals at each value of one rules field (health, rounds, values = deck size, ...), and the value closest to 50/50')
        .requiredOption('--games <n>', 'games at each value', intArg('--games', 1, 1e10))
        .option('--dracula <spec>', 'Dracula\'s strategy', 'greedy')
        .option('--helsing <spec>', 'Van Helsing\'s strategy', 'greedy'),
      { shardCount: 16, runsWhole: 'runs every point here' },
    ),
    'dracula',
  )
    .addHelpText('after', '\nThe one --set whose value is a range (a..b, a..b:step) or a list (a,b,c) is swept;\nother --set fields stay fixed.\n\nExamples:\n  npx oddsmith dracula sweep --set health=8..16 --games 4000 --seed 1\n  npx oddsmith dracula sweep --set values=6..8 --set health=10 --games 2000 --json')
    .action(async (opts: SimOptions & RulesOptions & { games: number; dracula: string; helsing: string }) => {
      const swept = opts.set.filter((s) => /=.*(\.\.|,)/.test(s));
      if (swept.length !== 1) throw new UserError(`sweep needs exactly one --set with a range or list, e.g. --set health=8..16 (got ${swept.length})`);
      const field = parseSweepSet(swept[0]);
      const fixed = opts.set.filter((s) => s !== swept[0]);
      const { raw, label } = readRawRules('dracula', opts.rules);
      const dracula = parseStrategy(opts.dracula), helsing = parseStrategy(opts.helsing);
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
}

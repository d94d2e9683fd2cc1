import { Option, type Command } from 'commander';
import { UserError } from '../../core/errors.js';
import { textTable } from '../../core/format.js';
import { Rng } from '../../core/rng.js';
import { addRulesOptions, addSimOptions, emit, intArg, rulesFromOptions, runAndPrint, type RulesOptions, type SimOptions } from '../../cli/common.js';
import { parseStrategySpec, REGISTRY } from '../../../strategies/tichu/index.js';
import { cardsText, parseCards } from './cards.js';
import { handOdds, tableFourOfAKind, type HandOddsResult, type OddsLine } from './exact.js';
import { fillMasks, hasFourOfAKind, hasStraightFlush } from './hand.js';
import { callKernel, gamesKernel } from './kernels.js';
import { validateRules } from './rules.js';

const pct = (p: number, d = 2) => (Number.isFinite(p) ? `${(p * 100).toFixed(d)}%` : '-');

function oddsRows(r: HandOddsResult) {
  return r.lines.map((l) => ({ event: l.label, fraction: l.fraction, probability: pct(l.probability, 4) }));
}

/** --csv: plain numbers (exact count and total, and the probability as a decimal) */
function oddsCsv(r: HandOddsResult) {
  return r.lines.map((l) => ({ event: l.event, label: l.label, count: l.count, total: l.total, fraction: l.fraction, probability: l.probability }));
}

/**
 * P(some player holds any bomb at the deal), estimated from `n` sampled deals: the exact count
 * couples four hands through straight flushes and is not computed here. Clearly labelled as an estimate.
 */
export function sampleTableBomb(n: number, seed: number, L: number): { p: number; se: number; n: number } {
  const rng = new Rng(seed);
  const deck = new Int32Array(56).map((_, i) => i);
  const mask = new Uint8Array(13);
  let hits = 0;
  for (let k = 0; k < n; k++) {
    for (let i = 55; i > 0; i--) { const j = rng.below(i + 1); const x = deck[i]; deck[i] = deck[j]; deck[j] = x; }
    for (let p = 0; p < 4; p++) {
      fillMasks(deck, p * 14, p * 14 + 14, mask);
      if (hasFourOfAKind(mask) || hasStraightFlush(mask, L)) { hits++; break; }
    }
  }
  const p = hits / n;
  return { p, se: Math.sqrt((p * (1 - p)) / n), n };
}

/** "a,b,c,d" where a spec may carry its own k=v list: split on commas that start a new strategy name. */
export function splitStrategies(text: string): string[] {
  const parts = text.split(',');
  const out: string[] = [];
  for (const p of parts) {
    if (out.length && /^\s*[A-Za-z]\w*=/.test(p)) out[out.length - 1] += ',' + p;
    else out.push(p.trim());
  }
  return out.filter((s) => s !== '');
}

function fourStrategies(text: string): string[] {
  let list = splitStrategies(text);
  if (list.length === 1) list = [list[0], list[0], list[0], list[0]];
  if (list.length === 2) list = [list[0], list[1], list[0], list[1]];
  if (list.length !== 4) throw new UserError(`--strategies needs 1, 2 or 4 strategies (seat order; got ${list.length})`);
  return list.map((s) => parseStrategySpec(s).text);
}

export function formatOdds(r8: HandOddsResult | null, r14: HandOddsResult, table: OddsLine | null, tableBomb: { p: number; se: number; n: number } | null): string {
  const out: string[] = [];
  if (r8) out.push(`First 8 cards (exact, counts over C(56,8) = ${BigInt(r8.lines[0].total).toLocaleString('en-US')} hands):`, textTable(oddsRows(r8)), '');
  if (r14.given) out.push(`Full 14 cards given ${r14.given} (exact, the 6 still to come from the 48 unseen: C(48,6) = ${BigInt(r14.lines[0].total).toLocaleString('en-US')}):`);
  else out.push(`Full 14 cards (exact, counts over C(56,14) = ${BigInt(r14.lines[0].total).toLocaleString('en-US')} hands):`);
  out.push(textTable(oddsRows(r14)));
  if (table) {
    out.push('', 'At the table (14 cards each, before passing):');
    out.push(`  some player holds a four of a kind: ${table.fraction} = ${pct(table.probability, 4)} (exact)`);
    if (tableBomb) out.push(`  some player holds any bomb: ≈ ${pct(tableBomb.p, 2)} ± ${pct(1.96 * tableBomb.se, 2)} (estimate from ${tableBomb.n.toLocaleString('en-US')} sampled deals, not exact)`);
  }
  return out.join('\n');
}


export function register(program: Command): void {
  const t = program.command('tichu').description('Tichu: exact deal odds, full-game bot tournaments, "should I call (Grand) Tichu?"');

  addRulesOptions(
    t.command('odds')
      .description('exact deal odds: any bomb, four of a kind, straight flush, each special card, k aces, two or more of Dragon/Phoenix/aces — for the first 8 and the full 14 cards, or the 14 given your first 8')
      .option('--hand <cards>', 'your first 8 cards, e.g. "As Ah Kj 9p 5s 2r Dr Ph": odds for your 14 given them')
      .option('--table-samples <n>', 'sampled deals for the (estimated) table-level any-bomb figure', intArg('--table-samples', 0, 100_000_000), 200_000)
      .option('--json', 'print the result as JSON')
      .option('--csv', 'print the 14-card table as CSV')
      .addHelpText('after', '\nCards: rank 2-9 T J Q K A + suit j (Jade) s (Sword) p (Pagoda) r (Star); MJ, Dg, Ph, Dr for Mah Jong, Dog, Phoenix, Dragon.\nExamples:\n  npx oddsmith tichu odds\n  npx oddsmith tichu odds --hand "Aj As Kp Qr 7s 7j Dr MJ"'),
    'tichu',
  ).action((opts: RulesOptions & { hand?: string; json?: boolean; csv?: boolean; tableSamples: number }) => {
    const rules = rulesFromOptions('tichu', opts, validateRules);
    const L = rules.minStraightFlush;
    if (opts.hand !== undefined) {
      const given = parseCards(opts.hand, 8, '--hand');
      const r14 = handOdds(14, given, L);
      const result = { given: cardsText(given), fourteen: r14 };
      emit(result, opts, () => formatOdds(null, r14, null, null), () => oddsCsv(r14));
      return;
    }
    const r8 = handOdds(8, [], L), r14 = handOdds(14, [], L);
    const table = tableFourOfAKind();
    const tb = opts.tableSamples > 0 ? sampleTableBomb(opts.tableSamples, 1, L) : null;
    const result = { eight: r8, fourteen: r14, table: { fourOfAKind: table, anyBombEstimate: tb && { ...tb, exact: false } } };
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
        const hand = parseCards(opts.hand, size, '--hand');
        const strategies = fourStrategies(opts.strategies);
        const call = name === 'grand' ? 'grand' : 'tichu';
        // through the kernel's finish: `oddsmith merge` of its parts prints the same
        await runAndPrint(callKernel, { rules, strategies, hand, call }, opts.deals, opts);
      });
  callCommand('grand', 8, 'Grand Tichu (after 8 cards)');
  callCommand('call', 14, 'Tichu (with 14 cards, before passing)');
}

/** `oddsmith mahjong …`: waits, starting-hands, simulate, odds. */
import type { Command } from 'commander';
import { createInterface } from 'node:readline';
import type { MeanEstimate, Proportion } from '../../core/stats.js';
import { UserError } from '../../core/errors.js';
import { splitSpecList } from '../../core/spec.js';
import { fmtPct, textTable } from '../../core/format.js';
import { addAssumptionsCommand, addRulesOptions, addSimOptions, ask, emit, intArg, MAX_SEED, rulesFromOptions, runAndPrint, simulate, type RulesOptions, type SimOptions } from '../../cli/common.js';
import { validateRules, type SichuanRules } from './rules.js';
import { discard, waits, type DiscardParams } from './questions.js';
import { readyHandWaits, startingHandDistribution, type ReadyWaitsResult, type StartingHandResult } from './exact-starting-hands.js';
import { dealKernel, oddsKernel, pairedKernel, swapStartKernel, type SwapStartParams, type SwapStartSummary, type PairedParams, type DealParams, type OddsParams } from './kernels.js';
import { parsePosition, type HandSpec } from './hand.js';
import { DEFENSE_MODEL, getStrategy, STRATEGIES } from './strategies/index.js';
import { calibrateDefense, formatCalibration } from './strategies/defense-fit.js';
import { DEFAULT_DRAWS, type Objective } from './exact-advisor.js';
import { checkAssumptions } from './assumptions.js';
import { printDefaultPlayerNote, type LadderDefault } from '../../core/default-player.js';

/**
 * The baseline of `mahjong compare` unless --baseline says: the ladder's top player, defender, is
 * within greedy's interval there and about 4 times slower, so greedy is the strongest usable.
 */
export const COMPARE_DEFAULT: LadderDefault = {
  game: 'sichuan-mahjong', spec: 'greedy', elo: 642, low: 583, high: 716,
  strongest: { spec: 'defender', elo: 645, low: 587, high: 722, why: 'within greedy\'s interval, 4× slower' },
};

const GAME = 'sichuan-mahjong';

interface HandOpts extends RulesOptions {
  melds?: string;
  void?: string;
  seen?: string;
  json?: boolean;
  csv?: boolean;
  jsonl?: boolean;
}

/** The position options (sets, void, seen tiles) and the rules options. */
function addHandOptions(cmd: Command): Command {
  return addRulesOptions(
    cmd
      .option('--melds <list>', 'declared sets, comma-separated: "pung 5p, kong 7s, concealed-kong 2m"')
      .option('--void <suit>', 'the declared void suit: m, p or s (default: inferred — a suit the sets do not use, best shanten)')
      .option('--seen <tiles>', 'tiles already visible on the table, e.g. 55p9s (they are not live)'),
    GAME,
  );
}

/** --jsonl: one JSON object per stdin line → one result per stdout line; bad lines are reported and skipped. */
async function runJsonl(rules: SichuanRules, each?: (o: Record<string, unknown>) => object | Promise<object>): Promise<number> {
  const one = each ?? ((o: Record<string, unknown>) => waits.answer({ rules, hand: o as unknown as HandSpec }, { workers: 1 }));
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
  let lineNo = 0, bad = 0;
  for await (const line of rl) {
    lineNo++;
    if (line.trim() === '') continue;
    try {
      let obj: unknown;
      try {
        obj = JSON.parse(line);
      } catch (e) {
        throw new UserError(`not valid JSON: ${(e as Error).message}`);
      }
      if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) throw new UserError('each line must be a JSON object like {"hand":"123m456m789m1122p"}');
      const o = obj as Record<string, unknown>;
      for (const k of Object.keys(o)) if (!['hand', 'melds', 'void', 'seen', 'id'].includes(k)) throw new UserError(`unknown field ${JSON.stringify(k)} (known: hand, melds, void, seen, id)`);
      if (o.melds !== undefined && !Array.isArray(o.melds) && typeof o.melds !== 'string') throw new UserError('melds must be an array of strings like ["pung 5p"]');
      if (o.seen !== undefined && typeof o.seen !== 'string') throw new UserError('seen must be a string of tiles like "55p9s"');
      if (o.void !== undefined && typeof o.void !== 'string') throw new UserError('void must be one of m, p, s');
      const r = await one(o);
      process.stdout.write(JSON.stringify(o.id === undefined ? { line: lineNo, ...r } : { line: lineNo, id: o.id, ...r }) + '\n');
    } catch (e) {
      if (!(e instanceof UserError)) throw e;
      bad++;
      process.stderr.write(`oddsmith: line ${lineNo}: ${e.message}\n`);
      process.stdout.write(JSON.stringify({ line: lineNo, error: e.message }) + '\n');
    }
  }
  return bad;
}

function parseObjective(x: string): Objective {
  if (x !== 'win' && x !== 'points') throw new UserError(`--objective must be win or points (got ${JSON.stringify(x)})`);
  return x;
}

export function register(program: Command): void {
  const mj = program.command('mahjong').description('Sichuan bloody-battle mahjong: waits, shanten, hand values, starting-hand odds, full-deal simulation');

  addHandOptions(
    mj
      .command('discard')
      .description(`the discard advisor: for every discard, shanten, live improving tiles, and the exact chance to be ready and to win within N own draws and the expected self-draw points (solitaire model; see docs/rules/sichuan-mahjong.md)`)
      .argument('[hand]', 'concealed tiles to discard from, e.g. 11123456789m135p (14 − 3·sets tiles)'),
  )
    .option('--draws <n>', `own draws left (default ${DEFAULT_DRAWS}: the 55 tiles left after the deal shared by four players)`, intArg('--draws', 1, 60), DEFAULT_DRAWS)
    .option('--objective <goal>', 'what later discards aim for: win (the chance to win) or points (expected points)', 'points')
    .option('--jsonl', 'read one JSON object per line on stdin ({"hand":…, "void":…, "melds":[…], "seen":…}) and write one result per line')
    .option('--json', 'print the result as JSON')
    .option('--csv', 'print the table as CSV')
    .addHelpText('after', '\nExamples:\n  npx oddsmith mahjong discard 11123456789m135p --void s\n  npx oddsmith mahjong discard 1123456789m1357p --void s --draws 8 --objective win\n  echo \'{"hand":"11123456789m135p","void":"s"}\' | oddsmith mahjong discard --jsonl')
    .action(async (handArg: string | undefined, opts: HandOpts & { draws: number; objective: string }) => {
      const rules = rulesFromOptions(GAME, opts, validateRules);
      const objective = parseObjective(opts.objective);
      const params = (hand: HandSpec): DiscardParams => ({ rules, hand, draws: opts.draws, objective });
      if (opts.jsonl) {
        if (handArg) throw new UserError('--jsonl reads hands from stdin: give no HAND argument');
        const bad = await runJsonl(rules, (o) => discard.answer(params(o as unknown as HandSpec), { workers: 1 }));
        if (bad) process.once('exit', () => { process.exitCode = 2; });
        return;
      }
      if (!handArg) throw new UserError('give a HAND (e.g. 11123456789m135p) or --jsonl');
      await ask(discard, params({ hand: handArg, melds: opts.melds, void: opts.void, seen: opts.seen }), opts);
    });

  addHandOptions(
    mj
      .command('waits')
      .description('a ready hand\'s winning tiles with live copies, fan and points and its ready-hand-check value; otherwise shanten, and for 14 tiles every discard ranked (tile efficiency)')
      .argument('[hand]', 'concealed tiles, e.g. 1112345678999m (13 − 3·sets tiles waiting, or 14 − 3·sets to discard)'),
  )
    .option('--jsonl', 'read one JSON object per line on stdin ({"hand":…, "void":…, "melds":[…], "seen":…}) and write one result per line')
    .option('--json', 'print the result as JSON')
    .option('--csv', 'print the table (waits, improving tiles or discards) as CSV')
    .addHelpText('after', '\nExamples:\n  npx oddsmith mahjong waits 1112345678999m --void s\n  npx oddsmith mahjong waits 11223m456p789p --melds "pung 5p" --void s --seen 3m\n  npx oddsmith mahjong waits 1123456789m1245p --void s\n  echo \'{"hand":"1112345678999m","void":"s"}\' | oddsmith mahjong waits --jsonl')
    .action(async (handArg: string | undefined, opts: HandOpts) => {
      const rules = rulesFromOptions(GAME, opts, validateRules);
      if (opts.jsonl) {
        if (handArg) throw new UserError('--jsonl reads hands from stdin: give no HAND argument');
        const bad = await runJsonl(rules);
        // main() sets the exit code from the action's success; a batch with bad lines still ran
        // to the end, so its exit code 2 is applied when the process exits
        if (bad) process.once('exit', () => { process.exitCode = 2; });
        return;
      }
      if (!handArg) throw new UserError('give a HAND (e.g. 1112345678999m) or --jsonl');
      await ask(waits, { rules, hand: { hand: handArg, melds: opts.melds, void: opts.void, seen: opts.seen } }, opts);
    });

  addRulesOptions(
    mj
    .command('starting-hands')
    .description('exact shanten distribution of a starting hand (void suit chosen after the deal), by enumeration over per-suit count patterns; with --swap-three, before and after the swap (sampled)')
    .option('--tiles <n>', '13 (a player) or 14 (the dealer)', intArg('--tiles', 13, 14), 13)
    .option('--waits', 'also the exact number of winning tile kinds of a ready 13-tile starting hand (a few seconds)')
    .option('--swap-three', 'starting hands before and after swap three (huàn sān zhāng): sampled deals, each seat passing the three its strategy chooses; direction from swapThree.direction of the rules')
    .option('--samples <n>', 'deals to sample with --swap-three', intArg('--samples', 1, 1e9), 20000)
    .option('--strategies <a,b,c,d>', 'with --swap-three: the four seats\' strategies (which three each passes)', 'greedy,greedy,greedy,greedy')
    .option('--seed <k>', 'with --swap-three: random seed (same seed → same result, bit for bit)', intArg('--seed', 0, 2 ** 32 - 1), 1)
    .option('--workers <w>', 'with --swap-three: worker threads (results do not depend on it)', intArg('--workers', 1, 256), 1)
    .option('--json', 'print the result as JSON')
    .option('--csv', 'print the distribution as CSV'),
    GAME,
  )
    .addHelpText('after', '\nExamples:\n  npx oddsmith mahjong starting-hands --tiles 14\n  npx oddsmith mahjong starting-hands --waits\n  npx oddsmith mahjong starting-hands --swap-three --set swapThree.direction=across')
    .action(async (opts: RulesOptions & { tiles: number; waits?: boolean; swapThree?: boolean; samples: number; strategies: string; seed: number; workers: number; json?: boolean; csv?: boolean }, cmd: Command) => {
      // read (and so validate) the rules even where the exact distribution does not use them: a bad --set is refused, not ignored
      const rules = rulesFromOptions(GAME, opts, validateRules);
      // the sampling options mean something only with --swap-three (the rest is exact): refused, not ignored
      const sampling = ['samples', 'strategies', 'seed', 'workers'].find((o) => cmd.getOptionValueSource(o) === 'cli');
      if (!opts.swapThree && sampling) throw new UserError(`--${sampling} is for --swap-three (sampled deals); without it the distribution is exact`);
      if (opts.swapThree) {
        const names = splitSpecList(opts.strategies, '--strategies');
        if (names.length !== 4) throw new UserError(`--strategies needs four names, one per seat (got ${names.length})`);
        names.forEach((n) => getStrategy(n));
        const params: SwapStartParams = { rules, strategies: names };
        const sim = await simulate(swapStartKernel, params, opts.samples, { seed: opts.seed, workers: opts.workers, shardCount: 16, quiet: true });
        if (!sim) return;
        const exact = startingHandDistribution(13);
        const r = { ...sim.result, seed: opts.seed, exactWithoutSwap13: exact.shanten };
        emit(r, opts, () => swapStartText(sim.result, exact, opts.seed), () => sim.result.shanten13.map((d) => ({ shanten: d.value, before: d.before.p, beforeLow: d.before.ci95[0], beforeHigh: d.before.ci95[1], after: d.after.p, afterLow: d.after.ci95[0], afterHigh: d.after.ci95[1] })));
        return;
      }
      const base = startingHandDistribution(opts.tiles);
      if (opts.waits && opts.tiles !== 13) throw new UserError('--waits is for 13-tile hands (a ready hand waits for its 14th tile)');
      const readyWaits: ReadyWaitsResult | undefined = opts.waits ? readyHandWaits() : undefined;
      const r = readyWaits ? { ...base, readyWaits } : base;
      emit(r, opts, () => startingText(base) + (readyWaits ? '\n' + waitsDistText(readyWaits) : ''), () => startingRows(base));
    });

  addSimOptions(
    addRulesOptions(
      mj
        .command('simulate')
        .description('full deals: four players, void declaration, draws, discards, pung/kong claims, kongs, robbing, several winners, every payment')
        .option('--deals <n>', 'deals to play', intArg('--deals', 1, 1e9), 2000)
        .option('--strategies <a,b,c,d>', `four strategies, seat order at the first deal (known: ${STRATEGIES.names.join(', ')})`, 'greedy,value,random,greedy')
        .option('--no-rotate', 'keep strategies in fixed seats (default: rotate seats deal by deal)'),
      GAME,
    ),
    { shardCount: 16 },
  )
    .addHelpText('after', '\nExample:\n  npx oddsmith mahjong simulate --deals 2000 --seed 7 --workers 2 \\\n      --strategies greedy,value,random,greedy')
    .action(async (opts: SimOptions & RulesOptions & { deals: number; strategies: string; rotate: boolean }) => {
      const names = splitSpecList(opts.strategies, '--strategies');
      if (names.length !== 4) throw new UserError(`--strategies needs four names, one per seat (got ${names.length})`);
      names.forEach((n) => getStrategy(n));
      const params: DealParams = { rules: rulesFromOptions(GAME, opts, validateRules), strategies: names, rotate: opts.rotate };
      // through the kernel's finish: `oddsmith merge` of its parts prints the same
      await runAndPrint(dealKernel, params, opts.deals, opts);
    });

  addSimOptions(
    addRulesOptions(
      mj
        .command('compare')
        .description('one strategy against a baseline on the same walls: each wall is played with the strategy in one seat (rotating) and three baselines, then with four baselines; the gain is the seat\'s difference, deal by deal')
        .requiredOption('--strategy <name>', `the strategy measured (known: ${STRATEGIES.names.join(', ')})`)
        .option('--baseline <name>', 'the other three seats, and the seat\'s stand-in on the second play (default: greedy)')
        .option('--deals <n>', 'walls to play (each twice)', intArg('--deals', 1, 1e9), 2000),
      GAME,
    ),
    { shardCount: 16 },
  )
    .addHelpText('after', '\nExample:\n  npx oddsmith mahjong compare --strategy advisor --baseline greedy --deals 2000 --seed 7')
    .action(async (opts: SimOptions & RulesOptions & { deals: number; strategy: string; baseline?: string }) => {
      const baseline = opts.baseline ?? COMPARE_DEFAULT.spec;
      getStrategy(opts.strategy); getStrategy(baseline);
      const params: PairedParams = { rules: rulesFromOptions(GAME, opts, validateRules), strategy: opts.strategy, baseline };
      printDefaultPlayerNote(COMPARE_DEFAULT, opts.baseline === undefined, opts, '--baseline');
      // through the kernel's finish: `oddsmith merge` of its parts prints the same
      await runAndPrint(pairedKernel, params, opts.deals, opts);
    });

  addRulesOptions(
    mj
      .command('defense')
      .description('the defending player\'s estimates against the engine\'s truth: each opponent\'s chance of being ready and each held tile\'s chance to deal in, predicted from the table, against what happened (one thread)')
      .option('--strategies <list>', 'four strategies, one per seat (rotated deal by deal)', 'greedy,greedy,greedy,greedy')
      .option('--deals <n>', 'deals to play', intArg('--deals', 1, 1e6), 1000)
      .option('--seed <k>', `random seed, 0..${MAX_SEED}`, intArg('--seed', 0, MAX_SEED), 1)
      .option('--json', 'print the result as JSON')
      .option('--csv', 'print the readiness table as CSV'),
    GAME,
  )
    .addHelpText('after', '\nExample:\n  npx oddsmith mahjong defense --deals 1000 --seed 5 --strategies value,value,greedy,advisor')
    .action((opts: RulesOptions & { strategies: string; deals: number; seed: number; json?: boolean; csv?: boolean }) => {
      const names = splitSpecList(opts.strategies, '--strategies');
      if (names.length !== 4) throw new UserError(`--strategies needs four names, one per seat (got ${names.length})`);
      names.forEach((n) => getStrategy(n));
      const r = calibrateDefense(rulesFromOptions(GAME, opts, validateRules), DEFENSE_MODEL, names, opts.deals, opts.seed);
      emit(r, opts, () => formatCalibration(r), () => r.readiness.map((b) => ({ from: b.from, to: b.to, cases: b.n, predicted: b.predicted, actual: b.rate, ci95Low: b.ci95[0], ci95High: b.ci95[1] })));
    });

  addSimOptions(
    addHandOptions(
      mj
        .command('odds')
        .description('Monte Carlo chance that a hand wins before the wall runs out (self-draw / discard) and its expected points; exact too for a ready hand')
        .argument('<hand>', 'concealed tiles (waiting form 13 − 3·sets, or 14 − 3·sets: it discards first)'),
    )
      .requiredOption('--tiles-left <n>', 'tiles left in the wall', intArg('--tiles-left', 1, 108))
      .option('--opponents <k>', 'opponents still playing (1..3)', intArg('--opponents', 1, 3), 3)
      .option('--trials <n>', 'simulated walls', intArg('--trials', 1, 1e9), 200_000),
    { shardCount: 16 },
  )
    .addHelpText('after', '\nExample:\n  npx oddsmith mahjong odds 1112345678999m --void s --tiles-left 40 --opponents 3')
    .action(async (hand: string, opts: SimOptions & HandOpts & { tilesLeft: number; opponents: number; trials: number }) => {
      const rules = rulesFromOptions(GAME, opts, validateRules);
      const pos = parsePosition({ hand, melds: opts.melds, void: opts.void, seen: opts.seen });
      const unseen = Array.from(pos.live).reduce((a, b) => a + b, 0);
      if (opts.tilesLeft > unseen) throw new UserError(`--tiles-left ${opts.tilesLeft} is more than the ${unseen} tiles the player cannot see`);
      const params: OddsParams = { rules, hand: Array.from(pos.counts), meldKinds: Array.from(pos.meldKinds), meldSizes: Array.from(pos.meldSizes), voidSuit: pos.voidSuit, live: Array.from(pos.live), tilesLeft: opts.tilesLeft, opponents: opts.opponents };
      // through the kernel's finish (the hand as typed travels in the part files)
      await runAndPrint(oddsKernel, params, opts.trials, opts, { hand });
    });
  addAssumptionsCommand(mj, {
    description: 'every assumed rule (the rules leave it open), its default and alternatives, and the full-deal findings re-measured at each alternative (95% intervals)',
    size: { flag: '--deals', help: 'deals per table per rule set', min: 100, max: 1e8, default: 2000 },
    only: true,
    rules: GAME,
    examples: ['', '--deals 400 --csv'],
    checkAssumptions: (o) => checkAssumptions({ rules: rulesFromOptions(GAME, o, validateRules), deals: o.size, seed: o.seed, workers: o.workers, only: o.only }),
  });

}

function startingRows(r: StartingHandResult) {
  const values = [...new Set([...r.shanten, ...r.shantenStandard, ...r.shantenSevenPairs].map((d) => d.value))].sort((a, b) => a - b);
  const p = (list: { value: number; probability: number }[], v: number) => list.find((d) => d.value === v)?.probability ?? 0;
  const c = (list: { value: number; count: string }[], v: number) => list.find((d) => d.value === v)?.count ?? '0';
  return values.map((v) => ({ shanten: v, deals: c(r.shanten, v), probability: p(r.shanten, v), standardOnly: p(r.shantenStandard, v), sevenPairsOnly: p(r.shantenSevenPairs, v) }));
}

function waitsDistText(w: ReadyWaitsResult): string {
  return `ready starting hands: ${w.readyDeals} deals (${w.hands} distinct hands, ${w.seconds.toFixed(1)} s); winning tile kinds:\n` +
    textTable(w.waits.map((x) => ({ kinds: x.kinds, deals: x.deals, share: x.share.toFixed(6) }))) + `\nmean ${w.meanKinds.toFixed(4)} kinds`;
}

function swapStartText(r: SwapStartSummary, exact: StartingHandResult, seed: number): string {
  const ci = (x: Proportion) => `${fmtPct(x.p, 2)} [${fmtPct(x.ci95[0], 2)}, ${fmtPct(x.ci95[1], 2)}]`;
  const ex = (v: number) => { const d = exact.shanten.find((x) => x.value === v); return d ? fmtPct(d.probability, 2) : '0.00%'; };
  const m = (x: MeanEstimate) => `${x.mean >= 0 ? '+' : ''}${x.mean.toFixed(3)} [${x.ci95[0].toFixed(3)}, ${x.ci95[1].toFixed(3)}]`;
  return [
    `swap three, direction ${r.direction}: SAMPLED, ${r.deals} deals (seed ${seed}); each seat passes the three its strategy chooses (${r.strategies.join(', ')}); shanten with the best void; 95% intervals`,
    `13-tile hands (seats 1–3, ${3 * r.deals} hands):`,
    textTable(r.shanten13.map((d) => ({ shanten: d.value, 'exact, no swap': ex(d.value), 'before the swap (sampled)': ci(d.before), 'after the swap (sampled)': ci(d.after) }))),
    `mean shanten: ${r.mean13.before.toFixed(3)} before (exact without swap ${exact.meanShanten.toFixed(3)}), ${r.mean13.after.toFixed(3)} after; change hand by hand ${m(r.mean13.change)}`,
    `dealer (14 tiles): mean shanten ${r.mean14.before.toFixed(3)} before, ${r.mean14.after.toFixed(3)} after; change ${m(r.mean14.change)}`,
    `tiles in the shortest suit (13-tile hands), before → after: ${r.fewestSuit13.filter((d) => d.value <= 4).map((d) => `${d.value}: ${fmtPct(d.before.p, 1)} → ${fmtPct(d.after.p, 1)}`).join(', ')}`,
    `directions: clockwise ${fmtPct(r.directions.clockwise, 1)}, across ${fmtPct(r.directions.across, 1)}, counter-clockwise ${fmtPct(r.directions.counterClockwise, 1)}`,
  ].join('\n');
}

function startingText(r: StartingHandResult): string {
  const rows = startingRows(r).map((x) => ({ shanten: x.shanten, deals: x.deals, probability: x.probability.toFixed(6), 'standard only': x.standardOnly.toFixed(6), 'seven pairs only': x.sevenPairsOnly.toFixed(6) }));
  return `${r.tiles}-tile starting hands: ${r.deals} deals, exact (${r.classes} suit classes, ${r.seconds.toFixed(2)} s); void chosen after the deal\n` +
    `${textTable(rows)}\nmean shanten ${r.meanShanten.toFixed(4)} · fewest tiles in one suit: ${r.fewestSuitTiles.map((d) => `${d.value}: ${fmtPct(d.probability, 2)}`).join(', ')}`;
}

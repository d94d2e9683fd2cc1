import { Option, type Command } from 'commander';
import { availableParallelism } from 'node:os';
import { addRulesOptions, addSimOptions, emit, intArg, rulesFromOptions, simulate, type RulesOptions, type SimOptions } from '../../../cli/common.js';
import { fmtPct, textTable, type Row } from '../../../core/format.js';
import { progressBar } from '../../../core/progress.js';
import { UserError } from '../../../core/errors.js';
import { parseSweepSet } from '../../../core/rules.js';
import { validateRules } from '../turn/rules.js';
import { checkPlayers, validateGameRules, MIN_PLAYERS, MAX_PLAYERS } from './rules.js';
import { gameKernel, formatGame } from './kernels.js';
import { checkGameParams, type GameParams } from './engine.js';
import { rawRules, runSweep, sweepPoints, type SweepResult } from './sweep.js';
import { parsePlayers, bettors, turnPolicies } from '../../../../strategies/wulong/index.js';

/** The default line-up: the first P of these. */
export const DEFAULT_STRATEGIES = 'kelly,fraction:0.1,min,naive,lookahead';

const strategiesHelp = `players, comma-separated, each BETTING[@POLICY]: betting = ${bettors.usage()}; policy (when active) = ${turnPolicies.usage()} (default optimal). A shorter list repeats. Default: the first P of ${DEFAULT_STRATEGIES}`;

const collect = (v: string, prev: string[] = []) => [...prev, v];

function players(opts: { players: number; strategies?: string }) {
  const P = checkPlayers(opts.players);
  return parsePlayers(opts.strategies ?? DEFAULT_STRATEGIES.split(',').slice(0, P).join(','), P);
}

/** The turn rules and the full game's `game` object, both validated (errors name the field). */
function validateGame(raw: unknown, where: string) {
  const rules = validateRules(raw, where);
  validateGameRules(rules, where);
  return rules;
}

/** `wulong game` takes one value per --set field; ranges are `wulong sweep`'s. */
function gameRules(opts: RulesOptions) {
  for (const s of opts.set) {
    const eq = s.indexOf('=');
    if (eq > 0 && /\.\.|,/.test(s.slice(eq + 1))) throw new UserError(`--set ${s.slice(0, eq).trim()}: \`wulong game\` takes one value per field (use \`wulong sweep\` for ranges)`);
  }
  return rulesFromOptions('wulong', opts, validateGame);
}

const pctText = (p: number) => fmtPct(p, 2);
const f4 = (x: number | null) => (x === null ? '-' : x.toFixed(4));

function sweepRows(r: SweepResult): Row[] {
  return r.points.map((pt) => {
    const row: Row = { ...pt.values };
    row.winSpread = Number(pt.winSpread.toFixed(5));
    row.turns = Number(pt.turnsMean.toFixed(3));
    for (const w of pt.winRates) row[`win ${w.label}`] = Number(w.p.toFixed(5));
    for (const c of pt.cards) {
      row[`${c.card} exactEV`] = Number(c.exactEvPerChip.toFixed(5));
      row[`${c.card} fairOdds`] = c.fairOdds === null ? null : Number(c.fairOdds.toFixed(4));
      row[`${c.card} realisedEV`] = c.realisedEvPerChip === null ? null : Number(c.realisedEvPerChip.toFixed(5));
      row[`${c.card} betShare`] = Number(c.betShare.toFixed(5));
    }
    for (const [k, v] of Object.entries(pt.endings)) row[`end ${k}`] = Number(v.toFixed(5));
    return row;
  });
}

export function formatSweep(r: SweepResult): string {
  const out: string[] = [];
  out.push(`${r.rules}: sweep of ${r.fields.map((f) => f.path).join(' × ')}; ${r.gamesPerPoint.toLocaleString('en-US')} games per point, seed ${r.seed}`);
  out.push(`players: ${r.players.join(', ')}`);
  out.push('', 'win rates, spread (max − min) and game length:');
  out.push(textTable(r.points.map((pt) => ({ ...pt.values, ...Object.fromEntries(pt.winRates.map((w) => [w.label, pctText(w.p)])), spread: pctText(pt.winSpread), turns: pt.turnsMean.toFixed(2) }))));
  out.push('', 'betting cards: exact EV per chip at the initial phase / fair odds / realised EV per chip in play (raises included) / share of bets:');
  out.push(textTable(r.points.map((pt) => ({ ...pt.values, ...Object.fromEntries(pt.cards.map((c) => [c.card, `${f4(c.exactEvPerChip)} / 1:${c.fairOdds === null ? '-' : c.fairOdds.toFixed(2)} / ${f4(c.realisedEvPerChip)} / ${pctText(c.betShare)}`])) }))));
  return out.join('\n');
}

/** The full game's commands (game, sweep) in the `wulong` group. */
export function register(wulong: Command): void {
  addSimOptions(
    addRulesOptions(
      wulong
        .command('game')
        .description('Monte Carlo of whole Wulong games (2-5 players): win rates by strategy and seat, game length, endings, money flows, betting cards\' realised EV')
        .addOption(new Option('--players <p>', `players, ${MIN_PLAYERS}..${MAX_PLAYERS}`).default(4).argParser(intArg('--players', MIN_PLAYERS, MAX_PLAYERS)))
        .option('--strategies <list>', strategiesHelp)
        .requiredOption('--games <n>', 'games to play', intArg('--games', 1, 1e10)),
      'wulong',
    ).option('--fixed-seats', 'seat the strategies in the listed order every game (default: a random rotation per game)'),
    { shardCount: 16 },
  )
    .addHelpText('after', '\nExamples:\n  npx oddsmith wulong game --players 4 --strategies kelly,fraction:0.1,min,naive --games 20000 --seed 1 --workers 2\n  npx oddsmith wulong game --players 3 --strategies kelly:0.5@threshold:3000,naive:panda --games 5000 --set bettingCards.panda.odds=3 --json')
    .action(async (opts: SimOptions & RulesOptions & { players: number; strategies?: string; games: number; fixedSeats?: boolean }) => {
      const params: GameParams = { rules: gameRules(opts), players: players(opts), fixedSeats: !!opts.fixedSeats };
      checkGameParams(params);
      const done = await simulate(gameKernel, params, opts.games, opts);
      if (!done) return;
      const { result: r, run } = done;
      // shardCount as asked (the JSON has always printed the option's value)
      const result = { ...r, seed: run.seed, workers: run.workers, shardCount: opts.shardCount, seconds: run.seconds, gamesPerSecond: run.perSecond };
      emit(
        result,
        opts,
        () => formatGame(r) + `\n\n${Math.round(result.gamesPerSecond).toLocaleString('en-US')} games/s (${opts.workers} worker${opts.workers > 1 ? 's' : ''}, ${run.seconds.toFixed(2)} s)`,
        () => r.strategies.map((s) => ({ slot: s.slot + 1, strategy: s.label, winRate: s.win.p, ciLow: s.win.ci95[0], ciHigh: s.win.ci95[1], finalFortune: s.finalFortune.mean, stakedPerGame: s.perGame.staked, betNetPerGame: s.perGame.betNet, betReturnPerChip: s.betReturnPerChip })),
      );
    });

  wulong
    .command('sweep')
    .description('for designers: vary one or two numeric rules fields and watch strategies\' win rates, game length, and each card\'s EV and fair odds')
    .requiredOption('--set <field=values>', 'field and values: a..b, a..b:step or a,b,c (repeat for a second field), e.g. bettingCards.panda.odds=1..4', collect)
    .addOption(new Option('--players <p>', `players, ${MIN_PLAYERS}..${MAX_PLAYERS}`).default(4).argParser(intArg('--players', MIN_PLAYERS, MAX_PLAYERS)))
    .option('--strategies <list>', strategiesHelp)
    .addOption(new Option('--games <n>', 'games per point').default(5000).argParser(intArg('--games', 1, 1e9)))
    .option('--rules <name|file>', 'rules: a preset name (rules/wulong/<name>.json) or a JSON file; default rules/wulong/default.json')
    .option('--fixed-seats', 'seat the strategies in the listed order every game')
    .addOption(new Option('--seed <k>', 'random seed (every point plays the same dice stream)').default(1).argParser(intArg('--seed', 0)))
    .addOption(new Option('--workers <w>', 'worker threads').default(availableParallelism()).argParser(intArg('--workers', 1, 256)))
    .addOption(new Option('--shard-count <n>', 'shards (results do not depend on --workers)').default(16).argParser(intArg('--shard-count', 1, 100_000)))
    .option('--json', 'print the result as JSON')
    .option('--csv', 'print one row per point as CSV')
    .option('--quiet', 'no progress bar')
    .option('--page <name>', 'also write a report page reports/wulong/NAME.html with the charts (letters, digits, dashes)')
    .option('--reports <dir>', 'reports folder for --page', 'reports')
    .addHelpText('after', '\nExamples:\n  npx oddsmith wulong sweep --set bettingCards.panda.odds=1..4 --games 5000 --workers 2\n  npx oddsmith wulong sweep --set bettingCards.dragon.odds=2..6 --set game.startingCash=3000..9000:3000 --players 3 --csv')
    .action(async (opts: { set: string[]; players: number; strategies?: string; games: number; rules?: string; fixedSeats?: boolean; seed: number; workers: number; shardCount: number; json?: boolean; csv?: boolean; quiet?: boolean; page?: string; reports: string }) => {
      if (opts.page !== undefined && (!/^[A-Za-z0-9-]+$/.test(opts.page) || ['turn', 'game', 'farkle-10000'].includes(opts.page))) {
        throw new UserError(`--page must be letters, digits and dashes and not turn, game or farkle-10000 (got ${JSON.stringify(opts.page)})`);
      }
      const fields = opts.set.map(parseSweepSet);
      const points = sweepPoints(rawRules(opts.rules), fields);
      const ps = players(opts);
      const bar = progressBar('wulong sweep', opts.quiet);
      const r = await runSweep(points, fields, ps, { games: opts.games, seed: opts.seed, shardCount: opts.shardCount, workers: opts.workers, fixedSeats: !!opts.fixedSeats, onShard: bar });
      bar.end();
      emit(r, opts, () => formatSweep(r), () => sweepRows(r));
      if (opts.page !== undefined) {
        const { writeSweepPage } = await import('./report.js');
        const { linkPage } = await import('../../../report/page.js');
        const page = await writeSweepPage(opts.reports, [{ title: fields.map((f) => f.path).join(' × '), result: r }], { games: opts.games, seed: opts.seed, players: opts.players, raw: rawRules(opts.rules), page: opts.page });
        linkPage(opts.reports, page); // listed in reports/index.html
        if (!opts.quiet) process.stderr.write(`wrote ${opts.reports}/wulong/${opts.page}.html\n`);
      }
    });
}

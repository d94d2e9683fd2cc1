import { Option, type Command } from 'commander';
import { availableParallelism } from 'node:os';
import { addSimOptions, emit, intArg, runSimulation, textTable, type SimOptions } from './common.js';
import { progressBar } from '../core/progress.js';
import { UserError } from '../core/errors.js';
import { validateRules } from '../games/wulong/rules.js';
import { checkPlayers, validateGameRules, MIN_PLAYERS, MAX_PLAYERS } from '../games/wulong/game-rules.js';
import { gameKernel, formatGame } from '../games/wulong/game-kernel.js';
import { checkGameParams, type GameParams } from '../games/wulong/game-engine.js';
import { parseSetSpec, readRawRules, runSweep, sweepPoints, type SweepResult } from '../games/wulong/game-sweep.js';
import { parsePlayers, passiveStrategies } from '../../strategies/wulong/passive.js';
import { turnStrategies } from '../../strategies/wulong/index.js';
import type { Row } from '../report/csv.js';

/** The default line-up: the first P of these. */
export const DEFAULT_STRATEGIES = 'kelly,fraction:0.1,min,naive,lookahead';

const strategiesHelp = `players, comma-separated, each BETTING[@POLICY]: betting = ${passiveStrategies.map((s) => s.usage).join(' | ')}; policy (when active) = ${turnStrategies.map((s) => s.usage).join(' | ')} (default optimal). A shorter list repeats. Default: the first P of ${DEFAULT_STRATEGIES}`;

const collect = (v: string, prev: string[] = []) => [...prev, v];

function players(opts: { players: number; strategies?: string }) {
  const P = checkPlayers(opts.players);
  return parsePlayers(opts.strategies ?? DEFAULT_STRATEGIES.split(',').slice(0, P).join(','), P);
}

/** Rules from a file with fixed --set FIELD=VALUE changes applied, re-validated (errors name the field). */
function rulesWithSets(file: string | undefined, sets: string[]) {
  const fields = sets.map(parseSetSpec);
  for (const f of fields) if (f.values.length !== 1) throw new UserError(`--set ${f.path}: \`wulong game\` takes one value per field (use \`wulong sweep\` for ranges)`);
  const where = file ? `rules file ${file}` : 'rules';
  if (fields.length === 0) {
    const rules = validateRules(readRawRules(file), where);
    validateGameRules(rules, where);
    return rules;
  }
  let raw = readRawRules(file);
  for (const f of fields) raw = sweepPoints(raw, [f])[0].rules;
  return validateRules(raw, where);
}

const pctText = (p: number) => `${(p * 100).toFixed(2)}%`;
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

/** `wulong game` and `wulong sweep`, under the lead's `wulong` command group. */
export function registerWulongGame(wulong: Command): void {
  addSimOptions(
    wulong
      .command('game')
      .description('Monte Carlo of whole Wulong games (2-5 players): win rates by strategy and seat, game length, endings, money flows, betting cards\' realised EV')
      .addOption(new Option('--players <p>', `players, ${MIN_PLAYERS}..${MAX_PLAYERS}`).default(4).argParser(intArg('--players', MIN_PLAYERS, MAX_PLAYERS)))
      .option('--strategies <list>', strategiesHelp)
      .requiredOption('--games <n>', 'games to play', intArg('--games', 1, 1e10))
      .option('--rules <file>', 'rules file (JSON) with a `game` object; default: rules/wulong/default.json')
      .option('--set <field=value>', 'change one numeric rules field first (repeatable), e.g. game.startingCash=8000', collect)
      .option('--fixed-seats', 'seat the strategies in the listed order every game (default: a random rotation per game)'),
    { shardCount: 16 },
  )
    .addHelpText('after', '\nExamples:\n  oddsmith wulong game --players 4 --strategies kelly,fraction:0.1,min,naive --games 20000 --seed 1 --workers 2\n  oddsmith wulong game --players 3 --strategies kelly:0.5@threshold:3000,naive:panda --games 5000 --set bettingCards.panda.odds=3 --json')
    .action(async (opts: SimOptions & { players: number; strategies?: string; games: number; rules?: string; set?: string[]; fixedSeats?: boolean }) => {
      const params: GameParams = { rules: rulesWithSets(opts.rules, opts.set ?? []), players: players(opts), fixedSeats: !!opts.fixedSeats };
      checkGameParams(params);
      const run = await runSimulation({ kernel: gameKernel.name, params, seed: opts.seed, total: opts.games }, opts);
      if (!run) return;
      const r = gameKernel.summarize(params, run.acc, opts.games);
      const result = { ...r, seed: opts.seed, workers: opts.workers, shardCount: opts.shardCount, seconds: run.seconds, gamesPerSecond: opts.games / run.seconds };
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
    .option('--rules <file>', 'rules file (JSON); default: rules/wulong/default.json')
    .option('--fixed-seats', 'seat the strategies in the listed order every game')
    .addOption(new Option('--seed <k>', 'random seed (every point plays the same dice stream)').default(1).argParser(intArg('--seed', 0)))
    .addOption(new Option('--workers <w>', 'worker threads').default(availableParallelism()).argParser(intArg('--workers', 1, 256)))
    .addOption(new Option('--shard-count <n>', 'shards (results do not depend on --workers)').default(16).argParser(intArg('--shard-count', 1, 100_000)))
    .option('--json', 'print the result as JSON')
    .option('--csv', 'print one row per point as CSV')
    .option('--quiet', 'no progress bar')
    .option('--page <name>', 'also write a report page reports/wulong/NAME.html with the charts (letters, digits, dashes)')
    .option('--reports <dir>', 'reports folder for --page', 'reports')
    .addHelpText('after', '\nExamples:\n  oddsmith wulong sweep --set bettingCards.panda.odds=1..4 --games 5000 --workers 2\n  oddsmith wulong sweep --set bettingCards.dragon.odds=2..6 --set game.startingCash=3000..9000:3000 --players 3 --csv')
    .action(async (opts: { set: string[]; players: number; strategies?: string; games: number; rules?: string; fixedSeats?: boolean; seed: number; workers: number; shardCount: number; json?: boolean; csv?: boolean; quiet?: boolean; page?: string; reports: string }) => {
      if (opts.page !== undefined && (!/^[A-Za-z0-9-]+$/.test(opts.page) || ['turn', 'game', 'farkle-10000'].includes(opts.page))) {
        throw new UserError(`--page must be letters, digits and dashes and not turn, game or farkle-10000 (got ${JSON.stringify(opts.page)})`);
      }
      const fields = opts.set.map(parseSetSpec);
      const points = sweepPoints(readRawRules(opts.rules), fields);
      const ps = players(opts);
      const bar = progressBar('wulong sweep', opts.quiet);
      const r = await runSweep(points, fields, ps, { games: opts.games, seed: opts.seed, shardCount: opts.shardCount, workers: opts.workers, fixedSeats: !!opts.fixedSeats, onShard: bar });
      bar.end();
      emit(r, opts, () => formatSweep(r), () => sweepRows(r));
      if (opts.page !== undefined) {
        const { writeSweepPage } = await import('../games/wulong/game-report.js');
        await writeSweepPage(opts.reports, [{ title: fields.map((f) => f.path).join(' × '), result: r }], { games: opts.games, seed: opts.seed, players: opts.players, raw: readRawRules(opts.rules), page: opts.page });
        if (!opts.quiet) process.stderr.write(`wrote ${opts.reports}/wulong/${opts.page}.html\n`);
      }
    });
}

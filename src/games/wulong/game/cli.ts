import { Option, type Command } from 'commander';
import { availableParallelism } from 'node:os';
import { addRulesOptions, addSimOptions, emit, intArg, MAX_SEED, rulesFromOptions, runAndPrint, simulate, type RulesOptions, type SimOptions } from '../../../cli/common.js';
import { fmtPct, textTable, type Row } from '../../../core/format.js';
import { progressBar } from '../../../core/progress.js';
import { UserError } from '../../../core/errors.js';
import { parseDecimal, splitList } from '../../../core/parse.js';
import { parseSweepSet } from '../../../core/rules.js';
import { validateRules } from '../turn/rules.js';
import { checkPlayers, validateGameRules, MIN_PLAYERS, MAX_PLAYERS } from './rules.js';
import { gameKernel, tellKernel, type TellSimResult } from './kernels.js';
import { openingTellValue, type TellValue } from '../turn/tell.js';
import { checkGameParams, type GameParams } from './engine.js';
import { rawRules, runSweep, sweepPoints, type SweepResult } from './sweep.js';
import { bettorFor, parsePlayers, parsePolicy, bettors, turnPolicies } from '../strategies/index.js';

/** The default line-up: the first P of these. */
export const DEFAULT_STRATEGIES = 'kelly,fraction:0.1,min,naive,lookahead';

const strategiesHelp = `players, comma-separated, each BETTING[@POLICY]: betting = ${bettors.usage()}; policy (when active) = ${turnPolicies.usage()} (default optimal). A shorter list repeats. Default: the first P of ${DEFAULT_STRATEGIES}`;

const collect = (v: string, prev: string[] = []) => [...prev, v];

/**
 * The largest stop total a full-game player may use: the betting tables are built from every turn
 * state up to it, in time that grows with its square (100,000 takes about 7 s; 10,000,000 would take days).
 */
export const MAX_GAME_STOP_TOTAL = 100_000;

function players(opts: { players: number; strategies?: string }) {
  const P = checkPlayers(opts.players);
  const ps = parsePlayers(opts.strategies ?? DEFAULT_STRATEGIES.split(',').slice(0, P).join(','), P);
  for (const p of ps) {
    const s = p.policy.stop;
    const top = s.kind === 'optimal' ? 0 : s.kind === 'per-dice' ? Math.max(...s.totals) : s.total;
    if (top > MAX_GAME_STOP_TOTAL) {
      throw new UserError(`--strategies ${p.label}: stop totals above ${MAX_GAME_STOP_TOTAL.toLocaleString('en-US')} are not supported in whole games (the betting tables grow with its square; \`wulong simulate --policy\` takes larger ones)`);
    }
  }
  return ps;
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

/** Read accuracies from "0,0.5,1": each in [0, 1]. */
function accuracies(text: string): number[] {
  return splitList(text, '--accuracy').map((x) => parseDecimal(x, '--accuracy', 0, 1));
}

export interface TellRow extends TellValue {
  simulated?: { turns: number; evPerChip: number; se: number };
}

function formatTell(rows: TellRow[], policy: string): string {
  const out = [`value of reading the active player (${policy} turn policy, exact): best opening card's EV per chip`];
  out.push(textTable(rows.map((r) => ({
    accuracy: r.accuracy,
    'best EV/chip': r.bestEvPerChip.toFixed(4),
    ...(r.simulated ? { simulated: `${r.simulated.evPerChip.toFixed(4)} ± ${r.simulated.se.toFixed(4)}` } : {}),
    ...Object.fromEntries(r.pickShare.map((p) => [`picks ${p.card}`, fmtPct(p.share, 1)])),
  }))));
  out.push(`no read: ${rows[0].unconditional.map((c) => `${c.card} ${c.evPerChip >= 0 ? '+' : ''}${c.evPerChip.toFixed(4)}`).join(', ')} per chip`);
  return out.join('\n');
}

/** The full game's commands (game, sweep) in the `wulong` group. */
export function register(wulong: Command): void {
  addSimOptions(
    addRulesOptions(
      wulong
        .command('tell')
        .description('reading the active player: the exact value of a tell of accuracy a (0 = no read, 1 = the hidden roll) at the opening bet, optionally checked by simulation')
        .option('--accuracy <list>', 'read accuracies, comma-separated, each 0..1', '0,0.25,0.5,0.75,1')
        .option('--policy <p>', `the active player's turn policy: ${turnPolicies.usage()}`, 'optimal')
        .addOption(new Option('--simulate <turns>', 'also simulate this many opening bets per accuracy (fixed seed; ± one standard error)').argParser(intArg('--simulate', 1, 1e10))),
      'wulong',
    ),
    { shardCount: 16, runsWhole: 'runs every accuracy here (use --workers)' },
  )
    .addHelpText('after', '\nExamples:\n  npx oddsmith wulong tell\n  npx oddsmith wulong tell --accuracy 0.5 --simulate 200000 --json')
    .action(async (opts: SimOptions & RulesOptions & { accuracy: string; policy: string; simulate?: number }) => {
      if (opts.shardIndex !== undefined) throw new UserError('wulong tell runs every accuracy here: --shard-index is not supported (use --workers)');
      const list = accuracies(opts.accuracy);
      const base = rulesFromOptions('wulong', opts, validateRules);
      const policy = parsePolicy(opts.policy);
      const rows: TellRow[] = [];
      for (const a of list) {
        const rules = { ...base, betting: { readAccuracy: a } };
        const row: TellRow = openingTellValue(rules, policy, a);
        if (opts.simulate !== undefined) {
          const done = await simulate(tellKernel, { rules, policy }, opts.simulate, opts);
          if (!done) return;
          const r: TellSimResult = done.result;
          row.simulated = { turns: r.turns, evPerChip: r.evPerChip.mean, se: r.evPerChip.se };
        }
        rows.push(row);
      }
      emit({ rules: base.name, policy: policy.name, rows }, opts, () => formatTell(rows, policy.name), () => rows.map((r) => ({ accuracy: r.accuracy, bestEvPerChip: r.bestEvPerChip, simulatedEvPerChip: r.simulated?.evPerChip ?? null, simulatedSe: r.simulated?.se ?? null, ...Object.fromEntries(r.pickShare.map((p) => [`picks ${p.card}`, p.share])) })));
    });

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
    .addHelpText('after', '\nExamples:\n  npx oddsmith wulong game --players 4 --strategies kelly,fraction:0.1,min,naive \\\n      --games 20000 --seed 1 --workers 2\n  npx oddsmith wulong game --players 3 --strategies kelly:0.5@threshold:3000,naive:panda \\\n      --games 5000 --set bettingCards.panda.odds=3 --json')
    .action(async (opts: SimOptions & RulesOptions & { players: number; strategies?: string; games: number; fixedSeats?: boolean }) => {
      const params: GameParams = { rules: gameRules(opts), players: players(opts), fixedSeats: !!opts.fixedSeats };
      checkGameParams(params, bettorFor);
      // through the kernel's finish: `oddsmith merge` of its parts prints the same
      await runAndPrint(gameKernel, params, opts.games, opts);
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
    .addOption(new Option('--seed <k>', `random seed, 0..${MAX_SEED} (every point plays the same dice stream)`).default(1).argParser(intArg('--seed', 0, MAX_SEED)))
    .addOption(new Option('--workers <w>', 'worker threads').default(availableParallelism()).argParser(intArg('--workers', 1, 256)))
    .addOption(new Option('--shard-count <n>', 'shards (results do not depend on --workers)').default(16).argParser(intArg('--shard-count', 1, 100_000)))
    .option('--json', 'print the result as JSON')
    .option('--csv', 'print one row per point as CSV')
    .option('--quiet', 'no progress bar')
    .option('--page <name>', 'also write a report page reports/wulong/NAME.html with the charts (letters, digits, dashes)')
    .option('--reports <dir>', 'reports folder for --page', 'reports')
    .addHelpText('after', '\nExamples:\n  npx oddsmith wulong sweep --set bettingCards.panda.odds=1..4 --games 5000 --workers 2\n  npx oddsmith wulong sweep --set bettingCards.dragon.odds=2..6 \\\n      --set game.startingCash=3000..9000:3000 --players 3 --csv')
    .action(async (opts: { set: string[]; players: number; strategies?: string; games: number; rules?: string; fixedSeats?: boolean; seed: number; workers: number; shardCount: number; json?: boolean; csv?: boolean; quiet?: boolean; page?: string; reports: string }) => {
      if (opts.page !== undefined && (!/^[A-Za-z0-9-]+$/.test(opts.page) || ['turn', 'game', 'farkle-10000'].includes(opts.page))) {
        throw new UserError(`--page must be letters, digits and dashes and not turn, game or farkle-10000 (got ${JSON.stringify(opts.page)})`);
      }
      const fields = opts.set.map(parseSweepSet);
      const points = sweepPoints(rawRules(opts.rules), fields);
      const ps = players(opts);
      const bar = progressBar('Wulong sweep', opts.quiet, { unit: 'shards' });
      const r = await runSweep(points, fields, ps, { games: opts.games, seed: opts.seed, shardCount: opts.shardCount, workers: opts.workers, fixedSeats: !!opts.fixedSeats, onShard: bar });
      bar.end();
      // the page first: when it cannot be written, the command fails before printing anything
      if (opts.page !== undefined) {
        const { writeSweepPage } = await import('./report.js');
        const { linkPage } = await import('../../../report/page.js');
        const page = await writeSweepPage(opts.reports, [{ title: fields.map((f) => f.path).join(' × '), result: r }], { games: opts.games, seed: opts.seed, players: opts.players, raw: rawRules(opts.rules), page: opts.page });
        linkPage(opts.reports, page); // listed in reports/index.html
        if (!opts.quiet) process.stderr.write(`wrote ${opts.reports}/wulong/${opts.page}.html\n`);
      }
      emit(r, opts, () => formatSweep(r), () => sweepRows(r));
    });
}

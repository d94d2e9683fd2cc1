import type { Command } from 'commander';
import { addRulesOptions, emit, intArg, rulesFromOptions, type RulesOptions } from '../../../cli/common.js';
import { fmtNum, textTable, type Row } from '../../../core/format.js';
import { UserError } from '../../../core/errors.js';
import { validateRules } from '../turn/rules.js';
import { analyseRace, checkPlayers, simpleRulesFor, simpleRulesText } from './analysis.js';

const rulesOf = (opts: RulesOptions) => rulesFromOptions('wulong', opts, validateRules);

export function parseTolerance(x: string): number {
  const v = Number(x);
  if (!(v > 0 && v < 0.01)) throw new UserError(`--tolerance must be a number in (0, 0.01) (got ${x})`);
  return v;
}

/** `wulong race`: the two-player race to a target, solved to win. */
export function register(wulong: Command): void {
  addRulesOptions(
    wulong
      .command('race')
      .description('play to win: P(first player wins) under optimal play by both, the stop policy by both scores, what expected-points play gives away')
      .requiredOption('--target <t>', 'score that wins the race', intArg('--target', 1, 10_000_000))
      .option('--players <n>', 'players (exact for 2)', intArg('--players', 2, 8), 2)
      .option('--tolerance <x>', 'value iteration stops when no value changes by more than this', parseTolerance, 1e-9)
      .option('--simple', 'also find the best simple rules (stop totals per dice left, and per score band) for points and for winning, and what each costs')
      .option('--band <points>', 'with --simple: score-difference band edge (default: a fifth of the target)', intArg('--band', 1, 10_000_000))
      .option('--budget <n>', 'with --simple: most rules evaluated per search', intArg('--budget', 1, 100_000), 60)
      .option('--json', 'print the full result as JSON'),
    'wulong',
  )
    .addHelpText('after', '\nExamples:\n  npx oddsmith wulong race --rules farkle/pig --target 100\n  npx oddsmith wulong race --rules rules/farkle/10000.json --target 2000')
    .action((opts: RulesOptions & { target: number; players: number; tolerance: number; simple?: boolean; band?: number; budget: number; json?: boolean }) => {
      checkPlayers(opts.players);
      const rules = rulesOf(opts);
      const { result: r0, solution } = analyseRace(rules, opts.target, opts.tolerance);
      const simple = opts.simple ? simpleRulesFor(solution, opts.band, opts.budget) : undefined;
      const r = simple ? { ...r0, simpleRules: simple } : r0;
      emit(r, opts, () => {
        const f = (x: number) => fmtNum(x, 6);
        const out: string[] = [];
        out.push(`${r.rules} — race to ${r.target}, 2 players`);
        out.push(`first player wins: ${f(r.firstPlayerWins)} (both play to win; exact value iteration, tolerance ${r.tolerance}, score step ${r.scoreStep})`);
        out.push(`first-player advantage: ${f(r.firstPlayerAdvantage)}`);
        out.push(`both play for expected points (bank at once when it wins): first player wins ${f(r.pointsVsPoints)}`);
        out.push(`playing for points against the optimal player gives away ${f(r.givenAwayFirst)} moving first (${f(r.firstPlayerWins)} → ${f(r.pointsVsOptimal)}), ${f(r.givenAwaySecond)} moving second (${f(1 - r.firstPlayerWins)} → ${f(1 - r.optimalVsPoints)})`);
        out.push(`expected game length: ${fmtNum(r.expectedTurns, 2)} turns (both players' turns counted) when both play to win, ${fmtNum(r.expectedTurnsPoints, 2)} when both play for points`);
        out.push('', 'stop from this turn total on (playing to win), by banked scores and dice left to roll:');
        out.push(textTable(r.policy.map((p) => {
          const row: Row = { me: p.me, them: p.them };
          p.stopFrom.forEach((s, i) => (row[`${i + 1} dice`] = s === null ? '-' : s));
          return row;
        })));
        if (simple) out.push('', simpleRulesText(simple));
        out.push(`solved in ${fmtNum(r.seconds, 2)} s (${fmtNum(r.turnStatesPerSecond / 1e6, 1)} M turn states/s, ${solution.layered ? 'by score-sum layers' : 'by full sweeps'}); policy evaluations (points vs optimal, points vs points, game length) ${fmtNum(r.comparisonSeconds, 2)} s`);
        return out.join('\n');
      });
    });
}

import type { Command } from 'commander';
import { addRulesOptions, emit, intArg, rulesFromOptions, type RulesOptions } from '../../../cli/common.js';
import { fmtNum, textTable, type Row } from '../../../core/format.js';
import { UserError } from '../../../core/errors.js';
import { validateRules } from '../turn/rules.js';
import { solveMulti, multiStart } from './exact-multi.js';
import { analyseRace, checkPlayers, compensation, compensationText, policyTable, raceSweep, raceSweepText, simpleRulesFor, simpleRulesText } from './analysis.js';
import { parseSweepSet } from '../../../core/rules.js';
import { firstPlayerWins, raceUnit, type RaceSolution } from './exact.js';
import { solveRaceThreads } from './parallel.js';
import { availableParallelism } from 'node:os';
import { tablesFor } from '../turn/tables.js';
import type { WulongRules } from '../turn/rules.js';

const rulesOf = (opts: RulesOptions) => rulesFromOptions('wulong', opts, validateRules);

/**
 * Races with bust penalties above this many turn states a pass leave out the policy evaluations
 * unless --compare asks for them: each evaluation sweeps every state many times over (Facebook to
 * 1,000 with scores down to −500: 24 s of CPU against the solve's 2.6 s), so Busche's game would
 * take hours after a solve of minutes. The largest race with penalties the docs evaluate (Facebook
 * to 2,000) has 1.8 million.
 */
const COMPARE_UP_TO = 50_000_000;

/** Whether `wulong race` evaluates points play and the game length unless told (--compare, --no-compare). */
export function comparesByDefault(R: Pick<RaceSolution, 'layered' | 'turnStatesPerSweep'>): boolean {
  return R.layered || R.turnStatesPerSweep <= COMPARE_UP_TO;
}

function policyRows(policy: { me: number; them: number; stopFrom: (number | null)[] }[], head: (i: number) => string, dash: boolean): Row[] {
  return policy.map((p) => {
    const row: Row = { me: p.me, them: p.them };
    p.stopFrom.forEach((s, i) => (row[head(i)] = s === null && dash ? '-' : s));
    return row;
  });
}

/**
 * A target off the rules' score step is refused: banked scores move in whole steps, so a race to
 * 2001 in steps of 50 is the race to 2050, and printing "race to 2001" would hide that.
 */
export function checkTargetStep(rules: WulongRules, target: number): void {
  const step = raceUnit(rules, tablesFor(rules).unit);
  if (target % step !== 0) {
    const up = Math.ceil(target / step) * step;
    throw new UserError(`--target ${target} is off the score step: banked scores move in steps of ${step} under these rules, so a race to ${target} is the race to ${up}; give --target ${up}${up - step > 0 ? ` (or ${up - step})` : ''}`);
  }
}

/** The smallest change value iteration can tell from rounding (ten float64 steps at 1). */
export const MIN_TOLERANCE = 1e-15;

export function parseTolerance(x: string): number {
  const v = Number(x);
  if (!(v > 0 && v < 0.01)) throw new UserError(`--tolerance must be a number in (0, 0.01) (got ${x})`);
  // win chances are floats of at most 1, whose last bit is 1.1e-16: a tolerance near that waits
  // on rounding and may never be met
  if (v < MIN_TOLERANCE) throw new UserError(`--tolerance must be at least ${MIN_TOLERANCE} (got ${x}): smaller changes are rounding of win chances near 1, and the iteration would not stop`);
  return v;
}

async function solveTimed(rules: WulongRules, opts: { target: number; tolerance: number; workers: number }): Promise<{ R: RaceSolution; seconds: number }> {
  const t0 = performance.now();
  const R = await solveRaceThreads(rules, { target: opts.target, tolerance: opts.tolerance }, opts.workers);
  return { R, seconds: (performance.now() - t0) / 1000 };
}

/** `wulong race`: the two-player race to a target, solved to win. */
export function register(wulong: Command): void {
  addRulesOptions(
    wulong
      .command('race')
      .description('play to win: P(first player wins) under optimal play by both, the stop policy by both scores, what expected-points play gives away')
      .requiredOption('--target <t>', 'score that wins the race', intArg('--target', 1, 10_000_000))
      .option('--players <n>', 'players (3+: exact where the states fit, else banked scores on a coarser grid, printed)', intArg('--players', 2, 8), 2)
      .option('--cell <points>', 'with 3+ players: banked-score grid (default: the score step if it fits)', intArg('--cell', 1, 10_000_000))
      .option('--tolerance <x>', 'value iteration stops when no value changes by more than this', parseTolerance, 1e-9)
      .option('--sweep <field=values>', 'balance: first-player advantage and game length as one rules entry varies, e.g. faces.0.score.3=500..1500:250')
      .option('--workers <w>', 'threads for rules with bust penalties and large races without (the values do not depend on it; default: the cores available)', intArg('--workers', 1, 256), availableParallelism())
      .option('--fair', 'compensation: P(first wins) as the second player gets a head start, and the head start that makes the race fairest')
      .option('--simple', 'also find the best simple rules (stop totals per dice left, and per score band) for points and for winning, and what each costs')
      .option('--band <points>', 'with --simple: score-difference band edge (default: a fifth of the target)', intArg('--band', 1, 10_000_000))
      .option('--budget <n>', 'with --simple: most rules evaluated per search', intArg('--budget', 1, 100_000), 60)
      .option('--compare', 'also evaluate points play against optimal play and the game length (the default, except for races with bust penalties above 50 million turn states a pass)')
      .option('--no-compare', 'the solve and the stop policy only')
      .option('--json', 'print the full result as JSON')
      .option('--csv', 'print the main table as CSV: the stop policy (2 players), the seats\' win probabilities (3+), or the sweep'),
    'wulong',
  )
    .addHelpText('after', '\nExamples:\n  npx oddsmith wulong race --rules rules/farkle/pig.json --target 100\n  npx oddsmith wulong race --rules rules/farkle/10000.json --target 2000\n  npx oddsmith wulong race --rules rules/farkle/pig.json --target 100 --fair')
    .action(async (opts: RulesOptions & { target: number; players: number; tolerance: number; workers: number; fair?: boolean; simple?: boolean; compare?: boolean; sweep?: string; cell?: number; band?: number; budget: number; json?: boolean; csv?: boolean }) => {
      const rules = rulesOf(opts);
      checkTargetStep(rules, opts.target);
      if (opts.sweep) {
        checkPlayers(opts.players);
        const f = parseSweepSet(opts.sweep);
        // every point's rules validated before the first is solved
        const rulesAt = f.values.map((v) => rulesOf({ ...opts, set: [...opts.set, `${f.path}=${v}`] }));
        for (const r of rulesAt) checkTargetStep(r, opts.target);
        const sw = raceSweep(f.path, f.values, (v) => rulesAt[f.values.indexOf(v)], opts.target, opts.tolerance);
        emit(sw, opts, () => raceSweepText(sw), () => sw.rows.map((r) => ({ [sw.path]: r.value, firstPlayerWins: r.firstPlayerWins, advantage: r.firstPlayerAdvantage, expectedTurns: r.expectedTurns, turnScore: r.turnScore })));
        return;
      }
      if (opts.players > 2) {
        if (opts.simple) throw new UserError('--simple is for 2 players');
        const M = solveMulti(rules, { players: opts.players, target: opts.target, cell: opts.cell, tolerance: opts.tolerance });
        const wins = multiStart(M);
        const r = { rules: rules.name, target: opts.target, players: M.players, scoreStep: M.unit, cell: M.cell, exact: M.exact, approximation: M.approximation, tolerance: M.tolerance, residual: M.residual, mixedCycles: M.mixed, seatWins: wins, seconds: M.seconds, turnSolves: M.turnSolves };
        emit(r, opts, () => [
          `${r.rules} — race to ${r.target}, ${r.players} players, each playing to win`,
          ...wins.map((p, k) => `seat ${k + 1}${k === 0 ? ' (moves first)' : ''} wins: ${fmtNum(p, 6)}`),
          r.exact ? `exact: banked scores and turn totals in steps of ${r.scoreStep}, value iteration to tolerance ${r.tolerance}` : `approximated: ${r.approximation}`,
          `equilibrium: each player maximizes their own win probability; ties go to stopping; ${r.mixedCycles} score cycles needed a mixed decision (largest last change ${r.residual.toExponential(1)})`,
          `solved in ${fmtNum(r.seconds, 2)} s (${r.turnSolves.toLocaleString('en-US')} turns solved)`,
        ].join('\n'), () => wins.map((p, k) => ({ seat: k + 1, wins: p })));
        return;
      }
      checkPlayers(opts.players);
      if (opts.fair) {
        if (opts.simple) throw new UserError('--fair and --simple are separate questions: give one');
        const { R, seconds } = await solveTimed(rules, opts);
        const c = compensation(R, seconds);
        emit(c, opts, () => compensationText(c), () => c.rows);
        return;
      }
      const solved = await solveTimed(rules, opts);
      if (opts.simple && opts.compare === false) throw new UserError('--simple evaluates policies: leave out --no-compare');
      if (!opts.simple && (opts.compare === false || (opts.compare === undefined && !comparesByDefault(solved.R)))) {
        const R = solved.R, p = firstPlayerWins(R);
        const r = { rules: rules.name, target: opts.target, players: 2, scoreStep: R.unit, tolerance: opts.tolerance, residual: R.residual, firstPlayerWins: p, firstPlayerAdvantage: 2 * p - 1, policy: policyTable(R), seconds: solved.seconds, passes: R.layered ? null : R.sweeps, turnStatesPerSecond: R.turnStates / Math.max(solved.seconds, 1e-9) };
        emit(r, opts, () => [
          `${r.rules} — race to ${r.target}, 2 players`,
          `first player wins: ${fmtNum(p, 6)} (both play to win; exact value iteration, tolerance ${r.tolerance}, score step ${r.scoreStep})`,
          `first-player advantage: ${fmtNum(r.firstPlayerAdvantage, 6)}`,
          opts.compare === false ? 'points play and the game length: not evaluated (--no-compare)' : `points play and the game length: not evaluated (${R.turnStatesPerSweep.toLocaleString('en-US')} turn states a pass, and each policy\n  evaluation sweeps them many times over: hours at this size; --compare runs them)`,
          '',
          'stop from this turn total on (playing to win), by banked scores and dice left to roll:',
          textTable(policyRows(r.policy, (i) => `${i + 1} dice`, true)),
          `solved in ${fmtNum(r.seconds, 2)} s (${fmtNum(r.turnStatesPerSecond / 1e6, 1)} M turn states/s, ${R.layered ? 'by score-sum layers' : `by score-sum layers in ${R.sweeps} passes`})`,
        ].join('\n'), () => policyRows(r.policy, (i) => `stop ${i + 1} dice`, false));
        return;
      }
      const { result: r0, solution } = analyseRace(rules, opts.target, opts.tolerance, solved);
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
        out.push(`solved in ${fmtNum(r.seconds, 2)} s (${fmtNum(r.turnStatesPerSecond / 1e6, 1)} M turn states/s, ${solution.layered ? 'by score-sum layers' : `by score-sum layers in ${solution.sweeps} passes`}); policy evaluations (points vs optimal, points vs points, game length) ${fmtNum(r.comparisonSeconds, 2)} s`);
        return out.join('\n');
      }, () => r.policy.map((p) => {
        const row: Row = { me: p.me, them: p.them };
        p.stopFrom.forEach((v, i) => (row[`stop ${i + 1} dice`] = v));
        return row;
      }));
    });
}

import type { Command } from 'commander';
import { addRulesOptions, addSimOptions, ask, emit, intArg, rulesFromOptions, runAndPrint, type RulesOptions, type SimOptions } from '../../../cli/common.js';
import { fmtNum, fmtPct, textTable } from '../../../core/format.js';
import { validateRules } from './rules.js';
import { TurnAnalysis, bettingCards } from './exact.js';
import { cardRows, solve } from '../questions.js';
import { turnKernel, type TurnSimParams } from './kernels.js';
import { parsePolicy, turnPolicies } from '../strategies/index.js';
import { UserError } from '../../../core/errors.js';
import { solveRace } from '../race/exact.js';
import { adviseRace } from '../race/analysis.js';
import { checkTargetStep } from '../race/cli.js';

const policyHelp = `turn policy: ${turnPolicies.usage()}`;
const rulesOf = (opts: RulesOptions) => rulesFromOptions('wulong', opts, validateRules);

/** The turn analyzer's commands (solve, advise, bets, simulate) in the `wulong` group. */
export function register(wulong: Command): void {
  addRulesOptions(
    wulong
      .command('solve')
      .description('exact turn analysis: expected score, bust odds, stop policy, final-score distribution, betting cards'),
    'wulong',
  )
    .option('--policy <p>', `${policyHelp} (default optimal)`, 'optimal')
    .option('--json', 'print the full result as JSON (fields documented in the README)')
    .option('--csv', 'print the policy table as CSV')
    .addHelpText('after', '\nExamples:\n  npx oddsmith wulong solve\n  npx oddsmith wulong solve --rules rules/farkle/10000.json --json')
    .action(async (opts: RulesOptions & { policy: string; json?: boolean; csv?: boolean }) => {
      await ask(solve, { rules: rulesOf(opts), policy: parsePolicy(opts.policy) }, opts);
    });

  const advise = wulong
    .command('advise')
    .description('mid-turn advice: roll or stop, the EV of each, the next roll\'s bust risk; with --roll, every set-aside ranked')
    .requiredOption('--score <s>', 'turn total so far', intArg('--score', 0))
    .requiredOption('--dice <n>', 'dice left to roll', intArg('--dice', 1))
    .option('--roll <faces>', 'the roll just made, e.g. D,T,3,3,5 (faces by id, or 1-6)')
    .option('--race', 'play to win a two-player race (needs --target, --me, --them) instead of maximizing the turn score')
    .option('--target <t>', 'with --race: score that wins', intArg('--target', 1, 10_000_000))
    .option('--me <x>', 'with --race: my banked score (below 0 only down to the rules\' bankFloor)', intArg('--me', -10_000_000))
    .option('--them <y>', 'with --race: the opponent\'s banked score', intArg('--them', -10_000_000))
    .option('--busts <k>', 'with --race: my busts in a row so far (rules with a consecutive-bust penalty)', intArg('--busts', 0), 0);
  addRulesOptions(advise, 'wulong')
    .option('--json', 'print as JSON')
    .option('--csv', 'print as CSV: the ranked set-asides with --roll, else the advice as one row')
    .addHelpText('after', '\nExamples:\n  npx oddsmith wulong advise --score 2000 --dice 3\n  npx oddsmith wulong advise --score 0 --dice 5 --roll D,T,3,3,5')
    .action((opts: RulesOptions & { score: number; dice: number; roll?: string; json?: boolean; csv?: boolean; race?: boolean; target?: number; me?: number; them?: number; busts: number }, cmd: Command) => {
      if (!opts.race) {
        // they mean something only in a race: given without --race they would be ignored without a word
        const raceOnly = ['--target', '--me', '--them', '--busts'].find((f) => cmd.getOptionValueSource(f.slice(2)) === 'cli');
        if (raceOnly) throw new UserError(`${raceOnly} is for --race (playing to win a race); without --race, advise maximizes the turn score`);
      }
      if (opts.race) {
        if (opts.target === undefined || opts.me === undefined || opts.them === undefined) throw new UserError('--race needs --target, --me and --them');
        if (opts.roll !== undefined) throw new UserError('--roll is not available with --race');
        const rules = rulesOf(opts);
        checkTargetStep(rules, opts.target);
        const r = adviseRace(solveRace(rules, { target: opts.target }), opts.me, opts.them, opts.score, opts.dice, opts.busts);
        emit(r, opts, () =>
          [`${r.action.toUpperCase()}: at total ${r.total} with ${r.dice} dice, banked ${r.me} to ${r.them}, race to ${opts.target}`,
            `  win probability if you stop: ${r.stopWin === null ? '(may not stop yet)' : fmtNum(r.stopWin, 6)}`,
            `  win probability if you roll: ${fmtNum(r.rollWin, 6)}`,
            `  at these scores, with ${r.dice} dice, stop from ${r.stopFrom}`].join('\n'), () => [{ action: r.action, total: r.total, dice: r.dice, me: r.me, them: r.them, target: opts.target!, stopWin: r.stopWin, rollWin: r.rollWin, stopFrom: r.stopFrom }]);
        return;
      }
      const a = new TurnAnalysis(rulesOf(opts), undefined, opts.score + 1);
      // an empty --roll is a mistake to report, not a roll to ignore
      if (opts.roll !== undefined) {
        const r = a.rankSetAsides(opts.score, opts.dice, opts.roll);
        const result = { total: opts.score, dice: opts.dice, roll: opts.roll, ...r };
        emit(result, opts, () => {
          if (r.instantWin) return `${r.instantWin}! The game is won at once.`;
          if (r.bust) return `bust: no scoring dice — the turn ends with 0.`;
          return `set-aside choices for ${opts.roll} at total ${opts.score}, best first:\n` +
            textTable(r.options.map((o) => ({ 'set aside': o.setAside, score: o.score, 'new total': o.newTotal, 'dice left': o.diceLeft, then: o.then, EV: fmtNum(o.ev, 1) })));
        }, () => r.options.map((o) => ({ setAside: o.setAside, score: o.score, newTotal: o.newTotal, diceLeft: o.diceLeft, then: o.then, ev: o.ev })));
        return;
      }
      const r = a.advise(opts.score, opts.dice);
      emit(r, opts, () =>
        [`${r.action.toUpperCase()}: at total ${r.total} with ${r.dice} dice`,
          `  stop EV: ${r.stopEv === null ? '(may not stop yet)' : fmtNum(r.stopEv, 1)}`,
          `  roll EV: ${fmtNum(r.rollEv, 1)}`,
          `  bust risk of the next roll: ${fmtPct(r.bustRisk, 2)} (${r.bustRiskFraction})`].join('\n'), () => [{ action: r.action, total: r.total, dice: r.dice, stopEv: r.stopEv, rollEv: r.rollEv, bustRisk: r.bustRisk }]);
    });

  const bets = wulong
    .command('bets')
    .description('betting-card odds for passive players at a later betting phase: total S revealed, N dice being rolled')
    .requiredOption('--score <s>', 'the active player\'s revealed turn total', intArg('--score', 0))
    .requiredOption('--dice <n>', 'dice in the roll being made', intArg('--dice', 1))
    .option('--policy <p>', `the active player's ${policyHelp}`, 'optimal');
  addRulesOptions(bets, 'wulong')
    .option('--json', 'print as JSON')
    .option('--csv', 'print the card table as CSV')
    .addHelpText('after', '\nExample:\n  npx oddsmith wulong bets --score 5000 --dice 5 --policy threshold:8000')
    .action((opts: RulesOptions & { score: number; dice: number; policy: string; json?: boolean; csv?: boolean }) => {
      const a = new TurnAnalysis(rulesOf(opts), parsePolicy(opts.policy), opts.score + 1);
      a.checkState(opts.score, opts.dice);
      const d = a.distribution(opts.score, opts.dice);
      const cards = bettingCards(a.rules, d, a.unit);
      const result = { total: opts.score, dice: opts.dice, policy: a.policy.name, bust: d.bust, instantWin: d.instantWin, bettingCards: cards };
      emit(result, opts, () => `final-score odds when ${opts.dice} dice are rolled at total ${opts.score} (active player: ${a.policy.name}); bust ${fmtPct(d.bust, 2)}\n` + textTable(cardRows(cards)), () => cardRows(cards));
    });

  addSimOptions(
    addRulesOptions(
      wulong
        .command('simulate')
        .description('Monte Carlo of turns under a strategy from src/games/wulong/strategies/ (sharded, parallel, reproducible)')
        .option('--policy <p>', policyHelp, 'optimal')
        .requiredOption('--trials <n>', 'turns to play', intArg('--trials', 1, 1e12)),
      'wulong',
    ).option('--exact', 'also print the exact solver\'s mean for comparison'),
  )
    .addHelpText('after', '\nExamples:\n  npx oddsmith wulong simulate --policy optimal --trials 1e7 --seed 7 --workers 2\n  npx oddsmith wulong simulate --policy keep-all:3000 --trials 1e6 \\\n      --shard-count 4 --shard-index 0 --out part0.json')
    .action(async (opts: SimOptions & RulesOptions & { policy: string; trials: number; exact?: boolean }) => {
      const params: TurnSimParams = { rules: rulesOf(opts), policy: parsePolicy(opts.policy) };
      // through the kernel's finish: `oddsmith merge` of its parts prints the same, --exact included
      await runAndPrint(turnKernel, params, opts.trials, opts, { exact: !!opts.exact });
    });
}

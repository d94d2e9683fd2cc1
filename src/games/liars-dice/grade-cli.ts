/**
 * `oddsmith liars grade <file|->`: a log of two-player decisions (JSON lines) graded against the
 * equilibrium, with the same code as the workbench trainer (exact-grade.ts). Every line is read
 * and checked before anything is printed, so a bad line prints one message and nothing else.
 */
import type { Command } from 'commander';
import { emit, intArg, textTable } from '../../cli/common.js';
import { UserError } from '../../core/errors.js';
import { readJsonLines, showPath } from '../../core/files.js';
import { wrapWords } from '../../core/format.js';
import { summarize } from '../../core/grades.js';
import { parseNumberArg } from '../../core/validate.js';
import { VARIANTS, type Variant } from './exact-cfr.js';
import { DEFAULT_TARGET, LiarsGrader, parseDecision, type LiarsDecision } from './exact-grade.js';

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

export function register(liars: Command, parseDicePair: (text: string) => [number, number], diceHelp: string): void {
  liars
    .command('grade')
    .description('grade a log of two-player decisions (JSON lines: your dice, the bids so far, your bid or call) against the equilibrium: the chance to win the round lost, the best choice and why')
    .argument('<file>', 'the decisions, one JSON object a line, or - for stdin (format: docs/liars-dice.md)')
    .option('--dice <d0,d1>', diceHelp, '1,1')
    .option('--sides <s>', 'die sides, 2..6', intArg('--sides', 2, 6), 6)
    .option('--variant <v>', `${VARIANTS.join(' | ')}, as in liars solve`, 'seed')
    .option('--target <e>', 'exploitability of the equilibrium graded against', (v) => parseNumberArg(v, '--target', 1e-9, 1), DEFAULT_TARGET)
    .option('--json', 'print every grade and the summary as JSON')
    .option('--csv', 'print one row per decision as CSV')
    .addHelpText('after', '\nEach line is one decision: your dice, the bids so far (the opener\'s first) and what you did,\n"liar" or a raise:\n  {"mine":"4","bids":["1x5","2x2"],"action":"liar"}\n  {"mine":"3","bids":[],"action":"1x3"}\nExamples:\n  npx oddsmith liars grade rules/liars-dice/examples/round-decisions.jsonl\n  echo \'{"mine":"4","bids":["1x5"],"action":"liar"}\' | npx oddsmith liars grade -')
    .action(async (source: string, opts: { dice: string; sides: number; variant: string; target: number; json?: boolean; csv?: boolean }) => {
      if (!VARIANTS.includes(opts.variant as Variant)) throw new UserError(`--variant must be one of ${VARIANTS.join(', ')} (got ${JSON.stringify(opts.variant)})`);
      const dice = parseDicePair(opts.dice);
      const decisions: { line: number; d: LiarsDecision }[] = (await readJsonLines(source, 'decisions file', parseDecision)).map(({ line, value }) => ({ line, d: value }));
      if (!decisions.length) throw new UserError(`no decisions in ${source === '-' ? 'stdin' : showPath(source)}: give one JSON object a line`);
      const g = LiarsGrader.solve({ variant: opts.variant as Variant, dice, sides: opts.sides }, opts.target);
      const grades = decisions.map(({ line, d }) => ({ line, ...g.grade(d, `line ${line}`) }));
      const summary = summarize(grades);
      const worst = summary.worst.map((i) => grades[i].line);
      const game = { variant: g.config.variant, dice: g.config.dice, sides: g.config.sides, iterations: g.iterations, exploitability: g.exploitability };
      emit({ ...game, decisions: grades, summary: { ...summary, worst } }, opts, () => [
        wrapWords(`${grades.length} decision${grades.length === 1 ? '' : 's'} graded against the equilibrium (${game.variant} variant, ${dice.join(' v ')} dice, ${game.sides} sides; CFR+ ${game.iterations} iterations, exploitability ${game.exploitability.toExponential(1)}), by the chance to win the round:`),
        textTable(grades.map((g) => ({
          line: g.line, seat: g.seat, mine: g.mine, bids: g.bids.join(' ') || '-', chosen: g.chosen, best: g.best, 'P(win)': pct(g.chosenPWin), 'best P(win)': pct(g.bestPWin), 'lost (pp)': (100 * g.loss).toFixed(2),
        })), { keys: 4 }),
        ...grades.filter((g) => !g.optimal).map((g) => wrapWords(`line ${g.line}: ${g.why}`)),
        wrapWords(`${summary.optimal} of ${grades.length} optimal; chance to win lost in all ${(100 * summary.totalLoss).toFixed(2)} percentage points${worst.length ? `; worst: line ${worst.join(', line ')}` : ''}`),
      ].join('\n'), () => grades.map((g) => ({ line: g.line, seat: g.seat, mine: g.mine, bids: g.bids.join(' '), chosen: g.chosen, best: g.best, chosenPWin: g.chosenPWin, bestPWin: g.bestPWin, loss: g.loss, optimal: g.optimal ? 'yes' : 'no' })));
    });
}

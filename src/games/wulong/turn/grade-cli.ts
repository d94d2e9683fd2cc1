/**
 * `oddsmith wulong grade <file|->`: a log of turn decisions (JSON lines) graded against the exact
 * optimum, with the same code as the workbench trainer (exact-grade.ts). Every line is read and
 * checked before anything is printed, so a bad line prints one message and nothing else.
 */
import type { Command } from 'commander';
import { addRulesOptions, emit, rulesFromOptions, type RulesOptions } from '../../../cli/common.js';
import { UserError } from '../../../core/errors.js';
import { readJsonLines, showPath } from '../../../core/files.js';
import { fmtNum, textTable, wrapWords } from '../../../core/format.js';
import { validateRules } from './rules.js';
import { analysisFor, gradeDecision, parseDecision, summarize, type Decision } from './exact-grade.js';

export function register(wulong: Command): void {
  addRulesOptions(
    wulong
      .command('grade')
      .description('grade a log of turn decisions (JSON lines: stop or roll, or which dice to set aside) against the exact optimum: expected points lost per decision, the best choice and why')
      .argument('<file>', 'the decisions, one JSON object a line, or - for stdin (format: docs/wulong.md)'),
    'wulong',
  )
    .option('--json', 'print every grade and the summary as JSON')
    .option('--csv', 'print one row per decision as CSV')
    .addHelpText('after', '\nEach line is one decision, stop or roll, or which dice to set aside:\n  {"total":2000,"dice":3,"action":"stop"}\n  {"total":0,"dice":5,"roll":"D,T,3,3,5","setAside":"D,T"}\nExamples:\n  npx oddsmith wulong grade decisions.jsonl\n  echo \'{"total":2000,"dice":3,"action":"stop"}\' | npx oddsmith wulong grade -')
    .action(async (source: string, opts: RulesOptions & { json?: boolean; csv?: boolean }) => {
      const rules = rulesFromOptions('wulong', opts, validateRules);
      const decisions: { line: number; d: Decision }[] = (await readJsonLines(source, 'decisions file', parseDecision)).map(({ line, value }) => ({ line, d: value }));
      if (!decisions.length) throw new UserError(`no decisions in ${source === '-' ? 'stdin' : showPath(source)}: give one JSON object a line`);
      const a = analysisFor(rules, decisions.map((x) => x.d));
      const grades = decisions.map(({ line, d }) => ({ line, ...gradeDecision(a, d, `line ${line}`) }));
      const summary = summarize(grades);
      const worst = summary.worst.map((i) => grades[i].line);
      emit({ rules: rules.name, decisions: grades, summary: { ...summary, worst } }, opts, () => [
        `${grades.length} decision${grades.length === 1 ? '' : 's'} graded against the exact optimum (maximum expected turn score) for ${rules.name}:`,
        textTable(grades.map((g) => ({
          line: g.line, total: g.total, dice: g.dice, roll: g.roll ?? '', chosen: g.chosen, best: g.best, 'lost (points)': fmtNum(g.loss, 1),
        }))),
        ...grades.filter((g) => !g.optimal).map((g) => wrapWords(`line ${g.line}: ${g.why}`)),
        `${summary.optimal} of ${grades.length} optimal; expected points lost in all ${fmtNum(summary.totalLoss, 1)}${worst.length ? `; worst: line ${worst.join(', line ')}` : ''}`,
      ].join('\n'), () => grades.map((g) => ({ line: g.line, kind: g.kind, total: g.total, dice: g.dice, roll: g.roll ?? '', chosen: g.chosen, best: g.best, chosenEv: g.chosenEv, bestEv: g.bestEv, loss: g.loss })));
    });
}

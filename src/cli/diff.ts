/**
 * `oddsmith diff A B`: what a change did to the reports' headline figures. A and B are report
 * folders or git refs (their committed reports/), or with --experiment two rules files that one
 * experiment is run with.
 */
import { Option, type Command } from 'commander';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { UserError } from '../core/errors.js';
import { packageRoot } from '../core/paths.js';
import { emit, intArg } from './common.js';
import type { Figure, FigureDiff, PageFigures } from '../report/findings.js';

interface DiffOptions {
  experiment?: string;
  reports: string;
  json?: boolean;
  markdown?: boolean;
  csv?: boolean;
  failOnChange?: boolean;
  workers: number;
}

const git = (args: string[]) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 1 << 28 });

/** Whether `arg` is a folder, a git ref of the repository around the current folder, or neither. */
function kindOf(arg: string): 'folder' | 'ref' {
  if (existsSync(arg) && statSync(arg).isDirectory()) return 'folder';
  try {
    git(['rev-parse', '--verify', '--quiet', `${arg}^{commit}`]);
    return 'ref';
  } catch {
    throw new UserError(`${arg} is neither a reports folder nor a git ref`);
  }
}

/** The figures committed under `reports` at a git ref. */
async function figuresAtRef(ref: string, reports: string): Promise<Map<string, PageFigures>> {
  const { parseFigures } = await import('../report/findings.js');
  const out = new Map<string, PageFigures>();
  const prefix = git(['rev-parse', '--show-prefix']).trim();
  for (const path of git(['ls-tree', '-r', '--name-only', ref, '--', reports]).split('\n').filter((p) => p.endsWith('.findings.json'))) {
    const f = parseFigures(git(['show', `${ref}:${prefix}${path}`]), `${ref}:${path}`);
    out.set(f.page, f);
  }
  return out;
}

async function figuresOf(arg: string, kind: 'folder' | 'ref', reports: string): Promise<Map<string, PageFigures>> {
  const { readFigures } = await import('../report/findings.js');
  const figures = kind === 'folder' ? readFigures(arg) : await figuresAtRef(arg, reports);
  if (!figures.size) throw new UserError(`${arg} has no headline figures (no *.findings.json${kind === 'ref' ? ` under ${reports}/` : ''}): reports written before \`oddsmith diff\` existed; regenerate them with npm start`);
  return figures;
}

/** Run one experiment with a rules file into a temp folder; its pages' figures. */
async function runWithRules(name: string, rules: string, workers: number): Promise<Map<string, PageFigures>> {
  if (!existsSync(rules)) throw new UserError(`cannot read rules file ${rules}`);
  const { listExperiments } = await import('../report/experiment.js');
  const { readFigures } = await import('../report/findings.js');
  const { experimentRunners } = await import('../games/index.js');
  const { toolRunners } = await import('../play/tool-runners.js');
  const runners = { ...experimentRunners(), ...toolRunners() };
  const all = listExperiments(join(packageRoot(), 'experiments'), Object.keys(runners));
  const e = all.find((x) => x.name === name);
  if (!e) throw new UserError(`unknown experiment ${name} (known: ${all.map((x) => x.name).join(', ')})`);
  const path = resolve(rules);
  const dir = mkdtempSync(join(tmpdir(), 'oddsmith-diff-'));
  try {
    await (await runners[e.game]())({ ...e.spec, rules: path }, { reportsDir: dir, workers, quiet: true });
    return readFigures(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function registerDiff(root: Command): void {
  root
    .command('diff')
    .description("compare two reports' headline figures: what a rules change did")
    .argument('<a>', 'before: a reports folder or a git ref (its committed reports/); with --experiment a rules file')
    .argument('<b>', 'after: the same')
    .option('--experiment <name>', 'run this experiment with rules file A and with rules file B, and compare')
    .option('--reports <dir>', 'the reports folder inside a git ref', 'reports')
    .option('--json', 'print the comparison as JSON')
    .option('--markdown', 'print Markdown (a CI job summary, a pull-request comment)')
    .option('--csv', 'print every figure that differs as CSV (verdict, page, figure, before, after, compared)')
    .option('--fail-on-change', 'exit with code 1 when a figure really changed (a gate)')
    .addOption(new Option('--workers <w>', 'worker threads for --experiment (default: the cores available)').default(availableParallelism()).argParser(intArg('--workers', 1, 256)))
    .addHelpText('after', '\nExamples:\n  npx oddsmith diff main reports\n  npx oddsmith diff old-reports reports --markdown\n  npx oddsmith diff --experiment wulong-turn rules/wulong/default.json my-rules.json\n\nExact figures are compared exactly; simulated ones by their 95% intervals (a change within\n3 standard errors of the difference is no change). Findings that flipped are listed first.')
    .action(async (a: string, b: string, o: DiffOptions) => {
      const { diffFigures, diffText, diffMarkdown, anyChange } = await import('../report/findings.js');
      if ([o.json, o.markdown, o.csv].filter(Boolean).length > 1) throw new UserError('--json, --markdown and --csv: choose one');
      if (isAbsolute(o.reports) || o.reports.split('/').includes('..')) throw new UserError(`--reports must be a folder inside the repository (got ${o.reports})`);
      let fa: Map<string, PageFigures>;
      let fb: Map<string, PageFigures>;
      if (o.experiment) [fa, fb] = [await runWithRules(o.experiment, a, o.workers), await runWithRules(o.experiment, b, o.workers)];
      else {
        // both arguments are checked before either is read
        const [ka, kb] = [kindOf(a), kindOf(b)];
        [fa, fb] = [await figuresOf(a, ka, o.reports), await figuresOf(b, kb, o.reports)];
      }
      const d = diffFigures(fa, fb);
      const labels: [string, string] = o.experiment ? [`${o.experiment} with ${a}`, b] : [a, b];
      if (o.markdown) process.stdout.write(diffMarkdown(d, labels));
      else emit(d, o, () => diffText(d, labels), () => [...d.flipped, ...d.changed, ...d.added, ...d.removed, ...d.noise].map(csvRow));
      if (o.failOnChange && anyChange(d)) process.exitCode = 1;
    });
}

const figureText = (f: Figure | undefined) => (f === undefined ? '' : f.ci ? `${f.value} [${f.ci[0]}, ${f.ci[1]}]` : String(f.value));

/** One figure that differs, as a --csv row. */
function csvRow(x: FigureDiff): Record<string, string> {
  return { verdict: x.verdict, page: x.page, figure: x.id, before: figureText(x.a), after: figureText(x.b), compared: x.how };
}

#!/usr/bin/env node
import { Command, CommanderError, Option } from 'commander';
import { availableParallelism } from 'node:os';
import { UserError } from '../core/errors.js';
import { intArg, emit } from './common.js';
import type { PageInfo } from '../report/page.js';
import { GAMES, experimentRunners, gameOfKernel } from '../games/index.js';

export async function buildProgram(argv: readonly string[] = process.argv): Promise<Command> {
  const program = new Command('oddsmith')
    .description(`Exact odds and Monte Carlo strategy analysis for ${GAMES.map((g) => g.title).join(', ').replace(/, ([^,]*)$/, ' and $1')}`)
    .version('0.1.0')
    .showSuggestionAfterError()
    .exitOverride();

  // Command groups load on demand: `oddsmith wulong solve` loads only Wulong's code, so a quick
  // command starts quickly. Without a known group name (help, merge, report) all are loaded.
  const group = GAMES.find((g) => g.command === argv[2]);
  for (const g of group ? [group] : GAMES) (await g.cli())(program);

  program
    .command('merge')
    .description('add up partial results written by single shards (--shard-index) into the full result')
    .argument('<files...>', 'partial result files, one per shard')
    .option('--json', 'print the result as JSON')
    .addHelpText('after', '\nExample:\n  oddsmith merge parts/shard-*.json --json')
    .action(async (files: string[], opts: { json?: boolean }) => {
      const { mergePartialFiles } = await import('../parallel/partial.js');
      const { getKernel } = await import('../parallel/registry.js');
      const { experiment, acc } = await mergePartialFiles(files, async (kernel) => {
        await gameOfKernel(kernel)?.kernels();
      });
      const kernel = getKernel(experiment.kernel);
      const result = kernel.summarize(experiment.params, acc, experiment.total);
      emit(result, opts, () => (kernel.format ? kernel.format(result, experiment.params) : JSON.stringify(result, null, 2)));
    });

  program
    .command('report')
    .description('run every experiment in experiments/ and write reports/ (this is `npm start`)')
    .option('--experiments <dir>', 'folder of experiment specs', 'experiments')
    .option('--out <dir>', 'reports folder', 'reports')
    .option('--only <names>', 'comma-separated experiment names to run (the index keeps the other experiments\' pages)')
    .addOption(new Option('--workers <w>', 'worker threads').default(availableParallelism()).argParser(intArg('--workers', 1, 256)))
    .option('--quiet', 'no progress output')
    .addHelpText('after', '\nExample:\n  oddsmith report --only wulong-turn')
    .action(async (opts: { experiments: string; out: string; only?: string; workers: number; quiet?: boolean }) => {
      const { listExperiments } = await import('../report/experiment.js');
      const runners = experimentRunners();
      const only = opts.only?.split(',').map((s) => s.trim());
      const all = listExperiments(opts.experiments, Object.keys(runners));
      if (only) {
        const unknown = only.filter((n) => !all.some((e) => e.name === n));
        if (unknown.length) throw new UserError(`unknown experiment(s): ${unknown.join(', ')} (known: ${all.map((e) => e.name).join(', ')})`);
      }
      // reports/manifest.json remembers each experiment's pages, so a partial run keeps the full index
      const { readManifest, writeIndex } = await import('../report/page.js');
      const manifest = readManifest(opts.out);
      for (const e of all) {
        if (only && !only.includes(e.name)) continue;
        const t0 = Date.now();
        const run = await runners[e.game]();
        manifest[e.name] = await run(e.spec, { reportsDir: opts.out, workers: opts.workers, quiet: !!opts.quiet });
        if (!opts.quiet) process.stderr.write(`${e.name}: done in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
      }
      const pages: PageInfo[] = all.flatMap((e) => manifest[e.name] ?? []);
      writeIndex(opts.out, pages, Object.fromEntries(all.filter((e) => manifest[e.name]).map((e) => [e.name, manifest[e.name]])));
      if (!opts.quiet) process.stderr.write(`wrote ${opts.out}/index.html (${pages.length} pages)\n`);
    });
  return program;
}

export async function main(argv: string[]): Promise<number> {
  try {
    const program = await buildProgram(argv);
    await program.parseAsync(argv);
    return 0;
  } catch (e) {
    if (e instanceof CommanderError) {
      // commander has already printed its one-line message
      return e.exitCode === 0 || e.code === 'commander.helpDisplayed' || e.code === 'commander.version' ? 0 : 2;
    }
    if (e instanceof UserError) {
      process.stderr.write(`oddsmith: ${e.message}\n`);
      return 2;
    }
    process.stderr.write(`oddsmith: internal error (a bug, please report it)\n${(e as Error)?.stack ?? e}\n`);
    return 1;
  }
}

// Run when executed directly (also through the npm bin symlink).
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // `oddsmith … | head` closes the pipe early: that is not an error
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
  main(process.argv).then((code) => {
    process.exitCode = code;
  });
}

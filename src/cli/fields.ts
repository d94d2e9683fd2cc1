/**
 * `oddsmith <game> fields`: every rules field a designer can change with `--set`, read from the
 * game's rules schema (src/core/schema.ts) — written once for every game that has one.
 */
import type { Command } from 'commander';
import { wrapWords } from '../core/format.js';
import { defaultShown, defaultText, fieldRows, markdownTable, type FieldRow, type RulesSchema } from '../core/schema.js';
import type { GameDescriptor } from '../games/types.js';
import { emit } from './common.js';

/** The fields as text: path and type aligned, then range, unit and default; the help below, indented. */
export function fieldsText(rows: readonly FieldRow[]): string {
  const pathWidth = Math.max(...rows.map((r) => r.path.length));
  const typeWidth = Math.max(...rows.map((r) => r.type.length));
  const out: string[] = [];
  const indent = (s: string) => wrapWords(s, 96).split('\n').map((l) => `    ${l}`).join('\n');
  for (const r of rows) {
    const range = r.range === '' ? '' : r.type.startsWith('enum') ? `one of ${r.range}` : r.range;
    // what fits goes on the field's line; a long list of choices or a long default gets a line of its own
    let line = `${r.path.padEnd(pathWidth)}  ${r.type.padEnd(typeWidth)}`;
    const below: string[] = [];
    for (const part of [range, r.unit, r.default === undefined ? '' : `default ${defaultShown(r.default)}`]) {
      if (part === '') continue;
      const joined = line.endsWith(' ') || line.length === pathWidth + typeWidth + 2 ? `${line}  ${part}` : `${line} · ${part}`;
      if (below.length === 0 && joined.trimEnd().length <= 100) line = joined;
      else below.push(part);
    }
    out.push(line.trimEnd(), ...below.map(indent), indent(r.help));
    if (r.assumed) out.push(indent(`assumed: ${r.assumed}`));
  }
  return out.join('\n');
}

/** Add `fields` to the game's command group. */
export function addFieldsCommand(group: Command, g: GameDescriptor, schema: RulesSchema): void {
  group
    .command('fields')
    .description('every rules field --set can change: path, type, allowed range, unit, default and meaning (from the rules schema)')
    .option('--json', 'print the fields as JSON')
    .option('--csv', 'print the fields as CSV')
    .option('--markdown', 'print the docs field table (as in docs/rules/<game>.md)')
    .addHelpText('after', `\nExamples:\n  npx oddsmith ${g.invoke ?? g.command} fields\n  npx oddsmith ${g.invoke ?? g.command} fields --markdown`)
    .action((opts: { json?: boolean; csv?: boolean; markdown?: boolean }) => {
      if (opts.markdown) {
        process.stdout.write(`${markdownTable(schema)}\n`);
        return;
      }
      const rows = fieldRows(schema);
      emit(rows, opts, () => fieldsText(rows), () => rows.map((r) => ({ ...r, default: defaultText(r.default), assumed: r.assumed ?? '' })));
    });
}

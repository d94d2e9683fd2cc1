import type { Command } from 'commander';
import { createInterface } from 'node:readline';
import { UserError } from '../core/errors.js';
import { loadRules, type SichuanRules } from '../games/sichuan-mahjong/rules.js';
import { analyze, type WaitsResult } from '../games/sichuan-mahjong/analysis.js';
import { Valuer } from '../games/sichuan-mahjong/value.js';
import { startingHandDistribution, type StartingHandResult } from '../games/sichuan-mahjong/exact.js';
import { intArg } from './common.js';
import { emit, textTable } from './common.js';
import type { HandSpec } from '../games/sichuan-mahjong/hand.js';

interface HandOpts {
  melds?: string;
  void?: string;
  seen?: string;
  rules: string;
  json?: boolean;
  csv?: boolean;
  jsonl?: boolean;
}

function addHandOptions(cmd: Command): Command {
  return cmd
    .option('--melds <list>', 'declared sets, comma-separated: "pung 5p, kong 7s, concealed-kong 2m"')
    .option('--void <suit>', 'the declared void suit: m, p or s (default: inferred — a suit the sets do not use, best shanten)')
    .option('--seen <tiles>', 'tiles already visible on the table, e.g. 55p9s (they are not live)')
    .option('--rules <name|file.json>', 'rules file (a shipped name or a path)', 'default');
}

export function waitsText(r: WaitsResult): string {
  const lines: string[] = [];
  lines.push(`hand ${r.hand}${r.melds.length ? ` + ${r.melds.join(', ')}` : ''} · void ${r.void}${r.voidInferred ? ' (inferred)' : ''} · ${r.tiles} tiles`);
  lines.push(`shanten ${r.shanten} (standard ${r.shantenStandard}${r.shantenSevenPairs === null ? '' : `, seven pairs ${r.shantenSevenPairs}`})`);
  if (r.form === 'waiting') {
    if (r.ready && r.waits) {
      lines.push(`ready: ${r.waits.length} winning tile${r.waits.length === 1 ? '' : 's'}, ${r.waits.reduce((a, w) => a + w.live, 0)} live · ready-hand-check value ${r.readyValue}`);
      lines.push(textTable(r.waits.map((w) => ({ tile: w.tile, live: w.live, fan: w.fan, pattern: w.fanNames.join(', ') || 'plain hand', discard: w.discardPoints, 'self-draw each': w.selfDrawPointsEach }))));
    } else {
      lines.push(`not ready · ${r.improvingTiles} live tiles improve it: ${(r.improving ?? []).map((i) => `${i.tile}×${i.live}`).join(' ') || '(none)'}`);
    }
  } else {
    if (r.complete && r.completeValue) lines.push(`complete hand: ${r.completeValue.fanNames.join(', ') || 'plain hand'} · ${r.completeValue.fan} fan · discard win ${r.completeValue.discardPoints}, self-draw ${r.completeValue.selfDrawPointsEach} each`);
    lines.push('discards, best first:');
    lines.push(textTable((r.discards ?? []).map((d) => ({ discard: d.discard, shanten: d.shanten, 'improving tiles': d.improvingTiles, 'ready value': d.readyValue ?? '', tiles: d.improving.join(' ') }))));
  }
  return lines.join('\n');
}

function waitsCsvRows(r: WaitsResult) {
  if (r.form === 'waiting') {
    if (r.waits) return r.waits.map((w) => ({ tile: w.tile, live: w.live, fan: w.fan, fanNames: w.fanNames.join('; '), discardPoints: w.discardPoints, selfDrawPointsEach: w.selfDrawPointsEach }));
    return (r.improving ?? []).map((i) => ({ tile: i.tile, live: i.live }));
  }
  return (r.discards ?? []).map((d) => ({ discard: d.discard, shanten: d.shanten, improvingTiles: d.improvingTiles, readyValue: d.readyValue ?? '', improving: d.improving.join(' ') }));
}

/** --jsonl: one JSON object per stdin line → one result per stdout line; bad lines are reported and skipped. */
async function runJsonl(rules: SichuanRules): Promise<number> {
  const valuer = new Valuer(rules);
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
  let lineNo = 0, bad = 0;
  for await (const line of rl) {
    lineNo++;
    if (line.trim() === '') continue;
    try {
      let obj: unknown;
      try {
        obj = JSON.parse(line);
      } catch (e) {
        throw new UserError(`not valid JSON: ${(e as Error).message}`);
      }
      if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) throw new UserError('each line must be a JSON object like {"hand":"123m456m789m1122p"}');
      const o = obj as Record<string, unknown>;
      for (const k of Object.keys(o)) if (!['hand', 'melds', 'void', 'seen', 'id'].includes(k)) throw new UserError(`unknown field ${JSON.stringify(k)} (known: hand, melds, void, seen, id)`);
      if (o.melds !== undefined && !Array.isArray(o.melds) && typeof o.melds !== 'string') throw new UserError('melds must be an array of strings like ["pung 5p"]');
      if (o.seen !== undefined && typeof o.seen !== 'string') throw new UserError('seen must be a string of tiles like "55p9s"');
      if (o.void !== undefined && typeof o.void !== 'string') throw new UserError('void must be one of m, p, s');
      const r = analyze(o as unknown as HandSpec, rules, valuer);
      process.stdout.write(JSON.stringify(o.id === undefined ? { line: lineNo, ...r } : { line: lineNo, id: o.id, ...r }) + '\n');
    } catch (e) {
      if (!(e instanceof UserError)) throw e;
      bad++;
      process.stderr.write(`oddsmith: line ${lineNo}: ${e.message}\n`);
      process.stdout.write(JSON.stringify({ line: lineNo, error: e.message }) + '\n');
    }
  }
  return bad;
}

export function registerSichuanMahjong(program: Command): void {
  const mj = program.command('mahjong').description('Sichuan bloody-battle mahjong: waits, shanten, hand values, starting-hand odds, full-deal simulation');

  addHandOptions(
    mj
      .command('waits')
      .description('a ready hand\'s winning tiles with live copies, fan and points and its ready-hand-check value; otherwise shanten, and for 14 tiles every discard ranked (tile efficiency)')
      .argument('[hand]', 'concealed tiles, e.g. 1112345678999m (13 − 3·sets tiles waiting, or 14 − 3·sets to discard)'),
  )
    .option('--jsonl', 'read one JSON object per line on stdin ({"hand":…, "void":…, "melds":[…], "seen":…}) and write one result per line')
    .option('--json', 'print the result as JSON')
    .option('--csv', 'print the table (waits, improving tiles or discards) as CSV')
    .addHelpText('after', '\nExamples:\n  oddsmith mahjong waits 1112345678999m --void s\n  oddsmith mahjong waits 11223m456p789p --melds "pung 5p" --void s --seen 3m\n  oddsmith mahjong waits 1123456789m1245p --void s\n  echo \'{"hand":"1112345678999m","void":"s"}\' | oddsmith mahjong waits --jsonl')
    .action(async (handArg: string | undefined, opts: HandOpts) => {
      const rules = loadRules(opts.rules);
      if (opts.jsonl) {
        if (handArg) throw new UserError('--jsonl reads hands from stdin: give no HAND argument');
        const bad = await runJsonl(rules);
        // main() sets the exit code from the action's success; a batch with bad lines still ran
        // to the end, so its exit code 2 is applied when the process exits
        if (bad) process.once('exit', () => { process.exitCode = 2; });
        return;
      }
      if (!handArg) throw new UserError('give a HAND (e.g. 1112345678999m) or --jsonl');
      const r = analyze({ hand: handArg, melds: opts.melds, void: opts.void, seen: opts.seen }, rules);
      emit(r, opts, () => waitsText(r), () => waitsCsvRows(r));
    });

  mj
    .command('starting-hands')
    .description('exact shanten distribution of a starting hand (void suit chosen after the deal), by enumeration over per-suit count patterns')
    .option('--tiles <n>', '13 (a player) or 14 (the dealer)', intArg('--tiles', 13, 14), 13)
    .option('--json', 'print the result as JSON')
    .option('--csv', 'print the distribution as CSV')
    .addHelpText('after', '\nExample:\n  oddsmith mahjong starting-hands --tiles 14')
    .action((opts: { tiles: number; json?: boolean; csv?: boolean }) => {
      const r = startingHandDistribution(opts.tiles);
      emit(r, opts, () => startingText(r), () => startingRows(r));
    });
}

function startingRows(r: StartingHandResult) {
  const values = [...new Set([...r.shanten, ...r.shantenStandard, ...r.shantenSevenPairs].map((d) => d.value))].sort((a, b) => a - b);
  const p = (list: { value: number; probability: number }[], v: number) => list.find((d) => d.value === v)?.probability ?? 0;
  const c = (list: { value: number; count: string }[], v: number) => list.find((d) => d.value === v)?.count ?? '0';
  return values.map((v) => ({ shanten: v, deals: c(r.shanten, v), probability: p(r.shanten, v), standardOnly: p(r.shantenStandard, v), sevenPairsOnly: p(r.shantenSevenPairs, v) }));
}

function startingText(r: StartingHandResult): string {
  const rows = startingRows(r).map((x) => ({ shanten: x.shanten, deals: x.deals, probability: x.probability.toFixed(6), 'standard only': x.standardOnly.toFixed(6), 'seven pairs only': x.sevenPairsOnly.toFixed(6) }));
  return `${r.tiles}-tile starting hands: ${r.deals} deals, exact (${r.classes} suit classes, ${r.seconds.toFixed(2)} s); void chosen after the deal\n` +
    `${textTable(rows)}\nmean shanten ${r.meanShanten.toFixed(4)} · fewest tiles in one suit: ${r.fewestSuitTiles.map((d) => `${d.value}: ${(d.probability * 100).toFixed(2)}%`).join(', ')}`;
}

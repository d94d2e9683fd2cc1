/**
 * Sichuan mahjong's named questions (src/report/question.ts): a hand's waits (or shanten and ranked
 * discards) and the discard advisor's exact odds, asked by `oddsmith mahjong waits` and
 * `mahjong discard` (one hand or a --jsonl batch) and by the workbench's mahjong tab.
 */
import { fmtPct, textTable } from '../../core/format.js';
import { defineQuestion, type Question } from '../../report/question.js';
import { analyze, type WaitsResult } from './exact-waits.js';
import { advise, type AdvisorResult, type Objective } from './exact-advisor.js';
import { Valuer } from './value.js';
import type { HandSpec } from './hand.js';
import type { SichuanRules } from './rules.js';

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

/** one hand valuer per rules object: a --jsonl batch values every line with the same one */
const valuers = new WeakMap<SichuanRules, Valuer>();
function valuerOf(rules: SichuanRules): Valuer {
  let v = valuers.get(rules);
  if (!v) valuers.set(rules, (v = new Valuer(rules)));
  return v;
}

// ---------------------------------------------------------------- waits
export interface WaitsParams { rules: SichuanRules; hand: HandSpec }

export const waits = defineQuestion<WaitsParams, WaitsResult>({
  name: 'waits',
  summary: 'a ready hand\'s winning tiles with live copies, fan and points; otherwise shanten, and for 14 tiles every discard ranked',
  exact: true,
  answer: (p) => analyze(p.hand, p.rules, valuerOf(p.rules)),
  text: (r) => waitsText(r),
  rows: (r) => waitsCsvRows(r),
});

export function adviceText(r: DiscardResult): string {
  const approx = r.discards.some((d) => d.approximate);
  return [
    `hand ${r.hand}${r.melds.length ? ` + ${r.melds.join(', ')}` : ''} · void ${r.void}${r.voidInferred ? ' (inferred)' : ''} · ${r.draws} own draws · best for ${r.objective === 'win' ? 'the chance to win' : 'expected points'}`,
    textTable(r.discards.map((d) => ({
      discard: d.discard, shanten: d.shanten, 'improving tiles': d.improvingTiles,
      'P(ready)': fmtPct(d.pReady, 2), 'P(win)': fmtPct(d.pWin, 2), 'expected points': d.expectedPoints.toFixed(3),
      ...(approx ? { exact: d.approximate ? 'lower bound' : 'exact' } : {}),
    }))),
    `model: ${r.model}`,
  ].join('\n');
}

// ---------------------------------------------------------------- discard
export interface DiscardParams { rules: SichuanRules; hand: HandSpec; draws: number; objective: Objective }
/** the advisor's result without its run time and state count, so that results are identical run to run */
export type DiscardResult = Omit<AdvisorResult, 'seconds' | 'states'>;

export const discard = defineQuestion<DiscardParams, DiscardResult>({
  name: 'discard',
  summary: 'every discard with shanten, live improving tiles and the exact chance to be ready and to win within N own draws, and the expected points',
  exact: true,
  answer: (p) => {
    const { seconds: _s, states: _n, ...r } = advise(p.hand, p.rules, { draws: p.draws, objective: p.objective });
    return r;
  },
  text: (r) => adviceText(r),
  rows: (r) => r.discards.map((d) => ({ ...d, improving: d.improving.join(' '), approximate: String(d.approximate) })),
});

/** Every question of the game, by name (the descriptor's `questions`). */
export const questions: Readonly<Record<string, Question<never, unknown>>> = { waits, discard } as unknown as Record<string, Question<never, unknown>>;

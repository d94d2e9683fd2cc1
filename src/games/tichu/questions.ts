/**
 * Tichu's named questions (src/report/question.ts): the exact deal odds that `oddsmith tichu odds`,
 * the odds report page and the workbench's Tichu tab ask.
 */
import { fmtPct, textTable, type Row } from '../../core/format.js';
import { basisLine } from '../../report/chart-config.js';
import { VL_SCHEMA } from '../../report/vl-schema.js';
import type { Chart, Section } from '../../report/page.js';
import { defineQuestion, type Question } from '../../report/question.js';
import { cardsText } from './cards.js';
import { handOdds, tableFourOfAKind, type HandOddsResult, type OddsLine } from './exact.js';
import { tableBombOdds, TICHU_DECK, type TableBombResult } from './exact-table.js';
import type { TichuRules } from './rules.js';

function oddsRows(r: HandOddsResult) {
  return r.lines.map((l) => ({ event: l.label, fraction: l.fraction, probability: fmtPct(l.probability, 4) }));
}

/** --csv: plain numbers (exact count and total, and the probability as a decimal) */
function oddsCsv(r: HandOddsResult) {
  return r.lines.map((l) => ({ event: l.event, label: l.label, count: l.count, total: l.total, fraction: l.fraction, probability: l.probability }));
}

/** largest minimum straight-flush length for which `odds` computes the table-level any-bomb figure */
export const TABLE_MAX_L = 8;

function formatOdds(r8: HandOddsResult | null, r14: HandOddsResult, table: OddsLine | null, tableBomb: TableBombResult | null): string {
  const out: string[] = [];
  if (r8) out.push(`First 8 cards (exact, counts over C(56,8) = ${BigInt(r8.lines[0].total).toLocaleString('en-US')} hands):`, textTable(oddsRows(r8)), '');
  if (r14.given) out.push(`Full 14 cards given ${r14.given} (exact, the 6 still to come from the 48 unseen: C(48,6) = ${BigInt(r14.lines[0].total).toLocaleString('en-US')}):`);
  else out.push(`Full 14 cards (exact, counts over C(56,14) = ${BigInt(r14.lines[0].total).toLocaleString('en-US')} hands):`);
  out.push(textTable(oddsRows(r14)));
  if (table) {
    out.push('', 'At the table (14 cards each, before passing):');
    out.push(`  some player holds a four of a kind: ${fmtPct(table.probability, 4)} (exact: ${table.fraction})`);
    if (!tableBomb) out.push(`  some player holds any bomb: not computed for minStraightFlush > ${TABLE_MAX_L} (the exact count would take minutes)`);
    else {
      out.push(`  some player holds any bomb: ${fmtPct(tableBomb.probability, 10)} (exact combinatorics to 12 digits, not sampled)`);
      out.push(`  no player holds a bomb:     ${fmtPct(tableBomb.noBomb, 10)} of the ${BigInt(tableBomb.deals).toLocaleString('en-US')} deals`);
    }
  }
  return out.join('\n');
}


// ---------------------------------------------------------------- odds
export interface OddsParams {
  rules: TichuRules;
  /** my cards, sorted (the command line: my first 8; the workbench also 14): odds for my 14 given them */
  given?: readonly number[];
  /** without `given`: also the table-level lines (some player of four holds a four of a kind, any bomb) */
  atTable: boolean;
}

export type AnyBomb = (TableBombResult & { exact: true; method: string }) | { notComputed: string };
export interface OddsResult {
  /** my cards, with `given` */
  given?: string;
  /** the first 8 cards, without `given` */
  eight?: HandOddsResult;
  fourteen: HandOddsResult;
  table?: { fourOfAKind: OddsLine; anyBomb: AnyBomb };
}

const SHORT: Record<string, string> = { anyBomb: 'any bomb', straightFlush: 'straight flush (5+)', twoPlusPower: '2+ of Dragon, Phoenix, aces' };

export const odds = defineQuestion<OddsParams, OddsResult>({
  name: 'odds',
  summary: 'exact deal odds (bombs, specials, k aces) for the first 8 and the full 14 cards, or the 14 given my cards, and at the table',
  exact: true,
  answer: (p) => {
    const L = p.rules.minStraightFlush;
    if (p.given) return { given: cardsText(p.given), fourteen: handOdds(14, p.given, L) };
    const r8 = handOdds(8, [], L), r14 = handOdds(14, [], L);
    if (!p.atTable) return { eight: r8, fourteen: r14 };
    const fourOfAKind = tableFourOfAKind();
    // the DP's state grows as (4·(L−1))^4/24: beyond L = TABLE_MAX_L it takes from seconds to minutes
    const tb = L <= TABLE_MAX_L ? tableBombOdds({ ...TICHU_DECK, minStraightFlush: L }) : null;
    const anyBomb: AnyBomb = tb ? { ...tb, exact: true, method: 'DP over ranks (suit runs as a multiset) with a discrete Fourier transform in the hand sizes; a double, ~12 significant digits' } : { notComputed: `minStraightFlush ${L} > ${TABLE_MAX_L}` };
    return { eight: r8, fourteen: r14, table: { fourOfAKind, anyBomb } };
  },
  text: (r) => formatOdds(r.eight ?? null, r.fourteen, r.table?.fourOfAKind ?? null, r.table ? tableBombOf(r.table.anyBomb) : null),
  rows: (r) => oddsCsv(r.fourteen),
  // the odds page: the 8- and 14-card chart and table, then the table-level lines (needs eight and table)
  sections: (r, p): Section[] => {
    const r8 = r.eight!, r14 = r.fourteen, t = r.table!.fourOfAKind, tb = tableBombOf(r.table!.anyBomb);
    const rows: Row[] = r8.lines.map((l, i) => ({ event: l.label, '8 cards (fraction)': l.fraction, '8 cards': fmtPct(l.probability, 4), '14 cards (fraction)': r14.lines[i].fraction, '14 cards': fmtPct(r14.lines[i].probability, 4) }));
    const chartRows: Row[] = [];
    for (const [n, h] of [[8, r8], [14, r14]] as const) for (const l of h.lines) chartRows.push({ event: SHORT[l.event] ?? l.label, cards: `${n} cards`, probability: l.probability });
    const chart: Chart = {
      name: 'deal-odds',
      title: 'Exact deal odds, first 8 and full 14 cards',
      caption: 'Every bar is an exact fraction (counts over C(56,8) and C(56,14), by a dynamic programme over ranks and per-suit runs), not a sample.',
      rows: chartRows,
      basis: basisLine({ exact: 'every hand counted, over C(56,8) and C(56,14); nothing sampled' }),
      spec: {
        $schema: VL_SCHEMA,
        title: { text: 'Chance of holding … in your first 8 / all 14 cards' },
        data: { values: chartRows },
        width: 460, height: 360,
        mark: 'bar',
        encoding: {
          y: { field: 'event', type: 'nominal', sort: null, title: null, axis: { labelLimit: 320 } },
          yOffset: { field: 'cards' },
          x: { field: 'probability', type: 'quantitative', title: 'probability (%)', axis: { format: '.0%' } },
          color: { field: 'cards', type: 'nominal', title: null },
        },
      },
    };
    return [
      { heading: 'Deal odds', charts: [chart], figures: {}, table: { rows, caption: 'Exact fractions and decimals.' } },
      {
        heading: 'At the table (14 cards each, before passing)',
        table: {
          rows: [
            { event: 'some player holds a four of a kind', probability: fmtPct(t.probability, 6), how: `exact fraction ${t.fraction}` },
            { event: `some player holds any bomb (straight flush ≥ ${p.rules.minStraightFlush})`, probability: tb ? fmtPct(tb.probability, 10) : '-', how: tb ? 'exact combinatorics (double, ~12 significant digits)' : 'not computed for minStraightFlush > 8' },
          ],
          caption: 'Computed, not sampled: the four-of-a-kind line by a BigInt DP over ranks and card counts; the any-bomb line by a DP over ranks and suit runs with a discrete Fourier transform in the hand sizes (checked against the exact BigInt count with straight flushes switched off, against every deal of small decks, and against 10^5 dealt tables).',
        },
      },
    ];
  },
});

/** The any-bomb count of a result, or null where it was not computed. */
export function tableBombOf(b: AnyBomb): TableBombResult | null {
  return 'notComputed' in b ? null : b;
}

/** Every question of the game, by name (the descriptor's `questions`). */
export const questions: Readonly<Record<string, Question<never, unknown>>> = { odds } as unknown as Record<string, Question<never, unknown>>;

/** Text output shared by every game: aligned tables and number formats, written once. */

/** A table row: column name → cell (also what CSV and report tables take). */
export type Row = Record<string, string | number | boolean | null | undefined>;

/** A plain aligned text table: first column left-aligned, the rest right-aligned. */
export function textTable(rows: readonly Row[]): string {
  if (!rows.length) return '(none)';
  const cols = Object.keys(rows[0]);
  const cells = [cols, ...rows.map((r) => cols.map((c) => String(r[c] ?? '')))];
  const widths = cols.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  return cells.map((r, j) => r.map((c, i) => (i === 0 || j === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ').trimEnd()).join('\n');
}

/** 0.1234 → "12.34%"; not-a-number → "-". */
export function fmtPct(p: number, digits = 2): string {
  return Number.isFinite(p) ? `${(p * 100).toFixed(digits)}%` : '-';
}

/** A number with thousands separators and exactly `digits` decimals: 3713.6 → "3,713.60". */
export function fmtNum(x: number, digits = 1): string {
  return x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** A 95% interval of proportions in percent: [0.12, 0.14] → "[12.0, 14.0]". */
export function fmtPctCi(ci: readonly [number, number] | readonly number[], digits = 1): string {
  return `[${(ci[0] * 100).toFixed(digits)}, ${(ci[1] * 100).toFixed(digits)}]`;
}

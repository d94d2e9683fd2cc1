/** Text output shared by every game: aligned tables and number formats, written once. */

/** A table row: column name → cell (also what CSV and report tables take). */
export type Row = Record<string, string | number | boolean | null | undefined>;

/** The width every text output fits (issue 15): tables split into column blocks, prose wraps. */
export const TEXT_WIDTH = 100;

export interface TextTableOptions {
  /** Leading key columns: left-aligned and repeated in every block of a split table (default 1). */
  keys?: number;
  /** Widest line allowed (default TEXT_WIDTH); a wider table is split into column blocks. */
  width?: number;
  /** Print the header line (default true). */
  header?: boolean;
}

/**
 * A plain aligned text table: key columns left-aligned, the rest right-aligned. A table wider than
 * `width` is printed as blocks of columns, each starting with the key columns and separated by an
 * empty line (the way R prints a wide data frame): every figure stays in the text, and --csv or
 * --json still give the table in one piece.
 */
export function textTable(rows: readonly Row[], opts: TextTableOptions = {}): string {
  if (!rows.length) return '(none)';
  const { keys = 1, width = TEXT_WIDTH, header = true } = opts;
  const cols = Object.keys(rows[0]);
  const cells = [cols, ...rows.map((r) => cols.map((c) => String(r[c] ?? '')))];
  const widths = cols.map((_, i) => Math.max(...cells.slice(header ? 0 : 1).map((r) => [...r[i]].length)));
  const nKeys = Math.min(keys, cols.length);
  const blocks: number[][] = [];
  const keyWidth = widths.slice(0, nKeys).reduce((a, w) => a + w + 2, 0);
  let block: number[] = [];
  let used = keyWidth;
  for (let i = nKeys; i < cols.length; i++) {
    if (block.length && used + widths[i] > width) {
      blocks.push(block);
      block = [];
      used = keyWidth;
    }
    block.push(i);
    used += widths[i] + 2;
  }
  if (block.length || !blocks.length) blocks.push(block);
  const pad = (c: string, w: number, left: boolean) => {
    const fill = ' '.repeat(Math.max(0, w - [...c].length));
    return left ? c + fill : fill + c;
  };
  const key = [...Array(nKeys).keys()];
  return blocks
    .map((b) =>
      cells
        .slice(header ? 0 : 1)
        .map((r, j) => [...key, ...b].map((i) => pad(r[i], widths[i], i < nKeys || (header && j === 0))).join('  ').trimEnd())
        .join('\n'),
    )
    .join('\n\n');
}

/** A paragraph broken at spaces into lines of at most `width` columns (no indent). */
export function wrapWords(text: string, width = TEXT_WIDTH): string {
  const lines: string[] = [];
  let line = '';
  for (const w of text.split(' ')) {
    if (line && line.length + 1 + w.length > width) {
      lines.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  return [...lines, line].join('\n');
}

/**
 * Wrap every line wider than `width` (tables made by textTable already fit): at a top-level
 * " · ", then "; ", then ", ", then any space — never inside brackets when a break outside exists.
 * Continuation lines keep the line's indent plus two spaces.
 */
export function fitText(text: string, width = TEXT_WIDTH): string {
  return text
    .split('\n')
    .flatMap((line) => wrapLine(line, width))
    .join('\n');
}

function wrapLine(line: string, width: number): string[] {
  if ([...line].length <= width) return [line];
  const indent = /^ */.exec(line)![0];
  const out: string[] = [];
  let rest = line;
  let prefix = '';
  while ([...prefix + rest].length > width) {
    const room = width - prefix.length;
    const cut = breakAt(rest, room);
    if (cut === null) break;
    out.push(prefix + rest.slice(0, cut.end).trimEnd());
    rest = rest.slice(cut.next);
    prefix = indent + '  ';
  }
  out.push(prefix + rest);
  return out;
}

/** The best place to break `s` so that its first part is at most `room` characters. */
function breakAt(s: string, room: number): { end: number; next: number } | null {
  const separators = [' · ', '; ', ', ', ' '];
  const depthAt: number[] = [];
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    if ('([{'.includes(s[i])) depth++;
    else if (')]}'.includes(s[i])) depth = Math.max(0, depth - 1);
    depthAt.push(depth);
  }
  const minEnd = Math.floor(room / 3); // never leave a stub line…
  const minRest = 12; // …before or after the break, while another break will do
  for (const pass of [0, 1, 2]) {
    for (const sep of separators) {
      for (let i = Math.min(room, s.length) - 1; i >= minEnd; i--) {
        if (!s.startsWith(sep, i) || (pass === 0 && depthAt[i] > 0)) continue;
        if (pass < 2 && s.length - i - sep.length < minRest) continue;
        // keep the separator's mark (·, ;, ,) at the end of the broken line
        const end = sep === ' ' ? i : i + sep.trimEnd().length;
        if (end > room) continue;
        return { end, next: i + sep.length };
      }
    }
  }
  return null;
}

/** 0.1234 → "12.34%"; not-a-number → "-". */
export function fmtPct(p: number, digits = 2): string {
  return Number.isFinite(p) ? `${(p * 100).toFixed(digits)}%` : '-';
}

/**
 * A number with thousands separators and exactly `digits` decimals: 3713.6 → "3,713.60"; a value
 * that rounds to zero prints without a sign. The one number format of the CLI, the report pages
 * and the workbench (its trainer says "1,655.7" where `wulong grade` does).
 */
export function fmtNum(x: number, digits = 1): string {
  return x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }).replace(/^-(0\.?0*)$/, '$1');
}

/** A 95% interval of proportions in percent: [0.12, 0.14] → "[12.0, 14.0]". */
export function fmtPctCi(ci: readonly [number, number] | readonly number[], digits = 1): string {
  return `[${(ci[0] * 100).toFixed(digits)}, ${(ci[1] * 100).toFixed(digits)}]`;
}

/**
 * A one-line progress display on stderr, drawn when stderr is a terminal and not --quiet (when it
 * is not, a CI log, a plain line every 30 s instead, so a long command shows it is alive):
 * label in words, done/total with units, percent, rate and ETA, and a bar when there is room. The
 * line never exceeds the terminal's width (it would wrap and flood), and it redraws itself every
 * half second so that a long single shard still shows its elapsed time.
 */
export type ProgressBar = ((done: number, of: number) => void) & { end(): void };

export interface ProgressOptions {
  /** what is counted: "turns", "games" (default: none, plain counts) */
  unit?: string;
  /** where to draw (default process.stderr) */
  stream?: NodeJS.WriteStream;
}

const active = new Set<() => void>();

/** How often a long command says it is alive when stderr is a log, not a terminal. */
export const LOG_EVERY_MS = 30_000;
/** A log line's width (text outputs stay under 100 columns). */
const LOG_WIDTH = 99;

/**
 * For a long computation that reports no counts (a solve): `say(line)` writes the line to stderr at
 * most every LOG_EVERY_MS when stderr is a log; nothing on a terminal (it draws its own line) or
 * with --quiet. Call it as often as convenient.
 */
export function logEvery(quiet: boolean, stream: NodeJS.WriteStream = process.stderr, everyMs = LOG_EVERY_MS): (line: () => string) => void {
  if (quiet || stream.isTTY === true) return () => {};
  let last = Date.now();
  return (line) => {
    if (Date.now() - last < everyMs) return;
    last = Date.now();
    stream.write(`${line()}\n`);
  };
}

/** Erase every progress line being drawn (before printing an "interrupted" line). */
export function clearProgress(): void {
  for (const clear of active) clear();
}

/** 1234 → "1,234"; 12_345_678 → "12.3M": counts that stay short. */
export function compactCount(n: number): string {
  if (!Number.isFinite(n)) return '?';
  const a = Math.abs(n);
  if (a < 100_000) return Math.round(n).toLocaleString('en-US');
  for (const [v, s] of [[1e12, 'T'], [1e9, 'G'], [1e6, 'M'], [1e3, 'k']] as const) {
    if (a >= v) return `${(n / v).toFixed(n / v >= 100 ? 0 : 1)}${s}`;
  }
  return String(n);
}

/** Seconds → "42s", "3m05s", "2h07m". */
export function duration(s: number): string {
  if (!Number.isFinite(s) || s < 0) return '?';
  if (s < 60) return `${Math.round(s)}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(Math.round(s % 60)).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}

/**
 * The text of one progress line, at most `width` characters: the parts that matter most stay when
 * the terminal is narrow (label, done/total and percent first; the bar goes first).
 */
export function progressLine(label: string, unit: string, done: number, of: number, elapsed: number, width: number): string {
  const frac = of > 0 ? Math.min(1, done / of) : 0;
  const u = unit ? ` ${unit}` : '';
  const pct = `${Math.floor(frac * 100)}%`;
  const perSec = done > 0 && elapsed > 0 ? compactCount(done / elapsed) : '';
  const eta = done > 0 && done < of ? `ETA ${duration((elapsed * (of - done)) / done)}` : `${duration(elapsed)} elapsed`;
  const counts = `${compactCount(done)}/${compactCount(of)}`;
  // from the most to the least said; the first that fits wins
  // nothing done yet (one long shard): how much is being done and for how long
  const waiting = done === 0 ? [[`${compactCount(of)}${u}`, eta], [compactCount(of), eta]] : [];
  const variants: string[][] = [
    ...waiting,
    [`${counts}${u}`, pct, perSec && `${perSec}${u}/s`, eta],
    [counts, pct, perSec && `${perSec}/s`, eta],
    [counts, pct, eta],
    [counts, pct],
  ];
  for (const [i, parts] of variants.entries()) {
    const sepr = i === 0 ? '  ' : ' ';
    const tail = parts.filter(Boolean).join(sepr);
    const room = width - label.length - tail.length - 2 * sepr.length;
    if (room < -sepr.length) continue;
    // a bar of what room is left, at most 24 wide, only when it can be at least 8
    const barWidth = Math.min(24, room - 2);
    if (i === 0 && barWidth >= 8) {
      const filled = Math.round(frac * barWidth);
      return `${label}${sepr}[${'#'.repeat(filled)}${'.'.repeat(barWidth - filled)}]${sepr}${tail}`;
    }
    return `${label}${sepr}${tail}`;
  }
  const tail = variants[variants.length - 1].join(' ');
  const room = width - tail.length - 1;
  if (room >= 4) return `${label.slice(0, room - 1)}… ${tail}`;
  return tail.slice(0, Math.max(0, width));
}

/** A progress display for `label` (words, e.g. "Wulong turns"); call it with (done, of), then end(). */
export function progressBar(label: string, quiet = false, opts: ProgressOptions = {}): ProgressBar {
  const stream = opts.stream ?? process.stderr;
  const enabled = !quiet && stream.isTTY === true;
  const start = Date.now();
  let done = 0;
  let of = 0;
  let last = 0;
  let drawn = false;
  const draw = () => {
    // one column short of the width: a line exactly as wide as the terminal wraps on some terminals
    const width = Math.max(10, (stream.columns || 80) - 1);
    stream.write(`\r${progressLine(label, opts.unit ?? '', done, of, (Date.now() - start) / 1000, width)}\x1b[K`);
    drawn = true;
    last = Date.now();
  };
  const clear = () => {
    if (drawn) stream.write('\r\x1b[K');
    drawn = false;
  };
  // a log (not a terminal): a whole line every LOG_EVERY_MS, from the timer when the thread is free
  // and from the ticks when in-thread shards keep it busy
  const logging = !quiet && !enabled;
  if (logging) last = start;
  const logLine = () => {
    stream.write(`${progressLine(label, opts.unit ?? '', done, of, (Date.now() - start) / 1000, LOG_WIDTH)}\n`);
    last = Date.now();
  };
  const timer = enabled ? setInterval(draw, 500) : logging ? setInterval(() => Date.now() - last >= LOG_EVERY_MS && logLine(), LOG_EVERY_MS / 6) : undefined;
  timer?.unref();
  if (enabled) active.add(clear);
  const tick = (d: number, o: number) => {
    done = d;
    of = o;
    if (enabled && (Date.now() - last >= 100 || d >= o)) draw();
    else if (logging && Date.now() - last >= LOG_EVERY_MS) logLine();
  };
  return Object.assign(tick, {
    end() {
      clearInterval(timer);
      if (!enabled) return;
      clear();
      active.delete(clear);
    },
  });
}

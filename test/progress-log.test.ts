import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOG_EVERY_MS, logEvery, progressBar } from '../src/core/progress.js';

/** A stderr that is a log (not a terminal), recording what is written. */
function logStream(tty = false) {
  const lines: string[] = [];
  return { lines, stream: { isTTY: tty, columns: 80, write: (s: string) => lines.push(s) } as unknown as NodeJS.WriteStream };
}

describe('progress in a CI log: a whole line at least every 30 s', () => {
  afterEach(() => vi.useRealTimers());

  it('progressBar: nothing for the first 30 s, then one line a period, from the timer while nothing ticks', () => {
    vi.useFakeTimers();
    const { lines, stream } = logStream();
    const bar = progressBar('Wulong games', false, { unit: 'games', stream });
    bar(10, 100);
    vi.advanceTimersByTime(LOG_EVERY_MS - 1000);
    expect(lines).toEqual([]);
    vi.advanceTimersByTime(6000);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Wulong games .*10\/100 games .*10%.*\n$/);
    expect(lines[0].length).toBeLessThan(100);
    vi.advanceTimersByTime(LOG_EVERY_MS);
    expect(lines).toHaveLength(2);
    bar.end();
    vi.advanceTimersByTime(5 * LOG_EVERY_MS);
    expect(lines).toHaveLength(2);
  });

  it('progressBar: a busy thread (no timers) still writes from its ticks; --quiet writes nothing', () => {
    vi.useFakeTimers();
    const { lines, stream } = logStream();
    const bar = progressBar('Dracula games', false, { stream });
    vi.setSystemTime(Date.now() + LOG_EVERY_MS + 1);
    bar(5, 10);
    expect(lines).toHaveLength(1);
    bar.end();
    const quiet = logStream();
    const q = progressBar('x', true, { stream: quiet.stream });
    vi.advanceTimersByTime(3 * LOG_EVERY_MS);
    q(1, 2);
    q.end();
    expect(quiet.lines).toEqual([]);
  });

  it('logEvery: at most a line a period in a log; never on a terminal or with --quiet', () => {
    vi.useFakeTimers();
    const log = logStream();
    const say = logEvery(false, log.stream);
    say(() => 'a');
    vi.setSystemTime(Date.now() + LOG_EVERY_MS);
    say(() => 'b');
    say(() => 'c');
    expect(log.lines).toEqual(['b\n']);
    const tty = logStream(true);
    const onTerminal = logEvery(false, tty.stream);
    vi.setSystemTime(Date.now() + LOG_EVERY_MS);
    onTerminal(() => 'x');
    logEvery(true, log.stream)(() => 'y');
    expect(tty.lines).toEqual([]);
    expect(log.lines).toEqual(['b\n']);
  });
});

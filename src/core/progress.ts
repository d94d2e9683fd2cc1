/** A progress bar with ETA on stderr, shown only when stderr is a terminal and not --quiet. */
export function progressBar(label: string, quiet = false): ((done: number, of: number) => void) & { end(): void } {
  const enabled = !quiet && process.stderr.isTTY === true;
  const start = Date.now();
  const tick = (done: number, of: number) => {
    if (!enabled) return;
    const frac = of > 0 ? done / of : 1;
    const width = 30;
    const filled = Math.round(frac * width);
    const elapsed = (Date.now() - start) / 1000;
    const eta = frac > 0 ? elapsed * (1 / frac - 1) : NaN;
    process.stderr.write(`\r${label} [${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${(frac * 100).toFixed(0).padStart(3)}%  ETA ${Number.isFinite(eta) ? eta.toFixed(1) + 's' : '?'}   `);
  };
  return Object.assign(tick, {
    end() {
      if (enabled) process.stderr.write('\r' + ' '.repeat(70) + '\r');
    },
  });
}

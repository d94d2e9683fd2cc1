/**
 * The default player of the analyses that play positions out (`tichu grand`, `dracula sweep`,
 * `mahjong compare`, …): the strongest player its game's ladder rates (`<game> ladder`), named with
 * its rating in the output, so a reader knows at what strength the answer was measured. The ratings
 * are the committed ladder's (reports/<game>/ladder-ratings.csv); test/default-players.test.ts
 * checks every declaration against that file, so a new ladder that changes the order fails it.
 */

/** A default player and its ladder rating (Elo over the uniform player, 95% interval). */
export interface LadderDefault {
  /** the game's id (its ladder's folder under reports/) */
  game: string;
  /** the player's spec in the ladder, and the spec the command plays it as */
  spec: string;
  elo: number;
  low: number;
  high: number;
  /**
   * where the command plays a weaker player than the ladder's strongest (the strongest is far
   * slower), that player, named in the output with the reason
   */
  strongest?: { spec: string; elo: number; low: number; high: number; why: string };
}

const rating = (r: { elo: number; low: number; high: number }) => `${r.elo >= 0 ? '+' : ''}${r.elo} Elo over uniform [${r.low}, ${r.high}]`;

/** One line (or two) for the text output: which player, its rating, and how to choose others. */
export function defaultPlayerNote(d: LadderDefault, option = '--strategies'): string {
  const lines = [`players: ${d.spec} — the ${d.game} ladder's strongest${d.strongest ? ' usable' : ''}: ${rating(d)}`];
  if (d.strongest) lines.push(`  (${d.strongest.spec}: ${rating(d.strongest)}, but ${d.strongest.why})`);
  lines.push(`  (${option} for others)`);
  return lines.join('\n');
}

/**
 * Print the note before the results, with text output only, when the default was used. On stderr,
 * as progress is: the results on stdout stay what `oddsmith merge` of a run's parts prints.
 */
export function printDefaultPlayerNote(d: LadderDefault, used: boolean, opts: { json?: boolean; csv?: boolean }, option?: string): void {
  if (used && !opts.json && !opts.csv) console.error(defaultPlayerNote(d, option));
}

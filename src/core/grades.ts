/**
 * A session of graded decisions (`wulong grade`, `liars grade` and the workbench trainer): how many,
 * how many optimal, the total loss and the worst mistakes, whatever the game's unit of loss.
 */
export interface SessionSummary {
  decisions: number;
  optimal: number;
  totalLoss: number;
  /** the largest losses of the choices not optimal, largest first (at most 3), as indexes into the grades */
  worst: number[];
}

/** Any graded decisions: how many, how many optimal, the loss, the worst. */
export function summarize(grades: readonly { loss: number; optimal: boolean }[]): SessionSummary {
  const worst = grades.map((g, i) => [g.loss, i] as const).filter(([l, i]) => l > 0 && !grades[i].optimal).sort((x, y) => y[0] - x[0] || x[1] - y[1]).slice(0, 3).map(([, i]) => i);
  return { decisions: grades.length, optimal: grades.filter((g) => g.optimal).length, totalLoss: grades.reduce((s, g) => s + g.loss, 0), worst };
}


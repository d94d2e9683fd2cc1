import { f } from '../../bench/timing.js';
import { solve, type SolveOptions } from './exact-cfr.js';

/**
 * `npm run bench -- liars-frontier`: the solver against every published exact value at full size
 * (six faces), with time and memory. snyd's README (github.com/thomasahle/snyd) tables for its
 * "normal" rules — no wild face, our `plain` variant — and OpenSpiel's liars_dice 1v1 value. A
 * published value is met when it lies in the bracket the best responses give, −br1 ≤ v ≤ br0.
 * Measured and printed, never asserted; the small sizes are tests (liars-dice-published.test.ts).
 */
interface Published {
  solve: SolveOptions;
  /**
   * the value as printed, and the interval it stands for: "0.275.." read as rounded to three
   * decimals, [0.2745, 0.2755] — a truncation, [0.275, 0.276), is refuted by pcfr+last's bracket
   * [0.274805, 0.274809] (exploitability 2.1e-6, docs/liars-dice.md)
   */
  printed: string;
  low: number;
  high: number;
  source: string;
}

const exact = (printed: string, v: number, source: string, s: SolveOptions): Published => ({ solve: s, printed, low: v, high: v, source });

export const PUBLISHED: Published[] = [
  exact('-7/258', -7 / 258, 'OpenSpiel', { variant: 'openspiel', dice: [1, 1], sides: 6, target: 1e-6, maxIterations: 1e6 }),
  exact('-1/9', -1 / 9, 'snyd', { variant: 'plain', dice: [1, 1], sides: 6, target: 1e-6, maxIterations: 1e6 }),
  exact('2128/8375', 2128 / 8375, 'snyd', { variant: 'plain', dice: [2, 1], sides: 5, target: 1e-5, maxIterations: 1e6 }),
  exact('-27/125', -27 / 125, 'snyd', { variant: 'plain', dice: [1, 2], sides: 5, target: 1e-5, maxIterations: 1e6 }),
  { solve: { variant: 'plain', dice: [2, 1], sides: 6, target: 1e-3, maxIterations: 1e6 }, printed: '0.275..', low: 0.2745, high: 0.2755, source: 'snyd' },
  exact('-22/81', -22 / 81, 'snyd', { variant: 'plain', dice: [1, 2], sides: 6, target: 1e-3, maxIterations: 1e6 }),
];

export async function bench(log: (line: string) => void): Promise<void> {
  log('published exact values (snyd: no wild face = plain; OpenSpiel liars_dice) against CFR+ brackets −br1 ≤ v ≤ br0:');
  for (const p of PUBLISHED) {
    const c = p.solve;
    const cpu0 = process.cpuUsage();
    const { result: r } = solve(c);
    const cpu = process.cpuUsage(cpu0);
    const lo = -r.br1, hi = r.br0;
    const met = lo <= p.high && hi >= p.low;
    log(`  ${c.variant} ${c.dice.join('v')} ${c.sides} faces, ${p.source} ${p.printed}: value ${r.value0.toFixed(7)} in [${lo.toFixed(7)}, ${hi.toFixed(7)}] ${met ? 'contains it' : 'MISSES it'}; exploitability ${r.exploitability.toExponential(2)} (target ${c.target}) after ${r.iterations} iterations, ${f(r.seconds, 1)} s wall, ${f((cpu.user + cpu.system) / 1e6, 1)} s CPU, peak RSS ${f(process.resourceUsage().maxRSS / 1024)} MB`);
  }
}

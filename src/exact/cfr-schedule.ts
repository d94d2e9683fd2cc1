/**
 * The regret updates of both CFR solvers, the Liar's Dice solver (src/games/liars-dice/exact-cfr.ts,
 * its `--algorithm`) and the generic one (src/exact/cfr.ts): `cfr+` (regret matching+, linear
 * averaging: the default, its outputs unchanged), `pcfr+` (predictive regret matching+ with the last
 * instantaneous regret as prediction, alternating updates, quadratic averaging; Farina, Kroer &
 * Sandholm 2021), `dcfr` (discounted CFR, α = 1.5, β = 0, γ = 2; Brown & Sandholm 2019) or
 * `pcfr+last` (pcfr+ with averages weighted t⁵, each player's solved strategy the better of its
 * average and its last iterate: measured the fastest to small exploitabilities on 2v1 and 1v2,
 * docs/liars-dice.md). Imports nothing: the workbench bundles it with either solver.
 */
export type Algorithm = 'cfr+' | 'pcfr+' | 'dcfr' | 'pcfr+last';
export const ALGORITHMS: readonly Algorithm[] = ['cfr+', 'pcfr+', 'dcfr', 'pcfr+last'];

/**
 * What an algorithm does with regrets and averages: regrets clipped at 0 after each update (regret
 * matching+) or signed; the regrets accumulated before iteration t are discounted, positive ones by
 * (t−1)^α / ((t−1)^α + 1) and negative ones by (t−1)^β / ((t−1)^β + 1) (α = ∞: no discount);
 * `predict`: strategies from regrets plus the last instantaneous regret; iteration t's strategy
 * enters the average with weight t^γ. `lastIterate`: each player's solved strategy is the better of
 * its average and its current one.
 */
export interface Schedule {
  clip: boolean;
  predict: boolean;
  alpha: number;
  beta: number;
  gamma: number;
  lastIterate: boolean;
}

export const SCHEDULES: Readonly<Record<Algorithm, Schedule>> = {
  'cfr+': { clip: true, predict: false, alpha: Infinity, beta: Infinity, gamma: 1, lastIterate: false },
  'pcfr+': { clip: true, predict: true, alpha: Infinity, beta: Infinity, gamma: 2, lastIterate: false },
  dcfr: { clip: false, predict: false, alpha: 1.5, beta: 0, gamma: 2, lastIterate: false },
  'pcfr+last': { clip: true, predict: true, alpha: Infinity, beta: Infinity, gamma: 5, lastIterate: true },
};
